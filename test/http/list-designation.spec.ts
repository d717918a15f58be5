import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { listStream } from '../../src/domain/list/decider.js';
import { createTenant, type TestService } from '../helpers/service.js';
import { unPollingEnv, unPublisher, withDesignation, type UnPublisher } from '../helpers/un-publisher.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { eventually, type Json } from './runs-support.js';
import { putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

/**
 * Issue 29, end to end: the UN publishes a version designating a monitored customer; the service,
 * polling every second, imports it, sweeps it and sends the signed `customer.monitoring_alert` to
 * the tenant's receiver within seconds.
 */
describe('a UN designation of a monitored customer reaches the tenant within seconds', function () {
  this.timeout(90_000);
  let pub: UnPublisher;
  let rx: Receiver;
  let service: TestService;

  before(async () => {
    pub = await unPublisher();
    rx = await startReceiver();
    service = await startWebhookService({ env: { ...unPollingEnv(pub), SVC_WORK_POLL_MS: '50' } });
  });
  after(async () => {
    await service.close();
    await rx.close();
    await pub.close();
  });

  it('published, polled, imported, swept, alerted and delivered signed; the version records when it was fetched', async () => {
    await until(() => service.services.listCatalog.version('un_sc'), (v) => v !== null, 20_000);
    const tenant = await createTenant(service, 'Corretora Sem Demora');
    const secret = await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url(), ['customer.monitoring_alert']);
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    const customerId = (await createCustomer(service, key, { type: 'pf', doc: '52998224725', name: 'Teodorico Valadares Quaresma', email: 't@example.com' }))['customer_id'] as string;
    await eventually(async () => {
      expect((await getCustomer(service, key, customerId))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    expect((await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    await service.services.worker.idle();
    expect(rx.received.filter((r) => r.json.data?.customer_id === customerId)).to.have.length(0);

    const published = Date.now();
    pub.publish(withDesignation({ dataId: 9_990_001, first: 'TEODORICO', second: 'VALADARES', third: 'QUARESMA' }));
    const [received] = await until(() => rx.received.filter((r) => r.json.event === 'customer.monitoring_alert' && r.json.data?.customer_id === customerId), (r) => r.length > 0, 20_000);
    const elapsed = received!.at - published;
    expect(elapsed, `publication to webhook: ${elapsed} ms`).to.be.lessThan(10_000);
    expect(received!.json.data).to.include({ list_id: 'un_sc', entry_id: '9990001' });
    expect(new Webhook(secret).verify(received!.body, received!.headers as Record<string, string>)).to.deep.equal(received!.json);

    // the version says when it was downloaded and how long that took (the latency evidence reads these)
    const versions = (await service.services.log.readStream(listStream('un_sc'))).filter((e) => e.type === 'ListVersionImported');
    expect(versions).to.have.length(2);
    const source = (versions[1]!.data as Json)['source'];
    expect(source).to.include({ kind: 'url', url: pub.url });
    expect(Date.parse(source.fetched_at)).to.be.within(published, received!.at);
    expect(source.download_ms).to.be.a('number').and.at.least(0);
    // the server's Last-Modified, to the second: the version's date where the file states none
    expect(Date.parse(source.file_date)).to.be.within(published - 1_000, published);
    expect(Date.parse((versions[1]!.data as Json)['imported_at'])).to.be.at.least(Date.parse(source.fetched_at));
  });
});
