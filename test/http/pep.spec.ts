import { expect } from 'chai';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { date } from '../../src/reports/html.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createCustomer, pfBody } from './customers-support.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { uploadSampleLists } from './screening-support.js';

/**
 * PEP by Res. COAF 40/2021 / Circular 3.978 art. 27 (issue 31): a listed person is a PEP in office
 * and until the end of grace on the run's clock; a customer declared a relative or close
 * associate of a PEP is treated as one. One service, the CGU sample list, a settable clock.
 */
describe('PEP: the five-year rule and declared relationships (HTTP)', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: string;
  let otherKey: string;
  let template: string;
  let now = new Date('2027-12-31T15:00:00Z');
  // P1: JOSÉ CARLOS DA SILVA PEREIRA, councillor's secretary until 31/12/2022, grace to 31/12/2027
  const p1 = withCheckDigits('418275936');
  // LÚCIA HELENA BRAGA, in office
  const lucia = withCheckDigits('123318246');
  // P2: MARIA APARECIDA DOS SANTOS OLIVEIRA (state deputy in office, councillor before)
  const p2 = withCheckDigits('524736450');

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' }, clock: { now: () => new Date(now) } });
    const tenant = await createTenant(service, 'PEP');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    otherKey = (await (await createTenant(service, 'Outro')).key({ environment: 'live' })).api_key;
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'PEP', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'pep', tier: 2 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    await uploadSampleLists(service, [['br_pep', ['br/202610_PEP.zip']]]);
  });
  after(async () => service?.close());

  const finished = async (runId: string): Promise<Json> => {
    await eventually(async () => {
      const body = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    const answered = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered' && e.data['source_id'] === 'pep');
    return readableAnswer(answered!.data as never) as Json;
  };
  const pepRun = async (doc: string, name: string): Promise<Json> => {
    const response = await postRun(service, live, { template_id: template, subject: { type: 'pf', doc, name } });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    return finished((JSON.parse(text) as Json)['run_id']);
  };
  const checkOf = (answer: Json): Json => (answer['checks'] as Json[])[0]!;

  it('on the last day of grace a former office holder is a PEP: the finding names the office and "PEP até"', async () => {
    now = new Date('2027-12-31T15:00:00Z');
    const answer = await pepRun(p1, 'José Carlos da Silva Pereira');
    const check = checkOf(answer);
    expect(check).to.include({ check_id: 'is_pep', status: 'INVALID', result_code: 'listed' });
    expect(check['detail']).to.include('SECRETÁRIO MUNICIPAL (SECMUN) — MUN. DE JANUÁRIA-MG').and.to.include(`PEP até ${date('2027-12-31')}.`);
    expect(answer['data']['screening']['pep_as_of']).to.equal(now.toISOString());
  });

  it('the day after the end of grace (Brasília) the same person is no PEP: VALID, "Ex-PEP desde"; one in office still is', async () => {
    now = new Date('2028-01-01T12:00:00Z');
    const ex = checkOf(await pepRun(p1, 'José Carlos da Silva Pereira'));
    expect(ex).to.include({ check_id: 'is_pep', status: 'VALID', result_code: 'ex_pep', result_label: `Ex-PEP desde ${date('2027-12-31')}` });
    const held = checkOf(await pepRun(lucia, 'Lúcia Helena Braga'));
    expect(held).to.include({ status: 'INVALID', result_code: 'listed' });
    expect(held['detail']).to.include('DIR. SUPERINTENDENTE (CAS-1) — SUDEMA').and.to.include('Em exercício.');
  });

  describe('declared relatives and close associates', () => {
    let customerId: string;
    const customerDoc = withCheckDigits('987654321');
    before(async () => {
      now = new Date('2028-01-01T12:00:00Z');
      customerId = (await createCustomer(service, live, pfBody(customerDoc, { name: 'Pedro Henrique Souza' })))['customer_id'];
    });
    const declare = (body: Json, key = live, id = customerId) => service.call(`/api/v1/customers/${id}/pep-relationships`, { method: 'POST', headers: { 'x-api-key': key }, json: body });

    it('refuses an invalid CPF of the PEP and an unknown kind with 400 naming the field', async () => {
      const bad = await declare({ kind: 'familiar', relation: 'cônjuge', pep_name: 'Maria', pep_cpf: '12345678900' });
      expect(bad.status).to.equal(400);
      expect(((await bad.json()) as Json)['error']).to.deep.include({ code: 'invalid_document', param: 'pep_cpf' });
      const kind = await declare({ kind: 'primo', relation: 'primo', pep_name: 'Maria', pep_cpf: p2 });
      expect(kind.status).to.equal(400);
      const body = ((await kind.json()) as Json)['error'] as Json;
      expect(body).to.include({ code: 'invalid_request', param: 'kind' });
      expect(body['message']).to.include('familiar, estreito_colaborador');
    });

    it("answers 404 for another tenant's customer", async () => {
      const response = await declare({ kind: 'familiar', relation: 'cônjuge', pep_name: 'Maria', pep_cpf: p2 }, otherKey);
      expect(response.status).to.equal(404);
      expect(((await response.json()) as Json)['error']['code']).to.equal('customer_not_found');
      expect((await service.call(`/api/v1/customers/${customerId}/pep-relationships`, { headers: { 'x-api-key': otherKey } })).status).to.equal(404);
    });

    it("declared a PEP's spouse through the API, the customer's run finds is_pep naming the PEP and the PEP's clock", async () => {
      const response = await declare({ kind: 'familiar', relation: 'cônjuge', pep_name: 'Maria Aparecida dos Santos Oliveira', pep_cpf: p2, pep_role: 'Deputada estadual' });
      const text = await response.text();
      expect(response.status, text).to.equal(201);
      const declared = JSON.parse(text) as Json;
      expect(declared).to.include({ object: 'pep_relationship', kind: 'familiar', relation: 'cônjuge', pep_cpf: p2, pep_role: 'Deputada estadual', pep_organ: null });
      expect(declared['declared_by']).to.match(/^api_key:/);
      const listed = (await (await service.call(`/api/v1/customers/${customerId}/pep-relationships`, { headers: { 'x-api-key': live } })).json()) as Json;
      expect(listed['data'].map((r: Json) => r['relationship_id'])).to.deep.equal([declared['relationship_id']]);
      // declared again: the one in force
      expect(((await (await declare({ kind: 'familiar', relation: 'cônjuge', pep_name: 'Maria Aparecida dos Santos Oliveira', pep_cpf: p2 })).json()) as Json)['relationship_id']).to.equal(declared['relationship_id']);

      // the draft completed with a run (POST of the same document)
      const completed = await createCustomer(service, live, pfBody(customerDoc, { name: 'Pedro Henrique Souza', run_bureau: true, template_id: template }));
      expect(completed['customer_id']).to.equal(customerId);
      const check = checkOf(await finished(completed['run_id']));
      expect(check).to.include({ check_id: 'is_pep', status: 'INVALID', result_code: 'pep_relationship', severity: 'high' });
      expect(check['detail'], check['detail']).to.match(/^familiar \(cônjuge\) de Maria Aparecida dos Santos Oliveira \(em exercício: VEREADOR \(VEREAD\) — MUN. DE ANÁPOLIS-GO; DEPUTADO ESTADUAL/);

      const removed = await service.call(`/api/v1/customers/${customerId}/pep-relationships/${declared['relationship_id']}`, { method: 'DELETE', headers: { 'x-api-key': live } });
      expect(removed.status).to.equal(204);
      const again = await service.call(`/api/v1/customers/${customerId}/pep-relationships/${declared['relationship_id']}`, { method: 'DELETE', headers: { 'x-api-key': live } });
      expect(again.status).to.equal(404);
      expect(((await again.json()) as Json)['error']['code']).to.equal('pep_relationship_not_found');
    });
  });
});
