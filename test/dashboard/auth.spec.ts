import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { acceptThroughPages, DashboardClient, dashboardUser, inviteThroughOperator, loginThroughPages, testEmail, TEST_PASSWORD } from '../helpers/dashboard.js';
import { requestWithHost } from '../helpers/forged-host.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const GENERIC = 'E-mail ou senha inválidos.';
const MINUTE = 60_000;

/** A path's page as an anonymous browser sees it: redirected to the login? */
const isLoginPage = (page: { url: string; html: string }) => page.url.startsWith('/dashboard/login') && page.html.includes('<h1>Entrar</h1>');

describe('dashboard: users, sessions, CSRF', () => {
  let service: TestService;
  let tenantId: string;
  before(async () => {
    service = await startService();
    tenantId = (await createTenant(service, 'Banco Painel')).tenant_id;
  });
  after(async () => service.close());

  const userEvents = async (userId: string) => service.services.log.readStream(`user-${userId}`);

  it('invite → set the password → log in → the home page; every step an event of the user stream with its actor', async () => {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'analyst');
    const client = new DashboardClient(service.base);
    const landed = await acceptThroughPages(client, invited.invite_url);
    expect(landed.status).to.equal(200);
    expect(isLoginPage(landed)).to.equal(true);
    expect(landed.html).to.contain('Senha definida');
    const home = await loginThroughPages(client, email);
    expect(home.status).to.equal(200);
    expect(home.url).to.equal('/dashboard/');
    expect(home.html).to.contain('<h1>Fila de casos</h1>').and.to.contain(email).and.to.contain('Analista');
    const events = await userEvents(invited.user_id);
    expect(events.map((e) => [e.type, e.metadata.actor])).to.deep.equal([
      ['UserInvited', 'operator'],
      ['UserActivated', `user:${invited.user_id}`],
      ['UserLoggedIn', `user:${invited.user_id}`],
    ]);
    expect(events.every((e) => e.metadata.tenant_id === tenantId)).to.equal(true);
    // neither the password nor a token is stored, only their hashes
    const stored = JSON.stringify(events);
    expect(stored).not.to.contain(TEST_PASSWORD);
    expect(stored).not.to.contain(new URL(invited.invite_url).pathname.split('/').pop());
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, Path=/dashboard, and never lets a page be cached', async () => {
    const email = testEmail('viewer');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'viewer');
    const client = new DashboardClient(service.base);
    await acceptThroughPages(client, invited.invite_url);
    const loginForm = await new DashboardClient(service.base).get('/dashboard/login');
    const preSession = loginForm.setCookies.find((c) => c.startsWith('svc_login_csrf='));
    expect(preSession).to.match(/httponly/i).and.to.match(/samesite=strict/i).and.to.match(/path=\/dashboard/i);
    await client.get('/dashboard/login');
    const home = await client.post('/dashboard/login', { email, password: TEST_PASSWORD });
    const session = home.setCookies.find((c) => c.startsWith('svc_session='));
    expect(session).to.match(/httponly/i).and.to.match(/samesite=strict/i).and.to.match(/path=\/dashboard(;|$)/i);
    expect(session).not.to.match(/secure/i); // plain HTTP here: Secure is set only on HTTPS
    expect(home.headers.get('cache-control')).to.equal('no-store');
  });

  it('answers a wrong password and an unknown e-mail with the same generic refusal', async () => {
    const user = await dashboardUser(service, tenantId, 'analyst');
    const wrong = await loginThroughPages(new DashboardClient(service.base), user.user.email, 'nao e a senha certa');
    const unknown = await loginThroughPages(new DashboardClient(service.base), 'ninguem-aqui@example.test', TEST_PASSWORD);
    for (const page of [wrong, unknown]) {
      expect(page.status).to.equal(401);
      expect(page.html).to.contain(GENERIC);
      expect(isLoginPage(page)).to.equal(true);
    }
    // the same page but for the form token and the e-mail typed
    const normalised = (html: string, email: string) => html.replace(/[0-9a-f]{64}/g, 'token').replace(email, 'e-mail');
    expect(normalised(wrong.html, user.user.email)).to.equal(normalised(unknown.html, 'ninguem-aqui@example.test'));
  });

  it('sends an anonymous page to the login and back to it after; a hostile next goes home instead', async () => {
    const user = await dashboardUser(service, tenantId, 'admin');
    const anonymous = new DashboardClient(service.base);
    const redirected = await anonymous.get('/dashboard/settings/users');
    expect(redirected.url).to.equal(`/dashboard/login?next=${encodeURIComponent('/dashboard/settings/users')}`);
    const back = await anonymous.post('/dashboard/login', { email: user.user.email, password: TEST_PASSWORD, next: '/dashboard/settings/users' });
    expect([back.status, back.url]).to.deep.equal([200, '/dashboard/settings/users']);
    for (const next of ['https://evil.example/', '//evil.example/dashboard/', '/dashboard/..%2F..%2Fapi', '/\\evil.example', '/api/v1/runs']) {
      const other = new DashboardClient(service.base);
      await other.get('/dashboard/login');
      const page = await other.post('/dashboard/login', { email: user.user.email, password: TEST_PASSWORD, next });
      expect(page.url, next).to.equal('/dashboard/');
    }
  });

  it('logs out: the session ends on the server, and the old cookie no longer opens a page', async () => {
    const user = await dashboardUser(service, tenantId, 'analyst');
    const token = user.cookies.get('svc_session')!;
    const out = await user.post('/dashboard/logout');
    expect(isLoginPage(out)).to.equal(true);
    expect(out.html).to.contain('Você saiu.');
    expect(user.cookies.has('svc_session')).to.equal(false);
    const replay = new DashboardClient(service.base);
    replay.cookies.set('svc_session', token);
    expect(isLoginPage(await replay.get('/dashboard/'))).to.equal(true);
  });

  it('logs out everywhere: another browser\'s session of the same user dies too', async () => {
    const user = await dashboardUser(service, tenantId, 'viewer');
    const other = new DashboardClient(service.base);
    expect((await loginThroughPages(other, user.user.email)).url).to.equal('/dashboard/');
    const out = await user.post('/dashboard/logout-all');
    expect(out.html).to.contain('Você saiu de todos os dispositivos.');
    expect(isLoginPage(await other.get('/dashboard/'))).to.equal(true);
    const events = await userEvents(user.user.user_id);
    expect(events.at(-1)).to.deep.include({ type: 'UserSessionsRevoked' });
    expect(events.at(-1)!.metadata.actor).to.equal(`user:${user.user.user_id}`);
  });

  it('refuses session fixation: a cookie planted before the login is not the session after it, and never authenticates', async () => {
    const user = await dashboardUser(service, tenantId, 'analyst');
    const planted = 'cookie-plantado-pelo-atacante-0123456789abcdef';
    const victim = new DashboardClient(service.base);
    victim.cookies.set('svc_session', planted);
    const home = await loginThroughPages(victim, user.user.email);
    expect(home.url).to.equal('/dashboard/');
    expect(victim.cookies.get('svc_session')).to.be.a('string').and.not.to.equal(planted);
    const attacker = new DashboardClient(service.base);
    attacker.cookies.set('svc_session', planted);
    expect(isLoginPage(await attacker.get('/dashboard/'))).to.equal(true);
  });

  describe('CSRF', () => {
    it('refuses a POST without the token, with a wrong one, or from another origin (403), and does nothing', async () => {
      const user = await dashboardUser(service, tenantId, 'analyst');
      const right = user.csrfToken!;
      const refused = [
        await user.post('/dashboard/logout-all', {}, { csrf: false }),
        await user.post('/dashboard/logout-all', { _csrf: 'f'.repeat(64) }),
        await user.post('/dashboard/logout-all', {}, { csrf: false, headers: { 'x-csrf-token': `${right}0` } }),
        await user.post('/dashboard/logout-all', {}, { headers: { origin: 'https://evil.example' } }),
        await user.post('/dashboard/logout-all', {}, { headers: { origin: 'null' } }),
      ];
      for (const page of refused) {
        expect(page.status).to.equal(403);
        expect(page.headers.get('x-error-code')).to.equal('csrf_failed');
      }
      expect((await userEvents(user.user.user_id)).map((e) => e.type)).not.to.include('UserSessionsRevoked');
      expect((await user.get('/dashboard/')).url).to.equal('/dashboard/');
      // the same action with the right token (field or header) and this origin goes through
      const accepted = await user.post('/dashboard/logout-all', {}, { csrf: false, headers: { 'x-csrf-token': right, origin: service.base } });
      expect(isLoginPage(accepted)).to.equal(true);
    });

    it('refuses a login without the double-submit token, or with one of another browser', async () => {
      const user = await dashboardUser(service, tenantId, 'viewer');
      const bare = new DashboardClient(service.base);
      const noToken = await bare.post('/dashboard/login', { email: user.user.email, password: TEST_PASSWORD });
      expect([noToken.status, noToken.headers.get('x-error-code')]).to.deep.equal([403, 'csrf_failed']);
      const attacker = new DashboardClient(service.base);
      await attacker.get('/dashboard/login');
      const victim = new DashboardClient(service.base);
      await victim.get('/dashboard/login');
      const crossed = await victim.post('/dashboard/login', { email: user.user.email, password: TEST_PASSWORD, _csrf: attacker.csrfToken! });
      expect(crossed.status).to.equal(403);
      expect(victim.cookies.has('svc_session')).to.equal(false);
    });

    it('refuses a form over 64 KiB with 413, before it is read whole', async () => {
      const user = await dashboardUser(service, tenantId, 'viewer');
      const page = await user.post('/dashboard/logout-all', { filler: 'x'.repeat(70 * 1024) });
      expect(page.status).to.equal(413);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
    });
  });

  it('the operator\'s password reset: the old password is refused at once, old sessions die, the link sets a new one (once)', async () => {
    const user = await dashboardUser(service, tenantId, 'analyst');
    const reset = await service.operator(`/tenants/${tenantId}/users/${user.user.user_id}/password-reset`, { method: 'POST' });
    expect(reset.status).to.equal(201);
    const { invite_url } = (await reset.json()) as { invite_url: string };
    expect(invite_url).to.match(new RegExp(`^${service.services.config.publicBaseUrl}/dashboard/invite/[A-Za-z0-9_-]{43}$`));
    expect(isLoginPage(await user.get('/dashboard/'))).to.equal(true);
    expect((await loginThroughPages(new DashboardClient(service.base), user.user.email)).status).to.equal(401);
    const fresh = new DashboardClient(service.base);
    const newPassword = 'outra senha bem comprida';
    expect((await acceptThroughPages(fresh, invite_url, newPassword)).html).to.contain('Senha definida');
    expect((await fresh.get(new URL(invite_url).pathname)).status).to.equal(410);
    expect((await loginThroughPages(fresh, user.user.email, newPassword)).url).to.equal('/dashboard/');
    expect((await loginThroughPages(new DashboardClient(service.base), user.user.email)).status).to.equal(401);
  });

  it('refuses a short password or two different ones on the link, keeping the link usable', async () => {
    const email = testEmail('viewer');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'viewer');
    const path = new URL(invited.invite_url).pathname;
    const client = new DashboardClient(service.base);
    await client.get(path);
    const short = await client.post(path, { password: 'curta', password_confirm: 'curta' });
    expect(short.status).to.equal(400);
    expect(short.html).to.contain('pelo menos 12 caracteres');
    const different = await client.post(path, { password: TEST_PASSWORD, password_confirm: `${TEST_PASSWORD}!` });
    expect(different.status).to.equal(400);
    expect(different.html).to.contain('não são iguais');
    expect((await acceptThroughPages(client, invited.invite_url)).html).to.contain('Senha definida');
  });

  it('refuses, on the link, blank, control-character, common, repetitive, sequential and context passwords (NIST 800-63B), in pt-BR, keeping the link usable', async () => {
    const email = testEmail('viewer');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'viewer');
    const path = new URL(invited.invite_url).pathname;
    const client = new DashboardClient(service.base);
    await client.get(path);
    const local = email.split('@')[0]!;
    const cases: [string, string][] = [
      [' '.repeat(12), 'só de espaços'],
      ['\u0000'.repeat(12), 'caracteres de controle'],
      ['senha\u0007muito-boa-2026', 'caracteres de controle'],
      ['password1234', 'muito comum'],
      ['PASSWORD1234', 'muito comum'],
      ['qwertyuiop12', 'sequência'],
      ['poiuytrewq12', 'sequência'],
      ['123456789012', 'sequência'],
      ['abcdefghijkl', 'sequência'],
      ['aaaaaaaaaaaa', 'repetição'],
      ['abcabcabcabc', 'repetição'],
      [email, 'seu e-mail'],
      [`${local}!2026`, 'seu e-mail'],
      ['Banco Painel 2026!', 'nome da empresa'],
      ['kyc-svc senha 2026', 'nome do serviço'],
    ];
    for (const [password, message] of cases) {
      const page = await client.post(path, { password, password_confirm: password });
      expect(page.status, JSON.stringify(password)).to.equal(400);
      expect(page.html, JSON.stringify(password)).to.contain(message);
    }
    expect((await acceptThroughPages(client, invited.invite_url)).html).to.contain('Senha definida');
  });

  describe('the users screen', () => {
    it('is the admins\': a viewer and an analyst are refused the page and every action (403)', async () => {
      const target = await dashboardUser(service, tenantId, 'viewer');
      for (const role of ['viewer', 'analyst'] as const) {
        const user = await dashboardUser(service, tenantId, role);
        const page = await user.get('/dashboard/settings/users');
        expect([page.status, page.headers.get('x-error-code')], role).to.deep.equal([403, 'forbidden_role']);
        for (const [path, fields] of [
          ['/dashboard/settings/users', { email: 'intruso@example.test', role: 'admin' }],
          [`/dashboard/settings/users/${target.user.user_id}/role`, { role: 'admin' }],
          [`/dashboard/settings/users/${target.user.user_id}/deactivate`, {}],
        ] as const) {
          expect((await user.post(path, fields)).status, `${role} ${path}`).to.equal(403);
        }
      }
      expect((await userEvents(target.user.user_id)).map((e) => e.type)).to.deep.equal(['UserInvited', 'UserActivated', 'UserLoggedIn']);
    });

    it("builds the admin's invitation link on SVC_PUBLIC_BASE_URL, not on the request's (forged) Host", async () => {
      const admin = await dashboardUser(service, tenantId, 'admin');
      const email = testEmail('viewer');
      recordSensitive(email);
      await admin.get('/dashboard/settings/users');
      const form = new URLSearchParams({ _csrf: admin.csrfToken!, email, role: 'viewer' }).toString();
      const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const page = await requestWithHost(`${service.base}/dashboard/settings/users`, 'attacker.example', { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      expect(page.status, page.body.slice(0, 500)).to.equal(201);
      const link = /<code>([^<]+\/dashboard\/invite\/[A-Za-z0-9_-]+)<\/code>/.exec(page.body)?.[1];
      recordSensitive(link!.split('/').pop()!);
      expect(link).to.be.a('string');
      expect(link!.startsWith(`${service.services.config.publicBaseUrl}/dashboard/invite/`), link).to.equal(true);
      expect(link).not.to.contain('attacker.example');
    });

    it('lets an admin invite (the link shown once), change a role and deactivate, each an event with the admin as actor', async () => {
      const admin = await dashboardUser(service, tenantId, 'admin');
      const email = testEmail('analyst');
      recordSensitive(email);
      const invitedPage = await admin.post('/dashboard/settings/users', { email, role: 'analyst' });
      expect(invitedPage.status).to.equal(201);
      const link = /<code>(http:\/\/[^<]+\/dashboard\/invite\/[A-Za-z0-9_-]+)<\/code>/.exec(invitedPage.html)?.[1];
      expect(link).to.be.a('string');
      expect((await admin.get('/dashboard/settings/users')).html).not.to.contain(link!);
      const person = new DashboardClient(service.base);
      await acceptThroughPages(person, link!);
      expect((await loginThroughPages(person, email)).html).to.contain('Analista');

      const listed = await admin.get('/dashboard/settings/users');
      const userId = new RegExp(`/dashboard/settings/users/([0-9a-f-]{36})/role" class="inline">\\s*<input type="hidden" name="_csrf" value="[^"]*">\\s*<label for="role-[^"]*">Papel de ${email.replace(/[.]/g, '\\.')}`).exec(listed.html)?.[1];
      expect(userId).to.be.a('string');
      const changed = await admin.post(`/dashboard/settings/users/${userId}/role`, { role: 'viewer' });
      expect([changed.status, changed.url]).to.deep.equal([200, '/dashboard/settings/users']);
      expect(changed.html).to.contain('Papel alterado.');
      expect((await person.get('/dashboard/')).html).to.contain('Leitura');

      const deactivated = await admin.post(`/dashboard/settings/users/${userId}/deactivate`);
      expect(deactivated.html).to.contain('Usuário desativado.');
      // its session died, and it cannot log in again
      expect(isLoginPage(await person.get('/dashboard/'))).to.equal(true);
      const again = await loginThroughPages(new DashboardClient(service.base), email);
      expect([again.status, again.html.includes(GENERIC)]).to.deep.equal([401, true]);

      const events = await userEvents(userId!);
      expect(events.map((e) => [e.type, e.metadata.actor])).to.deep.equal([
        ['UserInvited', `user:${admin.user.user_id}`],
        ['UserActivated', `user:${userId}`],
        ['UserLoggedIn', `user:${userId}`],
        ['UserRoleChanged', `user:${admin.user.user_id}`],
        ['UserDeactivated', `user:${admin.user.user_id}`],
      ]);
      expect(events[0]!.data).to.include({ invited_by: `user:${admin.user.user_id}`, role: 'analyst' });
    });

    it('refuses an e-mail already in use (409) and a malformed one (400), on the page', async () => {
      const admin = await dashboardUser(service, tenantId, 'admin');
      const taken = await admin.post('/dashboard/settings/users', { email: admin.user.email, role: 'viewer' });
      expect(taken.status).to.equal(409);
      expect(taken.html).to.contain('Já existe uma conta com este e-mail.');
      const malformed = await admin.post('/dashboard/settings/users', { email: 'sem-arroba', role: 'viewer' });
      expect(malformed.status).to.equal(400);
      const badRole = await admin.post('/dashboard/settings/users', { email: 'papel@example.test', role: 'root' });
      expect(badRole.status).to.equal(400);
    });

    it("an admin inviting an e-mail that has an account in another tenant gets the same 201 as for an unknown one; each account signs in with its own password", async () => {
      const elsewhere = (await createTenant(service, 'Banco Vizinho')).tenant_id;
      const neighbour = await dashboardUser(service, elsewhere, 'analyst');
      const admin = await dashboardUser(service, tenantId, 'admin');
      const page = await admin.post('/dashboard/settings/users', { email: neighbour.user.email, role: 'viewer' });
      expect(page.status, page.html.slice(0, 300)).to.equal(201);
      expect(page.html).not.to.contain('Já existe');
      const link = /<code>([^<]+\/dashboard\/invite\/[A-Za-z0-9_-]+)<\/code>/.exec(page.html)?.[1];
      expect(link).to.be.a('string');
      expect((await admin.get('/dashboard/settings/users')).html).to.contain(neighbour.user.email);
      // the person sets another password for this tenant's account; each password opens its own account
      const person = new DashboardClient(service.base);
      const ownPassword = 'girassol amarelo no quintal';
      expect((await acceptThroughPages(person, link!, ownPassword)).html).to.contain('Senha definida');
      expect((await loginThroughPages(person, neighbour.user.email, ownPassword)).html).to.contain('Leitura');
      const again = new DashboardClient(service.base);
      expect((await loginThroughPages(again, neighbour.user.email)).html).to.contain('Analista');
    });

    it('will not let an admin demote or deactivate themselves (409)', async () => {
      const admin = await dashboardUser(service, tenantId, 'admin');
      const demote = await admin.post(`/dashboard/settings/users/${admin.user.user_id}/role`, { role: 'viewer' });
      expect([demote.status, demote.headers.get('x-error-code')]).to.deep.equal([409, 'own_account']);
      const deactivate = await admin.post(`/dashboard/settings/users/${admin.user.user_id}/deactivate`);
      expect([deactivate.status, deactivate.headers.get('x-error-code')]).to.deep.equal([409, 'own_account']);
      expect((await admin.get('/dashboard/settings/users')).status).to.equal(200);
    });

    it('answers 404 for a user of another tenant, whatever the action, and changes nothing', async () => {
      const other = (await createTenant(service, 'Outro Banco')).tenant_id;
      const stranger = await dashboardUser(service, other, 'viewer');
      const admin = await dashboardUser(service, tenantId, 'admin');
      for (const action of ['role', 'deactivate']) {
        const page = await admin.post(`/dashboard/settings/users/${stranger.user.user_id}/${action}`, { role: 'admin' });
        expect([page.status, page.headers.get('x-error-code')], action).to.deep.equal([404, 'user_not_found']);
      }
      expect((await admin.post('/dashboard/settings/users/not-a-uuid/deactivate')).status).to.equal(404);
      expect((await admin.get('/dashboard/settings/users')).html).not.to.contain(stranger.user.email);
      expect((await stranger.get('/dashboard/')).html).to.contain('Leitura');
    });
  });
});

