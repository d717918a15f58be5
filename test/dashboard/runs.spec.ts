import { expect } from 'chai';
import type { PdfRenderer } from '../../src/adapters/pdf/port.js';
import { dashboardUser } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { patchTenant } from '../http/customers-support.js';
import { createRun, createTemplate, getJson, startRunsService, waitForRun, type Json } from '../http/runs-support.js';
import { attributesOf, pendingRun, RAW_MARKUP, sectionOf, team, tenantList, textOf, XSS_IMG, XSS_SCRIPT, type Team } from './screens-support.js';

/** A PDF as small as a report can be: the dashboard's part is the link to it, not the printing. */
const stubRenderer: PdfRenderer = { render: async () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Page >>\nendobj\n%%EOF\n'), close: async () => {} };

/** Runs: the list, the run page, the analyst's review (with four-eyes) and the report, over HTTP. */
describe('dashboard runs', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let runId: string;
  let otherRunId: string;

  const run = async (t: Team, id: string) => (await (await getJson(service, t.key, `/bureau/runs/${id}`)).json()) as Json;

  before(async () => {
    service = await startRunsService({ overrides: () => ({ pdfRenderer: stubRenderer }) });
    acme = await team(service, 'Acme');
    other = await team(service, 'Other');
    runId = await pendingRun(service, acme, 'Joana Revisão Prado');
    otherRunId = await pendingRun(service, other, 'Outra Pessoa');
  });
  after(async () => service.close());

  it('lists the tenant\'s runs with subject, status, risk and template; filters by status, environment and template', async () => {
    const page = await acme.viewer.get('/dashboard/runs');
    expect(page.status).to.equal(200);
    expect(attributesOf(page.html, 'run-row', 'data-run-id')).to.deep.equal([runId]);
    expect(page.html).to.contain('Joana Revisão Prado').and.contain('***000003**').and.contain('Aguardando revisão manual').and.contain('Médio');
    expect(page.html).not.to.contain(otherRunId);
    expect(attributesOf((await acme.viewer.get('/dashboard/runs?status=pending_review')).html, 'run-row', 'data-run-id')).to.deep.equal([runId]);
    expect(attributesOf((await acme.viewer.get('/dashboard/runs?status=completed')).html, 'run-row', 'data-run-id')).to.deep.equal([]);
    expect(attributesOf((await acme.viewer.get('/dashboard/runs?environment=live')).html, 'run-row', 'data-run-id')).to.deep.equal([]);
    expect(attributesOf((await acme.viewer.get(`/dashboard/runs?template=${acme.pf}`)).html, 'run-row', 'data-run-id')).to.deep.equal([runId]);
    expect(attributesOf((await acme.viewer.get(`/dashboard/runs?template=${acme.pj}`)).html, 'run-row', 'data-run-id')).to.deep.equal([]);
    expect((await acme.viewer.get('/dashboard/runs?status=nope')).status).to.equal(400);
    expect((await acme.viewer.get(`/dashboard/runs?template=${other.pf}`)).status).to.equal(400);
  });

  it('shows a run: status, decision, risk band, template name and version, findings, sources; the review form only to analysts', async () => {
    const page = await acme.analyst.get(`/dashboard/runs/${runId}`);
    expect(page.status).to.equal(200);
    expect(textOf(page.html, 'run-status')).to.equal('Aguardando revisão manual');
    expect(textOf(page.html, 'run-band')).to.equal('Médio');
    expect(textOf(page.html, 'run-decision')).to.equal('Em revisão');
    expect(sectionOf(page.html, 'run-summary')).to.match(/data-testid="run-template"><a href="\/dashboard\/templates\/[0-9a-f-]{36}">[^<]+<\/a>, versão 1</);
    expect(textOf(page.html, 'run-subject')).to.equal('Joana Revisão Prado (Pessoa física) · ***000003**');
    expect(page.html).to.contain('data-testid="run-finding"');
    expect(sectionOf(page.html, 'run-findings')).to.contain('Pessoa exposta politicamente');
    expect(attributesOf(page.html, 'run-source', 'data-source-id').length).to.be.greaterThan(0);
    expect(page.html).to.contain('data-testid="review-form"');
    expect(page.html).not.to.contain('00000000353');
    const asViewer = await acme.viewer.get(`/dashboard/runs/${runId}`);
    expect(asViewer.status).to.equal(200);
    expect(asViewer.html).not.to.contain('data-testid="review-form"');
  });

  it("another tenant's run, an unknown and a malformed id are the same 404 page, for the page and every action", async () => {
    for (const path of [`/dashboard/runs/${otherRunId}`, '/dashboard/runs/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', '/dashboard/runs/nope']) {
      const page = await acme.analyst.get(path);
      expect(page.status, path).to.equal(404);
      expect(page.html).to.contain('Execução não encontrada.');
    }
    await acme.analyst.get('/dashboard/runs');
    expect((await acme.analyst.post(`/dashboard/runs/${otherRunId}/review`, { decision: 'approved', note: 'x' })).status).to.equal(404);
    expect((await acme.analyst.post(`/dashboard/runs/${otherRunId}/report`, { mode: 'resumido' })).status).to.equal(404);
    expect((await run(other, otherRunId))['status']).to.equal('pending_review');
  });

  it('refuses a viewer (403), a form without its token (403) and a bad decision (400); the run still awaits review', async () => {
    await acme.viewer.get(`/dashboard/runs/${runId}`);
    expect((await acme.viewer.post(`/dashboard/runs/${runId}/review`, { decision: 'approved', note: '' })).status).to.equal(403);
    await acme.analyst.get(`/dashboard/runs/${runId}`);
    expect((await acme.analyst.post(`/dashboard/runs/${runId}/review`, { decision: 'approved', note: '' }, { csrf: false })).status).to.equal(403);
    expect((await acme.analyst.post(`/dashboard/runs/${runId}/review`, { decision: 'talvez', note: '' })).status).to.equal(400);
    expect((await run(acme, runId))['status']).to.equal('pending_review');
  });

  it('shows the errors beside the fields in Portuguese, keeping what was typed: no decision, a blank note (400, the run page)', async () => {
    const page = await acme.analyst.get(`/dashboard/runs/${runId}`);
    // no decision is chosen beforehand
    expect(page.html).not.to.match(/name="decision" value="\w+" required checked/);
    const noDecision = await acme.analyst.post(`/dashboard/runs/${runId}/review`, { note: 'Nota digitada pelo analista' });
    expect(noDecision.status).to.equal(400);
    expect(textOf(noDecision.html, 'decision-error')).to.contain('Escolha aprovar ou reprovar.');
    expect(noDecision.html).to.contain('Nota digitada pelo analista</textarea>');
    expect(noDecision.html).to.contain('data-testid="review-form"');
    const blankNote = await acme.analyst.post(`/dashboard/runs/${runId}/review`, { decision: 'rejected', note: '   ' });
    expect(blankNote.status).to.equal(400);
    expect(textOf(blankNote.html, 'note-error')).to.contain('Escreva uma nota com o motivo da decisão.');
    expect(blankNote.html).to.contain('value="rejected" required checked');
    expect((await run(acme, runId))['status']).to.equal('pending_review');
  });

  it('records the analyst\'s decision with a note and who made it; a report link then answers the PDF', async () => {
    await acme.analyst.get(`/dashboard/runs/${runId}`);
    const reviewed = await acme.analyst.post(`/dashboard/runs/${runId}/review`, { decision: 'approved', note: 'Cargo público antigo, sem risco atual.' });
    expect(reviewed.status).to.equal(200);
    expect(reviewed.url).to.equal(`/dashboard/runs/${runId}`);
    expect(reviewed.html).to.contain('Decisão registrada.');
    expect(textOf(reviewed.html, 'run-review-done')).to.contain(`Aprovado por ${acme.analyst.user.email}`);
    expect(reviewed.html).to.contain('Cargo público antigo, sem risco atual.');
    expect(reviewed.html).not.to.contain('data-testid="review-form"');
    expect(await run(acme, runId)).to.include({ status: 'completed', decision: 'approved' });
    const events = await service.services.log.readStream(`run-${runId}`);
    expect(events.find((e) => e.type === 'RunReviewed')!.metadata.actor).to.equal(`user:${acme.analyst.user.user_id}`);
    // a second decision on a decided run is the domain's conflict, shown on the run page
    const late = await acme.analyst.post(`/dashboard/runs/${runId}/review`, { decision: 'rejected', note: 'Tarde demais' });
    expect(late.status).to.equal(409);
    expect(textOf(late.html, 'decision-error')).to.contain('já foi decidida');
    expect(late.html).not.to.contain('Conflito');

    await acme.viewer.get(`/dashboard/runs/${runId}`);
    const pdf = await acme.viewer.post(`/dashboard/runs/${runId}/report`, { mode: 'resumido' });
    expect(pdf.status).to.equal(200);
    expect(pdf.url).to.match(/^\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
    expect(pdf.html).to.match(/^%PDF-/);
    expect((await acme.viewer.post(`/dashboard/runs/${runId}/report`, { mode: 'gigante' })).status).to.equal(400);
  });

  it('a run still awaiting review has no report yet (400 page)', async () => {
    const pending = await pendingRun(service, acme, 'Sem Relatório');
    await acme.analyst.get(`/dashboard/runs/${pending}`);
    const refused = await acme.analyst.post(`/dashboard/runs/${pending}/report`, { mode: 'completo' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('execuções encerradas');
  });

  it('four-eyes: a rejection is a proposal; its proposer cannot confirm it (409 page); a second analyst does', async () => {
    const strict = await team(service, 'Strict');
    await patchTenant(service, strict.tenant.tenant_id, { four_eyes: true });
    const second = await dashboardUser(service, strict.tenant.tenant_id, 'analyst');
    const id = await pendingRun(service, strict, 'Caso Quatro Olhos');
    await strict.analyst.get(`/dashboard/runs/${id}`);
    const proposed = await strict.analyst.post(`/dashboard/runs/${id}/review`, { decision: 'rejected', note: 'Vínculo PEP não explicado' });
    expect(proposed.status).to.equal(200);
    expect(proposed.html).to.contain('Proposta registrada: aguardando confirmação de outro analista.');
    expect(textOf(proposed.html, 'run-proposal')).to.contain('Aguardando confirmação de outro analista.');
    expect(textOf(proposed.html, 'run-proposal')).to.contain('Vínculo PEP não explicado');
    // the proposer gets no form
    expect(proposed.html).not.to.contain('data-testid="review-form"');
    expect((await run(strict, id))['status']).to.equal('pending_review');

    // posted anyway (an old tab): the run page with the reason, not a conflict page
    const again = await strict.analyst.post(`/dashboard/runs/${id}/review`, { decision: 'rejected', note: 'Eu mesmo' });
    expect(again.status).to.equal(409);
    expect(again.html).to.contain('Esta decisão precisa de um segundo analista');
    expect(again.html).not.to.contain('Conflito');
    expect((await run(strict, id))['status']).to.equal('pending_review');

    const toConfirm = await second.get(`/dashboard/runs/${id}`);
    expect(textOf(toConfirm.html, 'review-confirm')).to.contain(`Confirme a proposta de ${strict.analyst.user.email}`);
    const confirmed = await second.post(`/dashboard/runs/${id}/review`, { decision: 'rejected', note: 'Confirmo' });
    expect(confirmed.status).to.equal(200);
    expect(confirmed.html).to.contain('Decisão registrada.');
    expect(textOf(confirmed.html, 'run-review-done')).to.contain(`Reprovado por ${second.user.email}, proposta por ${strict.analyst.user.email}`);
    expect(await run(strict, id)).to.include({ status: 'completed', decision: 'rejected' });
  });

  it('shows screening candidates with their explanation; a list entry name carrying markup is inert', async () => {
    await tenantList(service, acme.tenant.tenant_id, [`"Rogério ${XSS_SCRIPT} Tavares ${XSS_IMG.replace(/"/g, '""')} Quintanilha",person,529.982.247-25,,BR,,fraude`]);
    const definition = { name: 'Modelo de bloqueio', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'internal_lists', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } };
    const template = await createTemplate(service, { tenant_id: acme.tenant.tenant_id }, definition as never);
    const id = await createRun(service, acme.key, { template_id: template, subject: { type: 'pf', doc: '52998224725', name: 'Rogério Tavares Quintanilha' } });
    await waitForRun(service, acme.key, id);
    const page = await acme.viewer.get(`/dashboard/runs/${id}`);
    expect(page.status).to.equal(200);
    const screening = sectionOf(page.html, 'run-screening');
    expect(screening).to.contain('data-testid="screening-candidate"').and.contain('Explicação da pontuação').and.contain('Bloqueio interno');
    expect(textOf(screening, 'candidate-name')).to.contain('Rogério');
    // issue 26: the list version the entry was found in, and each line's contribution to the score
    // issue 28: the list by its name, its id a tooltip
    expect(screening).to.match(/lista <span title="tl_\w+">Bloqueio interno<\/span> \(versão [^)]+\)/).and.contain('<th scope="col">Contribuição</th>');
    expect(screening).to.not.contain('data-testid="candidate-reason"'); // a hit needs no reason
    // a near miss says why it fell short
    await tenantList(service, acme.tenant.tenant_id, ['Marcos Aurélio Bezerra,person,,,BR,,']);
    const near = await createRun(service, acme.key, { template_id: template, subject: { type: 'pf', doc: '52998224725', name: 'Marcos Aurélio' } });
    await waitForRun(service, acme.key, near);
    const nearPage = await acme.viewer.get(`/dashboard/runs/${near}`);
    expect(textOf(sectionOf(nearPage.html, 'run-screening'), 'candidate-reason')).to.match(/^Motivo: 0,\d\d abaixo do limiar 0,80: sem par no candidato: Bezerra/);
    expect(screening).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;').and.contain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page.html).not.to.match(RAW_MARKUP);
  });
});
