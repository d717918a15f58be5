import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import type { EventStore, ExpectedRevision, NewEvent } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { handleCommand, type CommandContext } from '../../src/commands/handle-command.js';
import { DomainError, type Decider } from '../../src/domain/shared/decider.js';
import { tempDir } from '../helpers/temp.js';

const Counted = t.type({ type: t.literal('Counted'), data: t.type({ by: t.string }) });
type Counted = t.TypeOf<typeof Counted>;
type Count = { type: 'Count'; by: string } | { type: 'Refuse' } | { type: 'Explode' };

/** A counter: every Count appends one event; Refuse is a domain error; Explode throws. */
const counter: Decider<Count, number, Counted> = {
  initialState: 0,
  decide(command) {
    if (command.type === 'Refuse') return E.left(new DomainError('invalid_request', 'refused'));
    if (command.type === 'Explode') throw new Error('decide threw');
    return E.right([{ type: 'Counted', data: { by: command.by } }]);
  },
  evolve: (n) => n + 1,
  codec: Counted,
};

/** Counts the appends and the reads that reach the store. */
class SpyStore {
  appends = 0;
  reads: number[] = [];
  constructor(readonly inner: EventStore) {}
  wrap(): EventStore {
    const inner = this.inner;
    return Object.assign(Object.create(inner) as EventStore, {
      append: (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
        this.appends++;
        return inner.append(stream, events, expected);
      },
      readStream: (stream: string, from?: number) => {
        this.reads.push(from ?? 0);
        return inner.readStream(stream, from);
      },
    });
  }
}

const context = (id: string, actor = 'system'): CommandContext => ({
  commandId: id,
  metadata: { tenant_id: 't1', actor, request_id: id, occurred_at: '2026-11-22T00:00:00.000Z', correlation_id: id, causation_id: null },
});

