import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import { ReportGenerator, generateRunReport } from '../../commands/reports.js';
import { reviewRun } from '../../commands/run-requests.js';
import type { ReportMode } from '../../domain/report/events.js';
import { runStream } from '../../domain/run/decider.js';
import { getRun, type RunDoc } from '../../projections/runs.js';
import { buildRunReportModel, type RunReportModel } from '../../reports/run-model.js';
import { BAND_LABEL, CHECK_STATUS_LABEL, DECISION_LABEL, SEVERITY_LABEL, STATUS_LABEL, label } from '../../reports/html.js';
import { FEATURE_LABEL, scoreText, screeningEvidence } from '../../reports/screening-section.js';
import { sourceLabel } from '../../reports/source-sections.js';
import type { TemplateDoc } from '../../projections/templates.js';
import type { App as Services } from '../../app/compose.js';
import { ApiError } from '../errors.js';
import { FILE_URL_TTL_SECONDS, signFileToken } from '../file-tokens.js';
import { applied, orThrow } from '../outcome.js';
import { decodeCursor, encodeCursor } from '../paging.js';
import { reportFileName } from '../report-params.js';
import { ENVIRONMENT_LABEL, choice, idParam, maskedDoc, nameText, userEmail, when } from './present.js';
import { runSubjects, tenantUsers } from './queries.js';
import { redirectTo, renderPage } from './render.js';
import { csrfGuard, formField, readForm, requireRole, requireUser, userContext } from './session.js';
import type { DashboardState } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

const PAGE_SIZE = 50;
const RUN_STATUSES = Object.keys(STATUS_LABEL);
const REVIEW_DECISIONS = { approved: 'Aprovar', rejected: 'Reprovar' } as const;

const notFound = () => new ApiError('run_not_found', 'Execução não encontrada.', 'run_id');

/** A run of the user's tenant: another tenant's, unknown and malformed ids all read the same 404. */
async function tenantRun(ctx: Ctx, services: Pick<Services, 'readStore'>): Promise<RunDoc> {
  const runId = idParam(ctx.params['run_id'], 'run_not_found', 'Execução não encontrada.');
  const run = await getRun(services.readStore, runId);
  if (!run || run.tenant_id !== ctx.state.user!.tenant_id) throw notFound();
  return run;
}

export const awaitsReview = (run: Pick<RunDoc, 'status' | 'manual_review'>): boolean => run.status === 'pending_review' || (run.status === 'partial' && run.manual_review);

