import { expect } from 'chai';
import { secondsBetween } from '../../src/queries/list-latency.js';
import { AlertDeliveriesReactor } from '../../src/reactors/alert-deliveries.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { unFile } from './evidence-support.js';
import { eventually, type Json } from './runs-support.js';
import { putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

const V1_PUBLISHED = '2026-11-27T10:00:09.554Z';
const V2_PUBLISHED = '2026-11-27T11:00:09.554Z';

/**
 * The evidence of "sem demora" (issue 29): a UN version uploaded through the operator API
 * designates a monitored customer; the alert's webhook reaches a local receiver; the delivery is
 * recorded on the customer's stream (audit API, alert view) and the list's latency endpoint
 * summarises publication, import, sweep, alert and delivery per version.
 */
describe('GET /operator/v1/lists/{list_id}/latency and the alerts\' delivery evidence', function () {
  this.timeout(120_000);
  let service: TestService;
  let rx: Receiver;
  let tenant: TenantFixture;
  let customerId: string;
  const versions: string[] = [];

  const upload = async (file: Blob) => {
    const form = new FormData();
    form.append('file', file, 'consolidated.xml');
    const response = await service.operator('/lists/un_sc/versions', { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).to.equal(201);
    versions.push(((await response.json()) as Json)['version_id']);
  };
  const latency = async (query = ''): Promise<Json> => {
    const response = await service.operator(`/lists/un_sc/latency${query}`);
    expect(response.status).to.equal(200);
    return (await response.json()) as Json;
  };

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService({ env: { SVC_WORK_POLL_MS: '100' } });
    tenant = await createTenant(service, 'Evidência');
    await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url(), ['customer.monitoring_alert']);
    await upload(unFile(V1_PUBLISHED));
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    customerId = (await createCustomer(service, key, { type: 'pf', doc: '52998224725', name: 'Teodoro Valadares Brandão', email: 'x@example.com' }))['customer_id'];
    await eventually(async () => {
      expect((await getCustomer(service, key, customerId))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    expect((await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    await service.services.worker.idle();
    await upload(unFile(V2_PUBLISHED, ['TEODORO', 'VALADARES', 'BRANDAO']));
    await until(() => rx.received.filter((r) => r.json.data?.customer_id === customerId), (r) => r.length === 1, 30_000);
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  it('per version, newest first: publication, import, sweep, alert and delivery, with the latencies between them', async () => {
    const page = await until(latency, (body) => body['data'][0]?.['deliveries']['count'] === 1 && typeof body['data'][0]?.['sweep_completed_at'] === 'string', 20_000);
    expect(page['data'].map((v: Json) => v['version_id'])).to.deep.equal([versions[1], versions[0]]);
    const [v2, v1] = page['data'] as Json[];
    expect(v2).to.include({ object: 'list_version_latency', list_id: 'un_sc', imports: 1, published_at: V2_PUBLISHED, fetched_at: null, alerts_raised: 1, freeze_alerts: v2!['freeze_alerts'] });
    expect(v2!['customers_screened']).to.be.at.least(1);
    const [alert] = ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open`)).json()) as Json)['data'] as Json[];
    expect(v2!['first_alert_at']).to.equal(alert!['created_at']);
    const delivered = alert!['deliveries'][0]['delivered_at'];
    expect(v2!['deliveries']).to.deep.equal({ count: 1, first_delivered_at: delivered, last_delivered_at: delivered });
    expect(v2!['latency_seconds']).to.deep.equal({
      publication_to_fetch: null,
      fetch_to_import: null,
      import_to_sweep_completed: secondsBetween(v2!['imported_at'], v2!['sweep_completed_at']),
      publication_to_first_alert: secondsBetween(V2_PUBLISHED, alert!['created_at']),
      publication_to_first_delivery: secondsBetween(V2_PUBLISHED, delivered),
    });
    // the first version raised nothing: no alert, no delivery, the times after the import unknown
    expect(v1).to.include({ published_at: V1_PUBLISHED, alerts_raised: 0, first_alert_at: null });
    expect(v1!['latency_seconds']['publication_to_first_delivery']).to.equal(null);
    const seconds = v2!['latency_seconds']['publication_to_first_delivery'];
    expect(page['summary']).to.deep.equal({ versions: 2, publication_to_first_delivery_seconds: { count: 1, p50: seconds, p99: seconds, max: seconds } });
    expect(page).to.include({ object: 'list', list_id: 'un_sc', has_more: false, next_cursor: null });
  });

  it('pages with limit and cursor', async () => {
    const first = await latency('?limit=1');
    expect(first['data'].map((v: Json) => v['version_id'])).to.deep.equal([versions[1]]);
    expect(first['has_more']).to.equal(true);
    const second = await latency(`?limit=1&cursor=${first['next_cursor']}`);
    expect(second['data'].map((v: Json) => v['version_id'])).to.deep.equal([versions[0]]);
    expect(second).to.include({ has_more: false, next_cursor: null });
    expect(second['summary']).to.deep.equal({ versions: 1, publication_to_first_delivery_seconds: { count: 0, p50: null, p99: null, max: null } });
  });

  it('an unknown list is 404 list_not_found; a bad limit or cursor 400; no operator token 401', async () => {
    const unknown = await service.operator('/lists/no_such_list/latency');
    expect(unknown.status).to.equal(404);
    expect(((await unknown.json()) as Json)['error']).to.include({ code: 'list_not_found' });
    const badLimit = await service.operator('/lists/un_sc/latency?limit=0');
    expect(badLimit.status).to.equal(400);
    expect(((await badLimit.json()) as Json)['error']).to.include({ code: 'invalid_limit' });
    const badCursor = await service.operator('/lists/un_sc/latency?cursor=***');
    expect(((await badCursor.json()) as Json)['error']).to.include({ code: 'invalid_cursor' });
    expect((await service.call('/operator/v1/lists/un_sc/latency')).status).to.equal(401);
  });

  it('the alert view shows its deliveries; the audit API shows AlertWebhookDelivered on the customer stream; a redelivery, a replay or a second instance records no second one', async () => {
    const [alert] = ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open`)).json()) as Json)['data'] as Json[];
    const detail = (await (await service.operator(`/alerts/${alert!['alert_id']}`)).json()) as Json;
    expect(detail['deliveries']).to.have.length(1);
    const [delivery] = detail['deliveries'] as Json[];
    expect(delivery).to.include({ event: 'customer.monitoring_alert' });
    expect(Date.parse(delivery!['delivered_at'])).to.be.at.most(Date.now());
    expect(detail).to.have.property('evidence');

    const redeliver = await service.operator(`/webhook-deliveries/${delivery!['delivery_id']}/redeliver`, { method: 'POST' });
    expect(redeliver.status).to.be.oneOf([200, 202]);
    await until(() => rx.received.filter((r) => r.json.data?.customer_id === customerId), (r) => r.length === 2, 15_000);
    await service.services.worker.idle();
    const stream = async () => (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'AlertWebhookDelivered');
    await eventually(async () => {
      expect(await stream()).to.have.length(1);
    }, 5_000);

    // two instances handing the same successful attempts to their reactors at once (a replay after a crash is the same): still one
    const attempts = (await service.services.log.readStream(`delivery-${delivery!['delivery_id']}`)).filter((e) => e.type === 'WebhookAttemptRecorded');
    expect(attempts).to.have.length(2);
    await Promise.all([new AlertDeliveriesReactor(service.services.log).handle(attempts), new AlertDeliveriesReactor(service.services.log).handle(attempts)]);
    expect(await stream()).to.have.length(1);

    const audit = (await (await service.operator(`/audit/streams?tenant_id=${tenant.tenant_id}&subject=52998224725&limit=500`)).json()) as Json;
    const recorded = (audit['data'] as Json[]).filter((e) => e['type'] === 'AlertWebhookDelivered');
    expect(recorded).to.have.length(1);
    expect(recorded[0]!['data']).to.include({ alert_id: alert!['alert_id'], event: 'customer.monitoring_alert', delivery_id: delivery!['delivery_id'], delivered_at: delivery!['delivered_at'] });
    expect(recorded[0]!['metadata']['actor']).to.equal('system');
  });
});
