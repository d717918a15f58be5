import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { ManualClock } from '../../src/adapters/clock.js';
import { kycRetentionUntil } from '../../src/domain/retention/clocks.js';
import { clockText } from '../../src/http/dashboard/cno/page.js';
import { date } from '../../src/reports/html.js';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { CNPJ_A, CNPJ_B, entity, sentCommunication, setReportingEntities } from '../http/cno-support.js';
import { createCustomer, patchTenant } from '../http/customers-support.js';
import { cpf, startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

const SHOTS = '/tmp/shots30/cno';
const DUE_2026 = '2027-01-16T02:59:59.999Z';
const NOW = '2027-01-16T12:00:00.000Z';

/**
 * Issue 30 in Chromium: on 16/01 the compliance officer finds the year's declaration overdue at
 * the head of "Declaração anual de não ocorrência", the other CNPJ's year not required with its
 * receipts, records the Siscoaf protocol; the admin's erasure of a customer is held by art. 67.
 */
describe('annual negative communication and legal hold in a browser', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let w: World;
  const clock = new ManualClock('2026-11-22T12:00:00.000Z');
  const problems: { problems: string[] }[] = [];
  let doc: string;

  before(async () => {
    service = await startRunsService({ clock });
    w = await world(service, 'Banco Navegador');
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
    await setReportingEntities(service, w.tenant.tenant_id, [entity(CNPJ_A, 'Banco Navegador S.A.'), entity(CNPJ_B, 'Navegador Câmbio S.A.')]);
    await sentCommunication(service, w.tenant.tenant_id, CNPJ_B, '2026000017', '2026-05-04T14:00:00.000Z', '2026-05-04T14:00:00.000Z');
    doc = cpf(9901);
    const created = await createCustomer(service, w.key, { type: 'pf', doc, name: 'Titular do Navegador', email: 'n@example.com', run_bureau: true });
    await waitForRun(service, w.key, created.run_id as string);
    clock.set('2027-01-01T03:00:05.000Z');
    await service.services.cno.runDue();
    clock.set(NOW);
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
    copyFileSync(await screenshot(page, `cno-${name}`), `${SHOTS}/${name}.png`);
  }
  async function signIn(role: 'compliance_officer' | 'admin'): Promise<Page> {
    const email = testEmail(role);
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, w.tenant.tenant_id, email, role);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    problems.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    return page;
  }

  it('the overdue declaration heads the screen; the protocol recorded closes it', async () => {
    const page = await signIn('compliance_officer');
    await page.click('a[href="/dashboard/cno"]');
    await page.waitForSelector('[data-testid="cno-task"]');
    const tasks = await page.$$eval('[data-testid="cno-task"]', (els) => els.map((e) => (e as unknown as { innerText: string }).innerText));
    expect(tasks).to.have.length(2);
    expect(tasks[0]).to.contain('Ano 2026').and.to.contain('11.222.333/0001-81').and.to.contain(clockText(DUE_2026, NOW)).and.to.contain(`Prazo: ${date(DUE_2026)}`);
    expect(tasks[1]).to.contain('não exigida').and.to.contain('2026000017').and.to.contain('COAF-2026000017');
    await screen(page, 'lista');

    const form = `form[action="/dashboard/cno/2026/${CNPJ_A}/enviada"]`;
    await page.type(`${form} input[name=protocol]`, 'SISCOAF-CNO-2027-000042');
    await page.$eval(`${form} input[name=sent_at]`, (input) => ((input as unknown as { value: string }).value = '2027-01-16T08:30'));
    await page.type(`${form} textarea[name=note]`, 'Enviada pelo menu Comunicação de Não Ocorrência.');
    await submit(page, `${form} button[type=submit]`);
    expect(await text(page, '[data-cno-id$="-2026"] [data-testid="cno-protocol"]')).to.equal('SISCOAF-CNO-2027-000042');
    expect(await page.$(`${form}`)).to.equal(null);
    expect(await page.content()).to.contain('Protocolo da declaração de 2026 registrado.');
    await screen(page, 'registrada');
  });

  it("the admin's erasure of a customer is recorded and held until its date", async () => {
    const page = await signIn('admin');
    await go(page, '/dashboard/erasure');
    await page.type('#erasure-doc', doc);
    await page.type('#erasure-basis', 'LGPD art. 18, VI: pedido do titular');
    await page.click('input[name=confirm]');
    await submit(page, '[data-testid="erasure-form"] button[type=submit]');
    // the customer's last activity was in November 2026: kept ten years from 1 January 2027
    const until = date(kycRetentionUntil('2026-11-22T12:00:00.000Z'));
    expect(await text(page, '[data-testid="erasure-status"]')).to.equal('retido por guarda legal');
    expect(await text(page, '[data-testid="erasure-held"]')).to.contain(`retido até ${until}`);
    await screen(page, 'eliminacao-retida');
  });
});
