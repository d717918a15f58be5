import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { ManualClock } from '../../src/adapters/clock.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, pfBody } from '../http/customers-support.js';
import { cpf, createTemplate, eventually, startRunsService, waitForRun, type Json } from '../http/runs-support.js';

const DAY = 24 * 3_600_000;
const SHOTS = '/tmp/shots28/hits';
const HEADER = 'name,schema,doc,birth_date,country,aliases,notes';

/** Issue 28 in Chromium: a run's hit confirmed as a true match; an alert cleared, and the customer's next run does not hit that entry. */
describe('hit dispositions in a browser', function () {
  this.timeout(180_000);
  let service: TestService;
  let clock: ManualClock;
  let browser: Browser;
  let tenant: TenantFixture;
  let key: string;
  let listId: string;
  let template: string;
  const problems: { problems: string[] }[] = [];

  before(async () => {
    clock = new ManualClock(new Date());
    service = await startRunsService({ clock, env: { SVC_WORK_POLL_MS: '50' } });
    tenant = await createTenant(service, 'Banco Listas');
    key = (await tenant.key()).api_key;
    listId = ((await (await service.operator(`/tenants/${tenant.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio interno' } })).json()) as Json)['list_id'];
    const form = new FormData();
    form.append('file', new Blob([[HEADER, 'Rogério Tavares Quintanilha,person,529.982.247-25,1975-03-02,BR,Rogerio Quintanilha,fraude em 2024', 'Zuleide Prates Amorim,person,,,,,'].join('\n')]), 'bloqueio.csv');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/lists/${listId}/versions`, { method: 'POST', body: form })).status).to.be.oneOf([200, 201]);
    await service.services.listCatalog.settled();
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'Listas próprias', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'internal_lists', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });
  afterEach(() => {
    // the refused form answers its page with 400 on purpose
    expect(problems.flatMap((p) => p.problems).filter((p) => !p.includes('status of 400'))).to.deep.equal([]);
  });

  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);
  async function screen(page: Page, name: string) {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    copyFileSync(await screenshot(page, `hits-${name}`), `${SHOTS}/${name}.png`);
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
  const newCustomer = async (doc: string, name: string) => {
    const created = await createCustomer(service, key, pfBody(doc, { name, run_bureau: true, template_id: template }));
    await waitForRun(service, key, created['run_id'], 15_000);
    return { customer_id: created['customer_id'] as string, run_id: created['run_id'] as string };
  };

  it("confirms a true match on a run's hit: the entry and the customer side by side, no default verdict, errors next to the field keeping the reason typed", async () => {
    const { run_id, customer_id } = await newCustomer('52998224725', 'Rogério Tavares Quintanilha');
    const page = await signIn('analyst');
    await go(page, `/dashboard/runs/${run_id}`);
    const hit = await text(page, '[data-testid=list-hit]');
    expect(hit).to.contain('Bloqueio interno').and.contain('Rogerio Quintanilha').and.contain('Alias').and.contain('02/03/1975').and.contain('fraude em 2024');
    expect(hit).to.not.contain(listId);
    expect(await page.$eval('[data-testid=hit-list]', (e) => e.getAttribute('title'))).to.equal(listId);
    expect(await text(page, '[data-testid=hit-comparison]')).to.contain('Data de nascimento').and.contain('***982247**').and.contain('529.982.247-25');
    expect(await page.$$eval('[data-testid=hit-disposition-form] input[name=disposition]:checked', (e) => e.length)).to.equal(0);
    await screen(page, 'run-hit');

    // a reason without a verdict: refused next to the field, the reason kept
    await page.type('[data-testid=hit-disposition-form] textarea[name=reason]', 'Mesmo CPF e data de nascimento');
    await submit(page, '[data-testid=hit-disposition-form] button[type=submit]');
    expect(await text(page, '[data-testid=field-error]')).to.contain('Escolha Confirmado');
    expect(await page.$eval('[data-testid=hit-disposition-form] textarea[name=reason]', (e) => (e as unknown as { value: string }).value)).to.equal('Mesmo CPF e data de nascimento');
    await screen(page, 'run-hit-error');

    await page.click('[data-testid=hit-disposition-form] input[value=true_match]');
    await submit(page, '[data-testid=hit-disposition-form] button[type=submit]');
    expect(await text(page, '[data-testid=hit-disposition]')).to.contain('Confirmado pelo analista').and.contain('Mesmo CPF e data de nascimento');
    await screen(page, 'run-hit-confirmed');
    const memory = (await service.services.log.readStream(`customer-${customer_id}`)).filter((e) => e.type === 'ListHitDisposed');
    expect(memory.map((e) => e.data['disposition'])).to.deep.equal(['true_match']);
  });

  it("an alert cleared as a false positive (Conclusão without a default): the customer's next run does not hit that entry", async () => {
    const { customer_id } = await newCustomer(cpf(7001), 'Zuleide Prates Amorim');
    const patched = await service.operator(`/customers/${customer_id}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
    expect(patched.status).to.equal(200);
    await eventually(async () => {
      const open = ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open`)).json()) as Json)['data'] as Json[];
      expect(open.map((a) => a['customer_id'])).to.include(customer_id);
    }, 15_000);
    const page = await signIn('admin');
    await go(page, `/dashboard/customers/${customer_id}`);
    expect(await page.$$eval('[data-testid=alert-resolve-form] input[name=resolution]:checked', (e) => e.length)).to.equal(0);
    expect(await text(page, '[data-testid=alert-list]')).to.equal('Lista interna');
    await screen(page, 'alert');
    await page.click('[data-testid=alert-resolve-form] input[value=false_positive]');
    await page.type('[data-testid=alert-resolve-form] textarea[name=note]', 'Outra pessoa: CPF diferente');
    await submit(page, '[data-testid=alert-resolve-form] button[type=submit]');
    expect(await page.$eval('[data-testid=customer-alert]', (e) => e.getAttribute('data-status'))).to.equal('resolved');

    await patchTenant(service, tenant.tenant_id, { periodic_review: { baixo: 1, medio: 1, alto: 1 } });
    clock.advance(2 * DAY);
    await service.services.worker.runDue();
    await service.services.worker.idle();
    let runs: string[] = [];
    await eventually(async () => {
      runs = (await service.services.log.readStream(`customer-${customer_id}`)).filter((e) => e.type === 'CustomerRunRequested').map((e) => e.data['run_id'] as string);
      expect(runs).to.have.length(2);
    }, 15_000);
    await waitForRun(service, key, runs[1]!, 15_000);
    const answered = (await service.services.log.readStream(`run-${runs[1]}`)).find((e) => e.type === 'SourceAnswered')!;
    expect((readableAnswer(answered.data as never) as Json)['checks'][0]).to.include({ status: 'VALID', result_code: 'cleared_by_analyst' });
    // two days later the session has ended: signed in again
    const later = await signIn('analyst');
    await go(later, `/dashboard/runs/${runs[1]}`);
    expect(await text(later, '[data-testid=hit-screened-with]')).to.contain('Descartado pelo analista').and.contain('Outra pessoa: CPF diferente');
    await screen(later, 'run-cleared');
  });
});
