import type { IndexSpec, Scalar } from '../../src/adapters/read-store/port.js';
import { apiKeysProjection } from '../../src/projections/api-keys.js';
import { CASES, casesProjection } from '../../src/projections/cases.js';
import { cnoCommunicationsProjection } from '../../src/projections/cno-communications.js';
import { cnoTasksProjection } from '../../src/projections/cno-tasks.js';
import { customersProjection, documentsProjection } from '../../src/projections/customers.js';
import { erasuresProjection } from '../../src/projections/erasures.js';
import { LIST_LATENCY, listLatencyProjection } from '../../src/projections/list-latency.js';
import { ALERTS, monitoringAlertsProjection } from '../../src/projections/monitoring-alerts.js';
import { runsProjection } from '../../src/projections/runs.js';
import { SUSPICION_CASES, suspicionCasesProjection } from '../../src/projections/suspicion-cases.js';
import { templatesProjection } from '../../src/projections/templates.js';
import { dashboardUsersProjection } from '../../src/projections/users.js';
import { webhookDeliveriesProjection } from '../../src/projections/webhook-deliveries.js';

/**
 * Every list query the API, the dashboard and the reactors make on the read store, one entry per
 * call in src (test/projections/list-query-plans.spec.ts checks that no call is missing and that
 * each shape is read from an index in order, on SQLite and on PostgreSQL).
 *
 * A call's `shapes` are the `where` objects it can send (optional filters give several), with
 * representative values; `keyset` and `range` say whether it pages with the (created_at, id)
 * cursor or bounds created_at. The indexes are the ones the projection declares: imported, never
 * copied, so the plans tested are the plans served.
 */
export interface ListQuery {
  /** the file holding the call (a helper's file when routes call a helper with a fixed collection) */
  site: string;
  /** which route, screen or reactor makes it */
  by: string;
  collection: string;
  indexes: readonly IndexSpec[];
  shapes: readonly Record<string, Scalar>[];
  keyset: boolean;
  range: boolean;
  limit: number;
}

/** The base filter with every subset of the optional ones, as calls that add filters when given. */
export function withOptional(base: Record<string, Scalar>, optional: Record<string, Scalar>): Record<string, Scalar>[] {
  let shapes: Record<string, Scalar>[] = [base];
  for (const [field, value] of Object.entries(optional)) shapes = shapes.flatMap((shape) => [shape, { ...shape, [field]: value }]);
  return shapes;
}

const customers = customersProjection();
const T = 't3';

/** Full reads by design (every tenant, the quarantine): ordered by id, no filter, no page. */
export const FULL_READS: readonly { site: string; collection: string; why: string }[] = [
  { site: 'src/reactors/billing.ts', collection: 'tenants', why: 'the monthly billing of every tenant' },
  { site: 'src/reactors/monitoring.ts', collection: 'tenants', why: 'the freeze lists each tenant binds' },
  { site: 'src/reactors/monitoring.ts', collection: 'tenants', why: 'whether a tenant names a list as a freeze list' },
  { site: 'src/reactors/periodic-review.ts', collection: 'tenants', why: 'the review policy of every tenant' },
  { site: 'src/reactors/cno-scheduler.ts', collection: 'tenants', why: 'the CNO obligations of every tenant' },
  { site: 'src/processing/runner.ts', collection: 'quarantine', why: 'the quarantined events, few by construction' },
];

