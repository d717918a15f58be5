import { expect } from 'chai';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, screenshot, seriousViolations, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail, TEST_PASSWORD } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, PNG, uploadOk } from '../http/customers-support.js';
import { createRun, pfSubject, waitForRun, world, type World } from '../http/runs-support.js';
import { deliveries, putEndpoint, startReceiver, startWebhookService, until, type Receiver } from '../http/webhooks-support.js';

/**
 * The dashboard in a real Chromium: the journeys of issue 15 clicked through as a person would,
 * axe-core on every screen (no serious or critical violation), no script error, no CSP refusal,
 * no dialog (an XSS payload that ran would open one). `npm run screens` writes the screenshots
 * to docs/screens/.
 */
describe('dashboard in a browser', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let rx: Receiver;
  let a: World;
  let b: World;
  const problems: string[] = [];
  const screens = new Set<string>();
  const XSS_NAME = 'Maria <img src=x onerror=alert(1)> Souza';
  // no slash: the upload keeps a path's last part only
  const XSS_FILE = '"><img src=x onerror=alert(2)>rg.png';

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService();
    a = await world(service, 'Banco Navegador');
    b = await world(service, 'Outro Banco');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
    await rx?.close();
  });

  /** A fresh browser profile (its own cookies), watched for problems. */
  async function person(): Promise<Page> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    watched.push(watchPage(page));
    // the 403, 404 and 409 pages the journeys ask for are answers; a script, style or image refused is a defect
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (response.status() >= 400 && type !== 'document' && type !== 'fetch') problems.push(`${type} ${response.status()}: ${response.url()}`);
    });
    return page;
  }
  const watched: { problems: string[] }[] = [];

  /** axe on the screen as it is, and its screenshot. */
  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    await screenshot(page, name);
    screens.add(name);
  }

  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  async function submit(page: Page, selector: string): Promise<void> {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  }
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

  /** Invited through the operator API, then the link, the password and the login in the browser. */
  async function signIn(tenant: World, role: 'admin' | 'analyst' | 'viewer', shots = false): Promise<{ page: Page; email: string }> {
    const email = testEmail(role);
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant.tenant_id, email, role);
    const page = await person();
    // the link is built on SVC_PUBLIC_BASE_URL (a proxy's address); this service listens on its own port
    await page.goto(new URL(new URL(invited.invite_url).pathname, service.base).href, { waitUntil: 'load' });
    if (shots) await screen(page, 'invite');
    await page.type('#password', TEST_PASSWORD);
    await page.type('#password_confirm', TEST_PASSWORD);
    await submit(page, 'form button[type=submit]');
    expect(page.url(), await page.$eval('main', (m) => (m as unknown as { innerText: string }).innerText)).to.match(/\/dashboard\/login$/);
    if (shots) await screen(page, 'login');
    await page.type('#email', email);
    await page.type('#password', TEST_PASSWORD);
    await submit(page, 'form button[type=submit]');
    expect(new URL(page.url()).pathname).to.equal('/dashboard/');
    return { page, email };
  }

  it('invite, login, create a key (shown once) and invite an analyst: every screen accessible', async () => {
    const { page } = await signIn(a, 'admin', true);
    await screen(page, 'queue');
    await go(page, '/dashboard/settings');
    await page.type('#key-name', 'Chave do navegador');
    await page.click('[data-testid=key-create-form] input[name=scopes][value="runs:read"]');
    await submit(page, '[data-testid=key-create-form] button[type=submit]');
    const key = await page.$eval('[data-testid=new-api-key] input', (input) => (input as unknown as { value: string }).value);
    recordSensitive(key);
    expect(key).to.match(/^sk_test_/);
    await screen(page, 'settings-key-created');
    const works = await service.call('/api/v1/bureau/runs', { headers: { 'x-api-key': key } });
    expect(works.status).to.equal(200);
    await go(page, '/dashboard/settings');
    expect(await page.content()).not.to.contain(key);
    await screen(page, 'settings');
    await go(page, '/dashboard/settings/users');
    const colleague = testEmail('analyst');
    recordSensitive(colleague);
    await page.type('#invite-email', colleague);
    await page.select('#invite-role', 'analyst');
    await submit(page, 'form[action="/dashboard/settings/users"] button[type=submit]');
    expect(await page.content()).to.match(/\/dashboard\/invite\/[A-Za-z0-9_-]{43}/);
    await screen(page, 'users');
    for (const [path, name] of [
      ['/dashboard/templates', 'templates'],
      [`/dashboard/templates/${a.pf}`, 'template'],
      [`/dashboard/templates/${a.pf}/edit`, 'template-form'],
      ['/dashboard/audit', 'audit'],
      ['/dashboard/erasure', 'erasure'],
    ] as const) {
      await go(page, path);
      await screen(page, name);
    }
  });

  it('a sandbox PF in pending_review decided under four-eyes: the proposer waits, a second analyst confirms', async () => {
    const patched = await service.operator(`/tenants/${a.tenant.tenant_id}`, { method: 'PATCH', json: { four_eyes: true } });
    expect(patched.status).to.equal(200);
    const runId = await createRun(service, a.key, { template_id: a.pf, subject: pfSubject('00000000353') });
    expect((await waitForRun(service, a.key, runId))['status']).to.equal('pending_review');

    const first = await signIn(a, 'analyst');
    await go(first.page, '/dashboard/');
    expect(await first.page.$(`[data-testid=queue-row][data-case-id="${runId}"]`)).to.not.equal(null);
    await go(first.page, `/dashboard/runs/${runId}`);
    await screen(first.page, 'run');
    await first.page.click('#decision-rejected');
    await first.page.type('#review-note', 'PEP sem justificativa de renda');
    await submit(first.page, '[data-testid=review-form] button[type=submit]');
    // issue 28: the proposer waits, without a form (the server still refuses a confirmation by them)
    expect(await text(first.page, '[data-testid=run-proposal]')).to.contain('Aguardando confirmação de outro analista');
    expect(await first.page.$('[data-testid=review-form]')).to.equal(null);
    await screen(first.page, 'four-eyes-awaiting');

    const second = await signIn(a, 'analyst');
    await go(second.page, `/dashboard/runs/${runId}`);
    await second.page.click('#decision-rejected');
    await second.page.type('#review-note', 'Confirmo a reprovação');
    await submit(second.page, '[data-testid=review-form] button[type=submit]');
    expect(await text(second.page, '[data-testid=run-review-done]')).to.contain(first.email);
    const run = await waitForRun(service, a.key, runId);
    expect(run).to.deep.include({ status: 'completed', decision: 'rejected' });
    await go(second.page, '/dashboard/runs');
    await screen(second.page, 'runs');
    await service.operator(`/tenants/${a.tenant.tenant_id}`, { method: 'PATCH', json: { four_eyes: false } });
  });

  it('rejects a document with a reason; a hostile customer name and file name stay text; another tenant answers 404', async () => {
    const customer = await createCustomer(service, a.key, { type: 'pf', doc: '52998224725', name: XSS_NAME, email: 'cliente.navegador@example.com' });
    const customerId = String(customer['customer_id'] ?? customer['id']);
    const document = await uploadOk(service, a.key, customerId, { type: 'identidade_frente', fileName: XSS_FILE, data: PNG });
    const documentId = String(document['document_id'] ?? document['id']);
    const foreign = await createCustomer(service, b.key, { type: 'pf', doc: '11144477735', name: 'Cliente de Outro Banco', email: 'outro.banco@example.com' });

    const { page } = await signIn(a, 'analyst');
    await go(page, '/dashboard/customers');
    await screen(page, 'customers');
    await go(page, `/dashboard/customers/${customerId}`);
    expect(await text(page, '[data-testid=customer-title]')).to.equal(XSS_NAME);
    expect(await text(page, `[data-document-id="${documentId}"] [data-testid=document-file-name]`)).to.equal(XSS_FILE);
    expect(await page.$('img[src=x]')).to.equal(null);
    await screen(page, 'customer');
    await page.click(`#doc-${documentId}-no`);
    await page.type(`#doc-${documentId}-reason`, 'Foto ilegível');
    await submit(page, `[data-document-id="${documentId}"] [data-testid=document-review-form] button[type=submit]`);
    expect(await page.$eval(`[data-document-id="${documentId}"]`, (element) => element.getAttribute('data-status'))).to.equal('rejeitado');
    expect(await text(page, `[data-document-id="${documentId}"] [data-testid=document-reason]`)).to.equal('Foto ilegível');

    const response = await go(page, `/dashboard/customers/${String(foreign['customer_id'] ?? foreign['id'])}`);
    expect(response?.status()).to.equal(404);
    expect(await text(page, 'h1')).to.equal('Não encontrado');
    await screen(page, 'not-found');
  });

  it('redelivers a failed webhook from the delivery log', async () => {
    await putEndpoint(service, a.tenant.tenant_id, 'sandbox', rx.url('/hook'));
    rx.answer(500);
    const runId = await createRun(service, a.key, { template_id: a.pf, subject: pfSubject('00000000191') });
    await waitForRun(service, a.key, runId);
    const [failed] = await until(
      () => deliveries(service, a.tenant.tenant_id),
      (list) => list.some((d) => d['status'] === 'failed' || (d['attempts'] as unknown[] | undefined)?.length),
      15_000,
    );
    const deliveryId = String(failed!['delivery_id'] ?? failed!['id']);
    rx.answer(200);
    const { page } = await signIn(a, 'admin');
    await go(page, '/dashboard/settings');
    const row = `[data-testid=delivery-row][data-delivery-id="${deliveryId}"]`;
    const before = (await page.$$(`${row} [data-testid=delivery-attempts] li`)).length;
    await submit(page, `${row} form[action$="/redeliver"] button`);
    await until(
      async () => {
        await go(page, '/dashboard/settings');
        return (await page.$$(`${row} [data-testid=delivery-attempts] li`)).length;
      },
      (count) => count > before,
      15_000,
    );
  });

  it("refuses a viewer's action on the server, whatever the page showed", async () => {
    const runId = await createRun(service, a.key, { template_id: a.pf, subject: pfSubject('00000000353') });
    await waitForRun(service, a.key, runId);
    const { page } = await signIn(a, 'viewer');
    await go(page, `/dashboard/runs/${runId}`);
    expect(await page.$('[data-testid=review-form]')).to.equal(null);
    // the form a viewer is not shown, posted anyway with the session's own CSRF token
    const status = await page.evaluate(`(async () => {
      const csrf = document.querySelector('meta[name=csrf-token]').getAttribute('content');
      const body = new URLSearchParams({ _csrf: csrf, decision: 'approved', note: '' });
      const response = await fetch('/dashboard/runs/${runId}/review', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      return response.status;
    })()`);
    expect(status).to.equal(403);
    expect((await waitForRun(service, a.key, runId))['status']).to.equal('pending_review');
  });

  it('saw no script error, CSP refusal or dialog on any page', () => {
    // the console's line for each 4xx document is the journeys' own doing (checked above by type)
    const seen = watched.flatMap((w) => w.problems).filter((p) => !p.startsWith('console: Failed to load resource'));
    expect([...problems, ...seen]).to.deep.equal([]);
    expect(screens.size).to.be.greaterThanOrEqual(15);
  });
});
