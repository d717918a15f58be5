import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec, UnopenablePiiError, type PiiCodec } from '../../src/adapters/pii/port.js';
import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { tenantStream } from '../../src/domain/tenant/decider.js';
import { memoryLogger } from '../../src/logger.js';
import type { Commit } from '../../src/adapters/read-store/port.js';
import { CHECKPOINT_DELAY_MS, POISON_ATTEMPTS, SubscriptionRunner, type Processor } from '../../src/processing/runner.js';
import { projector, type Projection } from '../../src/projections/projector.js';
import { PII_POLICY } from '../../src/app/infrastructure.js';
import { tempDir } from '../helpers/temp.js';

const metadata: EventMetadata = { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: '2026-11-22T12:00:00.000Z', correlation_id: 'c', causation_id: null };
const created = (tenantId: string, name: unknown) => ({
  id: randomUUID(),
  type: 'TenantCreated',
  data: { tenant_id: tenantId, name, facial_verification_master: false, created_at: '2026-11-22T12:00:00.000Z' },
  metadata,
});

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('subscription runner: poison events', () => {
  const setup = (codec: PiiCodec = new PlainPiiCodec()) => {
    const dir = tempDir();
    const store = new SqliteEventStore(`${dir}/events.sqlite`, 20);
    const inner = new SqliteReadStore(`${dir}/read-models.sqlite`);
    const down = { value: false };
    /** a write-only outage (disk full, a quota, append timeouts): reads still answer */
    const writesDown = { readStore: false, eventStore: false };
    const diskFull = () => Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    // a read store that can be made unreachable, as a stopped database is, or refuse writes only
    const readStore = new Proxy(inner, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (down.value && name !== 'close') return Promise.reject(new Error('read store unreachable'));
          if (writesDown.readStore && name === 'commit') return diskFull();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    // the event store the runner and handlers see: it can refuse every write while reads answer
    const guarded = new Proxy(store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => (writesDown.eventStore && (name === 'append' || name === 'probeWrite') ? diskFull() : (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    const logger = memoryLogger();
    const counted: string[] = [];
    const log = new EventLog(guarded, codec, PII_POLICY);
    const runner = (processor: Processor) => new SubscriptionRunner(log, readStore, logger, { onQuarantine: (p) => counted.push(p), retryBaseMs: 5 }).add(processor);
    const close = async () => {
      await store.close();
      await inner.close();
    };
    return { store, log, readStore, inner, down, writesDown, logger, counted, runner, close };
  };

  it('quarantines an event that does not decode for each processor, records, logs and counts it, and moves on', async () => {
    const { store, inner, logger, counted, runner: make, close } = setup();
    const seen: string[] = [];
    const processor: Processor = { id: 'reactor:test', kind: 'reactor', handle: async (events) => void seen.push(...events.map((e) => e.stream)) };
    const runner = make(processor);
    await runner.start();
    const [good, corrupt, after] = [randomUUID(), randomUUID(), randomUUID()];
    try {
      await store.append(tenantStream(good), [created(good, 'Good')], 'no_stream');
      // written by something other than the service: a name that is not a string
      const bad = await store.append(tenantStream(corrupt), [created(corrupt, 42)], 'no_stream');
      const last = await store.append(tenantStream(after), [created(after, 'After')], 'no_stream');
      await until(async () => (await inner.getCheckpoint(processor.id)) === last.position, 'the processor to move past it');
      expect(seen).to.deep.equal([tenantStream(good), tenantStream(after)]);
      const [record] = await runner.quarantined();
      expect(record).to.deep.include({ processor: 'reactor:test', stream: tenantStream(corrupt), revision: 0, position: bad.position, event_type: 'TenantCreated', error_class: 'UndecodableEventError' });
      expect(counted).to.deep.equal(['reactor:test']);
      const line = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l['msg'] === 'event quarantined' || String(l['message']) === 'event quarantined' || JSON.stringify(l).includes('event quarantined'));
      expect(line).to.deep.include({ processor: 'reactor:test', position: bad.position, event_type: 'TenantCreated' });
    } finally {
      await runner.stop();
      await close();
    }
  });

  it('quarantines an event whose handling fails every time while both stores answer, and hands it over again on retry after a fix', async () => {
    const { store, inner, counted, runner: make, close } = setup();
    const seen: string[] = [];
    let broken = true;
    const [a, b] = [randomUUID(), randomUUID()];
    const processor: Processor = {
      id: 'reactor:picky',
      kind: 'reactor',
      handle: async (events) => {
        if (broken && events.some((e) => e.stream === tenantStream(a))) throw new Error('handler bug');
        seen.push(...events.map((e) => e.stream));
      },
    };
    const runner = make(processor);
    await runner.start();
    try {
      const bad = await store.append(tenantStream(a), [created(a, 'A')], 'no_stream');
      const last = await store.append(tenantStream(b), [created(b, 'B')], 'no_stream');
      await until(async () => (await inner.getCheckpoint(processor.id)) === last.position, 'the processor to move past it');
      expect(seen).to.deep.equal([tenantStream(b)]);
      expect((await runner.quarantined()).map((q) => [q.position, q.error_class])).to.deep.equal([[bad.position, 'Error']]);
      expect(counted).to.deep.equal(['reactor:picky']);
      broken = false;
      expect(await runner.retryQuarantined('reactor:picky', bad.position)).to.equal(true);
      expect(seen).to.deep.equal([tenantStream(b), tenantStream(a)]);
      expect(await runner.quarantined()).to.deep.equal([]);
      expect(await inner.getCheckpoint(processor.id)).to.equal(last.position);
    } finally {
      await runner.stop();
      await close();
    }
  });

  it('keeps retrying, never quarantining, while the read store does not answer, then delivers', async () => {
    const { store, down, counted, runner: make, close } = setup();
    const seen: string[] = [];
    let failures = 0;
    const processor: Processor = {
      id: 'reactor:patient',
      kind: 'reactor',
      handle: async (events) => {
        if (down.value) {
          failures++;
          throw new Error('read store unreachable');
        }
        seen.push(...events.map((e) => e.stream));
      },
    };
    const runner = make(processor);
    await runner.start();
    try {
      down.value = true;
      const id = randomUUID();
      await store.append(tenantStream(id), [created(id, 'X')], 'no_stream');
      await until(() => failures >= POISON_ATTEMPTS + 3, 'more failed attempts than a poison event gets');
      expect(counted).to.deep.equal([]);
      down.value = false;
      await until(() => seen.length === 1, 'delivery once the store answers');
      expect(await runner.quarantined()).to.deep.equal([]);
    } finally {
      down.value = false;
      await runner.stop();
      await close();
    }
  });

  it('keeps retrying, never quarantining, while the event store refuses appends but answers reads; the effect happens once appends return', async () => {
    const { store, log, inner, writesDown, counted, runner: make, close } = setup();
    let failures = 0;
    // a reactor whose effect is an append (a ledger capture, a revocation), with an id fixed per event
    const effectIds = new Map<string, string>();
    const effectId = (eventId: string) => effectIds.get(eventId) ?? effectIds.set(eventId, randomUUID()).get(eventId)!;
    const processor: Processor = {
      id: 'reactor:appender',
      kind: 'reactor',
      handle: async (events) => {
        for (const event of events.filter((e) => e.type === 'TenantCreated')) {
          try {
            await log.append(`effect-${event.stream}`, [{ id: effectId(event.id), type: 'EffectRecorded', data: { of: event.stream } }], metadata, 'no_stream');
          } catch (error) {
            failures++;
            throw error;
          }
        }
      },
    };
    const runner = make(processor);
    await runner.start();
    try {
      writesDown.eventStore = true;
      const id = randomUUID();
      const event = await store.append(tenantStream(id), [created(id, 'Charged')], 'no_stream');
      await until(() => failures >= POISON_ATTEMPTS + 3 || counted.length > 0, 'more failed attempts than a poison event gets');
      expect(counted, 'quarantined during a write outage').to.deep.equal([]);
      expect(await runner.quarantined()).to.deep.equal([]);
      writesDown.eventStore = false;
      await until(async () => ((await inner.getCheckpoint(processor.id)) ?? 0) >= event.position, 'the checkpoint past the event once appends return');
      expect((await store.readStream(`effect-${tenantStream(id)}`)).map((e) => e.type)).to.deep.equal(['EffectRecorded']);
      expect(await runner.quarantined()).to.deep.equal([]);
      expect(counted).to.deep.equal([]);
    } finally {
      writesDown.eventStore = false;
      await runner.stop();
      await close();
    }
  });

  it('keeps retrying, never quarantining, while the read store refuses writes but answers reads; the effect is recorded once writes return', async () => {
    const { store, inner, readStore, writesDown, counted, runner: make, close } = setup();
    let attempts = 0;
    // a reactor whose effect is a write to the read store's database (a work item, a document)
    const processor: Processor = {
      id: 'reactor:recorder',
      kind: 'reactor',
      handle: async (events) => {
        attempts++;
        await readStore.commit({ writes: events.map((e) => ({ op: 'put' as const, collection: 'effects', id: e.id, doc: { of: e.stream }, position: e.position })) });
      },
    };
    await inner.ensureCollection('effects', []);
    const runner = make(processor);
    await runner.start();
    try {
      writesDown.readStore = true;
      const id = randomUUID();
      const event = await store.append(tenantStream(id), [created(id, 'Work')], 'no_stream');
      await until(() => attempts >= POISON_ATTEMPTS + 3 || counted.length > 0, 'more failed attempts than a poison event gets');
      expect(counted, 'quarantined during a write outage').to.deep.equal([]);
      writesDown.readStore = false;
      await until(async () => ((await inner.getCheckpoint(processor.id)) ?? 0) >= event.position, 'the checkpoint past the event once writes return');
      const [stored] = await store.readStream(tenantStream(id));
      expect((await inner.listCollection('effects')).map((d) => d.id)).to.deep.equal([stored!.id]);
      expect(await runner.quarantined()).to.deep.equal([]);
      expect(counted).to.deep.equal([]);
    } finally {
      writesDown.readStore = false;
      await runner.stop();
      await close();
    }
  });

  it('quarantines an event whose personal fields cannot be decrypted, but retries one whose key store does not answer', async () => {
    let keyStoreDown = false;
    const codec: PiiCodec = {
      seal: async (subject, value) => ({ $pii: 1, s: subject, alg: 'test', v: value }),
      open: async (sealed) => {
        if (keyStoreDown) throw new Error('key store unreachable');
        if (sealed.v === 'tampered') throw new UnopenablePiiError('test', 'Error');
        return sealed.v;
      },
    };
    const { store, inner, counted, runner: make, close } = setup(codec);
    const seen: string[] = [];
    const processor: Processor = { id: 'reactor:reader', kind: 'reactor', handle: async (events) => void seen.push(...events.map((e) => e.stream)) };
    const runner = make(processor);
    await runner.start();
    const sealed = (v: string) => ({ $pii: 1, s: 'subject', alg: 'test', v });
    try {
      const [x, y] = [randomUUID(), randomUUID()];
      await store.append(tenantStream(x), [created(x, sealed('tampered'))], 'no_stream');
      const first = await store.append(tenantStream(y), [created(y, sealed('Fine'))], 'no_stream');
      await until(async () => (await inner.getCheckpoint(processor.id)) === first.position, 'the processor to move past it');
      expect(seen).to.deep.equal([tenantStream(y)]);
      expect((await runner.quarantined()).map((q) => q.error_class)).to.deep.equal(['UnopenablePiiError']);
      keyStoreDown = true;
      const z = randomUUID();
      await store.append(tenantStream(z), [created(z, sealed('Later'))], 'no_stream');
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).to.have.length(1);
      keyStoreDown = false;
      await until(() => seen.length === 2, 'delivery once the key store answers');
      expect(counted).to.have.length(1);
    } finally {
      await runner.stop();
      await close();
    }
  });
});

describe('subscription runner: the processor contract', () => {
  it('starts each processor where it says (after its checkpoint, or at the head) and calls its start and stop hooks around its batches', async () => {
    const dir = tempDir();
    const store = new SqliteEventStore(`${dir}/events.sqlite`, 20);
    const readStore = new SqliteReadStore(`${dir}/read-models.sqlite`);
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const calls: string[] = [];
    const processor = (id: string, startAt?: 'head'): Processor & { seen: string[] } => {
      const seen: string[] = [];
      return {
        id,
        kind: 'reactor',
        seen,
        ...(startAt ? { startAt } : {}),
        start: async () => void calls.push(`start ${id}`),
        stop: async () => void calls.push(`stop ${id}`),
        handle: async (events) => {
          calls.push(`handle ${id}`);
          seen.push(...events.map((e) => String(e.data['tenant_id'])));
        },
      };
    };
    const earlier = randomUUID();
    const later = randomUUID();
    await store.append(tenantStream(earlier), [created(earlier, 'Earlier')], 'no_stream');
    // it had a checkpoint from an earlier start: `head` ignores it
    await readStore.commit({ writes: [], checkpoint: { processor: 'reactor:cache', position: 0 } });
    const fromCheckpoint = processor('reactor:history');
    const fromHead = processor('reactor:cache', 'head');
    const runner = new SubscriptionRunner(log, readStore, memoryLogger()).add(fromCheckpoint).add(fromHead);
    await runner.start();
    try {
      await store.append(tenantStream(later), [created(later, 'Later')], 'no_stream');
      await until(() => fromCheckpoint.seen.length === 2 && fromHead.seen.length === 1, 'both to see what they should');
      expect(fromCheckpoint.seen).to.deep.equal([earlier, later]);
      expect(fromHead.seen).to.deep.equal([later]);
    } finally {
      await runner.stop();
      await store.close();
      await readStore.close();
    }
    expect(calls.slice(0, 2)).to.deep.equal(['start reactor:history', 'start reactor:cache']);
    expect(calls.slice(-2)).to.deep.equal(['stop reactor:history', 'stop reactor:cache']);
    expect(calls.filter((c) => c.startsWith('handle')).length).to.be.greaterThan(0);
  });
});

describe('subscription runner: checkpoints with nothing beside them are coalesced', () => {
  const setup = () => {
    const dir = tempDir();
    const store = new SqliteEventStore(`${dir}/events.sqlite`, 20);
    const inner = new SqliteReadStore(`${dir}/read-models.sqlite`);
    const fail = { commits: false };
    /** checkpoint-only commits, by processor */
    const checkpointCommits = new Map<string, number>();
    const readStore = new Proxy(inner, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (name === 'commit') {
            const commit = args[0] as Commit;
            if (fail.commits) return Promise.reject(new Error('database or disk is full'));
            if (commit.writes.length === 0 && commit.checkpoint) checkpointCommits.set(commit.checkpoint.processor, (checkpointCommits.get(commit.checkpoint.processor) ?? 0) + 1);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const logger = memoryLogger();
    const runner = new SubscriptionRunner(log, readStore, logger, { retryBaseMs: 5 });
    /** one event per batch: each appended once the processors have handled the one before */
    const appendOneByOne = async (n: number, handled: () => number) => {
      let last = 0;
      for (let i = 0; i < n; i++) {
        const id = randomUUID();
        last = (await store.append(tenantStream(id), [created(id, `T${i}`)], 'no_stream')).position;
        await until(() => handled() >= last, `batch ${i} handled`);
      }
      return last;
    };
    const close = async () => {
      await store.close();
      await inner.close();
    };
    return { store, inner, readStore, fail, checkpointCommits, runner, logger, appendOneByOne, close };
  };
  const reactor = () => {
    const state = { upTo: 0 };
    const processor: Processor = { id: 'reactor:test', kind: 'reactor', handle: async (_events, upTo) => void (state.upTo = upTo) };
    return { processor, state };
  };

  it("records a reactor's checkpoint for many batches in a few commits, within the delay", async () => {
    const { inner, checkpointCommits, runner, appendOneByOne, close } = setup();
    const { processor, state } = reactor();
    await runner.add(processor).start();
    try {
      const last = await appendOneByOne(30, () => state.upTo);
      await until(async () => (await inner.getCheckpoint(processor.id)) === last, 'the checkpoint recorded', CHECKPOINT_DELAY_MS * 4);
      // one commit per batch before; now one per CHECKPOINT_DELAY_MS at most
      expect(checkpointCommits.get(processor.id)).to.be.within(1, 10);
    } finally {
      await runner.stop();
      await close();
    }
  });

  it("commits a projection's documents with their checkpoint at once, and defers a batch that changed none", async () => {
    const { inner, readStore, checkpointCommits, runner, store, close } = setup();
    // documents only for tenants named "keep"
    const projection: Projection<{ tenant_id: string }> = {
      name: 'kept',
      collection: 'kept',
      indexes: [],
      documentIds: (e) => (e.data['name'] === 'keep' ? [String(e.data['tenant_id'])] : []),
      evolve: (_doc, e) => ({ tenant_id: String(e.data['tenant_id']) }),
    };
    await inner.ensureCollection('kept', []);
    const processor = projector(projection, readStore);
    await runner.add(processor).start();
    try {
      const skipped = randomUUID();
      const skip = (await store.append(tenantStream(skipped), [created(skipped, 'skip')], 'no_stream')).position;
      await until(() => (runner.progress().get(processor.id) ?? 0) >= skip, 'the skipped event handled');
      const kept = randomUUID();
      const keep = (await store.append(tenantStream(kept), [created(kept, 'keep')], 'no_stream')).position;
      await until(() => (runner.progress().get(processor.id) ?? 0) >= keep, 'the kept event handled');
      // the document and its checkpoint were one commit: both there as soon as it was handled
      expect(await inner.getCheckpoint(processor.id)).to.equal(keep);
      expect((await inner.get('kept', kept))?.position).to.equal(keep);
    } finally {
      await runner.stop();
      await close();
    }
    // nothing recorded after the document's commit took the checkpoint past the skipped batch
    expect(checkpointCommits.get(processor.id) ?? 0).to.equal(0);
  });

  it('records the waiting checkpoints when it stops, without waiting for the delay', async () => {
    const { inner, runner, store, close } = setup();
    const { processor, state } = reactor();
    await runner.add(processor).start();
    const id = randomUUID();
    const { position } = await store.append(tenantStream(id), [created(id, 'T')], 'no_stream');
    await until(() => state.upTo >= position, 'the batch handled');
    const stopped = performance.now();
    await runner.stop();
    try {
      expect(await inner.getCheckpoint(processor.id)).to.equal(position);
      expect(performance.now() - stopped).to.be.below(CHECKPOINT_DELAY_MS);
    } finally {
      await close();
    }
  });

  it('retries a checkpoint the read store refused, logged, and records it once writes return', async () => {
    const { inner, fail, runner, appendOneByOne, logger, close } = setup();
    const { processor, state } = reactor();
    await runner.add(processor).start();
    try {
      fail.commits = true;
      const last = await appendOneByOne(3, () => state.upTo);
      await until(() => logger.lines.some((line) => line.includes('checkpoint not recorded; retrying')), 'the refusal logged', CHECKPOINT_DELAY_MS * 4);
      expect(await inner.getCheckpoint(processor.id)).to.equal(null);
      fail.commits = false;
      await until(async () => (await inner.getCheckpoint(processor.id)) === last, 'the checkpoint recorded after writes return', CHECKPOINT_DELAY_MS * 8);
    } finally {
      await runner.stop();
      await close();
    }
  });
});
