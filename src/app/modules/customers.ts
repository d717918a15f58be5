import { customersRouter } from '../../http/routers/customers.js';
import { pepRelationshipsRouter } from '../../http/routers/pep-relationships.js';
import { operatorCustomersRouter } from '../../http/routers/operator/customers.js';
import { CustomerRunsReactor } from '../../reactors/customer-runs.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** Customers, their documents and the runs their onboarding starts. */
export function customersModule(infra: Infrastructure, shared: Shared): Module {
  const { log, blobStore, secretKey } = infra;
  const deps = writeDeps(infra, shared);
  return {
    name: 'customers',
    processors: [new CustomerRunsReactor(log)],
    api: [customersRouter({ ...deps, blobStore, secretKey, docCache: shared.docCache, idempotency: shared.idempotency, webhookUrlProblem: shared.webhookUrlProblem }), pepRelationshipsRouter(deps)],
    operator: [operatorCustomersRouter(deps)],
  };
}
