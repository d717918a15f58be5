import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { Decider } from '../shared/decider.js';

/**
 * The screening of one list version's delta against the monitored customers (screening.md
 * section 6), on its own stream `monitoring-<version_id>`: where it got to (a keyset cursor over
 * the customers, newest first), so a crash resumes after the last page recorded, and what it
 * did, for an auditor. Alerts themselves are raised on the customers' streams, idempotently: a
 * page screened again after a crash raises nothing twice.
 */
const Cursor = t.intersection([
  t.type({ created_at: t.string, id: t.string }),
  /** the pass it is in: absent for the monitored customers, `aprovado` for the active ones a freeze list reaches after them (issue 29) */
  t.partial({ status: t.literal('aprovado') }),
]);
export type SweepCursor = t.TypeOf<typeof Cursor>;

const Counts = { screened: t.number, alerts: t.number };

export const MonitoringSweepStarted = t.type({
  type: t.literal('MonitoringSweepStarted'),
  data: t.type({
    list_id: t.string,
    version_id: t.string,
    /** the customers screened: every tenant's, or one tenant's for its own list */
    tenant_id: t.union([t.string, t.null]),
    delta: t.type({ added: t.number, changed: t.number, removed: t.number }),
    delisted: t.number,
    started_at: t.string,
  }),
});
export const MonitoringSweepProgressed = t.type({
  type: t.literal('MonitoringSweepProgressed'),
  data: t.type({ version_id: t.string, cursor: Cursor, ...Counts, at: t.string }),
});
export const MonitoringSweepCompleted = t.type({
  type: t.literal('MonitoringSweepCompleted'),
  data: t.type({ version_id: t.string, ...Counts, completed_at: t.string }),
});
export const MonitoringSweepEvent = t.union([MonitoringSweepStarted, MonitoringSweepProgressed, MonitoringSweepCompleted]);
export type MonitoringSweepEvent = t.TypeOf<typeof MonitoringSweepEvent>;

export const sweepStream = (sweepId: string): string => `monitoring-${sweepId}`;

/** One `ListVersionImported` of a list, in the order of the list's stream. */
export interface VersionImport {
  version_id: string;
  /** the event's global position: what tells two imports of one version apart */
  position: number;
}

/**
 * Which sweep screens the import at `position`, and the import its delta is taken against. A
 * version id is derived from the version's content, so a list back to an earlier content (an
 * entry listed, then delisted) imports the same version id again: each import is a sweep of its
 * own, against the import just before it. The first import of a version keeps the version id as
 * its sweep id (the streams recorded before re-imports were told apart keep their names); the
 * n-th is `<version_id>.<n>`. Null when no import is at that position.
 */
export function sweepOf(imports: readonly VersionImport[], position: number): { sweep_id: string; current: VersionImport; previous: VersionImport | null } | null {
  const at = imports.findIndex((i) => i.position === position);
  if (at < 0) return null;
  const current = imports[at]!;
  const earlier = imports.slice(0, at).filter((i) => i.version_id === current.version_id).length;
  return { sweep_id: earlier === 0 ? current.version_id : `${current.version_id}.${earlier + 1}`, current, previous: at > 0 ? imports[at - 1]! : null };
}

export interface SweepState {
  status: 'none' | 'running' | 'completed';
  cursor: SweepCursor | null;
  screened: number;
  alerts: number;
}

export type SweepCommand =
  | { type: 'Start'; list_id: string; version_id: string; tenant_id: string | null; delta: { added: number; changed: number; removed: number }; delisted: number; now: string }
  /** a page of customers screened: the cursor is its last customer, the counts are the page's */
  | { type: 'Progress'; version_id: string; cursor: SweepCursor; screened: number; alerts: number; now: string }
  | { type: 'Complete'; version_id: string; now: string };

const pass = (c: SweepCursor) => (c.status === 'aprovado' ? 1 : 0);
/** Pages go newest first within a pass, the active customers' pass after the monitored ones': a page's cursor is past every one recorded before it. */
const olderThan = (a: SweepCursor, b: SweepCursor | null) =>
  b === null || pass(a) > pass(b) || (pass(a) === pass(b) && (a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id)));

export const sweepDecider: Decider<SweepCommand, SweepState, MonitoringSweepEvent> = {
  initialState: { status: 'none', cursor: null, screened: 0, alerts: 0 },
  codec: MonitoringSweepEvent,
  decide(command, state) {
    switch (command.type) {
      case 'Start': {
        if (state.status !== 'none') return E.right([]);
        const { type: _type, now, ...data } = command;
        return E.right([{ type: 'MonitoringSweepStarted', data: { ...data, started_at: now } }]);
      }
      case 'Progress':
        // a page recorded twice (a retried append, or a second instance that took over an expired
        // lease and screened pages already recorded) counts once
        if (state.status !== 'running' || !olderThan(command.cursor, state.cursor)) return E.right([]);
        return E.right([{ type: 'MonitoringSweepProgressed', data: { version_id: command.version_id, cursor: command.cursor, screened: command.screened, alerts: command.alerts, at: command.now } }]);
      case 'Complete':
        if (state.status !== 'running') return E.right([]);
        return E.right([{ type: 'MonitoringSweepCompleted', data: { version_id: command.version_id, screened: state.screened, alerts: state.alerts, completed_at: command.now } }]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MonitoringSweepStarted':
        return { ...state, status: 'running' };
      case 'MonitoringSweepProgressed':
        return { ...state, cursor: event.data.cursor, screened: state.screened + event.data.screened, alerts: state.alerts + event.data.alerts };
      case 'MonitoringSweepCompleted':
        return { ...state, status: 'completed' };
      default:
        return state;
    }
  },
};
