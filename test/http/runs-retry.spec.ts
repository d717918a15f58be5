import { expect } from 'chai';
import { verifyRun } from '../../src/queries/audit.js';
import { FlakySource, HELD_TEMPLATE } from '../helpers/flaky-source.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, pfBody } from './customers-support.js';
import { cpf, createTemplate, eventually, getJson, waitForRun, type Json } from './runs-support.js';
import { putEndpoint, startReceiver, until, type Receiver } from './webhooks-support.js';

/** Issue 28: a held run's failed sources asked again through the operator API, billed as usual. */
describe('POST /operator/v1/runs/{run_id}/retry-sources', function () {
  this.timeout(60_000);
  let service: TestService;
  let source: FlakySource;
  let receiver: Receiver;
  let tenant: TenantFixture;
  let live: string;
  let template: string;

  before(async () => {
    source = new FlakySource();
    receiver = await startReceiver();
    service = await startService({ liveSource: source, env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000', SVC_WEBHOOK_ALLOW_INSECURE: 'true' } });
    tenant = await createTenant(service, 'Retry');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    await putEndpoint(service, tenant.tenant_id, 'live', receiver.url());
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, HELD_TEMPLATE as never);
  });
  after(async () => {
    await service.close();
    await receiver.close();
  });

  const retry = (runId: string, body?: Json) => service.operator(`/runs/${runId}/retry-sources`, { method: 'POST', ...(body === undefined ? {} : { json: body }) });
  const balance = async () => ((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json).balance as number;
  const charges = async (prefix: string) =>
    (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => String(e.data['charge_id']).startsWith(prefix)).map((e) => [e.type, e.data['amount']]);
  const webhooksOf = (runId: string) => receiver.received.filter((r) => r.json['event'] === 'run.completed' && r.json['data']?.['id'] === runId).map((r) => r.json['data'] as Json);

  it('a held run (partial, hold) retried: only the failed source asked, completed, charged what answered, a second webhook, the customer follows', async () => {
    source.down = true;
    const created = await createCustomer(service, live, pfBody(cpf(1), { run_bureau: true, template_id: template }));
    const runId = String(created['run_id']);
    const held = await waitForRun(service, live, runId);
    expect(held).to.include({ status: 'partial', operative_decision: 'hold' });
    await eventually(async () => {
      expect(await balance()).to.equal(98);
    });
    await until(() => webhooksOf(runId), (w) => w.length === 1);

    source.down = false;
    source.asked.length = 0;
    const response = await retry(runId);
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    expect(body).to.include({ run_id: runId });
    await eventually(async () => {
      const after = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(after).to.include({ status: 'completed', decision: 'approved', operative_decision: 'approved' });
    }, 10_000);
    expect(source.asked).to.deep.equal(['receita_cpf']);
    // the run's own charge captured 2 (sanctions, pep); the retry's reserved 1 and captured 1
    await eventually(async () => {
      expect(await balance()).to.equal(97);
    });
    expect(await charges(runId)).to.deep.equal([['CreditsReserved', 3], ['CreditsCaptured', 2], ['CreditsReserved', 1], ['CreditsCaptured', 1]]);
    const hooks = await until(() => webhooksOf(runId), (w) => w.length === 2, 10_000);
    expect(hooks.map((h) => [h['status'], h['decision']])).to.deep.equal([['partial', 'approved'], ['completed', 'approved']]);
    const customerId = String(created['customer_id'] ?? created['id']);
    await eventually(async () => {
      const concluded = (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'CustomerRunConcluded');
      expect(concluded.map((e) => e.data['run_status'])).to.deep.equal(['partial', 'completed']);
    });
    // verify-run re-derives the last round's outcome from all the answers, the retried ones replacing the failed
    const verified = (await verifyRun(service.services.log, runId))!;
    expect(verified.match, JSON.stringify(verified)).to.equal(true);
    expect(verified.recorded).to.include({ status: 'completed', decision: 'approved' });
    // ended again: a second retry is refused
    expect((await retry(runId)).status).to.equal(409);
  });

  it("a held run whose failed source was recorded apart from the others: the retry's answer is a new fact, recorded, and the run completes", async () => {
    // the failure comes after the other answers, so it is recorded by a command of its own: the
    // command a retry's answer for that source makes (its event ids taken once for the first round's)
    source.down = true;
    source.failAfterMs = 300;
    let runId: string;
    try {
      runId = String((await createCustomer(service, live, pfBody(cpf(5), { run_bureau: true, template_id: template })))['run_id']);
      expect(await waitForRun(service, live, runId)).to.include({ status: 'partial' });
    } finally {
      source.failAfterMs = 0;
    }
    const answered = async () => (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered').map((e) => String(e.data['source_id']));
    expect((await answered()).at(-1), 'the failure recorded last, alone').to.equal('receita_cpf');
    source.down = false;
    expect((await retry(runId)).status).to.equal(200);
    await eventually(async () => {
      const after = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(after).to.include({ status: 'completed', decision: 'approved' });
    }, 10_000);
    expect((await answered()).filter((id) => id === 'receita_cpf')).to.have.length(2);
  });

  it('404 for an unknown run; 409 for a run that did not fail a source; 400 for a source that did not fail', async () => {
    expect((await retry('00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    source.down = false;
    const ok = await createCustomer(service, live, pfBody(cpf(2), { run_bureau: true, template_id: template }));
    await waitForRun(service, live, String(ok['run_id']));
    const refused = await retry(String(ok['run_id']));
    expect(refused.status).to.equal(409);
    expect(((await refused.json()) as Json)['error']['code']).to.equal('invalid_run_state');
    source.down = true;
    const held = await createCustomer(service, live, pfBody(cpf(3), { run_bureau: true, template_id: template }));
    await waitForRun(service, live, String(held['run_id']));
    const wrong = await retry(String(held['run_id']), { sources: ['pep'] });
    expect(wrong.status).to.equal(400);
    expect((await retry(String(held['run_id']), { sources: 'pep' })).status).to.equal(400);
    expect((await retry(String(held['run_id']), { other: 1 })).status).to.equal(400);
    // a tenant whose billing is suspended retries nothing: 402, the run still held and retryable
    expect((await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { billing_suspended: true } })).status).to.equal(200);
    const suspended = await retry(String(held['run_id']));
    expect(suspended.status).to.equal(402);
    expect(((await suspended.json()) as Json)['error']['code']).to.equal('billing_suspended');
    expect(((await (await getJson(service, live, `/bureau/runs/${String(held['run_id'])}`)).json()) as Json)['status']).to.equal('partial');
    expect((await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { billing_suspended: false } })).status).to.equal(200);
  });
});
