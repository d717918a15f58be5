import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { Processor } from '../processing/runner.js';
import type { DocCache } from './doc-cache.js';

/**
 * Every instance's runner reads the whole log, so every instance sees a key revoked, a tenant's
 * channel switched off or its settings changed, whichever instance wrote it: the documents the
 * event changes leave this instance's cache here. Not the projector's commit: that happens on
 * one instance only (another instance's projector finds the document written and changes
 * nothing).
 */
export class DocCacheInvalidator implements Processor {
  readonly id = 'cache:documents';
  /** read-your-writes waits for it as for a projection: the next request on this instance sees the write */
  readonly kind = 'cache' as const;
  /** an instance's cache starts empty: only events from now on change what it holds */
  readonly startAt = 'head' as const;

  constructor(private readonly cache: Pick<DocCache, 'follow' | 'pruneFloors'>) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const event of events) this.cache.follow(event);
    // floors the projections' checkpoints have passed since (reads nothing when there are none)
    await this.cache.pruneFloors();
  }
}
