import pg from 'pg';
import { PostgresKeyStore } from '../../src/adapters/postgres/key-store.js';
import { describeKeyStoreContract } from './key-store.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  before(async () => {
    database = await freshDatabase('kyc_test_keys');
  });
  after(async () => database?.drop());
  describeKeyStoreContract('PostgreSQL', async () => new PostgresKeyStore(new pg.Pool({ connectionString: database!.url }), 'contract-secret', true));
} else {
  describe('PostgreSQL key store', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
