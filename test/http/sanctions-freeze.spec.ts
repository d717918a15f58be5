import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { UN_FREEZE_BASIS, TENANT_FREEZE_BASIS } from '../../src/domain/customer/freeze.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { eventually, type Json } from './runs-support.js';
import { sample } from './screening-support.js';
import { individual, uploadUn } from './un-list-support.js';
import { putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

/**
 * The freeze on a UN designation (issue 29): a new UN version naming a customer `em_monitoramento`
 * or `aprovado` raises a freeze alert, the customer shows `sanctions_freeze`, and the opt-in
 * `customer.sanctions_freeze` webhook tells the tenant at once; an analyst confirms or clears it,
 * and a UN version without the entry lifts even a confirmed freeze. Another list freezes only
 * where the tenant named it.
 */
describe('sanctions freeze: a UN designation of a monitored or active customer', function () {
  this.timeout(180_000);
  let service: TestService;
  let rx: Receiver;
  let alfa: TenantFixture;
  let alfaKey: string;
  let alfaSecret: string;
  let beta: TenantFixture;
  let betaKey: string;

  const upload = (dateGenerated: string, designations: readonly string[]) => uploadUn(service, dateGenerated, designations);
  /** The OFAC sample cut to 300 SDN entries, plus the rows given. */
  const uploadOfac = async (extraRows: readonly string[]): Promise<void> => {
    const sdn = sample('ofac/sdn.csv').toString('latin1').replace(/\x1a$/, '').split('\r\n').filter(Boolean).slice(0, 300);
    const ents = new Set(sdn.map((row) => row.split(',')[0]));
    const ofEnts = (file: string) => sample(file).toString('latin1').split('\r\n').filter((row) => ents.has(row.split(',')[0]));
    const form = new FormData();
    form.append('file', new Blob([Buffer.from([...sdn, ...extraRows].join('\r\n') + '\r\n\x1a', 'latin1')]), 'sdn.csv');
    form.append('file', new Blob([Buffer.from(ofEnts('ofac/add.csv').join('\r\n') + '\r\n', 'latin1')]), 'add.csv');
    form.append('file', new Blob([Buffer.from(ofEnts('ofac/alt.csv').join('\r\n') + '\r\n', 'latin1')]), 'alt.csv');
    const response = await service.operator('/lists/ofac_sdn/versions', { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).to.equal(201);
  };
  const sdnRow = (ent: number, name: string) => `${ent},"${name}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `;

  /** A customer of the tenant whose run ended, then set to `status` by the operator; its id. */
  const customerIn = async (key: string, status: string, doc: string, name: string): Promise<string> => {
    const created = await createCustomer(service, key, { type: 'pf', doc, name, email: 'x@example.com' });
    const id = created['customer_id'] as string;
    await eventually(async () => {
      expect((await getCustomer(service, key, id))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    const patched = await service.operator(`/customers/${id}`, { method: 'PATCH', json: { status } });
    expect(patched.status, await patched.clone().text()).to.equal(200);
    return id;
  };
  const alertsOf = async (tenant: TenantFixture, customerId: string): Promise<Json[]> =>
    (((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?limit=100`)).json()) as Json)['data'] as Json[]).filter((a) => a['customer_id'] === customerId);
  const freezeHooks = (customerId: string) => rx.received.filter((r) => r.json.event === 'customer.sanctions_freeze' && r.json.data?.customer_id === customerId);
  const resolve = async (alertId: string, resolution: string) => {
    const response = await service.operator(`/alerts/${alertId}/resolve`, { method: 'POST', json: { resolution, note: 'conferido' } });
    expect(response.status, await response.clone().text()).to.equal(200);
  };

  let monitored: string;
  let active: string;
  let unWatched: string;
  let firstVersion: Json;

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService({ env: { SVC_WORK_POLL_MS: '100' } });
    alfa = await createTenant(service, 'Alfa');
    alfaKey = (await alfa.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    alfaSecret = await putEndpoint(service, alfa.tenant_id, 'sandbox', rx.url('/alfa'), ['customer.monitoring_alert', 'customer.sanctions_freeze']);
    beta = await createTenant(service, 'Beta');
    betaKey = (await beta.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    // beta hears of alerts, not of freezes
    await putEndpoint(service, beta.tenant_id, 'sandbox', rx.url('/beta'), ['customer.monitoring_alert']);
    await upload('2026-11-27T10:00:00.000Z', []);
    monitored = await customerIn(alfaKey, 'em_monitoramento', '52998224725', 'Teodoro Valadares Brandao');
    active = await customerIn(alfaKey, 'aprovado', '11144477735', 'Eulalia Marquesini Prado');
    unWatched = await customerIn(betaKey, 'em_monitoramento', '39053344705', 'Crisostomo Ubaldino Vasques');
    await service.services.worker.idle();
    firstVersion = await upload('2026-11-27T11:00:00.000Z', [
      individual(990001, 'TEODORO', 'VALADARES', 'BRANDAO'),
      individual(990002, 'EULALIA', 'MARQUESINI', 'PRADO'),
      individual(990003, 'CRISOSTOMO', 'UBALDINO', 'VASQUES'),
    ]);
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  it('a monitored and an active customer named in a new UN version both get a freeze alert with its basis and evidence, and show sanctions_freeze required', async () => {
    for (const customerId of [monitored, active]) {
      await eventually(async () => {
        expect(await alertsOf(alfa, customerId)).to.have.length(1);
      }, 30_000);
      const [alert] = await alertsOf(alfa, customerId);
      expect(alert).to.include({ list_id: 'un_sc', freeze_required: true, legal_basis: UN_FREEZE_BASIS, status: 'open', version_id: firstVersion['version_id'] });
      const customer = await getCustomer(service, alfaKey, customerId);
      expect(customer['sanctions_freeze']).to.deep.equal({
        status: 'required',
        alert_id: alert!['alert_id'],
        list_id: 'un_sc',
        entry_id: customerId === monitored ? '990001' : '990002',
        basis: UN_FREEZE_BASIS,
        since: alert!['created_at'],
        confirmed_at: null,
      });
      // the version's timeline is on the alert's event
      const raised = (await service.services.log.readStream(`customer-${customerId}`)).find((e) => e.type === 'MonitoringAlertRaised')!;
      const evidence = raised.data['evidence'] as Json;
      expect(evidence).to.include({ list_published_at: '2026-11-27T11:00:00.000Z', fetched_at: null });
      expect(Date.parse(evidence['imported_at'])).to.be.at.most(Date.parse(evidence['indexed_at'])).and.at.most(Date.parse(alert!['created_at']));
    }
  });

  it('the webhook customer.sanctions_freeze goes, signed, where the endpoint opted in, beside customer.monitoring_alert; nothing personal; not where it did not', async () => {
    const [hook] = await until(() => freezeHooks(monitored), (r) => r.length === 1, 20_000);
    const { json, body, headers } = hook!;
    expect(new Webhook(alfaSecret).verify(body, headers as Record<string, string>)).to.deep.equal(json);
    const [alert] = await alertsOf(alfa, monitored);
    expect(json.data).to.deep.equal({
      object: 'sanctions_freeze',
      status: 'required',
      customer_id: monitored,
      alert_id: alert!['alert_id'],
      list_id: 'un_sc',
      entry_id: '990001',
      legal_basis: UN_FREEZE_BASIS,
      since: alert!['created_at'],
      created_at: alert!['created_at'],
    });
    expect(body).to.not.match(/Teodoro|Valadares|529982/i);
    await until(() => freezeHooks(active), (r) => r.length === 1, 20_000);
    await until(() => rx.received.filter((r) => r.json.event === 'customer.monitoring_alert' && r.json.data?.customer_id === monitored), (r) => r.length === 1, 20_000);
    // beta's customer is alerted (and frozen: the UN binds every tenant), but beta did not opt in to the freeze webhook
    await until(() => rx.received.filter((r) => r.json.event === 'customer.monitoring_alert' && r.json.data?.customer_id === unWatched), (r) => r.length === 1, 20_000);
    expect((await getCustomer(service, betaKey, unWatched))['sanctions_freeze']).to.include({ status: 'required' });
    await service.services.worker.idle();
    expect(freezeHooks(unWatched)).to.deep.equal([]);
  });

  it('an analyst confirms (confirmed, webhook) or clears (null, webhook lifted); a UN version without the entry lifts the confirmed freeze', async () => {
    const [monitoredAlert] = await alertsOf(alfa, monitored);
    const [activeAlert] = await alertsOf(alfa, active);
    await resolve(monitoredAlert!['alert_id'], 'true_positive');
    const confirmed = (await getCustomer(service, alfaKey, monitored))['sanctions_freeze'];
    expect(confirmed).to.include({ status: 'confirmed', alert_id: monitoredAlert!['alert_id'] });
    expect(confirmed['confirmed_at']).to.be.a('string');
    await until(() => freezeHooks(monitored), (r) => r.length === 2, 20_000);
    expect(freezeHooks(monitored)[1]!.json.data).to.include({ status: 'confirmed', since: monitoredAlert!['created_at'], created_at: confirmed['confirmed_at'] });

    await resolve(activeAlert!['alert_id'], 'false_positive');
    expect((await getCustomer(service, alfaKey, active))['sanctions_freeze']).to.equal(null);
    await until(() => freezeHooks(active), (r) => r.length === 2, 20_000);
    expect(freezeHooks(active)[1]!.json.data).to.include({ status: 'lifted', alert_id: activeAlert!['alert_id'] });

    // the UN withdraws the designation of the monitored customer
    await upload('2026-11-27T12:00:00.000Z', [individual(990002, 'EULALIA', 'MARQUESINI', 'PRADO'), individual(990003, 'CRISOSTOMO', 'UBALDINO', 'VASQUES')]);
    await eventually(async () => {
      expect((await getCustomer(service, alfaKey, monitored))['sanctions_freeze']).to.equal(null);
    }, 30_000);
    const [after] = await alertsOf(alfa, monitored);
    expect(after).to.include({ status: 'delisted', resolution: 'true_positive' });
    await until(() => freezeHooks(monitored), (r) => r.length === 3, 20_000);
    expect(freezeHooks(monitored)[2]!.json.data).to.include({ status: 'lifted', alert_id: monitoredAlert!['alert_id'] });
  });

  it('an OFAC hit freezes nothing unless the tenant named ofac_sdn; an unknown list id is refused 400 invalid_list; un_sc cannot be removed', async () => {
    const refused = await service.operator(`/tenants/${beta.tenant_id}`, { method: 'PATCH', json: { sanctions_freeze_lists: ['ofac_sdn', 'nope'] } });
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as Json)['error']).to.include({ code: 'invalid_list', param: 'sanctions_freeze_lists' });
    const named = await service.operator(`/tenants/${beta.tenant_id}`, { method: 'PATCH', json: { sanctions_freeze_lists: ['ofac_sdn'] } });
    expect(named.status, await named.clone().text()).to.equal(200);
    expect(((await named.json()) as Json)['settings']['sanctions_freeze_lists']).to.deep.equal(['un_sc', 'ofac_sdn']);
    expect(((await (await service.operator(`/tenants/${alfa.tenant_id}`)).json()) as Json)['settings']['sanctions_freeze_lists']).to.deep.equal(['un_sc']);

    const alfaMonitored = await customerIn(alfaKey, 'em_monitoramento', '28625587887', 'Genoveva Tarcisia Lobato');
    const betaMonitored = await customerIn(betaKey, 'em_monitoramento', '86288366757', 'Genoveva Tarcisia Lobato');
    const betaActive = await customerIn(betaKey, 'aprovado', '22522359851', 'Genoveva Tarcisia Lobato');
    const alfaActive = await customerIn(alfaKey, 'aprovado', '59084573021', 'Genoveva Tarcisia Lobato');
    await service.services.worker.idle();
    await uploadOfac([sdnRow(990101, 'LOBATO, Genoveva Tarcisia')]);
    await eventually(async () => {
      expect(await alertsOf(beta, betaActive)).to.have.length(1);
      expect(await alertsOf(beta, betaMonitored)).to.have.length(1);
      expect(await alertsOf(alfa, alfaMonitored)).to.have.length(1);
    }, 30_000);
    await service.services.worker.idle();
    expect((await alertsOf(alfa, alfaMonitored))[0]).to.include({ list_id: 'ofac_sdn', freeze_required: false, legal_basis: null });
    expect((await getCustomer(service, alfaKey, alfaMonitored))['sanctions_freeze']).to.equal(null);
    // an active customer of a tenant that did not name the list is not screened by it
    expect(await alertsOf(alfa, alfaActive)).to.deep.equal([]);
    for (const id of [betaMonitored, betaActive]) {
      expect((await alertsOf(beta, id))[0]).to.include({ list_id: 'ofac_sdn', freeze_required: true, legal_basis: TENANT_FREEZE_BASIS });
      expect((await getCustomer(service, betaKey, id))['sanctions_freeze']).to.include({ status: 'required', list_id: 'ofac_sdn', entry_id: '990101' });
    }
  });
});
