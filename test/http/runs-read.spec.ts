import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { createTenant, type TestService } from '../helpers/service.js';
import {
  ISO,
  cpf,
  createRun,
  errorOf,
  getJson,
  pfSubject,
  pjSubject,
  startRunsService,
  waitForRun,
  world,
  type Json,
  type World,
} from './runs-support.js';

const RUN_FIELDS = ['run_id', 'status', 'decision', 'operative_decision', 'risk_band', 'external_id', 'metadata', 'template_name', 'summary_message', 'manual_review', 'created_at', 'completed_at', 'livemode', 'review', 'list_hits'];
const SUMMARY_FIELDS = ['run_id', 'template_id', 'status', 'decision', 'risk_band', 'subject_type', 'external_id', 'metadata', 'created_at', 'completed_at'];
const ANALYSIS_FIELDS = ['schema_version', 'built_at', 'decision', 'operative_decision', 'confidence', 'findings', 'blocked_by', 'source_groups', 'review_reasons', 'risk_dimensions', 'subject_profile', 'incomplete_sources'];
const BANDS = ['baixo', 'medio', 'alto'];
const CHECK_STATUSES = ['VALID', 'INVALID', 'NO_DATA', 'ERROR'];

const keysOf = (value: Json) => Object.keys(value).sort();
const sorted = (fields: string[]) => [...fields].sort();

