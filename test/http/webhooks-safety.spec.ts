import { expect } from 'chai';
import { GotWebhookSender, type HostResolver } from '../../src/adapters/webhook-sender.js';
import type { TestService } from '../helpers/service.js';
import { createTenant } from '../helpers/service.js';
import { pfBody, postCustomer } from './customers-support.js';
import { cpf, createRun, getJson, pfSubject, postRun, world, type Json, type World } from './runs-support.js';
import { deliveries, guardConnections, putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

/**
 * Public to the policy (just past TEST-NET-3, which the policy refuses like every documentation
 * range); the connection guard stops any attempt to reach it.
 */
const PUBLIC = '203.0.114.10';

/** Names the tests resolve; anything else does not exist. Counts the lookups per name. */
function fakeResolver(): { resolve: HostResolver; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const resolve: HostResolver = async (host) => {
    const n = (calls.get(host) ?? 0) + 1;
    calls.set(host, n);
    switch (host) {
      case 'hooks.example.com':
        return [{ address: PUBLIC, family: 4 }];
      case 'rebind.test':
        return [{ address: '127.0.0.1', family: 4 }];
      case 'mixed.test':
        return [{ address: PUBLIC, family: 4 }, { address: '10.0.0.5', family: 4 }];
      case 'v6.test':
        return [{ address: 'fc00::1', family: 6 }];
      case 'mapped.test':
        // loopback written as an IPv4-translated IPv6 address
        return [{ address: '::ffff:0:7f00:1', family: 6 }];
      case 'hooks.test':
        return [{ address: '127.0.0.1', family: 4 }];
      case 'flip.test':
        // public when checked, loopback afterwards: a DNS rebinding attempt
        return n === 1 ? [{ address: PUBLIC, family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
      default:
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }
  };
  return { resolve, calls };
}

const INTERNAL_TARGETS = [
  'https://127.0.0.1/hook',
  'https://[::1]/hook',
  'https://10.0.0.1/hook',
  'https://172.16.0.1/hook',
  'https://192.168.1.1/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://[fc00::1]/hook',
  'https://localhost/hook',
  // IPv6 forms that embed an internal IPv4 address (issue 17 probe)
  'https://[::127.0.0.1]/hook',
  'https://[::ffff:0:7f00:1]/hook',
  'https://[2002:7f00:1::]/hook',
  'https://[64:ff9b:1::7f00:1]/hook',
  'https://[::ffff:169.254.169.254]/latest/meta-data',
  // localhost with a trailing dot, plain and percent-encoded
  'https://localhost./hook',
  'https://localhost%2e/hook',
  // names that resolve to internal addresses
  'https://rebind.test/hook',
  'https://mixed.test/hook',
  'https://v6.test/hook',
  'https://mapped.test/hook',
];

/** The four IPv6 forms of 127.0.0.1 the issue 17 probe got through every check. */
const PROBE_TARGETS = ['https://[::127.0.0.1]/', 'https://[::ffff:0:7f00:1]/', 'https://[2002:7f00:1::]/', 'https://[64:ff9b:1::7f00:1]/'];

describe('webhooks: endpoint configuration (SVC_WEBHOOK_ALLOW_INSECURE off)', () => {
  let service: TestService;
  let tenantId: string;
  let guard: ReturnType<typeof guardConnections>;

  before(async () => {
    guard = guardConnections();
    const { resolve } = fakeResolver();
    service = await startWebhookService({
      env: { SVC_WEBHOOK_ALLOW_INSECURE: 'false' },
      sender: (config) => new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, resolve }),
    });
    tenantId = (await createTenant(service)).tenant_id;
  });
  after(async () => {
    await service.close();
    guard.restore();
    expect(guard.attempted).to.deep.equal([]);
  });

  const put = (url: unknown, environment = 'sandbox', extra: Json = {}, tenant = tenantId) =>
    service.operator(`/tenants/${tenant}/webhook-endpoints/${environment}`, { method: 'PUT', json: { url, events: [], ...extra } });
  const refused = async (response: Response, code: string, param: string | null) => {
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).to.equal(code === 'tenant_not_found' ? 404 : 400);
    expect(body.error).to.include({ code, param });
  };

  for (const url of [...INTERNAL_TARGETS, ...PROBE_TARGETS]) {
    it(`refuses ${url}: 400 invalid_webhook_url`, async () => {
      await refused(await put(url), 'invalid_webhook_url', 'url');
    });
  }

  it('refuses http://, credentials in the URL, a host that does not resolve, and what is not a URL', async () => {
    for (const url of ['http://hooks.example.com/hook', 'https://user:pw@hooks.example.com/hook', 'https://nowhere.test/hook', 'hooks.example.com/hook', 'ftp://hooks.example.com/']) {
      await refused(await put(url), 'invalid_webhook_url', 'url');
    }
  });

  it('accepts an HTTPS URL whose host resolves only to public addresses (nothing is sent by configuring)', async () => {
    const response = await put('https://hooks.example.com/svc', 'live', { events: ['biometric_check.completed'] });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as Json;
    expect(Object.keys(body)).to.deep.equal(['secret']);
    expect(body.secret).to.match(/^whsec_[A-Za-z0-9]{43}$/);
  });

  it('validates the path and body: environment, event names, fields, tenant', async () => {
    await refused(await put('https://hooks.example.com/', 'staging'), 'invalid_request', 'environment');
    await refused(await put('https://hooks.example.com/', 'sandbox', { events: ['run.created'] }), 'invalid_request', 'events.0');
    await refused(await put('https://hooks.example.com/', 'sandbox', { secret: 'mine' }), 'invalid_request', 'secret');
    await refused(await put(42), 'invalid_request', 'url');
    await refused(await put('https://hooks.example.com/', 'sandbox', {}, '00000000-0000-4000-8000-000000000000'), 'tenant_not_found', 'tenant_id');
    await refused(await put('https://hooks.example.com/', 'sandbox', {}, 'not-a-uuid'), 'invalid_id', 'tenant_id');
    const anonymous = await service.call(`/operator/v1/tenants/${tenantId}/webhook-endpoints/sandbox`, { method: 'PUT', json: { url: 'https://hooks.example.com/', events: [] } });
    expect(anonymous.status).to.equal(401);
  });
});

