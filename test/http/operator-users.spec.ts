import { expect } from 'chai';
import { dashboardUser, DashboardClient, testEmail } from '../helpers/dashboard.js';
import { requestWithHost } from '../helpers/forged-host.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const UNKNOWN = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
/** The public address of the service, as configured: links never follow the request's Host. */
const PUBLIC_BASE = 'https://kyc.example.test';

describe('operator API: dashboard users (invitations, password resets)', () => {
  let service: TestService;
  let tenantId: string;
  before(async () => {
    service = await startService({ env: { SVC_PUBLIC_BASE_URL: PUBLIC_BASE } });
    tenantId = (await createTenant(service, 'Banco Convites')).tenant_id;
  });
  after(async () => service.close());

  const invite = (tenant: string, json: unknown) => service.operator(`/tenants/${tenant}/users`, { method: 'POST', json });
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; param: string | null } }).error;

  it('invites (201): the user id follows from the e-mail, the link is absolute on the public base URL and opens the password page', async () => {
    const email = testEmail('admin');
    recordSensitive(email);
    const response = await invite(tenantId, { email, role: 'admin' });
    expect(response.status).to.equal(201);
    const body = (await response.json()) as { user_id: string; invite_url: string };
    expect(body.invite_url).to.match(new RegExp(`^${PUBLIC_BASE}/dashboard/invite/[A-Za-z0-9_-]{43}$`));
    const page = await new DashboardClient(service.base).get(new URL(body.invite_url).pathname);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain(email);
    // the same e-mail in other capitals is the same account: a new link for it, the old one void
    const again = await invite(tenantId, { email: email.toUpperCase(), role: 'viewer' });
    expect(again.status).to.equal(201);
    const second = (await again.json()) as { user_id: string; invite_url: string };
    expect(second.user_id).to.equal(body.user_id);
    expect((await new DashboardClient(service.base).get(new URL(body.invite_url).pathname)).status).to.equal(410);
    const events = await service.services.log.readStream(`user-${body.user_id}`);
    expect(events.map((e) => [e.type, e.metadata.actor, e.data['email'], e.data['role']])).to.deep.equal([
      ['UserInvited', 'operator', email, 'admin'],
      ['UserInvited', 'operator', email, 'viewer'],
    ]);
  });

  it('builds invitation and reset links on SVC_PUBLIC_BASE_URL, never on a forged Host header', async () => {
    const email = testEmail('viewer');
    recordSensitive(email);
    const operator = { authorization: `Bearer ${service.services.config.operatorToken}`, 'content-type': 'application/json' };
    const response = await requestWithHost(`${service.base}/operator/v1/tenants/${tenantId}/users`, 'attacker.example', { method: 'POST', headers: operator, body: JSON.stringify({ email, role: 'viewer' }) });
    expect(response.status, response.body).to.equal(201);
    const body = JSON.parse(response.body) as { user_id: string; invite_url: string };
    expect(body.invite_url).to.match(new RegExp(`^${PUBLIC_BASE}/dashboard/invite/[A-Za-z0-9_-]{43}$`));
    const reset = await requestWithHost(`${service.base}/operator/v1/tenants/${tenantId}/users/${body.user_id}/password-reset`, 'attacker.example', { method: 'POST', headers: operator });
    expect(reset.status, reset.body).to.equal(201);
    expect((JSON.parse(reset.body) as { invite_url: string }).invite_url).to.match(new RegExp(`^${PUBLIC_BASE}/dashboard/invite/[A-Za-z0-9_-]{43}$`));
  });

  it('refuses a bad e-mail (400 invalid_email), role or field (400 invalid_request), and a malformed tenant id (400 invalid_id)', async () => {
    const cases: [unknown, string, string | null][] = [
      [{ email: 'sem-arroba', role: 'admin' }, 'invalid_email', 'email'],
      [{ email: 42, role: 'admin' }, 'invalid_email', 'email'],
      [{ role: 'admin' }, 'invalid_email', 'email'],
      [{ email: 'pessoa@example.test', role: 'root' }, 'invalid_request', 'role'],
      [{ email: 'pessoa@example.test' }, 'invalid_request', 'role'],
      [{ email: 'pessoa@example.test', role: 'admin', password: 'x' }, 'invalid_request', 'password'],
    ];
    for (const [json, code, param] of cases) {
      const response = await invite(tenantId, json);
      expect(response.status, JSON.stringify(json)).to.equal(400);
      expect(await errorOf(response), JSON.stringify(json)).to.include({ code, param });
    }
    const malformed = await invite('not-a-uuid', { email: 'pessoa@example.test', role: 'admin' });
    expect([malformed.status, (await errorOf(malformed)).code]).to.deep.equal([400, 'invalid_id']);
  });

  it('answers 404 tenant_not_found for an unknown tenant, on both operations', async () => {
    const invited = await invite(UNKNOWN, { email: 'ninguem@example.test', role: 'viewer' });
    expect([invited.status, (await errorOf(invited)).code]).to.deep.equal([404, 'tenant_not_found']);
    const reset = await service.operator(`/tenants/${UNKNOWN}/users/${UNKNOWN}/password-reset`, { method: 'POST' });
    expect([reset.status, (await errorOf(reset)).code]).to.deep.equal([404, 'tenant_not_found']);
  });

  it('answers 409 user_exists for an e-mail with an account in use in the same tenant', async () => {
    const user = await dashboardUser(service, tenantId, 'analyst');
    const taken = await invite(tenantId, { email: user.user.email, role: 'viewer' });
    expect([taken.status, await errorOf(taken)]).to.deep.equal([409, { type: 'invalid_request_error', code: 'user_exists', message: 'Já existe uma conta com este e-mail.', param: 'email' }]);
  });

  it("tells another tenant nothing: an e-mail with an account (active or invited) elsewhere is invited like an unknown one, as a separate account", async () => {
    const other = (await createTenant(service, 'Outro')).tenant_id;
    const active = await dashboardUser(service, tenantId, 'analyst');
    const pending = testEmail('viewer');
    recordSensitive(pending);
    expect((await invite(tenantId, { email: pending, role: 'viewer' })).status).to.equal(201);
    const unknown = testEmail('viewer');
    recordSensitive(unknown);
    const shapes: string[] = [];
    for (const email of [active.user.email, pending, unknown]) {
      const response = await invite(other, { email, role: 'admin' });
      expect(response.status, email).to.equal(201);
      const body = (await response.json()) as { user_id: string; invite_url: string };
      shapes.push(Object.keys(body).sort().join(','));
      expect(body.user_id).not.to.equal(active.user.user_id);
      expect(body.invite_url).to.match(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);
    }
    expect(new Set(shapes).size).to.equal(1);
    // the first tenant's accounts are untouched: its user still signs in to its own dashboard
    const events = await service.services.log.readStream(`user-${active.user.user_id}`);
    expect(events.map((e) => e.type)).to.deep.equal(['UserInvited', 'UserActivated', 'UserLoggedIn']);
  });

  it('resets a password (201 with a new link); another tenant\'s user is 404 user_not_found; a deactivated one 409 user_deactivated', async () => {
    const user = await dashboardUser(service, tenantId, 'viewer');
    const other = (await createTenant(service, 'Terceiro')).tenant_id;
    const elsewhere = await service.operator(`/tenants/${other}/users/${user.user.user_id}/password-reset`, { method: 'POST' });
    expect([elsewhere.status, await errorOf(elsewhere)]).to.deep.equal([404, { type: 'invalid_request_error', code: 'user_not_found', message: 'Usuário não encontrado.', param: 'user_id' }]);
    expect((await errorOf(await service.operator(`/tenants/${tenantId}/users/${UNKNOWN}/password-reset`, { method: 'POST' }))).code).to.equal('user_not_found');
    const malformed = await service.operator(`/tenants/${tenantId}/users/not-a-uuid/password-reset`, { method: 'POST' });
    expect([malformed.status, (await errorOf(malformed)).code]).to.deep.equal([400, 'invalid_id']);

    const reset = await service.operator(`/tenants/${tenantId}/users/${user.user.user_id}/password-reset`, { method: 'POST' });
    expect(reset.status).to.equal(201);
    expect(((await reset.json()) as { invite_url: string }).invite_url).to.match(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/);

    const admin = await dashboardUser(service, tenantId, 'admin');
    expect((await admin.post(`/dashboard/settings/users/${user.user.user_id}/deactivate`)).status).to.equal(200);
    const refused = await service.operator(`/tenants/${tenantId}/users/${user.user.user_id}/password-reset`, { method: 'POST' });
    expect([refused.status, (await errorOf(refused)).code]).to.deep.equal([409, 'user_deactivated']);
  });

  it("never shows a user's password hash through the audit API, only that one was set", async () => {
    const user = await dashboardUser(service, tenantId, 'analyst');
    const response = await service.operator(`/audit/streams?tenant_id=${tenantId}&category=user&limit=500`);
    expect(response.status).to.equal(200);
    const text = await response.text();
    const events = (JSON.parse(text) as { data: { stream: string; type: string; data: Record<string, unknown> }[] }).data.filter((e) => e.stream === `user-${user.user.user_id}`);
    const activated = events.find((e) => e.type === 'UserActivated');
    expect(activated?.data['password_hash']).to.equal('[withheld]');
    expect(text).not.to.match(/scrypt\$/);
    // the log keeps it: the account still signs in
    const stored = (await service.services.log.readStream(`user-${user.user.user_id}`)).find((e) => e.type === 'UserActivated');
    expect(String(stored?.data['password_hash'])).to.match(/^scrypt\$/);
  });
});
