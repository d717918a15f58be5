import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { loadState } from '../../src/commands/handle-command.js';
import { tenantDecider, tenantStream } from '../../src/domain/tenant/decider.js';
import { PII_POLICY } from '../../src/services.js';
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
});
