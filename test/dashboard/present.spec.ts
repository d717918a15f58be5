import { expect } from 'chai';
import { maximumCost } from '../../src/domain/run/evaluate.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { creditsText } from '../../src/http/dashboard/present.js';
import { date, dateTime, money } from '../../src/reports/html.js';
import { dashboardUser } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, PNG, uploadOk } from '../http/customers-support.js';
import { cpf, createRun, pfSubject, pjSubject, startRunsService, waitForRun, type Json } from '../http/runs-support.js';
import { attributesOf, sectionOf, team, textOf, type Team } from './screens-support.js';

/**
 * Issue 28, what an analyst must see: times in Brasília, Portuguese everywhere (raw codes only as
 * tooltips), the run page with the completo report's data, the customer page with what was
 * registered and the selfie beside the ID, search, and the credits.
 */

/** The text a person reads: no tags, no attributes (a title tooltip is where a raw code may be). */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Codes that must never be read as words on a screen (case-sensitive: "Baixo" is the label of "baixo"). */
const RAW_CODES = [
  'pending_review',
  'completed',
  'blocked',
  'partial',
  'failed',
  'approved',
  'rejected',
  'em_analise',
  'rascunho',
  'em_monitoramento',
  'identidade_frente',
  'selfie',
  'receita_cpf',
  'receita_cnpj',
  'legal_proceedings',
  'negative_media',
  'baixo',
  'medio',
  'alto',
  'CustomerRegistered',
  'DocumentUploaded',
  'RunQueued',
  'RunCompleted',
  'analyst',
  'viewer',
  'UTC',
];

function rawCodesIn(html: string): string[] {
  const text = visibleText(html);
  return RAW_CODES.filter((code) => new RegExp(`(^|[^A-Za-z_])${code}([^A-Za-z_]|$)`).test(text));
}

