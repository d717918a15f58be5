import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { dispositionKey, ListHitDisposed, RunHitDisposed, type HitDisposition } from '../domain/screening/disposition.js';
import { SubjectErased } from '../domain/erasure/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { ERASED } from '../domain/shared/personal.js';
import type { Projection } from './projector.js';

/** One disposition of a run's hit as the run view shows it. */
export interface HitDispositionView {
  list_id: string;
  entry_id: string;
  content_hash: string;
  disposition: HitDisposition;
  reason: string;
  by: string;
  disposed_at: string;
}

/** The analysts' dispositions of one run's list hits: the latest per entry, and every one in order. */
export interface HitDispositionsDoc extends Record<string, unknown> {
  run_id: string;
  customer_id: string | null;
  latest: Record<string, HitDispositionView>;
  history: HitDispositionView[];
}

export const HIT_DISPOSITIONS = 'hit_dispositions';

const isCustomerDisposition = isEventOf(ListHitDisposed);
const isRunDisposition = isEventOf(RunHitDisposed);
const isErased = isEventOf(SubjectErased);

const runOf = (event: StoredEvent): string | null => {
  if (isCustomerDisposition(event)) return 'run_id' in event.data.from ? event.data.from.run_id : null;
  if (isRunDisposition(event)) return event.data.run_id;
  return null;
};

/** Dispositions made on a run's hits (those made on an alert are the alert's resolution). */
export const hitDispositionsProjection: Projection<HitDispositionsDoc> = {
  name: 'hit-dispositions',
  collection: HIT_DISPOSITIONS,
  indexes: [],
  documentIds(event) {
    if (isErased(event)) return event.data.run_ids;
    const runId = runOf(event);
    return runId ? [runId] : [];
  },
  evolve(doc, event: StoredEvent) {
    // an erased subject's reasons (they may name people) go; the verdicts stay
    if (isErased(event)) return doc && { ...doc, latest: Object.fromEntries(Object.entries(doc.latest).map(([k, v]) => [k, { ...v, reason: ERASED }])), history: doc.history.map((v) => ({ ...v, reason: ERASED })) };
    const runId = runOf(event);
    if (!runId || !(isCustomerDisposition(event) || isRunDisposition(event))) return doc;
    const d = event.data;
    const view: HitDispositionView = { list_id: d.list_id, entry_id: d.entry_id, content_hash: d.content_hash, disposition: d.disposition, reason: String(d.reason), by: d.by, disposed_at: d.disposed_at };
    const base: HitDispositionsDoc = doc ?? { run_id: runId, customer_id: 'customer_id' in d ? d.customer_id : null, latest: {}, history: [] };
    return { ...base, latest: { ...base.latest, [dispositionKey(d.list_id, d.entry_id)]: view }, history: [...base.history, view] };
  },
};

export async function getHitDispositions(store: ReadStore, runId: string): Promise<HitDispositionsDoc | null> {
  return (await store.get<HitDispositionsDoc>(HIT_DISPOSITIONS, runId))?.doc ?? null;
}