/** Every string leaf of a value, recursively. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('GET /api/v1/bureau/runs/{id}, /analysis and /detail', () => {
  let service: TestService;
  let w: World;
  let pep: string; // 00000000353: pending_review, with metadata
  let clean: string; // 00000000191: completed, without metadata
  let blocked: string; // 00000000272
  let holding: string; // 00000004000170
  before(async () => {
    service = await startRunsService();
    w = await world(service);
    pep = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000353'), external_id: 'pep-1', metadata: { origem: 'teste' } });
    clean = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    blocked = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000272') });
    holding = await createRun(service, w.key, { template_id: w.pj, subject: pjSubject('00000004000170', 'Holding Participações S.A.') });
    for (const id of [pep, clean, blocked, holding]) await waitForRun(service, w.key, id);
  });
  after(async () => service.close());

  const get = (path: string, key = w.key) => getJson(service, key, path);
  const json = async (path: string, key = w.key) => {
    const response = await get(path, key);
    expect(response.status, path).to.equal(200);
    return (await response.json()) as Json;
  };

  it('GET run: exactly the Run fields, with their types', async () => {
    const run = await json(`/bureau/runs/${pep}`);
    expect(keysOf(run)).to.deep.equal(sorted(RUN_FIELDS));
    // issue 28: the list hits with their dispositions (the sandbox fixtures record no list candidates)
    expect(run.list_hits).to.deep.equal([]);
    expect(run).to.include({ run_id: pep, status: 'pending_review', decision: 'review', operative_decision: 'review', risk_band: 'medio', external_id: 'pep-1', template_name: 'PF padrão', manual_review: true, livemode: false });
    expect(run.metadata).to.deep.equal({ origem: 'teste' });
    expect(run.summary_message).to.be.a('string').that.is.not.empty;
    expect(run.created_at).to.match(ISO);
    expect(run.completed_at).to.match(ISO);
  });

  it('GET analysis: meta, metadata, analysis with every listed key, livemode', async () => {
    const before = Date.now();
    const body = await json(`/bureau/runs/${pep}/analysis`);
    expect(keysOf(body)).to.deep.equal(['analysis', 'livemode', 'meta', 'metadata']);
    expect(body.livemode).to.equal(false);
    expect(body.metadata).to.deep.equal({ origem: 'teste' });
    expect(keysOf(body.meta)).to.deep.equal(['external_id', 'generated_at', 'run_id', 'schema_version']);
    expect(body.meta).to.include({ run_id: pep, external_id: 'pep-1' });
    expect(body.meta.schema_version).to.be.a('string').that.is.not.empty;
    expect(body.meta.generated_at).to.match(ISO);
    expect(Date.parse(body.meta.generated_at)).to.be.at.least(before - 1000);

    const a = body.analysis;
    expect(keysOf(a)).to.deep.equal(sorted(ANALYSIS_FIELDS));
    const run = await json(`/bureau/runs/${pep}`);
    expect(a.schema_version).to.be.a('string').that.is.not.empty;
    expect(a).to.include({ built_at: run.completed_at, decision: 'review', operative_decision: 'review', confidence: 'high' });

    expect(a.findings).to.have.length(1);
    expect(keysOf(a.findings[0])).to.deep.equal(['check_id', 'detail', 'severity', 'source_id', 'source_label', 'title']);
    expect(a.findings[0]).to.include({ check_id: 'is_pep', source_id: 'pep', source_label: 'Pessoas Expostas Politicamente', severity: 'high' });
    for (const field of ['title', 'detail']) expect(a.findings[0][field]).to.be.a('string').that.is.not.empty;
    expect(a.blocked_by).to.deep.equal([]);

    // groups in template order, each with its sources
    expect(a.source_groups.map((g: Json) => g.id)).to.deep.equal(['cadastral', 'sanctions', 'reputational', 'legal']);
    for (const group of a.source_groups) {
      expect(keysOf(group)).to.deep.equal(['findings_count', 'id', 'label', 'sources', 'sources_count', 'status']);
      expect(group.label).to.be.a('string').that.is.not.empty;
      expect(group.sources_count).to.equal(group.sources.length);
      expect(Number.isInteger(group.findings_count)).to.equal(true);
      for (const source of group.sources) {
        expect(keysOf(source)).to.deep.equal(['duration_ms', 'label', 'source_id', 'status', 'summary_label']);
        expect(CHECK_STATUSES).to.include(source.status);
        expect(Number.isInteger(source.duration_ms)).to.equal(true);
        expect(source.summary_label).to.be.a('string').that.is.not.empty;
      }
    }
    const reputational = a.source_groups.find((g: Json) => g.id === 'reputational');
    expect(reputational).to.include({ status: 'INVALID', sources_count: 2, findings_count: 1 });
    expect(reputational.sources.map((s: Json) => [s.source_id, s.status])).to.deep.equal([['pep', 'INVALID'], ['negative_media', 'VALID']]);
    expect(a.source_groups.find((g: Json) => g.id === 'cadastral')).to.include({ status: 'VALID', findings_count: 0 });

    expect(a.review_reasons).to.have.length(1);
    expect(keysOf(a.review_reasons[0])).to.deep.equal(['check_id', 'reason', 'source_id']);
    expect(a.review_reasons[0]).to.include({ check_id: 'is_pep', source_id: 'pep' });

    expect(a.risk_dimensions.map((d: Json) => d.id)).to.have.members(['cadastral', 'sanctions', 'reputational', 'legal']);
    for (const d of a.risk_dimensions) {
      expect(keysOf(d)).to.deep.equal(['band', 'detail', 'id', 'label', 'score']);
      expect(BANDS).to.include(d.band);
      expect(d.score).to.be.a('number');
      expect(d.label).to.be.a('string').that.is.not.empty;
      expect(d.detail).to.be.a('string');
    }
    expect(a.risk_dimensions.find((d: Json) => d.id === 'reputational')).to.include({ band: 'medio', score: 50 });
    expect(a.risk_dimensions.find((d: Json) => d.id === 'sanctions')).to.include({ band: 'baixo', score: 0 });

    expect(keysOf(a.subject_profile)).to.deep.equal(['cnaes', 'fields', 'type']);
    expect(a.subject_profile.type).to.equal('pf');
    expect(a.subject_profile.cnaes).to.deep.equal([]);
    expect(a.subject_profile.fields).to.be.an('array').that.is.not.empty;
    for (const field of a.subject_profile.fields) {
      expect(keysOf(field)).to.deep.equal(['label', 'value']);
      expect(field.label).to.be.a('string');
      expect(field.value).to.be.a('string');
    }
    expect(a.incomplete_sources).to.deep.equal([]);
  });

  it('GET analysis: metadata is null when none was sent; blocked_by names tier, check and source', async () => {
    const body = await json(`/bureau/runs/${clean}/analysis`);
    expect(body.metadata).to.equal(null);
    expect(body.meta.external_id).to.equal(null);
    expect(body.analysis).to.include({ decision: 'approved', operative_decision: 'approved', confidence: 'high' });
    expect(body.analysis.findings).to.deep.equal([]);

    const block = (await json(`/bureau/runs/${blocked}/analysis`)).analysis;
    expect(block.blocked_by).to.deep.equal([
      { tier: 1, check_id: 'sanctions_hit', source_id: 'sanctions', check_label: 'Presença em listas de sanções', source_label: 'Listas de sanções (OFAC, ONU, UE, CSNU)' },
    ]);
    expect(block.findings[0]).to.include({ check_id: 'sanctions_hit', severity: 'critical' });
    expect(block.source_groups.find((g: Json) => g.id === 'sanctions').status).to.equal('INVALID');
  });

  it('GET analysis of a pj run: subject profile with CNAEs', async () => {
    const a = (await json(`/bureau/runs/${holding}/analysis`)).analysis;
    expect(a.subject_profile.type).to.equal('pj');
    expect(a.subject_profile.cnaes).to.have.length(2);
    expect(a.subject_profile.fields.find((f: Json) => f.label === 'razao_social')?.value).to.equal('Holding Participações S.A.');
    expect(a.source_groups.map((g: Json) => g.id)).to.deep.equal(['cadastral', 'sanctions', 'reputational', 'corporate', 'legal', 'fiscal']);
  });

  it('GET detail: sources with checks in the listed shape, never the raw payload', async () => {
    for (const runId of [pep, holding]) {
      const detail = await json(`/bureau/runs/${runId}/detail`);
      expect(keysOf(detail)).to.deep.equal(['livemode', 'run_id', 'sources']);
      expect(detail).to.include({ run_id: runId, livemode: false });
      for (const source of detail.sources) {
        expect(keysOf(source)).to.deep.equal(['cached', 'checks', 'duration_ms', 'error_code', 'error_message', 'source_id', 'status']);
        expect(CHECK_STATUSES).to.include(source.status);
        expect(source.cached).to.be.a('boolean');
        expect(Number.isInteger(source.duration_ms)).to.equal(true);
        expect(source.error_code).to.equal(null);
        expect(source.error_message).to.equal(null);
        expect(source.checks).to.be.an('array').that.is.not.empty;
        for (const check of source.checks) {
          expect(keysOf(check)).to.deep.equal(['check_id', 'check_label', 'result_code', 'result_label', 'status']);
          expect(CHECK_STATUSES).to.include(check.status);
        }
      }
      // nothing of what the sources returned as data (names, proceedings, partners, PEP roles) leaks
      const text = JSON.stringify(detail);
      const answered = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
      const leaves = answered.flatMap((e) => strings(e.data['data'])).filter((s) => s.length >= 8);
      expect(leaves.length).to.be.greaterThan(5);
      for (const leaf of leaves) expect(text, leaf).not.to.include(leaf);
    }
    const detail = await json(`/bureau/runs/${pep}/detail`);
    expect(detail.sources.map((s: Json) => s.source_id)).to.deep.equal(['receita_cpf', 'sanctions', 'pep', 'legal_proceedings', 'negative_media']);
    expect(detail.sources.find((s: Json) => s.source_id === 'pep').checks).to.deep.equal([
      { check_id: 'is_pep', check_label: 'Pessoa exposta politicamente', status: 'INVALID', result_code: 'pep', result_label: 'Pessoa exposta politicamente' },
    ]);
    expect(detail.sources.find((s: Json) => s.source_id === 'receita_cpf').checks.map((c: Json) => c.check_id)).to.deep.equal(['cpf_regular', 'name_match', 'not_deceased']);
  });

  it('GET analysis answers 202 while the run executes (00000000868)', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000868') });
    const response = await get(`/bureau/runs/${runId}/analysis`);
    expect(response.status).to.equal(202);
    const body = (await response.json()) as Json;
    expect(keysOf(body)).to.deep.equal(['livemode', 'retry_after_seconds', 'run_id', 'status']);
    expect(body.run_id).to.equal(runId);
    expect(['queued', 'running']).to.include(body.status);
    expect(response.headers.get('retry-after')).to.equal(String(body.retry_after_seconds));
  });

  it('detail needs detail:read (403 insufficient_scope without); GET run and analysis need runs:read', async () => {
    const readOnly = (await w.tenant.key({ scopes: ['runs:read'] })).api_key;
    expect((await get(`/bureau/runs/${pep}`, readOnly)).status).to.equal(200);
    expect((await get(`/bureau/runs/${pep}/analysis`, readOnly)).status).to.equal(200);
    const denied = await get(`/bureau/runs/${pep}/detail`, readOnly);
    expect(denied.status).to.equal(403);
    expect(await errorOf(denied)).to.include({ code: 'insufficient_scope', type: 'authorization_error' });

    const detailOnly = (await w.tenant.key({ scopes: ['detail:read'] })).api_key;
    expect((await get(`/bureau/runs/${pep}/detail`, detailOnly)).status).to.equal(200);
    for (const path of [`/bureau/runs/${pep}`, `/bureau/runs/${pep}/analysis`, '/bureau/runs']) {
      const response = await get(path, detailOnly);
      expect(response.status, path).to.equal(403);
      expect((await errorOf(response)).code).to.equal('insufficient_scope');
    }
  });

  it('a malformed id: 400 invalid_id; an unknown one: 404 run_not_found', async () => {
    for (const suffix of ['', '/analysis', '/detail']) {
      const malformed = await get(`/bureau/runs/not-a-uuid${suffix}`);
      expect(malformed.status, suffix).to.equal(400);
      expect(await errorOf(malformed)).to.include({ code: 'invalid_id', type: 'invalid_request_error' });
      const unknown = await get(`/bureau/runs/3f2504e0-4f89-41d3-9a0c-0305e82c3301${suffix}`);
      expect(unknown.status, suffix).to.equal(404);
      expect((await errorOf(unknown)).code).to.equal('run_not_found');
    }
  });

  it("another tenant's run: 404 on GET, analysis and detail, and absent from its list", async () => {
    const other = await createTenant(service, 'Other');
    const otherKey = (await other.key()).api_key;
    for (const suffix of ['', '/analysis', '/detail']) {
      const response = await get(`/bureau/runs/${pep}${suffix}`, otherKey);
      expect(response.status, suffix).to.equal(404);
      expect((await errorOf(response)).code).to.equal('run_not_found');
    }
    expect(((await json('/bureau/runs', otherKey)).data as Json[]).length).to.equal(0);
  });

  it('a sandbox key cannot see a live run of the same tenant, nor a live key a sandbox run (404)', async () => {
    const credits = await service.operator(`/tenants/${w.tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 50, reason: 'test' } });
    expect(credits.status).to.equal(201);
    const live = (await w.tenant.key({ environment: 'live' })).api_key;
    const created = await service.call('/api/v1/bureau/runs', { method: 'POST', headers: { 'x-api-key': live }, json: { template_id: w.pf, subject: pfSubject(cpf(5)) } });
    expect(created.status).to.equal(202);
    const liveRun = ((await created.json()) as Json).run_id as string;
    const finished = await waitForRun(service, live, liveRun);
    expect(finished.livemode).to.equal(true);
    for (const suffix of ['', '/analysis', '/detail']) {
      expect((await get(`/bureau/runs/${liveRun}${suffix}`)).status, `sandbox key ${suffix}`).to.equal(404);
      expect((await get(`/bureau/runs/${pep}${suffix}`, live)).status, `live key ${suffix}`).to.equal(404);
    }
    const liveList = await json('/bureau/runs', live);
    expect(liveList.livemode).to.equal(true);
    expect(liveList.data.map((r: Json) => r.run_id)).to.deep.equal([liveRun]);
    expect((await json('/bureau/runs?limit=100')).data.map((r: Json) => r.run_id)).not.to.include(liveRun);
  });
});

describe('GET /api/v1/bureau/runs: list, filters and cursor paging', () => {
  const COUNT = 45;
  let service: TestService;
  let clock: ManualClock;
  let w: World;
  /** in creation order */
  const runs: { run_id: string; created_at: string; kind: 'pj' | 'clean' | 'blocked'; external_id: string }[] = [];
  /** newest first: created_at descending, then run_id descending for runs of the same instant */
  let expected: string[] = [];

  before(async () => {
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    service = await startRunsService({ clock });
    w = await world(service, 'Lister');
    for (let i = 0; i < COUNT; i++) {
      // every fifth run shares the instant of the one before: ties are ordered by id
      if (i % 5 !== 2) clock.advance(1000);
      const kind = (['pj', 'clean', 'blocked'] as const)[i % 3]!;
      const body =
        kind === 'pj'
          ? { template_id: w.pj, subject: pjSubject('00000001000136') }
          : { template_id: w.pf, subject: pfSubject(kind === 'clean' ? '00000000191' : '00000000272') };
      const runId = await createRun(service, w.key, { ...body, external_id: `L-${i}`, metadata: { i: String(i) } });
      runs.push({ run_id: runId, created_at: clock.now().toISOString(), kind, external_id: `L-${i}` });
    }
    for (const run of runs) await waitForRun(service, w.key, run.run_id);
    expected = [...runs].sort((a, b) => (a.created_at === b.created_at ? (a.run_id < b.run_id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1)).map((r) => r.run_id);
    // runs of another tenant never show
    const other = await world(service, 'Other');
    await createRun(service, other.key, { template_id: other.pf, subject: pfSubject('00000000191') });
  });
  after(async () => service.close());

  const list = async (query: Record<string, string> = {}) => {
    const response = await getJson(service, w.key, `/bureau/runs?${new URLSearchParams(query).toString()}`);
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    return body;
  };
  const listError = async (query: Record<string, string>) => {
    const response = await getJson(service, w.key, `/bureau/runs?${new URLSearchParams(query).toString()}`);
    expect(response.status, JSON.stringify(query)).to.equal(400);
    return errorOf(response);
  };
  /** Every page of a query, following next_cursor. */
  const allPages = async (query: Record<string, string>) => {
    const pages: Json[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
      pages.push(page);
      if (!page.has_more) {
        expect(page.next_cursor ?? null).to.equal(null);
        return pages;
      }
      expect(page.next_cursor).to.be.a('string').and.to.match(/^[A-Za-z0-9_-]+$/);
      cursor = page.next_cursor;
      if (pages.length > 50) throw new Error('paging does not end');
    }
  };

  it('answers the newest first, 20 by default, with has_more, next_cursor, livemode and run summaries', async () => {
    const page = await list();
    expect(keysOf(page)).to.include.members(['data', 'has_more', 'livemode']);
    expect(page.livemode).to.equal(false);
    expect(page.data).to.have.length(20);
    expect(page.has_more).to.equal(true);
    expect(page.next_cursor).to.be.a('string');
    expect(page.data.map((r: Json) => r.run_id)).to.deep.equal(expected.slice(0, 20));
    // strictly newest first where instants differ
    expect(page.data[0].run_id).to.equal(runs[COUNT - 1]!.run_id);
    for (const item of page.data) expect(keysOf(item)).to.deep.equal(sorted(SUMMARY_FIELDS));
    const newest = page.data[0];
    expect(newest).to.deep.equal({
      run_id: runs[COUNT - 1]!.run_id,
      template_id: w.pf,
      status: 'blocked',
      decision: 'rejected',
      risk_band: null,
      subject_type: 'pf',
      external_id: `L-${COUNT - 1}`,
      metadata: { i: String(COUNT - 1) },
      created_at: runs[COUNT - 1]!.created_at,
      completed_at: runs[COUNT - 1]!.created_at,
    });
  });

  it('limit 1 to 100; 0, 101, non-numbers and fractions: 400 invalid_limit', async () => {
    expect((await list({ limit: '1' })).data).to.have.length(1);
    const all = await list({ limit: '100' });
    expect(all.data.map((r: Json) => r.run_id)).to.deep.equal(expected);
    expect(all.has_more).to.equal(false);
    expect(all.next_cursor ?? null).to.equal(null);
    const exact = await list({ limit: String(COUNT) });
    expect(exact.has_more).to.equal(false);
    expect((await list({ limit: String(COUNT - 1) })).has_more).to.equal(true);
    for (const limit of ['0', '101', 'x', '-1', '1.5', '', '1e2']) {
      const error = await listError({ limit });
      expect(error, limit).to.include({ code: 'invalid_limit', param: 'limit' });
    }
  });

  it('pages through all runs with the cursor, each exactly once and in order', async () => {
    const pages = await allPages({ limit: '7' });
    expect(pages.map((p) => p.data.length)).to.deep.equal([7, 7, 7, 7, 7, 7, 3]);
    const ids = pages.flatMap((p) => p.data.map((r: Json) => r.run_id));
    expect(new Set(ids).size).to.equal(COUNT);
    expect(ids).to.deep.equal(expected);
    // the default page size pages the same way
    expect((await allPages({})).flatMap((p) => p.data.map((r: Json) => r.run_id))).to.deep.equal(expected);
  });

  it('pages a filtered list with the cursor too', async () => {
    const pages = await allPages({ template_id: w.pj, limit: '4' });
    const ids = pages.flatMap((p) => p.data.map((r: Json) => r.run_id));
    expect(ids).to.deep.equal(expected.filter((id) => runs.find((r) => r.run_id === id)!.kind === 'pj'));
    expect(ids).to.have.length(15);
  });

  it('a malformed cursor: 400 invalid_cursor', async () => {
    const b64 = (value: string) => Buffer.from(value).toString('base64url');
    for (const cursor of ['!!!', 'a b', 'abc', b64('["not a date","x"]'), b64('{"created_at":"2026-11-22T12:00:00Z"}'), b64('["2026-11-22T12:00:00Z"]'), 'x'.repeat(500)]) {
      const error = await listError({ cursor });
      expect(error, cursor).to.include({ code: 'invalid_cursor', param: 'cursor' });
    }
  });

  it('filters by status', async () => {
    const blocked = await list({ status: 'blocked', limit: '100' });
    expect(blocked.data.map((r: Json) => r.run_id)).to.deep.equal(expected.filter((id) => runs.find((r) => r.run_id === id)!.kind === 'blocked'));
    for (const item of blocked.data) expect(item).to.include({ status: 'blocked', decision: 'rejected' });
    expect((await list({ status: 'completed', limit: '100' })).data).to.have.length(30);
    for (const status of ['pending', 'cancelado', 'em_analise', 'failed', 'queued']) expect((await list({ status })).data, status).to.deep.equal([]);
    expect(await listError({ status: 'done' })).to.include({ code: 'invalid_request', param: 'status' });
  });

  it('filters by template_id and external_id, alone and together', async () => {
    const pj = await list({ template_id: w.pj, limit: '100' });
    expect(pj.data).to.have.length(15);
    for (const item of pj.data) expect(item).to.include({ template_id: w.pj, subject_type: 'pj' });
    const one = await list({ external_id: 'L-7' });
    expect(one.data.map((r: Json) => r.run_id)).to.deep.equal([runs[7]!.run_id]);
    expect(one.has_more).to.equal(false);
    expect((await list({ external_id: 'L-7', template_id: w.pj })).data).to.deep.equal([]); // L-7 is a pf run
    expect((await list({ external_id: 'L-6', template_id: w.pj })).data).to.have.length(1);
    expect((await list({ external_id: 'nobody' })).data).to.deep.equal([]);
    expect((await list({ status: 'completed', template_id: w.pf, limit: '100' })).data).to.have.length(15);
  });

  it('filters by created_after and created_before, both inclusive of the instant', async () => {
    const from = runs[10]!.created_at;
    const to = runs[20]!.created_at;
    const inWindow = (r: (typeof runs)[number]) => r.created_at >= from && r.created_at <= to;
    const window = await list({ created_after: from, created_before: to, limit: '100' });
    const ids = window.data.map((r: Json) => r.run_id);
    expect(ids).to.deep.equal(expected.filter((id) => inWindow(runs.find((r) => r.run_id === id)!)));
    expect(ids).to.include(runs[10]!.run_id);
    expect(ids).to.include(runs[20]!.run_id);
    // the neighbours just outside: run 9 is a second earlier, run 21 a second later
    expect(ids).not.to.include(runs[9]!.run_id);
    expect(ids).not.to.include(runs[21]!.run_id);
    // a bound given with an offset is the same instant
    const offset = new Date(Date.parse(from) - 3 * 3600_000).toISOString().replace('Z', '-03:00').replace(/\.000-03:00$/, '-03:00');
    expect((await list({ created_after: offset, created_before: to, limit: '100' })).data.map((r: Json) => r.run_id)).to.deep.equal(ids);
    // one bound alone
    expect((await list({ created_after: runs[COUNT - 1]!.created_at })).data.map((r: Json) => r.run_id)).to.have.members(
      runs.filter((r) => r.created_at === runs[COUNT - 1]!.created_at).map((r) => r.run_id),
    );
    expect((await list({ created_before: runs[0]!.created_at })).data.map((r: Json) => r.run_id)).to.deep.equal([runs[0]!.run_id]);
  });

  it('an invalid created_after or created_before: 400 invalid_date', async () => {
    for (const param of ['created_after', 'created_before']) {
      for (const value of ['yesterday', '2026-13-01T00:00:00Z', '2026-11-22T25:00:00Z', '1700000000', '']) {
        expect(await listError({ [param]: value }), `${param}=${value}`).to.include({ code: 'invalid_date', param });
      }
    }
  });
});

describe('date bounds', () => {
  it('refuses impossible calendar dates and out-of-range times with 400 invalid_date', async () => {
    const { parseDateBound } = await import('../../src/http/paging.js');
    for (const bad of ['2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-04-31T10:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01']) {
      let code = '';
      try {
        parseDateBound(bad, 'created_after');
      } catch (error) {
        code = (error as { code: string }).code;
      }
      if (code !== 'invalid_date') throw new Error(`${bad} was accepted`);
    }
    if (parseDateBound('2024-02-29T23:59:59.999+03:00', 'x') !== '2024-02-29T20:59:59.999Z') throw new Error('a real leap day was refused');
  });
});
