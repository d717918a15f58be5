import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { listStream } from '../../src/domain/list/decider.js';
import { Webhook } from 'standardwebhooks';
import { describeEngines, type ScenarioStores } from '../helpers/engines.js';
import { tempDir } from '../helpers/temp.js';
import { unPollingEnv, unPublisher, withDesignation, type UnPublisher } from '../helpers/un-publisher.js';
import { startReceiver, type Receiver } from '../http/webhooks-support.js';
import { json, killInstance, OPERATOR, until, type Instance } from '../processing/instances-support.js';
import { nodeArgs } from '../helpers/node-child.js';

/** The polling instance as a child process (its own process group, as killInstance expects). */
async function startPoller(dataDir: string, pub: UnPublisher, env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, [...nodeArgs('test/crash/list-poll-child.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LIST_POLL_ENV: JSON.stringify(unPollingEnv(pub)), ...env },
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await until(async () => /listening (\d+)/.test(out) || child.exitCode !== null, 60_000, 'the instance to listen');
  if (child.exitCode !== null) throw new Error(`the instance did not start: ${out}`);
  return { name: 'poller', child, base: `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}`, exited, output: () => out };
}

/**
 * Issue 29: the service killed (SIGKILL) right after the new UN version is recorded, before its
 * sweep ran: after a restart on the same data directory the designation still raises its alert,
 * once, and the signed customer.monitoring_alert reaches the receiver, once. On SQLite and on
 * PostgreSQL (issue 32).
 */
describeEngines('a UN designation survives a SIGKILL between the fetch and the sweep', function (engine) {
  this.timeout(180_000);
  let pub: UnPublisher;
  let rx: Receiver;
  let instance: Instance | null = null;
  let stores: ScenarioStores | null = null;

  before(async () => {
    pub = await unPublisher();
    rx = await startReceiver();
  });
  after(async () => {
    if (instance) await killInstance(instance);
    await rx.close();
    await pub.close();
    await stores?.drop();
  });

  it('the alert is raised once and delivered once after the restart', async () => {
    const dataDir = tempDir();
    stores = await engine.stores('kyc_designation');
    // the first version is the 1st ListVersionImported, the designation the 2nd: killed right after it is appended
    instance = await startPoller(dataDir, pub, { ...stores.env, KILL_AFTER_APPEND: 'ListVersionImported:2' });
    const op = (path: string, init: RequestInit = {}) => fetch(`${instance!.base}/operator/v1${path}`, { ...init, headers: { ...OPERATOR, ...(init.headers ?? {}) } });
    const un = async () => (await json(await op('/lists'), 200)).data.find((l: { list_id: string }) => l.list_id === 'un_sc');
    await until(async () => (await un()).version_id !== null, 30_000, 'the first UN version');

    const tenantId = (await json(await op('/tenants', { method: 'POST', body: JSON.stringify({ name: 'Corretora' }) }), 201)).tenant_id as string;
    const secret = (await json(await op(`/tenants/${tenantId}/webhook-endpoints/sandbox`, { method: 'PUT', body: JSON.stringify({ url: rx.url(), events: ['customer.monitoring_alert'] }) }), 200)).secret as string;
    const key = (await json(await op(`/tenants/${tenantId}/api-keys`, { method: 'POST', body: JSON.stringify({ name: 'k', environment: 'sandbox', scopes: ['customers:write', 'customers:read'] }) }), 201)).api_key as string;
    const body = JSON.stringify({ type: 'pf', doc: '52998224725', name: 'Teodorico Valadares Quaresma', email: 't@example.com' });
    const customerId = (await json(await fetch(`${instance.base}/api/v1/customers`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body }), 201)).customer_id as string;
    const customer = async (base: string) => json(await fetch(`${base}/api/v1/customers/${customerId}`, { headers: { 'x-api-key': key } }), 200);
    await until(async () => !['queued', 'running'].includes((await customer(instance!.base)).latest_run?.status ?? 'none'), 30_000, 'the onboarding run');
    await json(await op(`/customers/${customerId}`, { method: 'PATCH', body: JSON.stringify({ status: 'em_monitoramento' }) }), 200);

    pub.publish(withDesignation({ dataId: 9_990_002, first: 'TEODORICO', second: 'VALADARES', third: 'QUARESMA' }));
    await until(async () => instance!.child.signalCode !== null || instance!.child.exitCode !== null, 60_000, 'the kill point');
    expect(instance.output()).to.include('killed after ListVersionImported #2');
    expect(instance.child.signalCode).to.equal('SIGKILL');
    await killInstance(instance);
    expect(rx.received.filter((r) => r.json.event === 'customer.monitoring_alert'), 'nothing sent before the kill').to.have.length(0);

    instance = await startPoller(dataDir, pub, stores.env);
    const alerted = () => rx.received.filter((r) => r.json.event === 'customer.monitoring_alert' && r.json.data?.customer_id === customerId);
    await until(async () => alerted().length > 0, 60_000, 'the webhook after the restart');
    // a few more polls and worker rounds: nothing happens twice
    await new Promise((r) => setTimeout(r, 4_000));
    expect(alerted()).to.have.length(1);
    const [received] = alerted();
    expect(received!.json.data).to.include({ list_id: 'un_sc', entry_id: '9990002' });
    expect(new Webhook(secret).verify(received!.body, received!.headers as Record<string, string>)).to.deep.equal(received!.json);
    const alerts = (await json(await fetch(`${instance.base}/operator/v1/tenants/${tenantId}/alerts?status=open&limit=100`, { headers: OPERATOR }), 200)).data as { customer_id: string; list_id: string }[];
    expect(alerts.filter((a) => a.customer_id === customerId && a.list_id === 'un_sc')).to.have.length(1);
    expect((await customer(instance.base)).open_alerts).to.equal(1);
    // the version recorded before the kill is the one served; the restarted poller found the same content and recorded a check, no version again
    const opened = await stores.open(dataDir);
    try {
      expect((await opened.eventStore.readStream(listStream('un_sc'))).map((e) => e.type)).to.deep.equal(['ListVersionImported', 'ListVersionImported']);
    } finally {
      await opened.close();
    }
    expect((await json(await op('/lists'), 200)).data.find((l: { list_id: string }) => l.list_id === 'un_sc')).to.deep.include({ last_error: null, consecutive_failures: 0 });
  });
});
