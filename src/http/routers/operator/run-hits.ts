import Router from '@koa/router';
import { disposeRunHit } from '../../../commands/hit-dispositions.js';
import { getHitDispositions } from '../../../projections/hit-dispositions.js';
import { getRun } from '../../../projections/runs.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { DisposeRunHitBody } from '../../operations/run-hits.js';
import { RunIdParams } from '../../operations/runs.js';
import { applied } from '../../outcome.js';
import { listHitsView, runView } from '../../run-views.js';
import type { RequestState } from '../../state.js';

export interface RunHitsRouterDeps extends WriteDeps {
  /** the content hash the loaded list holds now for an entry (answers recorded before they kept it) */
  entryHash(listId: string, entryId: string): string | null;
}

/** Operator API: an analyst's disposition of a run's list hit (issue 28), remembered for the customer. */
export function operatorRunHitsRouter(deps: RunHitsRouterDeps): Router<RequestState> {
  const { readStore, runner, clock } = deps;
  const router = new Router<RequestState>();

  router.post('/runs/:run_id/hits/disposition', jsonBody(), async (ctx) => {
    const { run_id: runId } = decodeInput(RunIdParams, ctx.params);
    const { analyst, ...body } = decodeBody(DisposeRunHitBody, ctx.state.body);
    await applied(runner, await disposeRunHit(deps, runId, null, { ...body, by: analyst ?? 'operador' }, commandContext(ctx, clock, null)));
    const run = (await getRun(readStore, runId))!;
    ctx.body = runView(run, listHitsView(run, await getHitDispositions(readStore, runId)));
  });

  return router;
}
