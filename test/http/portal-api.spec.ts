import { expect } from 'chai';
import { pollStream } from '../../src/domain/list/poll.js';
import { fakePortal, manyRecords, portalSample, type FakePortal } from '../helpers/fake-portal-api.js';
import { listFixture } from '../helpers/list-fixtures.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import type { Json } from './runs-support.js';

/**
 * The scheduled fetch of the CGU lists through the Portal da Transparência API (issue 31), the
 * service pointed at a local fake of the API by SVC_PORTAL_TRANSPARENCIA_URL, a 1 s poll: a
 * complete pass is a version, an unchanged pass a check, every failure (key refused, captcha,
 * cut page, hang, failing midway) a recorded fetch failure with the last good version kept and
 * nothing half-imported; the key is never in a log line, an error or an event.
 */
describe('screening lists: the Portal da Transparência API as the scheduled fetch', function () {
  this.timeout(60_000);
  let service: TestService;
  let portal: FakePortal;
  let apiKey: string;

  before(async () => {
    portal = await fakePortal('chave-portal-secreta-5f1e2d3c4b5a');
    // the log-privacy hook fails the run if any log line of the service holds it
    recordSensitive(portal.key);
    service = await startService({
      env: {
        SVC_LISTS_REFRESH: 'on',
        SVC_PORTAL_TRANSPARENCIA_URL: portal.base,
        SVC_PORTAL_TRANSPARENCIA_KEY: portal.key,
        SVC_PORTAL_TRANSPARENCIA_RATE_PER_MINUTE: '60000',
        // a 1 s poll for the lists of the API (a first pass slowed by the start-up is soon tried again)
        ...Object.fromEntries(['BR_CEIS', 'BR_CNEP', 'BR_CEPIM', 'BR_CEAF'].map((l) => [`SVC_LIST_${l}_POLL_SECONDS`, '1'])),
        SVC_LISTS_FETCH_TIMEOUT_MS: '800',
        SVC_WORK_POLL_MS: '50',
        // the lists outside the API point nowhere reachable
        ...Object.fromEntries(['OFAC_SDN', 'UN_SC', 'EU_FSF', 'UK_FCDO', 'BR_TRABALHO_ESCRAVO'].map((l) => [`SVC_LIST_${l}_URL`, `${portal.base}/none/${l}`])),
      },
    });
    const tenant = await createTenant(service, 'Portal');
    apiKey = (await tenant.key({ scopes: ['screening:read'] })).api_key;
  });
  after(async () => {
    await service.close();
    await portal.close();
  });
  beforeEach(() => (portal.fault = null));

  const state = (listId: string) => {
    const list = service.services.listCatalog.state(listId);
    return { version: list.active?.version_id ?? null, entries: list.active?.entries ?? 0, error: list.last_error, checked: list.last_checked_at };
  };
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${JSON.stringify(["br_ceis", "br_cnep", "br_cepim", "br_ceaf"].map(state))})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const publicStatus = async (listId: string): Promise<Json> => {
    const response = await service.call('/api/v1/screening/lists', { headers: { 'x-api-key': apiKey } });
    expect(response.status).to.equal(200);
    return ((await response.json()) as { data: Json[] }).data.find((l) => l['list_id'] === listId)!;
  };
  /** the operator's "fetch now": after failures the poll backs off, the tests do not wait for it */
  const refresh = async (listId: string) => expect((await service.operator(`/lists/${listId}/refresh`, { method: 'POST' })).status).to.equal(202);
  const imports = async (listId: string) => (await service.services.log.readStream(`list-${listId}`)).filter((e) => e.type === 'ListVersionImported').length;
  const failures = async (listId: string) => (await service.services.log.readStream(pollStream(listId, new Date()))).filter((e) => e.type === 'ListFetchFailed');

  it('imports CEIS, CNEP, CEPIM and CEAF from complete passes over the API, the key in the header; fresh in GET /screening/lists', async () => {
    await until(() => state('br_ceis').entries === 8 && state('br_cnep').entries === 3 && state('br_cepim').entries > 0 && state('br_ceaf').entries === 5, 'the four imports');
    expect(service.services.listCatalog.state('br_ceis').active!.source).to.deep.include({ kind: 'url', url: `${portal.base}/ceis` });
    const apiRequests = portal.requests.filter((r) => !r.url.includes('/none/'));
    expect(apiRequests.every((r) => r.key === portal.key && !r.url.includes(portal.key))).to.equal(true);
    expect(portal.requests.some((r) => r.url.startsWith('/api-de-dados/peps?') && r.url.includes('datInicioExercicioAte='))).to.equal(true);
    const status = await publicStatus('br_ceis');
    expect(status).to.deep.include({ entries: 8, last_error: null, stale: false });
  });

  it('a pass with the same content is a check with nothing imported', async () => {
    const before = { ...state('br_ceis'), imports: await imports('br_ceis') };
    await until(() => state('br_ceis').checked !== before.checked, 'the next check');
    expect(state('br_ceis')).to.deep.include({ version: before.version, entries: 8, error: null });
    expect(await imports('br_ceis')).to.equal(before.imports);
    const checks = (await service.services.log.readStream(pollStream('br_ceis', new Date()))).filter((e) => e.type === 'ListChecked');
    expect(checks.some((e) => (e.data as { result?: string }).result === 'same_content')).to.equal(true);
  });

  it('a refused key, a captcha page, a cut page, a hang and a pass failing midway: recorded failures, the last good version kept, nothing half-imported', async () => {
    const good = state('br_ceis');
    const importedBefore = await imports('br_ceis');
    // new content, so a pass that got through would be a new version
    portal.records['ceis'] = manyRecords('ceis', 40);
    const cases: [string, NonNullable<FakePortal['fault']>, RegExp][] = [
      ['key refused', (req, res, _page, endpoint) => endpoint === 'ceis' && (res.writeHead(401, { 'content-type': 'application/json;charset=ISO-8859-1' }).end(Buffer.from('{"Erro na API":"Chave de API inválida!"}', 'latin1')), true), /the API key was refused \(401\): Chave de API inválida!/],
      ['captcha', (_req, res, page, endpoint) => endpoint === 'ceis' && page === 1 && (res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>captcha</body></html>'), true), /HTML page instead of JSON/],
      ['cut page', (_req, res, page, endpoint) => endpoint === 'ceis' && page === 2 && (res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1,"sancionado":{"nome":"X'), true), /not valid JSON/],
      ['hang', (_req, _res, page, endpoint) => endpoint === 'ceis' && page === 3, /no answer within 800 ms/],
    ];
    for (const [what, fault, reason] of cases) {
      const failed = (await failures('br_ceis')).length;
      portal.fault = fault;
      await refresh('br_ceis');
      await until(() => reason.test(state('br_ceis').error ?? ''), what);
      expect((await failures('br_ceis')).length, what).to.be.greaterThan(failed);
      expect(state('br_ceis'), what).to.deep.include({ version: good.version, entries: 8 });
      expect(service.services.listCatalog.version('br_ceis')!.entries, what).to.have.length(8);
      expect((await publicStatus('br_ceis'))['last_error'], what).to.match(reason);
    }
    expect(await imports('br_ceis')).to.equal(importedBefore);
    // the key is in no failure record, no status and no log line
    const events = JSON.stringify(await service.services.log.readStream(pollStream('br_ceis', new Date())));
    expect(events).to.include('Chave de API inválida!');
    expect(events).not.to.include(portal.key);
    expect(service.logs.some((line) => line.includes(portal.key))).to.equal(false);
  });

  it('a 429 is waited out and the pass completes: the new content is a version', async () => {
    let refused = 0;
    portal.fault = (_req, res, page, endpoint) => endpoint === 'ceis' && page === 2 && refused++ === 0 && (res.writeHead(429, { 'retry-after': '1' }).end(), true);
    // 41 records (of the 8 samples' parties: still 8 entries), the last one's code only in the new version
    portal.records['ceis'] = manyRecords('ceis', 41);
    await refresh('br_ceis');
    const holdsLast = () => (service.services.listCatalog.version('br_ceis')?.entries ?? []).some((e) => (e.remarks ?? '').includes('CEIS 1000040'));
    await until(holdsLast, 'the new version');
    expect(refused).to.be.at.least(2);
    expect(state('br_ceis')).to.deep.include({ entries: 8, error: null });
  });

  it('the operator uploads an API file (`cnep-api.json`) like the download CSV; one named for another endpoint is a 400', async () => {
    const form = new FormData();
    form.append('file', new Blob([listFixture('br2/pt_api_cnep.json')]), 'cnep-api.json');
    const uploaded = await service.operator('/lists/br_cnep/versions?force=true', { method: 'POST', body: form });
    expect([200, 201]).to.include(uploaded.status);
    const wrong = new FormData();
    wrong.append('file', new Blob([Buffer.from(JSON.stringify(portalSample('ceis')))]), 'ceis-api.json');
    const refused = await service.operator('/lists/br_cnep/versions', { method: 'POST', body: wrong });
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).to.deep.include({ code: 'invalid_list_file' });
  });
});
