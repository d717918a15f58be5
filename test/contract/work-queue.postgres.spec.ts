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
} else {
  describe('PostgreSQL work queue', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
