import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { fakePortal, type FakePortal } from '../helpers/fake-portal-api.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const SHOTS = '/tmp/shots31/portal';

/**
 * Issue 31 in Chromium: the Portal da Transparência refuses the key; the admin reads on the lists
 * of the settings screen that the key was refused (the API's reason in the tooltip), never the key.
 */
describe('the Portal da Transparência key refused, in a browser', function () {
  this.timeout(120_000);
  let service: TestService;
  let portal: FakePortal;
  let browser: Browser;
  let tenantId: string;

  before(async () => {
    portal = await fakePortal('chave-certa-0a1b2c3d4e5f');
    const wrongKey = 'chave-vencida-9f8e7d6c5b4a';
    recordSensitive(wrongKey);
    service = await startService({
      env: {
        SVC_LISTS_REFRESH: 'on',
        SVC_PORTAL_TRANSPARENCIA_URL: portal.base,
        SVC_PORTAL_TRANSPARENCIA_KEY: wrongKey,
        SVC_WORK_POLL_MS: '50',
        ...Object.fromEntries(['OFAC_SDN', 'UN_SC', 'EU_FSF', 'UK_FCDO', 'BR_TRABALHO_ESCRAVO'].map((l) => [`SVC_LIST_${l}_URL`, `${portal.base}/none/${l}`])),
      },
    });
    tenantId = (await createTenant(service, 'Banco Portal')).tenant_id;
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
    await portal?.close();
  });

  it('the lists say the key was refused, with the reason as a tooltip', async () => {
    const deadline = Date.now() + 20_000;
    while (!(service.services.listCatalog.state('br_ceis').last_error ?? '').includes('refused')) {
      if (Date.now() > deadline) throw new Error('no failure recorded');
      await new Promise((r) => setTimeout(r, 50));
    }
    const email = testEmail('admin');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenantId, email, 'admin');
    const page = await (await browser.createBrowserContext()).newPage();
    const watched = watchPage(page);
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    await page.goto(`${service.base}/dashboard/settings`, { waitUntil: 'load' });
    const row = await page.waitForSelector('[data-testid="list-row"][data-list-id="br_ceis"] [data-testid="list-error"]');
    expect(await row!.evaluate((e) => (e as unknown as { innerText: string }).innerText)).to.equal('(chave da API do Portal da Transparência recusada)');
    expect(await row!.evaluate((e) => e.getAttribute('title'))).to.include('Chave de API inválida!');
    expect(await page.content()).not.to.include('chave-vencida-9f8e7d6c5b4a');
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
    await page.$eval('[data-list-id="br_ceis"]', (e) => e.scrollIntoView());
    copyFileSync(await screenshot(page, 'portal-key-refused'), `${SHOTS}/settings-lists.png`);
    expect(watched.problems).to.deep.equal([]);
  });
});
