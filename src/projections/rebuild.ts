import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { projectionProcessorId, projector, type Projection } from './projector.js';

export interface RebuildResult {
  projection: string;
  events: number;
  position: number;
  ms: number;
}

const BATCH = 1000;

/**
 * Rebuilds one read model from position zero into a fresh collection, then swaps it in with
 * the live checkpoint set to where the rebuild stopped. Only the projector runs: no reactor
 * sees these events, so a rebuild fires no side effect. Run it with the service stopped (or
 * the projection's subscription paused), or the live runner may write to the old collection.
 */
export async function rebuildProjection(log: EventLog, readStore: ReadStore, projection: Projection<Record<string, unknown>>): Promise<RebuildResult> {
  const started = performance.now();
  const temp = `${projection.collection}_rebuild`;
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
