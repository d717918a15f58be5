import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { addCalendarDays } from '../../src/domain/calendar/business-days.js';
import { decodeXml } from '../../src/domain/siscoaf/parse.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { frozenCustomer } from './freeze-support.js';
import { eventually, postRun, startRunsService, world, type Json, type World } from './runs-support.js';
import { configureCompliance, operation, recibo, resposta } from './suspicion-support.js';

/** Operator API of the regulatory cases (issue 30): from a monitoring alert to COAF and back, and the refusals on the way. */
describe('operator suspicion cases', function () {
  this.timeout(180_000);
  let service: TestService;
  let acme: World;
  let beta: World;
  let first: SignedIn;
  let second: SignedIn;

  const op = async (path: string, init?: RequestInit & { json?: unknown }) => {
    const response = await service.operator(path, init);
    const text = await response.text();
    return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Json, text, headers: response.headers };
  };
  const post = (path: string, json: unknown) => op(path, { method: 'POST', json });
  const xml = (path: string, body: string) => op(path, { method: 'POST', body: Buffer.from(body, 'latin1'), headers: { 'content-type': 'application/xml' } });
  const open = (w: World, json: Json) => post(`/tenants/${w.tenant.tenant_id}/suspicion_cases`, json);

  /** An analyst-opened case, selected and decided to communicate (by two people under four-eyes). */
  async function decidedCase(w: World, fourEyes: boolean): Promise<string> {
    const opened = await open(w, { origin: 'analyst', reason_codes: ['CC4001-I.d'], operation: operation(), description: 'Fragmentação de depósitos.' });
    expect(opened.status, opened.text).to.equal(201);
    const id = opened.body['case_id'] as string;
    expect((await post(`/cases/${id}/select`, {})).status).to.equal(200);
    const decide = (analyst: string) => post(`/cases/${id}/decision`, { decision: 'comunicar', rationale: 'Fragmentação sem origem.', reason_codes: ['CC4001-I.d'], analyst });
    expect((await decide(first.user.user_id)).status).to.equal(200);
    if (fourEyes) expect((await decide(second.user.user_id)).status).to.equal(200);
    return id;
  }

  before(async () => {
    service = await startRunsService();
    acme = await world(service, 'Acme');
    beta = await world(service, 'Beta');
    await configureCompliance(service, acme.tenant.tenant_id, { fourEyes: true });
    await configureCompliance(service, beta.tenant.tenant_id, { fourEyes: false });
    first = await dashboardUser(service, acme.tenant.tenant_id, 'analyst', 'analista.um@example.com');
    second = await dashboardUser(service, acme.tenant.tenant_id, 'compliance_officer', 'oficial.dois@example.com');
  });
  after(async () => service?.close());

  it('works the whole loop: alert → selected → decided by two analysts → siscoaf.xml → sent → validated → receipt matched → closed', async () => {
    const raisedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const { customerId, alertId } = await frozenCustomer(service, { tenant: acme.tenant, key: acme.key }, { name: 'Pessoa Exemplo da Silva', doc: '52998224725', raisedAt, confirm: false });
    let opened!: Awaited<ReturnType<typeof op>>;
    await eventually(async () => {
      opened = await open(acme, { origin: 'alert', ref: alertId, reason_codes: ['CC4001-I.a'], operation: operation(), description: 'Depósitos em espécie acima da renda.' });
      expect(opened.status, opened.text).to.equal(201);
    }, 15_000);
    const id = opened.body['case_id'] as string;
    expect(opened.body).to.include({ status: 'pending_selection', customer_id: customerId, overdue: false });
    expect(opened.body['clocks']['selection_due_at']).to.equal(addCalendarDays(raisedAt, 45));
    expect(opened.body['origin']).to.deep.equal({ kind: 'alert', ref: alertId });

    const selected = await post(`/cases/${id}/select`, { note: 'Selecionado.', analyst: first.user.email });
    expect(selected.body).to.include({ status: 'in_analysis' });
    const decide = (analyst: string) => post(`/cases/${id}/decision`, { decision: 'comunicar', rationale: 'Movimentação incompatível com a renda.', reason_codes: ['CC4001-I.a'], analyst });
    expect((await post(`/cases/${id}/decision`, { decision: 'comunicar', rationale: 'x', reason_codes: ['CC4001-I.a'] })).body['error']['code']).to.equal('analyst_required');
    expect((await decide(first.user.user_id)).body).to.include({ status: 'awaiting_approval' });
    const same = await decide(first.user.user_id);
    expect([same.status, same.body['error']['code']]).to.deep.equal([409, 'four_eyes_required']);
    const decided = await decide(second.user.user_id);
    expect(decided.body).to.include({ status: 'decided' });
    expect(decided.body['decision']).to.include({ decision: 'comunicar', decided_by: `user:${first.user.user_id}`, approved_by: `user:${second.user.user_id}` });
    expect(decided.body['communication']).to.include({ status: 'pending' });

    const file = await service.operator(`/cases/${id}/siscoaf.xml`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(file.status, bytes.toString('latin1')).to.equal(200);
    expect(file.headers.get('content-type')).to.equal('application/xml; charset=ISO-8859-1');
    expect(file.headers.get('content-disposition')).to.match(/^attachment; filename="siscoaf-KYC-\d{4}-[0-9A-F]{12}-lote\.xml"$/);
    expect(file.headers.get('x-content-sha256')).to.equal(createHash('sha256').update(bytes).digest('hex'));
    const text = decodeXml(bytes);
    const num = /<NumOcorrencia>([^<]+)<\/NumOcorrencia>/.exec(text)![1]!;
    expect(num).to.equal(`KYC-${new Date().getUTCFullYear()}-${id.replace(/-/g, '').slice(0, 12).toUpperCase()}`);
    expect(text).to.include('<LOTE>').and.include('<CodEnq>101</CodEnq>').and.include('<CPFCNPJEnv>52998224725</CPFCNPJEnv>').and.include('<VlCred>48000</VlCred>');
    expect(text).to.include('Depósitos em espécie acima da renda.').and.include('Fundamentação: Movimentação incompatível com a renda.');

    const sentAt = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const sent = await post(`/cases/${id}/communication/sent`, { sent_at: sentAt });
    expect(sent.body['communication']).to.include({ status: 'sent', num_ocorrencia: num });
    expect((await xml(`/cases/${id}/communication/response`, resposta(1))).body['communication']).to.include({ status: 'validated' });

    const receipt = await xml(`/tenants/${acme.tenant.tenant_id}/siscoaf/receipts`, recibo([{ origem: num, coaf: '9661556' }, { origem: 'OUTRO-0001', coaf: '9661557' }]));
    expect(receipt.status, receipt.text).to.equal(200);
    expect(receipt.body['matched']).to.deep.equal([{ numero_origem: num, case_id: id, communication_id: `${id}:lote`, numero_coaf: '9661556' }]);
    expect(receipt.body['unmatched'].map((u: Json) => u['numero_origem'])).to.deep.equal(['OUTRO-0001']);
    const work = await op(`/tenants/${acme.tenant.tenant_id}/siscoaf/work`);
    expect(work.body['data']).to.deep.include.members([{ kind: 'unmatched_receipt', numero_origem: 'OUTRO-0001', numero_coaf: '9661557', autenticacao: '78c9c00bcc9e0702e36316528aa56d1d', valor: '48000', status: 'Ativa', receipt_sha256: work.body['data'].find((d: Json) => d['kind'] === 'unmatched_receipt')['receipt_sha256'], recorded_at: work.body['data'].find((d: Json) => d['kind'] === 'unmatched_receipt')['recorded_at'] }]);
    const detail = await op(`/suspicion_cases/${id}`);
    expect(detail.body['communication']).to.include({ status: 'receipt_matched', numero_coaf: '9661556' });

    // sent 20 days ago: past the 5th business day, a rectification must be justified
    const unjustified = await post(`/cases/${id}/rectification`, { vl_cred: '52000' });
    expect([unjustified.status, unjustified.body['error']['code'], unjustified.body['error']['param']]).to.deep.equal([400, 'justification_required', 'justification']);
    const rectified = await post(`/cases/${id}/rectification`, { vl_cred: '52000', justification: 'Valor corrigido após conferência.' });
    expect(rectified.status, rectified.text).to.equal(200);
    const amendment = rectified.body['communications'].find((c: Json) => c['kind'] === 'retificacao');
    expect(amendment['content']).to.include({ NumOcorrencia: num, NumeroCOAF: '9661556', VlCred: '52000' });
    const rectFile = await service.operator(`/cases/${id}/siscoaf.xml?communication_id=${amendment['communication_id']}`);
    expect(rectFile.status).to.equal(200);
    expect(decodeXml(Buffer.from(await rectFile.arrayBuffer()))).to.include('<LOTERETIFICACAO>').and.include('<NumeroCOAF>9661556</NumeroCOAF>');

    const closed = await post(`/cases/${id}/close`, { note: 'Comunicado ao COAF.' });
    expect(closed.status, closed.text).to.equal(200);
    expect(closed.body).to.include({ status: 'closed' });
    const after = await decide(second.user.user_id);
    expect([after.status, after.body['error']['code']]).to.deep.equal([409, 'case_closed']);
    const history = detail.body['history'].map((h: Json) => h['type']);
    expect(history.slice(0, 4)).to.deep.equal(['SuspicionCaseOpened', 'SuspicionCaseSelected', 'SuspicionDecisionProposed', 'SuspicionCaseDecided']);
  });

  it('shows a rejection (STATUS 2) as work, refuses closing until sent again; a receipt matching nothing is 400 receipt_unmatched', async () => {
    const id = await decidedCase(acme, true);
    expect((await op(`/cases/${id}/siscoaf.xml`)).status).to.equal(200);
    const num = (await op(`/suspicion_cases/${id}`)).body['communication']['num_ocorrencia'] as string;
    expect((await post(`/cases/${id}/communication/sent`, {})).status).to.equal(200);
    const rejected = await xml(`/cases/${id}/communication/response`, resposta(2, num));
    expect(rejected.body['communication']).to.include({ status: 'rejected' });
    expect(rejected.body['communication']['errors']).to.deep.equal([{ code: 23, description: 'CPF/CNPJ envolvido inválido' }]);
    const work = await op(`/tenants/${acme.tenant.tenant_id}/siscoaf/work`);
    expect(work.body['data'].filter((d: Json) => d['kind'] === 'rejected').map((d: Json) => d['case_id'])).to.include(id);
    const close = await post(`/cases/${id}/close`, { note: 'Encerrar.' });
    expect([close.status, close.body['error']['code']]).to.deep.equal([409, 'communication_not_sent']);

    const none = await xml(`/tenants/${acme.tenant.tenant_id}/siscoaf/receipts`, recibo([{ origem: 'NINGUEM-0001', coaf: '1' }]));
    expect([none.status, none.body['error']['code']]).to.deep.equal([400, 'receipt_unmatched']);
    const malformed = await xml(`/tenants/${acme.tenant.tenant_id}/siscoaf/receipts`, '<RESPOSTA><MENSAGENS>');
    expect([malformed.status, malformed.body['error']['code']]).to.deep.equal([400, 'invalid_siscoaf_file']);
  });

  it('refuses the steps out of order, an unjustified or unreceipted amendment, an invalid file; a customer case id is not a regulatory case', async () => {
    const opened = await open(beta, { origin: 'analyst', reason_codes: ['outra_situacao'], other_reason: 'Relato interno.' });
    const id = opened.body['case_id'] as string;
    const early = await post(`/cases/${id}/decision`, { decision: 'nao_comunicar', rationale: 'x', reason_codes: ['outra_situacao'], other_reason: 'y' });
    expect([early.status, early.body['error']['code']]).to.deep.equal([409, 'invalid_case_status']);
    const badReason = await open(beta, { origin: 'analyst', reason_codes: ['CC4001-XX.z'] });
    expect([badReason.status, badReason.body['error']['param']]).to.deep.equal([400, 'reason_codes']);
    const noRef = await open(beta, { origin: 'alert', reason_codes: ['CC4001-I.a'] });
    expect([noRef.status, noRef.body['error']['param']]).to.deep.equal([400, 'ref']);
    const unknownAlert = await open(beta, { origin: 'alert', ref: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', reason_codes: ['CC4001-I.a'] });
    expect([unknownAlert.status, unknownAlert.body['error']['code']]).to.deep.equal([404, 'alert_not_found']);
    const dismissed = await post(`/cases/${id}/dismiss`, { reason: 'Sem indício.' });
    expect(dismissed.body).to.include({ status: 'dismissed' });
    expect((await post(`/cases/${id}/notes`, { text: 'Nota de arquivo.' })).status).to.equal(200);

    // analyst-opened case without parties: the manual's rules refuse the file (no titular)
    const bare = await open(beta, { origin: 'analyst', reason_codes: ['CC4001-I.a'], description: 'Sem partes.' });
    const bareId = bare.body['case_id'] as string;
    await post(`/cases/${bareId}/select`, {});
    await post(`/cases/${bareId}/decision`, { decision: 'comunicar', rationale: 'Comunicar.', reason_codes: ['CC4001-I.a'] });
    const invalid = await op(`/cases/${bareId}/siscoaf.xml`);
    expect([invalid.status, invalid.body['error']['code']]).to.deep.equal([409, 'communication_invalid']);
    expect(invalid.body['error']['issues'].length).to.be.greaterThan(0);
    const prepared = await op(`/cases/${bareId}/communication`, { method: 'PUT', json: { det: 'Texto revisto pelo analista.' } });
    expect(prepared.status, prepared.text).to.equal(200);
    expect(prepared.body['issues'].length).to.be.greaterThan(0);
    const cancel = await post(`/cases/${bareId}/cancellation`, { reason: 'Duplicada.' });
    expect([cancel.status, cancel.body['error']['code']]).to.deep.equal([409, 'receipt_required']);
    const sentEarly = await post(`/cases/${bareId}/communication/sent`, {});
    expect([sentEarly.status, sentEarly.body['error']['code']]).to.deep.equal([409, 'invalid_communication_status']);

    const customerCase = await post(`/cases/${acme.tenant.tenant_id}/decision`, { decision: 'comunicar', rationale: 'x', reason_codes: ['CC4001-I.a'] });
    expect([customerCase.status, customerCase.body['error']['code']]).to.deep.equal([404, 'case_not_found']);

    const queue = await op(`/tenants/${beta.tenant.tenant_id}/suspicion_cases`);
    expect(queue.status).to.equal(200);
    expect(queue.body['data'].length).to.be.greaterThanOrEqual(2);
    const request = await service.operator(`/tenants/${beta.tenant.tenant_id}/siscoaf/receipt_request?date=27/11/2026`);
    const requestXml = decodeXml(Buffer.from(await request.arrayBuffer()));
    expect(request.status).to.equal(200);
    expect(requestXml).to.include('<LOTERECIBO>').and.include('<CPFCNPJCom>11222333000181</CPFCNPJCom>').and.include('<DATA>27/11/2026</DATA>');
    const badDate = await op(`/tenants/${beta.tenant.tenant_id}/siscoaf/receipt_request?date=2026-11-27`);
    expect([badDate.status, badDate.body['error']['param']]).to.deep.equal([400, 'date']);
  });

  it('opens from a run of the tenant (its customer and time), not from another tenant\'s; takes Siscoaf answers as multipart too', async () => {
    const response = await postRun(service, beta.key, { template_id: beta.pf, subject: { type: 'pf', doc: '52998224725', name: 'Pessoa Exemplo da Silva' } });
    expect(response.status, await response.clone().text()).to.equal(202);
    const run = (await response.json()) as Json;
    const runId = (run['run_id'] ?? run['id']) as string;
    const foreign = await open(acme, { origin: 'run', ref: runId, reason_codes: ['CC4001-I.a'] });
    expect([foreign.status, foreign.body['error']['code']]).to.deep.equal([404, 'run_not_found']);
    const opened = await open(beta, { origin: 'run', ref: runId, reason_codes: ['CC4001-I.a'], operation: operation() });
    expect(opened.status, opened.text).to.equal(201);
    expect(opened.body['origin']).to.deep.equal({ kind: 'run', ref: runId });
    const id = opened.body['case_id'] as string;
    await post(`/cases/${id}/select`, {});
    await post(`/cases/${id}/decision`, { decision: 'comunicar', rationale: 'Comunicar.', reason_codes: ['CC4001-I.a'] });
    expect((await op(`/cases/${id}/siscoaf.xml`)).status).to.equal(200);
    await post(`/cases/${id}/communication/sent`, {});
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(resposta(1), 'latin1')], { type: 'application/xml' }), 'resposta.xml');
    const answered = await op(`/cases/${id}/communication/response`, { method: 'POST', body: form });
    expect(answered.status, answered.text).to.equal(200);
    expect(answered.body['communication']).to.include({ status: 'validated' });
  });

  it('names the customer as titular when a case on a customer is opened without parties (Siscoaf errors 39 and 49)', async () => {
    const raisedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const { alertId } = await frozenCustomer(service, { tenant: beta.tenant, key: beta.key }, { name: 'Maria Titular Exemplo', doc: '39053344705', raisedAt, confirm: false });
    let opened!: Awaited<ReturnType<typeof op>>;
    await eventually(async () => {
      opened = await open(beta, { origin: 'alert', ref: alertId, reason_codes: ['CC4001-I.a'] });
      expect(opened.status, opened.text).to.equal(201);
    }, 15_000);
    const id = opened.body['case_id'] as string;
    await post(`/cases/${id}/select`, {});
    await post(`/cases/${id}/decision`, { decision: 'comunicar', rationale: 'Comunicar.', reason_codes: ['CC4001-I.a'] });
    const edited = await op(`/cases/${id}/communication`, { method: 'PUT', json: { vl_cred: '52000' } });
    expect(edited.status, edited.text).to.equal(200);
    const file = await service.operator(`/cases/${id}/siscoaf.xml`);
    const text = Buffer.from(await file.arrayBuffer()).toString('latin1');
    expect(file.status, text).to.equal(200);
    expect(text).to.include('<CPFCNPJEnv>39053344705</CPFCNPJEnv>').and.include('<NmEnv>Maria Titular Exemplo</NmEnv>').and.include('<TpEnv>1</TpEnv>');
  });

  it('answers 409 for each step out of order on every route, and cancels a receipted communication (200)', async () => {
    const opened = await open(beta, { origin: 'analyst', reason_codes: ['CC4001-I.d'], operation: operation() });
    const id = opened.body['case_id'] as string;
    expect((await post(`/cases/${id}/select`, {})).status).to.equal(200);
    expect((await post(`/cases/${id}/decision`, { decision: 'comunicar', rationale: 'Comunicar.', reason_codes: ['CC4001-I.d'] })).status).to.equal(200);
    const refused = async (answer: Promise<Awaited<ReturnType<typeof op>>>, code: string) => {
      const { status, body, text } = await answer;
      expect([status, body['error']?.['code']], text).to.deep.equal([409, code]);
    };
    await refused(post(`/cases/${id}/select`, {}), 'invalid_case_status');
    await refused(post(`/cases/${id}/dismiss`, { reason: 'Sem indícios.' }), 'invalid_case_status');
    await refused(post(`/cases/${id}/rectification`, { det: 'Retificação.' }), 'receipt_required');
    expect((await op(`/cases/${id}/siscoaf.xml`)).status).to.equal(200);
    const sent = await post(`/cases/${id}/communication/sent`, {});
    expect(sent.status).to.equal(200);
    const num = sent.body['communication']['num_ocorrencia'] as string;
    expect((await xml(`/tenants/${beta.tenant.tenant_id}/siscoaf/receipts`, recibo([{ origem: num, coaf: '7001' }]))).status).to.equal(200);
    const cancelled = await post(`/cases/${id}/cancellation`, { reason: 'Comunicação enviada em duplicidade.' });
    expect(cancelled.status, cancelled.text).to.equal(200);
    expect(JSON.stringify(cancelled.body)).to.contain('cancelamento');
    expect((await post(`/cases/${id}/close`, { note: 'Encerrado.' })).status).to.equal(200);
    // a closed case is immutable
    await refused(post(`/cases/${id}/notes`, { text: 'Mais uma nota.' }), 'case_closed');
    await refused(xml(`/cases/${id}/communication/response`, resposta(1)), 'case_closed');
    await refused(op(`/cases/${id}/communication`, { method: 'PUT', json: { det: 'Outro texto.' } }), 'case_closed');
    const form = new FormData();
    form.append('author', 'analista@example.com');
    form.append('file', new Blob([Buffer.from('extrato')], { type: 'text/plain' }), 'extrato.txt');
    await refused(op(`/cases/${id}/evidence`, { method: 'POST', body: form }), 'case_closed');
  });

  it('two decisions racing on one case leave it decided once', async () => {
    const opened = await open(beta, { origin: 'analyst', reason_codes: ['CC4001-I.a'], operation: operation() });
    const id = opened.body['case_id'] as string;
    await post(`/cases/${id}/select`, {});
    const race = await Promise.all(['comunicar', 'nao_comunicar'].map((decision) => post(`/cases/${id}/decision`, { decision, rationale: `Decisão ${decision}.`, reason_codes: ['CC4001-I.a'] })));
    expect(race.map((r) => r.status).sort()).to.deep.equal([200, 409]);
    expect(race.find((r) => r.status === 409)!.body['error']['code']).to.equal('invalid_case_status');
    const detail = await op(`/suspicion_cases/${id}`);
    expect(detail.body['history'].filter((h: Json) => h['type'] === 'SuspicionCaseDecided')).to.have.length(1);
  });
});
