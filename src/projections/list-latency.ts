import type * as t from 'io-ts';
import type { StoredEvent } from '../adapters/event-store/event-log.js';
import { MonitoringAlertRaised } from '../domain/customer/events.js';
import { ListVersionImported, versionFetchedAt, versionPublishedAt } from '../domain/list/events.js';
import { MonitoringSweepCompleted, MonitoringSweepProgressed, MonitoringSweepStarted } from '../domain/monitoring/sweep.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

type Of<C extends t.Mixed> = StoredEvent & t.TypeOf<C>;
type SweepEvent = Of<typeof MonitoringSweepStarted> | Of<typeof MonitoringSweepProgressed> | Of<typeof MonitoringSweepCompleted>;

/**
 * One import of a list version and what followed it: the evidence of "sem demora" (issue 29).
 * Times are ISO strings, null where nothing dates them (a file without a publication date, an
 * upload that was not fetched, a sweep not finished, no alert raised).
 */
export interface VersionImportTimes {
  /** the import's global position: the sweeps of one version's imports are told apart by it */
  position: number;
  published_at: string | null;
  fetched_at: string | null;
  imported_at: string;
  /** the delta indexed: the earliest an alert of the sweep says it was */
  indexed_at: string | null;
  sweep_started_at: string | null;
  sweep_completed_at: string | null;
  customers_screened: number;
  alerts_raised: number;
  freeze_alerts: number;
  first_alert_at: string | null;
}

/** A list version (`version_id` is derived from the list and its content), newest import first when listed. */
export interface ListLatencyDoc extends Record<string, unknown> {
  list_id: string;
  version_id: string;
  /** the latest import's time: the order of the list's versions */
  created_at: string;
  /** every import of this content, oldest first: a list back to an earlier content imports it again */
  imports: VersionImportTimes[];
}

export const LIST_LATENCY = 'list_latency';

const isImported = isEventOf(ListVersionImported);
const isSweep = isEventOf(MonitoringSweepStarted, MonitoringSweepProgressed, MonitoringSweepCompleted);
const isRaised = isEventOf(MonitoringAlertRaised);

/** `monitoring-<version>` is the first import's sweep, `monitoring-<version>.<n>` the n-th's (domain/monitoring/sweep.ts sweepOf). */
export function sweepImportIndex(stream: string, versionId: string): number | null {
  const sweepId = stream.startsWith('monitoring-') ? stream.slice('monitoring-'.length) : null;
  if (sweepId === versionId) return 0;
  const n = sweepId?.startsWith(`${versionId}.`) ? Number(sweepId.slice(versionId.length + 1)) : NaN;
  return Number.isInteger(n) && n >= 2 ? n - 1 : null;
}

const earliest = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a <= b ? a : b);

function withImport(doc: ListLatencyDoc | null, event: Of<typeof ListVersionImported>): ListLatencyDoc {
  const d = event.data;
  const row: VersionImportTimes = {
    position: event.position,
    published_at: versionPublishedAt(d),
    fetched_at: versionFetchedAt(d),
    imported_at: d.imported_at,
    indexed_at: null,
    sweep_started_at: null,
    sweep_completed_at: null,
    customers_screened: 0,
    alerts_raised: 0,
    freeze_alerts: 0,
    first_alert_at: null,
  };
  const imports = [...(doc?.imports ?? []), row].sort((a, b) => a.position - b.position);
  return { list_id: d.list_id, version_id: d.version_id, created_at: imports[imports.length - 1]!.imported_at, imports };
}

const replaced = (doc: ListLatencyDoc, index: number, change: (row: VersionImportTimes) => VersionImportTimes): ListLatencyDoc => {
  const row = doc.imports[index];
  return row ? { ...doc, imports: doc.imports.map((r, i) => (i === index ? change(r) : r)) } : doc;
};

function withSweep(doc: ListLatencyDoc, event: SweepEvent): ListLatencyDoc {
  const index = sweepImportIndex(event.stream, doc.version_id);
  if (index === null) return doc;
  switch (event.type) {
    case 'MonitoringSweepStarted':
      return replaced(doc, index, (r) => ({ ...r, sweep_started_at: event.data.started_at }));
    case 'MonitoringSweepProgressed':
      return replaced(doc, index, (r) => ({ ...r, customers_screened: r.customers_screened + event.data.screened }));
    case 'MonitoringSweepCompleted':
      return replaced(doc, index, (r) => ({ ...r, sweep_completed_at: event.data.completed_at, customers_screened: event.data.screened }));
    default:
      return doc;
  }
}

/** An alert of a version's sweep belongs to the import before it (the latest one then). */
function withAlert(doc: ListLatencyDoc, event: Of<typeof MonitoringAlertRaised>): ListLatencyDoc {
  const index = doc.imports.map((r) => r.position < event.position).lastIndexOf(true);
  if (index < 0) return doc;
  const d = event.data;
  return replaced(doc, index, (r) => ({
    ...r,
    published_at: r.published_at ?? d.evidence?.list_published_at ?? null,
    fetched_at: r.fetched_at ?? d.evidence?.fetched_at ?? null,
    indexed_at: earliest(r.indexed_at, d.evidence?.indexed_at ?? null),
    alerts_raised: r.alerts_raised + 1,
    freeze_alerts: r.freeze_alerts + (d.freeze_required ? 1 : 0),
    first_alert_at: earliest(r.first_alert_at, d.raised_at),
  }));
}

/**
 * Per list version: when the publisher dated it, when it was fetched, imported and indexed, its
 * sweep and the alerts the sweep raised, so `GET /operator/v1/lists/{id}/latency` reads documents,
 * never the log. Alerts raised on a customer entering monitoring are not a version's: left out.
 * The webhook deliveries are the alerts' (monitoring-alerts projection), joined by the query.
 */
export const listLatencyProjection: Projection<ListLatencyDoc> = {
  name: 'list-latency',
  collection: LIST_LATENCY,
  indexes: [{ fields: ['list_id'] }],
  documentIds(event) {
    if (isImported(event) || isSweep(event)) return [event.data.version_id];
    if (isRaised(event) && event.data.trigger === 'list_version') return [event.data.version_id];
    return [];
  },
  evolve(doc, event: StoredEvent) {
    if (isImported(event)) return withImport(doc, event);
    if (!doc) return null;
    if (isSweep(event)) return withSweep(doc, event);
    if (isRaised(event)) return withAlert(doc, event);
    return doc;
  },
};
