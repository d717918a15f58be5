import Router from '@koa/router';
import { isUuid } from '../../../adapters/ids.js';
import { subjectHistory } from '../../../commands/audit.js';
import { auditedEvent } from '../../../domain/report/history.js';
import type { Services } from '../../../services.js';
import { ApiError } from '../../errors.js';
import type { RequestState } from '../../state.js';

const CATEGORY = /^[a-z][a-z0-9_]{0,40}$/;

/** Events as the auditor reads them: commit order, with their metadata (decisions section 11). */
export function operatorAuditRouter(services: Services): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/audit/streams', async (ctx) => {
    const { tenant_id, category, from, limit, subject } = ctx.query;
    if (tenant_id !== undefined && (typeof tenant_id !== 'string' || !isUuid(tenant_id))) {
      throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
    }
    if (category !== undefined && (typeof category !== 'string' || !CATEGORY.test(category))) {
      throw new ApiError('invalid_request', 'category must be a stream category such as run or tenant.', 'category');
    }
    const fromPosition = from === undefined ? 0 : Number(from);
    if (!Number.isSafeInteger(fromPosition) || fromPosition < 0) {
      throw new ApiError('invalid_cursor', 'from must be a non-negative integer position.', 'from');
    }
    const pageSize = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 1000.', 'limit');
    }
    if (subject !== undefined && (typeof subject !== 'string' || !/^(\d{11}|\d{14})$/.test(subject.replace(/\D/g, '')) || typeof tenant_id !== 'string')) {
      throw new ApiError('invalid_request', 'subject must be a CPF or CNPJ, together with tenant_id.', 'subject');
    }
    const events = typeof subject === 'string' ? await subjectHistory(services, tenant_id as string, subject.replace(/\D/g, ''), fromPosition, pageSize) : await services.log.readAll({
      after: fromPosition > 0 ? fromPosition - 1 : null,
      limit: pageSize,
      ...(typeof tenant_id === 'string' ? { tenantId: tenant_id } : {}),
      ...(typeof category === 'string' ? { streamPrefixes: [`${category}-`] } : {}),
    });
    ctx.body = {
      data: events.map(auditedEvent),
      next_cursor: events.length === pageSize ? String(events[events.length - 1]!.position + 1) : null,
    };
  });
  return router;
}
