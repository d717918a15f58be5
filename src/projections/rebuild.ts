import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore, Write } from '../adapters/read-store/port.js';
import { applyEvents, projectionProcessorId, projector, type Projection } from './projector.js';

type AnyProjection = Projection<Record<string, unknown>>;

export interface RebuildResult {
  projection: string;
  events: number;
  position: number;
  /** for a rebuild of several projections in one pass, the time of the whole pass */
  ms: number;
}

const BATCH = 1000;
/** Events read (and opened) per batch of a pass: large, so each document is rewritten rarely. */
const PASS_BATCH = 5_000;

const rebuildCollection = (projection: AnyProjection): string => `${projection.collection}_rebuild`;

/**
 * Rebuilds one read model from position zero into a fresh collection, then swaps it in with
 * the live checkpoint set to where the rebuild stopped. Only the projector runs: no reactor
 * sees these events, so a rebuild fires no side effect. Run it with the service stopped (or
 * the projection's subscription paused), or the live runner may write to the old collection.
 * It reads the whole log for this one projection: to rebuild several, use rebuildProjections.
 */
export async function rebuildProjection(log: EventLog, readStore: ReadStore, projection: AnyProjection): Promise<RebuildResult> {
  const started = performance.now();
  const temp = rebuildCollection(projection);
  await readStore.dropCollection(temp);
  await readStore.ensureCollection(temp, projection.indexes);
  const processor = projector(projection, readStore, { collection: temp, processorId: `rebuild:${projection.name}` });
  const head = await log.store.headPosition();
  let after = 0;
  let events = 0;
  while (after < head) {
    const batch = (await log.readAll({ after, limit: BATCH })).filter((e) => e.position <= head);
    if (batch.length === 0) break;
    await processor.handle(batch, batch[batch.length - 1]!.position);
    after = batch[batch.length - 1]!.position;
    events += batch.length;
  }
  await readStore.swapCollection(temp, projection.collection, { processor: projectionProcessorId(projection.name), position: head });
  return { projection: projection.name, events, position: head, ms: Math.round(performance.now() - started) };
}

/**
 * Rebuilds several read models in one pass over the log: each event is read and opened (its
 * personal fields decrypted) once and folded into every projection's fresh collection, and the
 * documents of all of them changed by a batch are committed together (one transaction where
 * the store has them). Then each collection is swapped in with its checkpoint set exactly to
 * where the pass stopped. The documents are those of rebuildProjection for each alone; as
 * there, no reactor runs, and the service must be stopped.
 */
export async function rebuildProjections(
  log: EventLog,
  readStore: ReadStore,
  projections: readonly AnyProjection[],
  options: { batch?: number } = {},
): Promise<RebuildResult[]> {
  const limit = options.batch ?? PASS_BATCH;
  const started = performance.now();
  const names = projections.map((p) => p.name);
  // two entries of one projection would share (and clobber) its rebuild collection
  if (new Set(names).size !== names.length) throw new Error(`projections named twice: ${names.join(', ')}`);
  for (const projection of projections) {
    await readStore.dropCollection(rebuildCollection(projection));
    await readStore.ensureCollection(rebuildCollection(projection), projection.indexes);
  }
  const head = await log.store.headPosition();
  let after = 0;
  let events = 0;
  while (after < head && projections.length > 0) {
    const batch = (await log.readAll({ after, limit })).filter((e) => e.position <= head);
    if (batch.length === 0) break;
    const writes: Write[] = [];
    for (const projection of projections) writes.push(...(await changes(readStore, projection, batch)));
    // no checkpoint here: nothing resumes a rebuild, and the swap sets the live one exactly
    if (writes.length > 0) await readStore.commit({ writes });
    after = batch[batch.length - 1]!.position;
    events += batch.length;
  }
  for (const projection of projections) {
    await readStore.swapCollection(rebuildCollection(projection), projection.collection, { processor: projectionProcessorId(projection.name), position: head });
  }
  const ms = Math.round(performance.now() - started);
  return projections.map((p) => ({ projection: p.name, events, position: head, ms }));
}

/** The writes that bring a projection's rebuild collection past `events` (the projector's fold). */
async function changes(readStore: ReadStore, projection: AnyProjection, events: readonly StoredEvent[]): Promise<Write[]> {
  const collection = rebuildCollection(projection);
  const ids = [...new Set(events.flatMap((e) => projection.documentIds(e)))];
  if (ids.length === 0) return [];
  const changed = applyEvents(projection, await readStore.getMany(collection, ids), events);
  return [...changed].map(([id, { doc, position }]): Write => (doc === null ? { op: 'delete', collection, id } : { op: 'put', collection, id, doc, position }));
}