describe('handleCommand: one queue per stream, batched appends, bounded retries across instances', () => {
  let store: SqliteEventStore;
  beforeEach(() => {
    store = new SqliteEventStore(`${tempDir()}/events.sqlite`);
  });
  afterEach(async () => store.close());

  it('50 concurrent commands on one stream all succeed in far fewer appends, each event with its own id and metadata', async () => {
    const spy = new SpyStore(store);
    const log = new EventLog(spy.wrap(), new PlainPiiCodec(), {});
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => handleCommand(log, 'counter-a', counter, { type: 'Count', by: `c${i}` }, context(`cmd-${i}`, `api_key:${i}`))));
    expect(results.every(E.isRight)).to.equal(true);
    const events = await log.readStream('counter-a');
    expect(events.map((e) => e.revision)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(events.map((e) => e.id)).size).to.equal(50);
    // each command's event carries its own request's metadata, not the batch's first
    for (const e of events) expect(e.metadata.actor).to.equal(`api_key:${String(e.data['by']).slice(1)}`);
    expect(spy.appends).to.be.lessThan(10);
  });

  it("each command of a batch answers its own event's position, where the store gives each event its own", async () => {
    const spy = new SpyStore(store);
    const log = new EventLog(spy.wrap(), new PlainPiiCodec(), {});
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => handleCommand(log, 'counter-p', counter, { type: 'Count', by: `c${i}` }, context(`pos-${i}`))));
    expect(spy.appends, 'batched').to.be.lessThan(30);
    const byPosition = new Map((await log.readStream('counter-p')).map((e) => [e.position, String(e.data['by'])]));
    // acknowledged at the batch's last position, a command would point at another command's event
    results.forEach((r, i) => expect(byPosition.get(E.isRight(r) ? r.right.position! : -1), `command ${i}`).to.equal(`c${i}`));
  });

  it("a store whose events of one append share a position (EventStoreDB's commit position): every command of the batch answers it", async () => {
    const shared = Object.assign(Object.create(store) as EventStore, {
      append: async (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
        const { firstPosition: _, ...result } = await store.append(stream, events, expected);
        return result;
      },
    });
    const log = new EventLog(shared, new PlainPiiCodec(), {});
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => handleCommand(log, 'counter-s', counter, { type: 'Count', by: `c${i}` }, context(`shared-${i}`))));
    const last = Math.max(...(await log.readStream('counter-s')).map((e) => e.position));
    // never a position before the command's own event: read-your-writes waits long enough
    for (const r of results) expect(E.isRight(r) && r.right.position! >= 1 && r.right.position! <= last).to.equal(true);
    expect(E.isRight(results[9]!) && results[9].right.position).to.equal(last);
  });

  it('a refused command and a throwing one fail alone; the others of their batch are appended', async () => {
    const log = new EventLog(store, new PlainPiiCodec(), {});
    const commands: Count[] = [{ type: 'Count', by: 'a' }, { type: 'Refuse' }, { type: 'Explode' }, { type: 'Count', by: 'b' }];
    const settled = await Promise.allSettled(commands.map((c, i) => handleCommand(log, 'counter-b', counter, c, context(`mixed-${i}`))));
    expect(settled[0]).to.deep.include({ status: 'fulfilled' });
    expect(E.isRight((settled[0] as PromiseFulfilledResult<E.Either<DomainError, unknown>>).value)).to.equal(true);
    const refused = (settled[1] as PromiseFulfilledResult<E.Either<DomainError, unknown>>).value;
    expect(E.isLeft(refused) && refused.left.code).to.equal('invalid_request');
    expect(settled[2]!.status).to.equal('rejected');
    expect(E.isRight((settled[3] as PromiseFulfilledResult<E.Either<DomainError, unknown>>).value)).to.equal(true);
    expect((await log.readStream('counter-b')).map((e) => e.data['by'])).to.deep.equal(['a', 'b']);
  });

  it('a store that refuses one command’s events fails that command only', async () => {
    const refusing = Object.assign(Object.create(store) as EventStore, {
      append: (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) =>
        events.some((e) => e.data['by'] === 'poison') ? Promise.reject(new Error('event too large')) : store.append(stream, events, expected),
    });
    const log = new EventLog(refusing, new PlainPiiCodec(), {});
    const settled = await Promise.allSettled(['x', 'poison', 'y'].map((by, i) => handleCommand(log, 'counter-c', counter, { type: 'Count', by }, context(`poison-${i}`))));
    expect(settled.map((s) => s.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    expect((await log.readStream('counter-c')).map((e) => e.data['by'])).to.deep.equal(['x', 'y']);
  });

  it('two instances writing one stream concurrently: every command lands once, conflicts retried', async () => {
    // two EventLogs are two processes' writers: separate queues, one store
    const a = new EventLog(store, new PlainPiiCodec(), {});
    const b = new EventLog(store, new PlainPiiCodec(), {});
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => handleCommand(i % 2 ? a : b, 'counter-d', counter, { type: 'Count', by: `i${i}` }, context(`race-${i}`))),
    );
    expect(results.every(E.isRight)).to.equal(true);
    const events = await a.readStream('counter-d');
    expect(events).to.have.length(60);
    expect(new Set(events.map((e) => e.data['by'])).size).to.equal(60);
  });

  it('a retried command (same command id) is dropped by the store, not appended twice', async () => {
    const log = new EventLog(store, new PlainPiiCodec(), {});
    // a decider that appends again on retry would duplicate the fact; the deterministic id stops it
    await handleCommand(log, 'counter-e', counter, { type: 'Count', by: 'once' }, context('same'));
    const again = await handleCommand(log, 'counter-e', counter, { type: 'Count', by: 'once' }, context('same'));
    expect(E.isRight(again)).to.equal(true);
    expect(await log.readStream('counter-e')).to.have.length(1);
  });

  it('keepState: a hot stream is read from where the kept state ends, not from its start', async () => {
    const spy = new SpyStore(store);
    const log = new EventLog(spy.wrap(), new PlainPiiCodec(), {});
    for (let i = 0; i < 5; i++) await handleCommand(log, 'counter-f', counter, { type: 'Count', by: `k${i}` }, context(`keep-${i}`), { keepState: true });
    expect(spy.reads).to.deep.equal([0, 1, 2, 3, 4]);
    // another writer appends behind its back: the next command reads that tail and counts it
    await handleCommand(new EventLog(store, new PlainPiiCodec(), {}), 'counter-f', counter, { type: 'Count', by: 'other' }, context('other'));
    const last = await handleCommand(log, 'counter-f', counter, { type: 'Count', by: 'k5' }, context('keep-5'), { keepState: true });
    expect(E.isRight(last) && last.right.state).to.equal(7);
    expect(spy.reads.slice(-1)).to.deep.equal([5]);
  });
});
