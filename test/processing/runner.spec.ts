import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventLog, type StoredEvent } from '../../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { tenantStream } from '../../src/domain/tenant/decider.js';
import { memoryLogger } from '../../src/logger.js';
import { SubscriptionRunner, type Processor } from '../../src/processing/runner.js';
import { PII_POLICY } from '../../src/services.js';
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

describe('subscription runner: a stored event that does not decode', () => {
  it('is a failed batch, logged with its stream and position and read again, never skipped: no processor gets past it', async () => {
    const dir = tempDir();
    const store = new SqliteEventStore(`${dir}/events.sqlite`, 20);
    const readStore = new SqliteReadStore(`${dir}/read-models.sqlite`);
    const logger = memoryLogger();
    const good = randomUUID();
    const corrupt = randomUUID();
    const after = randomUUID();
    const seen: StoredEvent[] = [];
    const processor: Processor = { id: 'reactor:test', kind: 'reactor', handle: async (events) => void seen.push(...events) };
    const runner = new SubscriptionRunner(new EventLog(store, new PlainPiiCodec(), PII_POLICY), readStore, logger).add(processor);
    await runner.start();
    try {
      const first = await store.append(tenantStream(good), [created(good, 'Good')], 'no_stream');
      await until(async () => (await readStore.getCheckpoint(processor.id)) === first.position, 'the first event to be handled');
      // written by something other than the service: a name that is not a string
      const bad = await store.append(tenantStream(corrupt), [created(corrupt, 42)], 'no_stream');
      await store.append(tenantStream(after), [created(after, 'After')], 'no_stream');
      const failures = () => logger.lines.filter((l) => l.includes('UndecodableEventError'));
      await until(() => failures().length >= 2, 'the undecodable event to be read again');
      for (const line of failures()) {
        const logged = JSON.parse(line) as { level: string; error: string; stream: string; position: number; event_type: string };
        expect(logged.level).to.equal('error');
        expect(logged).to.include({ stream: tenantStream(corrupt), position: bad.position, event_type: 'TenantCreated' });
        // the error text masks digit runs (a uuid may have some): stream and position are fields of their own
        expect(logged.error).to.include('TenantCreated').and.include('data.name');
      }
      // neither it nor what follows it was handed on, and the checkpoint stays before it
      expect(seen.map((e) => e.stream)).to.deep.equal([tenantStream(good)]);
      expect(await readStore.getCheckpoint(processor.id)).to.equal(first.position);
    } finally {
      await runner.stop();
      await store.close();
      await readStore.close();
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
