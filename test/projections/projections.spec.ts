import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projector, projectionProcessorId } from '../../src/projections/projector.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { nodeArgs } from '../helpers/node-child.js';

/** A small realistic workload through the operator API. */
async function workload(service: TestService): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const tenant = await createTenant(service, `Tenant ${i}`);
    ids.push(tenant.tenant_id);
    const key = await tenant.key();
    await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 10 + i, reason: 'seed' } });
    await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { rate_limit_per_minute: 100 + i } });
    if (i % 2 === 0) await service.operator(`/tenants/${tenant.tenant_id}/api-keys/${key.key_id}`, { method: 'DELETE' });
  }
  return ids;
}

async function snapshot(service: TestService) {
  const out: Record<string, unknown> = {};
  for (const p of service.services.projections) out[p.collection] = await service.services.readStore.listCollection(p.collection);
  return out;
}

describe('projections', () => {
  it('are idempotent if run twice: replaying a batch changes nothing', async () => {
    const service = await startService();
    try {
      await workload(service);
      const before = await snapshot(service);
      const events = await service.services.log.readAll({ after: null, limit: 10_000 });
      for (const p of service.services.projections) await projector(p, service.services.readStore).handle(events, events[events.length - 1]!.position);
      expect(await snapshot(service)).to.deep.equal(before);
    } finally {
      await service.close();
    }
  });

  it('rebuild from position zero yields the same documents, timestamps and positions included', async () => {
    const service = await startService();
    try {
      await workload(service);
      const before = await snapshot(service);
      for (const p of service.services.projections) await rebuildProjection(service.services.log, service.services.readStore, p);
      expect(await snapshot(service)).to.deep.equal(before);
      const head = await service.services.eventStore.headPosition();
      expect(await service.services.readStore.getCheckpoint(projectionProcessorId(tenantsProjection.name))).to.equal(head);
    } finally {
      await service.close();
    }
  });

  it('resume after a restart from their checkpoints, and read models stay queryable', async () => {
    const first = await startService();
    const ids = await workload(first);
    const dataDir = first.dataDir;
    await first.close();
    const second = await startService({ dataDir });
    try {
      const head = await second.services.eventStore.headPosition();
      expect(await second.services.readStore.getCheckpoint(projectionProcessorId('tenants'))).to.equal(head);
      const tenant = (await (await second.operator(`/tenants/${ids[3]}`)).json()) as { balance: number; settings: { rate_limit_per_minute: number } };
      expect(tenant.balance).to.equal(13);
      expect(tenant.settings.rate_limit_per_minute).to.equal(103);
      // writes after the restart are projected too
      await second.operator(`/tenants/${ids[3]}/credits`, { method: 'POST', json: { amount: 7, reason: 'more' } });
      expect(((await (await second.operator(`/tenants/${ids[3]}`)).json()) as { balance: number }).balance).to.equal(20);
    } finally {
      await second.close();
    }
  });

  it('rebuild through `npm run rebuild` gives the same documents', async function () {
    this.timeout(60_000);
    const service = await startService();
    await workload(service);
    const before = await snapshot(service);
    const names = service.services.projections.map((p) => p.name);
    const dataDir = service.dataDir;
    await service.close();
    const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs('scripts/rebuild.ts'), '--all'], {
      env: { ...process.env, SVC_DATA_DIR: dataDir, SVC_OPERATOR_TOKEN: 'x', SVC_SECRET_KEY: 'test-secret-key' },
    });
    expect(stdout.trim().split('\n').map((l) => JSON.parse(l).projection)).to.deep.equal(names);
    const reopened = await startService({ dataDir });
    try {
      expect(await snapshot(reopened)).to.deep.equal(before);
    } finally {
      await reopened.close();
    }
  });
});
