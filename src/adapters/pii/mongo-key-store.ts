import { randomBytes } from 'node:crypto';
import { SubjectKeyCache } from './key-cache.js';
import { Binary, MongoServerError, type AnyBulkWriteOperation, type Collection, type Db } from 'mongodb';
import { DURABLE } from '../read-store/mongo-connection.js';
import { KeyWrapper, type KeyStore } from './key-store.js';

interface KeyDoc {
  _id: string;
  wrapped: Binary | null;
  /** the erasure epoch whose secret wraps it; absent on keys written before epochs (the service secret alone) */
  epoch?: number;
  destroyed_at: Date | null;
}

interface EpochDoc {
  _id: number;
  secret: Binary;
  retired_at: Date | null;
}

const DUPLICATE_KEY = 11000;
const LEGACY_EPOCH = 0;
const MOVE_BATCH = 500;

export interface MongoKeyStoreOptions {
  /** how long a retired epoch's secret is kept for rotations still writing under it (tests: 0) */
  epochGraceMs?: number;
  /** plaintext keys kept in memory at most (least recently used go first, zero-filled) */
  keyCacheMax?: number;
}

/**
 * Per-subject keys in MongoDB (collection `pii_keys`), for deployments whose instances share no
 * disk. Every write waits for a majority of the replica set's journals: a key is handed out only
 * once it cannot be lost, since an event sealed with a lost key never opens again.
 *
 * Erasure epochs: a key is wrapped under the service secret plus the current epoch's random secret
 * (collection `pii_epochs`). Destroying keys starts a new epoch, moves every surviving key to it
 * and then deletes the old epoch's secret, so the copies of a destroyed key that MongoDB keeps
 * elsewhere (journal, oplog, backups) stop opening once the old secret's own copies are gone.
 * Lock-free between instances: a writer hands a key out only after checking, after its write,
 * that the key's epoch is still current; a rotation that retired it meanwhile scans after that
 * (see keyFor and rotate).
 */
export class MongoKeyStore implements KeyStore {
  private readonly keys: Collection<KeyDoc>;
  private readonly epochs: Collection<EpochDoc>;
  private readonly legacy: KeyWrapper;
  private readonly wrappers = new Map<number, KeyWrapper>();
  private readonly cache: SubjectKeyCache;
  private readonly epochGraceMs: number;
  private indexed: Promise<unknown> | null = null;
  /** the move the last erasure started (see destroy) */
  private moving: Promise<void> = Promise.resolve();
  private rotationError: unknown = null;

  constructor(
    db: Pick<Db, 'collection'>,
    private readonly secret: string,
    options: MongoKeyStoreOptions = {},
  ) {
    // explicit here as well as the client's default: these are the writes that must never be lost
    this.keys = db.collection<KeyDoc>('pii_keys', { writeConcern: DURABLE, readConcern: { level: 'majority' } });
    this.epochs = db.collection<EpochDoc>('pii_epochs', { writeConcern: DURABLE, readConcern: { level: 'majority' } });
    this.legacy = new KeyWrapper(secret);
    this.cache = new SubjectKeyCache(options.keyCacheMax);
    this.epochGraceMs = options.epochGraceMs ?? 10 * 60_000;
  }

