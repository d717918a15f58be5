import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../../adapters/ids.js';
import { cancelRun, reviewRun } from '../../../commands/runs.js';
import { getRun } from '../../../projections/runs.js';
import type { Services } from '../../../services.js';
import { decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { runView } from '../../run-views.js';
import type { RequestState } from '../../state.js';

const ReviewBody = t.intersection([t.type({ decision: t.keyof({ approved: null, rejected: null }) }), t.partial({ note: t.string })]);

/** Operator API: the analyst's review and cancellation of runs. */
export function operatorRunsRouter(services: Services): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const runIdParam = async (raw: string) => {
    if (!isUuid(raw)) throw new ApiError('invalid_id', 'run_id must be a UUID.', 'run_id');
    const run = await getRun(readStore, raw);
    if (!run) throw new ApiError('run_not_found', 'No such run.', 'run_id');
    return run;
  };

  router.post('/runs/:run_id/review', jsonBody(), async (ctx) => {
    const run = await runIdParam(ctx.params['run_id']!);
    const body = decodeBody(ReviewBody, ctx.state.body);
    if ((body.note ?? '').length > 2000) throw new ApiError('invalid_request', 'note has at most 2000 characters.', 'note');
    const result = await reviewRun(log, run.run_id, body.decision, body.note ?? '', commandContext(ctx, clock, run.tenant_id));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    ctx.body = runView((await getRun(readStore, run.run_id))!);
  });

  router.post('/runs/:run_id/cancel', async (ctx) => {
    const run = await runIdParam(ctx.params['run_id']!);
    const result = await cancelRun(log, run.run_id, commandContext(ctx, clock, run.tenant_id));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    ctx.body = runView((await getRun(readStore, run.run_id))!);
  });

  return router;
}
