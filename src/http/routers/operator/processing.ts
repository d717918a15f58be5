import Router from '@koa/router';
import * as t from 'io-ts';
import type { SubscriptionRunner } from '../../../processing/runner.js';
import { decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import type { RequestState } from '../../state.js';
import { QuarantineRetryError } from '../../../processing/runner.js';

const RetryParams = t.type({ processor: t.string, position: t.string });

/**
 * Events a projection or reactor set aside (issue 18): one that could not be opened, or whose
 * handling kept failing while both stores answered. The operator lists them and hands one back
 * after a fix; the log never waits for them.
 */
export function operatorProcessingRouter(services: { runner: Pick<SubscriptionRunner, 'quarantined' | 'retryQuarantined'> }): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/quarantined-events', async (ctx) => {
    ctx.body = { data: await services.runner.quarantined() };
  });
  router.post('/quarantined-events/:processor/:position/retry', async (ctx) => {
    const { processor, position } = decodeInput(RetryParams, ctx.params);
    const at = Number(position);
    if (!/^\d{1,16}$/.test(position) || !Number.isSafeInteger(at)) throw new ApiError('invalid_request', 'position must be the position of a quarantined event.', 'position');
    let retried: boolean;
    try {
      retried = await services.runner.retryQuarantined(processor, at);
    } catch (error) {
      // still quarantined: the cause is not fixed (a store that does not answer is a 500 as anywhere)
      if (!(error instanceof QuarantineRetryError)) throw error;
      throw new ApiError('quarantine_retry_failed', `The event failed again and stays quarantined (${error.message.slice(0, 200)}).`);
    }
    if (!retried) throw new ApiError('not_found', 'No event is quarantined for this processor at this position.');
    ctx.body = { processor, position: at, retried: true };
  });
  return router;
}
