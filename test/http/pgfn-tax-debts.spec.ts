import { expect } from 'chai';
import { importQuarter } from '../../src/adapters/pgfn-register/importer.js';
import { SqlitePgfnRegister, SqlitePgfnTarget } from '../../src/adapters/pgfn-register/sqlite.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { money } from '../../src/reports/html.js';
import { completoHtml } from '../../src/reports/run-report.js';
import { buildRunReportModel } from '../../src/reports/run-model.js';
import { cpfWithMiddle, writePgfnQuarter } from '../helpers/pgfn-quarter.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';

const CONSTRUTORA = '27864519000174';

/** Live and sandbox runs of tax_debts: the PGFN register imported from the samples, behind one service. */
describe('tax_debts from the PGFN register', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: string;
  let sandbox: string;
  let pj: string;
  let pf: string;
  let pjHighThreshold: string;
  let tenantId: string;
  let register: SqlitePgfnRegister;

  before(async () => {
    const dataDir = tempDir('pgfn-http-data-');
    await importQuarter(await writePgfnQuarter(tempDir('pgfn-http-zips-'), '2026_trimestre_02'), new SqlitePgfnTarget(dataDir));
    register = new SqlitePgfnRegister(dataDir, { recheckMs: 0 });
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' }, overrides: () => ({ pgfnRegister: register }) });
    const tenant = await createTenant(service, 'Fiscal');
    tenantId = tenant.tenant_id;
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    sandbox = (await tenant.key({ environment: 'sandbox' })).api_key;
    const definition = (subject_type: 'pf' | 'pj', source: Json) =>
      ({ name: `Fiscal ${subject_type}`, subject_type, parameters: ['name'], sources: [{ source_id: 'tax_debts', tier: 2, ...source }], rules: [], risk_thresholds: { medio: 30, alto: 60 } }) as never;
    pj = await createTemplate(service, { tenant_id: tenant.tenant_id }, definition('pj', {}));
    pf = await createTemplate(service, { tenant_id: tenant.tenant_id }, definition('pf', {}));
    pjHighThreshold = await createTemplate(service, { tenant_id: tenant.tenant_id }, definition('pj', { min_total: 5_000_000 }));
  });
  after(async () => {
    await service.close();
    await register.close();
  });

  const run = async (key: string, template: string, subject: Json): Promise<{ runId: string; answer: Json }> => {
    const response = await postRun(service, key, { template_id: template, subject });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    const runId = (JSON.parse(text) as Json)['run_id'] as string;
    await eventually(async () => {
      const body = (await (await getJson(service, key, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    const event = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered' && e.data['source_id'] === 'tax_debts')!;
    return { runId, answer: readableAnswer(event.data as never) as Json };
  };

  it('finds the company by CNPJ with its branch as SOLIDARIO, the co-debtor value counted once, and reports it in pt-BR', async () => {
    const { runId, answer } = await run(live, pj, { type: 'pj', doc: CONSTRUTORA, name: 'Construtora Água Branca Ltda' });
    expect(answer['checks'][0]).to.include({ check_id: 'tax_debts_found', status: 'INVALID', result_code: 'debts_found' });
    expect(answer['data']['register']).to.include({ quarter: '2026_trimestre_02' });
    expect(answer['data']['systems']['nao_previdenciario']).to.include({ count: 1, total: 1845220.37 });
    expect(answer['data']['total']).to.equal(1890938.87);
    expect((answer['data']['inscriptions'] as Json[]).filter((i) => i['numero'] === '7062501234567')).to.have.length(2);
    const analysis = ((await (await getJson(service, live, `/bureau/runs/${runId}/analysis`)).json()) as Json)['analysis'] as Json;
    const finding = (analysis['findings'] as Json[]).find((f) => f['check_id'] === 'tax_debts_found')!;
    expect(finding['detail']).to.include(money(1845220.37)).and.include(money(1890938.87));
    const html = completoHtml(buildRunReportModel(await service.services.log.readStream(`run-${runId}`), 'completo', '2026-07-01T12:00:00.000Z'));
    expect(html).to.include('2º trimestre de 2026').and.include(money(1890938.87)).and.include('Solidário').and.include('14/03/2025');
  });

  it('a total at or under the template threshold is no finding', async () => {
    const { answer } = await run(live, pjHighThreshold, { type: 'pj', doc: CONSTRUTORA, name: 'Construtora Água Branca Ltda' });
    expect(answer['checks'][0]).to.include({ status: 'VALID', result_code: 'below_threshold' });
  });

  it('finds a person by the middle CPF digits and the name; the homonym with other digits and a different name are not found', async () => {
    const { answer } = await run(live, pf, { type: 'pf', doc: cpfWithMiddle('275936'), name: 'José Carlos da Silva Pereira' });
    expect(answer['checks'][0]).to.include({ status: 'INVALID' });
    expect((answer['data']['inscriptions'] as Json[]).map((i) => i['numero']).sort()).to.deep.equal(['7062501234567', 'FGMG000051231']);
    const homonym = await run(live, pf, { type: 'pf', doc: cpfWithMiddle('111222'), name: 'José Carlos da Silva Pereira' });
    expect(homonym.answer['checks'][0]).to.include({ status: 'VALID', result_code: 'none' });
    const other = await run(live, pf, { type: 'pf', doc: cpfWithMiddle('275936'), name: 'Antonio Ferreira Lima' });
    expect(other.answer['checks'][0]).to.include({ status: 'VALID', result_code: 'none' });
  });

  it('answers the sandbox from the fixtures, deterministically', async () => {
    const first = await run(sandbox, pj, { type: 'pj', doc: '00000005000114', name: 'Empresa Devedora Ltda' });
    const second = await run(sandbox, pj, { type: 'pj', doc: '00000005000114', name: 'Empresa Devedora Ltda' });
    expect(first.answer['checks'][0]).to.include({ status: 'INVALID' });
    expect(first.answer['data']['count']).to.equal(3);
    expect(first.answer['data']).to.deep.equal(second.answer['data']);
    const clean = await run(sandbox, pj, { type: 'pj', doc: '00000001000136', name: 'Empresa Limpa Ltda' });
    expect(clean.answer['checks'][0]).to.include({ status: 'VALID', result_code: 'none' });
  });

  it('refuses min_total on another source or below zero (400)', async () => {
    for (const source of [{ source_id: 'sanctions', tier: 1, min_total: 10 }, { source_id: 'tax_debts', tier: 2, min_total: -1 }]) {
      const response = await service.operator('/templates', { method: 'POST', json: { tenant_id: tenantId, name: 'Ruim', subject_type: 'pj', sources: [source] } });
      expect(response.status).to.equal(400);
    }
  });
});
