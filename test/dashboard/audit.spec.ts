import { expect } from 'chai';
import type { ErasureDoc } from '../../src/projections/erasures.js';
import { signedIn } from './screens-support.js';
import { type Page, type SignedIn } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { createRun, pfSubject, startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

const XSS_SCRIPT = '<script>alert(1)</script>';
const XSS_ATTR = '"><img src=x onerror=alert(1)>';

interface AuditRow {
  actor: string;
  type: string;
}

/** The rows of the audit table, newest first. */
function auditRows(page: Page): AuditRow[] {
  return [...page.html.matchAll(/data-testid="audit-actor">([^<]*)<[\s\S]*?data-testid="audit-type" data-type="([^"]*)"/g)].map((m) => ({ actor: m[1]!.trim(), type: m[2]! }));
}

const nextLink = (page: Page) => /href="([^"]*)" data-testid="audit-next"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? null;

const erasuresOf = (service: TestService, tenantId: string) => service.services.readStore.find<ErasureDoc>('erasures', { where: { tenant_id: tenantId }, limit: 100 });

describe('dashboard: audit log and erasure requests', () => {
  let service: TestService;
  let w: World;
  let other: World;
  let admin: SignedIn;
  let analyst: SignedIn;
  let viewer: SignedIn;

  before(async () => {
    service = await startRunsService();
    w = await world(service, 'Banco Auditoria');
    other = await world(service, 'Outro Banco');
    ({ admin, analyst, viewer } = await signedIn(service, w.tenant.tenant_id));
  });
  after(async () => service.close());

  it("shows the tenant's events newest first with the user's own actions under their e-mail, and no personal data", async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191', 'Joana Auditada Pereira') });
    await waitForRun(service, w.key, runId);
    await other.tenant.key();
    await admin.get('/dashboard/settings');
    const made = await admin.post('/dashboard/settings/api-keys', { name: 'Chave auditada', environment: 'sandbox', scopes: ['runs:read'] });
    recordSensitive(/value="(sk_test_[^"]+)"/.exec(made.html)![1]!);
    const page = await admin.get('/dashboard/audit');
    expect(page.status).to.equal(200);
    const rows = auditRows(page);
    expect(rows[0]).to.deep.equal({ actor: admin.user.email, type: 'ApiKeyCreated' });
    const positions = [...page.html.matchAll(/<td>(\d+)<\/td>\s*<\/tr>/g)].map((m) => Number(m[1]));
    expect(positions).to.deep.equal([...positions].sort((a, b) => b - a));
    // the run's events are there, by the key that made it, without the subject's name or document
    expect(rows.some((r) => r.type === 'RunQueued' && r.actor.startsWith('test key'))).to.equal(true);
    expect(page.html).not.to.contain('Joana Auditada Pereira').and.not.to.contain('00000000191').and.not.to.contain('000.000.001-91');
    // another tenant's events are not shown
    expect(page.html).not.to.contain(other.tenant.tenant_id);
  });

  it('filters by actor type and event type, and pages back to older events', async () => {
    await admin.get('/dashboard/settings');
    for (let i = 0; i < 3; i++) await admin.post('/dashboard/settings/policy', { four_eyes: i % 2 === 0 ? 'on' : '' });
    const byUser = auditRows(await admin.get('/dashboard/audit?actor=user'));
    expect(byUser.length).to.be.greaterThan(3);
    expect(byUser.every((r) => r.actor === admin.user.email || r.actor === analyst.user.email || r.actor === viewer.user.email)).to.equal(true);
    expect(auditRows(await admin.get('/dashboard/audit?actor=operator')).every((r) => r.actor === 'operador')).to.equal(true);
    const changes = auditRows(await admin.get('/dashboard/audit?type=TenantSettingsChanged&actor=user'));
    expect(changes).to.deep.equal(Array(3).fill({ actor: admin.user.email, type: 'TenantSettingsChanged' }));

    // more than a page: the first 50 newest, then a link to the older ones, which continue without overlap
    for (let i = 0; i < 55; i++) await w.tenant.key({ scopes: ['runs:read'] }).then((k) => recordSensitive(k.api_key));
    const first = await admin.get('/dashboard/audit?type=ApiKeyCreated');
    const firstRows = auditRows(first);
    expect(firstRows).to.have.length(50);
    const older = nextLink(first);
    expect(older).to.match(/^\/dashboard\/audit\?type=ApiKeyCreated&before=\d+$/);
    const second = await admin.get(older!);
    const secondRows = auditRows(second);
    const created = (await service.services.log.readStream(`tenant-${w.tenant.tenant_id}`)).filter((e) => e.type === 'ApiKeyCreated');
    expect(created.length).to.be.greaterThan(55);
    expect(firstRows.length + secondRows.length).to.equal(created.length);
    expect(secondRows.at(-1)).to.deep.equal({ actor: 'operador', type: 'ApiKeyCreated' });
    expect(nextLink(second)).to.equal(null);

    // a number that is no event's position is no cursor the page handed out
    const head = await service.services.eventStore.headPosition();
    const notACursor = await admin.get(`/dashboard/audit?before=${head + 1000}`);
    expect(notACursor.status).to.equal(400);
    expect(notACursor.html).to.contain('Cursor de página inválido');
    for (const query of ['actor=robot', 'type=NoSuchEvent', 'before=-1', 'before=abc', 'actor=user&actor=system']) {
      const refused = await admin.get(`/dashboard/audit?${query}`);
      expect(refused.status, query).to.equal(400);
    }
  });

  it('is for admins only: analysts and viewers get 403 on the audit log and on erasure', async () => {
    for (const client of [analyst, viewer]) {
      expect((await client.get('/dashboard/audit')).status).to.equal(403);
      expect((await client.get('/dashboard/erasure')).status).to.equal(403);
      await client.get('/dashboard/settings');
      expect((await client.post('/dashboard/erasure', { doc: '00000000191' })).status).to.equal(403);
    }
    expect(await erasuresOf(service, w.tenant.tenant_id)).to.have.length(0);
  });

  it('records an erasure request: scheduled without a legal basis, at once with one (after confirmation); the page lists both', async () => {
    const page = await admin.get('/dashboard/erasure');
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('5 anos');
    // missing CSRF: refused, nothing written
    expect((await admin.post('/dashboard/erasure', { doc: '000.000.001-91' }, { csrf: false })).status).to.equal(403);
    expect(await erasuresOf(service, w.tenant.tenant_id)).to.have.length(0);

    const scheduled = await admin.post('/dashboard/erasure', { doc: '000.000.001-91', legal_basis: '' });
    expect(scheduled.status).to.equal(200);
    expect(scheduled.html).to.contain('Apagamento agendado para');
    const [request] = await erasuresOf(service, w.tenant.tenant_id);
    expect(request).to.include({ status: 'scheduled', legal_basis: null });
    expect(Date.parse(request!.due_at) - Date.now()).to.be.greaterThan(4 * 365 * 24 * 3600_000);
    const erasureEvent = (await service.services.log.readStream(request!.stream))[0]!;
    expect(erasureEvent.metadata.actor).to.equal(`user:${admin.user.user_id}`);
    expect(scheduled.html).to.contain(`data-erasure-id="${request!.erasure_id}"`).and.to.match(/data-testid="erasure-status">agendado</);

    // with a legal basis the erasure is immediate: it must be confirmed
    const basis = `LGPD art. 18 ${XSS_SCRIPT} ${XSS_ATTR}`;
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000787', 'Titular Apagado') });
    await waitForRun(service, w.key, runId);
    const unconfirmed = await admin.post('/dashboard/erasure', { doc: '00000000787', legal_basis: basis });
    expect(unconfirmed.status).to.equal(400);
    expect(unconfirmed.html).to.contain('marque a confirmação');
    expect(await erasuresOf(service, w.tenant.tenant_id)).to.have.length(1);
    const erased = await admin.post('/dashboard/erasure', { doc: '00000000787', legal_basis: basis, confirm: 'on' });
    expect(erased.status).to.equal(200);
    expect(erased.html).to.contain('Dados pessoais apagados.');
    expect((await erasuresOf(service, w.tenant.tenant_id)).map((e) => e.status).sort()).to.deep.equal(['erased', 'scheduled']);
    expect(erased.html).to.contain('LGPD art. 18 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(erased.html).not.to.contain(XSS_SCRIPT).and.not.to.contain('<img src=x');
  });

  it('refuses a malformed document (400) and one this tenant has no records of (404) on the form; nothing written', async () => {
    const before = (await erasuresOf(service, w.tenant.tenant_id)).length;
    await admin.get('/dashboard/erasure');
    const malformed = await admin.post('/dashboard/erasure', { doc: '123' });
    expect(malformed.status).to.equal(400);
    expect(malformed.html).to.contain('data-testid="form-error"').and.to.contain('doc must be a CPF (11 digits) or CNPJ (14 characters), formatted or not.');
    // the other tenant's subject is unknown here
    const runId = await createRun(service, other.key, { template_id: other.pf, subject: pfSubject('00000000949') });
    await waitForRun(service, other.key, runId);
    const unknown = await admin.post('/dashboard/erasure', { doc: '00000000949' });
    expect(unknown.status).to.equal(404);
    expect(unknown.html).to.contain('Não há registros deste documento nesta conta.');
    expect((await erasuresOf(service, w.tenant.tenant_id)).length).to.equal(before);
    expect(await erasuresOf(service, other.tenant.tenant_id)).to.have.length(0);
  });
});
