import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FacialImage } from '../../src/adapters/biometrics/port.js';
import { HttpBiometricProvider, type BiometricProviderOptions } from '../../src/adapters/biometrics/provider.js';
import { SandboxBiometricProvider } from '../../src/adapters/biometrics/sandbox.js';
import { JPEG, png } from '../http/facial-support.js';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: FormData | null;
}

/** A biometric provider on 127.0.0.1: records each request (multipart parsed) and answers with `reply`. */
class FakeBiometricServer {
  readonly seen: Seen[] = [];
  reply: (n: number, res: ServerResponse) => void = (_n, res) => res.writeHead(500).end();
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      const parse = contentType.startsWith('multipart/form-data') ? new Response(body, { headers: { 'content-type': contentType } }).formData() : Promise.resolve(null);
      void parse
        .catch(() => null)
        .then((form) => {
          this.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
          this.reply(this.seen.length - 1, res);
        });
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
};

const PNG = png();
const USER: FacialImage = { data: PNG, file_name: 'selfie.png', mime: 'image/png' };
const REF: FacialImage = { data: JPEG, file_name: 'rg.jpg', mime: 'image/jpeg' };
const never = new AbortController().signal;

async function bytesOf(value: ReturnType<FormData["get"]>): Promise<Buffer> {
  expect(value, 'a file part').to.be.instanceOf(Blob);
  return Buffer.from(await (value as Blob).arrayBuffer());
}