  async keyFor(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    for (let attempt = 0; attempt < 5; attempt++) {
      let doc = await this.keys.findOne({ _id: subject });
      let key: Buffer;
      if (!doc) {
        const current = await this.current();
        key = randomBytes(32);
        doc = { _id: subject, wrapped: new Binary(current.wrapper.wrap(subject, key)), epoch: current.epoch, destroyed_at: null };
        try {
          // throws unless a majority journaled it: the key is then not handed out (the caller retries)
          await this.keys.insertOne(doc);
        } catch (error) {
          // two first uses at once: one insert wins, the other reads what it wrote
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) continue;
          throw error;
        }
      } else {
        if (!doc.wrapped) return null;
        const opened = await this.open(doc);
        if (!opened) {
          // its epoch secret is gone: a first use that never handed it out (it saw its epoch retired)
          await this.keys.deleteOne({ _id: subject, wrapped: doc.wrapped });
          continue;
        }
        key = opened;
      }
      // a rotation that retired this epoch may have scanned before our write: then we move it ourselves
      if (await this.isCurrent(doc.epoch ?? LEGACY_EPOCH)) {
        this.cache.set(subject, key);
        return key;
      }
      await this.move(doc, key, await this.current());
    }
    throw new Error('the subject key kept moving between erasure epochs; retry');
  }

  async existingKey(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    const doc = await this.keys.findOne({ _id: subject });
    // a key whose epoch secret is gone was never handed out: nothing was sealed with it
    const key = doc?.wrapped ? await this.open(doc) : null;
    if (key) this.cache.set(subject, key);
    return key;
  }

  /**
   * The keys are destroyed durably and a new epoch started before this returns; moving the
   * surviving keys to it (and deleting the old secrets) runs after, off the request, once, on
   * this instance (see rotate). An interrupted move leaves keys on a retired epoch whose secret
   * is kept while any key references it: the next erasure's move picks them up.
   */
  async destroy(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    const now = new Date();
    await this.keys.bulkWrite(
      subjects.map((subject) => ({
        updateOne: { filter: { _id: subject }, update: { $set: { wrapped: null, destroyed_at: now }, $unset: { epoch: '' } }, upsert: true },
      })),
      { ordered: true },
    );
    this.forget(subjects);
    const target = await this.newEpoch();
    await this.retireBefore(target.epoch);
    const previous = this.moving;
    this.moving = previous.then(() => this.rotate(target)).catch((error: unknown) => {
      this.rotationError = error;
    });
  }

  /** The move an erasure started, finished (tests; close waits for it too). Throws what it failed with. */
  async settled(): Promise<void> {
    await this.moving;
    const error = this.rotationError;
    this.rotationError = null;
    if (error) throw error;
  }

  forget(subjects: readonly string[]): void {
    this.cache.delete(subjects);
    // another instance may have rotated: epochs are read again from the store (a rotation running
    // here keeps its own references, so nothing is zeroed under it)
    this.wrappers.clear();
  }

  async close(): Promise<void> {
    await this.moving;
    this.cache.clear();
    this.wrappers.clear();
  }

  /**
   * Every surviving key moved to the newest epoch, a batch at a time: found through the `epoch`
   * index, rewrapped here, written back in one bulkWrite per batch (each a compare-and-set on
   * the wrapped key), then the secrets of epochs retired more than the grace ago and no longer
   * referenced deleted. Runs again when another rotation retired our target meanwhile, so every
   * key we wrote sits on an epoch checked current after the write.
   */
  async rotate(start?: { epoch: number; wrapper: KeyWrapper }): Promise<void> {
    await this.epochIndex();
    let target = start ?? (await this.newEpoch());
    for (;;) {
      await this.retireBefore(target.epoch);
      for (;;) {
        const stale = await this.keys
          .find({ $or: [{ epoch: { $lt: target.epoch } }, { epoch: { $exists: false } }], wrapped: { $ne: null } })
          .limit(MOVE_BATCH)
          .toArray();
        if (stale.length === 0 || !(await this.isCurrent(target.epoch))) break;
        await this.moveBatch(stale, target);
      }
      if (await this.isCurrent(target.epoch)) break;
      target = await this.current();
    }
    await this.sweepEpochs();
    if (this.epochGraceMs > 0) setTimeout(() => void this.sweepEpochs().catch(() => undefined), this.epochGraceMs + 1000).unref();
  }

  private async retireBefore(epoch: number): Promise<void> {
    await this.epochs.updateMany({ _id: { $lt: epoch }, retired_at: null }, { $set: { retired_at: new Date() } });
  }

  /** The index the move's and the sweep's queries go through (keys by epoch), created once per store. */
  private epochIndex(): Promise<unknown> {
    this.indexed ??= this.keys.createIndex({ epoch: 1, _id: 1 }).catch((error: unknown) => {
      this.indexed = null;
      throw error;
    });
    return this.indexed;
  }

  /** One durable bulkWrite for a batch: each key rewrapped (compare-and-set), or dropped when its secret is gone. */
  private async moveBatch(stale: KeyDoc[], target: { epoch: number; wrapper: KeyWrapper }): Promise<void> {
    const operations: AnyBulkWriteOperation<KeyDoc>[] = [];
    for (const doc of stale) {
      const key = await this.open(doc);
      if (!key) {
        operations.push({ deleteOne: { filter: { _id: doc._id, wrapped: doc.wrapped } } });
        continue;
      }
      const wrapped = new Binary(target.wrapper.wrap(doc._id, key));
      key.fill(0);
      operations.push({ updateOne: { filter: { _id: doc._id, wrapped: doc.wrapped }, update: { $set: { wrapped, epoch: target.epoch } } } });
    }
    await this.keys.bulkWrite(operations, { ordered: false });
  }

  /** Deletes retired epochs' secrets once past the grace and referenced by no key. */
  async sweepEpochs(): Promise<void> {
    await this.epochIndex();
    const retired = await this.epochs.find({ retired_at: { $ne: null, $lte: new Date(Date.now() - this.epochGraceMs) } }, { projection: { secret: 0 } }).toArray();
    for (const { _id: epoch } of retired) {
      if (await this.keys.findOne({ epoch, wrapped: { $ne: null } }, { projection: { _id: 1 } })) continue;
      await this.epochs.deleteOne({ _id: epoch });
      this.wrappers.delete(epoch);
    }
  }

  /** Compare-and-set: a concurrent destroy or move wins, and the loser changes nothing. */
  private async move(doc: KeyDoc, key: Buffer, target: { epoch: number; wrapper: KeyWrapper }): Promise<void> {
    const wrapped = new Binary(target.wrapper.wrap(doc._id, key));
    await this.keys.updateOne({ _id: doc._id, wrapped: doc.wrapped }, { $set: { wrapped, epoch: target.epoch } });
  }

  private async open(doc: KeyDoc): Promise<Buffer | null> {
    const wrapper = await this.wrapperOf(doc.epoch ?? LEGACY_EPOCH);
    return wrapper && doc.wrapped ? wrapper.unwrap(doc._id, Buffer.from(doc.wrapped.buffer)) : null;
  }

  private async isCurrent(epoch: number): Promise<boolean> {
    if (epoch === LEGACY_EPOCH) return false;
    const doc = await this.epochs.findOne({ _id: epoch }, { projection: { retired_at: 1 } });
    return doc !== null && doc.retired_at === null;
  }

  /** The newest epoch not retired; the first one is created on first use. */
  private async current(): Promise<{ epoch: number; wrapper: KeyWrapper }> {
    const doc = await this.epochs.findOne({ retired_at: null }, { sort: { _id: -1 } });
    if (!doc) return this.newEpoch();
    return { epoch: doc._id, wrapper: this.wrapperFrom(doc) };
  }

  private async newEpoch(): Promise<{ epoch: number; wrapper: KeyWrapper }> {
    for (;;) {
      const newest = await this.epochs.findOne({}, { sort: { _id: -1 }, projection: { _id: 1 } });
      const doc: EpochDoc = { _id: (newest?._id ?? LEGACY_EPOCH) + 1, secret: new Binary(randomBytes(32)), retired_at: null };
      try {
        await this.epochs.insertOne(doc);
        return { epoch: doc._id, wrapper: this.wrapperFrom(doc) };
      } catch (error) {
        // another instance created that epoch first: take the next
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
    }
  }

  private async wrapperOf(epoch: number): Promise<KeyWrapper | null> {
    if (epoch === LEGACY_EPOCH) return this.legacy;
    const known = this.wrappers.get(epoch);
    if (known) return known;
    const doc = await this.epochs.findOne({ _id: epoch });
    return doc ? this.wrapperFrom(doc) : null;
  }

  private wrapperFrom(doc: EpochDoc): KeyWrapper {
    let wrapper = this.wrappers.get(doc._id);
    if (!wrapper) this.wrappers.set(doc._id, (wrapper = new KeyWrapper(this.secret, Buffer.from(doc.secret.buffer))));
    return wrapper;
  }
}
