import { randomBytes } from 'node:crypto';
import { Binary, MongoServerError, type Collection, type Db } from 'mongodb';
import { KeyWrapper, type KeyStore } from './key-store.js';

interface KeyDoc {
  _id: string;
  wrapped: Binary | null;
  destroyed_at: Date | null;
}

/**
 * Per-subject keys in MongoDB (collection `pii_keys`), for deployments whose instances share no
 * disk. Keys are wrapped by the master key derived from the secret, as in SQLite; a destroyed
 * key's document keeps only the subject and the time.
 */
export class MongoKeyStore implements KeyStore {
  private readonly keys: Collection<KeyDoc>;
  private readonly wrapper: KeyWrapper;
  private readonly cache = new Map<string, Buffer>();

  constructor(db: Db, secret: string) {
    this.keys = db.collection<KeyDoc>('pii_keys');
    this.wrapper = new KeyWrapper(secret);
  }

  async keyFor(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    let doc: KeyDoc | null;
    try {
      doc = await this.keys.findOneAndUpdate(
        { _id: subject },
        { $setOnInsert: { wrapped: new Binary(this.wrapper.wrap(subject, randomBytes(32))), destroyed_at: null } },
        { upsert: true, returnDocument: 'after' },
      );
    } catch (error) {
      // two first uses at once: one insert wins, the other reads what it wrote
      if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      doc = await this.keys.findOne({ _id: subject });
    }
    return this.remember(subject, doc);
  }

  async existingKey(subject: string): Promise<Buffer | null> {
    return this.cache.get(subject) ?? this.remember(subject, await this.keys.findOne({ _id: subject }));
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    const now = new Date();
    await this.keys.bulkWrite(
      subjects.map((subject) => ({ updateOne: { filter: { _id: subject }, update: { $set: { wrapped: null, destroyed_at: now } }, upsert: true } })),
      { ordered: true },
    );
    this.forget(subjects);
  }

  forget(subjects: readonly string[]): void {
    for (const subject of subjects) {
      this.cache.get(subject)?.fill(0);
      this.cache.delete(subject);
    }
  }

  async close(): Promise<void> {}

  private remember(subject: string, doc: KeyDoc | null): Buffer | null {
    if (!doc?.wrapped) return null;
    const key = this.wrapper.unwrap(subject, Buffer.from(doc.wrapped.buffer));
    this.cache.set(subject, key);
    return key;
  }
}
