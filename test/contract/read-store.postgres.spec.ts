import { expect } from 'chai';
import pg from 'pg';
import { findStatement, PostgresReadStore } from '../../src/adapters/postgres/read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  // created by the first test that needs it (the cluster starts only when these suites run)
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const url = async () => (database ??= await freshDatabase('kyc_test_rs'))!.url;
  after(async () => database?.drop());

  describeReadStoreContract('PostgreSQL', async () => new PostgresReadStore(new pg.Pool({ connectionString: await url() }), true));

  describe('PostgreSQL read store: filtered pages come from an index in order', () => {
    it('a where on indexed fields with the newest-first keyset is read from an index, never sorted', async () => {
      const pool = new pg.Pool({ connectionString: await url() });
      const store = new PostgresReadStore(pool, true);
      await store.ensureCollection('customers', [{ fields: ['tenant_id', 'status'] }, { fields: ['status'] }]);
      await store.commit({
        writes: Array.from({ length: 50 }, (_, i) => ({
          op: 'put' as const,
          collection: 'customers',
          id: `c${i}`,
          doc: { tenant_id: `t${i % 3}`, status: i % 2 ? 'em_monitoramento' : 'aprovado', created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() },
          position: i + 1,
        })),
      });
      const client = await pool.connect();
      try {
        // a table this small is scanned whole unless the planner is told not to
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_sort = off');
        // the statement find() runs
        for (const where of [{ status: 'em_monitoramento' }, { tenant_id: 't1', status: 'em_monitoramento' }] as Record<string, string>[]) {
          const { sql, params } = findStatement('customers', { where, before: { created_at: '2027', id: 'z' }, limit: 10 });
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
          const plan = rows.map((r) => r['QUERY PLAN']).join(' | ');
          expect(plan, plan).to.match(/Index (Only )?Scan Backward/);
          expect(plan, plan).to.not.match(/Sort/);
        }
      } finally {
        client.release();
      }
      const page = await store.find<{ created_at: string }>('customers', { where: { status: 'em_monitoramento' }, limit: 5 });
      expect(page.map((d) => d.created_at)).to.deep.equal([...page.map((d) => d.created_at)].sort().reverse());
      await store.dropCollection('customers');
      await store.close();
    });
  });

  describe('PostgreSQL read store: the SQLite semantics', () => {
    let store: PostgresReadStore;
    beforeEach(async () => {
      store = new PostgresReadStore(new pg.Pool({ connectionString: await url() }), true);
      await store.ensureCollection('semantics', [{ fields: ['tenant_id', 'external_id'], unique: true }, { fields: ['profile.kind'] }]);
    });
    afterEach(async () => {
      await store.dropCollection('semantics');
      await store.close();
    });
    const put = (id: string, doc: Record<string, unknown>) => ({ op: 'put' as const, collection: 'semantics', id, doc, position: 1 });

    it('a unique index leaves JSON null and missing fields out, as SQL NULLs', async () => {
      await store.commit({ writes: [put('a', { tenant_id: 't', external_id: null }), put('b', { tenant_id: 't', external_id: null }), put('c', { tenant_id: 't' })] });
      expect((await store.listCollection('semantics')).map((d) => d.id)).to.deep.equal(['a', 'b', 'c']);
    });

    it('compares by JSON value: a string never equals a number; nested fields are found', async () => {
      await store.commit({ writes: [put('n', { tenant_id: 't', n: 1, profile: { kind: 'pj' } }), put('s', { tenant_id: 't', n: '1', profile: { kind: 'pf' } })] });
      expect((await store.find<{ n: unknown }>('semantics', { where: { n: 1 }, limit: 10 })).map((d) => d.n)).to.deep.equal([1]);
      expect((await store.find<{ n: unknown }>('semantics', { where: { n: '1' }, limit: 10 })).map((d) => d.n)).to.deep.equal(['1']);
      expect((await store.find<{ n: unknown }>('semantics', { where: { 'profile.kind': 'pj' }, limit: 10 })).map((d) => d.n)).to.deep.equal([1]);
    });

    it('orders ids bytewise as SQLite does, documents without created_at last', async () => {
      const at = '2026-01-01T00:00:00.000Z';
      await store.commit({ writes: [put('B', { created_at: at }), put('a', { created_at: at }), put('_', { created_at: at }), put('none', {})] });
      expect((await store.find<{ created_at?: string }>('semantics', { limit: 10 })).length).to.equal(4);
      const ids = (await store.listCollection('semantics')).map((d) => d.id);
      expect(ids).to.deep.equal(['B', '_', 'a', 'none']);
      const page = await store.find<Record<string, unknown>>('semantics', { limit: 10 });
      expect(page[3]).to.deep.equal({});
    });

    it('instances starting together create one collection and its indexes without a DDL race', async () => {
      const connectionString = await url();
      const stores = Array.from({ length: 6 }, () => new PostgresReadStore(new pg.Pool({ connectionString }), true));
      try {
        for (let round = 0; round < 5; round++) {
          const name = `together_${round}`;
          await Promise.all(stores.map((s) => s.ensureCollection(name, [{ fields: ['tenant_id', 'status'] }, { fields: ['email'], unique: true }])));
          await stores[0]!.dropCollection(name);
        }
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });

    it('purges: the read-model tables are rewritten, their documents kept', async () => {
      await store.commit({ writes: [put('a', { tenant_id: 't', secret: 'old' })] });
      await store.commit({ writes: [{ ...put('a', { tenant_id: 't', secret: 'new' }), position: 2 }] });
      await store.purge();
      expect((await store.get<{ secret: string }>('semantics', 'a'))!.doc.secret).to.equal('new');
    });
  });
} else {
  describe('PostgreSQL read store', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
