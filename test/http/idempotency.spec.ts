import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { probeRouter } from '../helpers/probe-router.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';

describe('Idempotency-Key', () => {
  let service: TestService;
  let clock: ManualClock;
  let tenant: TenantFixture;
  let key: string;
  before(async () => {
    clock = new ManualClock(new Date());
    service = await startService({ apiRouters: (s) => [probeRouter(s)], clock });
    tenant = await createTenant(service);
    key = (await tenant.key()).api_key;
  });
  after(async () => service.close());

  const post = (json: unknown, idempotencyKey?: string, apiKey = key) =>
    service.call('/api/v1/probe/things', {
      method: 'POST',
      headers: { 'x-api-key': apiKey, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      json,
    });
  const thingsCreated = async () =>
    (await service.services.eventStore.readAll({ after: null, limit: 100_000, streamPrefixes: ['thing-'] })).length;

  it('replays the stored response with Idempotent-Replayed: true and creates nothing more', async () => {
    const before = await thingsCreated();
    const first = await post({ n: 1 }, 'key-replay');
    expect(first.status).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const body = await first.json();
    // same body with other key order and spacing is the same request
    const again = await service.call('/api/v1/probe/things', {
      method: 'POST',
      headers: { 'x-api-key': key, 'idempotency-key': 'key-replay', 'content-type': 'application/json' },
      body: '{ "n" : 1 }',
    });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await again.json()).to.deep.equal(body);
    expect(await thingsCreated()).to.equal(before + 1);
  });

  it('refuses the same key with a different body: 400 idempotency_key_reused', async () => {
    expect((await post({ n: 1 }, 'key-reused')).status).to.equal(201);
    const reused = await post({ n: 2 }, 'key-reused');
    expect(reused.status).to.equal(400);
    expect(((await reused.json()) as any).error).to.include({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
  });

  it('makes exactly one thing out of 20 concurrent requests with one key; the others wait (409 + Retry-After) or replay', async () => {
    const before = await thingsCreated();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post({ delay_ms: 300 }, 'key-concurrent')));
    const created = responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    const inFlight = responses.filter((r) => r.status === 409);
    const replayed = responses.filter((r) => r.headers.get('idempotent-replayed') === 'true');
    expect(created).to.have.length(1);
    expect(inFlight.length + replayed.length).to.equal(19);
    for (const r of inFlight) {
      expect(Number(r.headers.get('retry-after'))).to.be.within(1, 5);
      expect(((await r.json()) as any).error.code).to.equal('idempotency_key_in_progress');
    }
    const winner = (await created[0]!.json()) as { thing_id: string };
    const after = await post({ delay_ms: 300 }, 'key-concurrent');
    expect(((await after.json()) as any).thing_id).to.equal(winner.thing_id);
    expect(await thingsCreated()).to.equal(before + 1);
  });

  it('does not keep error answers: a failed request frees the key for a corrected retry', async () => {
    const failed = await post({ fail: true }, 'key-error');
    expect(failed.status).to.equal(400);
    const retried = await post({ fail: false }, 'key-error');
    expect(retried.status).to.equal(201);
    expect(retried.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('scopes keys to tenant and environment', async () => {
    const first = (await (await post({}, 'key-scope')).json()) as { thing_id: string };
    const live = await tenant.key({ environment: 'live' });
    const other = await (await createTenant(service, 'Other')).key();
    for (const apiKey of [live.api_key, other.api_key]) {
      const response = await post({}, 'key-scope', apiKey);
      expect(response.status).to.equal(201);
      expect(response.headers.get('idempotent-replayed')).to.equal(null);
      expect(((await response.json()) as { thing_id: string }).thing_id).not.to.equal(first.thing_id);
    }
  });

  it('keeps a response for 24 hours and no longer', async () => {
    const first = (await (await post({}, 'key-window')).json()) as { thing_id: string };
    clock.advance(23 * 3600_000);
    expect(((await (await post({}, 'key-window')).json()) as { thing_id: string }).thing_id).to.equal(first.thing_id);
    clock.advance(3600_000 + 1000);
    const later = await post({}, 'key-window');
    expect(later.headers.get('idempotent-replayed')).to.equal(null);
    expect(((await later.json()) as { thing_id: string }).thing_id).not.to.equal(first.thing_id);
  });

  it('refuses a key longer than 255 characters', async () => {
    const response = await post({}, 'k'.repeat(256));
    expect(response.status).to.equal(400);
    expect(((await response.json()) as any).error.code).to.equal('invalid_idempotency_key');
    expect((await post({}, 'k'.repeat(255))).status).to.equal(201);
  });

  it('stores the key only as a keyed hash', async () => {
    await post({}, 'a-very-recognisable-idempotency-key');
    const events = await service.services.eventStore.readAll({ after: null, limit: 100_000, streamPrefixes: ['idempotency-'] });
    expect(events.length).to.be.greaterThan(0);
    expect(JSON.stringify(events)).not.to.include('a-very-recognisable-idempotency-key');
    for (const e of events) expect(e.stream).to.match(/^idempotency-[0-9a-f]{64}$/);
  });
});
