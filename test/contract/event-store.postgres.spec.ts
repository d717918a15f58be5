import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { NewEvent, RecordedEvent } from '../../src/adapters/event-store/port.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../../src/adapters/postgres/event-store.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const url = async () => (database ??= await freshDatabase('kyc_test_es'))!.url;
  after(async () => database?.drop());
  const open = async (options: PostgresEventStoreOptions = {}) => new PostgresEventStore(new pg.Pool({ connectionString: await url() }), true, options);

  describeEventStoreContract('PostgreSQL', () => open());

  const event = (type: string): NewEvent => ({
    id: randomUUID(),
    type,
    data: { type },
    metadata: { tenant_id: 't', actor: 'system', request_id: null, occurred_at: '2026-11-22T12:00:00.000Z', correlation_id: 'c', causation_id: null },
  });
  const until = async (check: () => boolean, ms: number, what: string) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  describe('PostgreSQL event store: the SQLite semantics', function () {
    this.timeout(30_000);

    it('refuses ids used in another stream, and ids partly stored, writing nothing', async () => {
      const store = await open();
      try {
        const a = event('A');
        await store.append(`first-${randomUUID()}`, [a], 'no_stream');
        const other = `other-${randomUUID()}`;
        for (const batch of [[a], [event('B'), a]]) {
          await store.append(other, batch, 'any').then(
            () => expect.fail('expected a refusal'),
            (error: Error) => expect(error.message).to.match(/already used elsewhere/),
          );
        }
        expect(await store.readStream(other)).to.deep.equal([]);
      } finally {
        await store.close();
      }
    });

    it('matches stream prefixes literally (% and _ are no wildcards) and keeps data and metadata as written', async () => {
      const store = await open();
      try {
        const head = await store.headPosition();
        const odd = `pct%_${randomUUID()}`;
        await store.append(odd, [event('Literal')], 'no_stream');
        await store.append(`pctX${randomUUID()}`, [event('Other')], 'no_stream');
        const read = await store.readAll({ after: head, limit: 10, streamPrefixes: ['pct%_'] });
        expect(read.map((e) => e.type)).to.deep.equal(['Literal']);
        const data = { z: 1, a: 'ünïcode \u0000 kept', nested: { b: [1, 2.5, null], a: true } };
        const stream = `json-${randomUUID()}`;
        await store.append(stream, [{ ...event('Json'), data }], 'no_stream');
        const [stored] = await store.readStream(stream);
        expect(JSON.stringify(stored!.data)).to.equal(JSON.stringify(data));
      } finally {
        await store.close();
      }
    });
  });

  describe('PostgreSQL event store: positions follow commit order', function () {
    this.timeout(30_000);

    it('a slow append that started first commits before a faster one gets its position: no reader skips it', async () => {
      let releaseSlow!: () => void;
      const slowHeld = new Promise<void>((r) => (releaseSlow = r));
      let slowInside!: () => void;
      const slowStarted = new Promise<void>((r) => (slowInside = r));
      const slowStore = await open({
        beforeCommit: async (stream) => {
          if (!stream.startsWith('slow-')) return;
          slowInside();
          await slowHeld;
        },
      });
      const fastStore = await open();
      const reader = await open({ pollIntervalMs: 20 });
      const head = await reader.headPosition();
      const seen: RecordedEvent[] = [];
      const subscription = reader.subscribeToAll({ after: head, onBatch: async (batch) => void seen.push(...batch) });
      // a reader polling as fast as it can the whole time: every read it makes must be a prefix of the log
      const reads: number[][] = [];
      let polling = true;
      const poller = (async () => {
        while (polling) reads.push((await fastStore.readAll({ after: head, limit: 100 })).map((e) => e.position));
      })();
      try {
        const slow = slowStore.append(`slow-${randomUUID()}`, [event('Slow')], 'no_stream');
        await slowStarted; // the slow transaction holds its rows, uncommitted
        const fast = fastStore.append(`fast-${randomUUID()}`, [event('Fast')], 'no_stream');
        await new Promise((r) => setTimeout(r, 300));
        expect(seen, 'nothing is visible before the slow commit').to.deep.equal([]);
        releaseSlow();
        const [slowResult, fastResult] = await Promise.all([slow, fast]);
        expect(slowResult.position).to.be.lessThan(fastResult.position);
        await until(() => seen.length >= 2, 5_000, 'both delivered');
        expect(seen.map((e) => e.type)).to.deep.equal(['Slow', 'Fast']);
        expect(seen.map((e) => e.position)).to.deep.equal([slowResult.position, fastResult.position]);
      } finally {
        polling = false;
        await poller;
        await subscription.stop();
        await Promise.all([slowStore.close(), fastStore.close(), reader.close()]);
      }
      // every read saw a prefix: never the later position without the earlier one
      for (const read of reads) expect(read, JSON.stringify(read)).to.deep.equal(read.length ? [head + 1, head + 2].slice(0, read.length) : []);
    });

    it('appends racing from several pools get dense positions, each stream in revision order', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => open()));
      try {
        const head = await stores[0]!.headPosition();
        await Promise.all(
          stores.flatMap((store, s) => Array.from({ length: 10 }, (_, i) => store.append(`race${s}-${i}`, [event('A'), event('B')], 'any'))),
        );
        const all = await stores[0]!.readAll({ after: head, limit: 1000 });
        expect(all.map((e) => e.position)).to.deep.equal(Array.from({ length: 80 }, (_, i) => head + 1 + i));
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
  });

  describe('PostgreSQL event store: NOTIFY wakes subscribers, polling delivers', function () {
    this.timeout(30_000);

    const deliveredWithin = async (reader: PostgresEventStore, writer: PostgresEventStore): Promise<number> => {
      const head = await writer.headPosition();
      const seen: string[] = [];
      const subscription = reader.subscribeToAll({ after: head, onBatch: async (batch) => void seen.push(...batch.map((e) => e.type)) });
      try {
        await new Promise((r) => setTimeout(r, 300)); // the subscription is idle, waiting
        const started = Date.now();
        await writer.append(`wake-${randomUUID()}`, [event('Woken')], 'no_stream');
        await until(() => seen.includes('Woken'), 15_000, 'delivery');
        return Date.now() - started;
      } finally {
        await subscription.stop();
      }
    };

    it("an other instance's append reaches an idle subscriber within ~100 ms, not the poll interval", async () => {
      const reader = await open({ pollIntervalMs: 10_000 });
      const writer = await open();
      try {
        const latencies = [];
        for (let i = 0; i < 3; i++) latencies.push(await deliveredWithin(reader, writer));
        expect(Math.min(...latencies), JSON.stringify(latencies)).to.be.lessThan(150);
        expect(Math.max(...latencies), JSON.stringify(latencies)).to.be.lessThan(1_000);
      } finally {
        await Promise.all([reader.close(), writer.close()]);
      }
    });

    it('a lost notification is delivered by the poll interval', async () => {
      // no LISTEN at all: every notification is lost
      const reader = await open({ pollIntervalMs: 400, listen: false });
      const writer = await open();
      try {
        const latency = await deliveredWithin(reader, writer);
        expect(latency).to.be.lessThan(1_500);
      } finally {
        await Promise.all([reader.close(), writer.close()]);
      }
    });

    it('a dropped LISTEN connection reconnects, and notifications wake again', async () => {
      const lost: unknown[] = [];
      const reader = await open({ pollIntervalMs: 10_000, onListenError: (error) => lost.push(error) });
      const writer = await open();
      const admin = new pg.Client({ connectionString: await url() });
      await admin.connect();
      try {
        const head = await writer.headPosition();
        const seen: string[] = [];
        const subscription = reader.subscribeToAll({ after: head, onBatch: async (batch) => void seen.push(...batch.map((e) => e.type)) });
        const listening = async () =>
          (await admin.query("SELECT pid FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database()")).rows as { pid: number }[];
        for (let i = 0; (await listening()).length === 0; i++) {
          if (i > 100) throw new Error('no LISTEN connection');
          await new Promise((r) => setTimeout(r, 20));
        }
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE $1 AND datname = current_database()', ['LISTEN%']);
        await until(() => lost.length > 0, 5_000, 'the drop reported');
        await new Promise((r) => setTimeout(r, 500)); // reconnected (100 ms backoff)
        const started = Date.now();
        await writer.append(`wake-${randomUUID()}`, [event('AfterDrop')], 'no_stream');
        await until(() => seen.includes('AfterDrop'), 15_000, 'delivery after the drop');
        await subscription.stop();
        expect(Date.now() - started).to.be.lessThan(1_000);
      } finally {
        await admin.end();
        await Promise.all([reader.close(), writer.close()]);
      }
    });
  });
} else {
  describe('PostgreSQL event store', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
