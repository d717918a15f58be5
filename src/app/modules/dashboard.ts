import { dashboard } from '../../http/dashboard/router.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';

/** The tenants' people's screens under /dashboard. */
export function dashboardModule(infra: Infrastructure, shared: Shared): Module {
  const { config, log, readStore, blobStore, eventStore, keyStore, clock, logger, secretKey } = infra;
  return {
    name: 'dashboard',
    // the screens declare what they use (DashboardDeps); the cast goes once the router takes them
    dashboard: dashboard({
      config,
      log,
      readStore,
      blobStore,
      eventStore,
      keyStore,
      clock,
      logger,
      secretKey,
      runner: shared.runner,
      docCache: shared.docCache,
      pdfRenderer: shared.pdfRenderer,
      listCatalog: shared.listCatalog,
      cnpjRegister: shared.cnpj.register,
      webhookUrlProblem: shared.webhookUrlProblem,
      webhooks: { endpointUrlProblem: shared.webhookUrlProblem },
    } as never),
  };
}
