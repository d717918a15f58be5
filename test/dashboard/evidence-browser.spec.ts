import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { handleCommand } from '../../src/commands/handle-command.js';
import { customerDecider, customerStream } from '../../src/domain/customer/decider.js';
import { systemContext } from '../../src/processing/system-context.js';
import type { AlertDoc } from '../../src/projections/monitoring-alerts.js';
import { alertTimeline } from '../../src/reports/alert-timeline.js';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, type TestService } from '../helpers/service.js';
import { createCustomer } from '../http/customers-support.js';
import { deliveredAlert, unFile, uploadUn } from '../http/evidence-support.js';
import { putEndpoint, startReceiver, startWebhookService, type Receiver } from '../http/webhooks-support.js';

const SHOTS = '/tmp/shots29/evidence';

/**
 * Issue 29, in a real Chromium: a UN designation of a monitored customer raises an alert whose
 * webhook reaches the tenant; the customer's page shows the alert's "Linha do tempo"
 * (publication, download, index, alert, delivery) in Brasília time with the durations in pt-BR,
 * the webhook's code as a tooltip. axe finds nothing serious.
 */
describe('dashboard in a browser: the timeline of a monitoring alert (issue 29)', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let rx: Receiver;
  const watched: { problems: string[] }[] = [];

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService({ env: { SVC_WORK_POLL_MS: '100' } });
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
    await rx?.close();
  });

  it("the customer's page shows each step of the alert, when and how long after the one before, and the delivery", async () => {
    const tenant = await createTenant(service, 'Banco Linha do Tempo');
    await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url(), ['customer.monitoring_alert']);
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    const customerId = (await createCustomer(service, key, { type: 'pf', doc: '52998224725', name: 'Teodoro Valadares Brandão', email: 'x@example.com' }))['customer_id'] as string;
    expect((await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    await uploadUn(service, unFile('2026-11-27T11:00:09.554Z', ['TEODORO', 'VALADARES', 'BRANDAO']));
    const alert = await deliveredAlert(service, tenant.tenant_id, customerId);
    const timeline = alertTimeline(alert as unknown as AlertDoc);

    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const context = await browser.createBrowserContext();
    const page: Page = await context.newPage();
    watched.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    await page.goto(`${service.base}/dashboard/customers/${customerId}`, { waitUntil: 'load' });

    const rows = await page.$$eval('[data-testid="alert-timeline"] tbody tr', (trs) =>
      trs.map((tr) => ({ step: tr.getAttribute('data-step'), cells: [...tr.querySelectorAll('td')].map((td) => (td as unknown as { innerText: string }).innerText.trim()), title: tr.querySelector('span[title]')?.getAttribute('title') ?? null })),
    );
    expect(rows).to.deep.equal(timeline.steps.map((s) => ({ step: s.key, cells: [s.label, s.when, s.after ? `+ ${s.after}` : '—'], title: s.code })));
    expect(rows.find((r) => r.step === 'delivered')!.title).to.equal('customer.monitoring_alert');
    const caption = await page.$eval('[data-testid="alert-timeline"] caption', (c) => (c as unknown as { innerText: string }).innerText);
    expect(caption).to.match(/^Linha do tempo do alerta/);
    const stream = await page.$$eval('td', (tds) => tds.map((td) => (td as unknown as { innerText: string }).innerText));
    expect(stream).to.include('Aviso do alerta entregue ao sistema da instituição');
    expect(stream).to.not.include('Outro registro');
    if (timeline.total) expect(caption).to.include(timeline.total);

    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
    await page.$eval(`#alerta-${alert['alert_id']}`, (el) => el.scrollIntoView());
    copyFileSync(await screenshot(page, 'evidence-customer-alert-timeline'), join(SHOTS, 'customer-alert-timeline.png'));
    expect(watched.flatMap((w) => w.problems)).to.deep.equal([]);
  });

  it('an alert raised with the version\'s evidence shows publication, download, import and index before it, and the total', async () => {
    const tenant = await createTenant(service, 'Banco Evidência Completa');
    await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url(), ['customer.monitoring_alert']);
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    const customerId = (await createCustomer(service, key, { type: 'pf', doc: '11144477735', name: 'Eulália Marquesini Prado', email: 'x@example.com' }))['customer_id'] as string;
    expect((await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    // the sweep's own command, with the timeline it records (another part of issue 29 fills it from the version)
    const now = new Date();
    const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    const evidence = { list_published_at: before(252), fetched_at: before(12), imported_at: before(11), indexed_at: before(10.5) };
    const raised = await handleCommand(
      service.services.log,
      customerStream(customerId),
      customerDecider,
      { type: 'RaiseAlert', alert_id: randomUUID(), list_id: 'un_sc', entry_id: 'e-99000001', version_id: randomUUID(), content_hash: 'h', matched_name: 'EULALIA MARQUESINI PRADO', score: 0.97, explanation: [], trigger: 'list_version', evidence, now: now.toISOString() },
      systemContext({ correlation_id: randomUUID(), tenant_id: tenant.tenant_id, at: now }, `test-raise:${customerId}`),
    );
    expect(raised._tag).to.equal('Right');
    const alert = await deliveredAlert(service, tenant.tenant_id, customerId);
    const timeline = alertTimeline(alert as unknown as AlertDoc);
    expect(timeline.steps.map((s) => s.key)).to.deep.equal(['published', 'fetched', 'imported', 'indexed', 'raised', 'delivered']);
    expect(timeline.steps[1]!.after).to.equal('4 min');

    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const page: Page = await (await browser.createBrowserContext()).newPage();
    watched.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    await page.goto(`${service.base}/dashboard/customers/${customerId}`, { waitUntil: 'load' });
    const cells = await page.$$eval('[data-testid="alert-timeline"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as unknown as { innerText: string }).innerText.trim())));
    expect(cells).to.deep.equal(timeline.steps.map((s) => [s.label, s.when, s.after ? `+ ${s.after}` : '—']));
    expect(cells[0]![0]).to.equal('Publicado pela ONU');
    expect(await page.$eval('[data-testid="alert-timeline-total"]', (el) => (el as unknown as { innerText: string }).innerText)).to.equal(timeline.total);
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
    copyFileSync(await screenshot(page, 'evidence-customer-alert-full-timeline'), join(SHOTS, 'customer-alert-full-timeline.png'));
    expect(watched.flatMap((w) => w.problems)).to.deep.equal([]);
  });
});
