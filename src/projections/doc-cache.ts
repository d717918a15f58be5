import type { ReadStore } from '../adapters/read-store/port.js';

/**
 * Read-model documents kept in memory for the hot path (auth reads a key and its tenant on
 * every request). Every projector commit invalidates the documents it changed, before the
 * runner reports the position as reached, so a write that waited for its projections (a key
 * revocation, a channel switched off) is seen by the very next request.
 */
export class DocCache {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly store: ReadStore, private readonly maxEntries = 50_000) {}

  async get<T>(collection: string, id: string): Promise<T | null> {
    const key = `${collection}\u0000${id}`;
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const doc = (await this.store.get<T>(collection, id))?.doc ?? null;
    // only documents that exist are kept: unknown ids (guessed keys) must not fill the memory
    if (doc !== null) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, doc);
    }
    return doc;
  }

  invalidate(collection: string, ids: readonly string[]): void {
    for (const id of ids) this.entries.delete(`${collection}\u0000${id}`);
  }

  /** After a rebuild swapped a collection in, nothing cached from it holds. */
  clear(): void {
    this.entries.clear();
  }
}
