import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { GridFsBlobStore } from '../../src/adapters/blob-store/gridfs.js';
import { DURABLE } from '../../src/adapters/read-store/mongo-connection.js';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { fakeBucket, FakeMongo } from '../helpers/fake-mongo.js';
import { describeBlobStoreContract } from './blob-store.contract.js';

describe('GridFsBlobStore on a fake replica set', () => {
  const crash = () => new Error('the instance stopped here');

  /** A store whose next read runs `race` once, in the middle of its first chunks: another instance writing meanwhile. */
  const racing = () => {
    const fake = new FakeMongo(DURABLE);
    let race: (() => Promise<void>) | null = null;
    const store = new GridFsBlobStore(fake.db, fakeBucket(fake, { chunkSize: 4, beforeChunk: async (_id: ObjectId, n: number) => {
      if (n === 1 && race) {
        const run = race;
        race = null;
        await run();
      }
    } }));
    return { store, during: (run: () => Promise<void>) => (race = run) };
  };

  it('serves the old or the new bytes to a read racing a put that deletes the old version', async () => {
    const { store, during } = racing();
    await store.put('k/a', Buffer.from('old bytes, several chunks'), 'text/plain');
    // in the middle of the read, another instance replaces the blob (and deletes the old chunks)
    during(() => store.put('k/a', Buffer.from('new bytes'), 'text/csv'));
    const read = await store.get('k/a');
    expect(read).to.deep.equal({ data: Buffer.from('new bytes'), contentType: 'text/csv' });
  });

  it('reads null, not an error, when a delete removes the version being read', async () => {
    const { store, during } = racing();
    await store.put('k/a', Buffer.from('old bytes, several chunks'), 'text/plain');
    during(() => store.delete('k/a'));
    expect(await store.get('k/a')).to.equal(null);
  });

  it('removes chunks before the files document, and a crash between the two is cleaned on the next start', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = new GridFsBlobStore(fake.db, fakeBucket(fake, { chunkSize: 4 }));
    await store.put('k/a', Buffer.from('personal bytes'), 'text/plain');
    fake.failNext('blobs.files', 'deleteOne', crash());
    await store.delete('k/a').catch(() => undefined);
    // chunks went first: no orphan chunk, and the blob is gone for readers
    expect(fake.docs('blobs.chunks')).to.deep.equal([]);
    expect(await store.get('k/a')).to.equal(null);
    expect(fake.docs('blobs.files')).to.have.length(1);
    // the next start sweeps what was recorded, once no upload can still be writing it
    await new GridFsBlobStore(fake.db, fakeBucket(fake)).sweep(undefined, Date.now() + 11 * 60_000);
    expect(fake.docs('blobs.files')).to.deep.equal([]);
    expect(fake.docs('blobs.cleanup')).to.deep.equal([]);
  });

  it('cleans the chunks of an upload that stopped halfway, and the old version a put stopped before deleting', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = new GridFsBlobStore(fake.db, fakeBucket(fake, { chunkSize: 4 }));
    await store.put('k/a', Buffer.from('version one'), 'text/plain');
    // the old version's deletion never ran
    fake.failNext('blobs.chunks', 'deleteMany', crash());
    await store.put('k/a', Buffer.from('version two'), 'text/plain').catch(() => undefined);
    // an upload that wrote its chunks but never its files document
    fake.failNext('blobs.files', 'insertOne', crash());
    await store.put('k/b', Buffer.from('half an upload'), 'text/plain').catch(() => undefined);
    const later = new GridFsBlobStore(fake.db, fakeBucket(fake, { chunkSize: 4 }));
    await later.sweep(undefined, Date.now() + 11 * 60_000);
    expect((await later.get('k/a'))!.data.toString()).to.equal('version two');
    expect(await later.get('k/b')).to.equal(null);
    const files = fake.docs('blobs.files');
    expect(files).to.have.length(1);
    expect(fake.docs('blobs.chunks').every((c) => String(c['files_id']) === String(files[0]!._id))).to.equal(true);
    expect(fake.docs('blobs.cleanup')).to.deep.equal([]);
  });

  it('writes durably: a stored blob survives a failover', async () => {
    const fake = new FakeMongo();
    await new GridFsBlobStore(fake.db, fakeBucket(fake)).put('k/a', Buffer.from('kept'), 'text/plain');
    fake.failover();
    expect((await new GridFsBlobStore(fake.db, fakeBucket(fake)).get('k/a'))!.data.toString()).to.equal('kept');
  });

  describeBlobStoreContract('GridFS (fake)', async () => new GridFsBlobStore(shared.db, fakeBucket(shared)));
  const shared = new FakeMongo(DURABLE);
});

// against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017/?replicaSet=rs0
const server = process.env.SVC_TEST_MONGO;
if (server) {
  const options = { allowStandalone: process.env.SVC_TEST_MONGO_STANDALONE === '1' };
  // a database of its own per run, so runs against one server never meet; dropped at the end
  const database = `kyc_test_blob_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  // GridFsBlobStore.close() leaves the connection to its owner: one connection for the file, closed here
  let mongo: Promise<MongoReadStore> | undefined;
  describeBlobStoreContract('GridFS', async () => new GridFsBlobStore((await (mongo ??= MongoReadStore.connect(server, database, options))).database));
  after(async () => {
    if (!mongo) return;
    const store = await mongo;
    await store.database.dropDatabase();
    await store.close();
  });
}