describe('HttpBiometricProvider (live biometric provider protocol, decisions section 3)', () => {
  let fake: FakeBiometricServer;
  let base: string;
  const provider = (options: Partial<BiometricProviderOptions> = {}) => new HttpBiometricProvider({ url: base, token: 'bio_tok_123', timeoutMs: 2000, ...options });

  beforeEach(async () => {
    fake = new FakeBiometricServer();
    base = await fake.start();
  });
  afterEach(async () => fake.stop());

  it('face_match: POST {url}/face-match, multipart user_image and ref_image, bearer token; the 200 body mapped', async () => {
    fake.reply = (_n, res) => json(res, 200, { status: 'Approved', score: 0.88, warnings: [{ code: 'low_light', x: 1 }], request_id: 'prov_123' });
    const result = await provider().check('face_match', { user: USER, ref: REF }, never);
    expect(result).to.deep.equal({ status: 'Approved', score: 0.88, warnings: [{ code: 'low_light', x: 1 }], request_id: 'prov_123' });
    expect(fake.seen).to.have.length(1);
    const seen = fake.seen[0]!;
    expect(seen.method).to.equal('POST');
    expect(seen.path).to.equal('/face-match');
    expect(seen.headers.authorization).to.equal('Bearer bio_tok_123');
    expect(seen.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
    expect(seen.form).not.to.equal(null);
    expect([...seen.form!.keys()].sort()).to.deep.equal(['ref_image', 'user_image']);
    expect(Buffer.compare(await bytesOf(seen.form!.get('user_image')), PNG)).to.equal(0);
    expect(Buffer.compare(await bytesOf(seen.form!.get('ref_image')), JPEG)).to.equal(0);
    expect((seen.form!.get('user_image') as Blob).type).to.equal('image/png');
    expect((seen.form!.get('ref_image') as Blob).type).to.equal('image/jpeg');
  });

  it('passive_liveness: POST {url}/passive-liveness with user_image only (ref_image not sent), Declined mapped', async () => {
    fake.reply = (_n, res) => json(res, 200, { status: 'Declined', score: 0.05, warnings: [], request_id: 'prov_9' });
    const result = await provider().check('passive_liveness', { user: USER, ref: REF }, never);
    expect(result).to.deep.equal({ status: 'Declined', score: 0.05, warnings: [], request_id: 'prov_9' });
    const seen = fake.seen[0]!;
    expect(seen.path).to.equal('/passive-liveness');
    expect([...seen.form!.keys()]).to.deep.equal(['user_image']);
    expect(Buffer.compare(await bytesOf(seen.form!.get('user_image')), PNG)).to.equal(0);
  });

  it('keeps a path prefix and drops trailing slashes; no token means no authorization header', async () => {
    fake.reply = (_n, res) => json(res, 200, { status: 'Approved', score: 1 });
    const result = await provider({ url: `${base}/bio/v2///`, token: null }).check('passive_liveness', { user: USER }, never);
    expect(result.status).to.equal('Approved');
    expect(fake.seen[0]!.path).to.equal('/bio/v2/passive-liveness');
    expect(fake.seen[0]!.headers).not.to.have.property('authorization');
    // without warnings and request_id: [] and a local request id
    expect(result.warnings).to.deep.equal([]);
    expect(result.request_id).to.be.a('string').and.not.equal('');
  });

  it('a non-200 answer is Error with a message (500, 404, 401, 201, a redirect not followed), never a throw', async () => {
    for (const status of [500, 404, 401, 201, 302]) {
      fake.reply = (_n, res) =>
        status === 302 ? res.writeHead(302, { location: `${base}/elsewhere` }).end() : json(res, status, { status: 'Approved', score: 0.9, request_id: 'x' });
      const result = await provider().check('face_match', { user: USER, ref: REF }, never);
      expect(result.status, String(status)).to.equal('Error');
      expect(result.score).to.equal(null);
      expect(result.message, String(status)).to.be.a('string').and.include(String(status));
    }
    expect(fake.seen.map((s) => s.path)).to.deep.equal(['/face-match', '/face-match', '/face-match', '/face-match', '/face-match']);
  });

  it('a malformed 200 body is Error with a message: not JSON, unknown status, Error status, score not a number, no score', async () => {
    const bodies = ['<html>oops</html>', '', { status: 'Maybe', score: 0.5 }, { status: 'Error', score: 0 }, { status: 'Approved', score: '0.9' }, { status: 'Approved' }, [1, 2]];
    for (const body of bodies) {
      fake.reply = (_n, res) => json(res, 200, body);
      const result = await provider().check('passive_liveness', { user: USER }, never);
      expect(result.status, JSON.stringify(body)).to.equal('Error');
      expect(result.score).to.equal(null);
      expect(result.message).to.be.a('string').and.not.equal('');
    }
  });

  it('a provider slower than the timeout is Error (timed out), promptly', async () => {
    fake.reply = (_n, res) => setTimeout(() => json(res, 200, { status: 'Approved', score: 0.9 }), 1500).unref();
    const started = Date.now();
    const result = await provider({ timeoutMs: 150 }).check('face_match', { user: USER, ref: REF }, never);
    expect(Date.now() - started).to.be.below(1000);
    expect(result.status).to.equal('Error');
    expect(result.message).to.match(/timed out/);
  });

  it('an aborted signal is Error, not a throw', async () => {
    fake.reply = (_n, res) => setTimeout(() => json(res, 200, { status: 'Approved', score: 0.9 }), 1500).unref();
    const result = await provider().check('passive_liveness', { user: USER }, AbortSignal.timeout(100));
    expect(result.status).to.equal('Error');
    expect(result.message).to.be.a('string').and.not.equal('');
  });

  it('connection refused is Error (unreachable)', async () => {
    const closed = base;
    await fake.stop();
    fake = new FakeBiometricServer();
    base = await fake.start();
    const result = await provider({ url: closed }).check('face_match', { user: USER, ref: REF }, never);
    expect(result.status).to.equal('Error');
    expect(result.message).to.match(/unreachable/);
    expect(result.message).to.include('ECONNREFUSED');
  });

  it('unconfigured (no URL): every check is Error with a message naming the settings to add, no request made', async () => {
    const unconfigured = new HttpBiometricProvider({ url: null, token: 'bio_tok_123' });
    for (const check of ['face_match', 'passive_liveness'] as const) {
      const result = await unconfigured.check(check, { user: USER, ref: REF }, never);
      expect(result).to.include({ status: 'Error', score: null, message: 'provider not configured: set SVC_BIOMETRIC_PROVIDER_URL, or SVC_SERPRO_DATAVALID=on for a face_match with a cpf' });
      expect(result.warnings).to.deep.equal([]);
      expect(result.request_id).to.be.a('string').and.not.equal('');
    }
    expect(fake.seen).to.have.length(0);
  });
});

describe('SandboxBiometricProvider (decisions section 5)', () => {
  const sandbox = new SandboxBiometricProvider();
  const run = (name: string, check: 'face_match' | 'passive_liveness') => sandbox.check(check, { user: { ...USER, file_name: name }, ref: REF });

  it('chooses by the user image name, case-insensitive; defaults Approved 0.97 / 0.93', async () => {
    expect(await run('me.png', 'face_match')).to.include({ status: 'Approved', score: 0.97 });
    expect(await run('me.png', 'passive_liveness')).to.include({ status: 'Approved', score: 0.93 });
    expect(await run('a-FM_Declined-b.png', 'face_match')).to.include({ status: 'Declined', score: 0.12 });
    expect(await run('a-FM_Declined-b.png', 'passive_liveness')).to.include({ status: 'Approved', score: 0.93 });
    expect(await run('live_declined.jpg', 'passive_liveness')).to.include({ status: 'Declined', score: 0.08 });
    expect(await run('live_declined.jpg', 'face_match')).to.include({ status: 'Approved', score: 0.97 });
    const fmError = await run('fm_error.png', 'face_match');
    expect(fmError).to.include({ status: 'Error', score: null });
    expect(fmError.message).to.be.a('string').and.not.equal('');
    expect((await run('LIVE_ERROR.png', 'passive_liveness')).status).to.equal('Error');
    expect((await run('LIVE_ERROR.png', 'face_match')).status).to.equal('Approved');
  });
});
