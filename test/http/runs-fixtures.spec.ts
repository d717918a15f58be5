import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { cnpj, cpf, createRun, getJson, pfSubject, pjSubject, startRunsService, waitForRun, world, type Json, type World } from './runs-support.js';

interface Row {
  doc: string;
  type: 'pf' | 'pj';
  status: string;
  decision: string | null;
  operative_decision: string | null;
  risk_band: string | null;
  manual_review: boolean;
  confidence: 'high' | 'medium' | 'low';
  /** the terminal event: run.completed (RunCompleted) or run.failed (RunFailed) */
  event: 'RunCompleted' | 'RunFailed';
  /** checks_summary of the terminal event; blocked runs only fix `invalid` (the rest depends on what the block overtook) */
  checks: { total: number; valid?: number; invalid: number; no_data?: number; error?: number };
}

// decisions section 5, under the reference templates of section 4 / 5
const ROWS: Row[] = [
  { doc: '00000000191', type: 'pf', status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 8, valid: 8, invalid: 0, no_data: 0, error: 0 } },
  { doc: '00000000272', type: 'pf', status: 'blocked', decision: 'rejected', operative_decision: 'rejected', risk_band: null, manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 8, invalid: 1, error: 0 } },
  { doc: '00000000353', type: 'pf', status: 'pending_review', decision: 'review', operative_decision: 'review', risk_band: 'medio', manual_review: true, confidence: 'high', event: 'RunCompleted', checks: { total: 8, valid: 7, invalid: 1, no_data: 0, error: 0 } },
  { doc: '00000000434', type: 'pf', status: 'partial', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, confidence: 'low', event: 'RunCompleted', checks: { total: 8, valid: 6, invalid: 0, no_data: 0, error: 2 } },
  { doc: '00000000515', type: 'pf', status: 'partial', decision: 'approved', operative_decision: 'hold', risk_band: 'baixo', manual_review: false, confidence: 'low', event: 'RunCompleted', checks: { total: 8, valid: 5, invalid: 0, no_data: 0, error: 3 } },
  { doc: '00000000604', type: 'pf', status: 'failed', decision: null, operative_decision: null, risk_band: null, manual_review: false, confidence: 'low', event: 'RunFailed', checks: { total: 8, valid: 0, invalid: 0, no_data: 0, error: 8 } },
  { doc: '00000000787', type: 'pf', status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'medio', manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 8, valid: 7, invalid: 1, no_data: 0, error: 0 } },
  { doc: '00000000949', type: 'pf', status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, confidence: 'medium', event: 'RunCompleted', checks: { total: 8, valid: 5, invalid: 0, no_data: 3, error: 0 } },
  { doc: '00000001000136', type: 'pj', status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 13, valid: 13, invalid: 0, no_data: 0, error: 0 } },
  { doc: '00000002000180', type: 'pj', status: 'blocked', decision: 'rejected', operative_decision: 'rejected', risk_band: null, manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 13, invalid: 1, error: 0 } },
  { doc: '00000003000125', type: 'pj', status: 'pending_review', decision: 'review', operative_decision: 'review', risk_band: 'medio', manual_review: true, confidence: 'high', event: 'RunCompleted', checks: { total: 13, valid: 12, invalid: 1, no_data: 0, error: 0 } },
  { doc: '00000004000170', type: 'pj', status: 'completed', decision: 'review', operative_decision: 'review', risk_band: 'alto', manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 13, valid: 12, invalid: 1, no_data: 0, error: 0 } },
  // documents outside the table answer like the first row of their type
  { doc: cpf(1), type: 'pf', status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 8, valid: 8, invalid: 0, no_data: 0, error: 0 } },
  { doc: cnpj(1), type: 'pj', status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, confidence: 'high', event: 'RunCompleted', checks: { total: 13, valid: 13, invalid: 0, no_data: 0, error: 0 } },
];

