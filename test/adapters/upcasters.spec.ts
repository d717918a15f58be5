import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { loadState } from '../../src/commands/handle-command.js';
import { runStream } from '../../src/domain/run/decider.js';
import { RunCancelled, RunStarted } from '../../src/domain/run/events.js';
import { tenantDecider, tenantStream } from '../../src/domain/tenant/decider.js';
import { PII_POLICY } from '../../src/app/infrastructure.js';
import { tempDir } from '../helpers/temp.js';

describe('event schema evolution: upcasters', () => {
  it('reads old-shape events as the current shape, without rewriting them', async () => {
    const store = new SqliteEventStore(`${tempDir()}/events.sqlite`);
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const tenantId = randomUUID();
    const metadata = { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: '2026-06-01T00:00:00.000Z', correlation_id: 'c', causation_id: null };
    // as written by the 2026-06-03 version: a renamed event, and a key event without two fields
    await store.append(
      tenantStream(tenantId),
      [
        { id: randomUUID(), type: 'TenantRegistered', data: { tenant_id: tenantId, name: 'Legacy', registered_at: '2026-06-01T00:00:00.000Z' }, metadata },
        {
          id: randomUUID(),
          type: 'ApiKeyCreated',
          data: { tenant_id: tenantId, key_id: 'k1', name: 'old', environment: 'live', scopes: ['runs:read'], key_hash: 'h', key_hint: 'sk_live_…abcd', created_at: '2026-06-01T00:00:00.000Z' },
          metadata,
        },
      ],
      'no_stream',
    );
    const events = await log.readStream(tenantStream(tenantId));
    expect(events.map((e) => e.type)).to.deep.equal(['TenantCreated', 'ApiKeyCreated']);
    expect(events[0]!.data).to.deep.equal({ tenant_id: tenantId, name: 'Legacy', facial_verification_master: false, created_at: '2026-06-01T00:00:00.000Z' });
    expect(events[1]!.data).to.include({ subject_type: null, rate_limit_per_minute: null, key_id: 'k1' });
    const { state } = await loadState(log, tenantStream(tenantId), tenantDecider);
    expect(state.status).to.equal('active');
    // the stored events keep their original shape
    expect((await store.readStream(tenantStream(tenantId)))[0]!.type).to.equal('TenantRegistered');
    await store.close();
  });

  it('reads run events written before they named the customer with customer_id null, and their codecs accept them', async () => {
    const store = new SqliteEventStore(`${tempDir()}/events.sqlite`);
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const runId = randomUUID();
    const metadata = { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: '2026-06-01T00:00:00.000Z', correlation_id: 'c', causation_id: null };
    await store.append(
      runStream(runId),
      [
        { id: randomUUID(), type: 'RunStarted', data: { run_id: runId, started_at: '2026-06-01T00:00:01.000Z' }, metadata },
        { id: randomUUID(), type: 'RunCancelled', data: { run_id: runId, cancelled_at: '2026-06-01T00:00:02.000Z' }, metadata },
      ],
      'no_stream',
    );
    const [started, cancelled] = await log.readStream(runStream(runId));
    expect(started!.data).to.deep.equal({ run_id: runId, customer_id: null, started_at: '2026-06-01T00:00:01.000Z' });
    expect(cancelled!.data).to.deep.equal({ run_id: runId, customer_id: null, cancelled_at: '2026-06-01T00:00:02.000Z' });
    expect(RunStarted.is({ type: started!.type, data: started!.data })).to.equal(true);
    expect(RunCancelled.is({ type: cancelled!.type, data: cancelled!.data })).to.equal(true);
    // events that already name their customer keep it
    await store.append(runStream(runId), [{ id: randomUUID(), type: 'RunCancelled', data: { run_id: runId, customer_id: 'c1', cancelled_at: 'x' }, metadata }], 1);
    expect((await log.readStream(runStream(runId), 2))[0]!.data['customer_id']).to.equal('c1');
    await store.close();
  });
});