/** The per-call webhook_url of runs and customers gets the endpoint's checks, its host resolved at the call. */
describe('webhooks: a per-call webhook_url is checked at the call (SVC_WEBHOOK_ALLOW_INSECURE off)', () => {
  let service: TestService;
  let w: World;
  let resolver: ReturnType<typeof fakeResolver>;
  let guard: ReturnType<typeof guardConnections>;

  before(async () => {
    guard = guardConnections();
    resolver = fakeResolver();
    service = await startWebhookService({
      env: { SVC_WEBHOOK_ALLOW_INSECURE: 'false' },
      sender: (config) => new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, resolve: resolver.resolve }),
    });
    w = await world(service);
  });
  after(async () => {
    await service.close();
    guard.restore();
    expect(guard.attempted).to.deep.equal([]);
  });

  const count = async (path: string) => ((await (await getJson(service, w.key, `${path}?limit=100`)).json()) as Json).data.length as number;
  const refusedAtCall = async (response: Response, url: string) => {
    const body = (await response.json()) as Json;
    expect(response.status, `${url}: ${JSON.stringify(body)}`).to.equal(400);
    expect(body.error, url).to.include({ code: 'invalid_webhook_url', param: 'webhook_url' });
  };

  // every internal target, plus the probe's own spelling (a bare path)
  const targets = [...INTERNAL_TARGETS, ...PROBE_TARGETS];
  for (const [i, url] of targets.entries()) {
    it(`refuses ${url} on POST /bureau/runs and POST /customers, and writes nothing`, async () => {
      const [runs, customers] = [await count('/bureau/runs'), await count('/customers')];
      await refusedAtCall(await postRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), webhook_url: url }), url);
      await refusedAtCall(await postCustomer(service, w.key, pfBody(cpf(700 + i), { webhook_url: url })), url);
      expect([await count('/bureau/runs'), await count('/customers')]).to.deep.equal([runs, customers]);
    });
  }

  it('resolves the per-call host at the call: a name that maps to 127.0.0.1 is refused before anything is queued', async () => {
    resolver.calls.delete('rebind.test');
    await refusedAtCall(await postRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), webhook_url: 'https://rebind.test/kyc' }), 'rebind.test');
    expect(resolver.calls.get('rebind.test')).to.equal(1);
    const body = (await (await postRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), webhook_url: 'https://nowhere.test/kyc' })).json()) as Json;
    expect(body.error).to.include({ code: 'invalid_webhook_url', param: 'webhook_url' });
    expect(body.error.message).to.match(/could not be resolved/);
  });

  it('accepts a per-call URL whose host resolves only to public addresses', async () => {
    await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), webhook_url: 'https://hooks.example.com/kyc' });
    const customer = await postCustomer(service, w.key, pfBody(cpf(699), { webhook_url: 'https://hooks.example.com/kyc' }));
    expect(customer.status, await customer.clone().text()).to.equal(201);
  });
});

