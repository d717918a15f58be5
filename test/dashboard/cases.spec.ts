import { expect } from 'chai';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, uploadOk } from '../http/customers-support.js';
import { cpf, eventually, startRunsService, type Json } from '../http/runs-support.js';
import { attributesOf, RAW_MARKUP, sectionOf, team, XSS_SCRIPT, type Team } from './screens-support.js';

/** The case queue (one row per customer's case) and a case's page, over HTTP (issue 28). */
describe('dashboard cases', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let second: SignedIn;
  let reviewCase: string;
  let runId: string;
  let docCase: string;
  let otherCase: string;

  const rows = (html: string) => attributesOf(html, 'case-row', 'data-case-id');
  const caseDoc = async (id: string) => (await (await service.operator(`/cases/${id}`)).json()) as Json;
  const waitForCase = (id: string, check: (c: Json) => boolean = () => true) =>
    eventually(async () => {
      const found = await service.operator(`/cases/${id}`);
      expect(found.status).to.equal(200);
      expect(check((await found.json()) as Json)).to.equal(true);
    }, 15_000);
  async function inReview(t: Team, name: string): Promise<string> {
    await patchTenant(service, t.tenant.tenant_id, { default_templates: { pf: t.pf, pj: t.pj } });
    const id = (await createCustomer(service, t.key, { type: 'pf', doc: '00000000353', name, email: 'x@example.com', run_bureau: true }))['customer_id'] as string;
    await waitForCase(id, (c) => (c['items'] as Json[]).some((i) => i['kind'] === 'run'));
    return id;
  }

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' } });
    acme = await team(service, 'Acme Fila');
    other = await team(service, 'Outra Fila');
    second = await dashboardUser(service, acme.tenant.tenant_id, 'analyst', 'segunda@example.test');
    reviewCase = await inReview(acme, 'Joana Caso Prado');
    runId = ((await caseDoc(reviewCase))['items'] as Json[])[0]!['item_id'];
    docCase = (await createCustomer(service, acme.key, { type: 'pf', doc: cpf(51), name: `Cliente ${XSS_SCRIPT}`, email: 'c@example.com', run_bureau: false }))['customer_id'] as string;
    await uploadOk(service, acme.key, docCase, { type: 'identidade_frente', fileName: 'rg.png' });
    await waitForCase(docCase);
    otherCase = await inReview(other, 'Pessoa de Outra');
  });
  after(async () => service.close());

  it('lists one row per case, oldest first, with age, reason codes (pt-BR, raw code as tooltip), priority, status and assignee', async () => {
    expect((await acme.analyst.get('/dashboard/')).html).to.contain('href="/dashboard/casos" data-testid="queue-cases-link"');
    const page = await acme.analyst.get('/dashboard/casos');
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('<h1>Casos</h1>');
    expect(rows(page.html)).to.deep.equal([reviewCase, docCase]);
    const row = sectionOf(page.html, 'case-reasons');
    expect(row).to.contain('title="run_pending_review">Revisão manual</span>');
    expect(page.html).to.contain('title="document_pending">Documento pendente</span>');
    expect(page.html).to.contain('title="media">Média</span>').and.contain('title="baixa">Baixa</span>').and.contain('title="open">Aberto</span>');
    expect(page.html).to.match(/agora|há \d+ min/);
    expect(page.html).to.contain('Joana Caso Prado').and.contain('Cliente &lt;script&gt;');
    expect(page.html).not.to.match(RAW_MARKUP);
    expect(rows((await acme.analyst.get('/dashboard/casos?priority=media')).html)).to.deep.equal([reviewCase]);
    expect(rows((await other.analyst.get('/dashboard/casos')).html)).to.deep.equal([otherCase]);
    expect((await acme.analyst.get('/dashboard/casos?status=aberto')).status).to.equal(400);
    expect((await acme.analyst.get('/dashboard/casos?assignee=alguem')).status).to.equal(400);
    expect((await acme.analyst.get(`/dashboard/casos/${otherCase}`)).status).to.equal(404);
    expect((await acme.analyst.get('/dashboard/casos/nao-e-uuid')).status).to.equal(404);
  });

  it('bulk-assigns checked cases in one POST with the form token; "meus" follows; another tenant\'s case is 404, a viewer 403', async () => {
    await acme.viewer.get('/dashboard/casos');
    expect((await acme.viewer.post('/dashboard/casos/assign', { case_ids: [reviewCase], assignee: acme.analyst.user.user_id })).status).to.equal(403);
    await acme.analyst.get('/dashboard/casos');
    expect((await acme.analyst.post('/dashboard/casos/assign', { case_ids: [reviewCase], assignee: acme.analyst.user.user_id }, { csrf: false })).status).to.equal(403);
    expect((await acme.analyst.post('/dashboard/casos/assign', { case_ids: [reviewCase, otherCase], assignee: acme.analyst.user.user_id })).status).to.equal(404);
    expect((await caseDoc(reviewCase))['assignee']).to.equal(null);
    const done = await acme.analyst.post('/dashboard/casos/assign', { case_ids: [reviewCase, docCase], assignee: acme.analyst.user.user_id, back: '/dashboard/casos?assignee=meus' });
    expect(done.status).to.equal(200);
    expect(done.url).to.equal('/dashboard/casos?assignee=meus');
    expect(done.html).to.contain(`2 casos atribuídos a ${acme.analyst.user.email}`);
    expect(rows(done.html)).to.deep.equal([reviewCase, docCase]);
    expect(rows((await second.get('/dashboard/casos?assignee=meus')).html)).to.deep.equal([]);
    expect(rows((await second.get('/dashboard/casos?assignee=ninguem')).html)).to.deep.equal([]);
    expect(rows((await second.get('/dashboard/casos?status=in_progress')).html)).to.deep.equal([reviewCase, docCase]);
  });

  it('four-eyes: the proposer reads "aguardando confirmação de outro analista"; the case is "aguardando minha confirmação" for another analyst', async () => {
    expect((await service.operator(`/tenants/${acme.tenant.tenant_id}`, { method: 'PATCH', json: { four_eyes: true } })).status).to.equal(200);
    await acme.analyst.get(`/dashboard/runs/${runId}`);
    const proposed = await acme.analyst.post(`/dashboard/runs/${runId}/review`, { decision: 'rejected', note: 'Vínculo PEP não explicado.' });
    expect(proposed.status).to.equal(200);
    const mine = await acme.analyst.get('/dashboard/casos');
    expect(sectionOf(mine.html, 'case-four-eyes')).to.contain('aguardando confirmação de outro analista');
    expect(rows((await acme.analyst.get('/dashboard/casos?confirmar=1')).html)).to.deep.equal([]);
    const theirs = await second.get('/dashboard/casos?confirmar=1');
    expect(rows(theirs.html)).to.deep.equal([reviewCase]);
    expect(sectionOf(theirs.html, 'case-four-eyes')).to.contain('aguardando sua confirmação');
  });

  it('a case page: items with links, a comment, escalation and closing with the note required (error by the field, text kept), the history with every note', async () => {
    const page = await acme.analyst.get(`/dashboard/casos/${reviewCase}`);
    expect(page.status).to.equal(200);
    expect(sectionOf(page.html, 'case-items')).to.contain(`href="/dashboard/runs/${runId}"`);
    const commented = await acme.analyst.post(`/dashboard/casos/${reviewCase}/comments`, { text: 'Liguei para a cliente.' });
    expect(commented.url).to.equal(`/dashboard/casos/${reviewCase}`);
    expect(sectionOf(commented.html, 'case-comments')).to.contain('Liguei para a cliente.');
    const blank = await acme.analyst.post(`/dashboard/casos/${reviewCase}/escalate`, { note: '  ' });
    expect(blank.status).to.equal(400);
    expect(sectionOf(blank.html, 'field-error-escalate')).to.contain('Escreva uma nota para escalar o caso.');
    const open = await acme.analyst.post(`/dashboard/casos/${reviewCase}/close`, { note: 'Tudo certo' });
    expect(open.status).to.equal(409);
    expect(sectionOf(open.html, 'field-error-close')).to.contain('O caso ainda tem 1 item em aberto');
    expect(open.html).to.contain('>Tudo certo</textarea>');
    const escalated = await acme.analyst.post(`/dashboard/casos/${reviewCase}/escalate`, { note: 'Possível PEP oculto.' });
    expect(escalated.status).to.equal(200);
    expect(sectionOf(escalated.html, 'case-status')).to.contain('Escalado ao compliance');
    const history = sectionOf(escalated.html, 'case-history');
    for (const note of ['Vínculo PEP não explicado.', 'Liguei para a cliente.', 'Possível PEP oculto.']) expect(history).to.contain(note);
    expect(history).to.contain('title="run_review_proposal"').and.contain('title="escalation"');
    expect((await acme.viewer.get(`/dashboard/casos/${reviewCase}`)).html).not.to.contain('data-testid="case-comment-form"');
  });
});
