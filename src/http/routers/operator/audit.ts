import Router from '@koa/router';
import { InvalidPositionError } from '../../../adapters/event-store/port.js';
import { subjectHistory } from '../../../queries/audit.js';
import { auditedEvent } from '../../../domain/report/history.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { AuditStreamsQuery } from '../../operations/audit.js';
import type { RequestState } from '../../state.js';

/** Events as the auditor reads them: commit order, with their metadata (decisions section 11). */
export function operatorAuditRouter(services: { log: EventLog; readStore: ReadStore; secretKey: string }): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/audit/streams', async (ctx) => {
    const { tenant_id, category, from = 0, limit = 100, subject } = decodeInput(AuditStreamsQuery, ctx.query);
    if (subject !== undefined && tenant_id === undefined) throw new ApiError('invalid_request', 'subject must be a CPF or CNPJ, together with tenant_id.', 'subject');
    // `from` is a cursor the API handed out (an event's position plus one) or 0
    const after = from > 0 ? from - 1 : null;
    if (subject !== undefined && tenant_id !== undefined) {
      const events = await subjectHistory(services, tenant_id, subject, from, limit);
      ctx.body = { data: events.map(auditedEvent), next_cursor: events.length === limit ? String(events[events.length - 1]!.position + 1) : null };
      return;
    }
    const page = await services.log.readAllPage({
      after,
      limit,
      ...(tenant_id !== undefined ? { tenantId: tenant_id } : {}),
      ...(category !== undefined ? { streamPrefixes: [`${category}-`] } : {}),
    }).catch((error: unknown) => {
      if (error instanceof InvalidPositionError) throw new ApiError('invalid_cursor', 'from must be 0 or a next_cursor this API returned.', 'from');
      throw error;
    });
    ctx.body = {
      data: page.events.map(auditedEvent),
      // a page may be short (the store bounds how much of the log one call looks at): next_cursor says whether more may follow
      next_cursor: page.next === null ? null : String(page.next + 1),
    };
  });
  return router;
}
