import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { KeyStore } from '../adapters/pii/key-store.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { ErasureEvent } from '../domain/erasure/events.js';
import type { Processor } from '../projections/runner.js';

/**
 * Keys are cached in each instance: when any instance erases a subject, every instance's
 * runner sees SubjectErased and drops that subject's cached keys here.
 */
export class KeyCacheReactor implements Processor {
  readonly id = 'reactor:key-cache';
  readonly kind = 'reactor' as const;

  constructor(private readonly keys: KeyStore, private readonly readStore: ReadStore) {}

  async handle(events: StoredEvent[], upTo: number): Promise<void> {
    for (const stored of events) {
      const event = stored as StoredEvent<ErasureEvent>;
      if (event.type === 'SubjectErased') this.keys.forget(event.data.subject_refs);
    }
    await this.readStore.commit({ writes: [], checkpoint: { processor: this.id, position: upTo } });
  }
}
