import { expect } from 'chai';
import { SubjectKeyCache, DEFAULT_KEY_CACHE_MAX } from '../../../src/adapters/pii/key-cache.js';
import { MongoKeyStore } from '../../../src/adapters/pii/mongo-key-store.js';
import { SqliteKeyStore } from '../../../src/adapters/pii/key-store.js';
import { DURABLE } from '../../../src/adapters/read-store/mongo-connection.js';
import { FakeMongo } from '../../helpers/fake-mongo.js';
import { tempDir } from '../../helpers/temp.js';

/** The buffer the cache itself holds (what eviction must zero), not the copy `get` hands out. */
const held = (cache: SubjectKeyCache, subject: string) => (cache as unknown as { keys: { peek(k: string): Buffer | undefined } }).keys.peek(subject);

describe('subject-key cache', () => {
  it('keeps at most `max` keys, the least recently used going first, zero-filled', () => {
    const cache = new SubjectKeyCache(2);
    cache.set('a', Buffer.alloc(32, 1));
    cache.set('b', Buffer.alloc(32, 2));
    const a = held(cache, 'a')!;
    const b = held(cache, 'b')!;
    expect(cache.get('a')).to.deep.equal(Buffer.alloc(32, 1)); // a used: b is now the oldest
    cache.set('c', Buffer.alloc(32, 3));
    expect(cache.size).to.equal(2);
    expect(cache.get('b')).to.equal(undefined);
    expect(b.equals(Buffer.alloc(32, 0))).to.equal(true);
    expect(a.equals(Buffer.alloc(32, 1))).to.equal(true);
    cache.delete(['a']);
    expect(a.equals(Buffer.alloc(32, 0))).to.equal(true);
    const c = held(cache, 'c')!;
    cache.clear();
    expect(c.equals(Buffer.alloc(32, 0))).to.equal(true);
  });

  it('hands out copies: a key evicted while a caller still holds it is not zeroed under the caller', () => {
    const cache = new SubjectKeyCache(1);
    cache.set('a', Buffer.alloc(32, 7));
    const inUse = cache.get('a')!;
    cache.set('b', Buffer.alloc(32, 8));
    expect(inUse.equals(Buffer.alloc(32, 7))).to.equal(true);
  });

  it('is capped at 100,000 by default', () => {
    expect(new SubjectKeyCache().max).to.equal(DEFAULT_KEY_CACHE_MAX).and.equal(100_000);
  });

  it('bounds the MongoDB and SQLite key stores: keys past the cap are read again from the store, the same', async () => {
    const fake = new FakeMongo(DURABLE);
    const mongo = new MongoKeyStore(fake.db, 'secret'.repeat(6), { epochGraceMs: 0, keyCacheMax: 2 });
    const dir = tempDir();
    const sqlite = new SqliteKeyStore(`${dir}/keys.sqlite`, 'secret'.repeat(6), { keyCacheMax: 2 });
    for (const store of [mongo, sqlite]) {
      const first = Buffer.from((await store.keyFor('s1'))!);
      for (const subject of ['s2', 's3', 's4']) await store.keyFor(subject);
      const cache = (store as unknown as { cache: SubjectKeyCache }).cache;
      expect(cache.size).to.equal(2);
      expect(await store.existingKey('s1')).to.deep.equal(first);
      await store.close();
    }
  });
});
