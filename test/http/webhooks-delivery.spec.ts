import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { GotWebhookSender } from '../../src/adapters/webhook-sender.js';
import type { TestService } from '../helpers/service.js';
import { createTenant } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createCustomer, pfBody, uploadDocument } from './customers-support.js';
import { JPEG, png, setModule, settleRounds } from './facial-support.js';
import { cpf, createRun, getJson, ISO, pfSubject, sleep, waitForRun, world, type Json, type World } from './runs-support.js';
import { deliveries, putEndpoint, startReceiver, startWebhookService, until, type Receiver, type Received } from './webhooks-support.js';

const EVENT_ID = /^evt_[0-9a-f]{32}$/;
const RUN_FIELDS = ['object', 'id', 'status', 'decision', 'risk_band', 'subject_type', 'template_id', 'external_id', 'metadata', 'checks_summary', 'created_at', 'completed_at'];

/** Signature checks a receiver would make: the Standard Webhooks library, and plain HMACs done here. */
function verifySignatures(received: Received, secret: string): void {
  const { headers, body } = received;
  // the library, given the secret exactly as the PUT answered it
  expect(new Webhook(secret).verify(body, headers as Record<string, string>)).to.deep.equal(JSON.parse(body));
  // ... and given the key bytes (what follows whsec_, base64url-decoded)
  const keyBytes = Buffer.from(secret.slice('whsec_'.length), 'base64url');
  expect(keyBytes).to.have.length(32);
  expect(new Webhook(keyBytes, { format: 'raw' }).verify(body, headers as Record<string, string>)).to.deep.equal(JSON.parse(body));
  expect(() => new Webhook(secret).verify(body.replace('"event"', '"evenT"'), headers as Record<string, string>)).to.throw();
  // independent: hex HMAC of the raw body keyed with the secret text, whsec_ included
  const hex = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  expect(headers['x-svc-signature']).to.equal(hex);
  expect(headers['svc-signature']).to.equal(hex);
  const standard = createHmac('sha256', keyBytes).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  expect(headers['webhook-signature']).to.equal(`v1,${standard}`);
}

