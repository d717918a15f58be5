import { expect } from 'chai';
import pg from 'pg';
import { PostgresWorkQueue } from '../../src/adapters/postgres/work-queue.js';
import { describeWorkQueueContract } from './work-queue.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  describeWorkQueueContract('PostgreSQL', async () => {
    const database = (await freshDatabase('kyc_test_wq'))!;
    const a = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    const b = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    return { a, b, close: async () => (await a.close(), await b.close(), await database.drop()) };
  });

  describe('PostgreSQL work queue: instances starting together', () => {
    it('create the table once, without a catalog race, on a fresh database', async () => {
      const database = (await freshDatabase('kyc_test_wq'))!;
      const queues = Array.from({ length: 6 }, () => new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true));
      try {
        expect(await Promise.all(queues.map((q) => q.get('none')))).to.deep.equal(queues.map(() => null));
      } finally {
        await Promise.all(queues.map((q) => q.close()));
        await database.drop();
      }
    });
  });
} else {
  describe('PostgreSQL work queue', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
