import pg from 'pg';
import { PostgresWorkQueue } from '../../src/adapters/postgres/work-queue.js';
import { describeWorkQueueContract } from './work-queue.contract.js';
import { freshDatabase } from './postgres-database.js';

// only against a server named by SVC_TEST_POSTGRES; a database of its own per test, two pools: two instances sharing it
if (process.env.SVC_TEST_POSTGRES) {
  describeWorkQueueContract('PostgreSQL', async () => {
    const database = (await freshDatabase('kyc_test_wq'))!;
    const a = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    const b = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    return { a, b, close: async () => (await a.close(), await b.close(), await database.drop()) };
  });
} else {
  describe('PostgreSQL work queue', () => {
    it.skip('needs SVC_TEST_POSTGRES (a postgres:// URL whose user may create databases)');
  });
}
