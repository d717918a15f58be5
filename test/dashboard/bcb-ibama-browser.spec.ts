import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { establishment, fakeCnpjRegister, partner } from '../helpers/fake-cnpj-register.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createRun, createTemplate, eventually, waitForRun } from '../http/runs-support.js';
import { sample } from '../http/screening-support.js';

const ROOT = withCheckDigits('778889990001');
const register = fakeCnpjRegister({
  month: '2026-10',
  establishments: [establishment(ROOT, { razao_social: 'FINANCEIRA HORIZONTE S.A.' })],
  partners: [
    partner(ROOT.slice(0, 8), 'ROBERTO ALVES DE MENEZES', { documento: '***482913**', qualificacao: { code: '10', description: 'Diretor' } }),
    partner(ROOT.slice(0, 8), 'LUCIANA PRADO ESTEVES', { documento: '***765432**' }),
  ],
});

/** Issue 31 in Chromium: a PJ run whose director is barred by the central bank, as an analyst reads it. */
describe('dashboard in a browser: a run with a director in the BCB QGI', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let tenant: TenantFixture;
  let live: string;
  let template: string;
  const watched: { problems: string[] }[] = [];

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' }, overrides: () => ({ cnpjRegister: register }) });
    tenant = await createTenant(service, 'Banco Horizonte');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PJ);
    const form = new FormData();
    form.append('file', new Blob([sample('br2/bcb_qgi.json')]), 'bcb_qgi.json');
    expect((await service.operator('/lists/br_bcb_qgi/versions', { method: 'POST', body: form })).status).to.equal(201);
    await eventually(async () => void expect(service.services.listCatalog.searchedVersion('br_bcb_qgi')).to.not.equal(null), 20_000);
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
    mkdirSync('/tmp/shots31/bcb-ibama', { recursive: true });
    copyFileSync(path, `/tmp/shots31/bcb-ibama/${name}.png`);
  }

  it('the run page shows the finding and each partner and administrator screened against the central bank', async () => {
    const runId = await createRun(service, live, { template_id: template, subject: { type: 'pj', doc: ROOT, name: 'Financeira Horizonte S.A.' } });
    expect(await waitForRun(service, live, runId)).to.include({ status: 'blocked' });
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const page = await (await browser.createBrowserContext()).newPage();
    watched.push(watchPage(page));
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    await page.goto(`${service.base}/dashboard/runs/${runId}`, { waitUntil: 'load' });
    const body = await page.$eval('body', (element) => (element as unknown as { innerText: string }).innerText);
    expect(body).to.contain('Banco Central (inabilitados e proibidos)');
    expect(body).to.contain('Sócios e administradores no Banco Central');
    expect(body).to.contain('ROBERTO ALVES DE MENEZES (Diretor) consta no BCB – Quadro Geral de Inabilitados: PAS PE 151872');
    await screen(page, 'bcb-run-administrators');
    expect(watched.flatMap((w) => w.problems)).to.deep.equal([]);
  });
});
