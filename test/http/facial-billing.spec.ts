import { expect } from 'chai';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { addCredits, balanceOf, expectError, facialOk, FakeBiometrics, JPEG, png, postFacial, setModule, type FacialRequest } from './facial-support.js';
import { startRunsService, type Json } from './runs-support.js';

const BOTH: FacialRequest = { user: { data: png(), name: 'selfie.png' }, ref: { data: JPEG, name: 'doc.jpg' }, checks: 'face_match,passive_liveness' };
const LIVENESS: FacialRequest = { user: { data: png(), name: 'selfie.png' } };

/** Billing of the standalone facial verification (decisions section 6): live keys, a fake live provider. */
describe('HTTP facial verification: billing', () => {
  let service: TestService;
  let fake: FakeBiometrics;

  before(async () => {
    fake = new FakeBiometrics();
    service = await startRunsService({ liveBiometrics: fake });
  });
  after(async () => service.close());
  beforeEach(() => fake.reset());

  /** A tenant with the module on, `credits` credits, a live key and a sandbox key. */
  const tenantWith = async (credits: number): Promise<{ tenant: TenantFixture; live: string; sandbox: string }> => {
    const tenant = await createTenant(service, 'Billed');
    await setModule(service, tenant.tenant_id, true, true);
    if (credits > 0) expect(await addCredits(service, tenant.tenant_id, credits)).to.equal(credits);
    return { tenant, live: (await tenant.key({ environment: 'live' })).api_key, sandbox: (await tenant.key()).api_key };
  };
  const ledger = async (tenant: TenantFixture) =>
    (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => e.type !== 'CreditsAdded').map((e) => [e.type, e.data['amount']]);

  it('charges 2 credits per Approved check with a live key (both checks: 4), livemode true, the provider called once per check', async () => {
    const { tenant, live } = await tenantWith(10);
    const body = await facialOk(service, live, BOTH);
    expect(body.livemode).to.equal(true);
    expect(body.results.face_match).to.deep.equal({ status: 'Approved', score: 0.91, warnings: [{ code: 'fake', detail: 'face_match' }], request_id: body.results.face_match.request_id });
    expect(body.results.face_match.request_id).to.match(/^live_face_match_/);
    expect(fake.calls.map((c) => c.check).sort()).to.deep.equal(['face_match', 'passive_liveness']);
    const fm = fake.calls.find((c) => c.check === 'face_match')!;
    expect(fm.user.file_name).to.equal('selfie.png');
    expect(fm.user.mime).to.equal('image/png');
    expect(fm.ref?.mime).to.equal('image/jpeg');
    expect(Buffer.compare(fm.ref!.data, JPEG)).to.equal(0);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(6);
    expect(await ledger(tenant)).to.deep.equal([
      ['CreditsReserved', 4],
      ['CreditsCaptured', 4],
    ]);
    // the stored verification records the cost
    const performed = (await service.services.log.readAll({ after: null, limit: 100_000, streamPrefixes: ['facialcheck-'] })).filter((e) => e.data['tenant_id'] === tenant.tenant_id);
    expect(performed.map((e) => [e.data['environment'], e.data['cost'], e.data['customer_id']])).to.deep.equal([['live', 4, null]]);
  });

  it('charges Declined checks like Approved ones (2 each)', async () => {
    const { tenant, live } = await tenantWith(10);
    fake.reset({ face_match: 'Declined', passive_liveness: 'Declined' });
    const body = await facialOk(service, live, BOTH);
    expect(body.results.face_match.status).to.equal('Declined');
    expect(body.results.passive_liveness.status).to.equal('Declined');
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(6);
  });

  it('partial failure: 200, the Error entry has a message and is not charged (2 of 4 credits)', async () => {
    const { tenant, live } = await tenantWith(10);
    fake.reset({ face_match: 'Error' });
    const body = await facialOk(service, live, BOTH);
    expect(body.results.face_match).to.have.all.keys('status', 'warnings', 'request_id', 'message');
    expect(body.results.face_match).to.include({ status: 'Error', message: 'fake provider error' });
    expect(body.results.passive_liveness).to.include({ status: 'Approved', score: 0.91 });
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(8);
    expect(await ledger(tenant)).to.deep.equal([
      ['CreditsReserved', 4],
      ['CreditsCaptured', 2],
    ]);
  });

  it('a provider that throws is an Error entry, not a 500', async () => {
    const { tenant, live } = await tenantWith(10);
    fake.reset({ passive_liveness: 'throw' });
    const body = await facialOk(service, live, BOTH);
    expect(body.results.passive_liveness.status).to.equal('Error');
    expect(body.results.passive_liveness.message).to.be.a('string').and.not.equal('');
    expect(JSON.stringify(body)).not.to.include('exploded');
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(8);
  });

  it('every check Error: 502 biometric_check_failed and nothing charged (the hold is released)', async () => {
    const { tenant, live } = await tenantWith(10);
    fake.reset({ face_match: 'Error', passive_liveness: 'Error' });
    const error = await expectError(await postFacial(service, live, BOTH), 502, 'biometric_check_failed');
    expect(error.type).to.equal('server_error');
    expect(fake.calls).to.have.length(2);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(10);
    expect(await ledger(tenant)).to.deep.equal([
      ['CreditsReserved', 4],
      ['CreditsCaptured', 0],
    ]);
  });

  it('402 billing_suspended (billing_error) before any provider call when the balance cannot cover every requested check', async () => {
    const { tenant, live } = await tenantWith(3);
    const error = await expectError(await postFacial(service, live, BOTH), 402, 'billing_suspended');
    expect(error.type).to.equal('billing_error');
    expect(fake.calls).to.have.length(0);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(3);
    // one check (2 credits) fits
    await facialOk(service, live, LIVENESS);
    expect(fake.calls).to.have.length(1);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(1);
    await expectError(await postFacial(service, live, LIVENESS), 402, 'billing_suspended');
    expect(fake.calls).to.have.length(1);
    // no credits at all
    const empty = await tenantWith(0);
    await expectError(await postFacial(service, empty.live, LIVENESS), 402, 'billing_suspended');
    expect(fake.calls).to.have.length(1);
    expect(await balanceOf(service, empty.tenant.tenant_id)).to.equal(0);
  });

  it('402 billing_suspended when the account is suspended, even with credits; nothing charged, no provider call', async () => {
    const { tenant, live, sandbox } = await tenantWith(10);
    const patched = await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { billing_suspended: true } });
    expect(patched.status).to.equal(200);
    await expectError(await postFacial(service, live, LIVENESS), 402, 'billing_suspended');
    expect(fake.calls).to.have.length(0);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(10);
    // sandbox is never billed, so a suspension does not stop it
    await facialOk(service, sandbox, LIVENESS);
  });

  it('sandbox keys are never billed and never reach the live provider, even with no credits', async () => {
    const { tenant, sandbox } = await tenantWith(0);
    const body = await facialOk(service, sandbox, BOTH);
    expect(body.livemode).to.equal(false);
    expect(body.results.face_match).to.include({ status: 'Approved', score: 0.97 });
    expect(fake.calls).to.have.length(0);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(0);
    expect(await ledger(tenant)).to.deep.equal([]);
  });

  it('no Idempotency-Key effect: the same key twice bills twice', async () => {
    const { tenant, live } = await tenantWith(10);
    await facialOk(service, live, LIVENESS, { 'idempotency-key': 'same' });
    await facialOk(service, live, LIVENESS, { 'idempotency-key': 'same' });
    expect(fake.calls).to.have.length(2);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(6);
  });

  it('the balance never goes negative under concurrent requests: 4 credits, 6 concurrent single checks, exactly 2 succeed', async () => {
    const { tenant, live } = await tenantWith(4);
    fake.reset({ passive_liveness: 'slow' });
    fake.slowMs = 100;
    const responses = await Promise.all(Array.from({ length: 6 }, () => postFacial(service, live, LIVENESS)));
    const statuses = await Promise.all(responses.map(async (r) => [r.status, ((await r.json()) as Json).error?.code ?? 'ok'] as const));
    expect(statuses.filter(([s]) => s === 200)).to.have.length(2);
    expect(statuses.filter(([s, code]) => s === 402 && code === 'billing_suspended')).to.have.length(4);
    expect(fake.calls).to.have.length(2);
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(0);
    for (const event of await service.services.log.readStream(`ledger-${tenant.tenant_id}`)) expect(event.data['balance']).to.be.at.least(0);
  });
});

