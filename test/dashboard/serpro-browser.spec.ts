import { expect } from 'chai';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { acceptInviteAndSignIn, launchBrowser, screenshot, seriousViolations, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { cpfRecord, FakeSerpro } from '../helpers/serpro-fake.js';
import { createTenant, type TestService } from '../helpers/service.js';
import { addCredits } from '../http/facial-support.js';
import { cpf, createRun, createTemplate, startRunsService, waitForRun } from '../http/runs-support.js';

/** A live run whose receita_cpf Serpro answered, as an analyst reads it in the dashboard (Chromium, axe). */
describe('dashboard in a browser: a run answered by Serpro', function () {
  this.timeout(60_000);
  const fake = new FakeSerpro();
  let service: TestService;
  let browser: Browser;

  before(async () => {
    const base = await fake.start();
    recordSensitive(fake.secret);
    service = await startRunsService({ env: { SVC_SERPRO_URL: base, SVC_SERPRO_CONSUMER_KEY: fake.key, SVC_SERPRO_CONSUMER_SECRET: fake.secret, SVC_SERPRO_CPF: 'on' } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
    await fake.stop();
  });

  it('the run page shows the CPF findings in pt-BR and Serpro answer as returned; no serious axe violation', async () => {
    const doc = cpf(201);
    fake.cpfs.set(doc, { body: cpfRecord(doc, 'JOSE PEREIRA', '3', 'Titular Falecido', { obito: '2020', dataInscricao: '02031990' }) });
    const tenant = await createTenant(service, 'Banco Serpro');
    await addCredits(service, tenant.tenant_id, 100);
    const live = (await tenant.key({ environment: 'live' })).api_key;
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'PF cadastro', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'receita_cpf', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    const runId = await createRun(service, live, { template_id: template, subject: { type: 'pf', doc, name: 'José Pereira' } });
    await waitForRun(service, live, runId);

    const email = testEmail('analyst');
    const invited = await inviteThroughOperator(service, tenant.tenant_id, email, 'analyst');
    const page = await browser.newPage();
    const watched = watchPage(page);
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    await page.goto(`${service.base}/dashboard/runs/${runId}`, { waitUntil: 'load' });
    const text = await page.$eval('main', (m) => (m as unknown as { innerText: string }).innerText);
    expect(text).to.include('Serpro Consulta CPF').and.include('Ano do óbito').and.include('Titular do CPF falecido').and.include('Resposta do Serpro (como retornada)');
    expect(await seriousViolations(page)).to.deep.equal([]);
    const shot = await screenshot(page, 'serpro-run');
    mkdirSync('/tmp/shots31/serpro', { recursive: true });
    copyFileSync(shot, '/tmp/shots31/serpro/run-serpro.png');
    expect(watched.problems).to.deep.equal([]);
  });
});
