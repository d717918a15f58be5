import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { PdfRenderer } from '../../../adapters/pdf/port.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { ReportGenerator, generateRunReport } from '../../../commands/reports.js';
import { reviewRun } from '../../../commands/run-requests.js';
import { getRun, type RunDoc } from '../../../projections/runs.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import { runRecord, runSubjects } from '../../../queries/history.js';
import { ApiError } from '../../errors.js';
import { FILE_URL_TTL_SECONDS, signFileToken } from '../../file-tokens.js';
import { applied, orThrow, type Runner } from '../../outcome.js';
import { reportFileName } from '../../report-params.js';
import { idParam } from '../present.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { csrfGuard, readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { runHits, type HitsScreenDeps } from '../hits/routes.js';
import { reportModeForm, runFilters, runReviewForm } from './forms.js';
import { RUNS_PAGE_SIZE, runPage, runsPage } from './page.js';

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

/** The templates a tenant's runs may name: its own and the global ones. */
async function tenantTemplates(readStore: ReadStore, tenantId: string): Promise<TemplateDoc[]> {
  const [own, global] = await Promise.all([
    readStore.find<TemplateDoc>('templates', { where: { tenant_id: tenantId }, limit: 500 }),
    readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
  ]);
  return [...own, ...global];
}

/** Runs: the list with its filters, one run's page (analysis, screening, sources, review), its review and its report. */
export function runsRouter(deps: RunsScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock, secretKey } = deps;
  const generator = new ReportGenerator({ log, blobs: deps.blobStore, renderer: deps.pdfRenderer });
  const router = new Router<DashboardState>();

  router.get('/runs', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const templates = await tenantTemplates(readStore, user.tenant_id);
    const { before, ...filters } = runFilters(ctx, templates.map((t) => t.template_id));
    const { status, environment, template } = filters;
    const where = { tenant_id: user.tenant_id, ...(status ? { status } : {}), ...(environment ? { environment } : {}), ...(template ? { template_id: template } : {}) };
    const found = await readStore.find<RunDoc>('runs', { where, limit: RUNS_PAGE_SIZE + 1, ...(before ? { before } : {}) });
    const subjects = await runSubjects(log, readStore, found.slice(0, RUNS_PAGE_SIZE));
    renderPage(ctx, 'runs', runsPage({ found, subjects, templates, filters }), { title: 'Execuções', nav: 'execucoes' });
  });

  router.get('/runs/:run_id', requireUser(), async (ctx) => {
    const run = await tenantRun(ctx, readStore);
    const model = await runRecord(log, run.run_id, 'completo', clock.now().toISOString());
    const users = await tenantUsers(readStore, run.tenant_id);
    const canAct = ctx.state.user!.role !== 'viewer';
    renderPage(ctx, 'run', { ...runPage(model, users, canAct), hits: await runHits(deps, run, canAct) }, { title: `Execução ${run.run_id}`, nav: 'execucoes' });
  });

  router.post('/runs/:run_id/review', requireUser(), csrfGuard(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const run = await tenantRun(ctx, readStore);
    const review = runReviewForm(await readForm(ctx));
    const result = await reviewRun({ log }, run.run_id, review, { kind: 'user', user_id: user.user_id, tenant_id: user.tenant_id }, userContext(ctx, clock));
    const { outcome } = await applied(runner, result);
    redirectTo(ctx, `/dashboard/runs/${run.run_id}`, outcome === 'reviewed' ? 'Decisão registrada.' : 'Proposta registrada, aguarda segundo analista.');
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
