import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { AppendTooLargeError, InvalidPositionError, MAX_APPEND_BYTES, WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../../src/adapters/event-store/port.js';

/**
 * The event store contract: every adapter passes it (SQLite always, EventStoreDB when
 * SVC_TEST_ESDB names a server). Streams are named with a random suffix, so the suite also runs
 * against a server that holds other data.
 */
export function describeEventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, function () {
    this.timeout(30_000);
    let store: EventStore;
    const uniq = () => randomUUID().replace(/-/g, '');
    const event = (type: string, data: Record<string, unknown> = {}, id: string = randomUUID()): NewEvent => ({
      id,
      type,
      data,
      metadata: {
        tenant_id: 'tenant-a',
        actor: 'system',
        request_id: null,
        occurred_at: '2026-11-22T12:00:00.000Z',
        correlation_id: 'c1',
        causation_id: null,
      },
    });

    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('appends to a new stream with no_stream and reads it back in order with revisions from 0', async () => {
      const stream = `thing-${uniq()}`;
      const result = await store.append(stream, [event('A', { n: 1 }), event('B', { n: 2 })], 'no_stream');
      expect(result.nextRevision).to.equal(1);
      const read = await store.readStream(stream);
      expect(read.map((e) => [e.type, e.revision, e.data['n']])).to.deep.equal([
        ['A', 0, 1],
        ['B', 1, 2],
      ]);
      expect(read[1]!.position).to.equal(result.position);
      expect(read[0]!.position).to.be.lessThan(read[1]!.position);
      // a store that gives each event its own position says where the first went, the others following
      if (result.firstPosition !== undefined) expect(read.map((e) => e.position)).to.deep.equal([result.firstPosition, result.firstPosition + 1]);
      expect(read[0]!.metadata).to.deep.include({ tenant_id: 'tenant-a', actor: 'system', correlation_id: 'c1' });
      expect(read[0]!.recorded_at).to.match(/^\d{4}-\d\d-\d\dT/);
    });

    it('reads a missing stream as empty', async () => {
      expect(await store.readStream(`missing-${uniq()}`)).to.deep.equal([]);
    });

    it('refuses no_stream on an existing stream and a stale exact revision', async () => {
      const stream = `thing-${uniq()}`;
      await store.append(stream, [event('A')], 'no_stream');
      await expectConflict(store.append(stream, [event('B')], 'no_stream'));
      await expectConflict(store.append(stream, [event('B')], 5));
      const ok = await store.append(stream, [event('B')], 0);
      expect(ok.nextRevision).to.equal(1);
      await expectConflict(store.append(stream, [event('C')], 0));
      expect((await store.readStream(stream)).map((e) => e.type)).to.deep.equal(['A', 'B']);
    });

    it('refuses an exact revision on a missing stream and accepts any', async () => {
      const stream = `thing-${uniq()}`;
      await expectConflict(store.append(stream, [event('A')], 0));
      await store.append(stream, [event('A')], 'any');
      await store.append(stream, [event('B')], 'any');
      await store.append(stream, [event('C')], 'stream_exists');
      await expectConflict(store.append(`thing-${uniq()}`, [event('A')], 'stream_exists'));
      expect((await store.readStream(stream)).map((e) => e.revision)).to.deep.equal([0, 1, 2]);
    });

    it('lets exactly one of many concurrent no_stream appends win', async () => {
      const stream = `claim-${uniq()}`;
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append(stream, [event('Claimed', { i })], 'no_stream')));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).to.be.instanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).to.have.length(1);
    });

    it('drops a retried append whose deterministic event ids are already stored', async () => {
      const stream = `thing-${uniq()}`;
      const batch = [event('A', {}, randomUUID()), event('B', {}, randomUUID())];
      const first = await store.append(stream, batch, 'no_stream');
      const again = await store.append(stream, batch, 'no_stream');
      expect(again.position).to.equal(first.position);
      expect(await store.readStream(stream)).to.have.length(2);
    });

    it('reads all events after a position in commit order, filtered by stream prefix and tenant', async () => {
      const head = await store.headPosition();
      const a = `alpha${uniq()}-1`;
      const b = `beta${uniq()}-1`;
      await store.append(a, [event('A1')], 'no_stream');
      await store.append(b, [{ ...event('B1'), metadata: { ...event('x').metadata, tenant_id: 'tenant-b' } }], 'no_stream');
      await store.append(a, [event('A2')], 0);
      const all = (await store.readAll({ after: head, limit: 1000 })).filter((e) => e.stream === a || e.stream === b);
      expect(all.map((e) => e.type)).to.deep.equal(['A1', 'B1', 'A2']);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).to.deep.equal(positions);
      const onlyA = await store.readAll({ after: head, limit: 1000, streamPrefixes: [a.split('-')[0]! + '-'] });
      expect(onlyA.map((e) => e.type)).to.deep.equal(['A1', 'A2']);
      const onlyB = (await store.readAll({ after: head, limit: 1000, tenantId: 'tenant-b' })).filter((e) => e.stream === b);
      expect(onlyB.map((e) => e.type)).to.deep.equal(['B1']);
      const page = await store.readAll({ after: head, limit: 1 });
      expect(page).to.have.length(1);
      expect(await store.headPosition()).to.be.at.least(all[all.length - 1]!.position);
    });

    it('refuses an append over the 1 MiB limit before writing anything, whatever the store', async () => {
      const stream = `big-${uniq()}`;
      const big = event('Big', { blob: 'x'.repeat(MAX_APPEND_BYTES) });
      try {
        await store.append(stream, [big], 'no_stream');
        expect.fail('expected an AppendTooLargeError');
      } catch (error) {
        expect(error).to.be.instanceOf(AppendTooLargeError);
      }
      // several events that together pass the limit are one request too
      const halves = [event('Half', { blob: 'x'.repeat(MAX_APPEND_BYTES / 2) }), event('Half', { blob: 'x'.repeat(MAX_APPEND_BYTES / 2) })];
      await store.append(stream, halves, 'no_stream').then(
        () => expect.fail('expected an AppendTooLargeError'),
        (error: unknown) => expect(error).to.be.instanceOf(AppendTooLargeError),
      );
      expect(await store.readStream(stream)).to.deep.equal([]);
    });

    it('pages a filtered read from positions it gave out, and refuses any other position', async () => {
      const head = await store.headPosition();
      const a = `pagea${uniq()}-1`;
      await store.append(a, [event('A1'), event('A2'), event('A3')], 'no_stream');
      const first = await store.readAllPage({ after: head, limit: 2, streamPrefixes: [a] });
      expect(first.events.map((e) => e.type)).to.deep.equal(['A1', 'A2']);
      expect(first.next).to.be.a('number');
      const second = await store.readAllPage({ after: first.next, limit: 2, streamPrefixes: [a] });
      expect(second.events.map((e) => e.type)).to.deep.equal(['A3']);
      expect(second.next).to.equal(null);
      const [, a2] = await store.readStream(a);
      // one past an event's position is no event's (positions are offsets or row ids, both > 1 apart or the next row)
      const notAnEvent = (await store.headPosition()) + 1_000_000;
      await store.readAllPage({ after: notAnEvent, limit: 2 }).then(
        () => expect.fail('expected an InvalidPositionError'),
        (error: unknown) => expect(error).to.be.instanceOf(InvalidPositionError),
      );
      expect((await store.readAllPage({ after: a2!.position, limit: 5, streamPrefixes: [a] })).events.map((e) => e.type)).to.deep.equal(['A3']);
    });

    it('pages a filtered read newest first from positions it gave out, and refuses any other position', async () => {
      const b = `pageb${uniq()}-1`;
      await store.append(b, [event('B1'), event('B2'), event('B3')], 'no_stream');
      const first = await store.readAllPageBackwards({ before: null, limit: 2, streamPrefixes: [b] });
      expect(first.events.map((e) => e.type)).to.deep.equal(['B3', 'B2']);
      expect(first.next).to.be.a('number');
      // a store filtering on the client may answer short pages with a `next`: follow them to the start
      const older: string[] = [];
      for (let before = first.next; before !== null; ) {
        const page = await store.readAllPageBackwards({ before, limit: 2, streamPrefixes: [b] });
        older.push(...page.events.map((e) => e.type));
        before = page.next;
      }
      expect(older).to.deep.equal(['B1']);
      const [, b2] = await store.readStream(b);
      expect((await store.readAllPageBackwards({ before: b2!.position, limit: 5, streamPrefixes: [b] })).events.map((e) => e.type)).to.deep.equal(['B1']);
      const notAnEvent = (await store.headPosition()) + 1_000_000;
      await store.readAllPageBackwards({ before: notAnEvent, limit: 2 }).then(
        () => expect.fail('expected an InvalidPositionError'),
        (error: unknown) => expect(error).to.be.instanceOf(InvalidPositionError),
      );
    });

    it('takes a write probe that no reader sees: the head, reads and a subscription are unchanged', async () => {
      const stream = `probe-${uniq()}`;
      const before = (await store.append(stream, [event('Before')], 'no_stream')).position;
      await store.probeWrite();
      await store.probeWrite();
      expect(await store.headPosition()).to.equal(before);
      expect(await store.readAll({ after: before, limit: 10 })).to.deep.equal([]);
      expect((await store.readAllPage({ after: before, limit: 10 })).events).to.deep.equal([]);
      const after = await store.append(stream, [event('After')], 0);
      const seen: string[] = [];
      const subscription = store.subscribeToAll({ after: before, onBatch: async (batch) => void seen.push(...batch.map((e) => e.type)) });
      const deadline = Date.now() + 10_000;
      while (!seen.includes('After') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await subscription.stop();
      expect(seen).to.deep.equal(['After']);
      expect(after.position).to.be.greaterThan(before);
    });

    it('delivers existing and new events to a catch-up subscription, in order, after a position', async () => {
      const stream = `sub-${uniq()}`;
      await store.append(stream, [event('Before')], 'no_stream');
      const start = (await store.readStream(stream))[0]!.position;
      await store.append(stream, [event('One')], 0);
      const seen: RecordedEvent[] = [];
      let resolveDone!: () => void;
      const done = new Promise<void>((r) => (resolveDone = r));
      const subscription = store.subscribeToAll({
        after: start,
        onBatch: async (batch) => {
          seen.push(...batch.filter((e) => e.stream === stream));
          if (seen.length >= 3) resolveDone();
        },
      });
      await store.append(stream, [event('Two'), event('Three')], 1);
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('subscription timed out')), 10_000))]);
      await subscription.stop();
      expect(seen.map((e) => e.type)).to.deep.equal(['One', 'Two', 'Three']);
    });

    it('reports a batch the subscriber fails, then delivers it again: nothing after it is skipped', async () => {
      const stream = `sub-${uniq()}`;
      await store.append(stream, [event('Before')], 'no_stream');
      const start = (await store.readStream(stream))[0]!.position;
      await store.append(stream, [event('Refused'), event('After')], 0);
      const seen: string[] = [];
      const reported: unknown[] = [];
      let refusals = 0;
      let resolveDone!: () => void;
      const done = new Promise<void>((r) => (resolveDone = r));
      const subscription = store.subscribeToAll({
        after: start,
        onBatch: async (batch) => {
          const mine = batch.filter((e) => e.stream === stream);
          // refused twice, as a subscriber does while a dependency is down
          if (mine.some((e) => e.type === 'Refused') && refusals++ < 2) throw new Error('not now');
          seen.push(...mine.map((e) => e.type));
          if (seen.includes('After')) resolveDone();
        },
        onError: (error) => reported.push(error),
      });
      await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error('the failed batch was not delivered again')), 15_000))]);
      await subscription.stop();
      expect(seen).to.deep.equal(['Refused', 'After']);
      expect(reported.map((e) => (e as Error).message)).to.deep.equal(['not now', 'not now']);
    });
  });
}

async function expectConflict(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(WrongExpectedRevisionError);
    return;
  }
  expect.fail('expected a WrongExpectedRevisionError');
}
