import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { probeRouter } from '../helpers/probe-router.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('public API conventions: request ids, versions, errors, bodies', () => {
  let service: TestService;
  let tenant: TenantFixture;
  let key: string;
  before(async () => {
    service = await startService({ apiRouters: (s) => [probeRouter(s)] });
    tenant = await createTenant(service);
    key = (await tenant.key()).api_key;
  });
  after(async () => service.close());

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    service.call(`/api/v1${path}`, { ...init, headers: { 'x-api-key': key, ...(init.headers as Record<string, string>) } });

  it('gives every response its own X-Request-Id, errors included', async () => {
    const responses = [await api('/probe/subjects/pf'), await api('/nope'), await service.call('/api/v1/probe/subjects/pf'), await service.call('/nothing')];
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).to.match(UUID);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('echoes the requested version, answers the latest when omitted, and refuses an unknown one', async () => {
    expect((await api('/probe/subjects/pf')).headers.get('x-svc-api-version')).to.equal('2026-09-23');
    for (const version of ['2026-06-03', '2026-08-27', '2026-09-23']) {
      const response = await api('/probe/subjects/pf', { headers: { 'x-svc-api-version': version } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-svc-api-version')).to.equal(version);
    }
    const bad = await api('/probe/subjects/pf', { headers: { 'x-svc-api-version': '2025-01-01' } });
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as any).error).to.include({ code: 'invalid_api_version', type: 'invalid_request_error', param: 'x-svc-api-version' });
    expect(bad.headers.get('x-svc-api-version')).to.equal('2026-09-23');
  });

  it('answers unknown routes 404 not_found and wrong methods 405, in the error envelope with livemode', async () => {
    const missing = await api('/customers-that-do-not-exist');
    expect(missing.status).to.equal(404);
    expect(await missing.json()).to.deep.equal({
      error: { type: 'invalid_request_error', code: 'not_found', message: 'No such route.', param: null },
      livemode: false,
    });
    const method = await api('/probe/subjects/pf', { method: 'DELETE' });
    expect(method.status).to.equal(405);
    expect(((await method.json()) as any).error.code).to.equal('method_not_allowed');
  });

  it('answers malformed JSON with 400 invalid_json and a body over 1 MB with 413 payload_too_large', async () => {
    const malformed = await api('/probe/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(malformed.status).to.equal(400);
    expect(((await malformed.json()) as any).error.code).to.equal('invalid_json');
    const big = await api('/probe/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) });
    expect(big.status).to.equal(413);
    expect(((await big.json()) as any).error).to.include({ code: 'payload_too_large', type: 'invalid_request_error' });
    const exactly = await api('/probe/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"p":"${'x'.repeat(1024 * 1024 - 8)}"}` });
    expect(exactly.status, 'a body of exactly 1 MB is accepted').to.equal(201);
  });

  it('hides internal failures behind 500 internal_error: no stack, no message, no personal data in body or log', async () => {
    const response = await api('/probe/crash');
    expect(response.status).to.equal(500);
    const text = await response.text();
    expect(JSON.parse(text).error).to.include({ code: 'internal_error', type: 'server_error' });
    for (const leak of ['hunter2', '12345678909', 'at ', '.ts']) expect(text).not.to.include(leak);
    const logged = service.logs.find((l) => l.includes('request failed'))!;
    expect(logged).to.include(response.headers.get('x-request-id')!);
    expect(logged).not.to.include('12345678909');
  });

  it('logs one line per request with its id and the route template, never the path or the query string', async () => {
    const response = await api('/probe/subjects/pf?doc=12345678909');
    const line = service.logs.find((l) => l.includes(response.headers.get('x-request-id')!))!;
    expect(JSON.parse(line)).to.include({ method: 'GET', route: '/api/v1/probe/subjects/:type', status: 200, tenant_id: tenant.tenant_id });
    expect(line).not.to.include('12345678909');
  });
});

describe('rate limits', () => {
  let service: TestService;
  let clock: ManualClock;
  let tenant: TenantFixture;
  before(async () => {
    clock = new ManualClock();
    service = await startService({ apiRouters: (s) => [probeRouter(s)], env: { SVC_RATE_LIMIT_PER_MINUTE: '4' }, clock });
    tenant = await createTenant(service);
  });
  after(async () => service.close());

  const hit = (apiKey?: string) => service.call('/api/v1/probe/subjects/pf', { headers: apiKey ? { 'x-api-key': apiKey } : {} });

  it('counts per key in fixed minute windows, with X-RateLimit-* on every response and 429 + Retry-After past the limit', async () => {
    const { api_key } = await tenant.key({ rate_limit_per_minute: 3 });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await hit(api_key);
      expect(r.status).to.equal(200);
      remaining.push(r.headers.get('x-ratelimit-remaining')!);
      expect(r.headers.get('x-ratelimit-limit')).to.equal('3');
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);
    const limited = await hit(api_key);
    expect(limited.status).to.equal(429);
    expect(((await limited.json()) as any).error).to.include({ code: 'rate_limit_exceeded', type: 'rate_limit_error' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset % 60).to.equal(0);
    expect(reset * 1000).to.be.greaterThan(Date.now());
    // another key of the same tenant has its own window
    const other = await tenant.key({ rate_limit_per_minute: 3 });
    expect((await hit(other.api_key)).status).to.equal(200);
  });

  it('takes the limit from the key, else the tenant setting, else the default', async () => {
    const own = await createTenant(service, 'Limits');
    const plain = await own.key();
    expect((await hit(plain.api_key)).headers.get('x-ratelimit-limit')).to.equal('4');
    await service.operator(`/tenants/${own.tenant_id}`, { method: 'PATCH', json: { rate_limit_per_minute: 7 } });
    expect((await hit(plain.api_key)).headers.get('x-ratelimit-limit')).to.equal('7');
    const keyed = await own.key({ rate_limit_per_minute: 2 });
    expect((await hit(keyed.api_key)).headers.get('x-ratelimit-limit')).to.equal('2');
  });

  it('counts requests without a valid key per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await hit()).status);
    expect(statuses.slice(0, 4)).to.deep.equal([401, 401, 401, 401]);
    expect(statuses.slice(4)).to.deep.equal([429, 429]);
  });
});
