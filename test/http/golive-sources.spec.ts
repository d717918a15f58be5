import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { dashboardUser } from '../helpers/dashboard.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createTemplate, pfSubject, waitForRun, world, type Json, type World } from './runs-support.js';
import { uploadSampleLists } from './screening-support.js';
import { nodeArgs } from '../helpers/node-child.js';


/**
 * Going live without surprises (issue 28): a live source no provider serves names the settings
 * that would serve it and the command that checks them, in the source's answer, the run's
 * incomplete sources and the dashboard; `npm run doctor` prints each live source, list and
 * setting as OK or MISSING.
 */
describe('an unconfigured live source names its settings and the doctor command', function () {
  this.timeout(60_000);
  let service: TestService;
  let w: World;
  let live: string;
  let runId: string;

  before(async () => {
    service = await startService({ env: { SVC_SANDBOX_LATENCY_MS: '0' } });
    w = await world(service, 'Golive fontes');
    await service.operator(`/tenants/${w.tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } });
    live = (await w.tenant.key({ environment: 'live' })).api_key;
    const pf = await createTemplate(service, { tenant_id: w.tenant.tenant_id }, REFERENCE_PF);
    const created = await service.call('/api/v1/bureau/runs', { method: 'POST', headers: { 'x-api-key': live }, json: { template_id: pf, subject: pfSubject('52998224725') } });
    expect(created.status, await created.clone().text()).to.equal(202);
    runId = ((await created.json()) as Json)['run_id'];
    await waitForRun(service, live, runId);
  });
  after(async () => service.close());

  const get = async (path: string) => (await (await service.call(`/api/v1${path}`, { headers: { 'x-api-key': live } })).json()) as Json;

  it("the run's incomplete sources and its detail carry the message: SVC_SOURCE_<ID>_URL, SVC_SOURCE_PROVIDER_URL, npm run doctor", async () => {
    const incomplete = (await get(`/bureau/runs/${runId}/analysis`))['analysis']['incomplete_sources'] as Json[];
    const cpf = incomplete.find((s) => s['source_id'] === 'receita_cpf')!;
    expect(cpf).to.include({ error_code: 'source_not_configured' });
    expect(cpf['error_message']).to.contain('SVC_SOURCE_RECEITA_CPF_URL').and.contain('SVC_SOURCE_PROVIDER_URL').and.contain('npm run doctor');
    for (const id of ['legal_proceedings', 'negative_media']) {
      expect(incomplete.find((s) => s['source_id'] === id)?.['error_message'], id).to.contain(`SVC_SOURCE_${id.toUpperCase()}_URL`);
    }
    const detail = (await get(`/bureau/runs/${runId}/detail`))['sources'] as Json[];
    expect(detail.find((s) => s['source_id'] === 'receita_cpf')?.['error_message']).to.equal(cpf['error_message']);
  });

  it('the dashboard run page shows it', async () => {
    const admin = await dashboardUser(service, w.tenant.tenant_id, 'admin');
    const page = await admin.get(`/dashboard/runs/${runId}`);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('SVC_SOURCE_RECEITA_CPF_URL').and.contain('npm run doctor');
  });
});

describe('npm run doctor', function () {
  this.timeout(120_000);
  const env = { SVC_SECRET_KEY: 'test-secret-key', SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false' };
  const doctor = (dataDir: string, extra: Record<string, string> = {}) => {
    const { PATH, HOME } = process.env;
    const run = spawnSync(process.execPath, [...nodeArgs('scripts/doctor.ts')], { env: { PATH, HOME, SVC_DATA_DIR: dataDir, ...env, ...extra }, encoding: 'utf8' });
    const lines = run.stdout.split('\n').filter(Boolean);
    const line = (kind: string, id: string) => lines.find((l) => new RegExp(`^(OK|MISSING)\\s+${kind}\\s+${id}\\s`).test(l)) ?? '';
    return { status: run.status, stdout: run.stdout, stderr: run.stderr, line };
  };

  it('on an empty store without providers: every provider source and list MISSING with what fixes it, exit 1', () => {
    const result = doctor(tempDir());
    expect(result.status, result.stderr).to.equal(1);
    expect(result.line('source', 'receita_cpf')).to.match(/^MISSING/).and.contain('SVC_SOURCE_RECEITA_CPF_URL').and.contain('SVC_SOURCE_PROVIDER_URL');
    expect(result.line('source', 'sanctions')).to.match(/^MISSING/).and.contain('npm run lists -- import');
    expect(result.line('list', 'ofac_sdn')).to.match(/^MISSING/).and.contain('npm run lists -- import ofac_sdn');
    expect(result.line('setting', 'SVC_SOURCE_PROVIDER_URL')).to.match(/^MISSING/);
    expect(result.stdout).to.contain('item(ns) faltando');
  });

  it('with a provider and lists loaded: those lines OK, naming the setting that serves each source; never a secret', async () => {
    const dataDir = tempDir();
    const service = await startService({ dataDir });
    await uploadSampleLists(service, [['br_pep', ['br/202610_PEP.zip']]]);
    await service.close();
    const result = doctor(dataDir, { SVC_SOURCE_PROVIDER_URL: 'http://gateway.example/fontes', SVC_SOURCE_RECEITA_CPF_URL: 'https://user:pw@cpf.example/consulta', SVC_SOURCE_PROVIDER_TOKEN: 'tok_secreto', SVC_OPERATOR_TOKEN: 'op_secreto' });
    expect(result.line('source', 'receita_cpf')).to.match(/^OK/).and.contain('SVC_SOURCE_RECEITA_CPF_URL=https://cpf.example/consulta');
    expect(result.line('source', 'legal_proceedings')).to.match(/^OK/).and.contain('SVC_SOURCE_PROVIDER_URL=http://gateway.example/fontes/legal_proceedings');
    expect(result.line('source', 'pep')).to.match(/^OK/).and.contain('br_pep');
    expect(result.line('list', 'br_pep')).to.match(/^OK/).and.contain('8 registros');
    expect(result.line('setting', 'SVC_OPERATOR_TOKEN')).to.match(/^OK/);
    expect(result.stdout).to.not.contain('tok_secreto').and.not.contain('op_secreto').and.not.contain('pw@');
  });
});
