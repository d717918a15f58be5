import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail, TEST_PASSWORD } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const SHOTS = '/tmp/shots28/golive';

/**
 * Going live in a real Chromium (issue 28): an admin lists the users, re-sends an invitation whose
 * link was lost and the new link sets a password (the old one is refused); a key form refused
 * beside its field keeps what was typed; revoking a live key asks for its confirmation. axe on
 * every screen (no serious or critical violation), no script error, no CSP refusal.
 */
describe('go-live journeys in a browser', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let tenantId: string;
  const watched: { problems: string[] }[] = [];

  before(async () => {
    service = await startService();
    tenantId = (await createTenant(service, 'Banco Vai ao Ar')).tenant_id;
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  async function person(): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    watched.push(watchPage(page));
    return page;
  }
  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    await page.screenshot({ path: join(SHOTS, `${name}.png`) as `${string}.png`, fullPage: true });
  }
  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

  async function setPassword(page: Page, path: string): Promise<void> {
    await go(page, path);
    await page.type('#password', TEST_PASSWORD);
    await page.type('#password_confirm', TEST_PASSWORD);
    await submit(page, 'form button[type=submit]');
    expect(new URL(page.url()).pathname).to.equal('/dashboard/login');
  }
  async function logIn(page: Page, email: string): Promise<void> {
    await page.type('#email', email);
    await page.type('#password', TEST_PASSWORD);
    await submit(page, 'form button[type=submit]');
    expect(new URL(page.url()).pathname).to.equal('/dashboard/');
  }

  let admin: Page;

  it('an admin lists the users, re-sends a lost invitation, and the new link sets a password', async () => {
    const adminEmail = testEmail('admin');
    recordSensitive(adminEmail);
    const invited = await inviteThroughOperator(service, tenantId, adminEmail, 'admin');
    admin = await person();
    await setPassword(admin, new URL(invited.invite_url).pathname);
    await logIn(admin, adminEmail);

    const analystEmail = testEmail('analyst');
    recordSensitive(analystEmail);
    const lost = await inviteThroughOperator(service, tenantId, analystEmail, 'analyst');
    await go(admin, '/dashboard/settings/users');
    const rows = await text(admin, 'table tbody');
    expect(rows).to.contain(analystEmail).and.contain('Convidado').and.contain('Ativo');
    await screen(admin, 'users');
    await submit(admin, `form[action="/dashboard/settings/users/${lost.user_id}/reinvite"] button`);
    expect(await text(admin, '.secret')).to.contain('Novo convite emitido').and.contain(analystEmail);
    await screen(admin, 'users-reinvited');
    const link = new URL(await text(admin, '.secret code')).pathname;

    const analyst = await person();
    const old = await analyst.goto(`${service.base}${new URL(lost.invite_url).pathname}`, { waitUntil: 'load' });
    expect(old?.status()).to.equal(410);
    await setPassword(analyst, link);
    await logIn(analyst, analystEmail);
    await go(admin, '/dashboard/settings/users');
    expect(await text(admin, 'table tbody')).to.not.contain('Convidado');
  });

  it('a key form refused shows the message beside the field and keeps the name typed', async () => {
    await go(admin, '/dashboard/settings');
    await admin.type('#key-name', 'Integração do ERP');
    await admin.select('#key-environment', 'live');
    await submit(admin, '[data-testid=key-create-form] button[type=submit]');
    expect(await text(admin, '#key-scopes-error')).to.equal('Escolha ao menos um escopo.');
    expect(await admin.$eval('#key-name', (input) => (input as unknown as { value: string }).value)).to.equal('Integração do ERP');
    expect(await admin.$eval('#key-environment', (select) => (select as unknown as { value: string }).value)).to.equal('live');
    await admin.$eval('#key-scopes-error', (element) => element.scrollIntoView());
    await screen(admin, 'key-form-error');
  });

  it('revoking a live key asks for its confirmation first', async () => {
    await admin.click('[data-testid=key-create-form] input[name=scopes][value="screening:read"]');
    await submit(admin, '[data-testid=key-create-form] button[type=submit]');
    await go(admin, '/dashboard/settings');
    const form = 'form[action$="/revoke"]';
    expect(await admin.$$eval(form, (forms) => forms.length)).to.equal(1);
    // the box is required: the browser does not send the form without it
    await admin.click(`${form} button`);
    await new Promise((r) => setTimeout(r, 300));
    expect(new URL(admin.url()).pathname).to.equal('/dashboard/settings');
    expect(await admin.$eval(form, (f) => (f as unknown as { checkValidity(): boolean }).checkValidity())).to.equal(false);
    expect(await text(admin, '[data-testid=key-revoked]')).to.equal('—');
    await admin.$eval(form, (element) => element.scrollIntoView());
    await screen(admin, 'revoke-confirm');
    await admin.click(`${form} input[name=confirm]`);
    await submit(admin, `${form} button`);
    expect(await text(admin, 'body')).to.contain('Chave revogada');
    expect(await text(admin, '[data-testid=key-revoked]')).to.not.equal('—');
  });

  it('no script error, no CSP refusal on the way', () => {
    // the refused form (400) and the old link (410) are the answers the journeys ask for
    const asked = /Failed to load resource: the server responded with a status of (400|410) /;
    expect(watched.flatMap((w) => w.problems).filter((p) => !asked.test(p))).to.deep.equal([]);
  });
});
