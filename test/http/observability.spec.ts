import Router from '@koa/router';
import { expect } from 'chai';
import type { Processor } from '../../src/processing/runner.js';
import type { RequestState } from '../../src/http/state.js';
import { probeRouter } from '../helpers/probe-router.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { facialOk, png, setModule } from './facial-support.js';
import { createRun, eventually, pfSubject, sleep, waitForRun, world, type Json, type World } from './runs-support.js';
import { uploadSampleLists } from './screening-support.js';
import { putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of the Prometheus text format (comments skipped). */
function parseMetrics(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(service: TestService): Promise<Sample[]> {
  const response = await service.call('/metrics', { headers: { authorization: 'Bearer op_test_token' } });
  expect(response.status).to.equal(200);
  expect(response.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(await response.text());
}

/** The value of the one sample with that name whose labels include `labels`; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).to.be.at.most(1);
  return found[0]?.value ?? 0;
}

const LOG_PROBE = '/ops-probe/log';

/** A route that logs after awaiting, with no request id in its fields: the logger must add it. */
function logProbe(service: () => TestService): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get(LOG_PROBE, async (ctx) => {
    await sleep(Number(ctx.query['wait'] ?? 0));
    await new Promise((resolve) => setTimeout(resolve, 1));
    service().services.logger.warn('ops probe line', { probe: String(ctx.query['n']) });
    ctx.body = { ok: true };
  });
  return router;
}

describe('operations: /healthz, /readyz, /metrics and request-scoped logs', () => {
  describe('metrics after real traffic', () => {
    let service: TestService;
    let receiver: Receiver;
    let w: World;
    let apiKeyId: string;
    let apiKey: string;
    let samples: Sample[];
    const documents = ['00000000191', '00000000434'];

    before(async () => {
      receiver = await startReceiver();
      service = await startWebhookService();
      w = await world(service);
      const own = await w.tenant.key();
      apiKeyId = own.key_id;
      apiKey = own.api_key;
      await putEndpoint(service, w.tenant.tenant_id, 'sandbox', receiver.url());
      await setModule(service, w.tenant.tenant_id, true, true);
      for (const doc of documents) {
        const runId = await createRun(service, apiKey, { template_id: w.pf, subject: pfSubject(doc, 'Joana Prometeu Souza') });
        await waitForRun(service, apiKey, runId);
        await until(() => receiver.received.filter((r) => r.json['data']?.id === runId), (found) => found.length > 0);
      }
      await facialOk(service, apiKey, { user: { data: png() }, checks: 'passive_liveness' });
      await uploadSampleLists(service, [['br_pep', ['br/202610_PEP.zip']]]);
      // the webhook attempt is recorded just after the receiver answers
      await eventually(async () => {
        expect(valueOf(await scrape(service), 'svc_webhook_attempts_total', { result: 'succeeded' })).to.equal(2);
      });
      samples = await scrape(service);
    });
    after(async () => {
      await service.close();
      await receiver.close();
    });

    it('request durations by method, route template and status', () => {
      expect(valueOf(samples, 'svc_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/bureau/runs', status: '202' })).to.equal(2);
      expect(valueOf(samples, 'svc_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/bureau/runs/:run_id', status: '200' })).to.be.at.least(2);
      expect(valueOf(samples, 'svc_http_request_duration_seconds_count', { method: 'POST', route: '/operator/v1/tenants', status: '201' })).to.equal(1);
      expect(valueOf(samples, 'svc_http_request_duration_seconds_bucket', { method: 'POST', route: '/api/v1/bureau/runs', status: '202', le: '+Inf' })).to.equal(2);
    });

    it('runs by outcome with their durations; source latency by source and errors by source and code', () => {
      // both fixtures end approved (an unavailable tier-2 source does not change the decision)
      expect(samples.filter((s) => s.name === 'svc_runs_total').map((s) => [s.labels, s.value])).to.deep.equal([[{ outcome: 'approved' }, 2]]);
      expect(valueOf(samples, 'svc_run_duration_seconds_count', { outcome: 'approved' })).to.equal(2);
      expect(valueOf(samples, 'svc_run_duration_seconds_sum', { outcome: 'approved' })).to.be.within(0, 60);
      for (const source of ['receita_cpf', 'sanctions', 'pep', 'legal_proceedings', 'negative_media']) {
        expect(valueOf(samples, 'svc_source_duration_seconds_count', { source }), source).to.equal(2);
      }
      // 00000000434: legal_proceedings unavailable (the sandbox fixture)
      expect(valueOf(samples, 'svc_source_errors_total', { source: 'legal_proceedings', kind: 'source_unavailable' })).to.equal(1);
      expect(samples.filter((s) => s.name === 'svc_source_errors_total')).to.have.length(1);
    });

    it('webhook attempts by result, facial checks by check and result', () => {
      expect(valueOf(samples, 'svc_webhook_attempts_total', { result: 'succeeded' })).to.equal(2);
      const facial = samples.filter((s) => s.name === 'svc_facial_checks_total');
      expect(facial.map((s) => s.labels['check'])).to.deep.equal(['passive_liveness']);
      expect(['Approved', 'Declined']).to.include(facial[0]!.labels['result']);
      expect(facial[0]!.value).to.equal(1);
    });

    it('official lists: a version active, and its age; processor lag per processor; event store appends; process metrics', () => {
      expect(valueOf(samples, 'svc_list_versions', { list_id: 'br_pep' })).to.equal(1);
      expect(valueOf(samples, 'svc_list_versions', { list_id: 'ofac_sdn' })).to.equal(0);
      const age = samples.filter((s) => s.name === 'svc_list_version_age_seconds');
      expect(age.map((s) => s.labels['list_id'])).to.deep.equal(['br_pep']);
      expect(age[0]!.value).to.be.within(0, 120);
      const lag = samples.filter((s) => s.name === 'svc_processor_lag_events');
      expect(lag.map((s) => s.labels['processor'])).to.include.members(['projection:runs', 'reactor:webhooks', 'reactor:run-executor', 'projection:list-catalog']);
      for (const s of lag) expect(s.value, s.labels['processor']).to.be.within(0, 1_000);
      expect(valueOf(samples, 'svc_event_store_append_duration_seconds_count')).to.be.greaterThan(10);
      expect(valueOf(samples, 'process_cpu_user_seconds_total')).to.be.greaterThan(0);
    });

    it('no label value holds a tenant id, key id, key, document, name or run id', () => {
      const forbidden = [w.tenant.tenant_id, apiKeyId, apiKey, w.key, ...documents, 'Joana', 'Prometeu'];
      const values = samples.flatMap((s) => Object.values(s.labels));
      expect(values.length).to.be.greaterThan(50);
      for (const value of values) {
        for (const secret of forbidden) expect(value, value).not.to.include(secret);
        expect(value).not.to.match(/[0-9a-f]{8}-[0-9a-f]{4}-/); // no id of anything
        expect(value).not.to.match(/\d{6,}/);
      }
    });

    it('an unmatched path is counted under (unmatched), never by its raw path', async () => {
      await service.call('/api/v1/customers/00000000191/nothing-here', { headers: { 'x-api-key': w.key } });
      const after = await scrape(service);
      expect(valueOf(after, 'svc_http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status: '404' })).to.equal(1);
    });
  });

  describe('access', () => {
    let service: TestService;
    before(async () => {
      service = await startService();
    });
    after(async () => service.close());

    it('GET /healthz: 200 {status: ok}, with a request id, no credentials needed', async () => {
      const response = await service.call('/healthz');
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ status: 'ok' });
      expect(response.headers.get('x-request-id')).to.be.a('string');
      expect(response.headers.get('cache-control')).to.equal('no-store');
    });

    it('GET /metrics without the operator token, or with a wrong one: 401 invalid_operator_token in the error envelope', async () => {
      const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer op_test_tokenX' }, { authorization: 'op_test_token' }, { 'x-api-key': 'op_test_token' }];
      for (const headers of attempts) {
        const response = await service.call('/metrics', { headers });
        expect(response.status, JSON.stringify(headers)).to.equal(401);
        const body = (await response.json()) as { error: Json };
        expect(body.error).to.include({ code: 'invalid_operator_token' });
      }
      expect((await service.call('/metrics', { headers: { authorization: 'Bearer op_test_token' } })).status).to.equal(200);
    });

    it('each service has its own registry: a fresh one has counted nothing', async () => {
      const other = await startService();
      try {
        await service.call('/healthz');
        const samples = parseMetrics(await (await other.call('/metrics', { headers: { authorization: 'Bearer op_test_token' } })).text());
        expect(valueOf(samples, 'svc_http_request_duration_seconds_count', { route: '/healthz' })).to.equal(0);
      } finally {
        await other.close();
      }
    });
  });

  describe('readiness', () => {
    it('200 ready while stores answer and processors keep up; 503 naming processors while one is blocked, ready again once it catches up', async () => {
      const service = await startService({ env: { SVC_READY_MAX_LAG_EVENTS: '3' } });
      try {
        let response = await service.call('/readyz');
        expect(response.status).to.equal(200);
        expect(await response.json()).to.deep.equal({ status: 'ready', checks: { event_store: 'ok', read_store: 'ok', processors: 'ok' } });

        // the billing reactor's batches hang until released: it stops at its batch in hand
        const billing = (service.services.runner as unknown as { processors: Processor[] }).processors.find((p) => p.id === 'reactor:billing')!;
        const handle = billing.handle.bind(billing);
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        billing.handle = async (events, upTo) => {
          await released;
          return handle(events, upTo);
        };
        for (let i = 0; i < 5; i++) await createTenant(service, `Lagging ${i}`);
        response = await service.call('/readyz');
        expect(response.status).to.equal(503);
        expect(await response.json()).to.deep.equal({ status: 'not_ready', checks: { event_store: 'ok', read_store: 'ok', processors: 'failing' } });
        const lag = parseMetrics(await (await service.call('/metrics', { headers: { authorization: 'Bearer op_test_token' } })).text());
        expect(valueOf(lag, 'svc_processor_lag_events', { processor: 'reactor:billing' })).to.be.greaterThan(3);

        release();
        await eventually(async () => {
          expect((await service.call('/readyz')).status).to.equal(200);
        });
      } finally {
        await service.close();
      }
    });

    it('503 naming the event store when it fails, with no error text in the answer; /metrics still answers', async () => {
      const service = await startService();
      try {
        const store = service.services.eventStore;
        const head = store.headPosition.bind(store);
        store.headPosition = () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:2113 for 52998224725'));
        const response = await service.call('/readyz');
        expect(response.status).to.equal(503);
        const text = await response.text();
        expect(JSON.parse(text)).to.deep.equal({ status: 'not_ready', checks: { event_store: 'failing', read_store: 'ok', processors: 'failing' } });
        expect(text).not.to.match(/ECONNREFUSED|10\.1\.2\.3|52998224725/);
        // the scrape still answers, without the lag series it cannot compute
        const samples = await scrape(service);
        expect(samples.filter((s) => s.name === 'svc_processor_lag_events')).to.deep.equal([]);
        expect(samples.some((s) => s.name === 'svc_list_versions')).to.equal(true);
        store.headPosition = head;
        expect((await service.call('/readyz')).status).to.equal(200);
      } finally {
        await service.close();
      }
    });

    it('503 naming the read store once it is closed; /healthz still 200', async () => {
      const service = await startService();
      try {
        await service.services.readStore.close();
        const response = await service.call('/readyz');
        expect(response.status).to.equal(503);
        expect(await response.json()).to.deep.equal({ status: 'not_ready', checks: { event_store: 'ok', read_store: 'failing', processors: 'ok' } });
        expect((await service.call('/healthz')).status).to.equal(200);
      } finally {
        await service.close();
      }
    });
  });

  describe('logs', () => {
    let service: TestService;
    let key: string;
    before(async () => {
      service = await startService({ apiRouters: (services) => [probeRouter(services), logProbe(() => service)] });
      key = (await (await createTenant(service)).key()).api_key;
    });
    after(async () => service.close());

    const linesOf = (requestId: string) => service.logs.map((l) => JSON.parse(l) as Json).filter((l) => l['request_id'] === requestId);

    it('a line written while a request is handled carries its request id, even when the caller passes none; concurrent requests keep theirs apart', async () => {
      const [slow, fast] = await Promise.all([
        service.call(`/api/v1${LOG_PROBE}?n=slow&wait=40`, { headers: { 'x-api-key': key } }),
        service.call(`/api/v1${LOG_PROBE}?n=fast`, { headers: { 'x-api-key': key } }),
      ]);
      for (const [response, n] of [[slow, 'slow'], [fast, 'fast']] as const) {
        expect(response.status).to.equal(200);
        const lines = linesOf(response.headers.get('x-request-id')!);
        expect(lines.map((l) => l['message'])).to.deep.equal(['ops probe line', 'request']);
        expect(lines[0]).to.include({ level: 'warn', probe: n });
      }
    });

    it('the 500 of a failing route: its line carries the request id; every line is pino JSON (ISO time, level as label, message)', async () => {
      const response = await service.call('/api/v1/probe/crash', { headers: { 'x-api-key': key } });
      expect(response.status).to.equal(500);
      const lines = linesOf(response.headers.get('x-request-id')!);
      expect(lines.map((l) => [l['level'], l['message']])).to.deep.equal([
        ['error', 'request failed'],
        ['info', 'request'],
      ]);
      for (const line of lines) expect(line['time']).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(JSON.stringify(lines)).not.to.include('12345678909');
    });
  });
});
