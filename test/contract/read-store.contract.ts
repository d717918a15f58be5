import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { UniqueViolationError, type ReadStore } from '../../src/adapters/read-store/port.js';

/** The read store contract: SQLite always, MongoDB when SVC_TEST_MONGO names a server. */
export function describeReadStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, function () {
    this.timeout(30_000);
    let store: ReadStore;
    let coll: string;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();
    const put = (id: string, doc: Record<string, unknown>, position = 1) => ({ op: 'put' as const, collection: coll, id, doc, position });

    beforeEach(async () => {
      store = await open();
      coll = `c_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await store.ensureCollection(coll, [{ fields: ['tenant_id', 'external_id'], unique: true }, { fields: ['tenant_id', 'status'] }]);
    });
    afterEach(async () => {
      await store.dropCollection(coll);
      await store.close();
    });

    it('puts, gets and deletes documents with their position', async () => {
      await store.commit({ writes: [put('a', { tenant_id: 't1', n: 1, nested: { x: [1, 2] } }, 7)] });
      expect(await store.get(coll, 'a')).to.deep.equal({ id: 'a', doc: { tenant_id: 't1', n: 1, nested: { x: [1, 2] } }, position: 7 });
      await store.commit({ writes: [put('a', { tenant_id: 't1', n: 2 }, 9)] });
      expect((await store.get<{ n: number }>(coll, 'a'))!.doc.n).to.equal(2);
      const many = await store.getMany(coll, ['a', 'missing']);
      expect([...many.keys()]).to.deep.equal(['a']);
      await store.commit({ writes: [{ op: 'delete', collection: coll, id: 'a' }] });
      expect(await store.get(coll, 'a')).to.equal(null);
    });

    it('applies the puts and deletes of one commit together: in one collection, in several, and a document deleted and put again', async () => {
      await store.commit({ writes: [put('a', { tenant_id: 't', n: 1 }, 1), put('b', { tenant_id: 't', n: 1 }, 1)] });
      const del = (collection: string, id: string) => ({ op: 'delete' as const, collection, id });
      // one collection, each document once: puts, a delete, a put not newer than the stored one (left), and the checkpoint
      await store.commit({
        writes: [put('c', { tenant_id: 't', n: 2, created_at: at(1) }, 2), del(coll, 'a'), put('b', { tenant_id: 't', n: 0 }, 1)],
        checkpoint: { processor: `p-${coll}-mixed`, position: 2 },
      });
      expect(await store.get(coll, 'a')).to.equal(null);
      expect((await store.get<{ n: number }>(coll, 'b'))!.doc.n).to.equal(1);
      expect(await store.get(coll, 'c')).to.deep.equal({ id: 'c', doc: { tenant_id: 't', n: 2, created_at: at(1) }, position: 2 });
      expect((await store.find(coll, { where: { tenant_id: 't' }, limit: 10 })).length).to.equal(2);
      expect(await store.getCheckpoint(`p-${coll}-mixed`)).to.equal(2);
      // deleted and put again in one commit: put, even at an older position (the delete went first)
      await store.commit({ writes: [del(coll, 'c'), put('c', { tenant_id: 't', n: 3 }, 0)] });
      expect(await store.get(coll, 'c')).to.deep.equal({ id: 'c', doc: { tenant_id: 't', n: 3 }, position: 0 });
      // two collections: the refusal in the second takes back the write to the first
      const other = `${coll}_o`;
      await store.ensureCollection(other, [{ fields: ['tenant_id', 'external_id'], unique: true }]);
      try {
        await store.commit({ writes: [{ op: 'put', collection: other, id: 'x', doc: { tenant_id: 't', external_id: 'e' }, position: 1 }] });
        const failed = await store
          .commit({
            writes: [put('d', { tenant_id: 't' }, 4), { op: 'put', collection: other, id: 'y', doc: { tenant_id: 't', external_id: 'e' }, position: 4 }],
            checkpoint: { processor: `p-${coll}-mixed`, position: 4 },
          })
          .catch((error: unknown) => error);
        expect(failed).to.be.instanceOf(UniqueViolationError);
        expect(await store.get(coll, 'd')).to.equal(null);
        expect(await store.getCheckpoint(`p-${coll}-mixed`)).to.equal(2);
      } finally {
        await store.dropCollection(other);
      }
    });

    it('finds by equality (strings, booleans, null) newest first, with an inclusive created_at range', async () => {
      await store.commit({
        writes: [
          put('1', { tenant_id: 't1', status: 'ok', flag: true, ref: null, created_at: at(1) }),
          put('2', { tenant_id: 't1', status: 'ok', flag: false, ref: 'r', created_at: at(2) }),
          put('3', { tenant_id: 't1', status: 'bad', flag: true, ref: null, created_at: at(3) }),
          put('4', { tenant_id: 't2', status: 'ok', flag: true, ref: null, created_at: at(4) }),
        ],
      });
      const ids = (docs: { created_at: string }[]) => docs.map((d) => d.created_at.slice(14, 16));
      expect(ids(await store.find(coll, { where: { tenant_id: 't1' }, limit: 10 }))).to.deep.equal(['03', '02', '01']);
      expect(ids(await store.find(coll, { where: { tenant_id: 't1', status: 'ok' }, limit: 10 }))).to.deep.equal(['02', '01']);
      expect(ids(await store.find(coll, { where: { flag: true }, limit: 10 }))).to.deep.equal(['04', '03', '01']);
      expect(ids(await store.find(coll, { where: { ref: null, tenant_id: 't1' }, limit: 10 }))).to.deep.equal(['03', '01']);
      expect(ids(await store.find(coll, { where: { tenant_id: 't1' }, createdFrom: at(2), createdTo: at(3), limit: 10 }))).to.deep.equal(['03', '02']);
      expect(ids(await store.find(coll, { where: { tenant_id: 't1' }, limit: 2 }))).to.deep.equal(['03', '02']);
    });

    it('pages by keyset (created_at, id) so that every document appears exactly once, ties included', async () => {
      const writes = Array.from({ length: 25 }, (_, i) => {
        const id = `id${String(i).padStart(2, '0')}`;
        return put(id, { id, tenant_id: 't1', created_at: at(i % 5) });
      });
      await store.commit({ writes });
      const seen: string[] = [];
      let before: { created_at: string; id: string } | undefined;
      for (let page = 0; page < 10; page++) {
        const docs = await store.find<{ id: string; created_at: string }>(coll, { where: { tenant_id: 't1' }, limit: 7, ...(before ? { before } : {}) });
        if (docs.length === 0) break;
        seen.push(...docs.map((d) => d.id));
        const last = docs[docs.length - 1]!;
        before = { created_at: last.created_at, id: last.id };
      }
      expect(seen).to.have.length(25);
      expect(new Set(seen).size).to.equal(25);
      const expected = writes.map((w) => w.doc as { id: string; created_at: string }).sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
      expect(seen).to.deep.equal(expected.map((d) => d.id));
    });

    it('enforces unique indexes and applies nothing of a failed commit', async () => {
      await store.commit({ writes: [put('a', { tenant_id: 't1', external_id: 'x' })] });
      let failed: unknown;
      try {
        await store.commit({ writes: [put('b', { tenant_id: 't1', external_id: 'y' }), put('c', { tenant_id: 't1', external_id: 'x' })], checkpoint: { processor: `p-${coll}`, position: 5 } });
      } catch (error) {
        failed = error;
      }
      expect(failed).to.be.instanceOf(UniqueViolationError);
      // every store commits atomically (MongoDB in a transaction): nothing of the failed commit
      expect(await store.get(coll, 'b')).to.equal(null);
      expect(await store.getCheckpoint(`p-${coll}`)).to.equal(null);
      await store.commit({ writes: [put('d', { tenant_id: 't2', external_id: 'x' })] });
    });

    it('an index declared unique by an earlier version and plain now stops refusing equal values (dashboard_users.email)', async () => {
      const users = `${coll}_u`;
      await store.ensureCollection(users, [{ fields: ['email'], unique: true }]);
      await store.commit({ writes: [{ op: 'put', collection: users, id: 'a', doc: { email: 'pessoa@example.test' }, position: 1 }] });
      await store.ensureCollection(users, [{ fields: ['email'] }]);
      await store.commit({ writes: [{ op: 'put', collection: users, id: 'b', doc: { email: 'pessoa@example.test' }, position: 2 }] });
      expect((await store.find<{ email: string }>(users, { where: { email: 'pessoa@example.test' }, limit: 10 })).length).to.equal(2);
      await store.dropCollection(users);
    });

    it('never takes a document or a checkpoint back to an older position (instances applying the same events)', async () => {
      const processor = `p-${coll}-race`;
      await store.commit({ writes: [put('a', { tenant_id: 't', n: 12 }, 12)], checkpoint: { processor, position: 12 } });
      // a slower instance commits what it computed from event 11 after the faster one committed 12
      await store.commit({ writes: [put('a', { tenant_id: 't', n: 11 }, 11), put('b', { tenant_id: 't', n: 11 }, 11)], checkpoint: { processor, position: 11 } });
      expect(await store.get(coll, 'a')).to.deep.equal({ id: 'a', doc: { tenant_id: 't', n: 12 }, position: 12 });
      expect((await store.get(coll, 'b'))!.position).to.equal(11);
      expect(await store.getCheckpoint(processor)).to.equal(12);
      // a rebuild's swap still sets its checkpoint exactly
      const rebuilt = `${coll}_rb2`;
      await store.ensureCollection(rebuilt, []);
      await store.swapCollection(rebuilt, coll, { processor, position: 5 });
      expect(await store.getCheckpoint(processor)).to.equal(5);
    });

    it('stores checkpoints with the writes', async () => {
      const processor = `p-${coll}`;
      expect(await store.getCheckpoint(processor)).to.equal(null);
      await store.commit({ writes: [put('a', { tenant_id: 't' })], checkpoint: { processor, position: 42 } });
      expect(await store.getCheckpoint(processor)).to.equal(42);
      await store.commit({ writes: [], checkpoint: { processor, position: 43 } });
      expect(await store.getCheckpoint(processor)).to.equal(43);
    });

    it('swaps a rebuilt collection in place of the live one, with its checkpoint', async () => {
      const rebuilt = `${coll}_rb`;
      await store.ensureCollection(rebuilt, [{ fields: ['tenant_id', 'external_id'], unique: true }]);
      await store.commit({ writes: [put('old', { tenant_id: 't' })] });
      await store.commit({ writes: [{ op: 'put', collection: rebuilt, id: 'new', doc: { tenant_id: 't', external_id: 'e' }, position: 3 }] });
      await store.swapCollection(rebuilt, coll, { processor: `p-${coll}`, position: 99 });
      expect(await store.get(coll, 'old')).to.equal(null);
      expect((await store.get(coll, 'new'))!.position).to.equal(3);
      expect(await store.getCheckpoint(`p-${coll}`)).to.equal(99);
      expect((await store.listCollection(coll)).map((d) => d.id)).to.deep.equal(['new']);
      await store.ensureCollection(coll, [{ fields: ['tenant_id', 'external_id'], unique: true }]);
      let failed: unknown;
      try {
        await store.commit({ writes: [put('dup', { tenant_id: 't', external_id: 'e' })] });
      } catch (error) {
        failed = error;
      }
      expect(failed, 'unique index survives the swap').to.be.instanceOf(UniqueViolationError);
    });
  });
}

