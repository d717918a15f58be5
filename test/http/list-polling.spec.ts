import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIST_IMPORTERS } from '../../src/adapters/lists/importers/index.js';
import type { ListImporter } from '../../src/adapters/lists/importers/port.js';
import { listStream } from '../../src/domain/list/decider.js';
import { pollStream } from '../../src/domain/list/poll.js';
import { listFixture } from '../helpers/list-fixtures.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import type { Json } from './runs-support.js';

const UN = listFixture('un/consolidated.xml');
const ETAG = '"un-v1"';
const LAST_MODIFIED = 'Fri, 27 Feb 2026 00:00:09 GMT';

type Mode = 'honest' | 'ignoring' | 'malformed' | 'truncated' | 'error' | 'hang';
interface Request {
  url: string;
  headers: IncomingMessage['headers'];
  status: number | 'hang' | 'cut';
  at: number;
}

/** A local UN publisher: answers as `mode` says, logs every request with what it answered. */
async function unPublisher() {
  let mode: Mode = 'honest';
  const requests: Request[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse): Request['status'] => {
    if (req.url !== '/un/consolidated.xml') return void res.writeHead(404).end(), 404;
    const validators = { etag: ETAG, 'last-modified': LAST_MODIFIED, 'content-type': 'application/xml' };
    switch (mode) {
      case 'honest':
        if (req.headers['if-none-match'] === ETAG) return void res.writeHead(304, validators).end(), 304;
        return void res.writeHead(200, validators).end(UN), 200;
      case 'ignoring':
        return void res.writeHead(200, { 'content-type': 'application/xml' }).end(UN), 200;
      case 'malformed':
        return void res.writeHead(200, { 'content-type': 'application/xml' }).end('<CONSOLIDATED_LIST><INDIVIDUALS><INDIV'), 200;
      case 'truncated':
        // says the whole length, sends half, and the connection drops
        res.writeHead(200, { 'content-length': String(UN.length) });
        res.write(UN.subarray(0, UN.length >> 1), () => res.destroy());
        return 'cut';
      case 'error':
        return void res.writeHead(500).end(), 500;
      case 'hang':
        return 'hang';
    }
  };
  const server: Server = createServer((req, res) => requests.push({ url: req.url ?? '', headers: req.headers, status: answer(req, res), at: Date.now() }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** the requests for the UN file */
    un: () => requests.filter((r) => r.url === '/un/consolidated.xml'),
    set: (m: Mode) => (mode = m),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The UN importer, counting its parses: an unchanged download must cost none. */
function countingImporters() {
  const parses = { count: 0 };
  const real = LIST_IMPORTERS.get('un_sc')!;
  const spy: ListImporter = { list_id: 'un_sc', parse: (files) => (parses.count++, real.parse(files)) };
  return { parses, importers: new Map([...LIST_IMPORTERS, ['un_sc', spy]]) };
}

const OTHER_LISTS = ['OFAC_SDN', 'EU_FSF', 'UK_FCDO', 'BR_CEIS', 'BR_CNEP', 'BR_CEPIM', 'BR_CEAF', 'BR_PEP', 'BR_TRABALHO_ESCRAVO', 'BR_BCB_QGI', 'BR_BCB_QGP', 'BR_IBAMA_EMBARGOS'];

/** The UN list polled every second from the local publisher; the other lists point nowhere and are polled once a week. */
const pollingEnv = (base: string): Record<string, string> => ({
  SVC_LISTS_REFRESH: 'on',
  SVC_LISTS_POLL_SECONDS: '1',
  SVC_WORK_POLL_MS: '50',
  SVC_LISTS_FETCH_TIMEOUT_MS: '500',
  SVC_LIST_UN_SC_URL: `${base}/un/consolidated.xml`,
  ...Object.fromEntries(OTHER_LISTS.flatMap((l) => [[`SVC_LIST_${l}_URL`, `${base}/none/${l}`], [`SVC_LIST_${l}_POLL_SECONDS`, '604800']])),
});

const until = async <T>(read: () => Promise<T> | T, holds: (v: T) => boolean, what: string, ms = 20_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * Polling of an official list (issue 29) through the real service, against a local publisher:
 * unchanged polls are 304s with the persisted validators, a publisher ignoring them costs no
 * parse, failures back off and keep the last good version, validators survive a restart, and
 * two instances on one store poll once per period between them.
 */
describe('list polling: conditional GETs every few seconds, backoff, restarts', function () {
  this.timeout(120_000);
  let pub: Awaited<ReturnType<typeof unPublisher>>;
  let service: TestService;
  const dataDir = tempDir();
  const spy = countingImporters();
  const start = () => startService({ dataDir, env: pollingEnv(pub.base), overrides: () => ({ listImporters: spy.importers }) });
  const pollRecords = async (s = service) => (await s.services.log.readStream(pollStream('un_sc', new Date()))).map((e): Json => ({ type: e.type, ...(e.data as Json) }));
  const unStatus = async (s = service) => ((await (await s.operator('/lists')).json()) as { data: Json[] }).data.find((l) => l['list_id'] === 'un_sc')!;

  before(async () => {
    pub = await unPublisher();
    service = await start();
  });
  after(async () => {
    await service.close();
    await pub.close();
  });

  it('imports the first version, then each poll is one conditional GET answered 304: a check, never a parse or an import', async () => {
    await until(() => service.services.listCatalog.version('un_sc')?.entries.length ?? 0, (n) => n > 0, 'the first import');
    const first = pub.un().length;
    const parses = spy.parses.count;
    await until(() => pub.un().length, (n) => n >= first + 3, 'three more polls');
    for (const request of pub.un().slice(first)) {
      expect(request.headers, 'a conditional GET').to.include({ 'if-none-match': ETAG, 'if-modified-since': LAST_MODIFIED });
      expect(request.status).to.equal(304);
    }
    expect(spy.parses.count, 'parses of an unchanged list').to.equal(parses);
    const checks = (await pollRecords()).filter((r) => r['result'] === 'not_modified');
    expect(checks.length).to.be.at.least(3);
    expect(checks[0]).to.deep.include({ type: 'ListChecked', list_id: 'un_sc', poll_seconds: 1 });
    expect(checks[0]!['files']).to.deep.equal([{ url: `${pub.base}/un/consolidated.xml`, etag: ETAG, last_modified: LAST_MODIFIED, sha256: checks[0]!['files'][0].sha256, bytes: UN.length }]);
    // the list's own stream holds the version and nothing of the polls
    expect((await service.services.log.readStream(listStream('un_sc'))).map((e) => e.type)).to.deep.equal(['ListVersionImported']);
    const status = await unStatus();
    expect(status).to.deep.include({ last_error: null, stale: false, poll_seconds: 1, consecutive_failures: 0 });
    expect(Date.parse(status['next_check_at'])).to.be.greaterThan(Date.parse(status['last_checked_at']));
  });

  it('a publisher ignoring the validators answers 200 with the same bytes: compared by hash, recorded as a check, not parsed', async () => {
    pub.set('ignoring');
    const first = pub.un().length;
    const parses = spy.parses.count;
    const version = service.services.listCatalog.version('un_sc')!.version.version_id;
    await until(() => pub.un().length, (n) => n >= first + 3, 'three more polls');
    expect(pub.un().slice(first).map((r) => r.status)).to.deep.equal([200, 200, 200, ...pub.un().slice(first + 3).map(() => 200)]);
    expect(spy.parses.count, 'parses of the same bytes').to.equal(parses);
    expect((await pollRecords()).filter((r) => r['result'] === 'same_content').length).to.be.at.least(2);
    expect(service.services.listCatalog.version('un_sc')!.version.version_id).to.equal(version);
    expect((await service.services.log.readStream(listStream('un_sc'))).map((e) => e.type)).to.deep.equal(['ListVersionImported']);
  });

  it('a malformed file, a cut body, a server error and a hanging server are recorded failures; the last good version serves; the next try backs off', async () => {
    const good = service.services.listCatalog.version('un_sc')!;
    const failures = async () => (await pollRecords()).filter((r) => r.type === 'ListFetchFailed');
    const expected: [Mode, RegExp][] = [
      ['malformed', /could not be read/],
      ['truncated', /the body was cut short \(\d+ of \d+ bytes\)/],
      ['error', /answered 500/],
      ['hang', /no answer within 500 ms/],
    ];
    for (const [i, [mode, reason]] of expected.entries()) {
      pub.set(mode);
      const [failure] = await until(async () => (await failures()).slice(i), (f) => f.length > 0, `the ${mode} failure`, 30_000);
      expect(failure!['reason'], mode).to.match(reason);
      expect(failure!['consecutive_failures'], mode).to.equal(i + 1);
      // the next try waits 1, 2, 4, 8 periods (±10 %)
      const wait = Date.parse(failure!['next_check_at']) - Date.parse(failure!['at']);
      expect(wait, `${mode}: wait after failure ${i + 1}`).to.be.within(0.9 * 1000 * 2 ** i, 1.1 * 1000 * 2 ** i + 1);
      expect(service.services.listCatalog.version('un_sc'), mode).to.equal(good);
    }
    // the poller really waited: each try after a failure came later than the one before it
    const all = await failures();
    for (let i = 1; i < all.length; i++) {
      expect(Date.parse(all[i]!['at']) - Date.parse(all[i - 1]!['at']), `gap before failure ${i + 1}`).to.be.at.least(0.9 * 1000 * 2 ** (i - 1));
    }
    const status = await unStatus();
    expect(status).to.deep.include({ consecutive_failures: 4, version_id: good.version.version_id });
    expect(status['last_error']).to.match(/no answer within/);
    // a success resets the count. The last good download (from the publisher ignoring validators) gave
    // none: the first poll is a full GET of the same bytes (not parsed), the next one conditional again
    pub.set('honest');
    const after = pub.un().length;
    const parses = spy.parses.count;
    await until(unStatus, (s) => s['consecutive_failures'] === 0 && s['last_error'] === null, 'the recovery', 30_000);
    await until(() => pub.un().length, (n) => n >= after + 2, 'two polls after the recovery');
    expect(pub.un()[after]).to.deep.include({ status: 200 });
    expect(pub.un()[after]!.headers['if-none-match']).to.equal(undefined);
    expect(pub.un()[after + 1]).to.deep.include({ status: 304 });
    expect(pub.un()[after + 1]!.headers['if-none-match']).to.equal(ETAG);
    expect(spy.parses.count).to.equal(parses);
    expect(service.services.listCatalog.version('un_sc')!.version.version_id).to.equal(good.version.version_id);
  });

  it('the validators survive a restart: the first poll after it is conditional (a 304), with no parse', async () => {
    await service.close();
    const before = pub.un().length;
    const parses = spy.parses.count;
    service = await start();
    await until(() => pub.un().length, (n) => n > before, 'the first poll after the restart');
    expect(pub.un()[before]!.headers).to.include({ 'if-none-match': ETAG, 'if-modified-since': LAST_MODIFIED });
    expect(pub.un()[before]!.status).to.equal(304);
    await until(async () => (await unStatus())['last_checked_at'], (at) => Date.parse(at) >= pub.un()[before]!.at - 1000, 'the check recorded');
    // the catalog loaded the version from the parsed cache, and the poll parsed nothing
    expect(spy.parses.count).to.equal(parses);
  });

  it('two instances on one store poll the list once per period between them', async () => {
    const second = await start();
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      const from = pub.un().length;
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 6_000));
      const polls = pub.un().length - from;
      const periods = (Date.now() - started) / 1000;
      // one instance alone polls about once a second (±10 %); two polling apart would be twice that
      expect(polls, `${polls} polls in ${periods} s`).to.be.within(periods / 1.1 - 1.5, periods / 0.9 + 1);
      expect((await unStatus(second))['consecutive_failures']).to.equal(0);
    } finally {
      await second.close();
    }
  });
});
