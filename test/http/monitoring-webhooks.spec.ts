import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { eventually, sleep, type Json } from './runs-support.js';
import { deliveries, putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

/** Webhook `customer.monitoring_alert` (screening.md section 6): opt-in, signed, ids and score only. */
describe('webhooks: customer.monitoring_alert', function () {
  this.timeout(60_000);
  let service: TestService;
  let rx: Receiver;

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService({ env: { SVC_WORK_POLL_MS: '100' } });
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  /** A tenant with a blocklist naming a customer it then monitors; the customer's id. */
  async function alerted(tenant: TenantFixture, name: string, doc: string): Promise<string> {
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    const listId = ((await (await service.operator(`/tenants/${tenant.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio' } })).json()) as Json)['list_id'];
    const form = new FormData();
    form.append('file', new Blob([`name,schema\n${name},person\n`]), 'b.csv');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/lists/${listId}/versions`, { method: 'POST', body: form })).status).to.equal(201);
    const customer = await createCustomer(service, key, { type: 'pf', doc, name, email: 'x@example.com' });
    const id = customer['customer_id'] as string;
    await eventually(async () => {
      expect((await getCustomer(service, key, id))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    expect((await service.operator(`/customers/${id}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    await eventually(async () => {
      expect((await getCustomer(service, key, id))['open_alerts']).to.equal(1);
    }, 15_000);
    return id;
  }

  it('goes where the endpoint subscribes, signed: data {object, alert_id, customer_id, list_id, entry_id, score, created_at} and nothing personal', async () => {
    const tenant = await createTenant(service, 'Alerts');
    const secret = await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url(), ['customer.monitoring_alert']);
    const customerId = await alerted(tenant, 'Teodoro Valadares Brandão', '52998224725');
    const [received] = await until(() => rx.received.filter((r) => r.json.data?.customer_id === customerId), (r) => r.length === 1, 15_000);
    const { json, body, headers } = received!;
    expect(json).to.include({ object: 'event', event: 'customer.monitoring_alert', livemode: false });
    expect(Object.keys(json.data)).to.deep.equal(['object', 'alert_id', 'customer_id', 'list_id', 'entry_id', 'score', 'created_at']);
    expect(json.data.object).to.equal('monitoring_alert');
    const alert = ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open`)).json()) as Json)['data'][0];
    expect(json.data).to.include({ alert_id: alert.alert_id, list_id: alert.list_id, entry_id: alert.entry_id, score: alert.score });
    expect(body).to.not.match(/Teodoro|Valadares|529982/i);
    expect(new Webhook(secret).verify(body, headers as Record<string, string>)).to.deep.equal(json);
  });

  it('is not sent where the endpoint does not subscribe to it', async () => {
    const tenant = await createTenant(service, 'Quiet');
    await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url('/quiet'));
    const customerId = await alerted(tenant, 'Eulália Marquesini Prado', '11144477735');
    await service.services.worker.idle();
    await sleep(200);
    expect(rx.received.filter((r) => r.json.data?.customer_id === customerId)).to.have.length(0);
    expect((await deliveries(service, tenant.tenant_id)).filter((d) => d['event'] === 'customer.monitoring_alert')).to.deep.equal([]);
  });
});
