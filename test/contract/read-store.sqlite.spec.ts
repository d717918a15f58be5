import { expect } from 'chai';
import Database from 'better-sqlite3';
import { findStatement, SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { describeReadStoreContract } from './read-store.contract.js';

describeReadStoreContract('SQLite', async () => new SqliteReadStore(`${tempDir()}/read.sqlite`));

describe('SQLite read store: filtered pages come from an index in order', () => {
  it('a where on indexed fields with the newest-first keyset is read from the index, never sorted in a temporary tree', async () => {
    const path = `${tempDir()}/read.sqlite`;
    const store = new SqliteReadStore(path);
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
    // the statement find() runs
    const db = new Database(path, { readonly: true });
    const plan = (where: Record<string, string>) => {
      const { sql, params } = findStatement('customers', { where, before: { created_at: '2027', id: 'z' }, limit: 10 });
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | ');
    };
    for (const where of [{ status: 'em_monitoramento' }, { tenant_id: 't1', status: 'em_monitoramento' }] as Record<string, string>[]) {
      const detail = plan(where);
      expect(detail, detail).to.match(/USING INDEX/);
      expect(detail, detail).to.not.match(/TEMP B-TREE/);
    }
    db.close();
    const page = await store.find<{ created_at: string }>('customers', { where: { status: 'em_monitoramento' }, limit: 5 });
    expect(page.map((d) => d.created_at)).to.deep.equal([...page.map((d) => d.created_at)].sort().reverse());
    await store.close();
  });
});
