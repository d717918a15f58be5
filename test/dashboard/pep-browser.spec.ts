import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { maskDocument, withCheckDigits } from '../../src/domain/values/document.js';
import { createCustomer } from '../http/customers-support.js';

const SHOTS = '/tmp/shots31/pep';

/** Issue 31 in Chromium: an analyst declares on the customer page that the customer is a PEP's relative. */
describe('PEP relationships in a browser', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let tenant: TenantFixture;
  let key: string;
  const problems: { problems: string[] }[] = [];

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    tenant = await createTenant(service, 'Banco PEP');
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
    copyFileSync(await screenshot(page, `pep-${name}`), `${SHOTS}/${name}.png`);
  }

  it('declares a relative of a PEP: a refused CPF shown beside the form, then the relationship listed', async () => {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const page = await (await browser.createBrowserContext()).newPage();
    problems.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    const id = (await createCustomer(service, key, { type: 'pf', doc: withCheckDigits('987654321'), name: 'Pedro Henrique Souza', email: 'p@example.com' }))['customer_id'] as string;
    await page.goto(`${service.base}/dashboard/customers/${id}`, { waitUntil: 'load' });
    expect(await text(page, '[data-testid=customer-pep-relationships]')).to.include('Nenhum relacionamento');
    await screen(page, 'customer-empty');

    await page.select('#pep-kind', 'familiar');
    await page.type('#pep-relation', 'cônjuge');
    await page.type('#pep-name', 'Maria Aparecida dos Santos Oliveira');
    await page.type('#pep-cpf', '123.456.789-00');
    await submit(page, '[data-testid=pep-relationship-form] button[type=submit]');
    expect(await text(page, '[data-testid=pep-relationship-error]')).to.include('CPF válido');
    // what was typed is kept
    expect(await page.$eval('#pep-relation', (i) => (i as unknown as { value: string }).value)).to.equal('cônjuge');
    await screen(page, 'refused-cpf');

    const cpf = withCheckDigits('524736450');
    await page.$eval('#pep-cpf', (i) => void ((i as unknown as { value: string }).value = ''));
    await page.type('#pep-cpf', cpf);
    await page.type('#pep-role', 'Deputada estadual');
    await submit(page, '[data-testid=pep-relationship-form] button[type=submit]');
    const row = await text(page, '[data-testid=pep-relationship]');
    expect(row).to.include('familiar (cônjuge)').and.to.include('Maria Aparecida dos Santos Oliveira').and.to.include(maskDocument(cpf)).and.to.include('Deputada estadual');
    expect(await text(page, '[data-testid=customer-timeline]')).to.include('Relacionamento com PEP declarado');
    await screen(page, 'declared');
  });
});