/** Runs: the list with its filters, one run's page (analysis, screening, sources, review), its review and its report. */
export function runsRouter(services: Pick<Services, 'log' | 'readStore' | 'runner' | 'clock' | 'blobStore' | 'pdfRenderer' | 'secretKey'>): Router<DashboardState> {
  const { log, readStore, runner, clock, secretKey } = services;
  const generator = new ReportGenerator({ log, blobs: services.blobStore, renderer: services.pdfRenderer });
  const router = new Router<DashboardState>();

  router.get('/runs', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const status = choice(ctx.query['status'], RUN_STATUSES, 'status');
    const environment = choice(ctx.query['environment'], ['live', 'sandbox'] as const, 'environment');
    const templates = await tenantTemplates(user.tenant_id);
    const template = choice(ctx.query['template'], templates.map((t) => t.template_id), 'template');
    const before = ctx.query['cursor'] === undefined ? undefined : decodeCursor(ctx.query['cursor']);
    const where = { tenant_id: user.tenant_id, ...(status ? { status } : {}), ...(environment ? { environment } : {}), ...(template ? { template_id: template } : {}) };
    const found = await readStore.find<RunDoc>('runs', { where, limit: PAGE_SIZE + 1, ...(before ? { before } : {}) });
    const runs = found.slice(0, PAGE_SIZE);
    const subjects = await runSubjects(log, readStore, runs);
    const last = runs[runs.length - 1];
    const more =
      found.length > PAGE_SIZE && last
        ? `/dashboard/runs?${new URLSearchParams({ ...(status ? { status } : {}), ...(environment ? { environment } : {}), ...(template ? { template } : {}), cursor: encodeCursor({ created_at: last.created_at, id: last.run_id }) })}`
        : null;
    renderPage(
      ctx,
      'runs',
      {
        rows: runs.map((run) => ({
          id: run.run_id,
          created: when(run.created_at),
          status: run.status,
          statusLabel: label(STATUS_LABEL, run.status),
          decision: run.decision ? label(DECISION_LABEL, run.decision) : '—',
          band: run.risk_band ? label(BAND_LABEL, run.risk_band) : '—',
          bandClass: run.risk_band ?? '',
          template: `${run.template_name} v${run.template_version}`,
          environment: label(ENVIRONMENT_LABEL, run.environment),
          name: nameText(subjects.get(run.run_id)?.name),
          doc: maskedDoc(subjects.get(run.run_id)?.doc),
        })),
        filters: { status, environment, template },
        statuses: STATUS_LABEL,
        environments: ENVIRONMENT_LABEL,
        templates: templates.map((t) => ({ id: t.template_id, name: `${t.definition.name} (v${t.version})` })),
        more,
      },
      { title: 'Execuções', nav: 'execucoes' },
    );
  });

  router.get('/runs/:run_id', requireUser(), async (ctx) => {
    const run = await tenantRun(ctx, services);
    const model = buildRunReportModel(await log.readStream(runStream(run.run_id)), 'completo', clock.now().toISOString());
    const users = await tenantUsers(readStore, run.tenant_id);
    renderPage(ctx, 'run', { ...runPage(model, users), canReview: ctx.state.user!.role !== 'viewer' && awaitsReview(model.run) }, { title: `Execução ${run.run_id}`, nav: 'execucoes' });
  });

  router.post('/runs/:run_id/review', requireUser(), csrfGuard(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const run = await tenantRun(ctx, services);
    const form = await readForm(ctx);
    const decision = formField(form, 'decision');
    if (decision !== 'approved' && decision !== 'rejected') throw new ApiError('invalid_request', 'Escolha aprovar ou reprovar.', 'decision');
    const note = formField(form, 'note').trim();
    if (note.length > 2000) throw new ApiError('invalid_request', 'A nota tem no máximo 2000 caracteres.', 'note');
    const result = await reviewRun({ log }, run.run_id, { decision, note }, { kind: 'user', user_id: user.user_id, tenant_id: user.tenant_id }, userContext(ctx, clock));
    const { outcome } = await applied(runner, result);
    redirectTo(ctx, `/dashboard/runs/${run.run_id}`, outcome === 'reviewed' ? 'Decisão registrada.' : 'Proposta registrada, aguarda segundo analista.');
  });

  // a report is read, not decided: every role may download it (generating it records only that it exists)
  router.post('/runs/:run_id/report', requireUser(), csrfGuard(), requireRole('admin', 'analyst', 'viewer'), async (ctx) => {
    const run = await tenantRun(ctx, services);
    const mode = formField(await readForm(ctx), 'mode') as ReportMode;
    if (mode !== 'resumido' && mode !== 'completo') throw new ApiError('invalid_request', 'Escolha o relatório resumido ou o completo.', 'mode');
    const context = userContext(ctx, clock);
    const result = await generateRunReport({ log, generator }, run.run_id, mode, { ...context, commandId: `${context.commandId}:report:${mode}` });
    if (E.isLeft(result) && result.left.code === 'run_not_terminal') throw new ApiError('run_not_terminal', 'O relatório existe só para execuções encerradas.', 'run_id');
    const { report } = orThrow(result);
    const token = signFileToken(secretKey, { blob_key: report.blob_key, file_name: reportFileName(run.run_id, mode), expires_at: Math.floor(clock.now().getTime() / 1000) + FILE_URL_TTL_SECONDS });
    // the file is served by this same service: a path on this origin
    redirectTo(ctx, `/files/${token}`);
  });

  async function tenantTemplates(tenantId: string): Promise<TemplateDoc[]> {
    const [own, global] = await Promise.all([
      readStore.find<TemplateDoc>('templates', { where: { tenant_id: tenantId }, limit: 500 }),
      readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
    ]);
    return [...own, ...global];
  }

  return router;
}

