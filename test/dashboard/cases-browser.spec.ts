import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, uploadOk } from '../http/customers-support.js';
import { cpf, eventually, startRunsService, world, type Json, type World } from '../http/runs-support.js';

/**
 * The case queue in a real Chromium (issue 28): two cases, both assigned to me at once, one
 * opened, commented, escalated to the compliance officer, its history showing every note; axe
 * with no serious or critical violation on each screen, screenshots kept in /tmp/shots28/cases.
 */
describe('dashboard cases in a browser', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let acme: World;
  let reviewCase: string;
  let docCase: string;
  const watched: { problems: string[] }[] = [];
  const SHOTS = '/tmp/shots28/cases';

  const waitForCase = (id: string) =>
    eventually(async () => {
      const found = await service.operator(`/cases/${id}`);
      expect(found.status).to.equal(200);
      expect(((await found.json()) as Json)['items']).to.have.length.greaterThan(0);
    }, 15_000);

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' } });
    acme = await world(service, 'Banco dos Casos');
    await patchTenant(service, acme.tenant.tenant_id, { default_templates: { pf: acme.pf, pj: acme.pj } });
    reviewCase = (await createCustomer(service, acme.key, { type: 'pf', doc: '00000000353', name: 'Joana Caso Prado', email: 'joana@example.com', run_bureau: true }))['customer_id'] as string;
    await waitForCase(reviewCase);
    docCase = (await createCustomer(service, acme.key, { type: 'pf', doc: cpf(61), name: 'Carlos Documento', email: 'c@example.com', run_bureau: false }))['customer_id'] as string;
    await uploadOk(service, acme.key, docCase, { type: 'identidade_frente', fileName: 'rg.png' });
    await waitForCase(docCase);
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    copyFileSync(await screenshot(page, `cases-${name}`), `${SHOTS}/${name}.png`);
  }
  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

  async function signIn(role: 'analyst' | 'compliance_officer'): Promise<{ page: Page; email: string }> {
    const email = testEmail(role);
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, acme.tenant.tenant_id, email, role);
    const page = await (await browser.createBrowserContext()).newPage();
    watched.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    return { page, email };
  }

  it('bulk-assigns two cases to me, opens one, comments, escalates to the compliance officer and reads every note in the history', async () => {
    const officer = await signIn('compliance_officer');
    const { page, email } = await signIn('analyst');
    await go(page, '/dashboard/casos');
    const ids = await page.$$eval('[data-testid=case-row]', (rows) => rows.map((r) => r.getAttribute('data-case-id')));
    expect(ids).to.deep.equal([reviewCase, docCase]);
    await screen(page, 'queue');
    await page.click(`#sel-${reviewCase}`);
    await page.click(`#sel-${docCase}`);
    // the select offers the signed-in person first chosen
    expect(await page.$eval('#bulk-assignee', (s) => (s as unknown as { selectedOptions: { textContent: string }[] }).selectedOptions[0]!.textContent)).to.contain(email);
    await submit(page, '[data-testid=bulk-assign] button[type=submit]');
    expect(await text(page, '.flash')).to.contain(`2 casos atribuídos a ${email}`);
    expect(await page.$$eval('[data-testid=case-assignee]', (cells) => cells.map((c) => (c as unknown as { innerText: string }).innerText.trim()))).to.deep.equal([email, email]);
    await screen(page, 'queue-assigned');

    await submit(page, `[data-case-id="${reviewCase}"] a`);
    expect(new URL(page.url()).pathname).to.equal(`/dashboard/casos/${reviewCase}`);
    await screen(page, 'case');
    await page.type('#case-comment', 'Cliente enviou comprovante de renda.');
    await submit(page, '[data-testid=case-comment-form] button[type=submit]');
    expect(await text(page, '[data-testid=case-comments]')).to.contain('Cliente enviou comprovante de renda.');
    // the note is required: the error beside the field, and nothing lost
    await submit(page, '[data-testid=case-escalate-form] button[type=submit]');
    expect(await text(page, '[data-testid=field-error-escalate]')).to.contain('Escreva uma nota para escalar o caso.');
    await screen(page, 'case-escalate-error');
    await page.type('#case-escalate-note', 'Renda incompatível com a movimentação.');
    await submit(page, '[data-testid=case-escalate-form] button[type=submit]');
    expect(await text(page, '[data-testid=case-status]')).to.contain('Escalado ao compliance');
    const history = await text(page, '[data-testid=case-history]');
    expect(history).to.contain('Cliente enviou comprovante de renda.').and.contain('Renda incompatível com a movimentação.').and.contain('Escalado ao oficial de compliance');
    await screen(page, 'case-escalated');

    // the compliance officer finds it among the escalated cases
    await go(officer.page, '/dashboard/casos?status=escalated');
    expect(await officer.page.$$eval('[data-testid=case-row]', (rows) => rows.map((r) => r.getAttribute('data-case-id')))).to.deep.equal([reviewCase]);
    await screen(officer.page, 'officer-queue');
    // the one 400 is the escalation refused without a note (a page answering with the error by its field)
    expect(watched.flatMap((w) => w.problems)).to.deep.equal(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
