import Router from '@koa/router';
import { subjectHistory } from '../../../commands/audit.js';
import { auditedEvent } from '../../../domain/report/history.js';
import type { Services } from '../../../services.js';
import { decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { AuditStreamsQuery } from '../../operations/audit.js';
import type { RequestState } from '../../state.js';

/** Events as the auditor reads them: commit order, with their metadata (decisions section 11). */
export function operatorAuditRouter(services: Pick<Services, 'log' | 'readStore' | 'secretKey'>): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/audit/streams', async (ctx) => {
    const { tenant_id, category, from = 0, limit = 100, subject } = decodeInput(AuditStreamsQuery, ctx.query);
    if (subject !== undefined && tenant_id === undefined) throw new ApiError('invalid_request', 'subject must be a CPF or CNPJ, together with tenant_id.', 'subject');
    const events =
      subject !== undefined && tenant_id !== undefined
        ? await subjectHistory(services, tenant_id, subject, from, limit)
        : await services.log.readAll({
            after: from > 0 ? from - 1 : null,
            limit,
            ...(tenant_id !== undefined ? { tenantId: tenant_id } : {}),
            ...(category !== undefined ? { streamPrefixes: [`${category}-`] } : {}),
          });
    ctx.body = {
      data: events.map(auditedEvent),
      next_cursor: events.length === limit ? String(events[events.length - 1]!.position + 1) : null,
    };
  });
  return router;
}
