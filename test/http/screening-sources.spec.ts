import { expect } from 'chai';
import { verifyRun } from '../../src/queries/audit.js';
import { MATCHER_VERSION } from '../../src/domain/screening/match/score.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { SAMPLE_LISTS, uploadSampleLists } from './screening-support.js';

/** Live runs: the sanctions, PEP and CEIS/CNEP sources answered from the loaded lists (screening.md section 5). */
describe('live sources served from the lists', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: string;
  let template: string;
  let slaveTemplate: string;
  let pjTemplate: string;
  let tenantId: string;

  before(async () => {
    // no live source override: the service's own (lists, then the unconfigured provider)
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    const tenant = await createTenant(service, 'Live lists');
    tenantId = tenant.tenant_id;
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    const sources = [
      { source_id: 'sanctions', tier: 1 },
      { source_id: 'pep', tier: 2 },
    ];
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'Listas', subject_type: 'pf', parameters: ['name'], sources, rules: [{ check_id: 'sanctions_hit', on_invalid: 'block' }], risk_thresholds: { medio: 30, alto: 60 } } as never);
    pjTemplate = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'PJ listas', subject_type: 'pj', parameters: ['name'], sources: [{ source_id: 'ceis_cnep', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    slaveTemplate = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'MTE', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'slave_labor_list', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    await uploadSampleLists(service, SAMPLE_LISTS);
  });
  after(async () => service.close());

  let lastRun = '';
  /** Runs the template for a subject and returns the recorded answers by source. */
  const run = async (templateId: string, subject: Json, type = 'pf'): Promise<Record<string, Json>> => {
    const response = await postRun(service, live, { template_id: templateId, subject: { type, ...subject } });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    const runId = (JSON.parse(text) as Json)['run_id'] as string;
    lastRun = runId;
    await eventually(async () => {
      const body = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    const answers = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
    // the findings' texts are stored apart (sealed): read them back as the views do
    return Object.fromEntries(answers.map((e) => [String(e.data['source_id']), readableAnswer(e.data as never) as Json]));
  };
  const checkOf = (answer: Json) => (answer['checks'] as Json[])[0]!;

  it('a PEP (P1): an INVALID finding naming list, entry, matched name and score; the list versions and candidates recorded', async () => {
    const answers = await run(template, { doc: '41827593628', name: 'José Carlos da Silva Pereira' });
    const pep = checkOf(answers['pep']!);
    expect(pep).to.include({ check_id: 'is_pep', status: 'INVALID', severity: 'high' });
    expect(pep['title']).to.equal('Pessoa exposta politicamente (PEP – Pessoas Expostas Politicamente (CGU))');
    expect(pep['detail']).to.match(/^"JOS[ÉE] CARLOS DA SILVA PEREIRA" na lista PEP – Pessoas Expostas Politicamente \(CGU\) \(entrada \S+\), pontuação \d,\d\d\. Cargo\(s\): SECRETÁRIO MUNICIPAL \(SECMUN\) — MUN\. DE JANUÁRIA-MG\. PEP até 31\/12\/2027\.$/);
    const sanctions = checkOf(answers['sanctions']!);
    expect(sanctions).to.include({ check_id: 'sanctions_hit', status: 'VALID' });
    expect(answers['sanctions']!['data']['screening']['lists'].map((l: Json) => l['list_id'])).to.deep.equal(['ofac_sdn']);
  });

  it('a person on CEIS by CPF: ceis_cnep answers for pf subjects too (screening.md section 5)', async () => {
    const pfCeis = await createTemplate(service, { tenant_id: tenantId }, { name: 'PF CEIS', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'ceis_cnep', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    const answers = await run(pfCeis, { doc: '55264091390', name: 'Antônio Ferreira Lima' });
    expect(checkOf(answers['ceis_cnep']!)).to.include({ check_id: 'ceis_cnep_listed', status: 'INVALID' });
    expect(answers['ceis_cnep']!['data']['screening']['candidates'][0]).to.include({ list_id: 'br_ceis', score: 1 });
  });

  it('a company on CEIS by its CNPJ (C1): INVALID, a document match recorded with the list version', async () => {
    const answers = await run(pjTemplate, { doc: '27864519000174', name: 'Construtora Agua Branca Ltda' }, 'pj');
    const ceis = checkOf(answers['ceis_cnep']!);
    expect(ceis).to.include({ check_id: 'ceis_cnep_listed', status: 'INVALID', severity: 'high' });
    const screening = answers['ceis_cnep']!['data']['screening'] as Json;
    expect(screening['lists'].map((l: Json) => l['list_id'])).to.deep.equal(['br_ceis']);
    expect(screening['lists'][0]['version_id']).to.equal(service.services.listCatalog.version('br_ceis')!.version.version_id);
    const best = screening['candidates'][0] as Json;
    expect(best).to.include({ list_id: 'br_ceis', score: 1, match: true });
    expect((best['explanation'] as Json[]).map((e) => e['feature'])).to.include('doc_exact');
  });

  it('verify-run re-derives each list answer from the list versions it recorded; without their files it cannot', async () => {
    await run(template, { doc: '41827593628', name: 'José Carlos da Silva Pereira' });
    const evidence = { blobs: service.services.blobStore, importers: service.services.listImporters };
    const verified = (await verifyRun(service.services.log, lastRun, evidence))!;
    expect(verified.match, JSON.stringify(verified.lists)).to.equal(true);
    expect(verified.lists.map((l) => l.source_id).sort()).to.deep.equal(['pep', 'sanctions']);
    expect(verified.lists.find((l) => l.source_id === 'pep')!.recorded).to.deep.include({ status: 'INVALID' });
    // the PEP version's raw file gone: the answer can no longer be re-derived, and verify-run says so
    const pep = service.services.listCatalog.version('br_pep')!.version;
    const missing = { blobs: { ...evidence.blobs, get: async (key: string) => (key.endsWith(pep.files[0]!.sha256) ? null : evidence.blobs.get(key)) } as typeof evidence.blobs, importers: evidence.importers };
    const broken = (await verifyRun(service.services.log, lastRun, missing))!;
    expect(broken.match).to.equal(false);
    expect(broken.lists.find((l) => l.source_id === 'pep')!.match).to.equal(false);
  });

  it('verify-run does not compare an answer recorded under other scoring rules: it says which rules recorded it', async () => {
    await run(template, { doc: '41827593628', name: 'José Carlos da Silva Pereira' });
    const evidence = { blobs: service.services.blobStore, importers: service.services.listImporters };
    const current = (await verifyRun(service.services.log, lastRun, evidence))!;
    expect(current.lists.every((l) => l.comparable && l.matcher_version.recorded === MATCHER_VERSION)).to.equal(true);
    // the same run as an older service recorded it: no matcher_version in its evidence
    const log = service.services.log;
    const older = {
      ...log,
      readStream: async (stream: string) =>
        (await log.readStream(stream)).map((e) => {
          const screening = (e.data as { data?: { screening?: Json } }).data?.screening;
          if (e.type !== 'SourceAnswered' || !screening) return e;
          const { matcher_version: _dropped, ...rest } = screening;
          return { ...e, data: { ...e.data, data: { ...(e.data as { data: Json }).data, screening: rest } } };
        }),
    } as typeof log;
    const verified = (await verifyRun(older, lastRun, evidence))!;
    expect(verified.lists.map((l) => [l.source_id, l.comparable, l.matcher_version.recorded])).to.have.deep.members([
      ['pep', false, null],
      ['sanctions', false, null],
    ]);
    // the run's own outcome still verifies; the list answers are reported, not held against it
    expect(verified.match).to.equal(true);
  });

  it('a name on OFAC is a critical sanctions hit', async () => {
    const answers = await run(template, { doc: '52998224725', name: 'Ayman al-Zawahiri' });
    const sanctions = checkOf(answers['sanctions']!);
    expect(sanctions).to.include({ check_id: 'sanctions_hit', status: 'INVALID', severity: 'critical' });
    expect(sanctions['title']).to.equal('Consta em lista de sanções (OFAC – Lista SDN (EUA))');
  });

  it('a near miss on OFAC is recorded with the list version it was found in and the reason it fell short (issue 26)', async () => {
    // the listed name with its family name one letter short: resembles AL-ZAWAHIRI, Ayman, below the threshold
    const answers = await run(template, { doc: '52998224725', name: 'Ayman Zawahi Rabie' });
    expect(checkOf(answers['sanctions']!)).to.include({ check_id: 'sanctions_hit', status: 'VALID' });
    const screening = answers['sanctions']!['data']['screening'] as Json;
    const ofacVersion = service.services.listCatalog.version('ofac_sdn')!.version.version_id;
    const near = (screening['candidates'] as Json[]).find((c) => c['entry_id'] === '2676');
    expect(near, JSON.stringify(screening['candidates'])).to.include({ list_id: 'ofac_sdn', version_id: ofacVersion, match: false });
    expect(near!['score']).to.be.below(screening['threshold']).and.at.least(screening['threshold'] * 0.75);
    expect(near!['reason']).to.be.a('string').and.match(/abaixo do limiar 0,80/);
    for (const c of screening['candidates'] as Json[]) expect(c['version_id']).to.equal(ofacVersion);
  });

  it('a hit records its version and no reason', async () => {
    const answers = await run(template, { doc: '52998224725', name: 'Ayman al-Zawahiri' });
    const best = answers['sanctions']!['data']['screening']['candidates'][0] as Json;
    expect(best).to.include({ entry_id: '2676', match: true, version_id: service.services.listCatalog.version('ofac_sdn')!.version.version_id });
    expect(best).to.not.have.property('reason');
  });

  it('a subject on no list: every list source VALID', async () => {
    const answers = await run(template, { doc: '52998224725', name: 'Zuleika Quaresma Vasconcelos Tibúrcio' });
    for (const source of ['sanctions', 'pep']) expect(checkOf(answers[source]!), source).to.include({ status: 'VALID' });
  });

  it('none of a source’s lists loaded: ERROR list_not_loaded', async () => {
    const answers = await run(slaveTemplate, { doc: '52998224725', name: 'Maria da Silva' });
    expect(answers['slave_labor_list']).to.include({ status: 'ERROR', error_code: 'list_not_loaded' });
  });
});
