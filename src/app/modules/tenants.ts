import { operatorComplianceSettingsRouter } from '../../http/routers/operator/compliance-settings.js';
import { operatorTemplatesRouter } from '../../http/routers/operator/templates.js';
import { operatorTenantsRouter } from '../../http/routers/operator/tenants.js';
import { operatorUsersRouter } from '../../http/routers/operator/users.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** Tenants, their settings, keys and dashboard users: the operator's administration. */
export function tenantsModule(infra: Infrastructure, shared: Shared): Module {
  const deps = writeDeps(infra, shared);
  return { name: 'tenants', operator: [operatorTenantsRouter(deps), operatorUsersRouter({ ...deps, config: infra.config }), operatorComplianceSettingsRouter(deps)] };
}

/** Compliance templates, the reference ones and each tenant's own. */
export function templatesModule(infra: Infrastructure, shared: Shared): Module {
  return { name: 'templates', operator: [operatorTemplatesRouter(writeDeps(infra, shared))] };
}
