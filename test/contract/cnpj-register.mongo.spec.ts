import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { MongoCnpjRegister, MongoRegisterTarget } from '../../src/adapters/cnpj-register/mongo.js';
import { DURABLE } from '../../src/adapters/read-store/mongo-connection.js';
import { FakeMongo } from '../helpers/fake-mongo.js';
import { describeCnpjRegisterContract } from './cnpj-register.contract.js';

// always, over the fake of the client boundary (replaceOne upserts, projections, drops)
describeCnpjRegisterContract('MongoDB (fake replica set)', async () => {
  const fake = new FakeMongo(DURABLE);
  return { target: new MongoRegisterTarget(fake.db), reader: () => new MongoCnpjRegister(fake.db, { recheckMs: 0 }), cleanup: async () => undefined };
});

// only against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017
const server = process.env.SVC_TEST_MONGO;
if (server) {
  describeCnpjRegisterContract('MongoDB', async () => {
    // a database of its own per test, dropped at the end
    const client = await MongoClient.connect(server, { ignoreUndefined: true });
    const db = client.db(`kyc_test_cnpj_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    return {
      target: new MongoRegisterTarget(db),
      reader: () => new MongoCnpjRegister(db, { recheckMs: 0 }),
      cleanup: async () => {
        await db.dropDatabase();
        await client.close();
      },
    };
  });
}
