import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { DomainError, type Decider } from '../shared/decider.js';
import { personal } from '../shared/personal.js';

/**
 * An analyst's judgement of one list entry for one subject (issue 28, "hit-level disposition"):
 * the same memory is written from a run's hit and from a monitoring alert, and read by both the
 * list sources (a later run) and monitoring (a later alert). It holds for the entry's content as
 * judged: a changed entry (new `content_hash`) is screened afresh.
 */
export const HitDisposition = t.keyof({ true_match: null, false_positive: null });
export type HitDisposition = t.TypeOf<typeof HitDisposition>;

/** Where the analyst judged the entry: a run's hit or a monitoring alert. */
export const DispositionOrigin = t.union([t.type({ run_id: t.string }), t.type({ alert_id: t.string })]);
export type DispositionOrigin = t.TypeOf<typeof DispositionOrigin>;

const Disposed = {
  subject_ref: t.string,
  list_id: t.string,
  entry_id: t.string,
  content_hash: t.string,
  disposition: HitDisposition,
  /** may name people: sealed */
  reason: personal(t.string),
  /** the analyst */
  by: t.string,
  from: DispositionOrigin,
  disposed_at: t.string,
};

/** Recorded on the customer's stream (`customer-<id>`): the customer's one memory. */
export const ListHitDisposed = t.type({ type: t.literal('ListHitDisposed'), data: t.type({ customer_id: t.string, ...Disposed }) });

/** A hit of a run no customer asked for: recorded on the run's own disposition stream only (`runhits-<run_id>`). */
export const RunHitDisposed = t.type({ type: t.literal('RunHitDisposed'), data: t.type({ run_id: t.string, ...Disposed }) });
export type RunHitDisposed = t.TypeOf<typeof RunHitDisposed>;
export const runHitsStream = (runId: string): string => `runhits-${runId}`;

export type ListHitDisposed = t.TypeOf<typeof ListHitDisposed>;
export type ListHitDisposedData = ListHitDisposed['data'];

/** What a later screening needs of a disposition: the entry's content judged, the verdict, and who and why. */
export interface RememberedDisposition {
  list_id: string;
  entry_id: string;
  content_hash: string;
  disposition: HitDisposition;
  reason: string;
  by: string;
  at: string;
}

/** Dispositions by `list_id/entry_id`: the latest one counts, each later one replaces it (the history stays in the stream). */
export type DispositionMemory = Readonly<Record<string, RememberedDisposition>>;

export const dispositionKey = (listId: string, entryId: string): string => `${listId}/${entryId}`;

/** The memory after one more disposition. */
export function remember(memory: DispositionMemory, d: ListHitDisposedData | RunHitDisposed['data']): DispositionMemory {
  const remembered: RememberedDisposition = {
    list_id: d.list_id,
    entry_id: d.entry_id,
    content_hash: d.content_hash,
    disposition: d.disposition,
    reason: String(d.reason),
    by: d.by,
    at: d.disposed_at,
  };
  return { ...memory, [dispositionKey(d.list_id, d.entry_id)]: remembered };
}

/** The disposition that still holds for this entry's content: none once the entry changed. */
export function judged(memory: Readonly<Record<string, RememberedDisposition>> | readonly RememberedDisposition[], listId: string, entryId: string, contentHash: string): RememberedDisposition | null {
  const found = Array.isArray(memory) ? memory.find((d) => d.list_id === listId && d.entry_id === entryId) : (memory as DispositionMemory)[dispositionKey(listId, entryId)];
  return found && found.content_hash === contentHash ? found : null;
}

/** The PII policy entry of the event: the reason is sealed under the subject's key. */
const sealedReason = { subject: (d: Record<string, unknown>) => String(d['subject_ref']), fields: ['reason'] as const };
export const dispositionPii = { ListHitDisposed: sealedReason, RunHitDisposed: sealedReason };

/** A list candidate as a list source's answer records it (adapters/sources/lists.ts). */
export interface RecordedCandidate {
  source_id: string;
  list_id: string;
  entry_id: string;
  version_id: string | null;
  name: string;
  score: number;
  match: boolean;
  /** absent on answers recorded before issue 28 */
  content_hash?: string;
  cleared?: { disposition: HitDisposition; reason: string; by: string; at: string };
  confirmed?: { disposition: HitDisposition; reason: string; by: string; at: string };
}

/** Every list candidate (hits and near misses) the run's answers recorded, source by source. */
export function recordedCandidates(answers: Readonly<Record<string, { data: Record<string, unknown> }>>): RecordedCandidate[] {
  return Object.entries(answers).flatMap(([sourceId, answer]) => {
    const screening = answer.data['screening'];
    if (typeof screening !== 'object' || screening === null) return [];
    const candidates = (screening as { candidates?: unknown }).candidates;
    return Array.isArray(candidates) ? candidates.map((c) => ({ ...(c as Omit<RecordedCandidate, 'source_id'>), source_id: sourceId })) : [];
  });
}

/** The run-stream side of a disposition (a run no customer asked for): the latest per entry. */
export type RunHitsCommand = { type: 'DisposeRunHit'; run_id: string; subject_ref: string; list_id: string; entry_id: string; content_hash: string; disposition: HitDisposition; reason: string; by: string; now: string };

export const runHitsDecider: Decider<RunHitsCommand, DispositionMemory, RunHitDisposed> = {
  initialState: {},
  codec: RunHitDisposed,
  decide(command, memory) {
    if (command.reason.trim() === '') return E.left(new DomainError('invalid_request', 'reason is required: a disposition must say why.', 'reason'));
    const current = judged(memory, command.list_id, command.entry_id, command.content_hash);
    if (current && current.disposition === command.disposition && current.reason === command.reason) return E.right([]);
    const { type: _type, now, run_id, ...d } = command;
    return E.right([{ type: 'RunHitDisposed', data: { run_id, ...d, from: { run_id }, disposed_at: now } }]);
  },
  evolve: (memory, event) => remember(memory, event.data),
};
