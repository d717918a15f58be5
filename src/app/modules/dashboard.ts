import { dashboard } from '../../http/dashboard/router.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';
import { suspicionDashboardPort } from './suspicion-dashboard.js';

/** The screens of a tenant's people under /dashboard. */
export function dashboardModule(infra: Infrastructure, shared: Shared): Module {
  const { config, log, readStore, blobStore, eventStore, keyStore, clock, logger, secretKey } = infra;
  return {
    name: 'dashboard',
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
      subjects: shared.subjects,
      suspicion: suspicionDashboardPort(infra, shared),
    }),
  };
}
