import Router from '@koa/router';
import { requestErasure, type SubjectLookup } from '../../../commands/erasure.js';
import type { KeyStore } from '../../../adapters/pii/key-store.js';
import type { Config } from '../../../config.js';
import type { DocCache } from '../../../projections/doc-cache.js';
import type { FileDeps, WriteDeps } from '../../deps.js';
import { decodeBody } from '../../decode.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { CreateErasureRequestBody } from '../../operations/erasure.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';

export interface OperatorErasureRouterDeps extends WriteDeps, FileDeps {
  keyStore: KeyStore;
  config: Pick<Config, 'retentionYears'>;
  docCache: Pick<DocCache, 'clear'>;
  /** the streams that concern a subject */
  subjects: SubjectLookup;
}

/** Operator API: a data subject's erasure request (decisions section 11). */
export function operatorErasureRouter(services: OperatorErasureRouterDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const deps = {
    log: services.log,
    readStore: services.readStore,
    subjects: services.subjects,
    blobs: services.blobStore,
    keys: services.keyStore,
    secretKey: services.secretKey,
    retentionYears: services.config.retentionYears,
  };

  router.post('/erasure-requests', jsonBody(), async (ctx) => {
    const body = decodeBody(CreateErasureRequestBody, ctx.state.body);
    const request = { tenant_id: body.tenant_id, doc: body.doc, legal_basis: body.legal_basis || null };
    const outcome = await applied(services.runner, await requestErasure(deps, request, commandContext(ctx, services.clock, body.tenant_id)), 30_000);
    if (outcome.status === 'erased') {
      // what this instance holds of the erased subject goes with it
      services.docCache.clear();
      await services.readStore.purge();
    }
    ctx.status = outcome.status === 'erased' ? 200 : 202;
    ctx.body = {
      object: 'erasure_request',
      erasure_id: outcome.erasure_id,
      status: outcome.status,
      due_at: outcome.due_at,
      // the hold as the data subject may read it: the record class, never a suspicion case (art. 50)
      ...(outcome.legal_hold ? { held_until: outcome.legal_hold.until, legal_hold: { basis: outcome.legal_hold.basis, record_class: outcome.legal_hold.record_class }, message: outcome.message } : {}),
    };
  });
  return router;
}
