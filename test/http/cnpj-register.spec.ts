import { expect } from 'chai';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';
import type { SourceRequest } from '../../src/adapters/sources/port.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { completoHtml } from '../../src/reports/run-report.js';
import { buildRunReportModel } from '../../src/reports/run-model.js';
import { companyPartner, establishment, fakeCnpjRegister, partner } from '../helpers/fake-cnpj-register.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { SAMPLE_LISTS, uploadSampleLists } from './screening-support.js';

const ROOT = withCheckDigits('112223330001');
const HOLDING = withCheckDigits('445556660001');

/** A company whose QSA holds a PEP (masked CPF agreeing with br_pep) and, one level down, a person on OFAC's SDN list. */
const register = fakeCnpjRegister({
  month: '2026-05',
  establishments: [establishment(ROOT), establishment(HOLDING, { razao_social: 'HOLDING ALFA PARTICIPACOES S.A.' })],
  partners: [
    partner(ROOT.slice(0, 8), 'JOSÉ CARLOS DA SILVA PEREIRA', { documento: '***275936**' }),
    companyPartner(ROOT.slice(0, 8), 'HOLDING ALFA PARTICIPACOES S.A.', HOLDING),
    partner(HOLDING.slice(0, 8), 'AYMAN AL ZAWAHIRI', { identificador: '3', documento: null, pais: { code: '175', description: 'EGITO' } }),
  ],
});

