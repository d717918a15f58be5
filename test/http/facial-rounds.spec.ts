import { expect } from 'chai';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createCustomer, getCustomer, pfBody, pjBody, uploadDocument } from './customers-support.js';
import { addCredits, balanceOf, FakeBiometrics, JPEG, png, setModule, settleRounds, TEXT, WEBP } from './facial-support.js';
import { cnpj, cpf, ISO, UUID, type Json } from './runs-support.js';

const PNG = png();

/**
 * Automatic facial rounds (interface feature 4, decisions section 9): a pf customer's selfie plus
 * identity image, with the module on at both layers, runs one round per pair; its result lands on
 * the customer as facial_verification.
 */
describe('automatic facial rounds', () => {
  let service: TestService;
  let fake: FakeBiometrics;
  let tenantId: string;
  let key: string;
  let n = 0;

  before(async () => {
    fake = new FakeBiometrics();
    service = await startService({ liveBiometrics: fake, env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' } });
    const tenant = await createTenant(service, 'Rounds');
    tenantId = tenant.tenant_id;
    await setModule(service, tenantId, true, true);
    key = (await tenant.key()).api_key;
  });
  after(async () => service.close());
  beforeEach(() => fake.reset());

  const newPf = async (k = key) => (await createCustomer(service, k, pfBody(cpf(++n)))).customer_id as string;
  /** Uploads a document (201 expected) and returns its id. */
  const upload = async (customerId: string, type: string, data: Buffer, fileName: string, k = key): Promise<string> => {
    const response = await uploadDocument(service, k, customerId, { type, data, fileName, mime: 'application/octet-stream' });
    const text = await response.text();
    expect(response.status, text).to.equal(201);
    return (JSON.parse(text) as Json).document_id as string;
  };
  const customerEvents = async (customerId: string): Promise<StoredEvent[]> => service.services.log.readStream(`customer-${customerId}`);
  const roundsStarted = async (customerId: string) => (await customerEvents(customerId)).filter((e) => e.type === 'FacialRoundStarted');
  const read = async (customerId: string, k = key) => {
    await settleRounds(service);
    return getCustomer(service, k, customerId);
  };

  it('selfie then identidade_frente (real images): one round, facial_verification {round_id, checks{status, score, completed_at}} only', async () => {
    const id = await newPf();
    const selfie = await upload(id, 'selfie', PNG, 'selfie.png');
    expect((await read(id)).facial_verification).to.equal(null);
    expect(await roundsStarted(id)).to.have.length(0);
    const identity = await upload(id, 'identidade_frente', JPEG, 'rg-frente.jpg');
    const customer = await read(id);
    const fv = customer.facial_verification as Json;
    expect(fv).to.have.all.keys('round_id', 'checks');
    expect(fv.round_id).to.match(UUID);
    expect(fv.checks).to.have.all.keys('face_match', 'passive_liveness');
    for (const check of ['face_match', 'passive_liveness']) {
      expect(fv.checks[check], check).to.have.all.keys('status', 'score', 'completed_at');
      expect(fv.checks[check].completed_at).to.match(ISO);
    }
    expect(fv.checks.face_match).to.include({ status: 'Approved', score: 0.97 });
    expect(fv.checks.passive_liveness).to.include({ status: 'Approved', score: 0.93 });
    expect(JSON.stringify(customer)).not.to.match(/warnings|request_id/);
    const events = await customerEvents(id);
    const started = events.filter((e) => e.type === 'FacialRoundStarted');
    expect(started).to.have.length(1);
    expect(started[0]!.data).to.include({ round_id: fv.round_id, selfie_document_id: selfie, identity_document_id: identity });
    const completed = events.filter((e) => e.type === 'FacialRoundCompleted');
    expect(completed.map((e) => [e.data['round_id'], e.data['cost'], e.data['environment']])).to.deep.equal([[fv.round_id, 0, 'sandbox']]);
    // sandbox: nothing billed, the live provider never asked
    expect(await service.services.log.readStream(`ledger-${tenantId}`)).to.have.length(0);
    expect(fake.calls).to.have.length(0);
  });

  it('the identity image first and the selfie second also starts a round; the sandbox outcome follows the selfie name', async () => {
    const id = await newPf();
    await upload(id, 'identidade_frente', PNG, 'rg.png');
    expect((await read(id)).facial_verification).to.equal(null);
    await upload(id, 'selfie', WEBP, 'me_FM_DECLINED_live_error.webp');
    const fv = (await read(id)).facial_verification as Json;
    expect(fv.checks.face_match).to.include({ status: 'Declined', score: 0.12 });
    expect(fv.checks.passive_liveness).to.include({ status: 'Error', score: null });
    expect(fv.checks.passive_liveness.completed_at).to.match(ISO);
  });

  it('cnh_frente and passaporte count as identity images; identidade_verso and comprovante_endereco do not', async () => {
    for (const type of ['cnh_frente', 'passaporte']) {
      const id = await newPf();
      await upload(id, 'selfie', PNG, 'selfie.png');
      await upload(id, type, JPEG, `${type}.jpg`);
      const fv = (await read(id)).facial_verification as Json;
      expect(fv, type).not.to.equal(null);
      expect(fv.checks.face_match.status, type).to.equal('Approved');
    }
    const id = await newPf();
    await upload(id, 'selfie', PNG, 'selfie.png');
    await upload(id, 'identidade_verso', JPEG, 'verso.jpg');
    await upload(id, 'comprovante_endereco', JPEG, 'conta.jpg');
    await upload(id, 'cnh_verso', JPEG, 'cnh_verso.jpg');
    expect((await read(id)).facial_verification).to.equal(null);
    expect(await roundsStarted(id)).to.have.length(0);
  });

  it('module off at either layer: no round, facial_verification stays null', async () => {
    for (const [master, enabled] of [
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      const tenant = await createTenant(service, `Off ${master} ${enabled}`);
      await setModule(service, tenant.tenant_id, master, enabled);
      const k = (await tenant.key()).api_key;
      const id = await newPf(k);
      await upload(id, 'selfie', PNG, 'selfie.png', k);
      await upload(id, 'identidade_frente', JPEG, 'rg.jpg', k);
      expect((await read(id, k)).facial_verification, `${master}/${enabled}`).to.equal(null);
      expect(await roundsStarted(id)).to.have.length(0);
    }
  });

  it('a pj customer: no round, and the field is absent', async () => {
    const id = (await createCustomer(service, key, pjBody(cnpj(++n)))).customer_id as string;
    await upload(id, 'selfie', PNG, 'selfie.png');
    await upload(id, 'identidade_frente', JPEG, 'rg.jpg');
    const customer = await read(id);
    expect(customer).not.to.have.property('facial_verification');
    expect(await roundsStarted(id)).to.have.length(0);
  });

  it('a selfie or identity that is not a supported image (by bytes, whatever its name): no round', async () => {
    const a = await newPf();
    await upload(a, 'selfie', TEXT, 'selfie.jpg');
    await upload(a, 'identidade_frente', JPEG, 'rg.jpg');
    expect((await read(a)).facial_verification).to.equal(null);
    expect(await roundsStarted(a)).to.have.length(0);
    const b = await newPf();
    await upload(b, 'selfie', PNG, 'selfie.png');
    await upload(b, 'identidade_frente', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1'), 'rg.png');
    expect((await read(b)).facial_verification).to.equal(null);
    expect(await roundsStarted(b)).to.have.length(0);
  });

  it('the same pair never runs twice: other uploads and a redelivery of the events add no round; a new selfie or identity starts a new one', async () => {
    const id = await newPf();
    await upload(id, 'selfie', PNG, 'selfie.png');
    await upload(id, 'identidade_frente', JPEG, 'rg.jpg');
    const first = ((await read(id)).facial_verification as Json).round_id as string;
    await upload(id, 'comprovante_endereco', PNG, 'conta.png');
    await upload(id, 'identidade_verso', PNG, 'verso.png');
    await settleRounds(service);
    expect(await roundsStarted(id)).to.have.length(1);
    // at-least-once delivery: the reactor sees the uploads again
    const uploads = (await customerEvents(id)).filter((e) => e.type === 'DocumentUploaded');
    await service.services.facialRounds.handle(uploads);
    await settleRounds(service);
    expect(await roundsStarted(id)).to.have.length(1);
    expect(((await read(id)).facial_verification as Json).round_id).to.equal(first);
    // a new selfie: a new pair, a new round with a new id
    await upload(id, 'selfie', PNG, 'selfie-2_live_declined.png');
    const second = (await read(id)).facial_verification as Json;
    expect(second.round_id).to.match(UUID).and.not.equal(first);
    expect(second.checks.passive_liveness).to.include({ status: 'Declined', score: 0.08 });
    expect(await roundsStarted(id)).to.have.length(2);
    // a new identity image (another accepted type): one more
    await upload(id, 'passaporte', JPEG, 'passaporte.jpg');
    const third = ((await read(id)).facial_verification as Json).round_id as string;
    expect(new Set([first, second.round_id, third]).size).to.equal(3);
    const started = await roundsStarted(id);
    expect(started).to.have.length(3);
    expect(new Set(started.map((e) => `${e.data['selfie_document_id']}:${e.data['identity_document_id']}`)).size).to.equal(3);
  });

  describe('live rounds', () => {
    let live: string;
    let liveTenant: string;
    before(async () => {
      const tenant = await createTenant(service, 'Live rounds');
      liveTenant = tenant.tenant_id;
      await setModule(service, liveTenant, true, true);
      live = (await tenant.key({ environment: 'live' })).api_key;
    });

    it('bill 2 credits per successful check and ask the live provider with the selfie as user and the identity as ref', async () => {
      await addCredits(service, liveTenant, 10);
      const id = await newPf(live);
      await upload(id, 'selfie', PNG, 'selfie.png', live);
      await upload(id, 'cnh_frente', JPEG, 'cnh.jpg', live);
      const fv = (await read(id, live)).facial_verification as Json;
      expect(fv.checks.face_match).to.include({ status: 'Approved', score: 0.91 });
      expect(fv.checks.passive_liveness).to.include({ status: 'Approved', score: 0.91 });
      expect(await balanceOf(service, liveTenant)).to.equal(6);
      expect(fake.calls.map((c) => c.check).sort()).to.deep.equal(['face_match', 'passive_liveness']);
      const fm = fake.calls.find((c) => c.check === 'face_match')!;
      expect(fm.user.file_name).to.equal('selfie.png');
      expect(Buffer.compare(fm.user.data, PNG)).to.equal(0);
      expect(Buffer.compare(fm.ref!.data, JPEG)).to.equal(0);
      const completed = (await customerEvents(id)).filter((e) => e.type === 'FacialRoundCompleted');
      expect(completed.map((e) => [e.data['cost'], e.data['environment']])).to.deep.equal([[4, 'live']]);
      // the uploads delivered again: the provider is not asked again and nothing more is charged
      const uploads = (await customerEvents(id)).filter((e) => e.type === 'DocumentUploaded');
      await service.services.facialRounds.handle(uploads);
      await settleRounds(service);
      expect(fake.calls).to.have.length(2);
      expect(await balanceOf(service, liveTenant)).to.equal(6);
      expect(await roundsStarted(id)).to.have.length(1);
    });

    it('an Error check is not billed (2 of 4), and the round still completes', async () => {
      const before = await balanceOf(service, liveTenant);
      fake.reset({ passive_liveness: 'Error' });
      const id = await newPf(live);
      await upload(id, 'selfie', PNG, 'selfie.png', live);
      await upload(id, 'identidade_frente', JPEG, 'rg.jpg', live);
      const fv = (await read(id, live)).facial_verification as Json;
      expect(fv.checks.face_match.status).to.equal('Approved');
      expect(fv.checks.passive_liveness).to.include({ status: 'Error', score: null });
      expect(await balanceOf(service, liveTenant)).to.equal(before - 2);
    });

    it('without enough credit: the provider is not asked, both checks Error, nothing charged, balance never negative', async () => {
      const tenant = await createTenant(service, 'Poor');
      await setModule(service, tenant.tenant_id, true, true);
      await addCredits(service, tenant.tenant_id, 3);
      const k = (await tenant.key({ environment: 'live' })).api_key;
      const id = await newPf(k);
      await upload(id, 'selfie', PNG, 'selfie.png', k);
      await upload(id, 'identidade_frente', JPEG, 'rg.jpg', k);
      const fv = (await read(id, k)).facial_verification as Json;
      expect(fv.checks.face_match.status).to.equal('Error');
      expect(fv.checks.passive_liveness.status).to.equal('Error');
      expect(fake.calls).to.have.length(0);
      expect(await balanceOf(service, tenant.tenant_id)).to.equal(3);
    });

    // BUG (src/reactors/facial-rounds.ts, billedChecks in src/commands/facial.ts): a live round of a
    // tenant with billing_suspended: true is still run and charged; decisions section 6 / interface
    // 402 billing_suspended say a suspended account is not billed. Pending until the reactor checks it.
    it('a suspended account is not charged for a live round', async () => {
      const tenant = await createTenant(service, 'Suspended');
      await setModule(service, tenant.tenant_id, true, true);
      await addCredits(service, tenant.tenant_id, 10);
      await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { billing_suspended: true } });
      const k = (await tenant.key({ environment: 'live' })).api_key;
      const id = await newPf(k);
      await upload(id, 'selfie', PNG, 'selfie.png', k);
      await upload(id, 'identidade_frente', JPEG, 'rg.jpg', k);
      await read(id, k);
      expect(fake.calls).to.have.length(0);
      expect(await balanceOf(service, tenant.tenant_id)).to.equal(10);
    });
  });
});

describe('automatic facial rounds: restart', () => {
  it('a restart on the same data runs no round again for a pair already done', async () => {
    const dataDir = tempDir();
    let service = await startService({ dataDir });
    let customerId: string;
    let key: string;
    let roundId: string;
    try {
      const tenant = await createTenant(service, 'Restart');
      await setModule(service, tenant.tenant_id, true, true);
      key = (await tenant.key()).api_key;
      customerId = (await createCustomer(service, key, pfBody(cpf(900)))).customer_id as string;
      for (const [type, data, name] of [['selfie', PNG, 'selfie.png'], ['identidade_frente', JPEG, 'rg.jpg']] as const) {
        const r = await uploadDocument(service, key, customerId, { type, data, fileName: name });
        expect(r.status, await r.text()).to.equal(201);
      }
      await settleRounds(service);
      roundId = ((await getCustomer(service, key, customerId)).facial_verification as Json).round_id as string;
      expect(roundId).to.match(UUID);
    } finally {
      await service.close();
    }
    service = await startService({ dataDir });
    try {
      const r = await uploadDocument(service, key, customerId, { type: 'comprovante_endereco', data: PNG, fileName: 'conta.png' });
      expect(r.status).to.equal(201);
      await settleRounds(service);
      const events = await service.services.log.readStream(`customer-${customerId}`);
      expect(events.filter((e) => e.type === 'FacialRoundStarted')).to.have.length(1);
      expect(events.filter((e) => e.type === 'FacialRoundCompleted')).to.have.length(1);
      expect(((await getCustomer(service, key, customerId)).facial_verification as Json).round_id).to.equal(roundId);
    } finally {
      await service.close();
    }
  });
});
