import { expect } from 'chai';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../../src/adapters/ids.js';
import { uploadDocument as uploadCommand } from '../../src/commands/documents.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, pfBody, uploadDocument } from './customers-support.js';
import { addCredits, balanceOf, expectError, FakeBiometrics, JPEG, png, postFacial, rawPost, setModule, settleRounds } from './facial-support.js';
import { cpf, type Json } from './runs-support.js';

const FACIAL = '/api/v1/verificacoes/facial';
const PNG = png();
/** The eight bytes of a PNG signature, then anything: what a probe sent as a "PNG". */
const GARBAGE_PNG = Buffer.concat([PNG.subarray(0, 8), Buffer.from('not an IHDR, not a picture, just bytes after a signature')]);

/** One part of a hand-built multipart body: a text field, or a file whose filename parameters are given as raw bytes. */
type Part = { name: string; text: string } | { name: string; filename: Buffer | string; data: Uint8Array; mime?: string };

/** A multipart/form-data body byte for byte, for what fetch's FormData would not send (raw UTF-8 names, filename*). */
function multipartBody(boundary: string, parts: Part[]): Buffer {
  const chunks = parts.flatMap((part) =>
    'text' in part
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.text}\r\n`)]
      : [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; `),
          Buffer.from(part.filename),
          Buffer.from(`\r\nContent-Type: ${part.mime ?? 'application/octet-stream'}\r\n\r\n`),
          Buffer.from(part.data),
          Buffer.from('\r\n'),
        ],
  );
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/**
 * Hostile multipart bodies on the two upload endpoints (POST documents, POST verificacoes/facial):
 * bodies that do not parse, file names that would mislead a reader, and files that carry an
 * image signature without an image behind it. Live keys against a fake provider, so a charge
 * or a provider call would show.
 */
