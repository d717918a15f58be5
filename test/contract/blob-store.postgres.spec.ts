import pg from 'pg';
import { PostgresBlobStore } from '../../src/adapters/postgres/blob-store.js';
import { describeBlobStoreContract } from './blob-store.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  // created by the first test that needs it (the cluster starts only when these suites run)
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const url = async () => (database ??= await freshDatabase('kyc_test_blob'))!.url;
  after(async () => database?.drop());
  describeBlobStoreContract('PostgreSQL', async () => new PostgresBlobStore(new pg.Pool({ connectionString: await url() }), true));
} else {
  describe('PostgreSQL blob store', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