describe('HTTP facial verification: live provider not configured', () => {
  let service: TestService;
  before(async () => {
    // no override: the default HttpBiometricProvider without SVC_BIOMETRIC_PROVIDER_URL
    service = await startService();
  });
  after(async () => service.close());

  it('every live check is Error (provider not configured): 502, nothing charged; sandbox still answers', async () => {
    const tenant = await createTenant(service, 'Unconfigured');
    await setModule(service, tenant.tenant_id, true, true);
    await addCredits(service, tenant.tenant_id, 10);
    const live = (await tenant.key({ environment: 'live' })).api_key;
    await expectError(await postFacial(service, live, BOTH), 502, 'biometric_check_failed');
    await expectError(await postFacial(service, live, LIVENESS), 502, 'biometric_check_failed');
    expect(await balanceOf(service, tenant.tenant_id)).to.equal(10);
    const performed = (await service.services.log.readAll({ after: null, limit: 1000, streamPrefixes: ['facialcheck-'] })).map((e) => e.data);
    expect(performed).to.have.length(2);
    for (const data of performed) {
      expect(data['cost']).to.equal(0);
      for (const check of Object.values(data['checks'] as Json)) expect((check as Json).status).to.equal('Error');
    }
    const sandbox = (await tenant.key()).api_key;
    expect((await facialOk(service, sandbox, LIVENESS)).results.passive_liveness.status).to.equal('Approved');
  });
});
