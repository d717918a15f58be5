import { expect } from 'chai';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { eventually, type Json } from './runs-support.js';
import { sample } from './screening-support.js';

const HEADER = 'name,schema,doc,birth_date,country,aliases,notes';

/** Ongoing monitoring (screening.md section 6), through HTTP: alerts raised, delisted, resolved, never twice. */
describe('ongoing monitoring of customers em_monitoramento', function () {
  this.timeout(90_000);
  let service: TestService;
  let acme: TenantFixture;
  let other: TenantFixture;
  let acmeKey: string;
  let otherKey: string;
  let listId: string;
  const ids: Record<string, string> = {};

  const uploadCsv = async (text: string, force = false) => {
    const form = new FormData();
    form.append('file', new Blob([text]), 'bloqueio.csv');
    const response = await service.operator(`/tenants/${acme.tenant_id}/lists/${listId}/versions${force ? '?force=true' : ''}`, { method: 'POST', body: form });
    expect([200, 201], await response.clone().text()).to.include(response.status);
  };
  const uploadCeis = async (extraLines: readonly string[], name: string) => {
    const lines = sample('br/ceis.csv').toString('latin1').trimEnd().split(/\r?\n/);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from([...lines, ...extraLines].join('\r\n'), 'latin1')]), name);
    const response = await service.operator('/lists/br_ceis/versions', { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).to.equal(201);
  };
  const alerts = async (tenant: TenantFixture, status = 'open'): Promise<Json[]> =>
    ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=${status}&limit=100`)).json()) as Json)['data'];
  const monitored = async (tenant: TenantFixture, key: string, doc: string, name: string) => {
    const created = await createCustomer(service, key, { type: 'pf', doc, name, email: 'x@example.com' });
    await eventually(async () => {
      expect((await getCustomer(service, key, created['customer_id']))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    const patched = await service.operator(`/customers/${created['customer_id']}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
    expect(patched.status, await patched.clone().text()).to.equal(200);
    void tenant;
    return created['customer_id'] as string;
  };
  const ceisRow = (code: string, cpf: string, name: string) =>
    `"CEIS";"${code}";"F";"${cpf}";"${name}";"${name}";"";"";"0001";"Suspensão";"01/01/2026";"01/01/2030";"";"Sem Informação";"";"01/01/2026";"Sem Informação";"";"";"";"";"";"";""`;

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_WORK_POLL_MS: '100' } });
    acme = await createTenant(service, 'Acme');
    other = await createTenant(service, 'Other');
    acmeKey = (await acme.key({ scopes: ['customers:write', 'customers:read', 'runs:read'] })).api_key;
    otherKey = (await other.key({ scopes: ['customers:write', 'customers:read', 'runs:read'] })).api_key;
    listId = ((await (await service.operator(`/tenants/${acme.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio' } })).json()) as Json)['list_id'];
    await uploadCsv(`${HEADER}\nRosângela Bittencourt Farias,person,,,,,fraude\n`);
    ids['rosangela'] = await monitored(acme, acmeKey, '52998224725', 'Rosangela Bitencourt Farias');
    ids['clean'] = await monitored(acme, acmeKey, '11144477735', 'Hermenegildo Quaresma Tavares');
    ids['otherRosangela'] = await monitored(other, otherKey, '52998224725', 'Rosangela Bitencourt Farias');
  });
  after(async () => service.close());

  it('a customer entering monitoring is screened against the active lists: one alert, with its explanation; open_alerts counts it', async () => {
    await eventually(async () => {
      expect(await alerts(acme)).to.have.length(1);
    }, 15_000);
    const [alert] = await alerts(acme);
    expect(alert).to.include({ customer_id: ids['rosangela'], list_id: listId, trigger: 'customer', status: 'open', matched_name: 'Rosângela Bittencourt Farias' });
    expect(alert!['score']).to.be.greaterThan(0.8);
    const detail = (await (await service.operator(`/alerts/${alert!['alert_id']}`)).json()) as Json;
    expect(detail['explanation'].map((e: Json) => e['feature'])).to.include('name');
    expect((await getCustomer(service, acmeKey, ids['rosangela']!))['open_alerts']).to.equal(1);
    expect((await getCustomer(service, acmeKey, ids['clean']!))['open_alerts']).to.equal(0);
    // the tenant list is Acme's: Other's homonym is never screened against it
    expect(await alerts(other)).to.deep.equal([]);
  });

  it("a new official version's delta raises alerts for every tenant's monitored customers, once", async () => {
    await uploadCeis([ceisRow('900001', '11144477735', 'HERMENEGILDO QUARESMA TAVARES'), ceisRow('900002', '52998224725', 'ROSANGELA BITENCOURT FARIAS')], '20261121_CEIS.csv');
    await eventually(async () => {
      expect((await alerts(acme)).filter((a) => a['list_id'] === 'br_ceis')).to.have.length(2);
    }, 20_000);
    await eventually(async () => {
      expect((await alerts(other)).filter((a) => a['list_id'] === 'br_ceis')).to.have.length(1);
    }, 20_000);
    const acmeCeis = (await alerts(acme)).filter((a) => a['list_id'] === 'br_ceis');
    expect(acmeCeis.map((a) => a['customer_id']).sort()).to.deep.equal([ids['clean'], ids['rosangela']].sort());
    expect(acmeCeis.every((a) => a['trigger'] === 'list_version' && a['score'] === 1)).to.equal(true);
    // the sweep recorded what it did, for an auditor
    const versionId = service.services.listCatalog.version('br_ceis')!.version.version_id;
    const sweep = await service.services.log.readStream(`monitoring-${versionId}`);
    expect(sweep.map((e) => e.type)).to.deep.equal(['MonitoringSweepStarted', 'MonitoringSweepProgressed', 'MonitoringSweepCompleted']);
    expect(sweep[2]!.data).to.include({ screened: 3, alerts: 3 });
  });

  it('a false positive is not raised again until the entry changes; a removed entry delists its open alert', async () => {
    const [tenantAlert] = (await alerts(acme)).filter((a) => a['list_id'] === listId);
    const resolved = await service.operator(`/alerts/${tenantAlert!['alert_id']}/resolve`, { method: 'POST', json: { resolution: 'false_positive', note: 'homônima: mãe diferente' } });
    expect(resolved.status, await resolved.clone().text()).to.equal(200);
    expect(await resolved.json()).to.include({ status: 'resolved', resolution: 'false_positive' });
    expect((await service.operator(`/alerts/${tenantAlert!['alert_id']}/resolve`, { method: 'POST', json: { resolution: 'true_positive', note: 'mudei de ideia' } })).status).to.equal(409);

    // same entry, another row added: the judged entry is not raised again
    await uploadCsv(`${HEADER}\nRosângela Bittencourt Farias,person,,,,,fraude\nZuleika Prates Amorim,person,,,,,\n`);
    // the entry changes (new notes): raised again
    await uploadCsv(`${HEADER}\nRosângela Bittencourt Farias,person,,,,,fraude reincidente\nZuleika Prates Amorim,person,,,,,\n`);
    await eventually(async () => {
      expect((await alerts(acme)).filter((a) => a['list_id'] === listId)).to.have.length(1);
    }, 20_000);
    const all = (await alerts(acme, 'resolved')).concat(await alerts(acme));
    expect(all.filter((a) => a['list_id'] === listId)).to.have.length(2);

    // the entry leaves the list: the open alert is delisted
    await uploadCsv(`${HEADER}\nZuleika Prates Amorim,person,,,,,\n`, true);
    await eventually(async () => {
      expect((await alerts(acme, 'delisted')).filter((a) => a['list_id'] === listId)).to.have.length(1);
    }, 20_000);
    expect((await alerts(acme)).filter((a) => a['list_id'] === listId)).to.deep.equal([]);
  });

  it('a customer leaving monitoring gets no new alert; the audit API finds the alerts and the resolution with their actors', async () => {
    expect((await service.operator(`/customers/${ids['clean']}`, { method: 'PATCH', json: { status: 'inactive' } })).status).to.equal(200);
    await uploadCeis([ceisRow('900003', '11144477735', 'HERMENEGILDO QUARESMA TAVARES'), ceisRow('900004', '11144477735', 'HERMENEGILDO Q TAVARES')], '20261122_CEIS.csv');
    const versionId = service.services.listCatalog.version('br_ceis')!.version.version_id;
    await eventually(async () => {
      expect((await service.services.log.readStream(`monitoring-${versionId}`)).map((e) => e.type)).to.include('MonitoringSweepCompleted');
    }, 20_000);
    expect((await alerts(acme)).filter((a) => a['customer_id'] === ids['clean'] && a['list_id'] === 'br_ceis')).to.have.length(1);

    const audit = (await (await service.operator(`/audit/streams?tenant_id=${acme.tenant_id}&subject=52998224725&limit=500`)).json()) as Json;
    const types = audit['data'].map((e: Json) => `${e['type']}:${e['metadata']['actor']}`);
    expect(types).to.include('MonitoringAlertRaised:system:monitoring');
    expect(types.some((t: string) => t.startsWith('MonitoringAlertResolved:operator'))).to.equal(true);
  });

  it('the alert and tenant-list endpoints need the operator token: none, a wrong one or an API key is 401', async () => {
    const [open] = await alerts(acme);
    const paths: [string, string][] = [
      ['GET', `/operator/v1/tenants/${acme.tenant_id}/alerts`],
      ['GET', `/operator/v1/alerts/${open!['alert_id']}`],
      ['POST', `/operator/v1/alerts/${open!['alert_id']}/resolve`],
      ['GET', `/operator/v1/tenants/${acme.tenant_id}/lists`],
      ['POST', `/operator/v1/tenants/${acme.tenant_id}/lists`],
      ['POST', `/operator/v1/tenants/${acme.tenant_id}/lists/${listId}/versions`],
    ];
    for (const [method, path] of paths) {
      for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Bearer ${acmeKey}` }] as Record<string, string>[]) {
        const response = await service.call(path, { method, headers, ...(method === 'POST' ? { json: { resolution: 'false_positive', note: 'x', name: 'x' } } : {}) });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).to.equal(401);
      }
    }
    expect((await alerts(acme)).map((a) => a['alert_id'])).to.include(open!['alert_id']);
  });

  it('bad input: unknown alert 404, malformed id 400, bad resolution or empty note 400, bad status filter 400', async () => {
    expect((await service.operator('/alerts/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5/resolve', { method: 'POST', json: { resolution: 'false_positive', note: 'x' } })).status).to.equal(404);
    expect((await service.operator('/alerts/nope/resolve', { method: 'POST', json: { resolution: 'false_positive', note: 'x' } })).status).to.equal(400);
    const [open] = await alerts(acme);
    for (const json of [{ resolution: 'maybe', note: 'x' }, { resolution: 'true_positive', note: '  ' }, { resolution: 'true_positive' }]) {
      expect((await service.operator(`/alerts/${open!['alert_id']}/resolve`, { method: 'POST', json })).status, JSON.stringify(json)).to.equal(400);
    }
    expect((await service.operator(`/tenants/${acme.tenant_id}/alerts?status=everything`)).status).to.equal(400);
  });
});