/** Everything the run page prints, from the report's model of the run (the same facts as the PDF). */
function runPage(model: RunReportModel, users: ReadonlyMap<string, { email: string }>) {
  const { run, analysis, detail } = model;
  const review = run.review;
  const proposal = run.review_proposal ?? null;
  return {
    run: {
      id: run.run_id,
      status: run.status,
      statusLabel: label(STATUS_LABEL, run.status),
      decision: run.decision ? label(DECISION_LABEL, run.decision) : '—',
      decisionClass: run.decision ?? '',
      operative: run.operative_decision ? label(DECISION_LABEL, run.operative_decision) : '—',
      band: run.risk_band ? label(BAND_LABEL, run.risk_band) : '—',
      bandClass: run.risk_band ?? '',
      summary: run.summary_message,
      checks: run.checks_summary,
      template: { id: model.template.template_id, name: model.template.definition.name, version: model.template.version },
      environment: label(ENVIRONMENT_LABEL, run.environment),
      created: when(run.created_at),
      completed: when(run.completed_at),
      customerId: run.customer_id,
      externalId: run.external_id,
      terminal: ['completed', 'blocked', 'partial', 'failed', 'cancelado'].includes(run.status),
    },
    subject: { name: model.subject.erased ? 'dados apagados' : nameText(model.subject.name), doc: model.subject.erased ? 'dados apagados' : maskedDoc(model.subject.doc), type: run.subject_type },
    findings: analysis.findings.map((f) => ({ ...f, severityLabel: label(SEVERITY_LABEL, f.severity) })),
    reviewReasons: analysis.review_reasons,
    dimensions: analysis.risk_dimensions.map((d) => ({ ...d, bandLabel: label(BAND_LABEL, d.band) })),
    sources: detail.map((s) => ({
      id: s.source_id,
      label: sourceLabel(s.source_id),
      status: s.status,
      statusLabel: label(CHECK_STATUS_LABEL, s.status),
      error: s.error_message ?? s.error_code,
      checks: s.checks.map((c) => ({ ...c, statusLabel: label(CHECK_STATUS_LABEL, c.status) })),
    })),
    screening: screeningOf(run),
    review: review && {
      decision: label(DECISION_LABEL, review.decision),
      note: review.note,
      by: review.reviewed_by ? userEmail(users, review.reviewed_by) : 'API do operador',
      proposedBy: review.proposed_by ? userEmail(users, review.proposed_by) : null,
      at: when(review.reviewed_at),
    },
    proposal: proposal && {
      by: userEmail(users, proposal.proposed_by),
      verb: proposal.decision === 'rejected' ? 'reprovar' : 'aprovar',
      decision: proposal.decision,
      note: proposal.note,
      at: when(proposal.proposed_at),
    },
    decisions: REVIEW_DECISIONS,
  };
}

/** Each list source's recorded screening: the list versions and every candidate with its explanation. */
function screeningOf(run: RunDoc) {
  return Object.values(run.answers).flatMap((answer) => {
    const evidence = screeningEvidence(answer.data['screening']);
    if (!evidence) return [];
    return [
      {
        source: sourceLabel(answer.source_id),
        threshold: scoreText(evidence.threshold),
        lists: evidence.lists.map((l) => ({ id: l.list_id, name: l.name ?? null, version: l.version_id, entries: l.entries })),
        candidates: [...evidence.candidates]
          .sort((a, b) => b.score - a.score)
          .map((c) => ({
            name: c.name,
            list: c.list_id,
            entry: c.entry_id,
            score: scoreText(c.score),
            match: c.match,
            // issue 26: the version the entry was found in, and why a near miss fell short (older runs have neither)
            version: c.version_id ?? null,
            reason: c.match ? null : (c.reason ?? null),
            explanation: c.explanation.map((e) => ({
              feature: FEATURE_LABEL[e.feature] ?? e.feature,
              score: scoreText(e.score),
              contribution: e.contribution === undefined ? null : scoreText(e.contribution),
              query: e.query ?? '—',
              candidate: e.candidate ?? '—',
              detail: e.detail,
            })),
          })),
      },
    ];
  });
}