describe('webhooks: delivery of run events', () => {
  let service: TestService;
  let w: World;
  let sandboxRx: Receiver;
  let liveRx: Receiver;
  let ownRx: Receiver;
  let secret: string;

  before(async () => {
    [sandboxRx, liveRx, ownRx] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    service = await startWebhookService();
    w = await world(service);
    secret = await putEndpoint(service, w.tenant.tenant_id, 'sandbox', sandboxRx.url());
  });
  after(async () => {
    await service.close();
    await Promise.all([sandboxRx, liveRx, ownRx].map((r) => r.close()));
  });

  const forRun = (rx: Receiver, runId: string) => rx.received.filter((r) => r.json['data']?.id === runId);
  const arrived = (rx: Receiver, runId: string, count = 1) => until(() => forRun(rx, runId), (found) => found.length >= count);

  it('PUT endpoint answers a new whsec_ secret each time: 32 random bytes, base64url (and plain base64 too)', async () => {
    expect(secret).to.match(/^whsec_[A-Za-z0-9]{43}$/);
    expect(Buffer.from(secret.slice(6), 'base64url')).to.have.length(32);
    expect(Buffer.from(secret.slice(6), 'base64')).to.deep.equal(Buffer.from(secret.slice(6), 'base64url'));
    const other = await createTenant(service, 'Other');
    const first = await putEndpoint(service, other.tenant_id, 'sandbox', sandboxRx.url('/other'));
    const second = await putEndpoint(service, other.tenant_id, 'sandbox', sandboxRx.url('/other'));
    expect(first).not.to.equal(second);
  });

  it('a completed run: one POST, envelope and run data exactly as the interface lists them, signed', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), external_id: 'wh-ok' });
    const run = await waitForRun(service, w.key, runId);
    const [received] = await arrived(sandboxRx, runId);
    const { json, headers } = received!;
    expect(received!.path).to.equal('/hook');
    expect(headers['content-type']).to.equal('application/json');
    expect(Object.keys(json)).to.deep.equal(['id', 'object', 'event', 'created', 'livemode', 'data']);
    expect(json.id).to.match(EVENT_ID);
    expect(json).to.include({ object: 'event', event: 'run.completed', livemode: false });
    expect(json.created).to.equal(Math.floor(Date.parse(run.completed_at) / 1000));
    expect(Object.keys(json.data)).to.deep.equal(RUN_FIELDS);
    expect(json.data).to.deep.equal({
      object: 'run',
      id: runId,
      status: 'completed',
      decision: 'approved',
      risk_band: 'baixo',
      subject_type: 'pf',
      template_id: w.pf,
      external_id: 'wh-ok',
      metadata: {},
      checks_summary: json.data.checks_summary,
      created_at: run.created_at,
      completed_at: run.completed_at,
    });
    const s = json.data.checks_summary as Json;
    expect(Object.keys(s)).to.deep.equal(['total', 'valid', 'invalid', 'no_data', 'error']);
    expect(s.valid + s.invalid + s.no_data + s.error).to.equal(s.total);
    expect(s.total).to.be.greaterThan(0);
    expect(headers['webhook-id']).to.equal(json.id);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).to.be.lessThan(10);
    verifySignatures(received!, secret);

    const log = await until(() => deliveries(service, w.tenant.tenant_id, `?event_id=${json.id}`), (d) => d[0]?.status === 'succeeded');
    expect(log).to.have.length(1);
    expect(log[0]).to.include({ event_id: json.id, event: 'run.completed', environment: 'sandbox', url: sandboxRx.url(), status: 'succeeded', next_attempt_at: null });
    expect(log[0]!.attempts).to.have.length(1);
    expect(log[0]!.attempts[0]).to.have.all.keys('attempted_at', 'http_status', 'latency_ms', 'error');
    expect(log[0]!.attempts[0]).to.include({ http_status: 200, error: null });
    expect(log[0]!.attempts[0].attempted_at).to.match(ISO);
    expect(log[0]!.attempts[0].latency_ms).to.be.a('number');
    await sleep(100);
    expect(forRun(sandboxRx, runId)).to.have.length(1);
  });

  it('metadata sent at creation is echoed; blocked runs report run.completed with risk_band null', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000272'), metadata: { order: '42' } });
    const [received] = await arrived(sandboxRx, runId);
    expect(received!.json.data).to.include({ status: 'blocked', decision: 'rejected', risk_band: null, external_id: null });
    expect(received!.json.data.metadata).to.deep.equal({ order: '42' });
  });

  it('pending_review, then the analyst review: a second run.completed (completed, analyst decision), another event id', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000353') });
    const [first] = await arrived(sandboxRx, runId);
    expect(first!.json.data).to.include({ status: 'pending_review', decision: 'review', risk_band: 'medio' });
    const review = await service.operator(`/runs/${runId}/review`, { method: 'POST', json: { decision: 'approved', note: 'checked by hand' } });
    expect(review.status).to.equal(200);
    const both = await arrived(sandboxRx, runId, 2);
    const second = both[1]!;
    expect(second.json.event).to.equal('run.completed');
    expect(second.json.data).to.include({ status: 'completed', decision: 'approved', risk_band: 'medio' });
    expect(second.json.id).to.match(EVENT_ID);
    expect(second.json.id).not.to.equal(first!.json.id);
    verifySignatures(second, secret);
  });

  it('sandbox events go to the sandbox endpoint only, live to the live one; a live run that fails sends run.failed', async () => {
    const liveSecret = await putEndpoint(service, w.tenant.tenant_id, 'live', liveRx.url('/live'));
    const liveKey = (await w.tenant.key({ environment: 'live' })).api_key;
    const credits = await service.operator(`/tenants/${w.tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'webhook test' } });
    expect(credits.status).to.equal(201);
    // live sources are not configured in tests: every source answers ERROR, the run fails
    const liveRun = await createRun(service, liveKey, { template_id: w.pf, subject: pfSubject('00000000191') });
    const sandboxRun = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    const [live] = await arrived(liveRx, liveRun);
    await arrived(sandboxRx, sandboxRun);
    expect(live!.json).to.include({ event: 'run.failed', livemode: true });
    expect(live!.json.data).to.include({ status: 'failed', decision: null, risk_band: null });
    verifySignatures(live!, liveSecret);
    await sleep(100);
    expect(forRun(sandboxRx, liveRun)).to.have.length(0);
    expect(forRun(liveRx, sandboxRun)).to.have.length(0);
  });

  it('a per-call webhook_url overrides the endpoint URL and is signed with that environment secret', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), webhook_url: ownRx.url('/own') });
    const [received] = await arrived(ownRx, runId);
    expect(received!.path).to.equal('/own');
    verifySignatures(received!, secret);
    await sleep(100);
    expect(forRun(sandboxRx, runId)).to.have.length(0);
  });

  it('a per-call webhook_url with no endpoint for the environment: nothing sent, the delivery failed with the reason', async () => {
    const bare = await world(service, 'No endpoint');
    const runId = await createRun(service, bare.key, { template_id: bare.pf, subject: pfSubject('00000000191'), webhook_url: ownRx.url('/orphan') });
    await waitForRun(service, bare.key, runId);
    const [delivery] = await until(() => deliveries(service, bare.tenant.tenant_id), (d) => d.length > 0);
    expect(delivery).to.include({ status: 'failed', next_attempt_at: null, url: ownRx.url('/orphan') });
    expect(delivery!.attempts).to.deep.equal([]);
    expect(delivery!.failure_reason).to.match(/No sandbox webhook endpoint is configured/);
    // and a run of a tenant without endpoint nor per-call URL records nothing
    const quiet = await createRun(service, bare.key, { template_id: bare.pf, subject: pfSubject('00000000191') });
    await waitForRun(service, bare.key, quiet);
    await sleep(100);
    expect(await deliveries(service, bare.tenant.tenant_id)).to.have.length(1);
    expect(forRun(ownRx, runId)).to.have.length(0);
  });

  it('a cancelled run sends nothing', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000868'), external_id: 'wh-cancel' });
    expect((await service.operator(`/runs/${runId}/cancel`, { method: 'POST' })).status).to.equal(200);
    await sleep(300);
    expect(forRun(sandboxRx, runId)).to.have.length(0);
    const types = (await service.services.log.readStream(`run-${runId}`)).map((e) => e.type);
    expect(types).to.include('RunCancelled');
    expect(types).not.to.include('RunCompleted');
  });

  it('a replayed terminal event makes no second delivery', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    await arrived(sandboxRx, runId);
    const terminal = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'RunCompleted');
    await service.services.webhooks.handle(terminal);
    await service.services.webhooks.handle(terminal);
    await service.services.worker.idle();
    await sleep(100);
    expect(forRun(sandboxRx, runId)).to.have.length(1);
    const eventId = forRun(sandboxRx, runId)[0]!.json.id as string;
    const log = await deliveries(service, w.tenant.tenant_id, `?event_id=${eventId}`);
    expect(log).to.have.length(1);
    expect(log[0]!.attempts).to.have.length(1);
  });

  it('redelivery: 202, a new attempt now with the same event id and body, also for a succeeded delivery', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    const [first] = await arrived(sandboxRx, runId);
    const [delivery] = await until(() => deliveries(service, w.tenant.tenant_id, `?event_id=${first!.json.id}`), (d) => d[0]?.status === 'succeeded');
    const response = await service.operator(`/webhook-deliveries/${delivery!.delivery_id}/redeliver`, { method: 'POST' });
    expect(response.status).to.equal(202);
    const both = await arrived(sandboxRx, runId, 2);
    expect(both[1]!.body).to.equal(first!.body);
    expect(both[1]!.headers['webhook-id']).to.equal(first!.json.id);
    verifySignatures(both[1]!, secret);
    const after = await until(
      () => deliveries(service, w.tenant.tenant_id, `?event_id=${first!.json.id}`),
      (d) => d[0]?.attempts.length === 2,
    );
    expect(after[0]).to.include({ status: 'succeeded', next_attempt_at: null });
    const missing = await service.operator('/webhook-deliveries/00000000-0000-4000-8000-000000000000/redeliver', { method: 'POST' });
    expect(missing.status).to.equal(404);
    expect(((await missing.json()) as Json).error.code).to.equal('webhook_delivery_not_found');
    const invalid = await service.operator('/webhook-deliveries/nope/redeliver', { method: 'POST' });
    expect(invalid.status).to.equal(400);
    expect(((await invalid.json()) as Json).error.code).to.equal('invalid_id');
  });

  it('delivery log: filters by event_id and status; refuses bad filters; 404 for an unknown tenant', async () => {
    // let every attempt in flight be recorded, so statuses hold still while filtering
    await service.services.worker.idle();
    await service.services.runner.waitFor(await service.services.eventStore.headPosition());
    const all = await deliveries(service, w.tenant.tenant_id);
    expect(all.length).to.be.greaterThan(3);
    for (const d of all) {
      expect(d).to.have.all.keys('delivery_id', 'event_id', 'event', 'environment', 'url', 'status', 'attempts', 'next_attempt_at', 'failure_reason', 'created_at');
      expect(d.created_at).to.match(ISO);
    }
    // newest first
    expect(all.map((d) => d.created_at)).to.deep.equal([...all.map((d) => d.created_at)].sort().reverse());
    const one = all[all.length - 1]!;
    expect((await deliveries(service, w.tenant.tenant_id, `?event_id=${one.event_id}`)).map((d) => d.delivery_id)).to.deep.equal([one.delivery_id]);
    const succeeded = await deliveries(service, w.tenant.tenant_id, '?status=succeeded');
    expect(succeeded.length).to.equal(all.filter((d) => d.status === 'succeeded').length);
    expect(succeeded.every((d) => d.status === 'succeeded')).to.equal(true);
    expect(await deliveries(service, w.tenant.tenant_id, `?status=failed&event_id=${one.event_id}`)).to.deep.equal(one.status === 'failed' ? [one] : []);
    for (const query of ['?status=done', '?event_id=evt_123', '?limit=0']) {
      const response = await service.operator(`/tenants/${w.tenant.tenant_id}/webhook-deliveries${query}`);
      expect(response.status, query).to.equal(400);
    }
    const unknown = await service.operator('/tenants/00000000-0000-4000-8000-000000000000/webhook-deliveries');
    expect(unknown.status).to.equal(404);
    expect(((await unknown.json()) as Json).error.code).to.equal('tenant_not_found');
    // another tenant's deliveries are not listed here
    const other = await createTenant(service, 'Listless');
    expect(await deliveries(service, other.tenant_id)).to.deep.equal([]);
  });

  it('the secret appears neither in the logs nor in the audit trail (it rests sealed)', async () => {
    const logs = service.logs.join('\n');
    expect(logs).not.to.include(secret);
    expect(logs).not.to.include('RECEIVER-BODY-SECRET');
    const audit = await service.operator(`/audit/streams?tenant_id=${w.tenant.tenant_id}&category=webhook_endpoints&limit=1000`);
    const text = await audit.text();
    expect(audit.status, text).to.equal(200);
    expect(text).to.include('WebhookEndpointSet');
    expect(text).to.include('secret_sealed');
    expect(text).not.to.include(secret);
    expect(text).not.to.include(secret.slice(6));
    const everything = await service.operator(`/audit/streams?tenant_id=${w.tenant.tenant_id}&limit=1000`);
    expect(await everything.text()).not.to.include('RECEIVER-BODY-SECRET');
  });
});

describe('webhooks: an HTTPS receiver with a self-signed certificate', () => {
  let tls: { key: string; cert: string } | null = null;
  let service: TestService;
  let rx: Receiver;

  before(async function () {
    const dir = tempDir('svc-tls-');
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
      tls = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
    } catch {
      this.skip();
    }
    rx = await startReceiver(tls!);
    service = await startWebhookService({ sender: (config) => new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, ca: tls!.cert }) });
  });
  after(async () => {
    if (!tls) return;
    await service.close();
    await rx.close();
  });

  it('delivers over TLS, verifying the receiver certificate', async () => {
    const w = await world(service);
    const secret = await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url());
    expect(rx.url()).to.match(/^https:/);
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    const [received] = await until(() => rx.received.filter((r) => r.json.data?.id === runId), (r) => r.length === 1);
    verifySignatures(received!, secret);
    const [delivery] = await until(() => deliveries(service, w.tenant.tenant_id), (d) => d[0]?.status === 'succeeded');
    expect(delivery!.attempts[0]).to.include({ http_status: 200, error: null });
  });

  it('a sender that does not trust the certificate fails the attempt (and retries later)', async () => {
    const strict = await startWebhookService();
    try {
      const w = await world(strict);
      await putEndpoint(strict, w.tenant.tenant_id, 'sandbox', rx.url('/strict'));
      await createRun(strict, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
      const [delivery] = await until(() => deliveries(strict, w.tenant.tenant_id), (d) => d[0]?.attempts.length === 1);
      expect(delivery!.status).to.equal('pending');
      expect(delivery!.attempts[0].http_status).to.equal(null);
      expect(delivery!.attempts[0].error).to.match(/^connection failed \(/);
      expect(rx.received.filter((r) => r.path === '/strict')).to.have.length(0);
    } finally {
      await strict.close();
    }
  });
});

describe('webhooks: biometric_check.completed', () => {
  let service: TestService;
  let rx: Receiver;
  let ownRx: Receiver;

  before(async () => {
    [rx, ownRx] = await Promise.all([startReceiver(), startReceiver()]);
    service = await startWebhookService();
  });
  after(async () => {
    await service.close();
    await Promise.all([rx.close(), ownRx.close()]);
  });

  const round = async (key: string, extra: Json = {}, n: number) => {
    const customer = await createCustomer(service, key, pfBody(cpf(n), extra));
    const id = customer.customer_id as string;
    for (const [type, data, name] of [['selfie', png(), 'selfie.png'], ['identidade_frente', JPEG, 'rg.jpg']] as const) {
      const response = await uploadDocument(service, key, id, { type, data, fileName: name, mime: 'application/octet-stream' });
      expect(response.status, await response.text()).to.equal(201);
    }
    await settleRounds(service);
    return id;
  };

  it('goes where the endpoint subscribes: data {object, customer_id, round_id, checks{status, score, completed_at}}', async () => {
    const tenant = await createTenant(service, 'Faces');
    await setModule(service, tenant.tenant_id, true, true);
    const key = (await tenant.key()).api_key;
    const secret = await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url(), ['biometric_check.completed']);
    const customerId = await round(key, {}, 901);
    const [received] = await until(() => rx.received.filter((r) => r.json.data?.customer_id === customerId), (r) => r.length === 1);
    const { json } = received!;
    expect(json).to.include({ object: 'event', event: 'biometric_check.completed', livemode: false });
    expect(json.id).to.match(EVENT_ID);
    expect(Object.keys(json.data)).to.deep.equal(['object', 'customer_id', 'round_id', 'checks']);
    expect(json.data.object).to.equal('facial_verification');
    const customer = (await (await getJson(service, key, `/customers/${customerId}`)).json()) as Json;
    expect(json.data.round_id).to.equal(customer.facial_verification.round_id);
    expect(json.data.checks).to.deep.equal(customer.facial_verification.checks);
    for (const check of Object.values(json.data.checks) as Json[]) expect(check).to.have.all.keys('status', 'score', 'completed_at');
    verifySignatures(received!, secret);

    // the customer's own webhook_url overrides the endpoint URL
    const own = await round(key, { webhook_url: ownRx.url('/customer') }, 902);
    await until(() => ownRx.received.filter((r) => r.json.data?.customer_id === own), (r) => r.length === 1);
    await sleep(100);
    expect(rx.received.filter((r) => r.json.data?.customer_id === own)).to.have.length(0);
  });

  it('is not sent where the endpoint does not subscribe to it', async () => {
    const tenant = await createTenant(service, 'No faces');
    await setModule(service, tenant.tenant_id, true, true);
    const key = (await tenant.key()).api_key;
    await putEndpoint(service, tenant.tenant_id, 'sandbox', rx.url('/unsubscribed'));
    const customerId = await round(key, {}, 903);
    await service.services.worker.idle();
    await sleep(200);
    expect(rx.received.filter((r) => r.json.data?.customer_id === customerId)).to.have.length(0);
    expect((await deliveries(service, tenant.tenant_id)).filter((d) => d.event === 'biometric_check.completed')).to.deep.equal([]);
  });
});
