import Router from '@koa/router';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import type { ListCatalog } from '../../../projections/list-catalog.js';
import { listLatencyPage } from '../../../queries/list-latency.js';
import { decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { ListLatencyParams, ListLatencyQuery } from '../../operations/list-latency.js';
import { encodeCursor } from '../../paging.js';
import type { RequestState } from '../../state.js';

export interface OperatorListLatencyRouterDeps {
  readStore: ReadStore;
  listCatalog: Pick<ListCatalog, 'importerFor'>;
}

/**
 * Operator API: the evidence of "sem demora" per version of a list (issue 29): publication,
 * download, import, sweep, alerts and webhook deliveries, and their latencies, newest first.
 */
export function operatorListLatencyRouter({ readStore, listCatalog }: OperatorListLatencyRouterDeps): Router<RequestState> {
  const router = new Router<RequestState>();

  router.get('/lists/:list_id/latency', async (ctx) => {
    const { list_id: listId } = decodeInput(ListLatencyParams, ctx.params);
    if (listCatalog.importerFor(listId) === null) throw new ApiError('list_not_found', `No such list: ${listId.slice(0, 64)}.`, 'list_id');
    const { cursor, limit } = decodeInput(ListLatencyQuery, ctx.query);
    const page = await listLatencyPage(readStore, listId, { limit: limit ?? 20, ...(cursor ? { before: cursor } : {}) });
    ctx.body = { object: 'list', list_id: listId, data: page.data, summary: page.summary, has_more: page.has_more, next_cursor: page.next ? encodeCursor(page.next) : null };
  });

  return router;
}
