import { operatorCasesRouter } from '../../http/routers/operator/cases.js';
import { operatorFreezeCommunicationsRouter } from '../../http/routers/operator/freeze-communications.js';
import { sanctionsFreezeRouter } from '../../http/routers/sanctions-freeze.js';
import { CasesReactor } from '../../reactors/cases.js';
import { FreezeCommunicationsReactor } from '../../reactors/freeze-communications.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/**
 * A case per customer: the reactor that keeps each case's items, the drafts of a confirmed
 * freeze's communications (issue 29), the operator API on cases and the public route for the
 * measures of a freeze.
 */
export function casesModule(infra: Infrastructure, shared: Shared): Module {
  const { log, readStore, blobStore, clock } = infra;
  const deps = writeDeps(infra, shared);
  const communications = new FreezeCommunicationsReactor({ log, readStore, blobs: blobStore, renderer: shared.pdfRenderer, clock, lists: shared.listCatalog, work: shared.worker });
  return {
    name: 'cases',
    processors: [new CasesReactor(infra.log), communications],
    api: [sanctionsFreezeRouter({ ...deps, idempotency: shared.idempotency })],
    operator: [operatorCasesRouter(deps), operatorFreezeCommunicationsRouter({ ...deps, blobStore })],
  };
}
