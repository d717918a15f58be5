import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { createCustomer } from '../http/customers-support.js';

const SHOTS = '/tmp/shots30/qualification';

/** Issue 30 in Chromium: an analyst completes a customer's qualification within its 30-day grace. */
describe('qualification grace in a browser', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let tenant: TenantFixture;
  let key: string;
  const problems: { problems: string[] }[] = [];

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    tenant = await createTenant(service, 'Banco Qualifica');
    key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(() => {
    // the refused form answers its page with 400, as the dashboard's refused forms do
    expect(problems.flatMap((p) => p.problems).filter((p) => !p.includes('status of 400'))).to.deep.equal([]);
  });

  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);
  async function screen(page: Page, name: string) {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    copyFileSync(await screenshot(page, `qualification-${name}`), `${SHOTS}/${name}.png`);
  }

  it('shows what is missing and the deadline, refuses a bad CEP beside the field, then completes it', async () => {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const page = await (await browser.createBrowserContext()).newPage();
    problems.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    const id = (await createCustomer(service, key, { type: 'pf', doc: withCheckDigits('876543219'), name: 'Joana Prado', email: 'j@example.com' }))['customer_id'] as string;
    await page.goto(`${service.base}/dashboard/customers/${id}`, { waitUntil: 'load' });
    expect(await text(page, '[data-testid=qualification-status]')).to.match(/^Qualificação incompleta — prazo vence em (29|30) dias$/);
    expect(await text(page, '[data-testid=qualification-missing]')).to.equal('endereço, renda declarada');
    await screen(page, 'pending');

    await page.type('#q-address-street', 'Rua das Flores');
    await page.type('#q-address-number', '12');
    await page.type('#q-address-city', 'Curitiba');
    await page.type('#q-address-state', 'pr');
    await page.type('#q-address-zip', '800');
    await page.type('#q-declared_income', '7.250,50');
    await submit(page, '[data-testid=qualification-form] button[type=submit]');
    expect(await text(page, '[data-testid=qualification-error]')).to.equal('Informe o CEP com 8 dígitos.');
    expect(await page.$eval('#q-address-street', (i) => (i as unknown as { value: string }).value)).to.equal('Rua das Flores');
    await screen(page, 'refused-zip');

    await page.$eval('#q-address-zip', (i) => void ((i as unknown as { value: string }).value = ''));
    await page.type('#q-address-zip', '80010-000');
    await submit(page, '[data-testid=qualification-form] button[type=submit]');
    expect(await text(page, '[data-testid=qualification-status]')).to.match(/^Qualificação completa desde \d{2}\/\d{2}\/\d{4}/);
    expect(await text(page, '[data-testid=registered-declared_income]')).to.include('7.250,50');
    expect(await text(page, '[data-testid=customer-timeline]')).to.include('Qualificação atualizada (endereço, renda declarada)');
    await screen(page, 'complete');
  });
});
