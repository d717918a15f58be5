import { expect } from 'chai';
import type { WorkQueue } from '../../src/adapters/work-queue/port.js';

/**
 * The work-queue contract: every adapter (SQLite, MongoDB, PostgreSQL) passes it. Leases are
 * given as durations and may be judged by the adapter's own clock (PostgreSQL's `now()`), so a
 * lease expiry is tested with a short real lease and a service `now` moved on by as much.
 */
export function describeWorkQueueContract(name: string, open: () => Promise<{ a: WorkQueue; b: WorkQueue; close(): Promise<void> }>) {
  describe(`work queue contract: ${name}`, () => {
    let a: WorkQueue;
    let b: WorkQueue;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ a, b, close } = await open());
    });
    afterEach(async () => close());

    const item = (id: string, due_at = 1_000, extra: Record<string, unknown> = {}) => ({ id, kind: 'k', payload: { id, ...extra }, due_at });
    const claim = (q: WorkQueue, owner: string, now: number, limit = 10, leaseMs = 100) => q.claim({ kinds: ['k'], owner, now, leaseMs, limit });

    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('records an item once however often it is enqueued, and claims only what is due', async () => {
      await a.enqueue([item('x', 1_000), item('y', 50_000)], 0);
      await a.enqueue([item('x', 1_000, { again: true })], 0);
      expect((await claim(a, 'w1', 999)).map((i) => i.id)).to.deep.equal([]);
      const claimed = await claim(a, 'w1', 1_000, 10, 10_000);
      expect(claimed.map((i) => i.id)).to.deep.equal(['x']);
      expect(claimed[0]!.payload).to.deep.equal({ id: 'x' });
      // x leased for 10 s from 1000 (what is left of it, on a clock of the adapter's own), y due at 50000
      expect(await a.nextClaimable(['k'], 1_000)).to.be.within(6_000, 11_000);
    });

    it('two instances never lease one item at once; an expired lease is taken over', async () => {
      await a.enqueue(Array.from({ length: 20 }, (_, i) => item(`i${i}`)), 0);
      const [one, two] = await Promise.all([claim(a, 'w1', 1_000, 15, 500), claim(b, 'w2', 1_000, 15, 500)]);
      const ids = [...one, ...two].map((i) => i.id);
      expect(ids).to.have.length(20);
      expect(new Set(ids).size).to.equal(20);
      expect(await claim(b, 'w2', 1_050)).to.deep.equal([]);
      // w1 died: its leases expire 500 ms on, and w2 (which renews its own) takes its items
      await b.renew(two.map((i) => i.id), 'w2', 1_050, 10_000);
      await sleep(600);
      expect((await claim(b, 'w2', 1_600, 50)).map((i) => i.id).sort()).to.deep.equal(one.map((i) => i.id).sort());
    });

    it('a renewed lease holds; completing marks done, and only the owner can complete', async () => {
      await a.enqueue([item('x')], 0);
      const [x] = await claim(a, 'w1', 1_000);
      await a.renew(['x'], 'w1', 1_000, 10_000);
      expect(await claim(b, 'w2', 5_000)).to.deep.equal([]);
      await b.complete(x!, 'w2', 5_000); // not its lease: nothing happens
      expect((await a.get('x'))!.status).to.equal('pending');
      await a.complete(x!, 'w1', 5_000);
      expect(await a.get('x')).to.deep.include({ status: 'done', owner: null });
      await a.enqueue([item('x')], 6_000);
      expect((await a.get('x'))!.status).to.equal('done');
      expect(await claim(a, 'w1', 20_000)).to.deep.equal([]);
    });

    it('a rearmed item runs again: pending again when done, and once more when rearmed while it ran', async () => {
      await a.enqueue([{ ...item('r'), rearm: true }], 0);
      const [first] = await claim(a, 'w1', 1_000);
      await a.enqueue([{ ...item('r', 1_000, { n: 2 }), rearm: true }], 1_000); // while it runs
      await a.complete(first!, 'w1', 1_010);
      const view = await a.get('r');
      expect(view).to.deep.include({ status: 'pending', owner: null });
      const [second] = await claim(a, 'w1', 1_020);
      expect(second!.payload).to.deep.equal({ id: 'r', n: 2 });
      await a.complete(second!, 'w1', 1_030);
      expect((await a.get('r'))!.status).to.equal('done');
      await a.enqueue([{ ...item('r', 2_000), rearm: true }], 1_040);
      expect((await claim(a, 'w1', 2_000)).map((i) => i.id)).to.deep.equal(['r']);
    });

    it('reschedule counts failures only when given an error; fail sets an item aside for good', async () => {
      await a.enqueue([item('f'), item('g')], 0);
      const claimed = await claim(a, 'w1', 1_000);
      const f = claimed.find((i) => i.id === 'f')!;
      const g = claimed.find((i) => i.id === 'g')!;
      await a.reschedule(f, 'w1', 3_000, 'boom', 1_000);
      await a.reschedule(g, 'w1', 2_000, null, 1_000);
      expect(await a.get('f')).to.deep.include({ attempts: 1, due_at: 3_000, last_error: 'boom', owner: null });
      expect(await a.get('g')).to.deep.include({ attempts: 0, due_at: 2_000 });
      const [again] = await claim(a, 'w1', 3_000, 1);
      expect(again!.id).to.equal('g');
      await a.fail(again!, 'w1', 'gave up', 3_000);
      expect(await a.get('g')).to.deep.include({ status: 'failed', last_error: 'gave up' });
      expect((await a.list({ status: 'failed' }, 10)).map((i) => i.id)).to.deep.equal(['g']);
      expect((await claim(a, 'w1', 9_999)).map((i) => i.id)).to.deep.equal(['f']);
    });

    it('prunes done items older than a time, never pending ones', async () => {
      await a.enqueue([item('old'), item('open')], 0);
      const claimed = await claim(a, 'w1', 1_000);
      await a.complete(claimed.find((i) => i.id === 'old')!, 'w1', 1_000);
      expect(await a.prune(2_000)).to.equal(1);
      expect(await a.get('old')).to.equal(null);
      expect(await a.get('open')).to.not.equal(null);
    });
  });
}
