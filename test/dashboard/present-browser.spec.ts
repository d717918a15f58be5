import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';
import type { PdfRenderer } from '../../src/adapters/pdf/port.js';
import { acceptInviteAndSignIn, launchBrowser, seriousViolations, submitAndWait as submit, watchPage } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, uploadOk } from '../http/customers-support.js';
import { cpf, createRun, pfSubject, pjSubject, startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

/** A real picture to look at (the fixture PNG is one pixel): a framed block of colour with a stripe. */
function picture(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < 4 || y < 4 || x >= width - 4 || y >= height - 4 || (y > height / 2 - 6 && y < height / 2 + 6);
      rows.set(edge ? [40, 40, 40] : rgb, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return new Uint8Array(Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

/** Where this journey's screenshots go, to be looked at. */
const SHOTS = process.env['SVC_PRESENT_SHOTS'] ?? '/tmp/shots28/present';

/**
 * Issue 28 in a real Chromium, as an analyst works: find a customer by a part of the name and by
 * e-mail, open it and see what was registered with the selfie beside the ID, open a failed run
 * and a blocked run; axe on every screen, no script error, no CSP refusal.
 */
describe('dashboard in a browser: what an analyst must see (issue 28)', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let w: World;
  let customerId: string;
  let failedRun: string;
  let blockedRun: string;
  let pjRun: string;
  const problems: string[] = [];
  const watched: { problems: string[] }[] = [];
  const reports: string[] = [];
  // the report's HTML as the PDF renderer receives it: the same page shown to Chromium below
  const capture: PdfRenderer = {
    render: async (html) => {
      reports.push(html);
      return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Page >>\nendobj\n%%EOF\n');
    },
    close: async () => {},
  };

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startRunsService({ overrides: () => ({ pdfRenderer: capture }) });
    w = await world(service, 'Banco Presente');
    const created = await createCustomer(service, w.key, {
      type: 'pf',
      doc: cpf(381),
      name: 'Luíza Fernandes Albuquerque',
      email: 'luiza.albuquerque@example.com',
      phone: '+5521998877665',
      birth_date: '1986-07-14',
      occupation: 'Médica',
      declared_income: 18250,
      nationality: 'BR',
      address: { street: 'Avenida Atlântica', number: '1702', neighborhood: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ', zip: '22021001' },
      external_id: 'cliente-0381',
      metadata: { segmento: 'alta-renda' },
      run_bureau: false,
    });
    customerId = created['customer_id'] as string;
    await uploadOk(service, w.key, customerId, { type: 'identidade_frente', data: picture(300, 190, [170, 200, 235]), fileName: 'rg.png', mime: 'image/png' });
    await uploadOk(service, w.key, customerId, { type: 'selfie', data: picture(180, 220, [235, 200, 170]), fileName: 'rosto.png', mime: 'image/png' });
    await createCustomer(service, w.key, { type: 'pf', doc: cpf(382), name: 'Marcos Pinheiro', email: 'marcos@example.com', run_bureau: false });
    failedRun = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000604', 'Fábio Falha Técnica') });
    blockedRun = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000272', 'Beatriz Bloqueio') });
    pjRun = await createRun(service, w.key, { template_id: w.pj, subject: pjSubject('00000004000170', 'Comercial Aurora Ltda') });
    await waitForRun(service, w.key, pjRun);
    await waitForRun(service, w.key, failedRun);
    await waitForRun(service, w.key, blockedRun);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  async function screen(page: Page, name: string): Promise<void> {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).to.deep.equal([]);
    await page.screenshot({ path: join(SHOTS, `${name}.png`) as `${string}.png`, fullPage: true });
  }
  const go = (page: Page, path: string) => page.goto(`${service.base}${path}`, { waitUntil: 'load' });
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => (element as unknown as { innerText: string }).innerText);

  async function signIn(): Promise<Page> {
    const email = testEmail('analyst');
    recordSensitive(email);
    const invited = await inviteThroughOperator(service, w.tenant.tenant_id, email, 'analyst');
    const page = await (await browser.createBrowserContext()).newPage();
    watched.push(watchPage(page));
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (response.status() >= 400 && type !== 'document') problems.push(`${type} ${response.status()}: ${response.url()}`);
    });
    await acceptInviteAndSignIn(page, service.base, invited.invite_url, email);
    return page;
  }

  it('finds a customer by a part of the name and by e-mail, opens it: registered data and the selfie beside the ID', async () => {
    const page = await signIn();
    await go(page, '/dashboard/customers');
    expect(await text(page, '[data-testid=tenant-credits]')).to.match(/^Saldo: \d/);
    await page.type('#c-q', 'albuquer');
    await submit(page, '[data-testid=customers-filters] button[type=submit]');
    expect(await page.$$eval('[data-testid=customer-row]', (rows) => rows.map((r) => r.getAttribute('data-customer-id')))).to.deep.equal([customerId]);
    await screen(page, 'customers-search-name');
    await go(page, '/dashboard/customers');
    await page.type('#c-q', 'LUIZA.albuquerque@example.com');
    await submit(page, '[data-testid=customers-filters] button[type=submit]');
    expect(await page.$$eval('[data-testid=customer-row]', (rows) => rows.map((r) => r.getAttribute('data-customer-id')))).to.deep.equal([customerId]);
    await submit(page, `[data-customer-id="${customerId}"] a`);
    expect(await text(page, '[data-testid=registered-email]')).to.equal('luiza.albuquerque@example.com');
    expect(await text(page, '[data-testid=registered-birth_date]')).to.equal('14/07/1986');
    expect(await text(page, '[data-testid=registered-address]')).to.contain('Avenida Atlântica, 1702');
    // the two pictures side by side: the same row, the ID on the left
    const boxes = await page.$$eval('[data-testid=documents-side-by-side] figure', (figures) =>
      figures.map((f) => {
        const r = f.getBoundingClientRect();
        return { x: r.x, y: r.y, loaded: (f.querySelector('img') as unknown as { naturalWidth: number }).naturalWidth > 0 };
      }),
    );
    expect(boxes).to.have.length(2);
    expect(boxes[0]!.y).to.equal(boxes[1]!.y);
    expect(boxes[0]!.x).to.be.lessThan(boxes[1]!.x);
    expect(boxes.every((b) => b.loaded), 'both images served').to.equal(true);
    await screen(page, 'customer');
  });

  it('opens a failed run (no "Baixo" where nothing was scored) and a blocked run (danger style); the completo report in Brasília time', async () => {
    const page = await signIn();
    await go(page, '/dashboard/runs');
    await screen(page, 'runs');
    await submit(page, `[data-run-id="${failedRun}"] a`);
    expect(await text(page, '[data-testid=run-band]')).to.equal('Sem avaliação');
    expect(await text(page, '[data-testid=run-dimensions] tbody')).not.to.contain('Baixo');
    await screen(page, 'run-failed');
    await go(page, `/dashboard/runs/${blockedRun}`);
    const color = (await page.evaluate(`getComputedStyle(document.querySelector('[data-testid=run-status] .badge')).color`)) as string;
    expect(color).to.equal('rgb(164, 22, 26)');
    await screen(page, 'run-blocked');
    // a company: the completo report's cadastral data, partners and proceedings on the page
    await go(page, `/dashboard/runs/${pjRun}`);
    expect(await page.$$eval('[data-testid=run-source-data]', (sections) => sections.map((s) => s.getAttribute('data-source-id')))).to.include.members(['receita_cnpj', 'partners']);
    await screen(page, 'run-pj');
    for (const id of ['receita_cnpj', 'partners']) await (await page.$(`[data-testid=run-source-data][data-source-id=${id}]`))!.screenshot({ path: join(SHOTS, `run-pj-${id}.png`) as `${string}.png` });
    // the completo report: the HTML its PDF is printed from, shown as a page
    // the answer is a PDF download, not a page: no navigation ends (waiting for one took its 30 s timeout)
    const rendered = reports.length;
    await page.click('[data-testid=run-reports] form:nth-of-type(2) button');
    for (const deadline = Date.now() + 10_000; reports.length === rendered && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 25));
    expect(reports.length).to.be.greaterThan(rendered);
    const report = await (await browser.createBrowserContext()).newPage();
    await report.emulateMediaType('print');
    await report.setViewport({ width: 794, height: 1123 });
    await report.setContent(reports[reports.length - 1]!, { waitUntil: 'load' });
    const body = await report.$eval('body', (b) => (b as unknown as { innerText: string }).innerText);
    expect(body).to.contain('(horário de Brasília)').and.not.match(/\d{2}:\d{2}:\d{2} UTC/);
    await report.screenshot({ path: join(SHOTS, 'report-completo.png'), clip: { x: 0, y: 1123, width: 794, height: 1123 } });
  });

  it('no script error, CSP refusal or failed resource on any screen', () => {
    const all = [...problems, ...watched.flatMap((w) => w.problems)];
    expect(all, all.join('\n')).to.deep.equal([]);
  });
});
