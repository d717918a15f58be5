import { randomUUID } from 'node:crypto';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { describeReadStoreContract } from './read-store.contract.js';

// only against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017
const server = process.env.SVC_TEST_MONGO;
if (server) {
  // a database of its own per run, so runs against one server never meet; dropped at the end
  const database = `kyc_test_rs_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  describeReadStoreContract('MongoDB', () => MongoReadStore.connect(server, database));
  after(async () => {
    const store = await MongoReadStore.connect(server, database);
    await store.database.dropDatabase();
    await store.close();
  });
}
