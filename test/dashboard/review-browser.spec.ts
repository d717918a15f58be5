import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, patchTenant, pfBody } from '../http/customers-support.js';
import { createTemplate, eventually, type Json } from '../http/runs-support.js';
import { SAMPLE_LISTS, uploadSampleLists } from '../http/screening-support.js';

const SHOTS = '/tmp/shots28/review';

/**
 * Issue 28, in a real Chromium: a live run blocked by a name-only homonym on OFAC's list is
 * cleared under four-eyes: analyst A proposes the approval with a note and waits; analyst B
 * confirms; the run is completed, approved by the analyst, both named beside the automatic
 * outcome, and the customer is Aprovado. axe on every screen.
 */
describe('dashboard in a browser: clearing a blocked homonym with four-eyes', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  const watched: { problems: string[] }[] = [];

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  async function person(): Promise<Page> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    watched.push(watchPage(page));
    return page;
  }
  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    copyFileSync(await screenshot(page, name), join(SHOTS, `${name}.png`));
  }
  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

  async function signIn(tenantId: string): Promise<{ page: Page; email: string }> {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'analyst');
    const page = await person();
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    return { page, email };
  }

  it('A proposes the approval and waits, B confirms: Concluída, Aprovado by the analyst, both named, the automatic outcome kept; the customer Aprovado', async () => {
    const tenant = await createTenant(service, 'Banco Quatro Olhos');
    const tenantId = tenant.tenant_id;
    expect((await service.operator(`/tenants/${tenantId}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    const live = (await tenant.key({ environment: 'live' })).api_key;
    const sources = [{ source_id: 'sanctions', tier: 1 }];
    const definition = { name: 'Sanções', subject_type: 'pf', parameters: ['name'], sources, rules: [{ check_id: 'sanctions_hit', on_invalid: 'block' }], risk_thresholds: { medio: 30, alto: 60 } };
    const template = await createTemplate(service, { tenant_id: tenantId }, definition as never);
    await patchTenant(service, tenantId, { default_templates: { pf: template }, four_eyes: true });
    await uploadSampleLists(service, SAMPLE_LISTS);
    // a homonym: the name of an OFAC entry, nothing else in common (another CPF, no birth date)
    const created = await createCustomer(service, live, pfBody('52998224725', { name: 'Ayman al-Zawahiri', run_bureau: true }));
    let customer: Json = {};
    await eventually(async () => {
      customer = await getCustomer(service, live, created.customer_id);
      expect(customer.latest_run?.status).to.equal('blocked');
    }, 15_000);
    expect(customer.status).to.equal('em_analise');
    const runId = created.run_id as string;

    const a = await signIn(tenantId);
    await go(a.page, `/dashboard/runs/${runId}`);
    expect(await text(a.page, '[data-testid=run-status]')).to.contain('Bloqueada');
    // no decision chosen beforehand
    expect(await a.page.$$eval('input[name=decision]:checked', (checked) => checked.length)).to.equal(0);
    await screen(a.page, 'review-blocked');
    // sent empty: the errors beside the fields, in Portuguese, on the run page
    await a.page.type('#review-note', '   ');
    await submit(a.page, '[data-testid=review-form] button[type=submit]');
    expect(await text(a.page, '[data-testid=decision-error]')).to.contain('Escolha aprovar ou reprovar.');
    expect(await text(a.page, '[data-testid=note-error]')).to.contain('Escreva uma nota');
    await screen(a.page, 'review-errors');
    await a.page.click('#decision-approved');
    await a.page.$eval('#review-note', (area) => ((area as unknown as { value: string }).value = ''));
    await a.page.type('#review-note', 'Homônimo: CPF e data de nascimento não conferem com a entrada da OFAC.');
    await submit(a.page, '[data-testid=review-form] button[type=submit]');
    const waiting = await text(a.page, '[data-testid=run-proposal]');
    expect(waiting).to.contain('Aguardando confirmação de outro analista');
    expect(waiting).to.contain('Homônimo: CPF e data de nascimento');
    expect(await a.page.$('[data-testid=review-form]')).to.equal(null);
    expect(await a.page.content()).not.to.contain('Conflito');
    await screen(a.page, 'review-awaiting');

    const b = await signIn(tenantId);
    await go(b.page, `/dashboard/runs/${runId}`);
    expect(await text(b.page, '[data-testid=review-confirm]')).to.contain(`Confirme a proposta de ${a.email}`);
    await screen(b.page, 'review-confirm');
    await b.page.click('#decision-approved');
    await b.page.type('#review-note', 'Confirmo: homônimo.');
    await submit(b.page, '[data-testid=review-form] button[type=submit]');
    expect(await text(b.page, '[data-testid=run-status]')).to.contain('Concluída');
    expect(await text(b.page, '[data-testid=run-decision]')).to.contain('Aprovado');
    const done = await text(b.page, '[data-testid=run-review-done]');
    expect(done).to.contain(`Aprovado por ${b.email}, proposta por ${a.email}`);
    expect(await text(b.page, '[data-testid=run-review-automatic]')).to.contain('Bloqueada · decisão Reprovado');
    await screen(b.page, 'review-decided');

    await go(b.page, `/dashboard/customers/${created.customer_id}`);
    await eventually(async () => {
      await go(b.page, `/dashboard/customers/${created.customer_id}`);
      expect(await text(b.page, '[data-testid=customer-status]')).to.contain('Aprovado');
    });
    expect(await text(b.page, '[data-testid=customer-timeline]')).to.contain(`Decisão do analista: Aprovado por ${b.email}, proposta por ${a.email}`);
    await screen(b.page, 'review-customer');
    // the form sent empty answers its page with 400 on purpose; nothing else went wrong
    expect(watched.flatMap((w) => w.problems).filter((p) => !p.includes('status of 400'))).to.deep.equal([]);
  });
});
