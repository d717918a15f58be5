import { expect } from 'chai';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { png } from '../http/facial-support.js';
import { cpf } from '../http/runs-support.js';
import { tempDir } from '../helpers/temp.js';
import { json, killInstance, OPERATOR, receiver, startInstance, tally, until, type Instance } from './instances-support.js';

/**
 * Several instances on one data directory (the SQLite stores): work items are leased, so each
 * run, facial round and webhook delivery is executed once by one of them; an instance killed
 * mid-load leaves its work to the others once its leases expire.
 */
describe('several instances on one data directory', function () {
  this.timeout(180_000);
  const RUNS = 200;
  const CUSTOMERS = 20;

  async function scenario(instanceCount: number, killOne: boolean) {
    const dataDir = tempDir();
    const effects = join(dataDir, '..', `effects-${Date.now()}.log`);
    const hooks = await receiver();
    const instances: Instance[] = [];
    try {
      // the first instance creates the stores; the others join them
      instances.push(await startInstance(dataDir, 'i0', effects));
      for (let i = 1; i < instanceCount; i++) instances.push(await startInstance(dataDir, `i${i}`, effects));
      const [first] = instances as [Instance];
      const op = (path: string, method: string, body: unknown) => fetch(`${first.base}/operator/v1${path}`, { method, headers: OPERATOR, body: JSON.stringify(body) });
      const tenant = await json(await op('/tenants', 'POST', { name: 'Instances' }), 201);
      const key = (await json(await op(`/tenants/${tenant.tenant_id}/api-keys`, 'POST', { name: 'k', environment: 'sandbox', scopes: ['runs:write', 'runs:read', 'customers:write', 'customers:read'] }), 201)).api_key as string;
      const template = (await json(await op('/templates', 'POST', { tenant_id: tenant.tenant_id, ...REFERENCE_PF }), 201)).template_id as string;
      await json(await op(`/tenants/${tenant.tenant_id}`, 'PATCH', { facial_verification_master: true, facial_verification_enabled: true }), 200);
      await json(await op(`/tenants/${tenant.tenant_id}/webhook-endpoints/sandbox`, 'PUT', { url: hooks.url, events: [] }), 200);

      // load spread over every instance's HTTP
      const via = (i: number) => instances[i % instances.length]!.base;
      const api = (i: number, path: string, init: RequestInit) => fetch(`${via(i)}/api/v1${path}`, { ...init, headers: { 'x-api-key': key, ...(init.headers ?? {}) } });
      const runIds: string[] = [];
      const post = async (i: number) => {
        const body = JSON.stringify({ template_id: template, subject: { type: 'pf', doc: cpf(70_000 + i), name: 'Maria Silva' } });
        runIds.push((await json(await api(i, '/bureau/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), 202)).run_id as string);
      };
      let killed: Instance | null = null;
      for (let batch = 0; batch < RUNS / 20; batch++) {
        await Promise.all(Array.from({ length: 20 }, (_, j) => post(batch * 20 + j)));
        if (killOne && batch === 4) {
          // mid-load: the last instance dies holding leases on whatever it was executing
          killed = instances[instances.length - 1]!;
          await killInstance(killed);
          instances.pop();
        }
      }
      const customers: string[] = [];
      await Promise.all(
        Array.from({ length: CUSTOMERS }, async (_, i) => {
          const created = await json(await api(i, '/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'pf', doc: cpf(80_000 + i), name: 'Maria Silva', email: 'maria@example.com' }) }), 201);
          customers.push(created.customer_id as string);
          for (const type of ['selfie', 'identidade_frente']) {
            const form = new FormData();
            form.append('type', type);
            form.append('file', new Blob([png()], { type: 'image/png' }), `${type}-${created.customer_id}.png`);
            await json(await api(i + 1, `/customers/${created.customer_id}/documents`, { method: 'POST', body: form }), 201);
          }
        }),
      );

      const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
      try {
        const count = async (type: string) => (await events.readAll({ after: null, limit: 1_000_000 })).filter((e) => e.type === type).length;
        await until(async () => (await count('RunCompleted')) === RUNS, 90_000, 'every run to complete');
        await until(async () => (await count('FacialRoundCompleted')) === CUSTOMERS, 60_000, 'every facial round');
        await until(async () => hooks.received.size === RUNS, 60_000, `every run.completed webhook (${hooks.received.size})`);
        // nothing more arrives once everything is done
        await new Promise((r) => setTimeout(r, 1_500));
        expect(await count('RunCompleted')).to.equal(RUNS);
        expect(await count('FacialRoundStarted')).to.equal(CUSTOMERS);
        expect(await count('FacialRoundCompleted')).to.equal(CUSTOMERS);
      } finally {
        await events.close();
      }

      const queries = tally(effects, 'query');
      const checks = tally(effects, 'check');
      expect(queries.counts.size).to.equal(RUNS * REFERENCE_PF.sources.length);
      expect(checks.counts.size).to.equal(CUSTOMERS * 2);
      const repeatedQueries = [...queries.counts.values()].filter((n) => n > 1).length;
      const repeatedChecks = [...checks.counts.values()].filter((n) => n > 1).length;
      const resent = [...hooks.received.values()].filter((n) => n > 1).length;
      if (!killOne) {
        // each effect exactly once, and the work was shared
        expect(repeatedQueries, 'a source asked twice for one run').to.equal(0);
        expect(repeatedChecks, 'a facial check made twice').to.equal(0);
        expect(resent, 'a webhook sent twice').to.equal(0);
        for (const instance of instances) expect(queries.by.get(instance.name) ?? 0, `${instance.name} executed runs`).to.be.greaterThan(0);
      } else {
        // only what the dead instance was executing when it died may be done again (at-least-once)
        expect(repeatedQueries).to.be.at.most(64 * REFERENCE_PF.sources.length);
        // a webhook sent by the dead instance whose 2xx it had not recorded is sent again, same event id
        expect(resent).to.be.at.most(64);
        expect(queries.by.get(killed!.name) ?? 0, 'the killed instance had taken work').to.be.greaterThan(0);
      }
    } finally {
      for (const instance of instances) instance.child.kill('SIGTERM');
      await Promise.all(instances.map((i) => i.exited));
      hooks.server.close();
    }
  }

  it('two instances under load (200 runs, 200 webhooks, 20 facial rounds): every effect exactly once, shared between them', () => scenario(2, false));
  it('three instances, one killed mid-load: the others finish its work after its leases (3 s) expire, nothing lost', () => scenario(3, true));
});
