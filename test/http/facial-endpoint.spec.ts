import { expect } from 'chai';
import { fileTypeFromBuffer } from 'file-type';
import { createTenant, type TestService } from '../helpers/service.js';
import { createCustomer, listCustomers, pfBody } from './customers-support.js';
import {
  eventsUnder,
  expectError,
  facialForm,
  facialOk,
  GIF,
  JPEG,
  MB5,
  padded,
  png,
  postFacial,
  rawPost,
  setModule,
  TEXT,
  TIFF,
  WEBP,
} from './facial-support.js';
import { cpf, startRunsService, UUID, type Json } from './runs-support.js';

const PATH = '/api/v1/verificacoes/facial';

/** POST /api/v1/verificacoes/facial with sandbox keys over real HTTP: access, validation, outcomes, shape, no side effects. */
describe('HTTP facial verification: standalone endpoint', () => {
  let service: TestService;
  let tenantId: string;
  let key: string;
  const PNG = png();

  before(async () => {
    service = await startRunsService();
    const tenant = await createTenant(service, 'Facial');
    tenantId = tenant.tenant_id;
    await setModule(service, tenantId, true, true);
    key = (await tenant.key()).api_key;
  });
  after(async () => service.close());

  it('the test images are what file-type says they are (bytes, not names)', async () => {
    expect(await fileTypeFromBuffer(PNG)).to.deep.equal({ ext: 'png', mime: 'image/png' });
    expect(await fileTypeFromBuffer(JPEG)).to.deep.equal({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await fileTypeFromBuffer(WEBP)).to.deep.equal({ ext: 'webp', mime: 'image/webp' });
    expect((await fileTypeFromBuffer(TIFF))?.mime).to.equal('image/tiff');
    expect((await fileTypeFromBuffer(GIF))?.mime).to.equal('image/gif');
    expect(await fileTypeFromBuffer(TEXT)).to.equal(undefined);
    expect(await fileTypeFromBuffer(padded(PNG, MB5))).to.deep.equal({ ext: 'png', mime: 'image/png' });
  });

  describe('access', () => {
    it('needs biometria:write: 403 insufficient_scope (authorization_error) without it, 200 with it alone', async () => {
      const tenant = await createTenant(service, 'Scopes');
      await setModule(service, tenant.tenant_id, true, true);
      const without = (await tenant.key({ scopes: ['customers:write', 'customers:read', 'runs:write', 'runs:read'] })).api_key;
      const error = await expectError(await postFacial(service, without, { user: { data: PNG } }), 403, 'insufficient_scope');
      expect(error.type).to.equal('authorization_error');
      const only = (await tenant.key({ scopes: ['biometria:write'] })).api_key;
      expect((await facialOk(service, only, { user: { data: PNG } })).object).to.equal('facial_verification');
    });

    it('answers 403 module_disabled when either layer is off, and 200 only with both on', async () => {
      const tenant = await createTenant(service, 'Module');
      const k = (await tenant.key()).api_key;
      const valid = { user: { data: PNG, name: 'selfie.png' } };
      // new tenant: both off
      let error = await expectError(await postFacial(service, k, valid), 403, 'module_disabled');
      expect(error.type).to.equal('authorization_error');
      await setModule(service, tenant.tenant_id, false, true);
      await expectError(await postFacial(service, k, valid), 403, 'module_disabled');
      await setModule(service, tenant.tenant_id, true, false);
      error = await expectError(await postFacial(service, k, valid), 403, 'module_disabled');
      expect(error.type).to.equal('authorization_error');
      await setModule(service, tenant.tenant_id, true, true);
      expect((await facialOk(service, k, valid)).results.passive_liveness.status).to.equal('Approved');
      // and off again: the next request sees it
      await setModule(service, tenant.tenant_id, true, false);
      await expectError(await postFacial(service, k, valid), 403, 'module_disabled');
    });

    it('a tenant created with the master switch on still needs the tenant setting', async () => {
      const response = await service.operator('/tenants', { method: 'POST', json: { name: 'Master only', facial_verification_master: true } });
      expect(response.status).to.equal(201);
      const { tenant_id } = (await response.json()) as Json;
      const r = await service.operator(`/tenants/${tenant_id}/api-keys`, { method: 'POST', json: { name: 'k', environment: 'sandbox', scopes: ['biometria:write'] } });
      const k = ((await r.json()) as Json).api_key as string;
      await expectError(await postFacial(service, k, { user: { data: PNG } }), 403, 'module_disabled');
    });
  });

  describe('400 on the request body, never 500', () => {
    const headers = () => ({ 'x-api-key': key });

    it('a JSON body is invalid_multipart (invalid_request_error)', async () => {
      const response = await service.call(PATH, { method: 'POST', headers: headers(), json: { user_image: PNG.toString('base64') } });
      const error = await expectError(response, 400, 'invalid_multipart');
      expect(error.type).to.equal('invalid_request_error');
    });

    it('no body, a text body and a urlencoded form are invalid_multipart', async () => {
      await expectError(await service.call(PATH, { method: 'POST', headers: headers() }), 400, 'invalid_multipart');
      await expectError(await service.call(PATH, { method: 'POST', headers: { ...headers(), 'content-type': 'text/plain' }, body: 'user_image=x' }), 400, 'invalid_multipart');
      await expectError(
        await service.call(PATH, { method: 'POST', headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' }, body: 'user_image=x&checks=face_match' }),
        400,
        'invalid_multipart',
      );
    });

    it('malformed multipart (garbage, no boundary, truncated, a part without a name) is invalid_multipart', async () => {
      const cases: [Record<string, string>, Buffer][] = [
        [{ 'content-type': 'multipart/form-data; boundary=XyZ' }, Buffer.from('this is not multipart at all')],
        [{ 'content-type': 'multipart/form-data' }, Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="checks"\r\n\r\nface_match\r\n--XyZ--\r\n')],
        [
          { 'content-type': 'multipart/form-data; boundary=XyZ' },
          Buffer.concat([Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="user_image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'), PNG.subarray(0, 20)]),
        ],
        [{ 'content-type': 'multipart/form-data; boundary=XyZ' }, Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="user_image"; filename="a.png"\r\n\r\n')],
      ];
      for (const [extra, body] of cases) {
        const r = await rawPost(service.base, PATH, { 'x-api-key': key, ...extra, 'content-length': String(body.length) }, body);
        expect(r.status, r.body).to.equal(400);
        expect((JSON.parse(r.body) as Json).error.code, r.body).to.equal('invalid_multipart');
      }
    });

    it('unexpected or repeated file parts are a 400, not a 500', async () => {
      const other = await postFacial(service, key, { user: { data: PNG }, extra: [['other_image', { data: PNG }]] });
      expect(other.status, await other.clone().text()).to.equal(400);
      expect(((await other.json()) as Json).error.type).to.equal('invalid_request_error');
      const twice = await postFacial(service, key, { user: { data: PNG }, extra: [['user_image', { data: PNG }]] });
      expect(twice.status, await twice.clone().text()).to.equal(400);
    });

    it('missing_user_image (param user_image) when absent, or when user_image is a text field', async () => {
      await expectError(await postFacial(service, key, {}), 400, 'missing_user_image', 'user_image');
      await expectError(await postFacial(service, key, { checks: 'passive_liveness' }), 400, 'missing_user_image', 'user_image');
      await expectError(await postFacial(service, key, { ref: { data: PNG }, checks: 'face_match' }), 400, 'missing_user_image', 'user_image');
      await expectError(await postFacial(service, key, { user: 'iVBORw0KGgo=' }), 400, 'missing_user_image', 'user_image');
      // the usual mistake: the image as a base64 text field, far longer than any text field
      await expectError(await postFacial(service, key, { user: padded(PNG, 4096).toString('base64') }), 400, 'missing_user_image', 'user_image');
    });

    it('invalid_checks (param checks) for a value outside face_match and passive_liveness', async () => {
      for (const checks of ['selfie', 'face_match,selfie', 'liveness', 'face_match;passive_liveness']) {
        await expectError(await postFacial(service, key, { user: { data: PNG }, ref: { data: PNG }, checks }), 400, 'invalid_checks', 'checks');
      }
    });

    it('missing_ref_image (param ref_image) when face_match is asked without ref_image', async () => {
      await expectError(await postFacial(service, key, { user: { data: PNG }, checks: 'face_match' }), 400, 'missing_ref_image', 'ref_image');
      await expectError(await postFacial(service, key, { user: { data: PNG }, checks: 'face_match,passive_liveness' }), 400, 'missing_ref_image', 'ref_image');
    });

    it('invalid_image_format by bytes: a text file named .jpg, a GIF; for user_image and for ref_image', async () => {
      await expectError(await postFacial(service, key, { user: { data: TEXT, name: 'selfie.jpg', mime: 'image/jpeg' } }), 400, 'invalid_image_format', 'user_image');
      await expectError(await postFacial(service, key, { user: { data: GIF, name: 'selfie.gif', mime: 'image/gif' } }), 400, 'invalid_image_format', 'user_image');
      await expectError(
        await postFacial(service, key, { user: { data: PNG }, ref: { data: TEXT, name: 'document.png', mime: 'image/png' } }),
        400,
        'invalid_image_format',
        'ref_image',
      );
    });

    it('image_too_large at 5,242,881 bytes, for user_image and for ref_image', async () => {
      await expectError(await postFacial(service, key, { user: { data: padded(PNG, MB5 + 1), name: 'big.png' } }), 400, 'image_too_large', 'user_image');
      await expectError(await postFacial(service, key, { user: { data: PNG }, ref: { data: padded(JPEG, MB5 + 1), name: 'big.jpg' } }), 400, 'image_too_large', 'ref_image');
    });
  });

  describe('200', () => {
    it('accepts a real PNG named .txt and sent as text/plain (bytes, not names)', async () => {
      const body = await facialOk(service, key, { user: { data: PNG, name: 'notes.txt', mime: 'text/plain' } });
      expect(body.results.passive_liveness.status).to.equal('Approved');
    });

    it('accepts JPG, PNG, WEBP and TIFF as user_image and as ref_image', async () => {
      for (const [name, data] of [['a.jpg', JPEG], ['a.png', PNG], ['a.webp', WEBP], ['a.tiff', TIFF]] as const) {
        const asUser = await facialOk(service, key, { user: { data, name } });
        expect(asUser.results.passive_liveness.status, name).to.equal('Approved');
        const asRef = await facialOk(service, key, { user: { data: PNG }, ref: { data, name } });
        expect(asRef.results.face_match.status, name).to.equal('Approved');
      }
    });

    it('accepts images of exactly 5,242,880 bytes, user_image and ref_image together', async () => {
      const body = await facialOk(service, key, { user: { data: padded(PNG, MB5), name: 'big.png' }, ref: { data: padded(JPEG, MB5), name: 'big.jpg' }, checks: 'face_match,passive_liveness' });
      expect(body.results.face_match.status).to.equal('Approved');
      expect(body.results.passive_liveness.status).to.equal('Approved');
    });

    it('defaults checks: face_match with a ref_image, passive_liveness without; an explicit list wins', async () => {
      expect(Object.keys((await facialOk(service, key, { user: { data: PNG } })).results)).to.deep.equal(['passive_liveness']);
      expect(Object.keys((await facialOk(service, key, { user: { data: PNG }, ref: { data: JPEG } })).results)).to.deep.equal(['face_match']);
      expect(Object.keys((await facialOk(service, key, { user: { data: PNG }, ref: { data: JPEG }, checks: 'passive_liveness' })).results)).to.deep.equal(['passive_liveness']);
      expect(Object.keys((await facialOk(service, key, { user: { data: PNG }, ref: { data: JPEG }, checks: 'face_match,passive_liveness' })).results).sort()).to.deep.equal([
        'face_match',
        'passive_liveness',
      ]);
    });

    it('has exactly the result shape: object, results.<check>.{status, score, warnings, request_id}, livemode false', async () => {
      const response = await postFacial(service, key, { user: { data: PNG, name: 'selfie.png' }, ref: { data: JPEG }, checks: 'face_match,passive_liveness' });
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      const body = (await response.json()) as Json;
      expect(body).to.have.all.keys('object', 'results', 'livemode');
      expect(body.object).to.equal('facial_verification');
      expect(body.livemode).to.equal(false);
      expect(body.results).to.have.all.keys('face_match', 'passive_liveness');
      for (const check of ['face_match', 'passive_liveness']) {
        const r = body.results[check] as Json;
        expect(r, check).to.have.all.keys('status', 'score', 'warnings', 'request_id');
        expect(r.warnings).to.be.an('array');
        expect(r.request_id).to.be.a('string').and.not.equal('');
      }
      expect(body.results.face_match).to.include({ status: 'Approved', score: 0.97 });
      expect(body.results.passive_liveness).to.include({ status: 'Approved', score: 0.93 });
      expect(body.results.face_match.request_id).not.to.equal(body.results.passive_liveness.request_id);
    });
  });

  describe('sandbox outcomes by the user_image file name (case-insensitive substring)', () => {
    const both = (name: string, refName = 'document.png') =>
      facialOk(service, key, { user: { data: PNG, name }, ref: { data: PNG, name: refName }, checks: 'face_match,passive_liveness' });

    it('fm_declined: face_match Declined 0.12, passive_liveness Approved 0.93', async () => {
      const body = await both('selfie_fm_declined.png');
      expect(body.results.face_match).to.include({ status: 'Declined', score: 0.12 });
      expect(body.results.face_match).not.to.have.property('message');
      expect(body.results.passive_liveness).to.include({ status: 'Approved', score: 0.93 });
    });

    it('LIVE_DECLINED (upper case): passive_liveness Declined 0.08, face_match Approved 0.97', async () => {
      const body = await both('SELFIE_LIVE_DECLINED.PNG');
      expect(body.results.passive_liveness).to.include({ status: 'Declined', score: 0.08 });
      expect(body.results.face_match).to.include({ status: 'Approved', score: 0.97 });
    });

    it('the ref_image name does not choose the outcome', async () => {
      const body = await both('selfie.png', 'fm_declined_live_error.png');
      expect(body.results.face_match.status).to.equal('Approved');
      expect(body.results.passive_liveness.status).to.equal('Approved');
    });

    it('fm_error with both checks: 200, only face_match is Error with a message and no score', async () => {
      const body = await both('fm_error.png');
      expect(body.results.face_match).to.have.all.keys('status', 'warnings', 'request_id', 'message');
      expect(body.results.face_match.status).to.equal('Error');
      expect(body.results.face_match.message).to.be.a('string').and.not.equal('');
      expect(body.results.passive_liveness).to.have.all.keys('status', 'score', 'warnings', 'request_id');
      expect(body.results.passive_liveness).to.include({ status: 'Approved', score: 0.93 });
    });

    it('live_error with both checks: 200, only passive_liveness is Error', async () => {
      const body = await both('Live_Error.webp');
      expect(body.results.passive_liveness).to.have.all.keys('status', 'warnings', 'request_id', 'message');
      expect(body.results.passive_liveness.status).to.equal('Error');
      expect(body.results.face_match).to.include({ status: 'Approved', score: 0.97 });
    });

    it('every requested check failing: 502 biometric_check_failed (server_error)', async () => {
      let error = await expectError(await postFacial(service, key, { user: { data: PNG, name: 'fm_error.png' }, ref: { data: PNG }, checks: 'face_match' }), 502, 'biometric_check_failed');
      expect(error.type).to.equal('server_error');
      error = await expectError(await postFacial(service, key, { user: { data: PNG, name: 'live_error.png' } }), 502, 'biometric_check_failed');
      expect(error.type).to.equal('server_error');
      error = await expectError(
        await postFacial(service, key, { user: { data: PNG, name: 'fm_error-live_error.png' }, ref: { data: PNG }, checks: 'face_match,passive_liveness' }),
        502,
        'biometric_check_failed',
      );
      expect(error.type).to.equal('server_error');
      // the check that was not requested does not count: live_error with face_match only succeeds
      expect((await facialOk(service, key, { user: { data: PNG, name: 'live_error.png' }, ref: { data: PNG } })).results.face_match.status).to.equal('Approved');
    });
  });

  describe('no customer, no idempotency', () => {
    it('creates or links no customer; the stored FacialVerificationPerformed has customer_id null and only facialcheck streams are written', async () => {
      await createCustomer(service, key, pfBody(cpf(1)));
      const before = (await listCustomers(service, key, '?limit=100')).data as Json[];
      const head = await service.services.eventStore.headPosition();
      const response = await postFacial(service, key, { user: { data: PNG, name: 'selfie.png' }, ref: { data: JPEG }, checks: 'face_match,passive_liveness' });
      expect(response.status).to.equal(200);
      const requestId = response.headers.get('x-request-id');
      expect(requestId).to.match(UUID);
      const body = (await response.json()) as Json;
      const after = (await listCustomers(service, key, '?limit=100')).data as Json[];
      expect(after.map((c) => [c.customer_id, c.updated_at])).to.deep.equal(before.map((c) => [c.customer_id, c.updated_at]));
      const written = (await service.services.log.readAll({ after: head, limit: 1000 })).filter((e) => e.metadata.request_id === requestId);
      expect(written.map((e) => e.type)).to.deep.equal(['FacialVerificationPerformed']);
      const event = written[0]!;
      expect(event.stream).to.match(/^facialcheck-/);
      expect(event.data).to.include({ customer_id: null, tenant_id: tenantId, environment: 'sandbox', cost: 0 });
      expect(event.data.customer_id).to.equal(null);
      const checks = event.data['checks'] as Json;
      expect(checks.face_match).to.include({ status: 'Approved', score: 0.97, request_id: body.results.face_match.request_id });
      expect(checks.passive_liveness).to.include({ status: 'Approved', score: 0.93, request_id: body.results.passive_liveness.request_id });
      // no images and no raw warnings in the event
      expect(JSON.stringify(event.data)).not.to.include('warnings');
      expect(JSON.stringify(event.data).length).to.be.below(2000);
    });

    it('has no Idempotency-Key effect: the same key twice runs twice', async () => {
      const form = () => facialForm({ user: { data: PNG, name: 'selfie.png' } });
      const first = await postFacial(service, key, form(), { 'idempotency-key': 'facial-same-key' });
      const second = await postFacial(service, key, form(), { 'idempotency-key': 'facial-same-key' });
      expect(first.status).to.equal(200);
      expect(second.status).to.equal(200);
      expect(second.headers.get('idempotent-replayed')).to.equal(null);
      const a = ((await first.json()) as Json).results.passive_liveness.request_id as string;
      const b = ((await second.json()) as Json).results.passive_liveness.request_id as string;
      expect(a).not.to.equal(b);
      const stored = (await eventsUnder(service, 'facialcheck-')).map((e) => (e.data['checks'] as Json).passive_liveness?.request_id);
      expect(stored).to.include(a).and.to.include(b);
    });
  });
});
