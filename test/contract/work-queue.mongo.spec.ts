import { randomUUID } from 'node:crypto';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { MongoWorkQueue } from '../../src/adapters/work-queue/mongo.js';
import { DURABLE } from '../../src/adapters/read-store/mongo-connection.js';
import { FakeMongo } from '../helpers/fake-mongo.js';
import { describeWorkQueueContract } from './work-queue.contract.js';

// always, over the fake of the client boundary (which evaluates the queue's pipeline update and
// its $group, and throws on any operator it does not know): two queues on one fake, two instances
describeWorkQueueContract('MongoDB (fake replica set)', async () => {
  const fake = new FakeMongo(DURABLE);
  return { a: new MongoWorkQueue(fake.db), b: new MongoWorkQueue(fake.db), close: async () => undefined };
});

// only against a server named by SVC_TEST_MONGO, e.g. mongodb://localhost:27017/?replicaSet=rs0
const server = process.env.SVC_TEST_MONGO;
if (server) {
  const options = { allowStandalone: process.env.SVC_TEST_MONGO_STANDALONE === '1' };
  describeWorkQueueContract('MongoDB', async () => {
    // a database of its own per test, and two clients: two instances sharing it
    const database = `kyc_test_wq_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const one = await MongoReadStore.connect(server, database, options);
    const two = await MongoReadStore.connect(server, database, options);
    return {
      a: new MongoWorkQueue(one.database),
      b: new MongoWorkQueue(two.database),
      close: async () => {
        await one.database.dropDatabase();
        await one.close();
        await two.close();
      },
    };
  });
}
