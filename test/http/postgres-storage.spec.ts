import { expect } from 'chai';
import pg from 'pg';
import { FsBlobStore } from '../../src/adapters/blob-store/fs.js';
import { PostgresBlobStore } from '../../src/adapters/postgres/blob-store.js';
import { PostgresKeyStore } from '../../src/adapters/postgres/key-store.js';
import { PostgresReadStore } from '../../src/adapters/postgres/read-store.js';
import { PostgresWorkQueue } from '../../src/adapters/postgres/work-queue.js';
import { tempDir } from '../helpers/temp.js';
import type { TestService } from '../helpers/service.js';
import { freshDatabase, postgresUnavailable } from '../contract/postgres-database.js';
import { createRun, getJson, pfSubject, startRunsService, waitForRun, world } from './runs-support.js';

/**
 * The whole service on PostgreSQL (issue 32): events, read models, work queue, keys and blobs in one
 * fresh database, migrated at start; a run created through HTTP reaches a terminal status, and a
 * restart on the same database reads it back. Then the mix: SQLite events, PostgreSQL read models.
 */
const unavailable = postgresUnavailable();
if (unavailable === null) {
  describe('the service on PostgreSQL', function () {
    this.timeout(60_000);
    let database: NonNullable<Awaited<ReturnType<typeof freshDatabase>>>;
    let service: TestService | undefined;
    beforeEach(async () => {
      database = (await freshDatabase('kyc_test_e2e'))!;
    });
    afterEach(async () => {
      await service?.close();
      service = undefined;
      await database.drop();
    });
    const terminal = ['completed', 'blocked', 'pending_review', 'partial', 'failed'];

    it('everything on one database: a run reaches a terminal status, and a restart reads it back', async () => {
      const env = { SVC_EVENTSTORE: database.url, SVC_READSTORE: database.url, SVC_BLOBSTORE: 'postgres' };
      const dataDir = tempDir();
      service = await startRunsService({ env, dataDir });
      const { readStore, workQueue, blobStore, keyStore } = service.services;
      expect([readStore, workQueue, blobStore, keyStore].map((s) => s.constructor.name)).to.deep.equal([
        PostgresReadStore.name,
        PostgresWorkQueue.name,
        PostgresBlobStore.name,
        PostgresKeyStore.name,
      ]);
      await blobStore.put('probe/e2e.txt', Buffer.from('no disk'), 'text/plain');
      const w = await world(service);
      const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
      const done = await waitForRun(service, w.key, runId, 15_000);
      expect(terminal, String(done['status'])).to.include(done['status']);
      await service.close();
      service = undefined;

      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const migrations = await admin.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations');
        expect(Number(migrations.rows[0]!.n)).to.be.greaterThan(0);
        const events = await admin.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE stream LIKE 'run-%'");
        expect(Number(events.rows[0]!.n)).to.be.greaterThan(0);
        const blobs = await admin.query<{ key: string }>('SELECT key FROM blobs');
        expect(blobs.rows.map((r) => r.key)).to.include('probe/e2e.txt');
        const keys = await admin.query<{ n: string }>('SELECT count(*) AS n FROM subject_keys');
        expect(Number(keys.rows[0]!.n), 'the subject keys are in the database').to.be.greaterThan(0);
      } finally {
        await admin.end();
      }

      // a new instance on the same database (another data directory: nothing read from the disk but secrets)
      service = await startRunsService({ env: { ...env, SVC_SECRET_KEY: 'test-secret-key' }, dataDir: tempDir() });
      const again = await getJson(service, w.key, `/bureau/runs/${runId}`);
      const body = (await again.json()) as Record<string, unknown>;
      expect(again.status, JSON.stringify(body)).to.equal(200);
      expect(body['status']).to.equal(done['status']);
      expect(body['subject']).to.deep.equal(done['subject']);
    });

    it('SQLite events with the read models, work queue and keys on PostgreSQL', async () => {
      service = await startRunsService({ env: { SVC_READSTORE: database.url } });
      // the blobs stay on the disk unless SVC_BLOBSTORE=postgres
      expect(service.services.blobStore.constructor.name).to.equal(FsBlobStore.name);
      expect(service.services.keyStore.constructor.name).to.equal(PostgresKeyStore.name);
      const w = await world(service);
      const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
      const done = await waitForRun(service, w.key, runId, 15_000);
      expect(terminal).to.include(done['status']);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const checkpoints = await admin.query<{ n: string }>('SELECT count(*) AS n FROM read_checkpoints');
        expect(Number(checkpoints.rows[0]!.n)).to.be.greaterThan(0);
        const events = await admin.query<{ n: string }>('SELECT count(*) AS n FROM events');
        expect(Number(events.rows[0]!.n), 'the events stay in SQLite').to.equal(0);
      } finally {
        await admin.end();
      }
    });
  });
} else {
  describe('the service on PostgreSQL', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
