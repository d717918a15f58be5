import { expect } from 'chai';
import { importDump } from '../../src/adapters/cnpj-register/importer.js';
import { SqliteRegisterTarget } from '../../src/adapters/cnpj-register/sqlite.js';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, socio, writeDump } from '../helpers/cnpj-dump.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createTemplate, eventually, postRun, sourceAnswersOf, type Json } from './runs-support.js';

const ROOT = cnpjOf('31222333');
const HOLDING = cnpjOf('41555666');
/** a company opened in June: only the June month knows it */
const NEW = cnpjOf('51777888');
const month = (razao: string) => ({
  ...LOOKUPS,
  empresas: [empresa('31222333', razao), empresa('41555666', 'HOLDING BETA S.A.'), empresa('51777888', 'EMPRESA NOVA LTDA')],
  estabelecimentos: [estabelecimento(ROOT), estabelecimento(HOLDING), ...(razao.includes('JUNHO') ? [estabelecimento(NEW)] : [])],
  // the company held by a holding, the holding by a person: two levels from the subject
  socios: [socio('31222333', { 2: '1', 3: 'HOLDING BETA S.A.', 4: HOLDING }), socio('41555666', { 3: 'MARIA DAS DORES LIMA', 4: '***123456**' })],
  simples: [],
});

/** The service as `npm start` runs it: the register is the embedded store's, imported beside it by the CLI's code. */
describe('receita_cnpj and partners from the embedded CNPJ register (no override)', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: string;
  let template: string;
  const dataDir = tempDir('cnpj-embedded-');
  const dumps = tempDir('cnpj-embedded-dumps-');

  before(async () => {
    await importDump(await writeDump(dumps, '2026-05', month('EMPRESA MAIO LTDA')), new SqliteRegisterTarget(dataDir));
    service = await startService({ dataDir, env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    const tenant = await createTenant(service, 'Embedded register');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    const sources = [
      { source_id: 'receita_cnpj', tier: 1 },
      { source_id: 'partners', tier: 2 },
    ];
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'PJ cadastro', subject_type: 'pj', parameters: ['name'], sources, rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
  });
  after(async () => service?.close());

  const answered = async (name: string, doc = ROOT): Promise<Record<string, Json>> => {
    const response = await postRun(service, live, { template_id: template, subject: { type: 'pj', doc, name } });
    expect(response.status).to.equal(202);
    const runId = ((await response.json()) as Json)['run_id'] as string;
    return sourceAnswersOf(service, live, runId);
  };

  it('answers from the loaded month, then from a month imported while the service runs', async () => {
    const may = await answered('Empresa Maio Ltda');
    expect(may['receita_cnpj']!['data']['register']).to.include({ month: '2026-05' });
    expect(may['receita_cnpj']!['checks'].map((c: Json) => [c['check_id'], c['status']])).to.deep.equal([
      ['cnpj_active', 'VALID'],
      ['name_match', 'VALID'],
    ]);
    expect((may['partners']!['data']['partners'] as Json[]).map((p) => [p['name'], p['level'], p['doc']])).to.deep.equal([
      ['HOLDING BETA S.A.', 1, HOLDING],
      ['MARIA DAS DORES LIMA', 2, '***123456**'],
    ]);

    const unknown = await answered('Empresa Nova Ltda', NEW);
    expect(unknown['receita_cnpj']!['checks'].map((c: Json) => [c['check_id'], c['status'], c['result_code']])).to.deep.equal([
      ['cnpj_active', 'NO_DATA', 'no_record'],
      ['name_match', 'NO_DATA', 'no_record'],
    ]);

    // another process (the CLI, another instance's scheduled fetch) swaps in June: the service follows
    // (answers already given stay cached for the source's 24 h, as decisions.md sets; they name their month)
    await importDump(await writeDump(dumps, '2026-06', month('EMPRESA JUNHO LTDA')), new SqliteRegisterTarget(dataDir));
    await eventually(async () => {
      const june = await answered('Empresa Nova Ltda', NEW);
      expect(june['receita_cnpj']!['data']['register']).to.include({ month: '2026-06' });
      expect(june['receita_cnpj']!['data']['razao_social']).to.equal('EMPRESA NOVA LTDA');
    }, 20_000);
  });
});
