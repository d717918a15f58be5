import { expect } from 'chai';
import { kycRetentionUntil } from '../../src/domain/retention/clocks.js';
import { date } from '../../src/reports/html.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { CNPJ_A, entity, setReportingEntities } from '../http/cno-support.js';
import { createCustomer, getCustomer, patchTenant } from '../http/customers-support.js';
import { cpf, startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

/** Issue 30: the erasure screen answers a request under a legal hold with its date, and lists it held. */
describe('dashboard: an erasure under a legal hold', function () {
  this.timeout(60_000);
  let service: TestService;
  let w: World;
  let admin: SignedIn;

  before(async () => {
    service = await startRunsService();
    w = await world(service, 'Banco Retenção');
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
    await setReportingEntities(service, w.tenant.tenant_id, [entity(CNPJ_A, 'Banco Retenção S.A.')]);
    admin = await dashboardUser(service, w.tenant.tenant_id, 'admin');
  });
  after(async () => service.close());

  it('a customer of a reporting tenant: "retido por guarda legal" until 1 January ten years after next, even with a legal basis', async () => {
    const doc = cpf(8801);
    const created = await createCustomer(service, w.key, { type: 'pf', doc, name: 'Titular Retido', email: 'r@example.com', run_bureau: true });
    await waitForRun(service, w.key, created.run_id as string);
    await service.services.runner.waitFor(await service.services.eventStore.headPosition(), 30_000);
    const page = await admin.post('/dashboard/erasure', { doc, legal_basis: 'LGPD art. 18, VI', confirm: 'on' });
    expect(page.status).to.equal(200);
    // the customer's last activity is now: kept ten years from 1 January after it
    const until = kycRetentionUntil(new Date().toISOString());
    expect(page.html).to.contain(`retido por guarda legal até ${date(until)}`);
    expect(page.html).to.match(/data-testid="erasure-status">retido por guarda legal</);
    expect(page.html).to.contain(`retido até ${date(until)} (informações cadastrais do cliente; Circular BCB 3.978/2020, art. 67)`);
    expect(page.html).not.to.contain('Dados pessoais apagados.');
    // the answer for the data subject, beside the request
    expect(page.html).to.contain('data-testid="erasure-held-message">Seu pedido de eliminação de dados foi registrado.');
    expect((await getCustomer(service, w.key, created.customer_id as string)).name).to.equal('Titular Retido');
  });
});
