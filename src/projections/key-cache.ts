import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { KeyStore } from '../adapters/pii/key-store.js';
import { SubjectErased } from '../domain/erasure/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Processor } from '../processing/runner.js';

/**
 * Keys are cached in each instance: when any instance erases a subject, every instance's
 * runner sees SubjectErased and drops that subject's cached keys here.
 */
export class KeyCacheReactor implements Processor {
  readonly id = 'reactor:key-cache';
  readonly kind = 'reactor' as const;
  /** an instance's cache starts empty: only erasures from now on matter to it */
  readonly startAt = 'head' as const;

  constructor(private readonly keys: KeyStore) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      if (isEventOf(SubjectErased)(event)) this.keys.forget(event.data.subject_refs);
    }
  }
}
