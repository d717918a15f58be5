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
  /** told which documents changed, once they are committed */
  onChanged?: (collection: string, ids: readonly string[]) => void,
): Processor {
  return {
    id: target.processorId,
    kind: 'projection',
    async handle(events, upTo) {
      const touched = events.flatMap((event) => projection.documentIds(event).map((id) => ({ event, id })));
      const working = new Map<string, { doc: D | null; position: number; changed: boolean }>();
      if (touched.length > 0) {
        const current = await readStore.getMany<D>(target.collection, touched.map((t) => t.id));
        for (const [id, stored] of current) working.set(id, { doc: stored.doc, position: stored.position, changed: false });
      }
      for (const { event, id } of touched) {
        const entry = working.get(id);
        if (entry && entry.position >= event.position) continue;
        working.set(id, { doc: projection.evolve(entry?.doc ?? null, event, id), position: event.position, changed: true });
      }
      const writes: Write[] = [];
      for (const [id, entry] of working) {
        if (!entry.changed) continue;
        writes.push(
          entry.doc === null
            ? { op: 'delete', collection: target.collection, id }
            : { op: 'put', collection: target.collection, id, doc: entry.doc, position: entry.position },
        );
      }
      await readStore.commit({ writes, checkpoint: { processor: target.processorId, position: upTo } });
      if (writes.length > 0) onChanged?.(target.collection, writes.map((w) => w.id));
    },
  };
}
