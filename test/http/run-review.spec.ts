import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { dashboardUser, inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { createCustomer, getCustomer, patchTenant, pfBody, pjBody } from './customers-support.js';
import { createRun, eventually, pfSubject, pjSubject, waitForRun, world, type Json, type World } from './runs-support.js';
import { putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

/** issue 28: an analyst decides every run awaiting one, through the operator API; the customer follows. */
describe('operator run review: every state awaiting an analyst, four-eyes, the customer status', () => {
  let service: TestService;
  let w: World;
  let rx: Receiver;

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService();
    w = await world(service);
    await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url());
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  const review = async (runId: string, json: unknown) => {
    const response = await service.operator(`/runs/${runId}/review`, { method: 'POST', json });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const finished = async (doc: string, key = w.key, template = doc.length === 14 ? w.pj : w.pf) => {
    const runId = await createRun(service, key, { template_id: template, subject: doc.length === 14 ? pjSubject(doc) : pfSubject(doc) });
    return { runId, run: await waitForRun(service, key, runId) };
  };
  const forRun = (runId: string) => rx.received.filter((r) => r.json['data']?.id === runId);

  it('decides a blocked, partial, held and completed/review run: completed, the automatic outcome kept, a new run.completed', async () => {
    const cases: [string, Json][] = [
      ['00000000272', { status: 'blocked', decision: 'rejected', operative_decision: 'rejected', risk_band: null, manual_review: false }],
      ['00000000434', { status: 'partial', decision: 'approved', operative_decision: 'approved' }],
      ['00000000515', { status: 'partial', decision: 'approved', operative_decision: 'hold' }],
      ['00000004000170', { status: 'completed', decision: 'review', operative_decision: 'review', risk_band: 'alto' }],
    ];
    for (const [doc, automatic] of cases) {
      const { runId, run } = await finished(doc);
      expect(run, doc).to.include(automatic);
      expect(run.review, doc).to.equal(null);
      await until(() => forRun(runId), (found) => found.length >= 1);
      const { status, body } = await review(runId, { decision: 'approved', note: `Revisado: ${doc}` });
      expect(status, JSON.stringify(body)).to.equal(200);
      expect(body, doc).to.include({ status: 'completed', decision: 'approved', operative_decision: 'approved', manual_review: false });
      expect(body.review, doc).to.deep.include({ status: 'decided', decision: 'approved', note: `Revisado: ${doc}` });
      expect(body.review.automatic, doc).to.deep.include(automatic);
      expect(await waitForRun(service, w.key, runId), doc).to.deep.include({ status: 'completed', decision: 'approved', review: body.review });
      const both = await until(() => forRun(runId), (found) => found.length >= 2);
      expect(both[1]!.json.event, doc).to.equal('run.completed');
      expect(both[1]!.json.data, doc).to.include({ status: 'completed', decision: 'approved' });
    }
  });

  it('refuses failed, completed approved and already decided runs (409 invalid_run_state), a missing or blank note (400 note)', async () => {
    for (const doc of ['00000000191', '00000000604']) {
      const { runId, run } = await finished(doc);
      const { status, body } = await review(runId, { decision: 'approved', note: 'x' });
      expect(status, doc).to.equal(409);
      expect(body.error).to.include({ code: 'invalid_run_state' });
      expect(body.error.message).to.match(/não aguarda revisão/);
      expect(await waitForRun(service, w.key, runId)).to.deep.equal(run);
    }
    const { runId } = await finished('00000000353');
    for (const [json, param] of [[{ decision: 'approved' }, 'note'], [{ decision: 'approved', note: '   ' }, 'note'], [{ decision: 'approved', note: '' }, 'note']] as const) {
      const { status, body } = await review(runId, json);
      expect(status, JSON.stringify(json)).to.equal(400);
      expect(body.error.param, JSON.stringify(json)).to.equal(param);
    }
    expect((await review(runId, { decision: 'rejected', note: 'PEP sem justificativa' })).status).to.equal(200);
    const again = await review(runId, { decision: 'approved', note: 'de novo' });
    expect(again.status).to.equal(409);
    expect(again.body.error.message).to.match(/já foi decidida/);
  });

  it('four-eyes: analyst required and checked; the first call proposes, the proposer cannot confirm, another analyst confirms', async () => {
    const fe = await world(service, 'QuatroOlhos');
    await patchTenant(service, fe.tenant.tenant_id, { four_eyes: true });
    const a = await dashboardUser(service, fe.tenant.tenant_id, 'analyst');
    const b = await dashboardUser(service, fe.tenant.tenant_id, 'analyst');
    const stranger = await dashboardUser(service, w.tenant.tenant_id, 'analyst');
    const invitedOnly = await inviteThroughOperator(service, fe.tenant.tenant_id, testEmail('analyst'), 'analyst');
    const { runId } = await finished('00000000272', fe.key, fe.pf);
    const missing = await review(runId, { decision: 'approved', note: 'Homônimo' });
    expect(missing.status).to.equal(400);
    expect(missing.body.error).to.include({ code: 'analyst_required', param: 'analyst' });
    for (const analyst of [stranger.user.user_id, stranger.user.email, invitedOnly.user_id, 'ninguem@example.test', 'not-an-id']) {
      const refused = await review(runId, { decision: 'approved', note: 'Homônimo', analyst });
      expect(refused.status, analyst).to.equal(400);
      expect(refused.body.error, analyst).to.include({ code: 'analyst_not_found', param: 'analyst' });
    }
    const proposed = await review(runId, { decision: 'approved', note: 'Homônimo: nascimento diferente', analyst: a.user.email });
    expect(proposed.status, JSON.stringify(proposed.body)).to.equal(200);
    expect(proposed.body).to.include({ status: 'blocked', decision: 'rejected' });
    expect(proposed.body.review).to.deep.include({ status: 'awaiting_confirmation', decision: 'approved', note: 'Homônimo: nascimento diferente', proposed_by: a.user.user_id });
    const own = await review(runId, { decision: 'approved', note: 'Confirmo', analyst: a.user.user_id });
    expect(own.status).to.equal(409);
    expect(own.body.error.code).to.equal('four_eyes_required');
    const confirmed = await review(runId, { decision: 'approved', note: 'Confirmo a liberação', analyst: b.user.user_id });
    expect(confirmed.status).to.equal(200);
    expect(confirmed.body).to.include({ status: 'completed', decision: 'approved', operative_decision: 'approved', manual_review: false });
    expect(confirmed.body.review).to.deep.include({
      status: 'decided',
      decision: 'approved',
      note: 'Confirmo a liberação',
      proposal_note: 'Homônimo: nascimento diferente',
      decided_by: b.user.user_id,
      proposed_by: a.user.user_id,
    });
    expect(confirmed.body.review.automatic).to.deep.include({ status: 'blocked', decision: 'rejected' });
    // an approval of a medio run needs one analyst: decided at once, the analyst named
    const { runId: pending } = await finished('00000000353', fe.key, fe.pf);
    const single = await review(pending, { decision: 'approved', note: 'PEP justificado', analyst: b.user.email });
    expect(single.body.review).to.deep.include({ status: 'decided', decided_by: b.user.user_id });
  });

  it("the customer's status follows: an approved blocked customer becomes aprovado (or the policy's accepting status), a rejected one recusado", async () => {
    const c = await world(service, 'Clientes');
    await patchTenant(service, c.tenant.tenant_id, { default_templates: { pf: c.pf, pj: c.pj }, auto_decision_policy: { medio: 'em_monitoramento' } });
    const settledRun = async (customerId: string) => {
      let customer: Json = {};
      await eventually(async () => {
        customer = await getCustomer(service, c.key, customerId);
        expect(customer.latest_run?.status).to.be.oneOf(['completed', 'blocked', 'pending_review', 'partial', 'failed']);
      });
      return customer;
    };
    const blocked = await createCustomer(service, c.key, pfBody('00000000272', { run_bureau: true }));
    expect((await settledRun(blocked.customer_id)).status).to.equal('em_analise');
    const analyst = await dashboardUser(service, c.tenant.tenant_id, 'analyst');
    expect((await review(blocked.run_id, { decision: 'approved', note: 'Homônimo', analyst: analyst.user.email })).status).to.equal(200);
    await eventually(async () => {
      expect((await getCustomer(service, c.key, blocked.customer_id)).status).to.equal('aprovado');
    });
    // the customer's history names the analyst and the automatic outcome, and why the status changed
    const page = await analyst.get(`/dashboard/customers/${blocked.customer_id}`);
    expect(page.html).to.contain(`Decisão do analista: Aprovado por ${analyst.user.email} (resultado automático: Bloqueada · decisão Reprovado · faixa de risco não calculada)`);
    expect(page.html).to.contain('Situação alterada para Aprovado (decisão do analista)');
    const pep = await createCustomer(service, c.key, pfBody('00000000353', { run_bureau: true }));
    expect((await settledRun(pep.customer_id)).status).to.equal('em_analise');
    expect((await review(pep.run_id, { decision: 'approved', note: 'PEP justificado' })).status).to.equal(200);
    await eventually(async () => {
      expect((await getCustomer(service, c.key, pep.customer_id)).status).to.equal('em_monitoramento');
    });
    const rejected = await createCustomer(service, c.key, pjBody('00000002000180', { run_bureau: true }));
    await settledRun(rejected.customer_id);
    expect((await review(rejected.run_id, { decision: 'rejected', note: 'Match confirmado' })).status).to.equal(200);
    await eventually(async () => {
      expect((await getCustomer(service, c.key, rejected.customer_id)).status).to.equal('recusado');
    });
    const events = await service.services.log.readStream(`customer-${rejected.customer_id}`);
    expect(events.some((e) => e.type === 'CustomerStatusChanged' && (e.data as Json).reason === 'analyst_review')).to.equal(true);
  });
});
