import { expect } from 'chai';
import { dashboardUser } from '../helpers/dashboard.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { pfBody, pjBody, postCustomer } from './customers-support.js';

/**
 * Display names (tenant, tenant list, API key, template, customer names) refuse control and
 * invisible formatting characters: a NUL, a C1 control, a bidi override that would show
 * "gpj.exe" as "exe.jpg", a zero-width space. 400 invalid_request naming the field, on the
 * operator API, the public API and the dashboard forms alike.
 */
const HOSTILE: readonly [string, string][] = [
  ['NUL', 'Lista\u0000negra'],
  ['BEL', 'Lista\u0007negra'],
  ['C1 NEL', 'Lista\u0085negra'],
  ['RLO', 'Lista \u202Enegra'],
  ['LRE', 'Lista \u202Anegra'],
  ['RLI', 'Lista \u2067negra'],
  ['PDI', 'Lista \u2069negra'],
  ['zero-width space', 'Lista\u200Bnegra'],
  ['BOM', '\uFEFFLista negra'],
  ['line separator', 'Lista\u2028negra'],
];

describe('display names refuse control and invisible formatting characters', function () {
  this.timeout(60_000);
  let service: TestService;
  let tenantId: string;
  let customerKey: string;
  before(async () => {
    service = await startService();
    const tenant = await createTenant(service, 'Nomes');
    tenantId = tenant.tenant_id;
    customerKey = (await tenant.key({ scopes: ['customers:write'] })).api_key;
  });
  after(async () => service.close());

  const refusedNaming = async (response: Response, param: string, label: string) => {
    const text = await response.text();
    expect(response.status, `${label}: ${text}`).to.equal(400);
    expect((JSON.parse(text) as { error: { code: string; param: string } }).error, label).to.include({ code: 'invalid_request', param });
  };

  it('on the operator API: tenant, tenant list, API key and template names', async () => {
    for (const [label, name] of HOSTILE) {
      await refusedNaming(await service.operator('/tenants', { method: 'POST', json: { name } }), 'name', `tenant ${label}`);
      await refusedNaming(await service.operator(`/tenants/${tenantId}/lists`, { method: 'POST', json: { name } }), 'name', `list ${label}`);
      await refusedNaming(await service.operator(`/tenants/${tenantId}/api-keys`, { method: 'POST', json: { name, environment: 'sandbox', scopes: ['runs:read'] } }), 'name', `key ${label}`);
      const template = { tenant_id: tenantId, name, subject_type: 'pf', sources: [{ source_id: 'receita_cpf', tier: 1 }] };
      await refusedNaming(await service.operator('/templates', { method: 'POST', json: template }), 'name', `template ${label}`);
    }
    // accents, other scripts, emoji and ordinary punctuation are names like any other
    for (const name of ['Lista de Vigilância — Câmbio', 'Δέλτα 株式会社', 'Lista 🚩 2026']) {
      expect((await service.operator(`/tenants/${tenantId}/lists`, { method: 'POST', json: { name } })).status, name).to.equal(201);
    }
  });

  it('on the public API: customer name and trade name', async () => {
    for (const [label, name] of HOSTILE) {
      await refusedNaming(await postCustomer(service, customerKey, pfBody('52998224725', { name })), 'name', `pf name ${label}`);
      await refusedNaming(await postCustomer(service, customerKey, pjBody('11222333000181', { trade_name: name })), 'trade_name', `trade name ${label}`);
    }
  });

  it("on the dashboard's forms: an API key name", async () => {
    const admin = await dashboardUser(service, tenantId, 'admin');
    await admin.get('/dashboard/settings');
    const page = await admin.post('/dashboard/settings/api-keys', { name: 'Chave \u202Eexe.gpj', environment: 'sandbox', scopes: 'runs:read' });
    expect(page.status).to.equal(400);
    expect(page.html).to.match(/name/);
    expect(page.html).not.to.contain('\u202E');
  });
});
