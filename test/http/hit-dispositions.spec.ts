import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { verifyRun } from '../../src/queries/audit.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, patchTenant, pfBody } from './customers-support.js';
import { cpf, createTemplate, eventually, getJson, startRunsService, waitForRun, type Json } from './runs-support.js';

const DAY = 24 * 3_600_000;
const HEADER = 'name,schema,doc,birth_date,country,aliases,notes';
const ROGERIO = 'Rogério Tavares Quintanilha,person,529.982.247-25,1975-03-02,BR,,fraude em 2024';
const ZULEIDE = 'Zuleide Prates Amorim,person,,,,,';

/** Hit-level dispositions (issue 28): one memory per customer, written from a run's hit or an alert, honoured by later runs and monitoring. */
describe('hit-level dispositions through HTTP', function () {
  this.timeout(90_000);
  let service: TestService;
  let clock: ManualClock;
  let tenant: TenantFixture;
  let key: string;
  let listId: string;
  let template: string;
  const customers: Record<string, { customer_id: string; run_id: string }> = {};

  const upload = async (text: string) => {
    const form = new FormData();
    form.append('file', new Blob([text]), 'bloqueio.csv');
    const response = await service.operator(`/tenants/${tenant.tenant_id}/lists/${listId}/versions`, { method: 'POST', body: form });
    expect([200, 201], await response.clone().text()).to.include(response.status);
    await service.services.listCatalog.settled();
  };
  const dispose = (runId: string, body: Json) => service.operator(`/runs/${runId}/hits/disposition`, { method: 'POST', json: body });
  const answerOf = async (runId: string) => {
    const answered = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered')!;
    return readableAnswer(answered.data as never) as Json;
  };
  const runsOf = async (customerId: string) => {
    const events = await service.services.log.readStream(`customer-${customerId}`);
    return events.filter((e) => e.type === 'CustomerRunRequested').map((e) => e.data['run_id'] as string);
  };
  const advanceAndSweep = async (ms: number) => {
    clock.advance(ms);
    await service.services.worker.runDue();
    await service.services.worker.idle();
  };
  const alerts = async (status = 'open'): Promise<Json[]> => ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=${status}&limit=100`)).json()) as Json)['data'];
  const monitor = async (customerId: string) => {
    const patched = await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
    expect(patched.status, await patched.clone().text()).to.equal(200);
  };

  before(async () => {
    clock = new ManualClock(new Date());
    service = await startRunsService({ clock, env: { SVC_WORK_POLL_MS: '50' } });
    tenant = await createTenant(service, 'Acme');
    key = (await tenant.key()).api_key;
    listId = ((await (await service.operator(`/tenants/${tenant.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio interno' } })).json()) as Json)['list_id'];
    await upload([HEADER, ROGERIO, ZULEIDE].join('\n'));
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'Listas próprias', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'internal_lists', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    for (const [name, body] of [
      ['rogerio', pfBody('52998224725', { name: 'Rogério Tavares Quintanilha', run_bureau: true, template_id: template })],
      ['zuleide', pfBody(cpf(9002), { name: 'Zuleide Prates Amorim', run_bureau: true, template_id: template })],
    ] as const) {
      const created = await createCustomer(service, key, body);
      customers[name] = { customer_id: created['customer_id'], run_id: created['run_id'] };
      await waitForRun(service, key, created['run_id'], 15_000);
    }
  });
  after(async () => service.close());

  it('GET run lists the list hit; a disposition needs a reason (400), a hit of the run (404 hit_not_found) and a run (404 run_not_found)', async () => {
    const { run_id } = customers['rogerio']!;
    const run = (await (await getJson(service, key, `/bureau/runs/${run_id}`)).json()) as Json;
    expect(run['list_hits']).to.have.length(1);
    expect(run['list_hits'][0]).to.include({ list_id: listId, source_id: 'internal_lists', match: true, disposition: null });
    const entryId = run['list_hits'][0]['entry_id'];
    const noReason = await dispose(run_id, { list_id: listId, entry_id: entryId, disposition: 'false_positive', reason: '  ' });
    expect(noReason.status).to.equal(400);
    expect((await noReason.json()) as Json).to.have.nested.property('error.param', 'reason');
    expect((await dispose(run_id, { list_id: listId, entry_id: entryId, disposition: 'talvez', reason: 'x' })).status).to.equal(400);
    const unknownHit = await dispose(run_id, { list_id: listId, entry_id: 'nope', disposition: 'false_positive', reason: 'x' });
    expect(unknownHit.status).to.equal(404);
    expect(((await unknownHit.json()) as Json)['error']['code']).to.equal('hit_not_found');
    const unknownRun = await dispose('7f1d2b4e-0000-4000-8000-000000000000', { list_id: listId, entry_id: entryId, disposition: 'false_positive', reason: 'x' });
    expect(unknownRun.status).to.equal(404);
    expect(((await unknownRun.json()) as Json)['error']['code']).to.equal('run_not_found');
  });

  it("a hit cleared on a run is remembered for the customer: monitoring raises no alert, the next run records it cleared (VALID cleared_by_analyst) and verify-run agrees; a changed entry is a hit again", async () => {
    const { run_id, customer_id } = customers['rogerio']!;
    const run = (await (await getJson(service, key, `/bureau/runs/${run_id}`)).json()) as Json;
    const entryId = run['list_hits'][0]['entry_id'];
    const cleared = await dispose(run_id, { list_id: listId, entry_id: entryId, disposition: 'false_positive', reason: 'Homônimo: nascido em outra data', analyst: 'ana@acme.com.br' });
    expect(cleared.status, await cleared.clone().text()).to.equal(200);
    expect(((await cleared.json()) as Json)['list_hits'][0]['disposition']).to.include({ disposition: 'false_positive', reason: 'Homônimo: nascido em outra data', by: 'ana@acme.com.br' });
    const memory = (await service.services.log.readStream(`customer-${customer_id}`)).filter((e) => e.type === 'ListHitDisposed');
    expect(memory.map((e) => e.data['from'])).to.deep.equal([{ run_id }]);

    // entering monitoring screens the customer: the cleared entry raises no alert
    await monitor(customer_id);
    await monitor(customers['zuleide']!.customer_id);
    await eventually(async () => {
      expect((await alerts()).map((a) => a['customer_id'])).to.deep.equal([customers['zuleide']!.customer_id]);
    }, 15_000);

    // the periodic review's run screens again with the customer's memory
    await patchTenant(service, tenant.tenant_id, { periodic_review: { baixo: 1, medio: 1, alto: 1 } });
    await advanceAndSweep(2 * DAY);
    let runs: string[] = [];
    await eventually(async () => {
      runs = await runsOf(customer_id);
      expect(runs).to.have.length(2);
    }, 15_000);
    const second = await waitForRun(service, key, runs[1]!, 15_000);
    expect(second['list_hits'][0]).to.have.nested.property('cleared.reason', 'Homônimo: nascido em outra data');
    const answer = await answerOf(runs[1]!);
    expect(answer['checks'][0]).to.include({ status: 'VALID', result_code: 'cleared_by_analyst', result_label: 'Descartado pelo analista' });
    const verified = (await verifyRun(service.services.log, runs[1]!, { blobs: service.services.blobStore, importers: service.services.listImporters }))!;
    expect(verified.match, JSON.stringify(verified.lists)).to.equal(true);

    // the entry changes (new notes): the next run hits it again
    await upload([HEADER, ROGERIO.replace('fraude em 2024', 'fraude reincidente'), ZULEIDE].join('\n'));
    await advanceAndSweep(2 * DAY);
    await eventually(async () => {
      runs = await runsOf(customer_id);
      expect(runs).to.have.length(3);
    }, 15_000);
    await waitForRun(service, key, runs[2]!, 15_000);
    expect((await answerOf(runs[2]!))['checks'][0]).to.include({ status: 'INVALID', result_code: 'listed' });
    expect((await getCustomer(service, key, customer_id))['status']).to.equal('em_monitoramento');
  });

  it('an alert cleared as a false positive: the next run of the customer does not hit that entry', async () => {
    const { customer_id } = customers['zuleide']!;
    // (the changed entry of the test before raised its own alert on the other customer)
    const alert = (await alerts()).find((a) => a['customer_id'] === customer_id);
    const resolved = await service.operator(`/alerts/${alert!['alert_id']}/resolve`, { method: 'POST', json: { resolution: 'false_positive', note: 'Outra pessoa: CPF diferente' } });
    expect(resolved.status, await resolved.clone().text()).to.equal(200);
    const before = (await runsOf(customer_id)).length;
    await advanceAndSweep(2 * DAY);
    let runs: string[] = [];
    await eventually(async () => {
      runs = await runsOf(customer_id);
      expect(runs.length).to.be.greaterThan(before);
    }, 15_000);
    await waitForRun(service, key, runs[runs.length - 1]!, 15_000);
    expect((await answerOf(runs[runs.length - 1]!))['checks'][0]).to.include({ status: 'VALID', result_code: 'cleared_by_analyst' });
  });
  it("an analyst's approval of a blocked run remembers its undecided hits as false positives, with the approval's note", async () => {
    const created = await createCustomer(service, key, pfBody(cpf(9003), { name: 'Zuleide Prates Amorim', run_bureau: true, template_id: template }));
    const blocked = await waitForRun(service, key, created['run_id'], 15_000);
    expect(blocked['status']).to.equal('blocked');
    const reviewed = await service.operator(`/runs/${created['run_id']}/review`, { method: 'POST', json: { decision: 'approved', note: 'Homônima: outra pessoa, CPF diferente.' } });
    expect(reviewed.status, await reviewed.clone().text()).to.equal(200);
    await eventually(async () => {
      const run = (await (await getJson(service, key, `/bureau/runs/${created['run_id']}`)).json()) as Json;
      expect(run['list_hits']).to.have.length(1);
      expect(run['list_hits'][0]['disposition']).to.deep.include({ disposition: 'false_positive', by: 'operator' });
      expect(run['list_hits'][0]['disposition']['reason']).to.contain('Homônima: outra pessoa, CPF diferente.');
    });
    const disposed = (await service.services.log.readStream(`customer-${created['customer_id']}`)).filter((e) => e.type === 'ListHitDisposed');
    expect(disposed.map((e) => [e.data['list_id'], e.data['disposition'], e.data['from']])).to.deep.equal([[listId, 'false_positive', { run_id: created['run_id'] }]]);
  });
});