describe('dashboard: what an analyst must see (issue 28)', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let registeredId: string;
  let failedRun: string;
  let blockedRun: string;
  let heldRun: string;
  let pjRun: string;
  let bureauRun: string;
  let customerRun: string;

  before(async () => {
    service = await startRunsService();
    acme = await team(service, 'Acme');
    other = await team(service, 'Other');
    const registered = await createCustomer(service, acme.key, {
      type: 'pf',
      doc: cpf(281),
      name: 'Joaquina Gonçalves Pereira',
      email: 'joaquina.pereira@example.com',
      phone: '+5511987654321',
      birth_date: '1980-02-03',
      nationality: 'BR',
      occupation: 'Engenheira civil',
      declared_income: '12500.50',
      address: { street: 'Rua das Acácias', number: '120', complement: 'ap. 4', neighborhood: 'Centro', city: 'Campinas', state: 'SP', zip: '13010050' },
      external_id: 'cli-7781',
      metadata: { canal: 'agencia-12' },
      run_bureau: false,
    });
    registeredId = registered['customer_id'] as string;
    await uploadOk(service, acme.key, registeredId, { type: 'identidade_frente', data: PNG, fileName: 'rg-frente.png', mime: 'image/png' });
    await uploadOk(service, acme.key, registeredId, { type: 'selfie', data: PNG, fileName: 'foto-rosto.png', mime: 'image/png' });
    await createCustomer(service, acme.key, { type: 'pf', doc: cpf(282), name: 'Bruno Albuquerque', email: 'bruno@example.org', run_bureau: false });
    await createCustomer(service, other.key, { type: 'pf', doc: cpf(283), name: 'Joaquina de Outro Tenant', email: 'joaquina@other.example', run_bureau: false });
    const withRun = await createCustomer(service, acme.key, { type: 'pf', doc: cpf(284), name: 'Teodoro Runfeld', email: 'teodoro@example.com', run_bureau: true, template_id: acme.pf });
    customerRun = withRun['run_id'] as string;
    await waitForRun(service, acme.key, customerRun);
    failedRun = await createRun(service, acme.key, { template_id: acme.pf, subject: pfSubject('00000000604', 'Fábio Falha') });
    blockedRun = await createRun(service, acme.key, { template_id: acme.pf, subject: pfSubject('00000000272', 'Beatriz Bloqueio') });
    heldRun = await createRun(service, acme.key, { template_id: acme.pf, subject: pfSubject('00000000515', 'Helena Espera') });
    pjRun = await createRun(service, acme.key, { template_id: acme.pj, subject: pjSubject('00000004000170', 'Comercial Aurora Ltda') });
    bureauRun = await createRun(service, acme.key, { template_id: acme.pf, subject: pfSubject(cpf(285), 'Direto da API'), external_id: 'proposta-991' });
    for (const id of [failedRun, blockedRun, heldRun, pjRun, bureauRun]) await waitForRun(service, acme.key, id);
  });
  after(async () => service.close());

  const customerIds = async (query: string) => attributesOf((await acme.viewer.get(`/dashboard/customers?${query}`)).html, 'customer-row', 'data-customer-id');
  const runIds = async (query: string) => attributesOf((await acme.viewer.get(`/dashboard/runs?${query}`)).html, 'run-row', 'data-run-id');

  it('searches customers by a part of the name (any case, any accent), e-mail, external id and document; never another tenant\'s', async () => {
    const page = await acme.viewer.get('/dashboard/customers?q=Joaquina');
    expect(page.status).to.equal(200);
    expect(attributesOf(page.html, 'customer-row', 'data-customer-id')).to.deep.equal([registeredId]);
    expect(await customerIds('q=goncalves')).to.deep.equal([registeredId]);
    expect(await customerIds(`q=${encodeURIComponent('JOAQUINA.PEREIRA@example.com')}`)).to.deep.equal([registeredId]);
    expect(await customerIds('q=cli-7781')).to.deep.equal([registeredId]);
    const formatted = `${cpf(281).slice(0, 3)}.${cpf(281).slice(3, 6)}.${cpf(281).slice(6, 9)}-${cpf(281).slice(9)}`;
    expect(await customerIds(`q=${encodeURIComponent(formatted)}`)).to.deep.equal([registeredId]);
    expect(await customerIds('q=ninguem+com+este+nome')).to.deep.equal([]);
    expect((await acme.viewer.get('/dashboard/customers?q=ninguem')).html).to.contain('Nenhum cliente encontrado para esta busca.');
  });

  it('filters customers by a range of Brasília days; a bad day is a 400 naming it, not a broken page', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await customerIds(`q=Joaquina&from=${today}&to=${today}`)).to.deep.equal([registeredId]);
    expect(await customerIds('q=Joaquina&from=2020-01-01&to=2020-01-31')).to.deep.equal([]);
    const bad = await acme.viewer.get('/dashboard/customers?from=31/02/2026');
    expect(bad.status).to.equal(400);
    expect(bad.html).to.contain('Data inicial inválida');
  });

  it('lists customers with their e-mail and a risk column', async () => {
    const page = await acme.viewer.get('/dashboard/customers');
    expect(page.html).to.contain('<th scope="col">Risco</th>');
    expect(page.html).to.contain('joaquina.pereira@example.com');
    const row = sectionOf(page.html, 'customer-row').split('</tr>')[0]!;
    expect(row).to.contain('data-testid="customer-risk"');
  });

  it('searches runs by the customer\'s name or e-mail, the external id and the document; a date range too', async () => {
    expect(await runIds('q=runfeld')).to.deep.equal([customerRun]);
    expect(await runIds('q=teodoro%40example.com')).to.deep.equal([customerRun]);
    expect(await runIds('q=proposta-991')).to.deep.equal([bureauRun]);
    expect(await runIds(`q=${cpf(285)}`)).to.deep.equal([bureauRun]);
    expect(await runIds('q=00000000272')).to.deep.equal([blockedRun]);
    expect(await runIds('q=runfeld&from=2020-01-01&to=2020-01-02')).to.deep.equal([]);
    expect((await acme.viewer.get('/dashboard/runs?to=2026-13-01')).status).to.equal(400);
  });

  it('a failed run shows no dimension as "Baixo": every one "Sem avaliação"', async () => {
    const page = await acme.viewer.get(`/dashboard/runs/${failedRun}`);
    expect(page.status).to.equal(200);
    expect(textOf(page.html, 'run-band')).to.equal('Sem avaliação');
    const dimensions = sectionOf(page.html, 'run-dimensions');
    expect(dimensions).to.contain('Sem avaliação');
    expect(visibleText(dimensions)).not.to.contain('Baixo');
  });

  it('"Bloqueada" in the danger style; a held run is "Em espera" in the lists, never "Aprovado"', async () => {
    const blocked = await acme.viewer.get(`/dashboard/runs/${blockedRun}`);
    expect(sectionOf(blocked.html, 'run-status')).to.match(/class="badge blocked"[^>]*>Bloqueada</);
    const list = await acme.viewer.get('/dashboard/runs');
    const heldRow = list.html.slice(list.html.indexOf(`data-run-id="${heldRun}"`)).split('</tr>')[0]!;
    expect(visibleText(heldRow)).to.contain('Em espera').and.not.contain('Aprovado');
    const held = await acme.viewer.get(`/dashboard/runs/${heldRun}`);
    expect(textOf(held.html, 'run-operative')).to.match(/^Em espera/);
  });

  it('the run page shows the completo report\'s source data (cadastral data, partners, proceedings), without inline styles', async () => {
    const page = await acme.viewer.get(`/dashboard/runs/${pjRun}`);
    expect(page.status).to.equal(200);
    const sections = attributesOf(page.html, 'run-source-data', 'data-source-id');
    expect(sections).to.include('receita_cnpj').and.include('partners');
    expect(page.html).to.contain('Dados das fontes');
    expect(page.html).not.to.match(/ style="/);
  });

  it('the customer page shows everything registered and the selfie beside the ID, images from the document route', async () => {
    const page = await acme.viewer.get(`/dashboard/customers/${registeredId}`);
    expect(page.status).to.equal(200);
    expect(textOf(page.html, 'registered-email')).to.equal('joaquina.pereira@example.com');
    expect(textOf(page.html, 'registered-phone')).to.equal('+5511987654321');
    expect(textOf(page.html, 'registered-birth_date')).to.equal(date('1980-02-03'));
    expect(textOf(page.html, 'registered-nationality')).to.equal('BR');
    expect(textOf(page.html, 'registered-occupation')).to.equal('Engenheira civil');
    expect(textOf(page.html, 'registered-declared_income').replace(/\s/g, ' ')).to.equal(money(12500.5).replace(/\s/g, ' '));
    expect(textOf(page.html, 'registered-address')).to.equal('Rua das Acácias, 120, ap. 4 — Centro — Campinas/SP — CEP 13010-050');
    expect(textOf(page.html, 'registered-metadata')).to.equal('canal: agencia-12');
    const side = sectionOf(page.html, 'documents-side-by-side');
    expect(side).to.contain('data-testid="side-identity"').and.contain('data-testid="side-selfie"');
    expect(side.indexOf('side-identity')).to.be.lessThan(side.indexOf('side-selfie'));
    expect(side).to.match(new RegExp(`src="/dashboard/customers/${registeredId}/documents/[0-9a-f-]{36}/file"`));
    expect(side).not.to.contain('data:');
    // another tenant's customer stays a 404
    expect((await other.viewer.get(`/dashboard/customers/${registeredId}`)).status).to.equal(404);
  });

  it('times are Brasília times with the zone named', async () => {
    const customer = (await (await service.call(`/api/v1/customers/${registeredId}`, { headers: { 'x-api-key': acme.key } })).json()) as Json;
    const page = await acme.viewer.get(`/dashboard/customers/${registeredId}`);
    expect(page.html).to.contain(dateTime(customer['created_at']));
    expect(dateTime(customer['created_at'])).to.contain('(horário de Brasília)');
  });

  it('the header shows the tenant\'s credit balance; a template shows what a live run costs at most', async () => {
    const added = await service.operator(`/tenants/${acme.tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1234, reason: 'teste' } });
    expect(added.status).to.equal(201);
    const balance = ((await added.json()) as Json)['balance'] as number;
    const page = await acme.viewer.get('/dashboard/customers');
    expect(textOf(page.html, 'tenant-credits')).to.equal(`Saldo: ${creditsText(balance)}`);
    expect(textOf((await other.viewer.get('/dashboard/customers')).html, 'tenant-credits')).to.equal('Saldo: 0 créditos');
    const template = await acme.viewer.get(`/dashboard/templates/${acme.pf}`);
    const cost = maximumCost(REFERENCE_PF);
    expect(textOf(template.html, 'template-max-cost')).to.contain(creditsText(cost)).and.contain(`suficiente para ${Math.floor(balance / cost)} execuç`);
    expect((await acme.viewer.get('/dashboard/templates')).html).to.contain(creditsText(cost));
  });

  it('the audit names each event in Portuguese, its type as the tooltip', async () => {
    const admin = await dashboardUser(service, acme.tenant.tenant_id, 'admin');
    const page = await admin.get('/dashboard/audit?type=CustomerRegistered');
    expect(page.status).to.equal(200);
    expect(page.html).to.match(/data-type="CustomerRegistered" title="CustomerRegistered">Cliente cadastrado</);
    expect(rawCodesIn(page.html)).to.deep.equal([]);
  });

  it('no screen prints a raw code outside a tooltip', async () => {
    const paths = [
      '/dashboard/customers',
      `/dashboard/customers/${registeredId}`,
      '/dashboard/runs',
      `/dashboard/runs/${failedRun}`,
      `/dashboard/runs/${blockedRun}`,
      `/dashboard/runs/${heldRun}`,
      `/dashboard/runs/${pjRun}`,
      `/dashboard/templates/${acme.pf}`,
    ];
    for (const path of paths) {
      const page = await acme.viewer.get(path);
      expect(page.status, path).to.equal(200);
      expect(rawCodesIn(page.html), path).to.deep.equal([]);
    }
  });
});

