import { expect } from 'chai';
import { complianceReady, OPERATION, postFile } from './suspicion-support.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { startRunsService, type Json } from '../http/runs-support.js';
import { attributesOf, openAlert, RAW_MARKUP, sectionOf, team, tenantList, XSS_SCRIPT, type Team } from './screens-support.js';

describe('dashboard: Casos COAF (issue 30)', function () {
  this.timeout(180_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let second: SignedIn;
  let alertId: string;
  let caseId: string;

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' } });
    acme = await team(service, 'Banco COAF');
    other = await team(service, 'Outro COAF');
    second = await dashboardUser(service, acme.tenant.tenant_id, 'compliance_officer', 'oficial@example.test');
    await complianceReady(service, acme.tenant.tenant_id);
    await tenantList(service, acme.tenant.tenant_id, ['Fulano Suspeito da Silva,person,,,BR,,']);
    ({ alertId } = await openAlert(service, acme, 'Fulano Suspeito da Silva', '00000000353'));
  });
  after(async () => service?.close());

  it('shows the queue only to analysts, compliance officers and admins (no tipping-off): a viewer gets 403 and no menu entry', async () => {
    expect((await acme.analyst.get('/dashboard/casos')).html).to.contain('href="/dashboard/casos-coaf"');
    expect((await acme.viewer.get('/dashboard/casos')).html).to.not.contain('href="/dashboard/casos-coaf"');
    expect((await acme.viewer.get('/dashboard/casos-coaf')).status).to.equal(403);
    expect((await acme.viewer.get(`/dashboard/casos-coaf/novo?origin_kind=alert&origin_ref=${alertId}`)).status).to.equal(403);
    expect((await acme.analyst.get('/dashboard/casos-coaf?status=nada')).status).to.equal(400);
  });

  it('opens a case from a monitoring alert: reasons required (error beside the field, typed text kept), then the case pending selection', async () => {
    const customerPage = (await acme.analyst.get('/dashboard/customers')).html;
    expect(customerPage).to.be.a('string');
    const form = await acme.analyst.get(`/dashboard/casos-coaf/novo?origin_kind=alert&origin_ref=${alertId}`);
    expect(form.status).to.equal(200);
    expect(form.html).to.contain('data-testid="new-case-form"').and.contain('title="CC4001-I.a: ');
    const refused = await acme.analyst.post('/dashboard/casos-coaf', { origin_kind: 'alert', origin_ref: alertId, description: `Depósitos fracionados ${XSS_SCRIPT}` });
    expect(refused.status).to.equal(400);
    expect(sectionOf(refused.html, 'new-case-form') || refused.html).to.contain('data-testid="new-reasons-error"');
    expect(refused.html).to.contain('Depósitos fracionados &lt;script&gt;').and.not.match(RAW_MARKUP);
    const elsewhere = await other.analyst.post('/dashboard/casos-coaf', { origin_kind: 'alert', origin_ref: alertId, reason_codes: 'CC4001-I.a' });
    expect(elsewhere.status).to.equal(404);
    const badValue = await acme.analyst.post('/dashboard/casos-coaf', { origin_kind: 'alert', origin_ref: alertId, reason_codes: 'CC4001-I.a', ...OPERATION, op_value: '50.000,50' });
    expect(badValue.status).to.equal(400);
    expect(badValue.html).to.contain('data-testid="new-operation-error"').and.contain('value="50.000,50"');
    const opened = await acme.analyst.post('/dashboard/casos-coaf', { origin_kind: 'alert', origin_ref: alertId, reason_codes: 'CC4001-I.a', description: 'Depósitos fracionados', ...OPERATION });
    expect(opened.status, opened.html.slice(0, 500)).to.equal(200);
    caseId = /\/dashboard\/casos-coaf\/([0-9a-f-]{36})/.exec(opened.url)![1]!;
    expect(opened.html).to.contain('data-testid="suspicion-status">Aguardando seleção</span>');
    expect(opened.html).to.contain('data-clock="selection_due_at"').and.match(/vence em \d+ dias|vencido há \d+ dias/);
    expect(opened.html).to.contain('art. 39, parágrafo único');
    const queue = await acme.analyst.get('/dashboard/casos-coaf');
    expect(attributesOf(queue.html, 'suspicion-row', 'data-case-id')).to.deep.equal([caseId]);
    expect(queue.html).to.contain('title="CC4001-I.a: ').and.contain('title="pending_selection">Aguardando seleção</span>');
    expect(attributesOf((await acme.analyst.get('/dashboard/casos-coaf?overdue=1')).html, 'suspicion-row', 'data-case-id')).to.deep.equal([]);
  });

  it("answers 404 for another tenant's case, and for an id that is no case", async () => {
    expect((await other.analyst.get(`/dashboard/casos-coaf/${caseId}`)).status).to.equal(404);
    expect((await other.analyst.post(`/dashboard/casos-coaf/${caseId}/select`, { note: 'x' })).status).to.equal(404);
    expect((await acme.analyst.get('/dashboard/casos-coaf/nao-e-caso')).status).to.equal(404);
  });

  it('refuses a dismissal without a reason beside its field, then selects with a note; notes need text', async () => {
    const refused = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/dismiss`, { reason: '   ' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('data-testid="dismiss-error"');
    const selected = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/select`, { note: 'Selecionado para análise' });
    expect(selected.status).to.equal(200);
    expect(selected.html).to.contain('data-testid="suspicion-status">Em análise</span>').and.contain('data-clock="analysis_due_at"').and.contain('art. 43');
    const empty = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/notes`, { text: '' });
    expect(empty.status).to.equal(400);
    expect(empty.html).to.contain('data-testid="note-error"');
    const noted = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/notes`, { text: `Nota do analista ${XSS_SCRIPT}` });
    expect(noted.html).to.contain('Nota do analista &lt;script&gt;').and.not.match(RAW_MARKUP);
  });

  it('attaches evidence (its SHA-256 shown); a form without a file is refused beside the field', async () => {
    const none = await postFile(acme.analyst, `/dashboard/casos-coaf/${caseId}/evidence`, { name: 'vazio.txt', type: 'text/plain', body: '' });
    expect(none.status).to.equal(400);
    expect(none.html).to.contain('data-testid="evidence-error"');
    const body = 'extrato de teste,100\n';
    const attached = await postFile(acme.analyst, `/dashboard/casos-coaf/${caseId}/evidence`, { name: 'extrato.csv', type: 'text/csv', body });
    expect(attached.status, attached.html.slice(0, 300)).to.equal(200);
    const { createHash } = await import('node:crypto');
    expect(attached.html).to.contain(createHash('sha256').update(body).digest('hex'));
  });

  it('decides under four-eyes: the proposer waits, cannot confirm alone, and another analyst confirms', async () => {
    const missing = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/decision`, { decision: 'comunicar', rationale: '', reason_codes: 'CC4001-I.a' });
    expect(missing.status).to.equal(400);
    expect(missing.html).to.contain('data-testid="rationale-error"');
    const proposed = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/decision`, { decision: 'comunicar', rationale: 'Fracionamento incompatível com a renda', reason_codes: 'CC4001-I.a' });
    expect(proposed.status).to.equal(200);
    expect(proposed.html).to.contain('Aguardando confirmação de outro analista').and.not.contain('data-testid="decision-form"');
    const confirming = await second.get(`/dashboard/casos-coaf/${caseId}`);
    expect(confirming.html).to.contain('data-testid="decision-form"').and.contain('Registrar confirmação');
    const decided = await second.post(`/dashboard/casos-coaf/${caseId}/decision`, { decision: 'comunicar', rationale: 'Confirmo: fracionamento', reason_codes: 'CC4001-I.a' });
    expect(decided.status).to.equal(200);
    expect(decided.html).to.contain('data-testid="suspicion-status">Decidido</span>').and.contain('data-clock="communication_due_at"').and.contain('art. 48');
    expect(decided.html).to.contain('data-testid="siscoaf-form"');
  });

  it('prepares the communication, downloads the Siscoaf XML (ISO-8859-1) and marks it sent', async () => {
    const bad = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/communication`, { Det: 'Fracionamento', VlCred: '12,50', VlDeb: '0', VlProv: '0', VlProp: '0', CodEnq: '232' });
    expect([200, 400]).to.include(bad.status);
    const prepared = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/communication`, { Det: 'Depósitos fracionados incompatíveis com a renda declarada.', VlCred: '50000', VlDeb: '0', VlProv: '0', VlProp: '0', CodEnq: '232' });
    expect(prepared.status, prepared.html.slice(0, 300)).to.equal(200);
    expect(prepared.html).to.contain('data-testid="siscoaf-num"');
    const xml = await fetch(new URL(`/dashboard/casos-coaf/${caseId}/siscoaf.xml`, acme.analyst.base), { headers: { cookie: [...acme.analyst.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } });
    expect(xml.status, await xml.clone().text()).to.equal(200);
    const text = new TextDecoder('latin1').decode(await xml.arrayBuffer());
    expect(text).to.contain('<LOTE').and.contain('<Det>Depósitos fracionados').and.contain('<CodEnq>232</CodEnq>');
    const page = await acme.analyst.get(`/dashboard/casos-coaf/${caseId}`);
    expect(page.html).to.contain('data-testid="siscoaf-sent-form"');
    const future = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/communication/sent`, { sent_at: '2099-01-01T10:00' });
    expect(future.status).to.equal(400);
    const sent = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/communication/sent`, { sent_at: '' });
    expect(sent.status).to.equal(200);
    expect(sent.html).to.contain('data-testid="siscoaf-status">Enviada</span>').and.contain('data-testid="siscoaf-response-form"');
  });

  it('the Siscoaf screen: a receipt that matches nothing is refused with its message; the LOTERECIBO request downloads', async () => {
    const screen = await acme.analyst.get('/dashboard/casos-coaf/siscoaf');
    expect(screen.status).to.equal(200);
    expect(screen.html).to.contain('data-testid="siscoaf-work-item"');
    const unreadable = await postFile(acme.analyst, '/dashboard/casos-coaf/siscoaf/receipts', { name: 'recibo.xml', type: 'text/xml', body: '<nada' });
    expect(unreadable.status).to.equal(400);
    expect(unreadable.html).to.contain('data-testid="receipt-error"');
    expect((await acme.viewer.get('/dashboard/casos-coaf/siscoaf')).status).to.equal(403);
    const request = await fetch(new URL('/dashboard/casos-coaf/siscoaf/lote-recibo.xml?date=2026-11-20', acme.analyst.base), { headers: { cookie: [...acme.analyst.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } });
    expect(request.status).to.equal(200);
    expect(new TextDecoder('latin1').decode(await request.arrayBuffer())).to.contain('LOTERECIBO').and.contain('20/11/2026');
    expect((await acme.analyst.get('/dashboard/casos-coaf/siscoaf/lote-recibo.xml?date=ontem')).status).to.equal(400);
  });

  it('records the validation response, matches the receipt by NumOcorrencia on the Siscoaf screen, and closes the case', async () => {
    const badResponse = await postFile(acme.analyst, `/dashboard/casos-coaf/${caseId}/communication/response`, { name: 'resposta.xml', type: 'text/xml', body: '<RESPOSTA><STATUS>3</STATUS></RESPOSTA>' });
    expect(badResponse.status).to.equal(400);
    expect(badResponse.html).to.contain('data-testid="response-error"');
    const validated = await postFile(acme.analyst, `/dashboard/casos-coaf/${caseId}/communication/response`, { name: 'resposta.xml', type: 'text/xml', body: '<RESPOSTA><STATUS>1</STATUS><MENSAGENS/></RESPOSTA>' });
    expect(validated.status, validated.html.slice(0, 300)).to.equal(200);
    expect(validated.html).to.contain('data-testid="siscoaf-status">Validada pelo Siscoaf</span>');
    const num = /data-testid="siscoaf-num"><code>([^<]+)<\/code>/.exec(validated.html)![1]!;
    const receipt = `<RESPOSTA><MENSAGENS><MENSAGEM><NUMEROORIGEM>${num}</NUMEROORIGEM><NUMEROCOAF>9661556</NUMEROCOAF><AUTENTICACAO>78c9c00bcc9e0702e36316528aa56d1d</AUTENTICACAO><VALOR>50000</VALOR><STATUS>Ativa</STATUS></MENSAGEM><MENSAGEM><NUMEROORIGEM>DE-OUTRO</NUMEROORIGEM><NUMEROCOAF>1</NUMEROCOAF><AUTENTICACAO>x</AUTENTICACAO><VALOR>1</VALOR><STATUS>Ativa</STATUS></MENSAGEM></MENSAGENS></RESPOSTA>`;
    const matched = await postFile(acme.analyst, '/dashboard/casos-coaf/siscoaf/receipts', { name: 'recibo.xml', type: 'text/xml', body: receipt });
    expect(matched.status, matched.html.slice(0, 300)).to.equal(200);
    expect(sectionOf(matched.html, 'receipt-result')).to.contain(num).and.contain('9661556');
    expect(sectionOf(matched.html, 'siscoaf-work')).to.contain('DE-OUTRO').and.contain('title="unmatched"');
    const page = await acme.analyst.get(`/dashboard/casos-coaf/${caseId}`);
    expect(page.html).to.contain('data-testid="siscoaf-status">Recibo conferido</span>').and.contain('data-testid="siscoaf-receipt"');
    const noNote = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/close`, { note: '' });
    expect(noNote.status).to.equal(400);
    expect(noNote.html).to.contain('data-testid="close-error"');
    const closed = await acme.analyst.post(`/dashboard/casos-coaf/${caseId}/close`, { note: 'Comunicado e conferido' });
    expect(closed.html).to.contain('data-testid="suspicion-status">Encerrado</span>');
  });

  it('downloads the dossier as JSON and PDF', async () => {
    const cookie = [...acme.analyst.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const json = await fetch(new URL(`/dashboard/casos-coaf/${caseId}/dossie.json`, acme.analyst.base), { headers: { cookie } });
    expect(json.status).to.equal(200);
    expect(((await json.json()) as Json)['case']).to.be.an('object');
    const pdf = await fetch(new URL(`/dashboard/casos-coaf/${caseId}/dossie.pdf`, acme.analyst.base), { headers: { cookie } });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('content-type')).to.contain('application/pdf');
    const otherCookie = [...other.analyst.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    expect((await fetch(new URL(`/dashboard/casos-coaf/${caseId}/dossie.json`, acme.analyst.base), { headers: { cookie: otherCookie } })).status).to.equal(404);
  });
});