describe('HTTP hostile multipart uploads', () => {
  let service: TestService;
  let fake: FakeBiometrics;
  let tenantId: string;
  let sandbox: string;
  let live: string;
  let n = 7000;

  before(async () => {
    fake = new FakeBiometrics();
    service = await startService({ liveBiometrics: fake, env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' } });
    const tenant = await createTenant(service, 'Hostile uploads');
    tenantId = tenant.tenant_id;
    await setModule(service, tenantId, true, true);
    sandbox = (await tenant.key()).api_key;
    live = (await tenant.key({ environment: 'live' })).api_key;
    await addCredits(service, tenantId, 100);
  });
  after(async () => service.close());
  beforeEach(() => fake.reset());

  const newPf = async (key = sandbox) => (await createCustomer(service, key, pfBody(cpf(++n)))).customer_id as string;
  const documentsPath = (customerId: string) => `/api/v1/customers/${customerId}/documents`;
  const post = (path: string, key: string, contentType: string, body: Buffer) =>
    rawPost(service.base, path, { 'x-api-key': key, 'content-type': contentType, 'content-length': String(body.length) }, body);
  const uploadsOf = async (customerId: string) => (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'DocumentUploaded');
  const roundsOf = async (customerId: string) => (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'FacialRoundStarted');
  const facialChecks = () => service.services.log.readAll({ after: null, limit: 100_000, streamPrefixes: ['facialcheck-'] });
  const blobsOf = (customerId: string) => {
    const dir = join(service.dataDir, 'blobs', 'documents', tenantId, customerId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  /** POST documents with a raw body and expect 201; returns the Document. */
  const rawUploadOk = async (customerId: string, body: Buffer, boundary = 'hostileboundary'): Promise<Json> => {
    const response = await post(documentsPath(customerId), sandbox, `multipart/form-data; boundary=${boundary}`, body);
    expect(response.status, response.body).to.equal(201);
    return JSON.parse(response.body) as Json;
  };
  const expectCode = (response: { status: number; body: string }, status: number, code: string, label: string) => {
    expect(response.status, `${label}: ${response.body}`).to.equal(status);
    expect((JSON.parse(response.body) as { error: Json }).error.code, `${label}: ${response.body}`).to.equal(code);
  };

  describe('a body that does not parse is 400 invalid_multipart on both endpoints', () => {
    const documentBody = (boundary: string) => multipartBody(boundary, [{ name: 'type', text: 'selfie' }, { name: 'file', filename: 'filename="selfie.png"', data: PNG, mime: 'image/png' }]);
    const facialBody = (boundary: string) => multipartBody(boundary, [{ name: 'user_image', filename: 'filename="selfie.png"', data: PNG, mime: 'image/png' }]);

    it('an empty, quoted-empty, missing, over-long (71) or space-ended boundary; nothing recorded, nobody asked', async () => {
      const long = 'b'.repeat(71);
      // each Content-Type with the body its boundary would frame, so only the header is wrong
      const cases: [string, string][] = [
        ['multipart/form-data; boundary=', 'realboundary'],
        ['multipart/form-data; boundary=""', 'realboundary'],
        ['multipart/form-data', 'realboundary'],
        [`multipart/form-data; boundary=${long}`, long],
        ['multipart/form-data; boundary="ends with space "', 'ends with space '],
      ];
      const id = await newPf(live);
      const before = await balanceOf(service, tenantId);
      for (const [contentType, boundary] of cases) {
        expectCode(await post(documentsPath(id), live, contentType, documentBody(boundary)), 400, 'invalid_multipart', `documents ${contentType}`);
        expectCode(await post(FACIAL, live, contentType, facialBody(boundary)), 400, 'invalid_multipart', `facial ${contentType}`);
      }
      expect(await uploadsOf(id)).to.have.length(0);
      expect(blobsOf(id)).to.deep.equal([]);
      expect(fake.calls).to.have.length(0);
      expect(await balanceOf(service, tenantId)).to.equal(before);
      // the longest boundary RFC 2046 allows (70) still works, on both
      const longest = 'b'.repeat(70);
      expect((await post(documentsPath(id), live, `multipart/form-data; boundary=${longest}`, documentBody(longest))).status).to.equal(201);
      expect((await post(FACIAL, live, `multipart/form-data; boundary="${longest}"`, facialBody(longest))).status).to.equal(200);
    });

    it('a Content-Type with a boundary but parameters the parser will not read (it would skip the body unread)', async () => {
      const id = await newPf();
      for (const contentType of ['multipart/form-data; boundary=realboundary; junk', 'multipart/form-data; boundary=realboundary;;', 'multipart/form-data; boundary="realboundary', 'multipart/form-data;boundary=realboundary charset=utf-8']) {
        expectCode(await post(documentsPath(id), sandbox, contentType, documentBody('realboundary')), 400, 'invalid_multipart', `documents ${contentType}`);
        expectCode(await post(FACIAL, sandbox, contentType, facialBody('realboundary')), 400, 'invalid_multipart', `facial ${contentType}`);
      }
      expect(await uploadsOf(id)).to.have.length(0);
      // the same body under a well-formed header, in any letter case, is read
      expect((await post(documentsPath(id), sandbox, 'Multipart/Form-Data; BOUNDARY=realboundary', documentBody('realboundary'))).status).to.equal(201);
    });

    it('a truncated body, text with a boundary, an empty body and a part header that never ends', async () => {
      const id = await newPf();
      const contentType = 'multipart/form-data; boundary=realboundary';
      const bodies: [string, Buffer, Buffer][] = [
        ['truncated', documentBody('realboundary').subarray(0, 120), facialBody('realboundary').subarray(0, 120)],
        ['not multipart', Buffer.from('this is not multipart at all'), Buffer.from('this is not multipart at all')],
        ['empty', Buffer.alloc(0), Buffer.alloc(0)],
        ['endless header', Buffer.from(`--realboundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"`), Buffer.from(`--realboundary\r\nContent-Disposition: form-data; name="user_image"`)],
      ];
      for (const [label, documentsBody, facial] of bodies) {
        expectCode(await post(documentsPath(id), sandbox, contentType, documentsBody), 400, 'invalid_multipart', `documents ${label}`);
        expectCode(await post(FACIAL, sandbox, contentType, facial), 400, 'invalid_multipart', `facial ${label}`);
      }
      expect(await uploadsOf(id)).to.have.length(0);
    });
  });

  it('facial: a failure after the body was read keeps its own code (500 internal_error), not 400 invalid_multipart', async () => {
    const log = service.services.log;
    const append = log.append.bind(log);
    log.append = async (stream, ...rest) => {
      if (stream.startsWith('facialcheck-')) throw new Error('event store unavailable');
      return append(stream, ...rest);
    };
    try {
      const error = await expectError(await postFacial(service, sandbox, { user: { data: PNG, name: 'selfie.png' } }), 500, 'internal_error');
      expect(error.type).to.equal('server_error');
    } finally {
      log.append = append;
    }
  });

  describe('file names', () => {
    it('a raw UTF-8 file name is read as UTF-8: café.png, not cafÃ©.png, in the Document and in the recorded fact', async () => {
      const id = await newPf();
      const body = multipartBody('hostileboundary', [{ name: 'type', text: 'outro' }, { name: 'file', filename: Buffer.from('filename="café.png"', 'utf8'), data: PNG }]);
      const document = await rawUploadOk(id, body);
      expect(document.file_name).to.equal('café.png');
      expect((await uploadsOf(id)).map((e) => e.data['file_name'])).to.deep.equal(['café.png']);
    });

    it("an RFC 5987 filename*=UTF-8''caf%C3%A9.png is decoded as well", async () => {
      const id = await newPf();
      const body = multipartBody('hostileboundary', [{ name: 'type', text: 'outro' }, { name: 'file', filename: "filename*=UTF-8''caf%C3%A9.png", data: PNG }]);
      expect((await rawUploadOk(id, body)).file_name).to.equal('café.png');
    });

    it('C0, DEL and C1 controls and bidi marks, embeddings, overrides and isolates are removed', async () => {
      const id = await newPf();
      // controls percent-encoded (a raw CR or LF would end the header); the bidi characters as raw UTF-8
      const controls = "filename*=UTF-8''r%00e%01c%1Fi%7Fb%C2%80o%C2%85%C2%9F.pdf";
      const bidi = Buffer.from('filename="e\u202ax\u202bt\u202cr\u202do\u202e\u2066_\u2067f\u2068c\u2069i\u200el\u200fe\u061c.pdf"', 'utf8');
      const names: string[] = [];
      for (const filename of [controls, bidi]) {
        const body = multipartBody('hostileboundary', [{ name: 'type', text: 'outro' }, { name: 'file', filename, data: Buffer.from('%PDF-1.4\n') }]);
        names.push((await rawUploadOk(id, body)).file_name as string);
      }
      expect(names).to.deep.equal(['recibo.pdf', 'extro_fcile.pdf']);
      expect((await uploadsOf(id)).map((e) => e.data['file_name'])).to.deep.equal(names);
    });

    it('a name is bounded to 200 characters, counted in characters (never half of one)', async () => {
      const id = await newPf();
      const body = multipartBody('hostileboundary', [{ name: 'type', text: 'outro' }, { name: 'file', filename: Buffer.from(`filename="${'😀'.repeat(300)}.png"`, 'utf8'), data: PNG }]);
      const name = (await rawUploadOk(id, body)).file_name as string;
      expect([...name]).to.have.length(200);
      expect(name).to.equal('😀'.repeat(200));
    });

    it('facial: the user_image name handed to the provider is decoded and cleaned the same way', async () => {
      const body = multipartBody('hostileboundary', [{ name: 'user_image', filename: "filename*=UTF-8''caf%C3%A9%E2%80%AE%01.png", data: PNG, mime: 'image/png' }]);
      const response = await post(FACIAL, live, 'multipart/form-data; boundary=hostileboundary', body);
      expect(response.status, response.body).to.equal(200);
      expect(fake.calls.map((c) => c.user.file_name)).to.deep.equal(['café.png']);
    });
  });

  describe('an image signature without an image behind it', () => {
    it('the test images decode (a real 1x1 PNG and JPEG are accepted on both endpoints)', async () => {
      const id = await newPf();
      for (const [data, name] of [[PNG, 'a.png'], [JPEG, 'a.jpg']] as const) {
        expect((await uploadDocument(service, sandbox, id, { type: 'outro', data, fileName: name })).status, name).to.equal(201);
        expect((await postFacial(service, sandbox, { user: { data, name } })).status, name).to.equal(200);
      }
    });

    it('documents, live key: a PNG signature followed by garbage is 400 invalid_file, as selfie or identity; no document, no blob, no round, no charge', async () => {
      for (const [garbageType, goodType] of [['identidade_frente', 'selfie'], ['selfie', 'identidade_frente']] as const) {
        const id = await newPf(live);
        const before = await balanceOf(service, tenantId);
        expect((await uploadDocument(service, live, id, { type: goodType, data: PNG, fileName: 'good.png' })).status).to.equal(201);
        const refused = await uploadDocument(service, live, id, { type: garbageType, data: GARBAGE_PNG, fileName: 'forged.png', mime: 'image/png' });
        await expectError(refused, 400, 'invalid_file', 'file');
        await settleRounds(service);
        const customer = await getCustomer(service, live, id);
        expect(customer.facial_verification, garbageType).to.equal(null);
        expect(customer.documents.map((d: Json) => d.type)).to.deep.equal([goodType]);
        expect((await uploadsOf(id)).map((e) => e.data['type'])).to.deep.equal([goodType]);
        expect(blobsOf(id)).to.have.length(2); // the good file and its .meta only
        expect(await roundsOf(id)).to.have.length(0);
        expect(fake.calls).to.have.length(0);
        expect(await balanceOf(service, tenantId)).to.equal(before);
      }
    });

    it('facial, live key: a garbage PNG as user_image or ref_image is 400 invalid_image_format; the provider is not asked, nothing charged', async () => {
      const before = await balanceOf(service, tenantId);
      const checksBefore = (await facialChecks()).length;
      await expectError(await postFacial(service, live, { user: { data: GARBAGE_PNG, name: 'selfie.png', mime: 'image/png' } }), 400, 'invalid_image_format', 'user_image');
      await expectError(
        await postFacial(service, live, { user: { data: PNG, name: 'selfie.png' }, ref: { data: GARBAGE_PNG, name: 'rg.png', mime: 'image/png' } }),
        400,
        'invalid_image_format',
        'ref_image',
      );
      expect(fake.calls).to.have.length(0);
      expect(await balanceOf(service, tenantId)).to.equal(before);
      expect(await facialChecks()).to.have.length(checksBefore);
    });

    it('zero, forged-huge or undecodable headers of each format are refused on both endpoints', async () => {
      const forged: [string, Buffer][] = [
        ['PNG 0x0', png(0, 0)],
        ['PNG 100000x100000', png(100_000, 100_000)],
        ['JPEG signature and junk', Buffer.concat([JPEG.subarray(0, 4), Buffer.from('junk junk junk junk junk')])],
        ['JPEG without a frame', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9])],
        ['WEBP of 0x0', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)])],
        ['TIFF without tags', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), Buffer.alloc(8)])],
      ];
      const id = await newPf(live);
      const before = await balanceOf(service, tenantId);
      for (const [label, data] of forged) {
        const document = await uploadDocument(service, live, id, { type: 'selfie', data, fileName: 'x.img', mime: 'application/octet-stream' });
        const text = await document.text();
        expect(document.status, `documents ${label}: ${text}`).to.equal(400);
        expect(JSON.parse(text).error.code, label).to.equal('invalid_file');
        const facial = await postFacial(service, live, { user: { data, name: 'x.img' } });
        const facialText = await facial.text();
        expect(facial.status, `facial ${label}: ${facialText}`).to.equal(400);
        expect(JSON.parse(facialText).error.code, label).to.equal('invalid_image_format');
      }
      expect(await uploadsOf(id)).to.have.length(0);
      expect(fake.calls).to.have.length(0);
      expect(await balanceOf(service, tenantId)).to.equal(before);
    });

    it('a document that is not an image (PDF, text, GIF, bytes) is still accepted, as any document is', async () => {
      const id = await newPf();
      const files: [string, Buffer][] = [
        ['a.pdf', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n')],
        ['a.txt', Buffer.from('plain text')],
        ['a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
        ['a.bin', Buffer.from([0, 1, 2, 3, 4, 5])],
      ];
      for (const [name, data] of files) expect((await uploadDocument(service, sandbox, id, { type: 'outro', data, fileName: name })).status, name).to.equal(201);
    });

    it('the rounds reactor starts no round for a recorded selfie whose image does not decode (one stored before this check)', async () => {
      const id = await newPf();
      const context = {
        metadata: { tenant_id: tenantId, actor: 'test', request_id: null, occurred_at: new Date().toISOString(), correlation_id: 'test', causation_id: null },
        commandId: newId(),
      };
      // the command itself, as an upload accepted before the router checked image headers
      const recorded = await uploadCommand(
        service.services.log,
        service.services.blobStore,
        { customer_id: id, tenant_id: tenantId, document_id: newId(), document_type: 'selfie', file_name: 'old.png', mime_type: 'image/png', data: GARBAGE_PNG, sha256: 'x'.repeat(64) },
        context,
      );
      expect(recorded._tag).to.equal('Right');
      expect((await uploadDocument(service, sandbox, id, { type: 'identidade_frente', data: JPEG, fileName: 'rg.jpg' })).status).to.equal(201);
      await settleRounds(service);
      expect((await getCustomer(service, sandbox, id)).facial_verification).to.equal(null);
      expect(await roundsOf(id)).to.have.length(0);
    });
  });
});
