import { expect } from 'chai';
import { EsdbEventStore, PROBE_STREAM, PROBE_TYPE } from '../../src/adapters/event-store/esdb.js';
import { AppendTooLargeError, InvalidPositionError, MAX_APPEND_BYTES, type RecordedEvent } from '../../src/adapters/event-store/port.js';
import { FakeEsdbClient } from '../helpers/fake-esdb-client.js';

/**
 * What the EventStoreDB adapter does at the client boundary, shown on a fake of the 6.2.1
 * client (no server runs here; test/contract/event-store.esdb.spec.ts runs the contract against
 * one when SVC_TEST_ESDB is set).
 */
describe('EventStoreDB adapter at the client boundary (fake client)', function () {
  this.timeout(10_000);
  const metadata = { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: '2026-01-01T00:00:00.000Z', correlation_id: 'c', causation_id: null };

  const until = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it('delivers a catch-up in batches of up to 500 (the client buffers that many, not its default ~31) and a live event at once, without waiting to fill a batch', async () => {
    const fake = new FakeEsdbClient();
    for (let i = 0; i < 1_200; i++) fake.seed(`thing-${i % 7}`, 'Happened', { i }, metadata);
    const store = new EsdbEventStore(fake.client);
    const sizes: number[] = [];
    const seen: number[] = [];
    const subscription = store.subscribeToAll({
      after: null,
      onBatch: async (batch) => {
        sizes.push(batch.length);
        seen.push(...batch.map((e) => e.data['i'] as number));
      },
    });
    await until(() => seen.length === 1_200, 'the catch-up');
    // the client's buffers hold ~31 events unless told more: the catch-up takes three batches, not 39
    expect(sizes[0]).to.equal(500);
    expect(sizes.every((n) => n <= 500)).to.equal(true);
    expect(sizes).to.have.length(3);
    const caughtUp = sizes.length;
    fake.seed('thing-live', 'Happened', { i: 1_200 }, metadata);
    await until(() => seen.length === 1_201, 'the live event');
    expect(sizes.slice(caughtUp)).to.deep.equal([1]);
    expect(seen).to.deep.equal(Array.from({ length: 1_201 }, (_, i) => i));
    await subscription.stop();
    expect(fake.openSubscriptions).to.equal(0);
  });

  it('cancels the gRPC call of a batch onBatch refuses before resubscribing: one open call after N failures', async () => {
    const fake = new FakeEsdbClient();
    for (let i = 0; i < 3; i++) fake.seed('thing-1', 'Happened', { i }, metadata);
    const store = new EsdbEventStore(fake.client);
    let refusals = 0;
    const taken: number[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll({
      after: null,
      onBatch: async (batch) => {
        if (refusals < 4) {
          refusals++;
          throw new Error('not now');
        }
        taken.push(...batch.map((e) => e.data['i'] as number));
      },
      onError: (error) => errors.push(error),
    });
    await until(() => taken.length === 3, 'delivery after four refusals');
    expect(fake.subscriptionsStarted).to.equal(5);
    expect(fake.openSubscriptions).to.equal(1);
    expect(errors).to.have.length(4);
    expect(taken).to.deep.equal([0, 1, 2]);
    await subscription.stop();
    expect(fake.openSubscriptions).to.equal(0);
  });

  it('resumes a subscription destroyed mid-batch after the last batch taken: nothing lost, nothing twice', async () => {
    const fake = new FakeEsdbClient();
    const store = new EsdbEventStore(fake.client);
    const seen: number[] = [];
    const subscription = store.subscribeToAll({ after: null, onBatch: async (batch) => void seen.push(...batch.map((e) => e.data['i'] as number)), onError: () => undefined });
    for (let i = 0; i < 10; i++) fake.seed('thing-1', 'Happened', { i }, metadata);
    await until(() => seen.length === 10, 'the first events');
    // the next subscription dies after pushing 3 events: the server or the network dropped it
    fake.failSubscriptionAfter = { events: 3, error: new Error('connection reset') };
    await subscription.stop();
    const resumed = store.subscribeToAll({ after: null, onBatch: async (batch) => void seen.push(...batch.map((e) => e.data['i'] as number)), onError: () => undefined });
    await until(() => seen.length === 20, 'the events again after the drop');
    for (let i = 10; i < 15; i++) fake.seed('thing-1', 'Happened', { i }, metadata);
    await until(() => seen.length === 25, 'the live events');
    await resumed.stop();
    expect(seen.slice(10)).to.deep.equal([...Array.from({ length: 10 }, (_, i) => i), 10, 11, 12, 13, 14]);
    expect(fake.openSubscriptions).to.equal(0);
  });

  it('pages readAll with maxCount from real positions, and bounds what one filtered page scans', async () => {
    const fake = new FakeEsdbClient();
    for (let i = 0; i < 10_500; i++) fake.seed(`other-${i % 5}`, 'Noise', { i }, metadata);
    fake.seed('$stats-1', '$statsCollected', {}, {});
    const wanted = fake.seed('wanted-1', 'Found', { i: 'w' }, metadata);
    const store = new EsdbEventStore(fake.client);
    const first = await store.readAllPage({ after: null, limit: 10, streamPrefixes: ['wanted-'] });
    expect(first.events).to.deep.equal([]);
    expect(first.next).to.equal(10_000 * 100);
    expect(fake.readAllRequests.every((max) => max === 500)).to.equal(true);
    const second = await store.readAllPage({ after: first.next, limit: 10, streamPrefixes: ['wanted-'] });
    expect(second.events.map((e: RecordedEvent) => e.position)).to.deep.equal([wanted.position]);
    expect(second.next).to.equal(null);
    // the unbounded read takes every page
    expect((await store.readAll({ after: null, limit: 20_000 })).length).to.equal(10_501);
  });

  it('refuses to read from a position that is not an event (the server would, as a 500)', async () => {
    const fake = new FakeEsdbClient();
    const one = fake.seed('thing-1', 'Happened', {}, metadata);
    const store = new EsdbEventStore(fake.client);
    await store.readAllPage({ after: one.position - 1, limit: 5 }).then(
      () => expect.fail('expected an InvalidPositionError'),
      (error: unknown) => expect(error).to.be.instanceOf(InvalidPositionError),
    );
    expect((await store.readAllPage({ after: one.position, limit: 5 })).events).to.deep.equal([]);
  });

  it('probes writes with one appended event of a system type, which no read, head or subscription of the adapter hands on', async () => {
    const fake = new FakeEsdbClient();
    const one = fake.seed('thing-1', 'Happened', { i: 0 }, metadata);
    const store = new EsdbEventStore(fake.client);
    await store.probeWrite();
    expect(fake.log.map((e) => [e.streamId, e.type])).to.deep.equal([
      ['thing-1', 'Happened'],
      [PROBE_STREAM, PROBE_TYPE],
    ]);
    expect(PROBE_TYPE.startsWith('$')).to.equal(true);
    expect(await store.headPosition()).to.equal(one.position);
    expect((await store.readAll({ after: null, limit: 10 })).map((e) => e.type)).to.deep.equal(['Happened']);
    expect((await store.readAllPage({ after: one.position, limit: 10 })).events).to.deep.equal([]);
    // the fake ignores the subscription's server-side filter: the adapter skips system types itself too
    const seen: string[] = [];
    const subscription = store.subscribeToAll({ after: null, onBatch: async (batch) => void seen.push(...batch.map((e) => e.type)) });
    fake.seed('thing-1', 'Later', { i: 1 }, metadata);
    await until(() => seen.includes('Later'), 'the later event');
    await subscription.stop();
    expect(seen).to.deep.equal(['Happened', 'Later']);
  });

  it('pages newest first from positions the server gave out, never from one between two events', async () => {
    const fake = new FakeEsdbClient();
    const mine = Array.from({ length: 3 }, (_, i) => fake.seed(`audit-${i}`, 'Mine', { i }, metadata));
    for (let i = 0; i < 10_500; i++) fake.seed(`other-${i % 5}`, 'Noise', { i }, { tenant_id: 't2' });
    const store = new EsdbEventStore(fake.client);
    const positions: number[] = [];
    const cursors: number[] = [];
    for (let before: number | null = null; ; ) {
      const page = await store.readAllPageBackwards({ before, limit: 2, tenantId: 't1' });
      positions.push(...page.events.map((e) => e.position));
      if (page.next === null) break;
      cursors.push(page.next);
      before = page.next;
    }
    expect(positions).to.deep.equal(mine.map((e) => e.position).reverse());
    // every cursor is a record's position, and one call looked at no more than 10,000 events
    expect(cursors.every((c) => fake.log.some((e) => e.position === c))).to.equal(true);
    expect(cursors.length).to.be.greaterThan(1);
    await store.readAllPageBackwards({ before: mine[1]!.position - 1, limit: 2 }).then(
      () => expect.fail('expected an InvalidPositionError'),
      (error: unknown) => expect(error).to.be.instanceOf(InvalidPositionError),
    );
  });

  it('refuses an append over 1 MiB without calling the server', async () => {
    const fake = new FakeEsdbClient();
    const store = new EsdbEventStore(fake.client);
    const big = { id: crypto.randomUUID(), type: 'Big', data: { blob: 'x'.repeat(MAX_APPEND_BYTES) }, metadata };
    await store.append('thing-1', [big], 'no_stream').then(
      () => expect.fail('expected an AppendTooLargeError'),
      (error: unknown) => expect(error).to.be.instanceOf(AppendTooLargeError),
    );
    expect(fake.appendCalls).to.equal(0);
  });

  it('refuses an event without a usable position (a server older than 22.6 sends 0)', async () => {
    const fake = new FakeEsdbClient();
    const stored = fake.seed('thing-1', 'Happened', {}, metadata);
    stored.position = 0;
    const store = new EsdbEventStore(fake.client);
    await store.readStream('thing-1').then(
      () => expect.fail('expected the version error'),
      (error: unknown) => expect((error as Error).message).to.match(/22\.6 or later/),
    );
  });

  it('waits at start-up until the node serves reads, and gives up with the reason after its timeout', async () => {
    const fake = new FakeEsdbClient();
    fake.unavailableReads = 3;
    const store = new EsdbEventStore(fake.client);
    await store.waitUntilServing(5_000, 10);
    expect(fake.readAllRequests.length, 'three refusals, then the read that answered').to.equal(4);
    fake.unavailableReads = 1_000;
    let error: Error | undefined;
    await store.waitUntilServing(100, 10).catch((e: Error) => (error = e));
    expect(error?.message).to.match(/did not serve reads within 100 ms: 14 UNAVAILABLE/);
  });

  it('disposes the client on close', async () => {
    const fake = new FakeEsdbClient();
    await new EsdbEventStore(fake.client).close();
    expect(fake.disposed).to.equal(true);
  });

  it('refuses tlsVerifyCert=false, which the 6.2.1 client ignores', async () => {
    await EsdbEventStore.connect('esdb://localhost:2113?tls=true&tlsVerifyCert=false').then(
      () => expect.fail('expected a refusal'),
      (error: unknown) => expect((error as Error).message).to.match(/tlsVerifyCert=false is ignored.*tlsCAFile/),
    );
  });
});
