import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchListFiles, ListFetchError, listRequests, type ListFetchOptions } from '../../../src/adapters/lists/fetcher.js';
import { brTcuInidoneosImporter } from '../../../src/adapters/lists/importers/br_tcu_inidoneos.js';
import { listFixture } from '../../helpers/list-fixtures.js';

/** The TCU platform as it answers (LAYOUTS-BR-2.md 3.1): POST with a JSON body only; a GET is 405. */
async function tcuPlatform(): Promise<{ server: Server; base: string; seen: { method: string; headers: IncomingMessage['headers']; body: string }[] }> {
  const seen: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const rows = JSON.stringify((JSON.parse(listFixture('br2/tcu_certidoes_inidoneos_pagina1.json').toString('utf8')) as { elementos: unknown[] }).elementos);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body });
      if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
      if (!String(req.headers['content-type']).startsWith('application/json') || body !== '{}') return void res.writeHead(415).end();
      res.writeHead(200, { 'content-type': 'application/json', etag: '"e1"', 'set-cookie': 'TS012f1624=x; Path=/' }).end(rows);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('list fetcher: the TCU lists by POST', () => {
  let platform: Awaited<ReturnType<typeof tcuPlatform>>;
  before(async () => (platform = await tcuPlatform()));
  after(() => platform.server.close());

  const urlOf = () => `${platform.base}/api/publico/responsaveis-inidoneos`;
  const options = (userAgent?: string): ListFetchOptions => ({
    timeoutMs: 2_000,
    maxBytes: 1 << 20,
    retries: 0,
    ...(userAgent ? { userAgent } : {}),
    requests: listRequests({ br_tcu_inidoneos: [urlOf()], br_ceis: ['http://127.0.0.1:9/ceis.zip'] }),
  });

  it('only the TCU lists are fetched by POST', () => {
    const requests = listRequests({ br_tcu_inidoneos: ['http://a/x'], br_tcu_inabilitados: ['http://a/y'], br_ceis: ['http://a/z'] });
    expect([...requests.keys()]).to.deep.equal(['http://a/y', 'http://a/x']);
  });

  it('POSTs {} as JSON with the configured User-Agent; the answer parses to the list', async () => {
    const result = await fetchListFiles([urlOf()], [], new Date(), options('Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0'));
    expect(result.kind).to.equal('fetched');
    const last = platform.seen.at(-1)!;
    expect(last).to.deep.include({ method: 'POST', body: '{}' });
    expect(last.headers['content-type']).to.equal('application/json');
    expect(last.headers['user-agent']).to.equal('Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
    if (result.kind !== 'fetched') return;
    const parsed = await brTcuInidoneosImporter.parse(result.files);
    expect(parsed.entries).to.have.length(10);
  });

  it('sends no conditional GET validators on a POST; the same bytes again are unchanged by their hash', async () => {
    const first = await fetchListFiles([urlOf()], [], new Date(), options());
    expect(first.kind).to.equal('fetched');
    if (first.kind !== 'fetched') return;
    const again = await fetchListFiles([urlOf()], first.downloaded, new Date(), options());
    expect(again.kind).to.equal('unchanged');
    const last = platform.seen.at(-1)!;
    expect(last.headers).to.not.have.property('if-none-match');
    expect(last.headers['user-agent']).to.equal('kyc-svc list fetcher');
  });

  it('a GET of the same URL (the list not configured for POST) is a 405 failure', async () => {
    const error = await fetchListFiles([urlOf()], [], new Date(), { timeoutMs: 2_000, maxBytes: 1 << 20, retries: 0 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(ListFetchError);
    expect((error as ListFetchError).reason).to.equal('answered 405');
    expect(platform.seen.at(-1)!.method).to.equal('GET');
  });
});
