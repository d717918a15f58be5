import Router from '@koa/router';
import { readiness } from '../../processing/readiness.js';
import type { EventStore } from '../../adapters/event-store/port.js';
import type { Metrics } from '../../adapters/metrics.js';
import type { ReadStore } from '../../adapters/read-store/port.js';
import type { Config } from '../../config.js';
import type { SubscriptionRunner } from '../../processing/runner.js';
import { requireOperator } from '../middleware/auth.js';
import type { RequestState } from '../state.js';

/**
 * For the platform, outside the two APIs: liveness (the process answers), readiness (stores
 * reachable, processors caught up) and the Prometheus metrics (behind the operator token: the
 * route and outcome counts describe the tenants' traffic).
 */
export interface OperationsRouterDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  runner: Pick<SubscriptionRunner, 'progress'>;
  metrics: Metrics;
  operatorToken: string;
  config: Pick<Config, 'readyMaxLagEvents'>;
}

export function operationsRouter(services: OperationsRouterDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const { ready, checks } = await readiness({
      eventStore: services.eventStore,
      readStore: services.readStore,
      progress: () => services.runner.progress(),
      maxLag: services.config.readyMaxLagEvents,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not_ready', checks };
  });
  router.get('/metrics', requireOperator(services.operatorToken), async (ctx) => {
    ctx.body = await services.metrics.text();
    ctx.set('Content-Type', services.metrics.contentType);
  });
  return router;
}
