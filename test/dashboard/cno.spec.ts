import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { clockText } from '../../src/http/dashboard/cno/page.js';
import { dateTime } from '../../src/reports/html.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { CNPJ_A, CNPJ_B, entity, sentCommunication, setReportingEntities } from '../http/cno-support.js';

const DUE_2026 = '2027-01-16T02:59:59.999Z';
const NOW = '2027-01-16T12:00:00.000Z';

/** Issue 30: the dashboard screen "Declaração anual de não ocorrência". */
describe('dashboard: annual negative communication (CNO)', function () {
  this.timeout(60_000);
  let service: TestService;
  let tenantId: string;
  let officer: SignedIn;
  let viewer: SignedIn;
  const clock = new ManualClock('2026-11-22T12:00:00.000Z');

  before(async () => {
    service = await startService({ clock });
    tenantId = (await createTenant(service, 'Banco Painel')).tenant_id;
    await setReportingEntities(service, tenantId, [entity(CNPJ_A, 'Banco Painel S.A.'), entity(CNPJ_B, 'Painel Câmbio S.A.')]);
    await sentCommunication(service, tenantId, CNPJ_B, '2026000017', '2026-05-04T14:00:00.000Z', '2026-05-04T14:00:00.000Z');
    officer = await dashboardUser(service, tenantId, 'compliance_officer');
  });
  after(async () => service.close());

  it('before any task, says when they appear', async () => {
    const page = await officer.get('/dashboard/cno');
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('Declaração anual de não ocorrência').and.to.contain('data-testid="cno-empty"');
  });

  it('lists the overdue task first with "vencido há", its form, and the receipts of the year not required', async () => {
    clock.set('2027-01-01T03:00:05.000Z');
    await service.services.cno.runDue();
    clock.set(NOW);
    // sessions of November expired: the people sign in again in January
    officer = await dashboardUser(service, tenantId, 'compliance_officer');
    viewer = await dashboardUser(service, tenantId, 'viewer');
    const page = await officer.get('/dashboard/cno');
    expect(page.status).to.equal(200);
    const first = page.html.indexOf(`data-cno-id="cno-${tenantId}-${CNPJ_A}-2026"`);
    const second = page.html.indexOf(`data-cno-id="cno-${tenantId}-${CNPJ_B}-2026"`);
    expect(first).to.be.greaterThan(-1).and.lessThan(second);
    expect(page.html).to.contain(clockText(DUE_2026, NOW)).and.to.contain('vencido há 9 horas');
    expect(page.html).to.contain('CNPJ 11.222.333/0001-81').and.to.contain('title="pending"').and.to.contain('>pendente<');
    expect(page.html).to.contain('data-testid="cno-form"').and.to.contain(`value="${officer.user.email}"`);
    expect(page.html).to.contain('data-testid="cno-receipts"').and.to.contain('2026000017').and.to.contain('COAF-2026000017').and.to.contain(dateTime('2026-05-04T14:00:00.000Z'));
    expect(page.html).to.contain('>não exigida<');
  });

  it('a viewer neither sees the declarations (their receipts tell that communications exist: art. 50) nor may record', async () => {
    const page = await viewer.get('/dashboard/cno');
    expect(page.status).to.equal(403);
    expect((await viewer.get('/dashboard/customers')).html).not.to.contain('href="/dashboard/cno"');
    expect((await viewer.post(`/dashboard/cno/2026/${CNPJ_A}/enviada`, { protocol: 'P', sent_at: '2027-01-16T08:00', by: 'x' })).status).to.equal(403);
  });

  it('refuses a future date in pt-BR keeping what was typed, then records the protocol', async () => {
    const refused = await officer.post(`/dashboard/cno/2026/${CNPJ_A}/enviada`, { protocol: 'SISCOAF-CNO-42', sent_at: '2027-01-17T08:00', by: 'Ana Souza', note: '' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('não pode estar no futuro').and.to.contain('value="SISCOAF-CNO-42"').and.to.contain('value="2027-01-17T08:00"');
    const notRequired = await officer.post(`/dashboard/cno/2026/${CNPJ_B}/enviada`, { protocol: 'X', sent_at: '2027-01-16T08:00', by: 'Ana' });
    // a not-required year has no form to post; a forged post is refused with the reason
    expect(notRequired.status).to.equal(409);
    expect(notRequired.html).to.contain('não é exigida');
    const recorded = await officer.post(`/dashboard/cno/2026/${CNPJ_A}/enviada`, { protocol: 'SISCOAF-CNO-42', sent_at: '2027-01-16T08:30', by: 'Ana Souza', note: 'Menu Comunicação de Não Ocorrência.' });
    expect(recorded.status).to.equal(200);
    expect(recorded.html).to.contain('Protocolo da declaração de 2026 registrado.');
    expect(recorded.html).to.contain('data-testid="cno-protocol">SISCOAF-CNO-42<').and.to.contain(dateTime('2027-01-16T11:30:00.000Z')).and.to.contain('>enviada<');
    expect(recorded.html).not.to.contain('data-testid="cno-form"');
    expect(recorded.html).not.to.contain('vencido há');
    const events = await service.services.log.readStream(`cno-${tenantId}-${CNPJ_A}-2026`);
    expect(events[1]!.metadata.actor).to.equal(`user:${officer.user.user_id}`);
  });

  it('answers 404 for a task that does not exist and 400 for a malformed CNPJ', async () => {
    expect((await officer.post(`/dashboard/cno/2019/${CNPJ_A}/enviada`, { protocol: 'P', sent_at: '2027-01-16T08:00', by: 'x' })).status).to.equal(404);
    expect((await officer.post('/dashboard/cno/2026/123/enviada', { protocol: 'P', sent_at: '2027-01-16T08:00', by: 'x' })).status).to.equal(400);
  });
});
