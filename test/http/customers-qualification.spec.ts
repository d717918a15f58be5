import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { dueText } from '../../src/http/dashboard/suspicion/clock-text.js';
import { when } from '../../src/http/dashboard/present.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, pfBody, pjBody } from './customers-support.js';
import { cnpj, cpf, startRunsService, world, type Json, type World } from './runs-support.js';

const ADDRESS = { street: 'Av. Paulista', number: '1000', city: 'São Paulo', state: 'sp', zip: '01310-100' };
const DAY = 86_400_000;

/** Issue 30: the 30-day qualification grace (Circular BCB 3.978 art. 23), over the API and the dashboard. */
describe('HTTP customers: qualification and its 30-day grace', () => {
  let service: TestService;
  let w: World;
  let other: World;
  let analyst: SignedIn;
  const clock = new ManualClock('2026-11-02T15:00:00.000Z');
  let n = 7000;

  before(async () => {
    service = await startRunsService({ clock });
    w = await world(service);
    other = await world(service, 'Outra');
  });
  after(async () => service.close());

  const qualify = (id: string, body: unknown, key = w.key) => service.call(`/api/v1/customers/${id}/qualification`, { method: 'POST', headers: { 'x-api-key': key }, json: body });
  const expectError = async (response: Response, status: number, code: string, param?: string) => {
    const text = await response.text();
    expect(response.status, text).to.equal(status);
    const error = (JSON.parse(text) as { error: Json }).error;
    expect(error.code, text).to.equal(code);
    if (param !== undefined) expect(error.param, text).to.equal(param);
  };

  it('a pf registered without address and income is pendente, due 30 days later, overdue after; completing it ends the clock', async () => {
    const created = await createCustomer(service, w.key, pfBody(cpf(++n)));
    const id = created.customer_id as string;
    const fresh = await getCustomer(service, w.key, id);
    expect(fresh.qualification).to.deep.equal({ status: 'pendente', missing: ['address', 'declared_income'], due_at: new Date(Date.parse(created.created_at as string) + 30 * DAY).toISOString(), completed_at: null, overdue: false });

    clock.advance(31 * DAY);
    expect(((await getCustomer(service, w.key, id)).qualification as Json).overdue).to.equal(true);

    const partial = await qualify(id, { address: ADDRESS });
    expect(partial.status, await partial.clone().text()).to.equal(200);
    const afterAddress = (await partial.json()) as Json;
    expect(afterAddress.address).to.deep.equal({ ...ADDRESS, state: 'SP', zip: '01310100' });
    expect(afterAddress.qualification).to.include({ status: 'pendente', overdue: true });
    expect((afterAddress.qualification as Json).missing).to.deep.equal(['declared_income']);

    const done = (await (await qualify(id, { declared_income: '8500.00', occupation: 'Engenheira' })).json()) as Json;
    expect(done.qualification).to.deep.equal({ status: 'completa', missing: [], due_at: (fresh.qualification as Json).due_at, completed_at: clock.now().toISOString(), overdue: false });
    expect(done).to.include({ declared_income: '8500.00', occupation: 'Engenheira' });
    // the audit trail names the key that sent it
    const events = await service.services.log.readStream(`customer-${id}`);
    const updates = events.filter((e) => e.type === 'CustomerQualificationUpdated');
    expect(updates.map((e) => e.data['field_names'])).to.deep.equal([['address'], ['occupation', 'declared_income']]);
    expect(String(updates[0]!.data['by'])).to.match(/^api_key:/);
  });

  it('a pj registered with address and revenue is complete from the start', async () => {
    const created = await createCustomer(service, w.key, pjBody(cnpj(++n), { address: ADDRESS, annual_revenue: 1_200_000 }));
    expect((await getCustomer(service, w.key, created.customer_id as string)).qualification).to.include({ status: 'completa', completed_at: created.created_at, overdue: false });
  });

  it('bad input is a 400 naming the field, and nothing is recorded', async () => {
    const id = (await createCustomer(service, w.key, pfBody(cpf(++n)))).customer_id as string;
    await expectError(await qualify(id, { annual_revenue: 10 }), 400, 'invalid_field_for_type', 'annual_revenue');
    await expectError(await qualify(id, { address: { ...ADDRESS, state: 'XX' } }), 400, 'invalid_address', 'address.state');
    await expectError(await qualify(id, { declared_income: 'muito' }), 400, 'invalid_request', 'declared_income');
    await expectError(await qualify(id, { birth_date: '1990-01-01' }), 400, 'invalid_request', 'birth_date');
    await expectError(await qualify(id, {}), 400, 'invalid_request');
    await expectError(await qualify(id, [1]), 400, 'invalid_json');
    const events = await service.services.log.readStream(`customer-${id}`);
    expect(events.some((e) => e.type === 'CustomerQualificationUpdated')).to.equal(false);
  });

  it("another tenant's customer, an unknown one and a read-only key", async () => {
    const id = (await createCustomer(service, w.key, pfBody(cpf(++n)))).customer_id as string;
    await expectError(await qualify(id, { address: ADDRESS }, other.key), 404, 'customer_not_found');
    await expectError(await qualify('5d1c9a7e-0000-4000-8000-000000000000', { address: ADDRESS }), 404, 'customer_not_found');
    const readOnly = (await w.tenant.key({ scopes: ['customers:read'] })).api_key;
    await expectError(await qualify(id, { address: ADDRESS }, readOnly), 403, 'insufficient_scope');
    // issue 31's relationships with PEPs on the same customer need the customers scopes too
    const runsOnly = (await w.tenant.key({ scopes: ['runs:read'] })).api_key;
    const relationships = (method: string, path = '', json?: unknown) =>
      service.call(`/api/v1/customers/${id}/pep-relationships${path}`, { method, headers: { 'x-api-key': runsOnly }, ...(json === undefined ? {} : { json }) });
    await expectError(await relationships('GET'), 403, 'insufficient_scope');
    await expectError(await relationships('POST', '', { kind: 'familiar', relation: 'cônjuge', pep_name: 'Fulano', pep_cpf: '52998224725' }), 403, 'insufficient_scope');
    await expectError(await relationships('DELETE', '/5d1c9a7e-0000-4000-8000-000000000000'), 403, 'insufficient_scope');
  });

  it('the operator refresh of a list that is not official, and an unknown API version on the lists status, are 400', async () => {
    await expectError(await service.operator('/lists/not_a_list/refresh', { method: 'POST' }), 400, 'invalid_list');
    await expectError(await service.call('/api/v1/screening/lists', { headers: { 'x-api-key': w.key, 'x-svc-api-version': '1999-01-01' } }), 400, 'invalid_api_version');
  });

  it('the dashboard shows the clock, refuses a bad field in pt-BR beside it, and completes the qualification', async () => {
    // signed in now: the first case moved the clock past any session made before it
    analyst = await dashboardUser(service, w.tenant.tenant_id, 'analyst');
    const created = await createCustomer(service, w.key, pjBody(cnpj(++n)));
    const id = created.customer_id as string;
    const due = new Date(Date.parse(created.created_at as string) + 30 * DAY).toISOString();
    const page = await analyst.get(`/dashboard/customers/${id}`);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('data-testid="qualification"');
    expect(page.html).to.contain(`Qualificação incompleta — prazo ${dueText(due, clock.now()).text}`);
    expect(page.html).to.contain('endereço, faturamento anual');
    expect(page.html).to.contain(when(due));

    const refused = await analyst.post(`/dashboard/customers/${id}/qualification`, { 'address.street': 'Rua B', 'address.city': 'Recife', 'address.state': 'PE', 'address.zip': '123', annual_revenue: '1.200.000,00' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('Informe o CEP com 8 dígitos.');
    expect(refused.html).to.match(/name="address\.street" value="Rua B"/);

    const saved = await analyst.post(`/dashboard/customers/${id}/qualification`, { 'address.street': 'Rua B', 'address.city': 'Recife', 'address.state': 'pe', 'address.zip': '50030-230', annual_revenue: '1.200.000,00' });
    expect(saved.status).to.equal(200);
    expect(saved.html).to.contain('Qualificação atualizada.');
    expect(saved.html).to.contain(`Qualificação completa desde ${when(clock.now().toISOString())}`);
    const customer = await getCustomer(service, w.key, id);
    expect(customer).to.include({ annual_revenue: '1200000.00' });
    expect(customer.address).to.deep.equal({ street: 'Rua B', city: 'Recife', state: 'PE', zip: '50030230' });
    const events = await service.services.log.readStream(`customer-${id}`);
    expect(events.find((e) => e.type === 'CustomerQualificationUpdated')!.data['by']).to.equal(`user:${analyst.user.email}`);
  });

  it('a viewer sees the clock but no form, and cannot post one', async () => {
    const viewer = await dashboardUser(service, w.tenant.tenant_id, 'viewer');
    const id = (await createCustomer(service, w.key, pfBody(cpf(++n)))).customer_id as string;
    const page = await viewer.get(`/dashboard/customers/${id}`);
    expect(page.html).to.contain('data-testid="qualification-status"');
    expect(page.html).not.to.contain('data-testid="qualification-form"');
    const posted = await viewer.post(`/dashboard/customers/${id}/qualification`, { 'address.street': 'Rua B' });
    expect(posted.status).to.equal(403);
  });
});