/** Live runs of a PJ template answered by the CNPJ register (the fake behind the port), screened against real list versions. */
describe('receita_cnpj and partners from the CNPJ register', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: string;
  let sandbox: string;
  let template: string;

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' }, overrides: () => ({ cnpjRegister: register }) });
    const tenant = await createTenant(service, 'Register');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    sandbox = (await tenant.key({ environment: 'sandbox' })).api_key;
    const sources = [
      { source_id: 'receita_cnpj', tier: 1 },
      { source_id: 'partners', tier: 2 },
    ];
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'PJ cadastro', subject_type: 'pj', parameters: ['name'], sources, rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    await uploadSampleLists(service, SAMPLE_LISTS);
    await eventually(async () => {
      for (const list of ['ofac_sdn', 'br_pep']) expect(service.services.listCatalog.version(list), list).to.not.equal(null);
    }, 20_000);
  });
  after(async () => service.close());

  /** Runs the template and returns the run id once it has ended. */
  const run = async (key: string, subject: Json): Promise<string> => {
    const response = await postRun(service, key, { template_id: template, subject: { type: 'pj', ...subject } });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    const runId = (JSON.parse(text) as Json)['run_id'] as string;
    await eventually(async () => {
      const body = (await (await getJson(service, key, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    return runId;
  };
  const answers = async (runId: string): Promise<Record<string, Json>> => {
    const events = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
    return Object.fromEntries(events.map((e) => [String(e.data['source_id']), readableAnswer(e.data as never) as Json]));
  };

  it('a live run answers from the register: the analysis profile, and findings for the PEP partner and the sanctioned partner at level 2', async () => {
    const runId = await run(live, { doc: ROOT, name: 'Comercial Aurora Ltda' });
    const recorded = await answers(runId);
    expect(recorded['receita_cnpj']!['data']['register']).to.include({ month: '2026-05' });
    const partners = recorded['partners']!['data']['partners'] as Json[];
    expect(partners.map((p) => [p['name'], p['level'], p['sanctions_lists'], p['pep']])).to.deep.equal([
      ['JOSÉ CARLOS DA SILVA PEREIRA', 1, [], true],
      ['HOLDING ALFA PARTICIPACOES S.A.', 1, [], false],
      ['AYMAN AL ZAWAHIRI', 2, ['ofac_sdn'], false],
    ]);
    const versions = (recorded['partners']!['data']['partner_screening']['lists'] as Json[]).map((l) => l['version_id']);
    expect(versions).to.include(service.services.listCatalog.version('br_pep')!.version.version_id);
    // each candidate names the version of its list; one below the threshold says why (issue 26)
    const candidates = partners.flatMap((p) => p['candidates'] as Json[]);
    expect(candidates.length).to.be.greaterThan(0);
    for (const c of candidates) {
      expect(c['version_id']).to.equal(service.services.listCatalog.version(c['list_id'])!.version.version_id);
      if (c['match']) expect(c).to.not.have.property('reason');
      else expect(c['reason']).to.match(/abaixo do limiar/);
    }

    const analysis = ((await (await getJson(service, live, `/bureau/runs/${runId}/analysis`)).json()) as Json)['analysis'] as Json;
    const field = (label: string) => (analysis['subject_profile']['fields'] as Json[]).find((f) => f['label'] === label)?.['value'];
    expect(field('razao_social')).to.equal('COMERCIAL AURORA LTDA');
    expect(field('nome_fantasia')).to.equal('AURORA');
    expect(field('natureza_juridica')).to.equal('2062 - Sociedade Empresária Limitada');
    expect(field('porte')).to.equal('Empresa de pequeno porte');
    expect(field('capital_social')).to.equal('150000');
    expect(field('abertura')).to.equal('2015-03-10');
    expect(field('endereco')).to.equal('RUA DAS FLORES, 120, SALA 2 — CENTRO — SAO PAULO/SP — CEP 01310-100');
    expect(field('fonte')).to.equal('Receita Federal — Dados abertos do CNPJ, publicação 2026-05');
    expect(analysis['subject_profile']['cnaes'][0]).to.equal('4711-3/02 - Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados');
    const findings = analysis['findings'] as Json[];
    expect(findings.map((f) => [f['check_id'], f['severity']]).sort()).to.deep.equal([
      ['partners_pep', 'high'],
      ['partners_sanctions', 'high'],
    ]);
    expect(findings.find((f) => f['check_id'] === 'partners_sanctions')!['detail']).to.match(/^AYMAN AL ZAWAHIRI \(Sócio-Administrador, nível 2\) consta na lista ofac_sdn: entrada \S+ "[^"]+", pontuação \d,\d\d\.$/);
    expect(findings.find((f) => f['check_id'] === 'partners_pep')!['detail']).to.include('JOSÉ CARLOS DA SILVA PEREIRA').and.include('br_pep');
    expect(analysis['decision']).to.equal('review');
  });

  it('the completo report of that run draws the partner graph from the register data', async () => {
    const runId = await run(live, { doc: ROOT, name: 'Comercial Aurora Ltda' });
    const model = buildRunReportModel(await service.services.log.readStream(`run-${runId}`), 'completo', '2026-06-01T12:00:00.000Z');
    const html = completoHtml(model);
    expect(html).to.include('aria-label="Grafo societário"');
    for (const name of ['COMERCIAL AURORA LTDA', 'JOSÉ CARLOS DA SILVA PEREIRA', 'HOLDING ALFA PARTICIPACOES S.A.', 'AYMAN AL ZAWAHIRI']) expect(html).to.include(`>${name}</text>`);
    expect(html).to.include('SANÇÕES').and.include('>PEP</text>');
    expect(html).to.include('Receita Federal — Dados abertos do CNPJ, publicação 2026-05');
  });

  it('a sandbox run never reads the register: its answers are the fixtures, unchanged', async () => {
    const views = register.views;
    const runId = await run(sandbox, { doc: '00000001000136', name: 'Empresa Exemplo Ltda' });
    const recorded = await answers(runId);
    expect(register.views).to.equal(views);
    const fixtures = new SandboxSource({ latencyMs: 0 });
    for (const sourceId of ['receita_cnpj', 'partners']) {
      const expected = await fixtures.query({ run_id: runId, tenant_id: 't', source_id: sourceId, subject: { type: 'pj', doc: '00000001000136', name: 'Empresa Exemplo Ltda' } } as SourceRequest, new AbortController().signal);
      expect(recorded[sourceId]!['data'], sourceId).to.deep.equal(expected.data);
      expect(recorded[sourceId]!['checks'], sourceId).to.deep.equal(expected.checks);
    }
  });
});
