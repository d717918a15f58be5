import { expect } from 'chai';
import { probeRouter } from '../helpers/probe-router.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';

const BAD_VERSION = { 'x-svc-api-version': '1999-01-01' };

/** The limiter counts in real minute windows: start a counting sequence well inside one. */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

function expectLimitHeaders(response: Response, what: string): void {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-svc-api-version', 'x-request-id']) {
    expect(response.headers.get(name), `${name} on ${what}`).to.be.a('string');
  }
}

describe('rate limits: every /api/ response carries X-RateLimit-* and counts', () => {
  let service: TestService;
  let tenant: TenantFixture;
  before(async () => {
    service = await startService({ apiRouters: (s) => [probeRouter(s)], env: { SVC_RATE_LIMIT_PER_MINUTE: '4' } });
    tenant = await createTenant(service);
  });
  after(async () => service.close());

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => service.call(`/api/v1${path}`, init);

  it('puts the headers on every error answer: version, key, route, method, body', async () => {
    const { api_key } = await tenant.key({ rate_limit_per_minute: 100 });
    const keyed = { 'x-api-key': api_key };
    const json = { ...keyed, 'content-type': 'application/json' };
    const cases: [string, Promise<Response>, number, string][] = [
      ['an unknown version', api('/probe/subjects/pf', { headers: { ...keyed, ...BAD_VERSION } }), 400, 'invalid_api_version'],
      ['an unknown version without a key', api('/probe/subjects/pf', { headers: BAD_VERSION }), 400, 'invalid_api_version'],
      ['no key', api('/probe/subjects/pf'), 401, 'missing_api_key'],
      ['an invalid key', api('/probe/subjects/pf', { headers: { 'x-api-key': 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }), 401, 'invalid_api_key'],
      ['an unknown route', api('/nothing-here', { headers: keyed }), 404, 'not_found'],
      ['a wrong method', api('/probe/subjects/pf', { method: 'DELETE', headers: keyed }), 405, 'method_not_allowed'],
      ['malformed JSON', api('/probe/things', { method: 'POST', headers: json, body: '{"a":' }), 400, 'invalid_json'],
      ['a body over 1 MB', api('/probe/things', { method: 'POST', headers: json, body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) }), 413, 'payload_too_large'],
    ];
    for (const [what, pending, status, code] of cases) {
      const response = await pending;
      expect(response.status, what).to.equal(status);
      expect(await errorCode(response), what).to.equal(code);
      expectLimitHeaders(response, what);
    }
  });

  it('counts a request with an unknown version against the key', async () => {
    await awayFromWindowEdge();
    const { api_key } = await tenant.key({ rate_limit_per_minute: 3 });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api('/probe/subjects/pf', { headers: { 'x-api-key': api_key, ...BAD_VERSION } });
      expect(response.status).to.equal(400);
      remaining.push(response.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);
    const limited = await api('/probe/subjects/pf', { headers: { 'x-api-key': api_key } });
    expect(limited.status).to.equal(429);
    expect(await errorCode(limited)).to.equal('rate_limit_exceeded');
    expectLimitHeaders(limited, 'the 429');
    expect(limited.headers.get('retry-after')).to.be.a('string');
  });
});

describe('rate limits: an unknown version does not escape the per-address count', () => {
  let service: TestService;
  before(async () => {
    service = await startService({ apiRouters: (s) => [probeRouter(s)], env: { SVC_RATE_LIMIT_PER_MINUTE: '4' } });
  });
  after(async () => service.close());

  it('counts requests without a key and with an unknown version per client address', async () => {
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await service.call('/api/v1/probe/subjects/pf', { headers: BAD_VERSION })).status);
    expect(statuses).to.deep.equal([400, 400, 400, 400]);
    const next = await service.call('/api/v1/probe/subjects/pf', { headers: BAD_VERSION });
    expect(next.status).to.equal(429);
    expect(next.headers.get('x-ratelimit-remaining')).to.equal('0');
    expect(next.headers.get('x-svc-api-version')).to.equal('2026-09-23');
  });
});
