import { randomUUID } from 'node:crypto';
import { GridFsBlobStore } from '../../src/adapters/blob-store/gridfs.js';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { describeBlobStoreContract } from './blob-store.contract.js';

// only against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017
const server = process.env.SVC_TEST_MONGO;
if (server) {
  // a database of its own per run, so runs against one server never meet; dropped at the end
  const database = `kyc_test_blob_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  // GridFsBlobStore.close() leaves the connection to its owner: one connection for the file, closed here
  let mongo: Promise<MongoReadStore> | undefined;
  describeBlobStoreContract('GridFS', async () => new GridFsBlobStore((await (mongo ??= MongoReadStore.connect(server, database))).database));
  after(async () => {
    if (!mongo) return;
    const store = await mongo;
    await store.database.dropDatabase();
    await store.close();
  });
}
