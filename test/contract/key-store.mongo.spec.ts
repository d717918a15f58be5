import { randomUUID } from 'node:crypto';
import { MongoKeyStore } from '../../src/adapters/pii/mongo-key-store.js';
import type { KeyStore } from '../../src/adapters/pii/key-store.js';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { describeKeyStoreContract } from './key-store.contract.js';

// only against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017
const server = process.env.SVC_TEST_MONGO;
if (server) {
  const database = `kyc_test_ks_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  describeKeyStoreContract('MongoDB', async (): Promise<KeyStore> => {
    const connection = await MongoReadStore.connect(server, database);
    const store = new MongoKeyStore(connection.database, 'contract-secret');
    return { keyFor: (s) => store.keyFor(s), existingKey: (s) => store.existingKey(s), destroy: (s) => store.destroy(s), forget: (s) => store.forget(s), close: () => connection.close() };
  });
  after(async () => {
    const connection = await MongoReadStore.connect(server, database);
    await connection.database.dropDatabase();
    await connection.close();
  });
}
