import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { PdfRenderer } from '../../../adapters/pdf/port.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { ReportGenerator, generateRunReport } from '../../../commands/reports.js';
import { retryRunSources } from '../../../commands/run-retry.js';
import { reviewRun } from '../../../commands/run-requests.js';
import { subjectRef } from '../../../commands/runs.js';
import { getRun, type RunDoc } from '../../../projections/runs.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import { runRecord, runSubjects } from '../../../queries/history.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { FILE_URL_TTL_SECONDS, signFileToken } from '../../file-tokens.js';
import { applied, orThrow, type Runner } from '../../outcome.js';
import { reportFileName } from '../../report-params.js';
import { idParam } from '../present.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { findCustomers, type SearchTerms } from '../search.js';
import { csrfGuard, readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { runHits, type HitsScreenDeps } from '../hits/routes.js';
import { reportModeForm, runFilters, runReviewForm } from './forms.js';
import { RUNS_PAGE_SIZE, runPage, runsPage, type ReviewFormState } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export interface RunsScreenDeps extends HitsScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  blobStore: BlobStore;
  pdfRenderer: PdfRenderer;
  secretKey: string;
}

/** A run of the user's tenant: another tenant's, unknown and malformed ids all read the same 404. */
async function tenantRun(ctx: Ctx, readStore: ReadStore): Promise<RunDoc> {
  const runId = idParam(ctx.params['run_id'], 'run_not_found', 'Execução não encontrada.');
  const run = await getRun(readStore, runId);
  if (!run || run.tenant_id !== ctx.state.user!.tenant_id) throw new ApiError('run_not_found', 'Execução não encontrada.', 'run_id');
  return run;
}

/** Why a retry of failed sources was refused, as the analyst reads it. */
const RETRY_REFUSALS: Readonly<Record<string, string>> = {
  invalid_run_state: 'Esta execução não tem fontes com falha a repetir, ou já tem uma decisão de analista.',
  billing_suspended: 'Créditos insuficientes para repetir as fontes com falha.',
};

/** The templates a tenant's runs may name: its own and the global ones. */
async function tenantTemplates(readStore: ReadStore, tenantId: string): Promise<TemplateDoc[]> {
  const [own, global] = await Promise.all([
    readStore.find<TemplateDoc>('templates', { where: { tenant_id: tenantId }, limit: 500 }),
    readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
  ]);
  return [...own, ...global];
}

interface RunSearch {
  readStore: ReadStore;
  secretKey: string;
  tenantId: string;
  filters: { status: string; environment: 'live' | 'sandbox' | ''; template: string };
  terms: SearchTerms;
  before: { created_at: string; id: string } | undefined;
  limit: number;
}

/**
 * One page of the tenant's runs, newest first. A document is found by the runs' keyed subject
 * reference; a text by the external id (exact) and by the customers whose name or e-mail holds it
 * (their runs); a run made straight through the bureau API, without a customer, is found by its
 * document or external id only (its subject's name is kept in its own stream, not in a list).
 */
async function findRuns(search: RunSearch): Promise<RunDoc[]> {
  const { readStore, filters, terms, limit, tenantId } = search;
  const { status, environment, template } = filters;
  const base = { tenant_id: tenantId, ...(status ? { status } : {}), ...(template ? { template_id: template } : {}) };
  const query = { limit, ...(search.before ? { before: search.before } : {}), ...(terms.createdFrom ? { createdFrom: terms.createdFrom } : {}), ...(terms.createdTo ? { createdTo: terms.createdTo } : {}) };
  const environments = environment ? [environment] : (['live', 'sandbox'] as const);
  let wheres: Record<string, string>[];
  if (terms.doc) wheres = environments.map((env) => ({ ...base, environment: env, subject_ref: subjectRef(search.secretKey, tenantId, env, terms.doc) }));
  else if (terms.text) {
    // the customers of any date: the range applies to the runs
    const { createdFrom: _from, createdTo: _to, ...anyDate } = terms;
    const { found: customers } = await findCustomers({ readStore, secretKey: search.secretKey, tenantId, where: {}, environment, terms: anyDate, limit: 50 });
    wheres = [...environments.map((env) => ({ ...base, environment: env, external_id: terms.externalId })), ...customers.map((c) => ({ ...base, customer_id: c.customer_id }))];
  } else wheres = [{ ...base, ...(environment ? { environment } : {}) }];
  const found = (await Promise.all(wheres.map((where) => readStore.find<RunDoc>('runs', { where, ...query })))).flat();
  const unique = [...new Map(found.map((r) => [r.run_id, r])).values()];
  return unique.sort((a, b) => (a.created_at === b.created_at ? b.run_id.localeCompare(a.run_id) : b.created_at.localeCompare(a.created_at))).slice(0, limit);
}

