import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { candidateUrls } from '../../src/adapters/lists/fetcher.js';
import { pollStream } from '../../src/domain/list/poll.js';
import { startService, type TestService } from '../helpers/service.js';
import { listFixture } from '../helpers/list-fixtures.js';
import { buildZip, entryOf, zerosEntry } from '../helpers/zip-builder.js';
import type { Json } from './runs-support.js';

const sample = listFixture;

/** A list's poll records of today (issue 29: on `listpoll-<list_id>-<day>`, not on `list-<list_id>`). */
const pollRecords = (service: TestService, listId: string) => service.services.log.readStream(pollStream(listId, new Date()));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A local stand-in for a publisher: each test sets what it answers; every request is logged. */
async function publisher(): Promise<{ server: Server; base: string; set(h: Handler): void; requests: { url: string; headers: IncomingMessage['headers'] }[] }> {
  let handler: Handler = (_req, res) => res.writeHead(404).end();
  const requests: { url: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, set: (h) => (handler = h), requests };
}

/**
 * Scheduled fetching from the official URLs, against local servers: conditional GET, dated
 * file names, retries, a hanging server, 304, a truncated zip, a file that parses to nothing, the
 * size cap; a failure keeps the last good version serving; start-up never waits.
 */
describe('screening lists: scheduled fetching', function () {
  this.timeout(60_000);
  let service: TestService;
  let pub: Awaited<ReturnType<typeof publisher>>;
  const zip = sample('br/20261120_CEIS.zip');
  const today = new Date();
  const dated = (back: number) => candidateUrls('{YYYYMMDD}', today)[back]!;

  before(async () => {
    pub = await publisher();
    pub.set((_req, res) => {
      // a hanging publisher: start-up must not wait for it
    });
    const started = Date.now();
    service = await startService({
      env: {
        SVC_LISTS_REFRESH: 'on',
        SVC_LIST_BR_CEIS_URL: `${pub.base}/ceis/{YYYYMMDD}_CEIS.zip`,
        SVC_LIST_BR_CNEP_URL: `${pub.base}/cnep/cnep.csv`,
        SVC_LISTS_FETCH_TIMEOUT_MS: '300',
        SVC_LISTS_MAX_BYTES: String(zip.length * 4),
        SVC_WORK_POLL_MS: '50',
        // the other lists point nowhere reachable
        ...Object.fromEntries(['OFAC_SDN', 'UN_SC', 'EU_FSF', 'UK_FCDO', 'BR_CEPIM', 'BR_CEAF', 'BR_PEP', 'BR_TRABALHO_ESCRAVO', 'BR_BCB_QGI', 'BR_BCB_QGP', 'BR_IBAMA_EMBARGOS'].map((l) => [`SVC_LIST_${l}_URL`, `${pub.base}/none/${l}`])),
      },
    });
    expect(Date.now() - started, 'start-up waited for a download').to.be.lessThan(5_000);
  });
  after(async () => {
    await service.close();
    pub.server.close();
  });

  const state = async (listId: string) => {
    const list = service.services.listCatalog.state(listId);
    return { version: list.active?.version_id ?? null, entries: list.active?.entries ?? 0, error: list.last_error, checked: list.last_checked_at };
  };
  const refresh = async (listId: string) => {
    const response = await service.operator(`/lists/${listId}/refresh`, { method: 'POST' });
    expect(response.status).to.equal(202);
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('a hanging publisher is a recorded failure after the timeout, and nothing is active', async () => {
    await until(async () => (await state('br_ceis')).error !== null, 'the failure');
    expect(await state('br_ceis')).to.deep.include({ version: null, entries: 0 });
    expect((await state('br_ceis')).error).to.match(/no answer within|timed out|ETIMEDOUT/i);
  });

  it('finds the newest dated file (today first, then earlier), after a 503 retried, and imports it', async () => {
    let failures = 0;
    pub.set((req, res) => {
      if (req.url === `/ceis/${dated(2)}_CEIS.zip`) {
        if (failures++ === 0) return void res.writeHead(503).end();
        return void res.writeHead(200, { 'content-type': 'application/zip', etag: '"v1"' }).end(zip);
      }
      res.writeHead(404).end();
    });
    await refresh('br_ceis');
    await until(async () => (await state('br_ceis')).entries === 11, 'the import');
    expect((await state('br_ceis')).error).to.equal(null);
    const tried = pub.requests.map((r) => r.url).filter((u) => u.startsWith('/ceis/'));
    expect(tried).to.include.members([`/ceis/${dated(0)}_CEIS.zip`, `/ceis/${dated(1)}_CEIS.zip`, `/ceis/${dated(2)}_CEIS.zip`]);
    expect(service.services.listCatalog.state('br_ceis').active!.source).to.deep.include({ kind: 'url', url: `${pub.base}/ceis/${dated(2)}_CEIS.zip` });
  });

  it('asks with If-None-Match next time; a 304 records a check and keeps the version', async () => {
    const before = await state('br_ceis');
    pub.set((req, res) => {
      if (req.url === `/ceis/${dated(2)}_CEIS.zip` && req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res.writeHead(404).end();
    });
    await refresh('br_ceis');
    await until(async () => (await state('br_ceis')).checked !== before.checked, 'the check');
    expect(await state('br_ceis')).to.deep.include({ version: before.version, entries: 11, error: null });
  });

  it('a truncated zip, a file over the size cap and a server error are recorded failures; the last good version keeps serving', async () => {
    const good = await state('br_ceis');
    for (const [what, answer] of [
      ['truncated', (res: ServerResponse) => res.writeHead(200).end(zip.subarray(0, zip.length >> 1))],
      ['too large', (res: ServerResponse) => res.writeHead(200).end(Buffer.concat([zip, Buffer.alloc(zip.length * 4)]))],
      ['server error', (res: ServerResponse) => res.writeHead(500).end()],
    ] as const) {
      pub.set((req, res) => (req.url?.startsWith('/ceis/') ? answer(res) : res.writeHead(404).end()));
      const failures = service.services.listCatalog.state('br_ceis');
      await refresh('br_ceis');
      await until(async () => service.services.listCatalog.state('br_ceis') !== failures && (await state('br_ceis')).error !== null, `the ${what} failure`);
      expect(await state('br_ceis'), what).to.deep.include({ version: good.version, entries: 11 });
      expect(service.services.listCatalog.version('br_ceis')!.entries, what).to.have.length(11);
    }
    const events = await pollRecords(service, 'br_ceis');
    expect(events.filter((e) => e.type === 'ListFetchFailed').length).to.be.at.least(4);
  });

  it('a file that parses to no entries is refused, not activated', async () => {
    const header = sample('br/cnep.csv').toString('latin1').split('\n')[0]!;
    pub.set((req, res) => (req.url === '/cnep/cnep.csv' ? res.writeHead(200).end(Buffer.from(`${header}\n`, 'latin1')) : res.writeHead(404).end()));
    await refresh('br_cnep');
    // (its first scheduled fetch, at start, met the hanging publisher)
    await until(async () => ((await state('br_cnep')).error ?? '').includes('no entries'), 'the refusal');
    expect(await state('br_cnep')).to.deep.include({ version: null, entries: 0 });
    expect((await state('br_cnep')).error).to.include('no entries');
    const listed = ((await (await service.operator('/lists')).json()) as { data: Json[] }).data.find((l) => l['list_id'] === 'br_cnep')!;
    expect(listed).to.deep.include({ entries: 0, version_id: null });
    expect(listed['last_error']).to.include('no entries');
  });
});

/** A hostile zip served by a publisher is a recorded failed fetch, refused before its memory is spent. */
describe('screening lists: scheduled fetching of hostile zips', function () {
  this.timeout(60_000);
  const MiB = 1024 * 1024;
  let service: TestService;
  let pub: Awaited<ReturnType<typeof publisher>>;
  let peak = 0;
  let rssBefore = 0;
  let timer: NodeJS.Timeout;
  const bomb = buildZip([zerosEntry('20261120_CEIS.csv', 1000)]);
  const honest = entryOf('20261120_CNEP.csv', sample('br/cnep.csv'));
  const corrupt = buildZip([{ ...honest, crc32: (honest.crc32 ^ 0x100) >>> 0 }]);

  before(async () => {
    pub = await publisher();
    pub.set((req, res) => (req.url?.startsWith('/ceis/') ? res.writeHead(200).end(bomb) : req.url?.startsWith('/cnep/') ? res.writeHead(200).end(corrupt) : res.writeHead(404).end()));
    global.gc?.();
    rssBefore = peak = process.memoryUsage().rss;
    timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    service = await startService({
      env: {
        SVC_LISTS_REFRESH: 'on',
        SVC_LIST_BR_CEIS_URL: `${pub.base}/ceis/20261120_CEIS.zip`,
        SVC_LIST_BR_CNEP_URL: `${pub.base}/cnep/20261120_CNEP.zip`,
        SVC_WORK_POLL_MS: '50',
        ...Object.fromEntries(['OFAC_SDN', 'UN_SC', 'EU_FSF', 'UK_FCDO', 'BR_CEPIM', 'BR_CEAF', 'BR_PEP', 'BR_TRABALHO_ESCRAVO', 'BR_BCB_QGI', 'BR_BCB_QGP', 'BR_IBAMA_EMBARGOS'].map((l) => [`SVC_LIST_${l}_URL`, `${pub.base}/none/${l}`])),
      },
    });
  });
  after(async () => {
    clearInterval(timer);
    await service.close();
    pub.server.close();
  });

  const lastError = (listId: string) => service.services.listCatalog.state(listId).last_error ?? '';
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 30_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last error: ${lastError('br_ceis')} / ${lastError('br_cnep')})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('a zip bomb (about 1 MiB inflating to 1,000 MiB) is a recorded failed fetch, the process memory flat and the service up', async () => {
    await until(() => lastError('br_ceis').includes('inflates more than 200 times'), 'the bomb refused');
    clearInterval(timer);
    const growth = Math.max(peak, process.memoryUsage().rss) - rssBefore;
    expect(growth, `RSS grew by ${Math.round(growth / MiB)} MiB`).to.be.lessThan(300 * MiB);
    expect(service.services.listCatalog.version('br_ceis')).to.equal(null);
    expect((await pollRecords(service, 'br_ceis')).filter((e) => e.type === 'ListFetchFailed').length).to.be.at.least(1);
    const events = await service.services.log.readStream('list-br_ceis');
    expect(events.filter((e) => e.type === 'ListVersionImported')).to.have.length(0);
    expect((await service.operator('/lists')).status).to.equal(200);
  });

  it('a zip whose CRC-32 does not match is a recorded failed fetch, nothing imported', async () => {
    await until(() => lastError('br_cnep').includes('CRC-32 mismatch'), 'the corrupt zip refused');
    expect((await pollRecords(service, 'br_cnep')).filter((e) => e.type === 'ListFetchFailed').length).to.be.at.least(1);
    const events = await service.services.log.readStream('list-br_cnep');
    expect(events.filter((e) => e.type === 'ListVersionImported')).to.have.length(0);
  });
});