describe('dashboard: links and logins over time', () => {
  let service: TestService;
  let tenantId: string;
  const clock = new ManualClock(new Date());
  before(async () => {
    service = await startService({ clock });
    tenantId = (await createTenant(service, 'Banco Relógio')).tenant_id;
  });
  after(async () => service.close());

  it('a link works once (then 410), expires after 72 hours (410), and a new invitation replaces it', async () => {
    const email = testEmail('analyst');
    recordSensitive(email);
    const first = await inviteThroughOperator(service, tenantId, email, 'analyst');
    const second = await inviteThroughOperator(service, tenantId, email, 'analyst');
    expect(second.user_id).to.equal(first.user_id);
    const client = new DashboardClient(service.base);
    expect((await client.get(new URL(first.invite_url).pathname)).status).to.equal(410);
    clock.advance(72 * 60 * MINUTE + 1);
    const expired = await client.get(new URL(second.invite_url).pathname);
    expect([expired.status, expired.headers.get('x-error-code')]).to.deep.equal([410, 'invite_invalid']);
    expect(expired.html).to.contain('Este link não é mais válido');
    const third = await inviteThroughOperator(service, tenantId, email, 'analyst');
    clock.advance(72 * 60 * MINUTE - 1000);
    await acceptThroughPages(client, third.invite_url);
    const path = new URL(third.invite_url).pathname;
    expect((await client.get(path)).status).to.equal(410);
    expect((await client.post(path, { password: TEST_PASSWORD, password_confirm: TEST_PASSWORD })).status).to.equal(410);
  });

  it('locks an account after 5 wrong passwords in 15 minutes: the right one is refused while locked, accepted after', async () => {
    clock.advance(2 * MINUTE);
    const user = await dashboardUser(service, tenantId, 'analyst');
    for (let i = 0; i < 5; i++) expect((await loginThroughPages(new DashboardClient(service.base), user.user.email, `errada numero ${i}!`)).status).to.equal(401);
    const locked = await loginThroughPages(new DashboardClient(service.base), user.user.email);
    expect([locked.status, locked.html.includes(GENERIC)]).to.deep.equal([401, true]);
    const lockout = (await service.services.log.readStream(`user-${user.user.user_id}`)).filter((e) => e.type === 'UserLockedOut');
    expect(lockout).to.have.length(1);
    // a session opened before the lock goes on
    expect((await user.get('/dashboard/')).url).to.equal('/dashboard/');
    clock.advance(15 * MINUTE - 1000);
    expect((await loginThroughPages(new DashboardClient(service.base), user.user.email)).status).to.equal(401);
    clock.advance(1000);
    expect((await loginThroughPages(new DashboardClient(service.base), user.user.email)).url).to.equal('/dashboard/');
  });

  it('ends a session 12 hours after its login however busy it was', async () => {
    clock.advance(2 * MINUTE);
    const user = await dashboardUser(service, tenantId, 'viewer');
    clock.advance(12 * 60 * MINUTE - 1000);
    expect((await user.get('/dashboard/')).url).to.equal('/dashboard/');
    clock.advance(1000);
    expect(isLoginPage(await user.get('/dashboard/'))).to.equal(true);
  });

  it('after 30 failed logins from one address in a minute, answers its attempts 429 with Retry-After until the minute ends', async () => {
    clock.advance(MINUTE);
    clock.set(new Date(Math.floor(clock.now().getTime() / MINUTE) * MINUTE + 1000));
    const client = new DashboardClient(service.base);
    await client.get('/dashboard/login');
    for (let i = 0; i < 30; i++) expect((await client.post('/dashboard/login', { email: 'tentativa@example.test', password: `chute numero ${i}` })).status).to.equal(401);
    const limited = await client.post('/dashboard/login', { email: 'tentativa@example.test', password: 'chute numero 31' });
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 60);
    expect(limited.html).to.contain('Muitas tentativas');
    clock.advance(MINUTE);
    expect((await client.post('/dashboard/login', { email: 'tentativa@example.test', password: 'de novo, outro minuto' })).status).to.equal(401);
  });
});
