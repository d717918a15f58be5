import { expect } from 'chai';
import pg from 'pg';
import { ManualClock } from '../../src/adapters/clock.js';
import { silentLogger } from '../../src/logger.js';
import { DONE, Worker } from '../../src/processing/worker.js';
import { migrate } from '../../src/adapters/postgres/migrations.js';
import { PostgresWorkQueue } from '../../src/adapters/postgres/work-queue.js';
import { describeWorkQueueContract } from './work-queue.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  describeWorkQueueContract('PostgreSQL', async () => {
    const database = (await freshDatabase('kyc_test_wq'))!;
    const a = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    const b = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    return { a, b, close: async () => (await a.close(), await b.close(), await database.drop()) };
  });

  describe('PostgreSQL work queue: leases judged by the database clock', () => {
    const HOUR = 3_600_000;
    let database: { url: string; drop(): Promise<void> };
    let a: PostgresWorkQueue;
    let b: PostgresWorkQueue;
    beforeEach(async () => {
      database = (await freshDatabase('kyc_test_wq'))!;
      a = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
      b = new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true);
    });
    afterEach(async () => (await a.close(), await b.close(), await database.drop()));

    it('an instance whose clock is an hour ahead does not steal a live lease, nor renew one it does not hold', async () => {
      const clock = new ManualClock(new Date('2026-03-02T12:00:00Z'));
      const ahead = new ManualClock(new Date(clock.now().getTime() + HOUR));
      await a.enqueue([{ id: 'x', kind: 'k', payload: {}, due_at: clock.now().getTime() }], clock.now().getTime());
      const [x] = await a.claim({ kinds: ['k'], owner: 'w1', now: clock.now().getTime(), leaseMs: 60_000, limit: 1 });
      expect(x!.id).to.equal('x');
      expect(await b.claim({ kinds: ['k'], owner: 'fast', now: ahead.now().getTime(), leaseMs: 60_000, limit: 1 })).to.deep.equal([]);
      // its next look is when the lease runs out by the database, on its own clock: about a minute on
      const next = (await b.nextClaimable(['k'], ahead.now().getTime()))!;
      expect(next - ahead.now().getTime()).to.be.within(50_000, 60_000);
      await b.renew(['x'], 'fast', ahead.now().getTime(), 1);
      expect((await a.get('x'))!.owner).to.equal('w1');
      expect(await a.complete(x!, 'w1', clock.now().getTime())).to.equal(true);
    });

    it('an instance whose clock is an hour behind takes over an expired lease at once', async () => {
      const clock = new ManualClock(new Date('2026-03-02T12:00:00Z'));
      const behind = new ManualClock(new Date(clock.now().getTime() - HOUR));
      await a.enqueue([{ id: 'x', kind: 'k', payload: {}, due_at: behind.now().getTime() }], clock.now().getTime());
      const [x] = await a.claim({ kinds: ['k'], owner: 'w1', now: clock.now().getTime(), leaseMs: 200, limit: 1 });
      expect(x!.id).to.equal('x');
      // a renewal by the owner extends from the database's now, whatever its clock says
      await a.renew(['x'], 'w1', clock.now().getTime() - 10 * HOUR, 300);
      expect(await b.claim({ kinds: ['k'], owner: 'slow', now: behind.now().getTime(), leaseMs: 60_000, limit: 1 })).to.deep.equal([]);
      await new Promise((resolve) => setTimeout(resolve, 400)); // w1 died: its lease runs out
      const taken = await b.claim({ kinds: ['k'], owner: 'slow', now: behind.now().getTime(), leaseMs: 60_000, limit: 1 });
      expect(taken.map((i) => i.id)).to.deep.equal(['x']);
      expect(await b.nextClaimable(['k'], behind.now().getTime())).to.be.greaterThan(behind.now().getTime() + 50_000);
    });

    it('workers: one whose clock runs an hour ahead never executes an item another is executing (its renewals hold the lease)', async () => {
      const clock = new ManualClock(new Date('2026-03-02T12:00:00Z'));
      const ahead = new ManualClock(new Date(clock.now().getTime() + HOUR));
      const options = { concurrency: 2, leaseMs: 600, pollMs: 50 };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const ran: string[] = [];
      const kind = (owner: string) => ({
        workKind: 'k',
        timeoutMs: 10_000,
        maxAttempts: 3,
        execute: async () => (ran.push(owner), await held, DONE),
      });
      const slow = new Worker(a, clock, silentLogger, { ...options, owner: 'on-time' }).register(kind('on-time'));
      const fast = new Worker(b, ahead, silentLogger, { ...options, owner: 'fast' }).register(kind('fast'));
      await slow.schedule([{ id: 'x', kind: 'k', payload: {}, due_at: clock.now().getTime() }]);
      const running = slow.runDue();
      while (ran.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // well past the lease's 600 ms: only the renewals (from the database's now) keep it
      for (let i = 0; i < 8; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await fast.runDue();
      }
      release();
      await running;
      expect(ran).to.deep.equal(['on-time']);
      expect(await a.get('x')).to.deep.include({ status: 'done', owner: null, lease_until: 0 });
    });

    it('reports a released lease as 0 and a held one on the database clock', async () => {
      await a.enqueue([{ id: 'x', kind: 'k', payload: {}, due_at: 0 }], 0);
      expect((await a.get('x'))!.lease_until).to.equal(0);
      const probe = new pg.Client({ connectionString: database.url });
      await probe.connect();
      const { rows } = await probe.query<{ now: Date }>('SELECT now()').finally(() => probe.end());
      const [x] = await a.claim({ kinds: ['k'], owner: 'w1', now: 0, leaseMs: 60_000, limit: 1 });
      expect((await a.get('x'))!.lease_until - rows[0]!.now.getTime()).to.be.within(59_000, 61_000);
      await a.reschedule(x!, 'w1', 0, null, 0);
      expect(await a.get('x')).to.deep.include({ owner: null, lease_until: 0 });
    });

    it('migration 6 converts a lease column made as a service-clock BIGINT', async () => {
      const pool = new pg.Pool({ connectionString: database.url, max: 1 });
      try {
        await pool.query(`CREATE TABLE work_items (
          id TEXT COLLATE "C" PRIMARY KEY, kind TEXT NOT NULL, payload JSONB NOT NULL, status TEXT NOT NULL,
          due_at BIGINT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0,
          owner TEXT, lease_until BIGINT NOT NULL DEFAULT 0, last_error TEXT, updated_at BIGINT NOT NULL)`);
        await pool.query(`INSERT INTO work_items (id, kind, payload, status, due_at, updated_at) VALUES ('old', 'k', '{}', 'pending', 0, 0)`);
        expect(await migrate(pool)).to.include(6);
        expect((await a.claim({ kinds: ['k'], owner: 'w1', now: 0, leaseMs: 60_000, limit: 5 })).map((i) => i.id)).to.deep.equal(['old']);
        const { rows } = await pool.query<{ data_type: string }>(
          "SELECT data_type FROM information_schema.columns WHERE table_name = 'work_items' AND column_name = 'lease_until'",
        );
        expect(rows[0]!.data_type).to.equal('timestamp with time zone');
      } finally {
        await pool.end();
      }
    });
  });

  describe('PostgreSQL work queue: instances starting together', () => {
    it('create the table once, without a catalog race, on a fresh database', async () => {
      const database = (await freshDatabase('kyc_test_wq'))!;
      const queues = Array.from({ length: 6 }, () => new PostgresWorkQueue(new pg.Pool({ connectionString: database.url }), true));
      try {
        expect(await Promise.all(queues.map((q) => q.get('none')))).to.deep.equal(queues.map(() => null));
      } finally {
        await Promise.all(queues.map((q) => q.close()));
        await database.drop();
      }
    });
  });
} else {
  describe('PostgreSQL work queue', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