describe('bureau runs: every sandbox fixture reaches its outcome under the reference templates', () => {
  let service: TestService;
  let w: World;
  const runIds = new Map<string, string>();
  const detailOf = async (doc: string) => (await (await getJson(service, w.key, `/bureau/runs/${runIds.get(doc)}/detail`)).json()) as Json;
  const analysisOf = async (doc: string) => (await (await getJson(service, w.key, `/bureau/runs/${runIds.get(doc)}/analysis`)).json()) as Json;

  before(async () => {
    service = await startRunsService();
    w = await world(service);
    for (const row of ROWS) {
      const subject = row.type === 'pf' ? pfSubject(row.doc) : pjSubject(row.doc);
      runIds.set(row.doc, await createRun(service, w.key, { template_id: row.type === 'pf' ? w.pf : w.pj, subject, external_id: `fx-${row.doc}`, metadata: { row: row.doc } }));
    }
  });
  after(async () => service.close());

  it('00000000868 answers GET run 202 with retry_after_seconds and Retry-After while its sources take 3 s, then 200 completed, approved', async () => {
    const started = Date.now();
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000868') });
    const seen = new Set<string>();
    let final: Json | null = null;
    while (!final) {
      const response = await getJson(service, w.key, `/bureau/runs/${runId}`);
      const body = (await response.json()) as Json;
      if (response.status === 200) {
        final = body;
        break;
      }
      expect(response.status).to.equal(202);
      // the 202 body is exactly the in-progress view
      expect(body).to.deep.equal({ run_id: runId, status: body.status, retry_after_seconds: body.retry_after_seconds, livemode: false });
      expect(['queued', 'running']).to.include(body.status);
      expect(body.retry_after_seconds).to.be.a('number').and.to.be.at.least(1);
      expect(response.headers.get('retry-after')).to.equal(String(body.retry_after_seconds));
      seen.add(body.status);
      if (Date.now() - started > 10_000) throw new Error('868 did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen.has('running'), 'observed the run running').to.equal(true);
    expect(Date.now() - started).to.be.at.least(2_900);
    expect(final).to.include({ status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false });
    expect(final.completed_at).to.be.a('string');
  });

  for (const row of ROWS) {
    it(`${row.doc} (${row.type}): ${row.status}, ${row.decision}, ${row.risk_band}${row.manual_review ? ', manual review' : ''}, confidence ${row.confidence}`, async () => {
      const runId = runIds.get(row.doc)!;
      const run = await waitForRun(service, w.key, runId);
      expect(run).to.include({
        run_id: runId,
        status: row.status,
        decision: row.decision,
        operative_decision: row.operative_decision,
        risk_band: row.risk_band,
        manual_review: row.manual_review,
        external_id: `fx-${row.doc}`,
        template_name: row.type === 'pf' ? 'PF padrão' : 'PJ padrão',
        livemode: false,
      });
      expect(run.metadata).to.deep.equal({ row: row.doc });
      expect(run.summary_message).to.be.a('string').that.is.not.empty;
      expect(Date.parse(run.completed_at)).to.be.at.least(Date.parse(run.created_at));

      const analysis = await analysisOf(row.doc);
      expect(analysis.analysis).to.include({ decision: row.decision, operative_decision: row.operative_decision, confidence: row.confidence });

      // the run summary in the list carries the webhook's fields
      const list = (await (await getJson(service, w.key, `/bureau/runs?external_id=fx-${row.doc}`)).json()) as Json;
      expect(list.data).to.have.length(1);
      expect(list.data[0]).to.deep.equal({
        run_id: runId,
        template_id: row.type === 'pf' ? w.pf : w.pj,
        status: row.status,
        decision: row.decision,
        risk_band: row.risk_band,
        subject_type: row.type,
        external_id: `fx-${row.doc}`,
        metadata: { row: row.doc },
        created_at: run.created_at,
        completed_at: run.completed_at,
      });

      // the terminal event, which run.completed / run.failed are made of
      const events = await service.services.log.readStream(`run-${runId}`);
      const terminal = events.filter((e) => e.type === 'RunCompleted' || e.type === 'RunFailed');
      expect(terminal.map((e) => e.type)).to.deep.equal([row.event]);
      const data = terminal[0]!.data as Json;
      expect(data).to.include({ run_id: runId, subject_type: row.type, template_id: row.type === 'pf' ? w.pf : w.pj, external_id: `fx-${row.doc}`, completed_at: run.completed_at, created_at: run.created_at });
      if (row.event === 'RunCompleted') expect(data).to.include({ status: row.status, decision: row.decision, risk_band: row.risk_band });
      expect(data.metadata).to.deep.equal({ row: row.doc });
      const summary = data.checks_summary as Json;
      expect(summary).to.include(row.checks);
      expect(summary.valid + summary.invalid + summary.no_data + summary.error).to.equal(summary.total);
    });
  }

  it('runs whose ten sources all answer in the same instant complete (reference PJ, no answer lost to write contention)', async () => {
    // with SVC_SANDBOX_LATENCY_MS=0 every source of a run answers in the same tick, and all of
    // them are recorded on the one run stream; none may be dropped, or the run stays running
    for (let i = 0; i < 5; i++) {
      const runId = await createRun(service, w.key, { template_id: w.pj, subject: pjSubject(cnpj(100 + i)) });
      const run = await waitForRun(service, w.key, runId, 3_000);
      expect(run).to.include({ status: 'completed', decision: 'approved' });
      const answered = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
      expect(answered).to.have.length(10);
    }
    expect(service.logs.filter((line) => line.includes('run execution failed'))).to.deep.equal([]);
  });

  it('blocked runs: abandoned sources appear in detail as NO_DATA / not_executed, and the block is in blocked_by', async () => {
    for (const [doc, blocker] of [
      ['00000000272', { tier: 1, check_id: 'sanctions_hit', source_id: 'sanctions' }],
      ['00000002000180', { tier: 1, check_id: 'cnpj_active', source_id: 'receita_cnpj' }],
    ] as const) {
      await waitForRun(service, w.key, runIds.get(doc)!);
      const detail = await detailOf(doc);
      const blocking = detail.sources.find((s: Json) => s.source_id === blocker.source_id);
      expect(blocking.status).to.equal('INVALID');
      expect(blocking.checks.find((c: Json) => c.check_id === blocker.check_id)).to.include({ status: 'INVALID' });

      const events = await service.services.log.readStream(`run-${runIds.get(doc)}`);
      const answered = new Set(events.filter((e) => e.type === 'SourceAnswered').map((e) => String(e.data['source_id'])));
      const abandoned = (events.find((e) => e.type === 'RunCompleted')!.data['abandoned'] as string[]) ?? [];
      expect(abandoned).to.have.length.greaterThan(0);
      expect(detail.sources.map((s: Json) => s.source_id).filter((id: string) => !answered.has(id))).to.deep.equal(abandoned);
      for (const source of detail.sources as Json[]) {
        if (!abandoned.includes(source.source_id)) {
          expect(source.checks.every((c: Json) => c.result_code !== 'not_executed'), source.source_id).to.equal(true);
          continue;
        }
        expect(source).to.include({ status: 'NO_DATA', cached: false, duration_ms: 0, error_code: null, error_message: null });
        expect(source.checks).to.have.length.greaterThan(0);
        for (const check of source.checks) expect(check).to.include({ status: 'NO_DATA', result_code: 'not_executed' });
      }

      const analysis = (await analysisOf(doc)).analysis;
      expect(analysis.blocked_by).to.have.length(1);
      expect(analysis.blocked_by[0]).to.include(blocker);
      const groupSources = (analysis.source_groups as Json[]).flatMap((g) => g.sources as Json[]);
      for (const id of abandoned) expect(groupSources.find((s) => s.source_id === id)).to.include({ status: 'NO_DATA', duration_ms: 0 });
    }
  });

  it('00000004000170: completed, review, alto from its civil proceedings (critical), with a review reason and a legal dimension at 100', async () => {
    const run = await waitForRun(service, w.key, runIds.get('00000004000170')!);
    expect(run).to.include({ status: 'completed', decision: 'review', risk_band: 'alto', manual_review: false });
    const analysis = (await analysisOf('00000004000170')).analysis;
    expect(analysis.findings).to.have.length(1);
    expect(analysis.findings[0]).to.include({ check_id: 'civil_proceedings', source_id: 'legal_proceedings', severity: 'critical' });
    expect(analysis.review_reasons).to.have.length(1);
    expect(analysis.review_reasons[0]).to.include({ check_id: 'civil_proceedings', source_id: 'legal_proceedings' });
    expect(analysis.review_reasons[0].reason).to.be.a('string').that.is.not.empty;
    expect(analysis.blocked_by).to.deep.equal([]);
    expect(analysis.risk_dimensions.find((d: Json) => d.id === 'legal')).to.include({ band: 'alto', score: 100 });
    const civil = (await detailOf('00000004000170')).sources.find((s: Json) => s.source_id === 'legal_proceedings').checks.find((c: Json) => c.check_id === 'civil_proceedings');
    expect(civil).to.include({ status: 'INVALID', result_code: 'proceedings_found' });
    expect(civil.result_label).to.match(/^40 /);
  });

  it('findings, failures and gaps show in the analysis of the other fixtures', async () => {
    // 353: PEP finding (high) pends the run; reputational dimension 50 -> medio
    const pep = (await analysisOf('00000000353')).analysis;
    expect(pep.findings.map((f: Json) => [f.check_id, f.severity])).to.deep.equal([['is_pep', 'high']]);
    expect(pep.review_reasons.map((r: Json) => r.check_id)).to.deep.equal(['is_pep']);
    expect(pep.risk_dimensions.find((d: Json) => d.id === 'reputational')).to.include({ score: 50, band: 'medio' });
    // 787: adverse media is informative (tier 3): a finding, no review
    const media = (await analysisOf('00000000787')).analysis;
    expect(media.findings.map((f: Json) => [f.check_id, f.severity])).to.deep.equal([['adverse_media', 'high']]);
    expect(media.review_reasons).to.deep.equal([]);
    // 434 and 515: the failed source is an incomplete source with its tier
    expect((await analysisOf('00000000434')).analysis.incomplete_sources).to.deep.equal([
      { source_id: 'legal_proceedings', label: 'Processos judiciais', tier: 2, error_code: 'source_unavailable', error_message: 'Processos judiciais is unavailable (sandbox fixture).' },
    ]);
    expect((await analysisOf('00000000515')).analysis.incomplete_sources).to.deep.equal([
      { source_id: 'receita_cpf', label: 'Receita Federal (CPF)', tier: 1, error_code: 'source_unavailable', error_message: 'Receita Federal (CPF) is unavailable (sandbox fixture).' },
    ]);
    const failedDetail = await detailOf('00000000515');
    expect(failedDetail.sources.find((s: Json) => s.source_id === 'receita_cpf')).to.include({ status: 'ERROR', error_code: 'source_unavailable' });
    // 604: every source ERROR
    const all = await detailOf('00000000604');
    expect(all.sources.map((s: Json) => s.status)).to.deep.equal(['ERROR', 'ERROR', 'ERROR', 'ERROR', 'ERROR']);
    // 949: the cadastral source has no record
    const noRecord = await detailOf('00000000949');
    expect(noRecord.sources.find((s: Json) => s.source_id === 'receita_cpf').checks.map((c: Json) => c.status)).to.deep.equal(['NO_DATA', 'NO_DATA', 'NO_DATA']);
    // 3000125: a sanctioned partner pends the run
    const partners = (await analysisOf('00000003000125')).analysis;
    expect(partners.findings.map((f: Json) => [f.check_id, f.severity])).to.deep.equal([['partners_sanctions', 'high']]);
    expect(partners.risk_dimensions.find((d: Json) => d.id === 'corporate')).to.include({ score: 50, band: 'medio' });
    // 1000136: two CNAEs in the subject profile
    const company = (await analysisOf('00000001000136')).analysis;
    expect(company.subject_profile.type).to.equal('pj');
    expect(company.subject_profile.cnaes).to.have.length(2);
    for (const cnae of company.subject_profile.cnaes) expect(cnae).to.match(/^\d{4}-\d\/\d{2} - /);
  });
});
