import { LRUCache } from 'lru-cache';

/** How many subjects' plaintext keys an instance keeps at most (ten million subjects must not mean ten million keys in memory). */
export const DEFAULT_KEY_CACHE_MAX = 100_000;

/**
 * The plaintext subject keys an instance keeps: the least recently used beyond `max` go, and
 * every key leaving (evicted, forgotten, replaced, cleared) is zero-filled first. What a caller
 * gets is a copy of its own, so a key evicted while a caller still uses it (between keyFor and
 * createCipheriv) is never zeroed under it; that copy lives only for one seal or open.
 */
export class SubjectKeyCache {
  private readonly keys: LRUCache<string, Buffer>;

  constructor(readonly max = DEFAULT_KEY_CACHE_MAX) {
    this.keys = new LRUCache<string, Buffer>({ max, dispose: (key) => key.fill(0) });
  }

  get size(): number {
    return this.keys.size;
  }

  /** A copy of the cached key, or undefined. */
  get(subject: string): Buffer | undefined {
    const key = this.keys.get(subject);
    return key ? Buffer.from(key) : undefined;
  }

  /** Keeps a copy of `key`; returns `key` (the caller's). */
  set(subject: string, key: Buffer): Buffer {
    this.keys.set(subject, Buffer.from(key));
    return key;
  }

  /** Zero-fills and drops the subjects' keys. */
  delete(subjects: Iterable<string>): void {
    for (const subject of subjects) this.keys.delete(subject);
  }

  /** Zero-fills and drops every key. */
  clear(): void {
    this.keys.clear();
  }
}
