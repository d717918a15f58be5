import { expect } from 'chai';
import { openAlert, tenantList, type Team } from '../dashboard/screens-support.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, uploadOk } from './customers-support.js';
import { cpf, eventually, startRunsService, world, type Json, type World } from './runs-support.js';

/** Operator API: a case per customer, opened by what needs an analyst, worked, escalated and closed (issue 28). */
describe('operator cases', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: World;
  let other: World;
  let analyst: SignedIn;
  let viewer: SignedIn;
  let reviewCustomer: string;
  let runId: string;
  let docCustomer: string;
  let otherCustomer: string;

  const op = async (path: string, init?: RequestInit & { json?: unknown }) => {
    const response = await service.operator(path, init);
    return { status: response.status, body: (await response.json()) as Json };
  };
  const post = (path: string, json: unknown) => op(path, { method: 'POST', json });
  const list = async (query = '') => ((await op(`/tenants/${acme.tenant.tenant_id}/cases${query}`)).body['data'] as Json[]).map((c) => c['case_id'] as string);
  const caseOf = async (id: string) => (await op(`/cases/${id}`)).body;

  /** A customer whose onboarding run ends pending_review (the fixture CPF, risk medio). */
  async function customerInReview(w: World): Promise<string> {
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
    return (await createCustomer(service, w.key, { type: 'pf', doc: '00000000353', name: 'Joana Caso Prado', email: 'joana@example.com', run_bureau: true }))['customer_id'] as string;
  }
  const waitForCase = (id: string, check: (c: Json) => boolean = () => true) =>
    eventually(async () => {
      const found = await op(`/cases/${id}`);
      expect(found.status, JSON.stringify(found.body)).to.equal(200);
      expect(check(found.body), JSON.stringify(found.body)).to.equal(true);
    }, 15_000);

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' } });
    acme = await world(service, 'Acme Casos');
    other = await world(service, 'Outra Casos');
    analyst = await dashboardUser(service, acme.tenant.tenant_id, 'analyst');
    viewer = await dashboardUser(service, acme.tenant.tenant_id, 'viewer');
    reviewCustomer = await customerInReview(acme);
    await waitForCase(reviewCustomer, (c) => (c['items'] as Json[]).some((i) => i['kind'] === 'run'));
    runId = ((await caseOf(reviewCustomer))['items'] as Json[])[0]!['item_id'];
    docCustomer = (await createCustomer(service, acme.key, { type: 'pf', doc: cpf(41), name: 'Carlos Documento', email: 'c@example.com', run_bureau: false }))['customer_id'] as string;
    await uploadOk(service, acme.key, docCustomer, { type: 'identidade_frente', fileName: 'rg.png' });
    await waitForCase(docCustomer);
    otherCustomer = await customerInReview(other);
    await waitForCase(otherCustomer);
  });
  after(async () => service.close());

  it('opens one case per customer with its items, reason codes and priority; lists them oldest first, filtered', async () => {
    const review = await caseOf(reviewCustomer);
    expect(review).to.deep.include({ object: 'case', case_id: reviewCustomer, customer_id: reviewCustomer, tenant_id: acme.tenant.tenant_id, status: 'open', assignee: null, priority: 'media' });
    expect(review['items'][0]).to.deep.include({ kind: 'run', item_id: runId, open: true, risk_band: 'medio' });
    expect(review['reasons']).to.include('run_pending_review');
    const docs = await caseOf(docCustomer);
    expect(docs).to.deep.include({ priority: 'baixa', reasons: ['document_pending'] });
    expect(await list()).to.deep.equal([reviewCustomer, docCustomer]);
    expect(await list('?priority=media')).to.deep.equal([reviewCustomer]);
    expect(await list('?status=closed')).to.deep.equal([]);
    expect(await list('?assignee=none')).to.deep.equal([reviewCustomer, docCustomer]);
    const paged = await op(`/tenants/${acme.tenant.tenant_id}/cases?limit=1`);
    expect(paged.body['data'].map((c: Json) => c['case_id'])).to.deep.equal([reviewCustomer]);
    const next = await op(`/tenants/${acme.tenant.tenant_id}/cases?limit=1&cursor=${paged.body['next_cursor']}`);
    expect(next.body['data'].map((c: Json) => c['case_id'])).to.deep.equal([docCustomer]);
    expect(next.body['has_more']).to.equal(false);
    expect((await op(`/tenants/${acme.tenant.tenant_id}/cases?status=aberto`)).status).to.equal(400);
    expect((await op(`/tenants/${acme.tenant.tenant_id}/cases?priority=urgente`)).status).to.equal(400);
    expect((await op(`/cases/not-a-uuid`)).status).to.equal(400);
    expect((await op(`/cases/${acme.tenant.tenant_id}`)).body['error']['code']).to.equal('case_not_found');
  });

  it('assigns one case and many at once, only to a person of the tenant who works cases; another tenant\'s case is not found', async () => {
    const me = analyst.user.user_id;
    const one = await post(`/cases/${docCustomer}/assign`, { assignee: me });
    expect(one.status, JSON.stringify(one.body)).to.equal(200);
    expect(one.body).to.deep.include({ assignee: me, status: 'in_progress' });
    expect((await post(`/cases/${docCustomer}/assign`, { assignee: viewer.user.user_id })).body['error']['code']).to.equal('invalid_request');
    const foreign = await post(`/tenants/${acme.tenant.tenant_id}/cases/assign`, { case_ids: [reviewCustomer, otherCustomer], assignee: me });
    expect(foreign.status).to.equal(404);
    expect(foreign.body['error']['code']).to.equal('case_not_found');
    expect((await caseOf(reviewCustomer))['assignee']).to.equal(null);
    expect((await post(`/tenants/${acme.tenant.tenant_id}/cases/assign`, { case_ids: [], assignee: me })).status).to.equal(400);
    const bulk = await post(`/tenants/${acme.tenant.tenant_id}/cases/assign`, { case_ids: [reviewCustomer, docCustomer], assignee: me });
    expect(bulk.status, JSON.stringify(bulk.body)).to.equal(200);
    expect(bulk.body['data'].map((c: Json) => c['assignee'])).to.deep.equal([me, me]);
    expect(await list(`?assignee=${me}`)).to.deep.equal([reviewCustomer, docCustomer]);
    expect(await list('?status=in_progress')).to.deep.equal([reviewCustomer, docCustomer]);
  });

  it('comments, escalates with a note, refuses to close with an open item, closes once the run is decided; the history shows every note', async () => {
    const commented = await post(`/cases/${reviewCustomer}/comments`, { text: 'Cliente enviou comprovante de renda.', analyst: analyst.user.user_id });
    expect(commented.status, JSON.stringify(commented.body)).to.equal(201);
    expect(commented.body['comments'].map((c: Json) => [c['note'], c['by']])).to.deep.equal([['Cliente enviou comprovante de renda.', `user:${analyst.user.user_id}`]]);
    expect((await post(`/cases/${reviewCustomer}/comments`, { text: '   ' })).status).to.equal(400);
    // the comment may name people: sealed in storage under the customer's key, opened on read
    const stored = JSON.stringify(await service.services.eventStore.readStream(`case-${reviewCustomer}`));
    expect(stored).to.contain('CaseCommented').and.not.contain('comprovante de renda');
    expect((await post(`/cases/${reviewCustomer}/escalate`, {})).status).to.equal(400);
    const escalated = await post(`/cases/${reviewCustomer}/escalate`, { note: 'Renda incompatível com a movimentação.' });
    expect(escalated.body).to.deep.include({ status: 'escalated' });
    expect((await post(`/cases/${reviewCustomer}/escalate`, { note: 'de novo' })).body['error']['code']).to.equal('case_already_escalated');
    const refused = await post(`/cases/${reviewCustomer}/close`, { note: 'Encerrado' });
    expect(refused.status).to.equal(409);
    expect(refused.body['error']).to.deep.include({ code: 'case_has_open_items', message: 'O caso ainda tem 1 item em aberto: decida cada um antes de encerrá-lo.' });

    const reviewed = await service.operator(`/runs/${runId}/review`, { method: 'POST', json: { decision: 'approved', note: 'Homônimo: data de nascimento diferente.' } });
    expect(reviewed.status, await reviewed.clone().text()).to.equal(200);
    await waitForCase(reviewCustomer, (c) => (c['items'] as Json[]).every((i) => i['open'] === false));
    expect((await caseOf(reviewCustomer))['priority']).to.equal('baixa');
    const closed = await post(`/cases/${reviewCustomer}/close`, { note: 'Risco aceito pelo compliance.' });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(200);
    expect(closed.body).to.deep.include({ status: 'closed', active: false });
    const notes = (closed.body['history'] as Json[]).filter((h) => h['note'] !== null).map((h) => [h['kind'], h['note']]);
    expect(notes).to.deep.equal([
      ['comment', 'Cliente enviou comprovante de renda.'],
      ['escalation', 'Renda incompatível com a movimentação.'],
      ['run_review', 'Homônimo: data de nascimento diferente.'],
      ['closing', 'Risco aceito pelo compliance.'],
    ]);
    expect((await post(`/cases/${reviewCustomer}/close`, { note: 'outra vez' })).body['error']['code']).to.equal('case_closed');
    // a closed case takes no assignee, alone or in a bulk assignment (which assigns none of its cases then)
    const assignClosed = await post(`/cases/${reviewCustomer}/assign`, { assignee: analyst.user.user_id });
    expect([assignClosed.status, assignClosed.body['error']['code']]).to.deep.equal([409, 'case_closed']);
    const bulkClosed = await post(`/tenants/${acme.tenant.tenant_id}/cases/assign`, { case_ids: [reviewCustomer], assignee: analyst.user.user_id });
    expect([bulkClosed.status, bulkClosed.body['error']['code']]).to.deep.equal([409, 'case_closed']);
    expect(await list('?status=closed')).to.deep.equal([reviewCustomer]);
  });

  it('reopens a closed case when a new item comes', async () => {
    await uploadOk(service, acme.key, reviewCustomer, { type: 'comprovante_endereco', fileName: 'conta.png' });
    await waitForCase(reviewCustomer, (c) => c['status'] === 'in_progress');
    const reopened = await caseOf(reviewCustomer);
    expect(reopened['items'].filter((i: Json) => i['open']).map((i: Json) => i['kind'])).to.deep.equal(['document']);
    expect((reopened['history'] as Json[]).map((h) => h['kind'])).to.include('reopened');
  });

  it('an alert opens its customer\'s case (alta for a 0.9+ match on the tenant\'s list); its resolution note joins the history and resolves the item', async () => {
    await tenantList(service, acme.tenant.tenant_id, ['Rosângela Bittencourt Farias,person,,,,,fraude']);
    const { alertId, customerId } = await openAlert(service, acme as unknown as Team, 'Rosangela Bitencourt Farias', cpf(42));
    await waitForCase(customerId, (c) => (c['items'] as Json[]).some((i) => i['kind'] === 'alert'));
    const opened = await caseOf(customerId);
    expect(opened).to.deep.include({ priority: 'alta', reasons: ['internal_list_hit'] });
    expect(opened['items'][0]).to.deep.include({ kind: 'alert', item_id: alertId, open: true });
    const resolved = await service.operator(`/alerts/${alertId}/resolve`, { method: 'POST', json: { resolution: 'false_positive', note: 'Homônimo: CPF diferente.' } });
    expect(resolved.status).to.equal(200);
    await waitForCase(customerId, (c) => (c['items'] as Json[]).every((i) => i['open'] === false));
    const history = (await caseOf(customerId))['history'] as Json[];
    expect(history.filter((h) => h['note'] !== null).map((h) => [h['kind'], h['note'], h['detail']])).to.deep.equal([['alert_resolution', 'Homônimo: CPF diferente.', 'false_positive']]);
    expect((await caseOf(customerId))['priority']).to.equal('baixa');
  });
});
