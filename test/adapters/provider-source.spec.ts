import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SourceRequest } from '../../src/adapters/sources/port.js';
import { ProviderSource, type ProviderSourceOptions } from '../../src/adapters/sources/provider.js';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A provider on 127.0.0.1 that answers the n-th request (from 0) with `reply(n, res)`. */
class FakeProvider {
  readonly seen: Seen[] = [];
  reply: (n: number, res: ServerResponse) => void = (_n, res) => res.writeHead(500).end();
  private server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      this.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      this.reply(this.seen.length - 1, res);
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

const DOC = '52998224725';
const REQUEST: SourceRequest = { run_id: '0e5d7a1c-3b9f-4c2e-8a6d-1f2e3d4c5b6a', tenant_id: 't', source_id: 'sanctions', subject: { type: 'pf', doc: DOC, name: 'Maria da Silva' } };
const never = new AbortController().signal;

const GOOD = {
  checks: [
    { check_id: 'sanctions_hit', status: 'INVALID', result_code: 'listed', result_label: 'Consta', severity: 'critical', title: 'Sanção', detail: 'OFAC SDN' },
    { check_id: 'made_up_check', status: 'VALID', result_code: 'x', result_label: 'y' },
    { check_id: 'is_pep', status: 'bogus-but-ignored' },
  ],
  data: { lists_checked: ['OFAC SDN'], matches: [{ list: 'OFAC SDN' }] },
};

describe('ProviderSource', () => {
  let provider: FakeProvider;
  let base: string;
  const source = (options: Partial<ProviderSourceOptions> = {}) =>
    new ProviderSource({ baseUrl: base, perSource: {}, token: 'tok_123', timeoutMs: 2000, retryDelaysMs: [20, 40], ...options });

  beforeEach(async () => {
    provider = new FakeProvider();
    base = await provider.start();
  });
  afterEach(() => provider.stop());

  function expectError(answer: Awaited<ReturnType<ProviderSource['query']>>, code: string): void {
    expect([answer.status, answer.error_code, answer.checks, answer.data]).to.deep.equal(['ERROR', code, [], {}]);
    expect(answer.error_message).to.be.a('string').and.not.include(DOC);
  }

  it('posts {run_id, subject} with the bearer token and answers the checks of its source only', async () => {
    provider.reply = (_n, res) => json(res, 200, GOOD);
    const answer = await source().query(REQUEST, never);
    expect(answer).to.deep.equal({
      status: 'ANSWERED',
      checks: [{ check_id: 'sanctions_hit', status: 'INVALID', result_code: 'listed', result_label: 'Consta', severity: 'critical', title: 'Sanção', detail: 'OFAC SDN' }],
      data: GOOD.data,
      error_code: null,
      error_message: null,
    });
    expect(provider.seen).to.have.length(1);
    const [seen] = provider.seen as [Seen];
    expect(seen.method).to.equal('POST');
    expect(seen.path).to.equal('/sanctions');
    expect(seen.headers.authorization).to.equal('Bearer tok_123');
    expect(seen.headers['content-type']).to.match(/^application\/json/);
    expect(JSON.parse(seen.body)).to.deep.equal({ run_id: REQUEST.run_id, subject: REQUEST.subject });
  });

  it('uses the per-source URL over the base, and sends no Authorization without a token', async () => {
    provider.reply = (_n, res) => json(res, 200, { checks: [{ check_id: 'is_pep', status: 'VALID', result_code: 'not_pep', result_label: 'Não PEP', severity: null }], data: {} });
    const answer = await source({ baseUrl: 'http://127.0.0.1:9', perSource: { pep: `${base}/gw/pep-v2` }, token: null }).query({ ...REQUEST, source_id: 'pep' }, never);
    expect(answer.checks).to.deep.equal([{ check_id: 'is_pep', status: 'VALID', result_code: 'not_pep', result_label: 'Não PEP' }]);
    expect(provider.seen.map((s) => s.path)).to.deep.equal(['/gw/pep-v2']);
    expect(provider.seen[0]?.headers).to.not.have.property('authorization');
  });

  it('retries a 500 and answers the second attempt', async () => {
    provider.reply = (n, res) => (n === 0 ? json(res, 500, { error: 'boom' }) : json(res, 200, GOOD));
    const answer = await source().query(REQUEST, never);
    expect(answer.status).to.equal('ANSWERED');
    expect(provider.seen).to.have.length(2);
  });

  it('gives up with provider_error after exactly 3 attempts of 5xx, waiting the backoff between them', async () => {
    provider.reply = (_n, res) => json(res, 503, { secret: `internal trace for ${DOC}` });
    const started = performance.now();
    const answer = await source().query(REQUEST, never);
    expect(performance.now() - started).to.be.at.least(55);
    expectError(answer, 'provider_error');
    expect(answer.error_message).to.not.include('internal trace');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(provider.seen).to.have.length(3);
  });

  it('does not retry a 4xx', async () => {
    provider.reply = (_n, res) => json(res, 404, { error: 'not found' });
    expectError(await source().query(REQUEST, never), 'provider_error');
    expect(provider.seen).to.have.length(1);
  });

  it('does not follow redirects', async () => {
    provider.reply = (_n, res) => res.writeHead(302, { location: `${base}/elsewhere` }).end();
    expectError(await source().query(REQUEST, never), 'provider_error');
    expect(provider.seen.map((s) => s.path)).to.deep.equal(['/sanctions']);
  });

  it('answers provider_bad_response for malformed JSON or a wrong shape, without retrying or echoing the body', async () => {
    const bodies = [
      `{"checks": [ not json ${DOC}`,
      { checks: 'nope', data: {} },
      { checks: [] },
      [],
      { checks: [{ check_id: 'sanctions_hit', status: 'MAYBE', result_code: DOC, result_label: 'x' }], data: {} },
      { checks: [{ check_id: 'sanctions_hit', status: 'VALID', result_code: 'ok', result_label: 'ok', severity: 'apocalyptic' }], data: {} },
    ];
    for (const body of bodies) {
      provider.seen.length = 0;
      provider.reply = (_n, res) => json(res, 200, body);
      const answer = await source().query(REQUEST, never);
      expectError(answer, 'provider_bad_response');
      expect(answer.error_message).to.not.include('not json').and.not.include('MAYBE').and.not.include('apocalyptic');
      expect(provider.seen, JSON.stringify(body)).to.have.length(1);
    }
    provider.reply = (_n, res) => json(res, 200, bodies[4]);
    expect((await source().query(REQUEST, never)).error_message).to.include('checks.0.status');
  });

  it('answers timeout when the provider hangs past timeoutMs, without retrying', async () => {
    provider.reply = () => undefined;
    const started = performance.now();
    const answer = await source({ timeoutMs: 150 }).query(REQUEST, never);
    expect(performance.now() - started).to.be.within(140, 1000);
    expectError(answer, 'timeout');
    expect(provider.seen).to.have.length(1);
  });

  it('keeps retries within timeoutMs', async () => {
    provider.reply = (_n, res) => setTimeout(() => json(res, 500, {}), 80);
    const started = performance.now();
    const answer = await source({ timeoutMs: 200, retryDelaysMs: [50, 50] }).query(REQUEST, never);
    expect(performance.now() - started).to.be.below(400);
    expect(answer.status).to.equal('ERROR');
    expect(answer.error_code).to.be.oneOf(['provider_error', 'timeout']);
  });

  it('answers provider_error when the connection is refused, after retrying', async () => {
    const closed = new FakeProvider();
    const url = await closed.start();
    await closed.stop();
    const started = performance.now();
    const answer = await source({ baseUrl: url }).query(REQUEST, never);
    expectError(answer, 'provider_error');
    expect(answer.error_message).to.include('ECONNREFUSED');
    expect(performance.now() - started, 'two backoffs').to.be.at.least(55);
  });

  it('answers source_not_configured without any network call', async () => {
    const unconfigured = new ProviderSource({ baseUrl: null, perSource: { pep: `${base}/pep` }, token: 'tok' });
    const answer = await unconfigured.query(REQUEST, never);
    expectError(answer, 'source_not_configured');
    // the message names the settings that would serve it and the command that checks them (issue 28)
    expect(answer.error_message).to.contain(`SVC_SOURCE_${REQUEST.source_id.toUpperCase()}_URL`).and.contain('SVC_SOURCE_PROVIDER_URL').and.contain('npm run doctor');
    expect(provider.seen).to.have.length(0);
  });

  it('stops everything when the outer signal aborts', async () => {
    provider.reply = () => undefined;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const answer = await source({ timeoutMs: 5000 }).query(REQUEST, controller.signal);
    expect(performance.now() - started).to.be.below(500);
    expectError(answer, 'timeout');

    // ...also during a backoff
    provider.seen.length = 0;
    provider.reply = (_n, res) => json(res, 500, {});
    const during = new AbortController();
    setTimeout(() => during.abort(), 60);
    const answer2 = await source({ timeoutMs: 5000, retryDelaysMs: [1000, 1000] }).query(REQUEST, during.signal);
    expectError(answer2, 'timeout');
    expect(provider.seen).to.have.length(1);

    expectError(await source().query(REQUEST, AbortSignal.abort()), 'timeout');
  });
});
