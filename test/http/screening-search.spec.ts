import { expect } from 'chai';
import { checkResponse, resolvePointer } from '../helpers/openapi-contract.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import type { Json } from './runs-support.js';
import { SAMPLE_LISTS, uploadSampleLists } from './screening-support.js';

/**
 * POST /api/v1/screening/search and /compare over HTTP on lists imported from the sample files
 * (screening.md sections 2 and 3): the synthetic cast of LAYOUTS.md section 7.
 */
describe('screening search and compare', function () {
  this.timeout(60_000);
  let service: TestService;
  let key: string;

  before(async () => {
    service = await startService();
    const tenant = await createTenant(service, 'Screening');
    key = (await tenant.key({ scopes: ['screening:read'] })).api_key;
    await uploadSampleLists(service, SAMPLE_LISTS);
  });
  after(async () => service.close());

  const post = (path: string, body: unknown, apiKey = key) => service.call(`/api/v1/screening/${path}`, { method: 'POST', headers: { 'x-api-key': apiKey }, json: body });
  const ok = async (path: string, body: unknown): Promise<Json> => {
    const response = await post(path, body);
    const text = await response.text();
    expect(response.status, text).to.equal(200);
    return JSON.parse(text) as Json;
  };
  const refused = async (path: string, body: unknown, status: number, code: string, param?: string) => {
    const response = await post(path, body);
    const error = ((await response.json()) as { error: Json }).error;
    expect([response.status, error['code']], JSON.stringify(error)).to.deep.equal([status, code]);
    if (param) expect(error['param']).to.equal(param);
  };

  it('finds a PEP by name across spelling variants, best first, with the list versions it used', async () => {
    const body = await ok('search', { schema: 'person', name: 'Jose Carlos da Silva Pereira', lists: ['br_pep'] });
    expect(body).to.deep.include({ object: 'screening_result', livemode: false });
    expect(body['results'].length).to.be.greaterThan(0);
    const best = body['results'][0] as Json;
    expect(best).to.include({ list_id: 'br_pep', match: true });
    expect(best['name']).to.match(/JOS[ÉE] CARLOS DA SILVA PEREIRA/);
    expect(best['explanation'][0]).to.include({ feature: 'name' });
    expect(body['lists']).to.have.length(1);
    expect(body['lists'][0]).to.include({ list_id: 'br_pep', entries: 8 });
    const scores = (body['results'] as Json[]).map((r) => r['score'] as number);
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a));
  });

  it('every result carries the version of the list it was found in, one of the versions listed (issue 26)', async () => {
    // a name found on several lists: OFAC and the Brazilian ones
    for (const name of ['Ayman al-Zawahiri', 'Jose Carlos da Silva Pereira']) {
      const body = await ok('search', { schema: 'person', name, threshold: 0.6 });
      const results = body['results'] as Json[];
      expect(results.length, name).to.be.greaterThan(0);
      const listed = new Map((body['lists'] as Json[]).map((l) => [l['list_id'], l['version_id']]));
      for (const r of results) {
        expect(r['version_id'], `${name}: ${r['list_id']}`).to.be.a('string').and.equal(listed.get(r['list_id']));
        expect(r['version_id']).to.equal(service.services.listCatalog.version(r['list_id'])!.version.version_id);
      }
    }
  });

  it("the contract admits the matcher's audit fields exactly: reason, weights, contributions, token alignment, factors", async () => {
    const body = await ok('search', { schema: 'person', name: 'Ayman al-Zawahiri', lists: ['ofac_sdn'] });
    const token = { query: 'Ayman', query_normal: 'ayman', candidate: 'AYMAN', candidate_normal: 'ayman', kind: 'word', how: 'exact', similarity: 1, weight: 1.2, contribution: 1.2 };
    const unpaired = { query: 'Hasan', query_normal: 'hasan', candidate: null, candidate_normal: null, kind: 'word', how: null, similarity: null, weight: 0.3, contribution: 0 };
    const name = { feature: 'name', score: 0.8, query: 'Ayman Hasan', candidate: 'AL-ZAWAHIRI, Ayman', detail: 'alinhamento', weight: 1, contribution: 0.76, tokens: [token, unpaired], factors: [{ factor: 'weak_alias', value: 0.95, detail: 'alias fraco' }] };
    const country = { feature: 'country', score: 0, query: 'BR', candidate: 'EG', detail: 'país diferente', weight: 0.04, contribution: -0.04 };
    const withAudit = (result: Json, extra: Json) => ({ ...body, results: [{ ...result, reason: '0,04 abaixo do limiar 0,80', explanation: [name, country], ...extra }] });
    const first = body['results'][0] as Json;
    const check = (b: unknown) => checkResponse('POST', '/api/v1/screening/search', 200, 'application/json', b);
    expect(check(withAudit(first, {}))).to.equal(null);
    expect(check(withAudit(first, { reason: null }))).to.equal(null);
    // exact: an unknown key in a token row, a missing version, an unknown way of agreeing are refused
    expect(check({ ...body, results: [{ ...first, explanation: [{ ...name, tokens: [{ ...token, extra: 1 }] }] }] })).to.match(/additional properties \(extra\)/);
    expect(check({ ...body, results: [{ ...first, explanation: [{ ...name, tokens: [{ ...token, how: 'guess' }] }] }] })).to.be.a('string');
    const { version_id: _v, ...noVersion } = first;
    expect(check({ ...body, results: [noVersion] })).to.match(/version_id/);
    // the operator's alert explanation admits the same fields
    const alert = resolvePointer('#/paths/~1operator~1v1~1alerts~1{alert_id}/get/responses/200/content/application~1json/example') as Json;
    const checkAlert = (b: unknown) => checkResponse('GET', `/operator/v1/alerts/${alert['alert_id']}`, 200, 'application/json', b);
    expect(checkAlert(alert)).to.equal(null);
    expect(checkAlert({ ...alert, explanation: [name, country] })).to.equal(null);
    expect(checkAlert({ ...alert, explanation: [{ ...name, factors: [{ factor: 'x' }] }] })).to.be.a('string');
  });

  it('tells homonyms apart by the masked CPF: the agreeing one matches, the other is pulled below the threshold', async () => {
    // P1 (CPF 418.275.936-28) is ***.275.936-** in the PEP list; P1b is ***.914.582-**
    const body = await ok('search', { schema: 'person', name: 'José Carlos da Silva Pereira', doc: '41827593628', lists: ['br_pep'] });
    const byCpf = (visible: string) => (body['results'] as Json[]).find((r) => (r['entry']['documents'] as Json[]).some((d) => String(d['value']).includes(visible)));
    const agreeing = byCpf('275936');
    expect(agreeing).to.include({ match: true });
    expect((agreeing!['explanation'] as Json[]).map((e) => e['feature'])).to.include('doc_masked_agree');
    // the homonym with other visible digits is no match: below the threshold, so not among the results
    expect(byCpf('914582')).to.equal(undefined);
  });

  it('a full CPF equal on both sides is a document match (CEIS)', async () => {
    const body = await ok('search', { schema: 'person', name: 'J C S Pereira', doc: '418.275.936-28', lists: ['br_ceis'] });
    const best = body['results'][0] as Json;
    expect(best).to.include({ list_id: 'br_ceis', score: 1, match: true });
    expect((best['explanation'] as Json[]).map((e) => e['feature'])).to.include('doc_exact');
  });

  it('searches the real OFAC list too, and restricts to the lists asked for', async () => {
    const all = await ok('search', { schema: 'person', name: 'Ayman al-Zawahiri' });
    expect((all['results'] as Json[]).some((r) => r['list_id'] === 'ofac_sdn' && r['match'] === true)).to.equal(true);
    const onlyPep = await ok('search', { schema: 'person', name: 'Ayman al-Zawahiri', lists: ['br_pep'] });
    expect((onlyPep['results'] as Json[]).every((r) => r['list_id'] === 'br_pep')).to.equal(true);
  });

  it('compares two records with an explanation, a masked candidate CPF included', async () => {
    const same = await ok('compare', { schema: 'person', query: { name: 'José Carlos da Silva Pereira', doc: '41827593628' }, candidate: { name: 'JOSE CARLOS DA SILVA PEREIRA', doc: '***.275.936-**' } });
    expect(same).to.include({ object: 'screening_comparison', match: true });
    expect((same['explanation'] as Json[]).map((e) => e['feature'])).to.include.members(['name', 'doc_masked_agree']);
    const other = await ok('compare', { schema: 'person', query: { name: 'José Carlos da Silva Pereira', doc: '41827593628' }, candidate: { name: 'JOSE CARLOS DA SILVA PEREIRA', doc: '***.914.582-**' } });
    expect(other['match']).to.equal(false);
    expect((other['explanation'] as Json[]).map((e) => e['feature'])).to.include('doc_masked_disagree');
    const gender = await ok('compare', { schema: 'person', query: { name: 'Fabiano Souza' }, candidate: { name: 'Fabiana Souza' } });
    expect(gender['match']).to.equal(false);
    // why it fell short, in Portuguese; a match has no reason
    expect(other['reason']).to.match(/abaixo do limiar 0,80/);
    expect(gender['reason']).to.include('sem par na consulta: Fabiano').and.include('sem par no candidato: Fabiana');
    expect(same['reason']).to.equal(null);
  });

  it('explains every score so it recomputes: contributions add up to the score, tokens to the name (issue 26)', async () => {
    const bodies = [
      await ok('compare', { schema: 'person', query: { name: 'Sheikh Ayman Mohammed al-Zawahiri Jr.', birth_date: '1951', country: 'BR' }, candidate: { name: 'AL-ZAWAHIRI, Ayman', birth_date: '1951-06-19', country: 'EG' } }),
      await ok('compare', { schema: 'company', query: { name: 'Korea Natl Trdg Compnay Ltd.' }, candidate: { name: 'KOREA NATIONAL TRADING COMPANY LIMITED' } }),
    ];
    const search = await ok('search', { schema: 'person', name: 'Aiman Zawahiri Saleh' });
    const results = search['results'] as Json[];
    expect(results.length).to.be.greaterThan(0);
    for (const item of [...bodies, ...results]) {
      const explanation = item['explanation'] as Json[];
      const sum = Math.round(explanation.reduce((s, e) => s + (e['contribution'] as number), 0) * 10_000) / 10_000;
      expect(sum).to.equal(item['score']);
      const name = explanation.find((e) => e['feature'] === 'name')!;
      const tokens = name['tokens'] as Json[];
      const raw = tokens.reduce((s, t) => s + (t['contribution'] as number), 0) / tokens.reduce((s, t) => s + (t['weight'] as number), 0);
      const factors = (name['factors'] as Json[]).reduce((p, f) => p * (f['value'] as number), 1);
      expect(raw * factors).to.be.closeTo(name['contribution'] as number, 0.001);
    }
    // the words as written beside their normal forms; the title weighs nothing
    const tokens = (bodies[0]!['explanation'] as Json[])[0]!['tokens'] as Json[];
    expect(tokens).to.deep.include({ query: 'Sheikh', query_normal: 'sheikh', candidate: null, candidate_normal: null, kind: 'honorific', how: null, similarity: null, weight: 0, contribution: 0 });
    expect(bodies[0]!['match']).to.equal(true);
    expect(bodies[1]!['score']).to.equal(1);
    // every result names the version of its list
    expect(results.every((r) => typeof r['version_id'] === 'string')).to.equal(true);
  });

  it('bad input is a clear 400: unknown list, bad document, empty or 10,000-character name, bad limit or threshold', async () => {
    await refused('search', { schema: 'person', name: 'Maria', lists: ['nope'] }, 400, 'invalid_list', 'lists');
    await refused('search', { schema: 'person', name: 'Maria', doc: '12345678900' }, 400, 'invalid_document', 'doc');
    await refused('search', { schema: 'person', name: '   ' }, 400, 'invalid_request', 'name');
    await refused('search', { schema: 'person', name: 'x'.repeat(10_000) }, 400, 'invalid_request', 'name');
    await refused('search', { schema: 'person', name: 'Maria', limit: 101 }, 400, 'invalid_limit', 'limit');
    await refused('search', { schema: 'person', name: 'Maria', threshold: 2 }, 400, 'invalid_request', 'threshold');
    await refused('search', { schema: 'ship', name: 'Maria' }, 400, 'invalid_request', 'schema');
    await refused('compare', { schema: 'person', query: { name: 'A' }, candidate: { name: 'B', doc: '***.***' } }, 400, 'invalid_document', 'candidate.doc');
  });

  it('a list id repeated is searched and reported once; more list ids than the bound is a 400 naming lists', async () => {
    const twice = await ok('search', { schema: 'person', name: 'Jose Carlos da Silva Pereira', lists: Array.from({ length: 50 }, () => 'br_pep') });
    expect((twice['lists'] as Json[]).map((l) => l['list_id'])).to.deep.equal(['br_pep']);
    const response = await post('search', { schema: 'person', name: 'Maria', lists: Array.from({ length: 5_000 }, () => 'br_pep') });
    const text = await response.text();
    expect(text.length).to.be.below(2_000);
    expect(response.status).to.equal(400);
    expect((JSON.parse(text) as { error: Json }).error).to.include({ code: 'invalid_request', param: 'lists' });
  });

  it('qualifiers must be real: an impossible birth date or an unassigned country is a 400 naming the field', async () => {
    for (const birth of ['1990-13-45', '1990-02-30', '1990-00', '1990-13']) {
      await refused('search', { schema: 'person', name: 'Maria', birth_date: birth }, 400, 'invalid_request', 'birth_date');
      await refused('compare', { schema: 'person', query: { name: 'A', birth_date: birth }, candidate: { name: 'B' } }, 400, 'invalid_request', 'query.birth_date');
    }
    for (const country of ['ZZ', 'XX', 'AA']) {
      await refused('search', { schema: 'person', name: 'Maria', country }, 400, 'invalid_request', 'country');
      await refused('compare', { schema: 'person', query: { name: 'A' }, candidate: { name: 'B', country } }, 400, 'invalid_request', 'candidate.country');
    }
    // partial dates as lists publish them, a leap day and a real country still pass
    for (const birth of ['1990', '1990-02', '2000-02-29']) await ok('search', { schema: 'person', name: 'Maria', birth_date: birth, country: 'BR' });
  });

  it('needs screening:read; a tenant without it gets 403', async () => {
    const tenant = await createTenant(service, 'No scope');
    const other = (await tenant.key({ scopes: ['runs:read'] })).api_key;
    const response = await post('search', { schema: 'person', name: 'Maria' }, other);
    expect(response.status).to.equal(403);
  });
});
