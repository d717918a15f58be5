import { expect } from 'chai';
import Database from 'better-sqlite3';
import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
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
    // the same statement find() runs
    const db = new Database(path, { readonly: true });
    const plan = (where: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN SELECT doc FROM rm_customers WHERE ${where} AND (created_at < ? OR (created_at = ? AND id < ?)) ORDER BY created_at DESC, id DESC LIMIT ?`).all('2027', '2027', 'z', 10) as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
    for (const where of ["json_extract(doc, '$.status') = 'em_monitoramento'", "json_extract(doc, '$.tenant_id') = 't1' AND json_extract(doc, '$.status') = 'em_monitoramento'"]) {
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
