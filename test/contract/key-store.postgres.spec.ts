import pg from 'pg';
import { PostgresKeyStore } from '../../src/adapters/postgres/key-store.js';
import { describeKeyStoreContract } from './key-store.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  // created by the first test that needs it (the cluster starts only when these suites run)
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const url = async () => (database ??= await freshDatabase('kyc_test_keys'))!.url;
  after(async () => database?.drop());
  describeKeyStoreContract('PostgreSQL', async () => new PostgresKeyStore(new pg.Pool({ connectionString: await url() }), 'contract-secret', true));
} else {
  describe('PostgreSQL key store', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
