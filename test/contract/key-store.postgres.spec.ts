import pg from 'pg';
import { PostgresKeyStore } from '../../src/adapters/postgres/key-store.js';
import { describeKeyStoreContract } from './key-store.contract.js';
import { freshDatabase } from './postgres-database.js';

// only against a server named by SVC_TEST_POSTGRES; every store opened is another instance on one database
if (process.env.SVC_TEST_POSTGRES) {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  before(async () => {
    database = await freshDatabase('kyc_test_keys');
  });
  after(async () => database?.drop());
  describeKeyStoreContract('PostgreSQL', async () => new PostgresKeyStore(new pg.Pool({ connectionString: database!.url }), 'contract-secret', true));
} else {
  describe('PostgreSQL key store', () => {
    it.skip('needs SVC_TEST_POSTGRES (a postgres:// URL whose user may create databases)');
  });
}
