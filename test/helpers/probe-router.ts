import Router from '@koa/router';
import { newId } from '../../src/adapters/ids.js';
import { ApiError } from '../../src/http/errors.js';
import { commandContext } from '../../src/http/metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../../src/http/middleware/auth.js';
import { jsonBody } from '../../src/http/middleware/body.js';
import { idempotent } from '../../src/http/middleware/idempotency.js';
import type { RequestState } from '../../src/http/state.js';
import type { App } from '../../src/app/compose.js';

/**
 * A minimal public resource for exercising the real middleware stack (auth, scopes, subject
 * type, versions, rate limits, idempotency, errors) before the real resources exist.
 */
export function probeRouter(services: App): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/probe/subjects/:type', requireScope('runs:read'), async (ctx) => {
    assertSubjectTypeAllowed(ctx.state, ctx.params['type'] === 'pj' ? 'pj' : 'pf');
    ctx.body = { tenant_id: ctx.state.principal!.tenant_id, livemode: ctx.state.livemode };
  });
  router.post('/probe/things', requireScope('runs:write'), jsonBody(), idempotent('POST /probe/things', services.idempotency, services.clock), async (ctx) => {
    const body = (ctx.state.body ?? {}) as { delay_ms?: number; fail?: boolean };
    if (body.delay_ms) await new Promise((r) => setTimeout(r, body.delay_ms));
    if (body.fail) throw new ApiError('invalid_request', 'Asked to fail.', 'fail');
    const thingId = newId();
    const context = commandContext(ctx, services.clock, null);
    const { position } = await services.log.append(`thing-${thingId}`, [{ id: newId(), type: 'ThingCreated', data: { thing_id: thingId } }], context.metadata, 'no_stream');
    await services.runner.waitFor(position);
    ctx.status = 201;
    ctx.body = { thing_id: thingId, livemode: ctx.state.livemode };
  });
  router.get('/probe/crash', async () => {
    throw new Error('database password hunter2 for CPF 12345678909');
  });
  return router;
}
