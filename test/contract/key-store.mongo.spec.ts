import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { Binary, type Db } from 'mongodb';
import { KeyWrapper, type KeyStore } from '../../src/adapters/pii/key-store.js';
import { MongoKeyStore } from '../../src/adapters/pii/mongo-key-store.js';
import { DURABLE } from '../../src/adapters/read-store/mongo-connection.js';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { FakeMongo, writeConcernTimeout } from '../helpers/fake-mongo.js';
import { describeKeyStoreContract } from './key-store.contract.js';

const SECRET = 'contract-secret';

/** Every wrapping key that could still be derived from what the database holds now (plus the service secret). */
async function openableWith(db: Db, subject: string, wrapped: Buffer): Promise<boolean> {
  const wrappers = [new KeyWrapper(SECRET)];
  for (const epoch of await db.collection<{ secret: Binary }>('pii_epochs').find({}).toArray()) {
    wrappers.push(new KeyWrapper(SECRET, Buffer.from(epoch.secret.buffer)));
  }
  return wrappers.some((w) => {
    try {
      w.unwrap(subject, wrapped);
      return true;
    } catch {
      return false;
    }
  });
}

/** The erasure-epoch cases, on the fake and on a real server. */
function describeErasureEpochs(name: string, database: () => Promise<{ db: Db; close: () => Promise<void> }>): void {
  describe(`MongoKeyStore erasure epochs: ${name}`, function () {
    this.timeout(30_000);

    it('leaves a destroyed key unopenable from an old copy of its document, and the surviving keys intact', async () => {
      const { db, close } = await database();
      try {
        const store = new MongoKeyStore(db, SECRET, { epochGraceMs: 0 });
        const erased = `subj_${randomUUID()}`;
        const kept = `subj_${randomUUID()}`;
        await store.keyFor(erased);
        const keptKey = await store.keyFor(kept);
        // what a backup, the journal or the oplog still holds after the erasure
        const copy = await db.collection<{ _id: string; wrapped: Binary }>('pii_keys').findOne({ _id: erased });
        expect(await openableWith(db, erased, Buffer.from(copy!.wrapped.buffer))).to.equal(true);

        await store.destroy([erased]);
        // the surviving keys move to the new epoch after the erasure returns
        await store.settled();

        expect(await openableWith(db, erased, Buffer.from(copy!.wrapped.buffer))).to.equal(false);
        expect(await store.keyFor(erased)).to.equal(null);
        const other = new MongoKeyStore(db, SECRET, { epochGraceMs: 0 });
        expect((await other.existingKey(kept))!.equals(keptKey!)).to.equal(true);
      } finally {
        await close();
      }
    });

    it('moves a key written before epochs (service secret only) to an epoch, and erasing it later shreds it', async () => {
      const { db, close } = await database();
      try {
        const subject = `subj_${randomUUID()}`;
        const key = randomBytes(32);
        const legacy = new Binary(new KeyWrapper(SECRET).wrap(subject, key));
        await db.collection('pii_keys', { writeConcern: DURABLE }).insertOne({ _id: subject as never, wrapped: legacy, destroyed_at: null });
        const store = new MongoKeyStore(db, SECRET, { epochGraceMs: 0 });
        expect((await store.keyFor(subject))!.equals(key)).to.equal(true);
        const moved = await db.collection<{ _id: string; epoch?: number }>('pii_keys').findOne({ _id: subject });
        expect(moved!.epoch).to.be.a('number');
        await store.destroy([`subj_${randomUUID()}`]);
        expect((await new MongoKeyStore(db, SECRET).existingKey(subject))!.equals(key)).to.equal(true);
      } finally {
        await close();
      }
    });
  });
}

