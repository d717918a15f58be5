import { getHitDispositions } from '../../projections/hit-dispositions.js';
import type Koa from 'koa';
import Router from '@koa/router';
import { requestRun } from '../../commands/run-requests.js';
import { getRun, type RunDoc } from '../../projections/runs.js';
import type { ReadStore } from '../../adapters/read-store/port.js';
import type { Idempotency } from '../../commands/idempotency.js';
import type { WebhookUrlProblem } from '../../commands/run-requests.js';
import type { WriteDeps } from '../deps.js';
import { decodeBody, decodeInput } from '../decode.js';
import { ApiError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { idempotent } from '../middleware/idempotency.js';
import { CreateRunBody, ListRunsQuery, RunIdParams } from '../operations/runs.js';
import { applied } from '../outcome.js';
import { encodeCursor, findPage } from '../paging.js';
import { analysisView, detailView, inProgressView, isInProgress, retryAfterSeconds, listHitsView, runSummaryView, runView } from '../run-views.js';
import type { RequestState } from '../state.js';

export interface RunsRouterDeps extends WriteDeps {
  secretKey: string;
  idempotency: Idempotency;
  webhookUrlProblem: WebhookUrlProblem;
}

/** A run of this key's tenant and environment, or 404 (another tenant's run does not exist for it). */
export async function keyRun(readStore: ReadStore, state: RequestState, runId: string): Promise<RunDoc> {
  const run = await getRun(readStore, runId);
  const principal = state.principal!;
  if (!run || run.tenant_id !== principal.tenant_id || run.environment !== principal.environment) throw new ApiError('run_not_found', 'No such run.', 'run_id');
  assertSubjectTypeAllowed(state, run.subject_type);
  return run;
}

/** Public bureau runs (interface: runs endpoints). */
export function runsRouter(services: RunsRouterDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();
  const requestDeps = services;
  const loadRun = async (ctx: Koa.ParameterizedContext<RequestState>) => keyRun(readStore, ctx.state, decodeInput(RunIdParams, ctx.params).run_id);

  router.post('/bureau/runs', requireScope('runs:write'), jsonBody(), idempotent('POST /api/v1/bureau/runs', services.idempotency, clock), async (ctx) => {
    const body = decodeBody(CreateRunBody, ctx.state.body);
    const principal = ctx.state.principal!;
    const request = {
      tenant_id: principal.tenant_id,
      environment: principal.environment,
      allowed_subject_type: principal.subject_type,
      template_id: body.template_id,
      subject: body.subject,
      external_id: body.external_id ?? null,
      metadata: body.metadata ?? {},
      webhook_url: body.webhook_url ?? null,
    };
    const queued = await applied(runner, await requestRun(requestDeps, request, commandContext(ctx, clock, principal.tenant_id)));
    ctx.state.piiSubject = `tenant:${principal.tenant_id}`;
    ctx.status = 202;
    ctx.body = { run_id: queued.run_id, status: 'queued', estimated_seconds: queued.estimated_seconds, livemode: ctx.state.livemode };
  });

  router.get('/bureau/runs', requireScope('runs:read'), async (ctx) => {
    const principal = ctx.state.principal!;
    const { status, template_id, external_id, cursor, ...page } = decodeInput(ListRunsQuery, ctx.query);
    const where = {
      tenant_id: principal.tenant_id,
      environment: principal.environment,
      ...(status === undefined ? {} : { status }),
      ...(template_id === undefined ? {} : { template_id }),
      ...(external_id === undefined ? {} : { external_id }),
      ...(principal.subject_type ? { subject_type: principal.subject_type } : {}),
    };
    const { data, hasMore } = await findPage<RunDoc>(readStore, 'runs', where, page, cursor);
    const last = data[data.length - 1];
    ctx.body = {
      data: data.map(runSummaryView),
      has_more: hasMore,
      // the interface: next_cursor only when has_more is true
      ...(hasMore && last ? { next_cursor: encodeCursor({ created_at: last.created_at, id: last.run_id }) } : {}),
      livemode: ctx.state.livemode,
    };
  });

  /** While a run executes, GET run and GET analysis answer 202 with a polling hint. */
  const finished = (ctx: Koa.ParameterizedContext<RequestState>, run: RunDoc): boolean => {
    if (!isInProgress(run)) return true;
    ctx.status = 202;
    ctx.set('Retry-After', String(retryAfterSeconds(run)));
    ctx.body = inProgressView(run);
    return false;
  };

  router.get('/bureau/runs/:run_id', requireScope('runs:read'), async (ctx) => {
    const run = await loadRun(ctx);
    if (finished(ctx, run)) ctx.body = runView(run, listHitsView(run, await getHitDispositions(readStore, run.run_id)));
  });

  router.get('/bureau/runs/:run_id/analysis', requireScope('runs:read'), async (ctx) => {
    const run = await loadRun(ctx);
    if (finished(ctx, run)) ctx.body = analysisView(run, clock.now());
  });

  router.get('/bureau/runs/:run_id/detail', requireScope('detail:read'), async (ctx) => {
    ctx.body = detailView(await loadRun(ctx));
  });

  return router;
}
