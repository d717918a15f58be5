import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { dateTime } from '../../src/reports/html.js';
import { createCustomer, getCustomer } from '../http/customers-support.js';
import { eventually, type Json } from '../http/runs-support.js';
import { individual, uploadUn } from '../http/un-list-support.js';

const SHOTS = '/tmp/shots29/freeze';

/**
 * Issue 29 in Chromium: a UN designation of a monitored customer puts its freeze alert first in
 * the queue, a banner on the customer's page (the law, the list by its name, since when in
 * Brasília time, the alert's link), and the analyst's confirmation turns it into "Bloqueio
 * confirmado em ...".
 */
describe('sanctions freeze in a browser', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let tenant: TenantFixture;
  let key: string;
  const problems: { problems: string[] }[] = [];

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_WORK_POLL_MS: '100' } });
    tenant = await createTenant(service, 'Banco Bloqueio');
    key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(() => {
    expect(problems.flatMap((p) => p.problems)).to.deep.equal([]);
  });

  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);
  async function screen(page: Page, name: string) {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    copyFileSync(await screenshot(page, `freeze-${name}`), `${SHOTS}/${name}.png`);
  }
  async function signIn(role: 'analyst' | 'admin'): Promise<Page> {
    const email = testEmail(role);
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, role);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    problems.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    return page;
  }
  const monitored = async (doc: string, name: string): Promise<string> => {
    const created = await createCustomer(service, key, { type: 'pf', doc, name, email: 'x@example.com' });
    const id = created['customer_id'] as string;
    await eventually(async () => {
      expect((await getCustomer(service, key, id))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    expect((await service.operator(`/customers/${id}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    return id;
  };
  const openAlerts = async (): Promise<Json[]> => ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open`)).json()) as Json)['data'] as Json[];

  it('the freeze alert first in the queue, the banner on the customer page, then "Bloqueio confirmado em" after the analyst confirms it', async () => {
    await uploadUn(service, '2026-11-27T10:00:00.000Z', []);
    const designated = await monitored('52998224725', 'Teodoro Valadares Brandao');
    const other = await monitored('11144477735', 'Zuleide Prates Amorim');
    await service.services.worker.idle();
    await uploadUn(service, '2026-11-27T11:00:00.000Z', [individual(990001, 'TEODORO', 'VALADARES', 'BRANDAO')]);
    await eventually(async () => {
      expect((await openAlerts()).map((a) => a['customer_id'])).to.include(designated);
    }, 30_000);
    // an ordinary alert raised after it, on the tenant's own list: newer, yet after the freeze in the queue
    const listId = ((await (await service.operator(`/tenants/${tenant.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio interno' } })).json()) as Json)['list_id'];
    const form = new FormData();
    form.append('file', new Blob(['name,schema\nZuleide Prates Amorim,person\n']), 'b.csv');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/lists/${listId}/versions`, { method: 'POST', body: form })).status).to.equal(201);
    await eventually(async () => {
      expect((await openAlerts()).map((a) => a['customer_id'])).to.include(other);
    }, 30_000);
    const freezeAlert = (await openAlerts()).find((a) => a['customer_id'] === designated)!;
    expect(freezeAlert['freeze_required']).to.equal(true);

    const page = await signIn('analyst');
    await go(page, '/dashboard/?kind=alertas');
    const rows = await page.$$eval('[data-testid=queue-section-alert] [data-testid=queue-row]', (trs) => trs.map((tr) => ({ id: tr.getAttribute('data-case-id'), freeze: tr.getAttribute('data-freeze') })));
    expect(rows).to.have.length(2);
    expect(rows[0]).to.deep.equal({ id: freezeAlert['alert_id'], freeze: 'true' });
    expect(rows[1]!.freeze).to.equal(null);
    expect(await text(page, '[data-testid=queue-section-alert] [data-testid=queue-row]')).to.contain('Bloqueio de bens exigido').and.contain('Conselho de Segurança da ONU').and.not.contain('un_sc');
    await screen(page, 'queue');

    await go(page, `/dashboard/customers/${designated}`);
    const banner = await text(page, '[data-testid=freeze-banner]');
    expect(banner).to.contain('Bloqueio de bens exigido — Lei 13.810/2019').and.contain('Conselho de Segurança da ONU – Lista consolidada').and.contain(dateTime(freezeAlert['created_at']));
    expect(banner).to.not.contain('un_sc');
    expect(await page.$eval('[data-testid=freeze-alert-link]', (a) => a.getAttribute('href'))).to.equal(`#alerta-${freezeAlert['alert_id']}`);
    expect(await page.$eval('[data-testid=alert-freeze]', (e) => e.textContent)).to.equal('Bloqueio de bens');
    await screen(page, 'customer-required');

    await page.click('[data-testid=alert-resolve-form] input[value=true_positive]');
    await page.type('[data-testid=alert-resolve-form] textarea[name=note]', 'Mesma pessoa: nome e data de nascimento conferem');
    await submit(page, '[data-testid=alert-resolve-form] button[type=submit]');
    const confirmedAt = ((await getCustomer(service, key, designated))['sanctions_freeze'] as Json)['confirmed_at'] as string;
    expect(await page.$eval('[data-testid=freeze-banner]', (e) => e.getAttribute('data-status'))).to.equal('confirmed');
    expect(await text(page, '[data-testid=freeze-banner]')).to.contain(`Bloqueio confirmado em ${dateTime(confirmedAt)}`);
    const timeline = await text(page, '[data-testid=customer-timeline]');
    expect(timeline).to.contain('Bloqueio de bens exigido — alerta de monitoramento').and.contain('Resultado em lista (Conselho de Segurança da ONU – Lista consolidada): Confirmado pelo analista');
    await screen(page, 'customer-confirmed');
  });

  it('an admin names OFAC among the freeze lists on the settings screen; the UN list is always on', async () => {
    const page = await signIn('admin');
    await go(page, '/dashboard/settings');
    expect(await page.$eval('[data-testid=freeze-lists] input[value=un_sc]', (e) => [(e as unknown as { checked: boolean }).checked, (e as unknown as { disabled: boolean }).disabled])).to.deep.equal([true, true]);
    await page.click('[data-testid=freeze-lists] input[value=ofac_sdn]');
    await submit(page, 'form[action="/dashboard/settings/policy"] button[type=submit]');
    const tenantDoc = (await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json;
    expect(tenantDoc['settings']['sanctions_freeze_lists']).to.deep.equal(['un_sc', 'ofac_sdn']);
    expect(await page.$eval('[data-testid=freeze-lists] input[value=ofac_sdn]', (e) => (e as unknown as { checked: boolean }).checked)).to.equal(true);
    await (await page.$('[data-testid=freeze-lists]'))!.scrollIntoView();
    await screen(page, 'settings');
  });
});
