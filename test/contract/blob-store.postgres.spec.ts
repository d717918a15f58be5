import pg from 'pg';
import { PostgresBlobStore } from '../../src/adapters/postgres/blob-store.js';
import { describeBlobStoreContract } from './blob-store.contract.js';
import { freshDatabase } from './postgres-database.js';

// only against a server named by SVC_TEST_POSTGRES
if (process.env.SVC_TEST_POSTGRES) {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  before(async () => {
    database = await freshDatabase('kyc_test_blob');
  });
  after(async () => database?.drop());
  describeBlobStoreContract('PostgreSQL', async () => new PostgresBlobStore(new pg.Pool({ connectionString: database!.url }), true));
} else {
  describe('PostgreSQL blob store', () => {
    it.skip('needs SVC_TEST_POSTGRES (a postgres:// URL whose user may create databases)');
  });
}
