import Router from '@koa/router';
import type { Services } from '../../services.js';
import { requireScope } from '../middleware/auth.js';
import type { RequestState } from '../state.js';
import { listStatusView } from './screening-views.js';

/** Public screening API (screening.md section 3): the lists and their freshness. */
export function screeningRouter(services: Pick<Services, 'listCatalog' | 'clock'>): Router<RequestState> {
  const { listCatalog, clock } = services;
  const router = new Router<RequestState>();

  router.get('/screening/lists', requireScope('screening:read'), async (ctx) => {
    ctx.body = { data: listCatalog.listIds().map((id) => listStatusView(listCatalog, id, clock.now())), livemode: ctx.state.livemode };
  });

  return router;
}
