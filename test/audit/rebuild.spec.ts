import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { projectionProcessorId } from '../../src/projections/projector.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import type { Processor } from '../../src/processing/runner.js';
import type { TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { apiCall, OTHER, runWorkload, settle, snapshot, startCountedService, type CountedService } from './workload.js';
import { nodeArgs } from '../helpers/node-child.js';

/**
 * Issue 8, point 3: every projection rebuilt from position zero after a realistic workload equals
 * the live one document by document (timestamps and positions included), and no reactor fires.
 */
describe('rebuild of every projection after a realistic workload', function () {
  this.timeout(60_000);
  let counted: CountedService;
  let service: TestService;

  before(async () => {
    counted = await startCountedService();
    service = counted.service;
    const w = await runWorkload(service);
    // an erasure request still in its retention period: the erasures read model has a document
    const scheduled = await apiCall(service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: w.a.tenant_id, doc: OTHER.doc } }));
    expect(scheduled.status, JSON.stringify(scheduled.body)).to.equal(202);
    await settle(service);
  });
  after(async () => service?.close());

  /** What the reactors' work leaves behind: source queries, facial rounds, billing, events. */
  const effects = async (c: CountedService) => {
    const events = await c.service.services.eventStore.readAll({ after: null, limit: 1_000_000 });
    return {
      head: await c.service.services.eventStore.headPosition(),
      source_queries: c.sandbox.asked.length + c.live.asked.length,
      biometric_calls: c.biometricCalls(),
      source_answered: events.filter((e) => e.type === 'SourceAnswered').length,
      ledger_events: events.filter((e) => e.stream.startsWith('ledger-')).length,
      facial_rounds: events.filter((e) => e.type.startsWith('FacialRound')).length,
      run_terminals: events.filter((e) => ['RunCompleted', 'RunFailed', 'CustomerRunConcluded'].includes(e.type)).length,
    };
  };

  it('through rebuildProjection: identical documents, checkpoints at the head, and no reactor sees an event', async () => {
    const before = await snapshot(service);
    // the workload touched every read model of issues 1 to 8
    for (const collection of ['tenants', 'api_keys', 'templates', 'runs', 'source_cache', 'customers', 'documents', 'subject_streams', 'erasures']) {
      expect((before[collection] as unknown[] | undefined)?.length ?? 0, collection).to.be.greaterThan(0);
    }
    const effectsBefore = await effects(counted);
    expect(effectsBefore.source_queries).to.be.greaterThan(0);
    expect(effectsBefore.biometric_calls).to.be.greaterThan(0);
    expect(effectsBefore.ledger_events).to.be.greaterThan(1);
    expect(effectsBefore.facial_rounds).to.be.greaterThan(0);

    // every reactor of the runner counts the batches it is handed while the rebuild runs
    const reactors = (service.services.runner as unknown as { processors: Processor[] }).processors.filter((p) => p.kind === 'reactor');
    expect(reactors.map((r) => r.id)).to.include.members(['reactor:run-executor', 'reactor:billing', 'reactor:customer-runs', 'reactor:facial-rounds']);
    const handled: string[] = [];
    const originals = reactors.map((r) => r.handle);
    reactors.forEach((r, i) => {
      r.handle = async (events, upTo) => {
        handled.push(`${r.id}:${events.length}`);
        return originals[i]!.call(r, events, upTo);
      };
    });
    try {
      // the live documents deleted first (checkpoints untouched): only a real rebuild brings them back
      for (const p of service.services.projections) {
        const docs = await service.services.readStore.listCollection(p.collection);
        await service.services.readStore.commit({ writes: docs.map((d) => ({ op: 'delete' as const, collection: p.collection, id: d.id })) });
      }
      const results = [];
      for (const p of service.services.projections) results.push(await rebuildProjection(service.services.log, service.services.readStore, p));
      expect(results.map((r) => r.projection)).to.deep.equal(service.services.projections.map((p) => p.name));
      expect(results.every((r) => r.events === effectsBefore.head && r.position === effectsBefore.head)).to.equal(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(handled).to.deep.equal([]);
    } finally {
      reactors.forEach((r, i) => (r.handle = originals[i]!));
    }
    expect(await snapshot(service)).to.deep.equal(before);
    for (const p of service.services.projections) expect(await service.services.readStore.getCheckpoint(projectionProcessorId(p.name)), p.name).to.equal(effectsBefore.head);
    expect(await effects(counted)).to.deep.equal(effectsBefore);
  });

  it('through `scripts/rebuild.ts --all` with the service closed: identical documents after a restart, and no side effect fires', async () => {
    await settle(service);
    const before = await snapshot(service);
    const effectsBefore = await effects(counted);
    const checkpoints = async (s: TestService) =>
      Promise.all(['reactor:run-executor', 'reactor:billing', 'reactor:customer-runs', 'reactor:facial-rounds'].map((id) => s.services.readStore.getCheckpoint(id)));
    const reactorCheckpoints = await checkpoints(service);
    const dataDir = service.dataDir;
    const projections = service.services.projections;
    await service.close();
    // the read models emptied (checkpoints left at the head): only a real rebuild brings them back
    const store = new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
    for (const p of projections) {
      await store.dropCollection(p.collection);
      await store.ensureCollection(p.collection, p.indexes);
    }
    await store.close();
    const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs('scripts/rebuild.ts'), '--all'], {
      env: { ...process.env, SVC_DATA_DIR: dataDir, SVC_OPERATOR_TOKEN: 'x', SVC_SECRET_KEY: 'test-secret-key' },
    });
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as { projection: string; events: number; position: number });
    expect(lines.map((l) => l.projection)).to.deep.equal(projections.map((p) => p.name));
    expect(lines.every((l) => l.events === effectsBefore.head && l.position === effectsBefore.head)).to.equal(true);

    counted = await startCountedService({ dataDir });
    service = counted.service;
    await settle(service);
    expect(await snapshot(service)).to.deep.equal(before);
    expect(await checkpoints(service)).to.deep.equal(reactorCheckpoints);
    // a fresh process: nothing asked, nothing billed, no round, no new event
    const after = await effects(counted);
    expect(after).to.deep.equal({ ...effectsBefore, source_queries: 0, biometric_calls: 0 });
  });

  // issue 8, point 5: test/adapters/upcasters.spec.ts reads old shapes through readStream; here
  // the same old events reach the live projections through the subscription, and a rebuild
  it('old-shape events (TenantRegistered, ApiKeyCreated without its newer fields) feed the live read models and a rebuild alike', async () => {
    const dataDir = tempDir();
    const tenantId = randomUUID();
    const keyId = randomUUID();
    const legacy = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const metadata = { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: '2026-06-01T00:00:00.000Z', correlation_id: 'legacy', causation_id: null };
    await legacy.append(
      `tenant-${tenantId}`,
      [
        { id: randomUUID(), type: 'TenantRegistered', data: { tenant_id: tenantId, name: 'Legado', registered_at: '2026-06-01T00:00:00.000Z' }, metadata },
        {
          id: randomUUID(),
          type: 'ApiKeyCreated',
          data: { tenant_id: tenantId, key_id: keyId, name: 'antiga', environment: 'sandbox', scopes: ['runs:read'], key_hash: 'legacy-hash', key_hint: 'sk_test_…abcd', created_at: '2026-06-01T00:00:00.000Z' },
          metadata,
        },
      ],
      'no_stream',
    );
    await legacy.close();
    const old = await startCountedService({ dataDir });
    try {
      const tenant = await apiCall(old.service.operator(`/tenants/${tenantId}`));
      expect(tenant.status, JSON.stringify(tenant.body)).to.equal(200);
      expect(tenant.body).to.include({ tenant_id: tenantId, name: 'Legado', created_at: '2026-06-01T00:00:00.000Z' });
      const keys = await apiCall(old.service.operator(`/tenants/${tenantId}/api-keys`));
      expect(keys.body.data).to.have.length(1);
      expect(keys.body.data[0]).to.include({ key_id: keyId, subject_type: null, rate_limit_per_minute: null });
      const live = await snapshot(old.service);
      for (const p of old.service.services.projections) await rebuildProjection(old.service.services.log, old.service.services.readStore, p);
      expect(await snapshot(old.service)).to.deep.equal(live);
    } finally {
      await old.service.close();
    }
  });
});
