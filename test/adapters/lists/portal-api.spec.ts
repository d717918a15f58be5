import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { ListFetchError } from '../../../src/adapters/lists/fetcher.js';
import { fetchPortalList, RequestSpacing, retryAfterMs, type PortalApiOptions } from '../../../src/adapters/lists/portal-api.js';
import { fakePortal, fakeTimer, manyRecords, portalSample, type FakePortal } from '../../helpers/fake-portal-api.js';

/** The Portal da Transparência client against a local server serving the samples (LAYOUTS-BR-2.md section 1). */
describe('lists: Portal da Transparência API client', function () {
  this.timeout(10_000);
  let portal: FakePortal;
  const today = new Date('2026-11-28T12:00:00Z');
  const options = (extra: Partial<PortalApiOptions> = {}): PortalApiOptions => ({
    baseUrl: portal.base,
    key: portal.key,
    requestsPerMinute: 400,
    timeoutMs: 2_000,
    retries: 3,
    timer: fakeTimer(),
    ...extra,
  });
  const failure = async (run: Promise<unknown>): Promise<ListFetchError> => {
    try {
      await run;
    } catch (error) {
      expect(error).to.be.instanceOf(ListFetchError);
      return error as ListFetchError;
    }
    throw new Error('the pass did not fail');
  };

  before(async () => (portal = await fakePortal()));
  after(() => portal.close());
  beforeEach(() => {
    portal.fault = null;
    portal.requests = [];
    portal.records['ceis'] = portalSample('ceis');
  });

  it('pages with `pagina` until an empty page, the key in the `chave-api-dados` header, into one `ceis-api.json` of the records as returned', async () => {
    portal.records['ceis'] = manyRecords('ceis', 40);
    const result = await fetchPortalList('ceis', [], today, options());
    expect(result.kind).to.equal('fetched');
    if (result.kind !== 'fetched') return;
    expect(portal.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('pagina'))).to.deep.equal(['1', '2', '3', '4']);
    expect(portal.requests.every((r) => r.key === portal.key)).to.equal(true);
    expect(portal.requests.every((r) => !r.url.includes(portal.key))).to.equal(true);
    expect(result.files).to.have.length(1);
    expect(result.files[0]!.name).to.equal('ceis-api.json');
    expect(JSON.parse(result.files[0]!.data.toString('utf8'))).to.deep.equal(portal.records['ceis']);
    expect(result.downloaded[0]).to.deep.include({ url: `${portal.base}/ceis`, sha256: createHash('sha256').update(result.files[0]!.data).digest('hex') });
    expect(result.requests).to.equal(4);
  });

  it('spreads the requests to honour the rate: at 400/min one every 150 ms', async () => {
    portal.records['ceis'] = manyRecords('ceis', 15 * 9);
    const timer = fakeTimer(1_000_000);
    await fetchPortalList('ceis', [], today, options({ timer }));
    // ten requests: the first leaves at once, each other 150 ms after the one before
    expect(timer.now() - 1_000_000).to.equal(9 * 150);
  });

  it('passes sharing one spacing (one key, five lists) take turns: each request its own slot', async () => {
    // a clock that stands still: each waiter says how long it waits for its slot
    const waits: number[] = [];
    const spacing = new RequestSpacing(150, { now: () => 0, sleep: async (ms) => void waits.push(ms) });
    await Promise.all([spacing.take(), spacing.take(), spacing.take(), spacing.take()]);
    expect(waits).to.deep.equal([150, 300, 450]);
  });

  it('keeps a record seen on two pages once (the order is not stable while paging)', async () => {
    const records = manyRecords('ceis', 20);
    portal.fault = (_req, res, page) => {
      if (page !== 2) return false;
      // page 2 repeats the last record of page 1 and pushes one off to page 3
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(records.slice(14, 20)));
      return true;
    };
    portal.records['ceis'] = records;
    const result = await fetchPortalList('ceis', [], today, options());
    if (result.kind !== 'fetched') throw new Error(result.kind);
    const ids = (JSON.parse(result.files[0]!.data.toString('utf8')) as { id: number }[]).map((r) => r.id);
    expect(ids).to.have.length(20);
    expect(new Set(ids).size).to.equal(20);
  });

  it('a pass whose content hashes to the last good download is unchanged: nothing to parse', async () => {
    const first = await fetchPortalList('ceis', [], today, options());
    const again = await fetchPortalList('ceis', first.downloaded, today, options());
    expect(again.kind).to.equal('unchanged');
  });

  it('a 429 is backed off for its Retry-After and tried again; the pass completes', async () => {
    let refused = 0;
    portal.fault = (_req, res, page) => {
      if (page !== 1 || refused++ > 0) return false;
      res.writeHead(429, { 'retry-after': '7' }).end();
      return true;
    };
    const timer = fakeTimer();
    const result = await fetchPortalList('ceis', [], today, options({ timer }));
    expect(result.kind).to.equal('fetched');
    expect(timer.now()).to.be.at.least(7_000);
    expect(portal.requests).to.have.length(3);
  });

  it('5xx are retried with backoff, and fail the pass after the last try', async () => {
    portal.fault = (_req, res) => (res.writeHead(503).end(), true);
    const error = await failure(fetchPortalList('ceis', [], today, options({ retries: 2 })));
    expect(error.reason).to.equal('answered 503, 3 tries');
    expect(portal.requests).to.have.length(3);
  });

  it('a refused key (401) fails at once with the API\'s reason, and the key is in no error', async () => {
    const error = await failure(fetchPortalList('ceis', [], today, options({ key: 'chave-errada-9876543210' })));
    expect(error.reason).to.equal('the API key was refused (401): Chave de API inválida!');
    expect(error.message).not.to.include('chave-errada-9876543210');
    expect(portal.requests).to.have.length(1);
  });

  it('a 403 is a refused key too, without a retry; a body without the API\'s reason still says so', async () => {
    portal.fault = (_req, res) => (res.writeHead(403, { 'content-type': 'text/html' }).end('<html>Forbidden</html>'), true);
    const error = await failure(fetchPortalList('cepim', [], today, options()));
    expect(error.reason).to.equal('the API key was refused (403): no reason given');
    expect(portal.requests).to.have.length(1);
  });

  it('an API that ignores `pagina` (the same full page for ever) fails at the page guard, never loops', async () => {
    portal.fault = (_req, res) => (res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(manyRecords('ceis', 15))), true);
    const error = await failure(fetchPortalList('ceis', [], today, options({ maxPages: 5 })));
    expect(error.reason).to.match(/more than 5 pages/);
    expect(portal.requests).to.have.length(5);
  });

  it('a 200 with an HTML captcha page fails the pass', async () => {
    portal.fault = (_req, res, page) => {
      if (page !== 2) return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body><div class="g-recaptcha"></div></body></html>');
      return true;
    };
    portal.records['ceis'] = manyRecords('ceis', 30);
    const error = await failure(fetchPortalList('ceis', [], today, options()));
    expect(error.reason).to.match(/HTML page instead of JSON/);
    expect(error.url).to.equal(`${portal.base}/ceis?pagina=2`);
  });

  it('a truncated JSON page fails the pass', async () => {
    portal.fault = (_req, res, page) => {
      if (page !== 1) return false;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(portalSample('ceis')).slice(0, 500));
      return true;
    };
    const error = await failure(fetchPortalList('ceis', [], today, options()));
    expect(error.reason).to.match(/not valid JSON .*cut short/);
  });

  it('JSON that is not an array fails the pass', async () => {
    portal.fault = (_req, res) => (res.writeHead(200, { 'content-type': 'application/json' }).end('{"mensagem":"ok"}'), true);
    expect((await failure(fetchPortalList('ceis', [], today, options()))).reason).to.match(/not an array/);
  });

  it('a page not answered within the timeout fails the pass', async () => {
    portal.fault = (_req, _res, page) => page === 2;
    portal.records['ceis'] = manyRecords('ceis', 20);
    const error = await failure(fetchPortalList('ceis', [], today, options({ timeoutMs: 150 })));
    expect(error.reason).to.equal('no answer within 150 ms');
  });

  it('pages peps by windows of the start of exercise (official `datInicioExercicioAte`), and a full year month by month', async () => {
    const result = await fetchPortalList('peps', [], today, options({ pepWindowRecords: 1 }));
    if (result.kind !== 'fetched') throw new Error(result.kind);
    expect(result.files[0]!.name).to.equal('peps-api.json');
    const records = JSON.parse(result.files[0]!.data.toString('utf8')) as unknown[];
    expect(records).to.have.deep.members(portalSample('peps'));
    const queries = portal.requests.map((r) => new URL(r.url, 'http://x').searchParams);
    expect(queries.every((q) => q.has('dataInicioExercicioDe') && q.has('datInicioExercicioAte'))).to.equal(true);
    expect(queries[0]!.get('dataInicioExercicioDe')).to.equal('01/01/1900');
    // 2021 holds two PEPs, more than the window allows here: paged again by month
    const windows2021 = new Set(queries.filter((q) => q.get('dataInicioExercicioDe')!.endsWith('/2021')).map((q) => `${q.get('dataInicioExercicioDe')}-${q.get('datInicioExercicioAte')}`));
    // the year, then its twelve months
    expect(windows2021.size).to.equal(13);
    expect(windows2021).to.include('01/12/2021-31/12/2021');
    expect(queries.find((q) => q.get('dataInicioExercicioDe') === '01/02/2021')!.get('datInicioExercicioAte')).to.equal('28/02/2021');
  });

  it('reads Retry-After in seconds and as an HTTP date', () => {
    expect(retryAfterMs('12', 0)).to.equal(12_000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:30 GMT', 10_000)).to.equal(20_000);
    expect(retryAfterMs(undefined, 0)).to.equal(null);
  });
});
