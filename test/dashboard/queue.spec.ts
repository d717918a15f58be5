import { expect } from 'chai';
import { ASSIGNMENTS, assignmentId, type AssignmentDoc } from '../../src/projections/assignments.js';
import type { TestService } from '../helpers/service.js';
import { uploadOk } from '../http/customers-support.js';
import { cpf, startRunsService } from '../http/runs-support.js';
import { attributesOf, draftCustomer, openAlert, pendingRun, RAW_MARKUP, sectionOf, team, tenantList, XSS_IMG, XSS_SCRIPT, type Team } from './screens-support.js';

/** The case queue (the dashboard's home): counts, rows, filters, paging and assignment, over HTTP. */
describe('dashboard case queue', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let runId: string;
  let alert: { alertId: string; customerId: string };
  let documentId: string;
  let otherRunId: string;

  const assignee = async (kind: string, id: string) => (await service.services.readStore.get<AssignmentDoc>(ASSIGNMENTS, assignmentId(kind as never, id)))?.doc.assignee ?? null;
  const count = (html: string, kind: string) => new RegExp(`data-testid="queue-count-${kind}"><strong>([^<]*)</strong>`).exec(html)?.[1];
  const ids = (html: string, kind: string) => attributesOf(sectionOf(html, `queue-section-${kind}`), 'queue-row', 'data-case-id');

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' } });
    acme = await team(service, 'Acme');
    other = await team(service, 'Other');
    runId = await pendingRun(service, acme, 'Joana Fila Prado');
    otherRunId = await pendingRun(service, other);
    await tenantList(service, acme.tenant.tenant_id, [`Rosângela Bittencourt Farias,person,,,,,fraude`]);
    alert = await openAlert(service, acme, 'Rosangela Bitencourt Farias', cpf(11));
    const customerId = await draftCustomer(service, acme, `Cliente ${XSS_SCRIPT}`, cpf(12));
    documentId = (await uploadOk(service, acme.key, customerId, { type: 'identidade_frente', fileName: `${XSS_IMG}.png` }))['document_id'];
  });
  after(async () => service.close());

  it('is the home: three sections with their counts and rows (subject, masked document, age, link)', async () => {
    const page = await acme.analyst.get('/dashboard/');
    expect(page.status).to.equal(200);
    expect(page.url).to.equal('/dashboard/');
    expect(page.html).to.contain('<h1>Fila de casos</h1>');
    expect([count(page.html, 'run'), count(page.html, 'alert'), count(page.html, 'document')]).to.deep.equal(['1', '1', '1']);
    expect(ids(page.html, 'run')).to.deep.equal([runId]);
    expect(ids(page.html, 'alert')).to.deep.equal([alert.alertId]);
    expect(ids(page.html, 'document')).to.deep.equal([documentId]);
    const runs = sectionOf(page.html, 'queue-section-run');
    expect(runs).to.contain('Joana Fila Prado').and.contain('***000003**').and.contain('Aguardando revisão manual').and.match(/agora|há \d+ min/);
    expect(runs).to.contain(`href="/dashboard/runs/${runId}"`);
    expect(runs).not.to.contain('00000000353');
    const alerts = sectionOf(page.html, 'queue-section-alert');
    expect(alerts).to.contain('Rosangela Bitencourt Farias').and.contain('Rosângela Bittencourt Farias').and.contain(`/dashboard/customers/${alert.customerId}#alerta-${alert.alertId}`);
    // the customer's name and the document's type, escaped
    const documents = sectionOf(page.html, 'queue-section-document');
    expect(documents).to.contain('Cliente &lt;script&gt;alert(1)&lt;/script&gt;').and.contain('identidade_frente');
    expect(page.html).not.to.match(RAW_MARKUP);
  });

  it('filters by kind and environment; another tenant sees only its own cases', async () => {
    const runsOnly = await acme.viewer.get('/dashboard/?kind=execucoes');
    expect(ids(runsOnly.html, 'run')).to.deep.equal([runId]);
    expect(runsOnly.html).not.to.contain('data-testid="queue-section-alert"');
    expect(runsOnly.html).not.to.contain('data-testid="queue-section-document"');
    const live = await acme.viewer.get('/dashboard/?environment=live');
    expect([count(live.html, 'run'), count(live.html, 'alert'), count(live.html, 'document')]).to.deep.equal(['0', '0', '0']);
    const sandbox = await acme.viewer.get('/dashboard/?environment=sandbox');
    expect(ids(sandbox.html, 'document')).to.deep.equal([documentId]);
    const theirs = await other.analyst.get('/dashboard/');
    expect(ids(theirs.html, 'run')).to.deep.equal([otherRunId]);
    expect(ids(theirs.html, 'alert')).to.deep.equal([]);
    expect(theirs.html).not.to.contain('Joana Fila Prado');
    expect((await acme.viewer.get('/dashboard/?kind=tudo')).status).to.equal(400);
    expect((await acme.viewer.get('/dashboard/?kind=execucoes&cursor=%%%')).status).to.equal(400);
  });

  it('assigns a case to an analyst and back to nobody; "mine" and "unassigned" follow', async () => {
    const home = await acme.analyst.get('/dashboard/');
    expect(home.html).to.contain(`action="/dashboard/cases/run/${runId}/assign"`);
    const assigned = await acme.analyst.post(`/dashboard/cases/run/${runId}/assign`, { assignee: acme.analyst.user.user_id, back: '/dashboard/?kind=execucoes' });
    expect(assigned.status).to.equal(200);
    expect(assigned.url).to.equal('/dashboard/?kind=execucoes');
    expect(assigned.html).to.contain(`atribuído a ${acme.analyst.user.email}`);
    expect(await assignee('run', runId)).to.equal(acme.analyst.user.user_id);
    expect(ids((await acme.analyst.get('/dashboard/?assignee=mine')).html, 'run')).to.deep.equal([runId]);
    expect(ids((await acme.analyst.get('/dashboard/?assignee=unassigned')).html, 'run')).to.deep.equal([]);
    // a viewer reads the assignee's e-mail
    expect(sectionOf((await acme.viewer.get('/dashboard/')).html, 'queue-section-run')).to.contain(acme.analyst.user.email);
    const events = await service.services.log.readStream(`assignment-run-${runId}`);
    expect(events.at(-1)!.metadata.actor).to.equal(`user:${acme.analyst.user.user_id}`);

    const unassigned = await acme.analyst.post(`/dashboard/cases/run/${runId}/assign`, { assignee: '' });
    expect(unassigned.status).to.equal(200);
    expect(unassigned.html).to.contain('devolvido à fila');
    expect(await assignee('run', runId)).to.equal(null);
    expect(ids((await acme.analyst.get('/dashboard/?assignee=unassigned')).html, 'run')).to.deep.equal([runId]);
  });

  it('refuses: a viewer (403), no form token (403), a viewer as assignee (400), another tenant\'s case (404); nothing is written', async () => {
    await acme.viewer.get('/dashboard/');
    const byViewer = await acme.viewer.post(`/dashboard/cases/document/${documentId}/assign`, { assignee: acme.analyst.user.user_id });
    expect(byViewer.status).to.equal(403);
    expect(byViewer.html).not.to.contain('action="/dashboard/cases/');
    await acme.analyst.get('/dashboard/');
    expect((await acme.analyst.post(`/dashboard/cases/document/${documentId}/assign`, { assignee: acme.analyst.user.user_id }, { csrf: false })).status).to.equal(403);
    expect((await acme.analyst.post(`/dashboard/cases/document/${documentId}/assign`, { assignee: acme.viewer.user.user_id })).status).to.equal(400);
    const foreign = await acme.analyst.post(`/dashboard/cases/run/${otherRunId}/assign`, { assignee: acme.analyst.user.user_id });
    expect(foreign.status).to.equal(404);
    expect((await acme.analyst.post(`/dashboard/cases/run/not-a-uuid/assign`, { assignee: '' })).status).to.equal(404);
    expect((await acme.analyst.post(`/dashboard/cases/tarefa/${runId}/assign`, { assignee: '' })).status).to.equal(404);
    const cross = await other.analyst.post(`/dashboard/cases/alert/${alert.alertId}/assign`, { assignee: other.analyst.user.user_id });
    expect(cross.status).to.equal(404);
    expect(await assignee('document', documentId)).to.equal(null);
    expect(await assignee('run', otherRunId)).to.equal(null);
    expect(await assignee('alert', alert.alertId)).to.equal(null);
  });

  it('pages 50 at a time, newest first, with a "mais antigos" link to the rest', async () => {
    const busy = await team(service, 'Busy');
    const created: string[] = [];
    for (let i = 0; i < 51; i += 1) created.push(await pendingRun(service, busy, `Pessoa ${i}`));
    const first = await busy.viewer.get('/dashboard/?kind=execucoes');
    expect(count(first.html, 'run')).to.equal('51');
    const shown = ids(first.html, 'run');
    expect(shown).to.have.length(50);
    expect(shown[0]).to.equal(created[50]);
    const more = attributesOf(first.html, 'queue-more-run', 'href')[0]!.replace(/&amp;/g, '&');
    const second = await busy.viewer.get(more);
    expect(ids(second.html, 'run')).to.deep.equal([created[0]]);
    expect(second.html).not.to.contain('data-testid="queue-more-run"');
  });
});