describe('MongoKeyStore on a fake replica set', () => {
  it('an erasure returns before the surviving keys move; they move through the epoch index, one bulkWrite per 500 keys', async function () {
    this.timeout(60_000);
    const fake = new FakeMongo(DURABLE);
    const store = new MongoKeyStore(fake.db, SECRET, { epochGraceMs: 0 });
    const subjects = Array.from({ length: 520 }, (_, i) => `subj_${i}`);
    const keys = new Map<string, Buffer>();
    for (const subject of subjects) keys.set(subject, Buffer.from((await store.keyFor(subject))!));
    const before = fake.calls.length;
    await store.destroy(['subj_0']);
    const writesInErasure = fake.calls.slice(before).filter((c) => c.collection === 'pii_keys' && c.method !== 'find' && c.method !== 'findOne');
    expect(writesInErasure.map((c) => c.method)).to.deep.equal(['bulkWrite']); // the destruction alone
    await store.settled();
    const moves = fake.calls.slice(before).filter((c) => c.collection === 'pii_keys' && c.method !== 'find' && c.method !== 'findOne');
    // the destruction, then 519 keys in two batches: never one write per key
    expect(moves.map((c) => c.method)).to.deep.equal(['bulkWrite', 'bulkWrite', 'bulkWrite']);
    expect(fake.indexes.get('pii_keys')?.map((i) => i.keys)).to.deep.include({ epoch: 1, _id: 1 });
    const epochs = new Set(fake.docs('pii_keys').filter((d) => d['wrapped']).map((d) => d['epoch']));
    expect(epochs.size).to.equal(1);
    expect(fake.docs('pii_epochs')).to.have.length(1);
    const fresh = new MongoKeyStore(fake.db, SECRET);
    for (const subject of ['subj_1', 'subj_300', 'subj_519']) expect((await fresh.existingKey(subject))!.equals(keys.get(subject)!)).to.equal(true);
    expect(await fresh.existingKey('subj_0')).to.equal(null);
  });

  it('hands out a key only once a majority journaled it: the key survives a failover', async () => {
    // no client-level default: the store itself must ask for durable writes
    const fake = new FakeMongo();
    const store = new MongoKeyStore(fake.db, SECRET);
    const subject = `subj_${randomUUID()}`;
    const key = await store.keyFor(subject);
    fake.failover();
    const fresh = new MongoKeyStore(fake.db, SECRET);
    expect((await fresh.existingKey(subject))!.equals(key!)).to.equal(true);
  });

  it('never hands out a key whose write was not acknowledged (applied, then lost)', async () => {
    const fake = new FakeMongo();
    const store = new MongoKeyStore(fake.db, SECRET);
    const subject = `subj_${randomUUID()}`;
    // the first epoch is created first, durably; then the key's own write times out
    await store.keyFor(`subj_${randomUUID()}`);
    fake.failNext('pii_keys', 'insertOne', writeConcernTimeout(), true);
    let error: unknown;
    await store.keyFor(subject).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(Error);
    fake.failover();
    const key = await store.keyFor(subject);
    expect(key).to.have.length(32);
    fake.failover();
    expect((await new MongoKeyStore(fake.db, SECRET).existingKey(subject))!.equals(key!)).to.equal(true);
  });
});

// the contract on the fake always, on a server named by SVC_TEST_MONGO too
// (e.g. mongodb://localhost:27017/?replicaSet=rs0; SVC_TEST_MONGO_STANDALONE=1 accepts a standalone)
describeKeyStoreContract('MongoDB (fake)', async (): Promise<KeyStore> => new MongoKeyStore(sharedFake.db, SECRET));
const sharedFake = new FakeMongo(DURABLE);
describeErasureEpochs('fake', async () => ({ db: new FakeMongo(DURABLE).db, close: async () => undefined }));

const server = process.env.SVC_TEST_MONGO;
if (server) {
  const options = { allowStandalone: process.env.SVC_TEST_MONGO_STANDALONE === '1' };
  const database = `kyc_test_ks_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  describeKeyStoreContract('MongoDB', async (): Promise<KeyStore> => {
    const connection = await MongoReadStore.connect(server, database, options);
    const store = new MongoKeyStore(connection.database, SECRET);
    return { keyFor: (s) => store.keyFor(s), existingKey: (s) => store.existingKey(s), destroy: (s) => store.destroy(s), forget: (s) => store.forget(s), close: () => connection.close() };
  });
  describeErasureEpochs('MongoDB', async () => {
    const connection = await MongoReadStore.connect(server, `${database}_e${randomUUID().slice(0, 4)}`, options);
    return {
      db: connection.database,
      close: async () => {
        await connection.database.dropDatabase();
        await connection.close();
      },
    };
  });
  after(async () => {
    const connection = await MongoReadStore.connect(server, database, options);
    await connection.database.dropDatabase();
    await connection.close();
  });
}
