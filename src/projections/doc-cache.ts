import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { projectionProcessorId, type Projection } from './projector.js';

/** What the cache needs of a read model it serves: the documents an event changes. */
export type CachedProjection = Pick<Projection<Record<string, unknown>>, 'name' | 'collection' | 'documentIds'>;

export interface DocCacheOptions {
  maxEntries?: number;
  /** a backstop only: a document is read again after this long even if no event said so */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  doc: unknown;
  position: number;
  cachedAt: number;
}

/** A cached document is read again after a minute at most (a rebuild swapped in by another process). */
export const DOC_CACHE_MAX_AGE_MS = 60_000;

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * Read-model documents kept in memory for the hot path (auth reads a key and its tenant on
 * every request). It follows the events, not the writes: every instance's runner hands each
 * event to `DocCacheInvalidator`, which drops the documents the event changes, whichever
 * instance's projector writes them (issue 25: a key revoked through one instance was served by
 * the others from their caches for ever).
 *
 * An instance may see an event before the projector (its own or another instance's) has
 * written the document it changes. So a dropped document gets a floor, the event's position:
 * until the stored document has reached it, reads go through to the store and nothing is
 * cached. Floors are pruned once the projection's checkpoint has passed them.
 */
export class DocCache {
  private readonly entries = new Map<string, Entry>();
  private readonly floors = new Map<string, number>();
  private readonly projections: ReadonlyMap<string, CachedProjection>;
  /**
   * moved by clear() and by pruning floors: a read begun before either must not fill the cache
   * after it (it may have read a version older than a floor no longer there)
   */
  private epoch = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: ReadStore,
    projections: readonly CachedProjection[],
    options: DocCacheOptions = {},
  ) {
    this.projections = new Map(projections.map((p) => [p.collection, p]));
    this.maxEntries = options.maxEntries ?? 50_000;
    this.maxAgeMs = options.maxAgeMs ?? DOC_CACHE_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    const cached = this.cached<T>(collection, id);
    if (cached !== undefined) return cached;
    const key = keyOf(collection, id);
    const epoch = this.epoch;
    const stored = await this.store.get<T>(collection, id);
    // only documents that exist are kept: unknown ids (guessed keys) must not fill the memory
    if (stored !== null) this.keep(key, stored.doc, stored.position, epoch);
    return stored?.doc ?? null;
  }

  /** What `get` would answer from memory, without a promise (the hot path); undefined when it would read the store. */
  cached<T>(collection: string, id: string): T | undefined {
    // a collection whose events it does not follow would never be invalidated
    if (!this.projections.has(collection)) throw new Error(`DocCache does not follow the events of ${collection}`);
    const cached = this.entries.get(keyOf(collection, id));
    return cached && this.now() - cached.cachedAt < this.maxAgeMs ? (cached.doc as T) : undefined;
  }

  /**
   * Keeps what was read unless an event not yet in it was seen meanwhile (its floor), the cache
   * was cleared since the read began, or a newer version is already kept (a slower read of an
   * older version finishing last).
   */
  private keep(key: string, doc: unknown, position: number, epoch: number): void {
    if (epoch !== this.epoch) return;
    const floor = this.floors.get(key);
    if (floor !== undefined) {
      if (position < floor) return;
      this.floors.delete(key);
    }
    const current = this.entries.get(key);
    if (current && current.position > position) return;
    if (!current && this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { doc, position, cachedAt: this.now() });
  }

  /** An event at `position` changes these documents: drop them, and cache none older again. */
  invalidate(collection: string, ids: readonly string[], position: number): void {
    for (const id of ids) {
      const key = keyOf(collection, id);
      this.entries.delete(key);
      this.floors.set(key, Math.max(position, this.floors.get(key) ?? 0));
    }
  }

  /** Drops what the event changes in every collection served. */
  follow(event: StoredEvent): void {
    for (const projection of this.projections.values()) {
      const ids = projection.documentIds(event);
      if (ids.length > 0) this.invalidate(projection.collection, ids, event.position);
    }
  }

  /** Floors the projections' checkpoints have passed hold nothing any more (the store has those events). */
  async pruneFloors(): Promise<void> {
    if (this.floors.size === 0) return;
    for (const projection of this.projections.values()) {
      const checkpoint = (await this.store.getCheckpoint(projectionProcessorId(projection.name))) ?? 0;
      const prefix = keyOf(projection.collection, '');
      for (const [key, floor] of this.floors) {
        if (!key.startsWith(prefix) || floor > checkpoint) continue;
        this.floors.delete(key);
        this.epoch += 1;
      }
    }
  }

  /** Documents dropped whose new version is not stored yet (for tests and metrics). */
  get pendingFloors(): number {
    return this.floors.size;
  }

  /** After a rebuild swapped a collection in, nothing cached from it holds. */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
