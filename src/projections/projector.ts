import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { IndexSpec, ReadStore, Write } from '../adapters/read-store/port.js';
import type { Processor } from '../processing/runner.js';

/** A read model: pure functions from events to documents. */
export interface Projection<D extends Record<string, unknown>> {
  name: string;
  collection: string;
  indexes: readonly IndexSpec[];
  /** ids of the documents this event changes (usually none or one) */
  documentIds(event: StoredEvent): readonly string[];
  /** the document after the event; null deletes it. Must not mutate `doc`. */
  evolve(doc: D | null, event: StoredEvent, id: string): D | null;
}

/** A document as stored, with the position of the last event applied to it. */
export interface Positioned<D> {
  doc: D | null;
  position: number;
}

/**
 * The documents the events change, from their current versions (pure: the projector's fold).
 * An event at or below a document's position was applied already, so a replay changes nothing.
 */
export function applyEvents<D extends Record<string, unknown>>(
  projection: Projection<D>,
  current: ReadonlyMap<string, Positioned<D>>,
  events: readonly StoredEvent[],
): Map<string, Positioned<D>> {
  const changed = new Map<string, Positioned<D>>();
  for (const event of events) {
    for (const id of projection.documentIds(event)) {
      const entry = changed.get(id) ?? current.get(id);
      if (entry && entry.position >= event.position) continue;
      changed.set(id, { doc: projection.evolve(entry?.doc ?? null, event, id), position: event.position });
    }
  }
  return changed;
}

export const projectionProcessorId = (name: string): string => `projection:${name}`;

/**
 * The one projection writer. Documents remember the position of the last event applied, so an
 * event delivered twice changes nothing; documents and checkpoint are committed together.
 */
export function projector<D extends Record<string, unknown>>(
  projection: Projection<D>,
  readStore: ReadStore,
  target: { collection: string; processorId: string } = {
    collection: projection.collection,
    processorId: projectionProcessorId(projection.name),
  },
): Processor {
  return {
    id: target.processorId,
    kind: 'projection',
    async handle(events, upTo) {
      const ids = [...new Set(events.flatMap((event) => projection.documentIds(event)))];
      const current = ids.length > 0 ? await readStore.getMany<D>(target.collection, ids) : new Map<string, Positioned<D>>();
      const changed = applyEvents(projection, current, events);
      const writes: Write[] = [];
      for (const [id, entry] of changed) {
        writes.push(
          entry.doc === null
            ? { op: 'delete', collection: target.collection, id }
            : { op: 'put', collection: target.collection, id, doc: entry.doc, position: entry.position },
        );
      }
      // nothing changed: the runner records the checkpoint with the others (coalesced)
      if (writes.length === 0) return 'unchanged';
      await readStore.commit({ writes, checkpoint: { processor: target.processorId, position: upTo } });
    },
  };
}