/** Runs: the list with its filters, one run's page (analysis, screening, sources, review), its review and its report. */
export function runsRouter(deps: RunsScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock, secretKey } = deps;
  const generator = new ReportGenerator({ log, blobs: deps.blobStore, renderer: deps.pdfRenderer });
  const router = new Router<DashboardState>();

  router.get('/runs', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const templates = await tenantTemplates(readStore, user.tenant_id);
    const { before, terms, ...filters } = runFilters(ctx, templates.map((t) => t.template_id));
    const found = await findRuns({ readStore, secretKey, tenantId: user.tenant_id, filters, terms, before, limit: RUNS_PAGE_SIZE + 1 });
    const subjects = await runSubjects(log, readStore, found.slice(0, RUNS_PAGE_SIZE));
    renderPage(ctx, 'runs', runsPage({ found, subjects, templates, filters, terms }), { title: 'Execuções', nav: 'execucoes' });
  });

  router.get('/runs/:run_id', requireUser(), async (ctx) => {
    const run = await tenantRun(ctx, readStore);
    await showRun(ctx, run);
  });

  /** The run page; after a refused review, with what was typed and the errors beside the fields. */
  const showRun = async (ctx: Ctx, run: RunDoc, form?: ReviewFormState, status = 200) => {
    const model = await runRecord(log, run.run_id, 'completo', clock.now().toISOString());
    const users = await tenantUsers(readStore, run.tenant_id);
    const user = ctx.state.user!;
    const canAct = user.role !== 'viewer';
    renderPage(ctx, 'run', { ...runPage(model, users, { canAct, user_id: user.user_id }, form), hits: await runHits(deps, run, canAct) }, { title: `Execução ${run.run_id}`, nav: 'execucoes', status });
  };

  router.post('/runs/:run_id/review', requireUser(), csrfGuard(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const run = await tenantRun(ctx, readStore);
    const typed = runReviewForm(await readForm(ctx));
    if ('refused' in typed) return showRun(ctx, run, typed.refused, 400);
    const result = await reviewRun({ log }, run.run_id, typed.review, { kind: 'user', user_id: user.user_id, tenant_id: user.tenant_id }, userContext(ctx, clock));
    if (E.isLeft(result)) {
      // refused by the domain (four-eyes, already decided): the page again with the reason, never a bare error page
      const field = result.left.param === 'note' ? 'note' : 'decision';
      const refused = { decision: typed.review.decision, note: typed.review.note, errors: { [field]: result.left.message } };
      return showRun(ctx, (await getRun(readStore, run.run_id)) ?? run, refused, fromDomainError(result.left).status);
    }
    const { outcome } = await applied(runner, result);
    redirectTo(ctx, `/dashboard/runs/${run.run_id}`, outcome === 'reviewed' ? 'Decisão registrada.' : 'Proposta registrada: aguardando confirmação de outro analista.');
  });

  // issue 28: a held run's failed sources asked again (the operator API's retry-sources, for the user's tenant)
  router.post('/runs/:run_id/retry-sources', requireUser(), csrfGuard(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const run = await tenantRun(ctx, readStore);
    const result = await retryRunSources({ log }, run.run_id, {}, { kind: 'user', user_id: user.user_id, tenant_id: user.tenant_id }, userContext(ctx, clock));
    if (E.isLeft(result) && RETRY_REFUSALS[result.left.code]) throw new ApiError(result.left.code as never, RETRY_REFUSALS[result.left.code]!, 'run_id');
    await applied(runner, result);
    redirectTo(ctx, `/dashboard/runs/${run.run_id}`, 'Fontes com falha enviadas novamente.');
  });

  // a report is read, not decided: every role may download it (generating it records only that it exists)
  router.post('/runs/:run_id/report', requireUser(), csrfGuard(), requireRole('admin', 'analyst', 'viewer'), async (ctx) => {
    const run = await tenantRun(ctx, readStore);
    const mode = reportModeForm(await readForm(ctx));
    const context = userContext(ctx, clock);
    const result = await generateRunReport({ log, generator }, run.run_id, mode, { ...context, commandId: `${context.commandId}:report:${mode}` });
    if (E.isLeft(result) && result.left.code === 'run_not_terminal') throw new ApiError('run_not_terminal', 'O relatório existe só para execuções encerradas.', 'run_id');
    const { report } = orThrow(result);
    const token = signFileToken(secretKey, { blob_key: report.blob_key, file_name: reportFileName(run.run_id, mode), expires_at: Math.floor(clock.now().getTime() / 1000) + FILE_URL_TTL_SECONDS });
    // the file is served by this same service: a path on this origin
    redirectTo(ctx, `/files/${token}`);
  });

  return router;
}
