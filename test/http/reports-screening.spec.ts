import { expect } from 'chai';
import { runStream } from '../../src/domain/run/decider.js';
import { pdfText } from '../helpers/pdf.js';
import { createTenant, type TestService } from '../helpers/service.js';
import { localFileUrl, startPdfService } from './reports-support.js';
import { createRun, createTemplate, errorOf, waitForRun, type Json } from './runs-support.js';
import { SAMPLE_LISTS, uploadSampleLists } from './screening-support.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Issue 12: a live run's `completo` report shows what the list sources screened against what. */
describe('completo report of a live run: screening evidence of the list sources', function () {
  this.timeout(90_000);
  let service: TestService;
  let live: string;
  let template: string;

  before(async () => {
    service = await startPdfService();
    const tenant = await createTenant(service, 'Listas no relatório');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, {
      name: 'Sanções',
      subject_type: 'pf',
      parameters: ['name'],
      sources: [{ source_id: 'sanctions', tier: 1 }],
      rules: [],
      risk_thresholds: { medio: 30, alto: 60 },
    } as never);
    await uploadSampleLists(service, SAMPLE_LISTS);
  });
  after(() => service.close());

  /** Runs the template live for a subject, generates its completo report and returns the PDF's text and the recorded screening. */
  async function completo(name: string): Promise<{ text: string; screening: Json }> {
    const runId = await createRun(service, live, { template_id: template, subject: { type: 'pf', doc: '52998224725', name } });
    await waitForRun(service, live, runId, 15_000);
    const generated = await service.operator(`/runs/${runId}/report?mode=completo`, { method: 'POST' });
    expect(generated.status, await generated.clone().text()).to.equal(201);
    const link = await service.call(`/api/v1/bureau/runs/${runId}/report?mode=completo`, { headers: { 'x-api-key': live }, redirect: 'manual' });
    expect(link.status, link.status === 302 ? '' : JSON.stringify(await errorOf(link))).to.equal(302);
    const file = await fetch(localFileUrl(service, link.headers.get('location')!));
    expect(file.status).to.equal(200);
    const answered = (await service.services.log.readStream(runStream(runId))).find((e) => e.type === 'SourceAnswered' && e.data['source_id'] === 'sanctions')!;
    return { text: flat((await pdfText(Buffer.from(await file.arrayBuffer()))).text), screening: (answered.data['data'] as Json)['screening'] as Json };
  }

  it('a sanctions hit: the OFAC version used, the candidate above the threshold with its score and explanation', async () => {
    const { text, screening } = await completo('Ayman al-Zawahiri');
    const ofac = service.services.listCatalog.version('ofac_sdn')!.version;
    expect(screening['lists'][0]).to.include({ version_id: ofac.version_id, sha256: ofac.sha256 });
    expect(text).to.include('Versões das listas consultadas');
    expect(text).to.include(ofac.version_id);
    expect(text).to.include(ofac.sha256);
    const best = screening['candidates'][0] as Json;
    expect(best['match']).to.equal(true);
    expect(text).to.include(flat(`1. ${best['name']}`));
    expect(text).to.include(`entrada ${best['entry_id']}`);
    expect(text).to.include(`pontuação ${(best['score'] as number).toFixed(2).replace('.', ',')}`);
    expect(text).to.include('Acima do limiar');
    expect(text).to.include(flat(String(best['explanation'][0]['detail'])).slice(0, 40));
    expect(text).to.not.include('nada consta.');
  });

  it('a clean subject: the list versions and the no-hit statement', async () => {
    const { text, screening } = await completo('Zuleika Quaresma Vasconcelos Tibúrcio');
    expect(screening['candidates']).to.deep.equal([]);
    expect(text).to.include(service.services.listCatalog.version('ofac_sdn')!.version.version_id);
    expect(text).to.include('Nenhum candidato com pontuação ≥ 0,60 nas listas acima: nada consta.');
  });
});
