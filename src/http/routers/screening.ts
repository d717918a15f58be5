import Router from '@koa/router';
import { compareScreeningRecords, searchScreening } from '../../queries/screening.js';
import type { Clock } from '../../adapters/clock.js';
import type { ListSearch } from '../../domain/screening/port.js';
import { decodeBody } from '../decode.js';
import { jsonBody } from '../middleware/body.js';
import { requireScope } from '../middleware/auth.js';
import { CompareScreeningBody, SearchScreeningBody } from '../operations/screening.js';
import { orThrow } from '../outcome.js';
import { listStatusView, screeningComparisonView, screeningResultView, tenantListView } from '../screening-views.js';
import type { RequestState } from '../state.js';

/** Public screening API (screening.md section 3). */
export function screeningRouter(services: { listCatalog: ListSearch; clock: Clock }): Router<RequestState> {
  const { listCatalog, clock } = services;
  const router = new Router<RequestState>();

  router.get('/screening/lists', requireScope('screening:read'), async (ctx) => {
    const tenantId = ctx.state.principal!.tenant_id;
    ctx.body = {
      data: [...listCatalog.listIds().map((id) => listStatusView(listCatalog, id, clock.now())), ...listCatalog.tenantListsOf(tenantId).map((list) => tenantListView(listCatalog, list))],
      livemode: ctx.state.livemode,
    };
  });

  router.post('/screening/search', requireScope('screening:read'), jsonBody(), async (ctx) => {
    const body = decodeBody(SearchScreeningBody, ctx.state.body);
    ctx.body = screeningResultView(orThrow(searchScreening(listCatalog, ctx.state.principal!.tenant_id, body)), ctx.state.livemode);
  });

  router.post('/screening/compare', requireScope('screening:read'), jsonBody(), async (ctx) => {
    const body = decodeBody(CompareScreeningBody, ctx.state.body);
    ctx.body = screeningComparisonView(compareScreeningRecords(body), ctx.state.livemode);
  });

  return router;
}
