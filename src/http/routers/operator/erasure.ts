import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../../adapters/ids.js';
import { requestErasure } from '../../../commands/erasure.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';

const ErasureBody = t.intersection([t.type({ tenant_id: t.string, doc: t.string }), t.partial({ legal_basis: t.string })]);

/** Operator API: a data subject's erasure request (decisions section 11). */
export function operatorErasureRouter(services: Services): Router<RequestState> {
  const router = new Router<RequestState>();
  router.post('/erasure-requests', jsonBody(), async (ctx) => {
    const body = decodeBody(ErasureBody, ctx.state.body);
    if (!isUuid(body.tenant_id) || !(await getTenant(services.readStore, body.tenant_id))) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    const doc = body.doc.replace(/\D/g, '');
    if (doc.length !== 11 && doc.length !== 14) throw new ApiError('invalid_document', 'doc must be a CPF (11 digits) or CNPJ (14 digits).', 'doc');
    const legalBasis = body.legal_basis?.trim() || null;
    if (legalBasis !== null && legalBasis.length > 500) throw new ApiError('invalid_request', 'legal_basis has at most 500 characters.', 'legal_basis');
    const deps = {
      log: services.log,
      readStore: services.readStore,
      blobs: services.blobStore,
      keys: services.keyStore,
      secretKey: services.secretKey,
      retentionYears: services.config.retentionYears,
    };
    const result = await requestErasure(deps, { tenant_id: body.tenant_id, doc, legal_basis: legalBasis }, commandContext(ctx, services.clock, body.tenant_id));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await services.runner.waitFor(result.right.position, 30_000);
    if (result.right.status === 'erased') {
      services.docCache.clear();
      await services.readStore.purge();
    }
    ctx.status = result.right.status === 'erased' ? 200 : 202;
    ctx.body = { object: 'erasure_request', erasure_id: result.right.erasure_id, status: result.right.status, due_at: result.right.due_at };
  });
  return router;
}