export const LIST_QUERIES: readonly ListQuery[] = [
  // public API (/api/v1)
  {
    site: 'src/http/routers/runs.ts',
    by: 'GET /api/v1/bureau/runs',
    collection: 'runs',
    indexes: runsProjection.indexes,
    shapes: withOptional({ tenant_id: T, environment: 'live' }, { status: 'completed', template_id: 'tpl-1', external_id: 'ext-1', subject_type: 'pj' }),
    keyset: true,
    range: true,
    limit: 101,
  },
  {
    site: 'src/http/routers/customers.ts',
    by: 'GET /api/v1/customers',
    collection: 'customers',
    indexes: customers.indexes,
    shapes: withOptional({ tenant_id: T, environment: 'live' }, { type: 'pf', status: 'aprovado', external_id: 'ext-1', subject_ref: 'ref-1' }),
    keyset: true,
    range: true,
    limit: 101,
  },
  {
    site: 'src/projections/suspicion-cases.ts',
    by: 'GET /api/v1/cases (findSuspicionCases)',
    collection: SUSPICION_CASES,
    indexes: suspicionCasesProjection.indexes,
    shapes: withOptional({ tenant_id: T, environment: 'live' }, { status: 'open' }),
    keyset: true,
    range: false,
    limit: 200,
  },
  {
    site: 'src/projections/suspicion-cases.ts',
    by: 'GET /operator/v1/tenants/:id/suspicion-cases, SISCOAF rejections (suspicionQueue)',
    collection: SUSPICION_CASES,
    indexes: suspicionCasesProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 500,
  },
  // operator API (/operator/v1)
  {
    site: 'src/http/routers/operator/alerts.ts',
    by: 'GET /operator/v1/tenants/:id/alerts',
    collection: ALERTS,
    indexes: monitoringAlertsProjection.indexes,
    shapes: withOptional({ tenant_id: T }, { status: 'open' }),
    keyset: true,
    range: true,
    limit: 101,
  },
  {
    site: 'src/projections/webhook-deliveries.ts',
    by: 'GET /operator/v1/tenants/:id/webhook-deliveries, dashboard Configurações (findWebhookDeliveries)',
    collection: 'webhook_deliveries',
    indexes: webhookDeliveriesProjection.indexes,
    shapes: withOptional({ tenant_id: T }, { event_id: 'evt-1', status: 'failed' }),
    keyset: false,
    range: false,
    limit: 100,
  },
  {
    site: 'src/projections/users.ts',
    by: 'dashboard sign-in (findDashboardUsersByEmail)',
    collection: 'dashboard_users',
    indexes: dashboardUsersProjection.indexes,
    shapes: [{ email: 'ana@example.com' }],
    keyset: false,
    range: false,
    limit: 20,
  },
  {
    site: 'src/projections/users.ts',
    by: 'dashboard invitation (findDashboardUserByInvite)',
    collection: 'dashboard_users',
    indexes: dashboardUsersProjection.indexes,
    shapes: [{ invite_hash: 'hash-1' }],
    keyset: false,
    range: false,
    limit: 1,
  },
  {
    site: 'src/projections/users.ts',
    by: 'GET /operator/v1/tenants/:id/users, dashboard Equipe and Auditoria (listTenantUsers)',
    collection: 'dashboard_users',
    indexes: dashboardUsersProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 1000,
  },
  {
    site: 'src/projections/api-keys.ts',
    by: 'dashboard Auditoria (listTenantKeys)',
    collection: 'api_keys',
    indexes: apiKeysProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 1000,
  },
  {
    site: 'src/projections/cno-tasks.ts',
    by: 'GET /operator/v1/tenants/:id/cno, dashboard CNO (listCnoTasks)',
    collection: 'cno_tasks',
    indexes: cnoTasksProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 1000,
  },
  {
    site: 'src/queries/list-latency.ts',
    by: 'GET /operator/v1/lists/:list_id/latency (versions)',
    collection: LIST_LATENCY,
    indexes: listLatencyProjection.indexes,
    shapes: [{ list_id: 'ofac' }],
    keyset: true,
    range: false,
    limit: 101,
  },
  {
    site: 'src/queries/list-latency.ts',
    by: 'GET /operator/v1/lists/:list_id/latency (alerts of a version)',
    collection: ALERTS,
    indexes: monitoringAlertsProjection.indexes,
    shapes: [{ list_id: 'ofac', version_id: 'v-1', trigger: 'list_version' }],
    keyset: false,
    range: true,
    limit: 10_000,
  },
  {
    site: 'src/queries/cases.ts',
    by: 'dashboard Casos (/casos, matchingCases)',
    collection: CASES,
    indexes: casesProjection.indexes,
    shapes: [...withOptional({ tenant_id: T, active: true }, { priority: 'alta', assignee: 'user-1' }), ...withOptional({ tenant_id: T, status: 'aberto' }, { priority: 'alta', assignee: null })],
    keyset: true,
    range: false,
    limit: 500,
  },
  {
    site: 'src/queries/case-queue.ts',
    by: 'dashboard Fila and operator queue: reviewable runs',
    collection: 'runs',
    indexes: runsProjection.indexes,
    shapes: [...withOptional({ tenant_id: T, status: 'pending_review' }, { environment: 'live' }), ...withOptional({ tenant_id: T, status: 'partial', manual_review: true }, { environment: 'live' })],
    keyset: true,
    range: false,
    limit: 51,
  },
  {
    site: 'src/queries/case-queue.ts',
    by: 'dashboard Fila and operator queue: open alerts',
    collection: ALERTS,
    indexes: monitoringAlertsProjection.indexes,
    shapes: withOptional({ tenant_id: T, status: 'open' }, { environment: 'live' }),
    keyset: true,
    range: false,
    limit: 51,
  },
  {
    site: 'src/queries/case-queue.ts',
    by: 'dashboard Fila and operator queue: pending documents',
    collection: 'documents',
    indexes: documentsProjection.indexes,
    shapes: [{ tenant_id: T, status: 'pendente', replaced: false }],
    keyset: true,
    range: false,
    limit: 51,
  },
  {
    site: 'src/queries/case-queue.ts',
    by: 'dashboard Fila and operator queue: open freeze alerts first',
    collection: ALERTS,
    indexes: monitoringAlertsProjection.indexes,
    shapes: withOptional({ tenant_id: T, status: 'open', freeze_required: true }, { environment: 'live' }),
    keyset: false,
    range: false,
    limit: 50,
  },
  // dashboard
  {
    site: 'src/http/dashboard/search.ts',
    by: 'dashboard Clientes (/customers), search by document',
    collection: 'customers',
    indexes: customers.indexes,
    shapes: withOptional({ tenant_id: T, environment: 'live', subject_ref: 'ref-1' }, { status: 'aprovado' }),
    keyset: true,
    range: true,
    limit: 51,
  },
  {
    site: 'src/http/dashboard/search.ts',
    by: 'dashboard Clientes (/customers) and Execuções by text: the list',
    collection: 'customers',
    indexes: customers.indexes,
    shapes: withOptional({ tenant_id: T }, { status: 'aprovado', environment: 'live' }),
    keyset: true,
    range: true,
    limit: 51,
  },
  {
    site: 'src/http/dashboard/search.ts',
    by: 'dashboard Clientes (/customers), search by text: the scan',
    collection: 'customers',
    indexes: customers.indexes,
    shapes: withOptional({ tenant_id: T }, { status: 'aprovado', environment: 'live' }),
    keyset: true,
    range: true,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/runs/routes.ts',
    by: 'dashboard Execuções (/runs): own templates',
    collection: 'templates',
    indexes: templatesProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/runs/routes.ts',
    by: 'dashboard Execuções (/runs): global templates',
    collection: 'templates',
    indexes: templatesProjection.indexes,
    shapes: [{ global: true }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/runs/routes.ts',
    by: 'dashboard Execuções (/runs): the list, by document, by external id, by customer',
    collection: 'runs',
    indexes: runsProjection.indexes,
    shapes: [
      ...withOptional({ tenant_id: T }, { status: 'completed', template_id: 'tpl-1', environment: 'live' }),
      ...withOptional({ tenant_id: T, environment: 'live', subject_ref: 'ref-1' }, { status: 'completed', template_id: 'tpl-1' }),
      ...withOptional({ tenant_id: T, environment: 'live', external_id: 'ext-1' }, { status: 'completed', template_id: 'tpl-1' }),
      ...withOptional({ tenant_id: T, customer_id: 'cus-1' }, { status: 'completed', template_id: 'tpl-1' }),
    ],
    keyset: true,
    range: true,
    limit: 51,
  },
  {
    site: 'src/http/dashboard/templates/routes.ts',
    by: 'dashboard Modelos: runs per version',
    collection: 'runs',
    indexes: runsProjection.indexes,
    shapes: [{ tenant_id: T, environment: 'live', template_id: 'tpl-1' }],
    keyset: false,
    range: false,
    limit: 5000,
  },
  {
    site: 'src/http/dashboard/templates/routes.ts',
    by: 'dashboard Modelos: own templates',
    collection: 'templates',
    indexes: templatesProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/templates/routes.ts',
    by: 'dashboard Modelos: global templates',
    collection: 'templates',
    indexes: templatesProjection.indexes,
    shapes: [{ global: true }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/settings/routes.ts',
    by: 'dashboard Configurações: own templates',
    collection: 'templates',
    indexes: templatesProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/settings/routes.ts',
    by: 'dashboard Configurações: global templates',
    collection: 'templates',
    indexes: templatesProjection.indexes,
    shapes: [{ global: true }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/http/dashboard/audit/routes.ts',
    by: 'dashboard Auditoria: erasure requests',
    collection: 'erasures',
    indexes: erasuresProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 200,
  },
  {
    site: 'src/app/modules/suspicion-dashboard.ts',
    by: 'dashboard Comunicações (suspicion cases list)',
    collection: SUSPICION_CASES,
    indexes: suspicionCasesProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/app/modules/suspicion-dashboard.ts',
    by: 'dashboard SISCOAF work',
    collection: SUSPICION_CASES,
    indexes: suspicionCasesProjection.indexes,
    shapes: [{ tenant_id: T }],
    keyset: false,
    range: false,
    limit: 500,
  },
  {
    site: 'src/app/modules/cno.ts',
    by: 'CNO: communications sent by a reporting entity',
    collection: 'cno_communications',
    indexes: cnoCommunicationsProjection.indexes,
    shapes: [{ tenant_id: T, reporting_cnpj: '11222333000181' }],
    keyset: false,
    range: false,
    limit: 100_000,
  },
  // reactors
  {
    site: 'src/reactors/monitoring.ts',
    by: 'monitoring sweep: monitored customers of a tenant or of all, active ones of all',
    collection: 'customers',
    indexes: customers.indexes,
    shapes: [{ tenant_id: T, status: 'em_monitoramento' }, { status: 'em_monitoramento' }, { status: 'aprovado' }],
    keyset: true,
    range: false,
    limit: 500,
  },
  {
    site: 'src/reactors/monitoring.ts',
    by: 'monitoring: the alerts of a delisting',
    collection: ALERTS,
    indexes: monitoringAlertsProjection.indexes,
    shapes: [{ list_id: 'ofac' }],
    keyset: true,
    range: false,
    limit: 500,
  },
  {
    site: 'src/reactors/periodic-review.ts',
    by: 'periodic review sweep',
    collection: 'customers',
    indexes: customers.indexes,
    shapes: [{ tenant_id: T, environment: 'live', status: 'em_monitoramento' }],
    keyset: true,
    range: false,
    limit: 500,
  },
  {
    site: 'src/reactors/erasure-scheduler.ts',
    by: 'erasure scheduler: requests by status',
    collection: 'erasures',
    indexes: erasuresProjection.indexes,
    shapes: [{ status: 'scheduled' }],
    keyset: true,
    range: false,
    limit: 1000,
  },
];

/** The declared indexes a shape can be read from in order: every field bound by equality, so (created_at, id) follows. */
export function fittingIndexes(query: Pick<ListQuery, 'indexes'>, where: Record<string, Scalar>): IndexSpec[] {
  return query.indexes.filter((index) => !index.unique && index.fields.every((field) => field in where));
}
