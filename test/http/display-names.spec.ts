import { expect } from 'chai';
import { dashboardUser } from '../helpers/dashboard.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { pfBody, pjBody, postCustomer } from './customers-support.js';

/**
 * Display names (tenant, tenant list, API key, template) refuse control and invisible formatting
 * characters: a NUL, a C1 control, a bidi override that would show "gpj.exe" as "exe.jpg", a
 * zero-width space. 400 invalid_request naming the field, on the operator API, the public API
 * and the dashboard forms alike. A customer's name refuses the controls, separators and bidi
 * controls, not invisible formatting, which screening reads through.
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
/** invisible formatting that a display name refuses, and a person's name (a customer's) may hold */
const INVISIBLE_ONLY = new Set(['zero-width space', 'BOM']);

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

  it('on the public API: customer name and trade name refuse controls, line separators and bidi controls', async () => {
    for (const [label, name] of HOSTILE.filter(([label]) => !INVISIBLE_ONLY.has(label))) {
      await refusedNaming(await postCustomer(service, customerKey, pfBody('52998224725', { name })), 'name', `pf name ${label}`);
      await refusedNaming(await postCustomer(service, customerKey, pjBody('11222333000181', { trade_name: name })), 'trade_name', `trade name ${label}`);
    }
    // a person's name as a client's system holds it may carry a zero-width space or a BOM copied
    // from a document: accepted, and screened as the plain name (screening-unicode.spec.ts)
    const documents = ['39053344705', '11144477735'];
    for (const [label, name] of HOSTILE.filter(([label]) => INVISIBLE_ONLY.has(label))) {
      const response = await postCustomer(service, customerKey, pfBody(documents.pop()!, { name }));
      expect(response.status, `pf name ${label}: ${await response.clone().text()}`).to.equal(201);
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
