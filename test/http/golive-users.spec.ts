import { expect } from 'chai';
import { seedDemo, reissueCommand } from '../../src/seed.js';
import { acceptThroughPages, dashboardUser, DashboardClient, inviteThroughOperator, loginThroughPages, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const UNKNOWN = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

type UserRow = Record<string, unknown> & { user_id: string; email: string; status: string };

/**
 * The first-start admin invitation can be issued again (issue 28): the operator lists a tenant's
 * users (no secrets) and re-issues a link not used yet; the old link is refused at once, the new
 * one sets a password. The dashboard's users screen does the same for its admins.
 */
describe('re-issuing a dashboard invitation', function () {
  this.timeout(60_000);
  let service: TestService;
  let tenantId: string;
  before(async () => {
    service = await startService();
    tenantId = (await createTenant(service, 'Banco Reconvite')).tenant_id;
  });
  after(async () => service.close());

  const users = async (tenant = tenantId) => {
    const response = await service.operator(`/tenants/${tenant}/users`);
    expect(response.status).to.equal(200);
    return ((await response.json()) as { data: UserRow[] }).data;
  };
  const reissue = (userId: string, tenant = tenantId) => service.operator(`/tenants/${tenant}/users/${userId}/invite`, { method: 'POST' });
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

  it('lists the users with role and status, never a hash', async () => {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'analyst');
    const row = (await users()).find((u) => u.user_id === invited.user_id)!;
    expect(row).to.include({ email, role: 'analyst', status: 'invited', locked_until: null });
    expect(row['invite_expires_at']).to.be.a('string');
    expect(Object.keys(row).sort()).to.deep.equal(['created_at', 'email', 'invite_expires_at', 'locked_until', 'role', 'status', 'user_id']);
    expect(JSON.stringify(await users())).to.not.match(/hash/);
  });

  it('re-issues a link not used yet: the old one is refused (410), the new one sets the password; then 409 invite_already_accepted', async () => {
    const email = testEmail('viewer');
    recordSensitive(email);
    const first = await inviteThroughOperator(service, tenantId, email, 'viewer');
    const response = await reissue(first.user_id);
    expect(response.status).to.equal(201);
    const second = (await response.json()) as { user_id: string; invite_url: string };
    expect(second.user_id).to.equal(first.user_id);
    expect(second.invite_url).to.not.equal(first.invite_url);
    expect((await new DashboardClient(service.base).get(new URL(first.invite_url).pathname)).status).to.equal(410);
    const client = new DashboardClient(service.base);
    await acceptThroughPages(client, second.invite_url);
    const home = await loginThroughPages(client, email);
    expect(home.url).to.match(/^\/dashboard\//);
    expect((await users()).find((u) => u.user_id === first.user_id)).to.include({ status: 'active', invite_expires_at: null });
    const again = await reissue(first.user_id);
    expect([again.status, await errorOf(again)]).to.deep.equal([409, 'invite_already_accepted']);
  });

  it("another tenant's user or an unknown one is 404 user_not_found; an unknown tenant 404; a malformed id 400", async () => {
    const other = (await createTenant(service, 'Outro Banco')).tenant_id;
    const theirs = await inviteThroughOperator(service, other, testEmail('admin'), 'admin');
    for (const response of [await reissue(theirs.user_id), await reissue(UNKNOWN)]) expect([response.status, await errorOf(response)]).to.deep.equal([404, 'user_not_found']);
    expect((await users(other)).map((u) => u.user_id)).to.deep.equal([theirs.user_id]);
    const unknownTenant = await service.operator(`/tenants/${UNKNOWN}/users`);
    expect([unknownTenant.status, await errorOf(unknownTenant)]).to.deep.equal([404, 'tenant_not_found']);
    const malformed = await reissue('not-a-uuid');
    expect(malformed.status).to.equal(400);
  });

  it('an admin re-sends an invitation from the users screen: the new link shown once, the old one void', async () => {
    const admin = await dashboardUser(service, tenantId, 'admin');
    const email = testEmail('analyst');
    recordSensitive(email);
    const first = await inviteThroughOperator(service, tenantId, email, 'analyst');
    const screen = await admin.get('/dashboard/settings/users');
    expect(screen.html).to.contain(`/dashboard/settings/users/${first.user_id}/reinvite`).and.contain('Reenviar convite').and.contain('Convidado');
    // the admin's own (active) row offers no re-send
    expect(screen.html).to.not.contain(`/dashboard/settings/users/${admin.user.user_id}/reinvite`);
    const sent = await admin.post(`/dashboard/settings/users/${first.user_id}/reinvite`);
    expect(sent.status).to.equal(201);
    expect(sent.html).to.contain('Novo convite emitido');
    const link = /\/dashboard\/invite\/[A-Za-z0-9_-]{43}/.exec(sent.html)![0];
    expect(link).to.not.equal(new URL(first.invite_url).pathname);
    expect((await new DashboardClient(service.base).get(new URL(first.invite_url).pathname)).status).to.equal(410);
    expect((await new DashboardClient(service.base).get(link)).status).to.equal(200);
    // an active account: refused on the page, in pt-BR
    const own = await admin.post(`/dashboard/settings/users/${admin.user.user_id}/reinvite`);
    expect(own.status).to.equal(409);
    expect(own.html).to.contain('Este convite já foi aceito');
  });

  it('a viewer or analyst cannot re-send (403)', async () => {
    const analyst = await dashboardUser(service, tenantId, 'analyst');
    const first = await inviteThroughOperator(service, tenantId, testEmail('viewer'), 'viewer');
    expect((await analyst.post(`/dashboard/settings/users/${first.user_id}/reinvite`)).status).to.equal(403);
  });
});

describe('the first-start admin invitation', function () {
  this.timeout(60_000);
  let service: TestService;
  before(async () => {
    service = await startService({ env: { SVC_SEED_DEMO: 'true' } });
  });
  after(async () => service.close());

  it('is re-issued by the command npm start prints; the new link sets the password', async () => {
    const demo = (await seedDemo(service.services))!;
    const printed = reissueCommand(service.base, 'op_test_token', demo.tenant_id, demo.dashboard.user_id);
    const url = /(http:\/\/\S+\/invite)$/.exec(printed)![1]!;
    expect(printed).to.contain('-X POST').and.contain('Authorization: Bearer op_test_token');
    const response = await service.call(new URL(url).pathname, { method: 'POST', headers: { authorization: 'Bearer op_test_token' } });
    expect(response.status).to.equal(201);
    const { invite_url } = (await response.json()) as { invite_url: string };
    expect((await new DashboardClient(service.base).get(`/dashboard/invite/${demo.dashboard.invite_token}`)).status).to.equal(410);
    const client = new DashboardClient(service.base);
    await acceptThroughPages(client, invite_url);
    expect((await loginThroughPages(client, demo.dashboard.email)).url).to.match(/^\/dashboard\//);
  });
});
