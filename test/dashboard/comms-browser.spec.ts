import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import type { PdfRenderer } from '../../src/adapters/pdf/port.js';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { borrowedRenderer } from '../helpers/pdf.js';
import { money } from '../../src/reports/html.js';
import type { TestService } from '../helpers/service.js';
import { draftsOf, frozenCustomer } from '../http/freeze-support.js';
import { cpf, startRunsService, world, type Json, type World } from '../http/runs-support.js';

/** A `datetime-local` value in Brasília time (UTC−3), `minutesAgo` before now. */
const brasiliaLocal = (minutesAgo: number) => new Date(Date.now() - 3 * 3_600_000 - minutesAgo * 60_000).toISOString().slice(0, 16);

/**
 * Issue 29, communications, in a real Chromium: the case page of a confirmed freeze shows the
 * drafts to BCB, MJSP and COAF; an analyst records the measures (new versions appear) and the
 * sending of the COAF draft with its Siscoaf protocol; a draft's PDF downloads; axe finds no
 * serious or critical violation; screenshots in /tmp/shots29/comms, with a page of the PDF.
 */
describe('dashboard freeze communications in a browser', function () {
  this.timeout(240_000);
  let service: TestService;
  let browser: Browser;
  let acme: World;
  let frozen: { customerId: string; alertId: string };
  const SHOTS = '/tmp/shots29/comms';
  const documents: string[] = [];
  const real = borrowedRenderer();
  // the drafts' HTML as the PDF renderer receives it, kept to show a page of it below
  const capture: PdfRenderer = {
    render: async (html, options) => {
      documents.push(html);
      return real.render(html, options);
    },
    close: async () => {},
  };

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' }, overrides: () => ({ pdfRenderer: capture }) });
    acme = await world(service, 'Banco Bloqueio Exemplo');
    frozen = await frozenCustomer(service, acme, { name: 'Abu Exemplo Sancionado', doc: cpf(911) });
    await draftsOf(service, frozen.customerId, 3);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    copyFileSync(await screenshot(page, `comms-${name}`), `${SHOTS}/${name}.png`);
  }
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);
  const setValue = (page: Page, selector: string, value: string) => page.$eval(selector, (el, v) => ((el as unknown as { value: string }).value = v as string), value);

  it('shows the drafts, records the measures and a sending, downloads a PDF', async () => {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, acme.tenant.tenant_id, email, 'analyst');
    const page = await (await browser.createBrowserContext()).newPage();
    const watched = watchPage(page);
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    await page.goto(`${service.base}/dashboard/casos/${frozen.customerId}`, { waitUntil: 'load' });
    const section = await text(page, '[data-testid=case-freeze]');
    expect(section).to.contain('Comunicações do bloqueio (Lei 13.810/2019)').and.contain('COAF (Siscoaf)').and.contain('Ministério da Justiça').and.contain('Banco Central');
    expect(await page.$$eval('[data-testid=case-freeze-drafts] tbody tr', (rows) => rows.length)).to.equal(3);
    await screen(page, 'case-freeze');

    await setValue(page, '#freeze-frozen-at', brasiliaLocal(10));
    await page.select('#freeze-asset-kind', 'conta');
    await page.type('#freeze-asset-description', 'Conta corrente 12345-6, agência 0001');
    await page.type('#freeze-asset-amount', '15.230,55');
    await setValue(page, '#freeze-attempt-at', brasiliaLocal(5));
    await page.type('#freeze-attempt-description', 'PIX de saída recusado');
    await submit(page, '[data-testid=case-freeze-measures-form] button[type=submit]');
    expect(await text(page, '.flash')).to.contain('Medidas registradas');
    expect(await text(page, '[data-testid=case-freeze-measures]')).to.contain(`Conta corrente 12345-6, agência 0001 — ${money(15230.55)}`).and.contain('PIX de saída recusado');
    await draftsOf(service, frozen.customerId, 6);
    await page.reload({ waitUntil: 'load' });
    expect(await page.$$eval('[data-testid=case-freeze-drafts] tbody tr', (rows) => rows.length)).to.equal(6);

    const coaf = ((await draftsOf(service, frozen.customerId, 6))['data'] as Json[]).find((d) => d['addressee'] === 'coaf' && d['version'] === 2)!;
    await page.select('#freeze-sent-draft', coaf['draft_id']);
    await setValue(page, '#freeze-sent-at', brasiliaLocal(1));
    await page.type('#freeze-sent-protocol', 'SISCOAF-2026-000123');
    await submit(page, '[data-testid=case-freeze-sent-form] button[type=submit]');
    expect(await text(page, '.flash')).to.contain('Envio da comunicação registrado');
    expect(await text(page, `[data-draft-id="${coaf['draft_id']}"]`)).to.contain('protocolo SISCOAF-2026-000123');
    await page.$eval('#comunicacoes', (el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView());
    await screen(page, 'case-freeze-sent');

    const href = await page.$eval(`[data-draft-id="${coaf['draft_id']}"] a[href$="/pdf"]`, (a) => a.getAttribute('href'));
    const downloaded = await page.evaluate(async (url) => {
      const r = await fetch(url as string);
      return { status: r.status, type: r.headers.get('content-type'), head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) };
    }, href);
    expect(downloaded).to.deep.equal({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(watched.problems).to.deep.equal([]);
  });

  it('a page of the COAF draft, as Chromium prints it (A4)', async () => {
    const html = documents.filter((d) => d.includes('COAF')).at(-1)!;
    expect(html).to.contain('Abu Exemplo Sancionado');
    const page = await browser.newPage();
    await page.setViewport({ width: 794, height: 1123 });
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: `${SHOTS}/pdf-coaf.png`, fullPage: true });
    await page.close();
  });
});
