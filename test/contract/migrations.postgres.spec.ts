import { expect } from 'chai';
import pg from 'pg';
import { migrate, MIGRATIONS, type Migration } from '../../src/adapters/postgres/migrations.js';
import { PostgresEventStore } from '../../src/adapters/postgres/event-store.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

const unavailable = postgresUnavailable();
if (unavailable === null) {
  describe('PostgreSQL migrations', function () {
    this.timeout(60_000);
    let database: NonNullable<Awaited<ReturnType<typeof freshDatabase>>>;
    const pools: pg.Pool[] = [];
    const pool = () => {
      const p = new pg.Pool({ connectionString: database.url });
      pools.push(p);
      return p;
    };
    beforeEach(async () => {
      database = (await freshDatabase('kyc_test_mig'))!;
    });
    afterEach(async () => {
      await Promise.all(pools.splice(0).map((p) => p.end()));
      await database.drop();
    });

    it('runners racing on a fresh database apply each migration exactly once; the others wait, then find nothing to do', async () => {
      const admin = pool();
      await admin.query('CREATE TABLE side_effects (version INTEGER NOT NULL)');
      // each migration leaves a row: applied twice, it would leave two (and a slow one keeps the lock a while)
      const migrations: Migration[] = [
        ...MIGRATIONS,
        { version: 100, name: 'slow side effect', statements: ['SELECT pg_sleep(0.2)', 'INSERT INTO side_effects VALUES (100)'] },
        { version: 101, name: 'side effect', statements: ['INSERT INTO side_effects VALUES (101)'] },
      ];
      const results = await Promise.all(Array.from({ length: 6 }, () => migrate(pool(), migrations)));
      const everyVersion = migrations.map((m) => m.version);
      expect(results.filter((r) => r.length > 0), 'one runner applied them all').to.deep.equal([everyVersion]);
      expect(results.filter((r) => r.length === 0)).to.have.length(5);
      const effects = await admin.query<{ version: number; n: string }>('SELECT version, count(*) AS n FROM side_effects GROUP BY version ORDER BY version');
      expect(effects.rows.map((r) => [r.version, Number(r.n)])).to.deep.equal([
        [100, 1],
        [101, 1],
      ]);
      const applied = await admin.query<{ version: number; name: string; applied_at: Date }>('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
      expect(applied.rows.map((r) => r.version)).to.deep.equal(everyVersion);
      expect(applied.rows[0]!.applied_at).to.be.instanceOf(Date);
      expect(await migrate(pool(), migrations)).to.deep.equal([]);
    });

    it('a failing migration rolls back whole and stays unapplied; the ones before it stay applied', async () => {
      const admin = pool();
      const migrations: Migration[] = [
        { version: 1, name: 'good', statements: ['CREATE TABLE good (id INTEGER)'] },
        { version: 2, name: 'bad', statements: ['CREATE TABLE half_done (id INTEGER)', 'SELECT * FROM no_such_table'] },
        { version: 3, name: 'after', statements: ['CREATE TABLE after_bad (id INTEGER)'] },
      ];
      let failure: Error | undefined;
      await migrate(pool(), migrations).catch((error: Error) => (failure = error));
      expect(failure?.message).to.match(/migration 2 \(bad\) failed and was rolled back/);
      const versions = await admin.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.map((r) => r.version)).to.deep.equal([1]);
      const tables = await admin.query<{ t: string | null }>("SELECT to_regclass('half_done')::text AS t UNION ALL SELECT to_regclass('after_bad')::text");
      expect(tables.rows.map((r) => r.t)).to.deep.equal([null, null]);
      // fixed, it applies on the next start; the advisory lock was released despite the failure
      migrations[1] = { version: 2, name: 'bad, fixed', statements: ['CREATE TABLE half_done (id INTEGER)'] };
      expect(await migrate(pool(), migrations)).to.deep.equal([2, 3]);
    });

    it("the adapters' own schema checks are no-ops after the migrations", async () => {
      const p = pool();
      await migrate(p);
      const store = new PostgresEventStore(p);
      await store.append('thing-1', [{ id: '00000000-0000-4000-8000-000000000001', type: 'A', data: {}, metadata: { tenant_id: null, actor: 'system', request_id: null, occurred_at: '2026-01-01T00:00:00.000Z', correlation_id: 'c', causation_id: null } }], 'no_stream');
      expect(await store.headPosition()).to.equal(1);
      await store.close();
    });
  });
} else {
  describe('PostgreSQL migrations', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
