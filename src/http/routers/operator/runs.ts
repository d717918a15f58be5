import Router from '@koa/router';
import { OPERATOR } from '../../../commands/caller.js';
import { retryRunSources } from '../../../commands/run-retry.js';
import { cancelRun, reviewRun } from '../../../commands/run-requests.js';
import { getRun } from '../../../projections/runs.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { RetrySourcesBody, ReviewRunBody, RunIdParams } from '../../operations/runs.js';
import { applied } from '../../outcome.js';
import { runView } from '../../run-views.js';
import type { RequestState } from '../../state.js';

/** Operator API: the analyst's review and cancellation of runs, and a held run's failed sources retried. */
export function operatorRunsRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  router.post('/runs/:run_id/review', jsonBody(), async (ctx) => {
    const { run_id: runId } = decodeInput(RunIdParams, ctx.params);
    const body = decodeBody(ReviewRunBody, ctx.state.body);
    await applied(runner, await reviewRun(services, runId, { decision: body.decision, note: body.note, analyst: body.analyst }, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = runView((await getRun(readStore, runId))!);
  });

  router.post('/runs/:run_id/retry-sources', jsonBody(), async (ctx) => {
    const { run_id: runId } = decodeInput(RunIdParams, ctx.params);
    const body = ctx.state.body === undefined ? {} : decodeBody(RetrySourcesBody, ctx.state.body);
    await applied(runner, await retryRunSources(services, runId, { sources: body.sources }, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = runView((await getRun(readStore, runId))!);
  });

  router.post('/runs/:run_id/cancel', async (ctx) => {
    const { run_id: runId } = decodeInput(RunIdParams, ctx.params);
    await applied(runner, await cancelRun(services, runId, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = runView((await getRun(readStore, runId))!);
  });

  return router;
}
