import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { FlakySource, HELD_TEMPLATE } from '../helpers/flaky-source.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { cpf, createRun, createTemplate, eventually, pfSubject, waitForRun } from '../http/runs-support.js';

/** Issue 28 in Chromium: a held run's page, "Repetir fontes com falha" clicked, the run completed. */
describe('dashboard in a browser: a held run retries its failed sources', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let source: FlakySource;
  let tenant: TenantFixture;
  let live: string;
  let template: string;
  const watched: { problems: string[] }[] = [];

  before(async () => {
    source = new FlakySource();
    service = await startService({ liveSource: source, env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' } });
    tenant = await createTenant(service, 'Banco Repetição');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, HELD_TEMPLATE as never);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    const path = await screenshot(page, name);
    mkdirSync('/tmp/shots28/engine', { recursive: true });
    copyFileSync(path, `/tmp/shots28/engine/${name}.png`);
  }
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

  async function analyst(): Promise<Page> {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const page = await (await browser.createBrowserContext()).newPage();
    watched.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    return page;
  }

  it('the held run page, the button clicked, the page shows the run completed', async () => {
    source.down = true;
    const runId = await createRun(service, live, { template_id: template, subject: pfSubject(cpf(21), 'Helena Retentativa Souza') });
    expect(await waitForRun(service, live, runId)).to.include({ status: 'partial', operative_decision: 'hold' });
    const page = await analyst();
    await page.goto(`${service.base}/dashboard/runs/${runId}`, { waitUntil: 'load' });
    expect(await text(page, '[data-testid=run-retry]')).to.contain('Receita Federal');
    await screen(page, 'retry-held-run');
    source.down = false;
    await submit(page, '[data-testid=run-retry] button[type=submit]');
    expect(new URL(page.url()).pathname).to.equal(`/dashboard/runs/${runId}`);
    await eventually(async () => {
      await page.reload({ waitUntil: 'load' });
      expect(await text(page, '[data-testid=run-status]')).to.equal('Concluída');
    }, 10_000);
    expect(await page.$('[data-testid=run-retry]')).to.equal(null);
    await screen(page, 'retry-completed-run');
    expect(watched.flatMap((w) => w.problems)).to.deep.equal([]);
  });
});