/**
 * Send time: the service accepts any URL (insecure configuration) but the sender enforces the
 * policy, as it would for a URL that passed configuration and resolves elsewhere later.
 */
describe('webhooks: SSRF refused at send time, before connecting', () => {
  let service: TestService;
  let w: World;
  let rx: Receiver;
  let resolver: ReturnType<typeof fakeResolver>;
  let guard: ReturnType<typeof guardConnections>;

  before(async () => {
    guard = guardConnections();
    rx = await startReceiver();
    resolver = fakeResolver();
    service = await startWebhookService({ sender: () => new GotWebhookSender({ allowInsecure: false, resolve: resolver.resolve }) });
    w = await world(service);
    // the endpoint only provides the secret: every run below names its own URL
    await putEndpoint(service, w.tenant.tenant_id, 'sandbox', 'https://rebind.test/never');
  });
  after(async () => {
    await service.close();
    await rx.close();
    guard.restore();
  });

  const deliveryFor = async (runId: string, url: string) => {
    await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), external_id: runId.slice(0, 8), webhook_url: url });
    const [delivery] = await until(() => deliveries(service, w.tenant.tenant_id).then((d) => d.filter((x) => x.url === url)), (d) => d[0]?.attempts.length === 1);
    return delivery!;
  };

  it('every internal target: one attempt, refused before connecting, failed at once (not retried)', async () => {
    const port = new URL(rx.url()).port;
    const targets = [...INTERNAL_TARGETS.map((u) => u.replace('/hook', `:${port}/hook`).replace('/latest', `:${port}/latest`)), `https://localhost:${port}/x`];
    for (const [i, url] of targets.entries()) {
      const delivery = await deliveryFor(`target-${i}`, url);
      expect(delivery, url).to.include({ status: 'failed', next_attempt_at: null });
      expect(delivery.attempts[0], url).to.include({ http_status: null });
      expect(delivery.attempts[0].error, url).to.match(/internal address/);
    }
    expect(rx.received).to.have.length(0);
    expect(guard.attempted).to.deep.equal([]);
  });

  it('an http:// target is refused at send time when insecure mode is off', async () => {
    const delivery = await deliveryFor('plain-http', `http://127.0.0.1:${new URL(rx.url()).port}/plain`);
    expect(delivery).to.include({ status: 'failed' });
    expect(delivery.attempts[0].error).to.equal('webhook_url must use HTTPS.');
    expect(rx.received).to.have.length(0);
  });

  it('a name that rebinds after the check: the connection goes to the address checked, never to the new one', async () => {
    const port = new URL(rx.url()).port;
    const delivery = await deliveryFor('flip', `https://flip.test:${port}/flip`);
    // checked public, so the attempt was allowed; the test guard stopped the connection to it
    expect(delivery.status).to.equal('pending');
    expect(delivery.attempts[0].http_status).to.equal(null);
    expect(resolver.calls.get('flip.test')).to.equal(1);
    expect(guard.attempted).to.deep.equal([PUBLIC]);
    // the loopback address the name later resolves to never got a connection
    expect(rx.received).to.have.length(0);
    guard.attempted.length = 0;
  });
});

describe('webhooks: the connection uses the resolver answer (insecure mode)', () => {
  it('a name known only to the injected resolver reaches the local receiver through the checked address', async () => {
    const guard = guardConnections();
    const rx = await startReceiver();
    const resolver = fakeResolver();
    const service = await startWebhookService({ sender: (config) => new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, resolve: resolver.resolve }) });
    try {
      const w = await world(service);
      const url = `http://hooks.test:${new URL(rx.url()).port}/named`;
      await putEndpoint(service, w.tenant.tenant_id, 'sandbox', url);
      const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
      const [received] = await until(() => rx.received.filter((r) => r.json.data?.id === runId), (r) => r.length === 1);
      expect(received!.path).to.equal('/named');
      expect(received!.headers.host).to.equal(`hooks.test:${new URL(rx.url()).port}`);
      expect(resolver.calls.get('hooks.test')).to.equal(1);
      expect(guard.attempted).to.deep.equal([]);
    } finally {
      await service.close();
      await rx.close();
      guard.restore();
    }
  });
});
