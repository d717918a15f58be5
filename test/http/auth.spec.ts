import { expect } from 'chai';
import { probeRouter } from '../helpers/probe-router.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';

describe('public API authentication and authorisation', () => {
  let service: TestService;
  let tenant: TenantFixture;
  before(async () => {
    service = await startService({ apiRouters: (s) => [probeRouter(s)] });
    tenant = await createTenant(service);
  });
  after(async () => service.close());

  const get = (path: string, headers: Record<string, string> = {}) => service.call(`/api/v1${path}`, { headers });
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; type: string; param: string | null } }).error;

  it('answers 401 missing_api_key without a key, and every auth error carries the common headers', async () => {
    const response = await get('/probe/subjects/pf');
    expect(response.status).to.equal(401);
    expect(await errorOf(response)).to.include({ code: 'missing_api_key', type: 'authorization_error' });
    expect(response.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-svc-api-version')).to.equal('2026-09-23');
    expect(response.headers.get('x-ratelimit-limit')).to.equal('600');
  });

  it('answers 401 invalid_api_key for unknown, malformed and empty bearer keys', async () => {
    const cases: Record<string, string>[] = [
      { 'x-api-key': 'sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { 'x-api-key': 'not-a-key' },
      { authorization: 'Bearer sk_live_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of cases) {
      const response = await get('/probe/subjects/pf', headers);
      expect(response.status, JSON.stringify(headers)).to.equal(401);
      expect((await errorOf(response)).code).to.equal(headers.authorization === 'Basic abc' ? 'missing_api_key' : 'invalid_api_key');
    }
  });

  it('accepts the key in x-api-key or as a bearer token, equivalently', async () => {
    const { api_key } = await tenant.key();
    const cases: Record<string, string>[] = [{ 'x-api-key': api_key }, { authorization: `Bearer ${api_key}` }];
    for (const headers of cases) {
      const response = await get('/probe/subjects/pf', headers);
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ tenant_id: tenant.tenant_id, livemode: false });
    }
  });

  it('sets livemode from the key environment, on success and on errors', async () => {
    const live = await tenant.key({ environment: 'live', scopes: ['runs:read'] });
    const ok = await get('/probe/subjects/pf', { 'x-api-key': live.api_key });
    expect(((await ok.json()) as { livemode: boolean }).livemode).to.equal(true);
    const denied = await service.call('/api/v1/probe/things', { method: 'POST', headers: { 'x-api-key': live.api_key }, json: {} });
    expect(denied.status).to.equal(403);
    expect(((await denied.json()) as { livemode: boolean }).livemode).to.equal(true);
  });

  it('revokes immediately: the next request with the key answers 401', async () => {
    const key = await tenant.key();
    expect((await get('/probe/subjects/pf', { 'x-api-key': key.api_key })).status).to.equal(200);
    const revoked = await service.operator(`/tenants/${tenant.tenant_id}/api-keys/${key.key_id}`, { method: 'DELETE' });
    expect(revoked.status).to.equal(200);
    const after = await get('/probe/subjects/pf', { 'x-api-key': key.api_key });
    expect(after.status).to.equal(401);
    expect((await errorOf(after)).code).to.equal('invalid_api_key');
  });

  it('answers 403 insufficient_scope for a valid key without the scope', async () => {
    const key = await tenant.key({ scopes: ['customers:read'] });
    const response = await get('/probe/subjects/pf', { 'x-api-key': key.api_key });
    expect(response.status).to.equal(403);
    expect(await errorOf(response)).to.include({ code: 'insufficient_scope', type: 'authorization_error' });
  });

  it('answers 403 subject_type_not_allowed when a key restricted to pf acts on pj', async () => {
    const key = await tenant.key({ scopes: ['runs:read'], subject_type: 'pf' });
    expect((await get('/probe/subjects/pf', { 'x-api-key': key.api_key })).status).to.equal(200);
    const response = await get('/probe/subjects/pj', { 'x-api-key': key.api_key });
    expect(response.status).to.equal(403);
    expect((await errorOf(response)).code).to.equal('subject_type_not_allowed');
  });

  it('answers 403 channel_disabled while the tenant API channel is off, and serves again once on', async () => {
    const own = await createTenant(service, 'Channel');
    const key = await own.key();
    await service.operator(`/tenants/${own.tenant_id}`, { method: 'PATCH', json: { api_channel_enabled: false } });
    const off = await get('/probe/subjects/pf', { 'x-api-key': key.api_key });
    expect(off.status).to.equal(403);
    expect((await errorOf(off)).code).to.equal('channel_disabled');
    await service.operator(`/tenants/${own.tenant_id}`, { method: 'PATCH', json: { api_channel_enabled: true } });
    expect((await get('/probe/subjects/pf', { 'x-api-key': key.api_key })).status).to.equal(200);
  });

  it('binds every key to its own tenant', async () => {
    const other = await createTenant(service, 'Other');
    const key = await other.key();
    const body = (await (await get('/probe/subjects/pf', { 'x-api-key': key.api_key })).json()) as { tenant_id: string };
    expect(body.tenant_id).to.equal(other.tenant_id);
  });

  it('never writes a key into the logs', async () => {
    const key = await tenant.key();
    await get('/probe/subjects/pf', { 'x-api-key': key.api_key });
    await get('/probe/subjects/pf', { 'x-api-key': `${key.api_key}x` });
    expect(service.logs.length).to.be.greaterThan(0);
    expect(service.logs.join('\n')).not.to.include(key.api_key.slice(8));
  });
});
