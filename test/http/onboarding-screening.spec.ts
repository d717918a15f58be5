import { expect } from 'chai';
import { verifyRun } from '../../src/queries/audit.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createCustomer, pfBody } from './customers-support.js';
import { createTemplate, eventually, getJson, type Json } from './runs-support.js';
import { SAMPLE_LISTS, uploadSampleLists } from './screening-support.js';

/**
 * Issue 28: a customer's onboarding run screens the lists with what the customer was registered
 * with (birth date, nationality, address): a homonym born decades apart is not auto-blocked.
 * OFAC's "ABBAS, Abu" (entry 2674) was born 10 Dec 1948.
 */
describe('onboarding runs screen with the customer’s birth date (issue 28)', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: string;
  let template: string;

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    const tenant = await createTenant(service, 'Onboarding lists');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, {
      name: 'Sanções', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'sanctions', tier: 1 }],
      rules: [{ check_id: 'sanctions_hit', on_invalid: 'block' }], risk_thresholds: { medio: 30, alto: 60 },
    } as never);
    await uploadSampleLists(service, SAMPLE_LISTS.filter(([id]) => id === 'ofac_sdn'));
  });
  after(async () => service.close());

  /** Creates the customer with its run and waits for the run to end. */
  const onboard = async (doc: string, extra: Json): Promise<{ run: Json; runId: string }> => {
    const created = await createCustomer(service, live, pfBody(doc, { name: 'Abu Abbas', run_bureau: true, template_id: template, ...extra }));
    const runId = String(created['run_id']);
    let run: Json = {};
    await eventually(async () => {
      run = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(run['status']);
    }, 15_000);
    return { run, runId };
  };
  const sanctionsAnswer = async (runId: string) => (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered' && e.data['source_id'] === 'sanctions')!.data as Json;

  it('a birth date that disagrees with the entry’s: not blocked, the entry a near miss; verify-run re-derives it', async () => {
    const { run, runId } = await onboard('52998224725', { birth_date: '1980-05-02', nationality: 'brasileira', address: { street: 'Rua A', number: '1', city: 'São Paulo', state: 'SP', zip: '01001000' } });
    expect(run['status'], JSON.stringify(run)).to.not.equal('blocked');
    const candidates = (sanctionsAnswer(runId).then((a) => a['data']['screening']['candidates'] as Json[]));
    const entry = (await candidates).find((c) => c['entry_id'] === '2674');
    expect(entry, 'the entry recorded as a near miss').to.include({ match: false });
    const evidence = { blobs: service.services.blobStore, importers: service.services.listImporters };
    const verified = (await verifyRun(service.services.log, runId, evidence))!;
    expect(verified.match, JSON.stringify(verified.lists)).to.equal(true);
  });

  it('the same name with the entry’s birth date: blocked on that entry', async () => {
    const { run, runId } = await onboard('41827593628', { birth_date: '1948-12-10' });
    expect(run['status'], JSON.stringify(run)).to.equal('blocked');
    const candidates = (await sanctionsAnswer(runId))['data']['screening']['candidates'] as Json[];
    expect(candidates[0]).to.include({ entry_id: '2674', match: true });
  });
});
