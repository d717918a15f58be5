import { expect } from 'chai';
import { subjectRef } from '../../src/commands/runs.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, listCustomers, pjBody, postCustomer } from './customers-support.js';
import { createRun, createTemplate, errorOf, getJson, pjSubject, postRun, startRunsService, waitForRun, world, type Json, type World } from './runs-support.js';

/**
 * Issue 16, first point: an alphanumeric CNPJ (IN RFB 2.229/2024) is accepted wherever a CNPJ
 * is, and `12.abc.345/01de-35` and `12ABC34501DE35` are the same subject. Receita's published
 * example; its check digits are worked by hand in test/domain/document.spec.ts.
 */
const CNPJ = '12ABC34501DE35';
const TYPED = '12.abc.345/01de-35';

describe('alphanumeric CNPJ over HTTP', function () {
  this.timeout(60_000);
  let service: TestService;
  let w: World;
  let screeningKey: string;
  const search = (body: Json) => service.call('/api/v1/screening/search', { method: 'POST', headers: { 'x-api-key': screeningKey }, json: body });
  const compare = (body: Json) => service.call('/api/v1/screening/compare', { method: 'POST', headers: { 'x-api-key': screeningKey }, json: body });

  before(async () => {
    service = await startRunsService();
    w = await world(service);
    screeningKey = (await w.tenant.key({ scopes: ['screening:read'] })).api_key;
  });
  after(async () => service.close());

  it('a sandbox PJ run with one, formatted in lower case: 202, completes, keyed by the normalized form; the auditor finds it by either spelling', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pj, subject: pjSubject(TYPED) });
    const run = await waitForRun(service, w.key, runId);
    expect(run['status']).to.equal('completed');
    expect(run['decision']).to.be.a('string');
    const queued = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'RunQueued')!;
    expect((queued.data as Json)['subject_ref']).to.equal(subjectRef('test-secret-key', w.tenant.tenant_id, 'sandbox', CNPJ));
    for (const subject of [CNPJ, encodeURIComponent(TYPED)]) {
      const audit = (await (await service.operator(`/audit/streams?tenant_id=${w.tenant.tenant_id}&subject=${subject}&limit=500`)).json()) as Json;
      expect(audit['data'].map((e: Json) => e['stream']), subject).to.include(`run-${runId}`);
    }
  });

  it('a run refuses a wrong check digit, a letter in a check digit, a space or `*` inside (400 invalid_document)', async () => {
    for (const doc of ['12ABC34501DE36', '12ABC34501DE3A', '12ABC 34501DE35', '12AB*34501DE35', '12ABC34501DE3']) {
      const response = await postRun(service, w.key, { template_id: w.pj, subject: pjSubject(doc) });
      expect(response.status, doc).to.equal(400);
      expect((await errorOf(response)).code, doc).to.equal('invalid_document');
    }
  });

  it('a customer with one: masked with its letters, found by the list filter in either case, a duplicate however spelled, erasable', async () => {
    // run_bureau: a customer out of draft, so the same document again is a conflict, not an update of the draft
    const created = await createCustomer(service, w.key, pjBody(TYPED, { external_id: 'alnum-1', run_bureau: true, template_id: w.pj }));
    expect(created['doc']).to.equal('**ABC34501****');
    await waitForRun(service, w.key, created['run_id']);
    for (const doc of [CNPJ, CNPJ.toLowerCase()]) {
      const page = await listCustomers(service, w.key, `?doc=${doc}`);
      expect(page['data'].map((c: Json) => c['customer_id']), doc).to.deep.equal([created['customer_id']]);
    }
    const duplicate = await postCustomer(service, w.key, pjBody(CNPJ));
    expect(duplicate.status).to.equal(409);
    expect((await errorOf(duplicate)).code).to.equal('customer_already_exists');
    for (const doc of ['12ABC34501DE3A', '12.ABC.345/01DE-35', '12ABC34501DE3']) {
      const response = await getJson(service, w.key, `/customers?doc=${encodeURIComponent(doc)}`);
      expect(response.status, doc).to.equal(400);
      expect((await errorOf(response)).code, doc).to.equal('invalid_document');
    }
    // the erasure request finds the subject's streams by the hash of the normalized form
    const erasure = await service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: w.tenant.tenant_id, doc: TYPED } });
    expect(erasure.status, await erasure.clone().text()).to.equal(202);
    expect(((await erasure.json()) as Json)['status']).to.equal('scheduled');
  });

  it("the screening API's document: accepted in either case and normalized, refused when invalid; compared exactly", async () => {
    // accepted (no list is loaded yet, so the answer is 409 lists_not_loaded: an invalid document is a 400 first); normalized: see the tenant list below
    const found = await search({ schema: 'company', name: 'Alfa Digital Ltda', doc: TYPED });
    expect(found.status, await found.clone().text()).to.equal(409);
    expect((await errorOf(found)).code).to.equal('lists_not_loaded');
    for (const doc of ['12ABC34501DE36', '12ABC 34501DE35', '12ABC34501DE3A']) {
      const response = await search({ schema: 'company', name: 'Alfa Digital Ltda', doc });
      expect(response.status, doc).to.equal(400);
      expect((await errorOf(response)).code, doc).to.equal('invalid_document');
    }
    const compared = (await (await compare({ schema: 'company', query: { name: 'Alfa Digital Ltda', doc: CNPJ }, candidate: { name: 'Beta Serviços', doc: TYPED } })).json()) as Json;
    expect(compared['explanation'].map((e: Json) => e['feature'])).to.include('doc_exact');
  });

  describe('a tenant list entry with one', () => {
    let listId: string;
    before(async () => {
      const created = await service.operator(`/tenants/${w.tenant.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio PJ' } });
      listId = ((await created.json()) as Json)['list_id'];
      const form = new FormData();
      form.append('file', new Blob([`name,doc\nAlfa Digital Ltda,${TYPED}\n`]), 'bloqueio.csv');
      const imported = await service.operator(`/tenants/${w.tenant.tenant_id}/lists/${listId}/versions`, { method: 'POST', body: form });
      expect(imported.status, await imported.clone().text()).to.equal(201);
    });

    it('is found by a search on the document alone, whatever the name', async () => {
      const body = (await (await search({ schema: 'company', name: 'Nome Qualquer Comércio', doc: CNPJ.toLowerCase(), lists: [listId] })).json()) as Json;
      expect(body['query']['doc']).to.equal(CNPJ);
      expect(body['results'][0]).to.deep.include({ list_id: listId, match: true, score: 1 });
      expect(body['results'][0]['entry']['documents']).to.deep.equal([{ type: 'cnpj', value: CNPJ, masked: false, country: 'BR' }]);
    });

    it('is matched by a run of the internal_lists source: INVALID internal_list_hit', async () => {
      const definition = { name: 'Bloqueio PJ', subject_type: 'pj', parameters: ['name'], sources: [{ source_id: 'internal_lists', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } };
      const template = await createTemplate(service, { tenant_id: w.tenant.tenant_id }, definition as never);
      const runId = await createRun(service, w.key, { template_id: template, subject: pjSubject(TYPED, 'Outro Nome Qualquer') });
      await waitForRun(service, w.key, runId);
      const answered = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered')!;
      const check = ((answered.data as Json)['checks'] as Json[]).find((c) => c['check_id'] === 'internal_list_hit');
      expect(check).to.include({ status: 'INVALID' });
    });
  });
});
