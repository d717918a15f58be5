import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { DocumentTooLargeError, DURABLE, MajorityUnavailableError } from '../../src/adapters/read-store/mongo-connection.js';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { UniqueViolationError } from '../../src/adapters/read-store/port.js';
import { duplicate, FakeMongo } from '../helpers/fake-mongo.js';
import { describeReadStoreContract } from './read-store.contract.js';
import { projections } from '../../src/app/modules/read-models.js';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import { projector, projectionProcessorId, type Projection } from '../../src/projections/projector.js';

describe('MongoReadStore on a fake replica set', () => {
  const put = (collection: string, id: string, doc: Record<string, unknown>, position = 1) => ({ op: 'put' as const, collection, id, doc, position });

  it('commits documents and checkpoint in one transaction: a unique-key violation leaves nothing written', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = new MongoReadStore(fake.client, fake.db);
    fake.failNext('rm_b', 'bulkWrite', duplicate('rm_b'));
    let failed: unknown;
    await store
      .commit({ writes: [put('a', '1', { n: 1 }), put('b', '1', { n: 1 })], checkpoint: { processor: 'p', position: 3 } })
      .catch((error: unknown) => (failed = error));
    expect(failed).to.be.instanceOf(UniqueViolationError);
    expect(await store.get('a', '1')).to.equal(null);
    expect(await store.getCheckpoint('p')).to.equal(null);
    // and a commit that succeeds is durable (survives a failover)
    await store.commit({ writes: [put('a', '1', { n: 2 }, 4)], checkpoint: { processor: 'p', position: 4 } });
    fake.failover();
    expect((await store.get('a', '1'))?.position).to.equal(4);
    expect(await store.getCheckpoint('p')).to.equal(4);
  });

  it('one writer per processor: two instances projecting the same events never conflict, and the survivor completes the read model when the writer stops', async () => {
    const fake = new FakeMongo(DURABLE);
    const writer = { leaseMs: 300, pollMs: 10 };
    const one = new MongoReadStore(fake.client, fake.db, true, undefined, writer);
    const two = new MongoReadStore(fake.client, fake.db, true, undefined, writer);
    const things: Projection<Record<string, unknown>> = {
      name: 'things',
      collection: 'things',
      indexes: [],
      // every event changes the counter too: the document every instance would write at once
      documentIds: (event) => [String((event.data as { id: string }).id), 'counter'],
      evolve: (doc, event, id) => (id === 'counter' ? { n: ((doc?.['n'] as number | undefined) ?? 0) + 1 } : { ...(event.data as Record<string, unknown>) }),
    };
    const event = (position: number) => ({ type: 'Thing', position, data: { id: `t${position}` } }) as unknown as StoredEvent;
    const batches = Array.from({ length: 10 }, (_, b) => Array.from({ length: 5 }, (_, i) => event(b * 5 + i + 1)));
    const [a, b] = [projector(things, one), projector(things, two)];
    // both instances handle the same batches at the same time, as their runners do
    for (const batch of batches.slice(0, 6)) await Promise.all([a.handle(batch, batch[4]!.position), b.handle(batch, batch[4]!.position)]);
    expect(fake.writeConflicts).to.equal(0);
    expect(await one.getCheckpoint(projectionProcessorId('things'))).to.equal(30);
    expect((await one.get<{ n: number }>('things', 'counter'))?.doc.n).to.equal(30);
    // the writer (whichever it is) stops; the other takes over once its lease expires, and misses nothing
    const leaseHolder = fake.docs('writer_leases')[0]!['owner'];
    const survivor = (one as unknown as { instance: string }).instance === leaseHolder ? b : a;
    for (const batch of batches.slice(6)) await survivor.handle(batch, batch[4]!.position);
    expect(await one.getCheckpoint(projectionProcessorId('things'))).to.equal(50);
    expect((await one.listCollection('things')).length).to.equal(51);
    expect((await one.get<{ n: number }>('things', 'counter'))?.doc.n).to.equal(50);
    expect(fake.writeConflicts).to.equal(0);
  });

  it('every list query has an index with its equality fields first, then the sort keys (created_at, _id) newest first', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = new MongoReadStore(fake.client, fake.db);
    for (const projection of projections()) await store.ensureCollection(projection.collection, projection.indexes);
    const keysOf = (collection: string) => (fake.indexes.get(`rm_${collection}`) ?? []).map((i) => JSON.stringify(i.keys));
    const sorted = (...fields: string[]) => JSON.stringify({ ...Object.fromEntries(fields.map((f) => [`doc.${f}`, 1])), created_at: -1, _id: -1 });
    // the customer and run lists of a tenant's environment, a list's alerts
    expect(keysOf('customers')).to.include(sorted('tenant_id', 'environment'));
    expect(keysOf('runs')).to.include(sorted('tenant_id', 'environment'));
    expect(keysOf('monitoring_alerts')).to.include(sorted('list_id'));
    // and every non-unique index carries the sort suffix
    for (const [collection, indexes] of fake.indexes) {
      for (const index of indexes) {
        if (index.options['unique']) continue;
        expect(Object.entries(index.keys).slice(-2), `${collection} ${JSON.stringify(index.keys)}`).to.deep.equal([['created_at', -1], ['_id', -1]]);
      }
    }
  });

  it('gives the client timeoutMS and a majority write concern with wtimeoutMS, the defaults or those SVC_READSTORE names', async () => {
    const fake = new FakeMongo(DURABLE);
    await MongoReadStore.connect('mongodb://db/?replicaSet=rs0', 'kyc', { createClient: fake.createClient });
    expect(fake.clientOptions).to.deep.include({ timeoutMS: 30_000, writeConcern: { w: 'majority', journal: true, wtimeoutMS: 10_000 }, readConcern: { level: 'majority' } });
    await MongoReadStore.connect('mongodb://db/?replicaSet=rs0&timeoutMS=5000&wtimeoutMS=2000', 'kyc', { createClient: fake.createClient });
    expect(fake.clientOptions).to.deep.include({ timeoutMS: 5_000, writeConcern: { w: 'majority', journal: true, wtimeoutMS: 2_000 } });
    let refused: unknown;
    await MongoReadStore.connect('mongodb://db/?wtimeoutMS=soon', 'kyc', { createClient: fake.createClient }).catch((error: unknown) => (refused = error));
    expect((refused as Error).message).to.match(/wtimeoutMS must be a positive number/);
  });

  it('a durable write without a majority fails with a clear error instead of waiting for ever', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = await MongoReadStore.connect('mongodb://db/?replicaSet=rs0&wtimeoutMS=2000', 'kyc', { createClient: fake.createClient });
    fake.loseMajority();
    const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 1_000));
    const outcome = await Promise.race([store.commit({ writes: [put('a', '1', { n: 1 })], checkpoint: { processor: 'p', position: 1 } }).then(() => 'committed', (error: unknown) => error), hung]);
    expect(outcome).to.be.instanceOf(MajorityUnavailableError);
    expect((outcome as Error).message).to.match(/majority of the replica set within 2000 ms/);
    // the checkpoints' own writes (a rebuild's swap) carry the wait too: a write concern without it waits for ever
    const checkpoints = fake.calls.filter((c) => c.collection === 'checkpoints');
    expect(checkpoints.every((c) => (c.options?.['writeConcern'] as { wtimeoutMS?: number } | undefined)?.wtimeoutMS !== undefined || c.options?.['session'])).to.equal(true);
    const bare = fake.db.collection('other', { writeConcern: { w: 'majority', journal: true } });
    const waited = await Promise.race([bare.insertOne({ _id: 'x' } as never).then(() => 'written'), new Promise((resolve) => setTimeout(() => resolve('hung'), 200))]);
    expect(waited).to.equal('hung');
  });

  it('refuses a document over 16 MiB before any call, with DocumentTooLargeError', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = new MongoReadStore(fake.client, fake.db);
    let failed: unknown;
    await store
      .commit({ writes: [put('a', 'small', { n: 1 }), put('a', 'big', { blob: 'x'.repeat(16 * 1024 * 1024) })], checkpoint: { processor: 'p', position: 1 } })
      .catch((error: unknown) => (failed = error));
    expect(failed).to.be.instanceOf(DocumentTooLargeError);
    expect((failed as Error).message).to.match(/rm_a .*16777216/);
    expect(fake.docs('rm_a')).to.deep.equal([]);
    expect(await store.getCheckpoint('p')).to.equal(null);
  });
});

// against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017/?replicaSet=rs0
const server = process.env.SVC_TEST_MONGO;
if (server) {
  const options = { allowStandalone: process.env.SVC_TEST_MONGO_STANDALONE === '1' };
  // a database of its own per run, so runs against one server never meet; dropped at the end
  const database = `kyc_test_rs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  describeReadStoreContract('MongoDB', () => MongoReadStore.connect(server, database, options));

  describe('MongoReadStore size guard: MongoDB', () => {
    it('refuses a document over 16 MiB with DocumentTooLargeError, not a server error', async () => {
      const store = await MongoReadStore.connect(server, database, options);
      try {
        const commit = store.commit({ writes: [{ op: 'put', collection: 'big', id: 'x', doc: { blob: 'x'.repeat(16 * 1024 * 1024) }, position: 1 }] });
        let failed: unknown;
        await commit.catch((error: unknown) => (failed = error));
        expect(failed).to.be.instanceOf(DocumentTooLargeError);
      } finally {
        await store.close();
      }
    });
  });

  after(async () => {
    const store = await MongoReadStore.connect(server, database, options);
    await store.database.dropDatabase();
    await store.close();
  });
}
