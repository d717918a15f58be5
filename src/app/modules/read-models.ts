import type { ReadStore } from '../../adapters/read-store/port.js';
import { apiKeysProjection } from '../../projections/api-keys.js';
import { assignmentsProjection } from '../../projections/assignments.js';
import { casesProjection } from '../../projections/cases.js';
import { customersProjection, documentsProjection } from '../../projections/customers.js';
import { customerTimelineProjection } from '../../projections/customer-timeline.js';
import type { DocCache } from '../../projections/doc-cache.js';
import { erasuresProjection } from '../../projections/erasures.js';
import { fxOperationsProjection } from '../../projections/fx-operations.js';
import { hitDispositionsProjection } from '../../projections/hit-dispositions.js';
import { listLatencyProjection } from '../../projections/list-latency.js';
import { monitoringAlertsProjection } from '../../projections/monitoring-alerts.js';
import { projector, type Projection } from '../../projections/projector.js';
import { runsProjection } from '../../projections/runs.js';
import { sourceCacheProjection } from '../../projections/source-cache.js';
import { suspicionCasesProjection } from '../../projections/suspicion-cases.js';
import { subjectStreamsProjection } from '../../projections/subject-streams.js';
import { templatesProjection } from '../../projections/templates.js';
import { tenantsProjection } from '../../projections/tenants.js';
import { dashboardSessionsProjection, dashboardUsersProjection } from '../../projections/users.js';
import { webhookDeliveriesProjection } from '../../projections/webhook-deliveries.js';
import { DocCacheInvalidator } from '../../projections/doc-cache-invalidator.js';
import type { Module } from '../module.js';

/** Every read model, by name: the runner feeds them and `npm run rebuild -- <name>` rebuilds them. */
export function projections(): readonly Projection<Record<string, unknown>>[] {
  return [
    tenantsProjection,
    apiKeysProjection,
    templatesProjection,
    runsProjection,
    sourceCacheProjection,
    customersProjection(),
    documentsProjection,
    subjectStreamsProjection,
    erasuresProjection,
    webhookDeliveriesProjection,
    fxOperationsProjection,
    monitoringAlertsProjection,
    hitDispositionsProjection,
    assignmentsProjection,
    dashboardUsersProjection,
    dashboardSessionsProjection,
    customerTimelineProjection,
    casesProjection,
    listLatencyProjection,
    suspicionCasesProjection,
    // cast, not a stored event: each projection has its own document type, the writer stores records
  ] as unknown as Projection<Record<string, unknown>>[];
}

/** The read models (their collections ensured) and the invalidation of the documents cached from them. */
export async function readModelsModule(readStore: ReadStore, docCache: DocCache): Promise<Module & { projections: readonly Projection<Record<string, unknown>>[] }> {
  const readModels = projections();
  for (const projection of readModels) await readStore.ensureCollection(projection.collection, projection.indexes);
  return {
    name: 'read-models',
    projections: readModels,
    processors: [...readModels.map((projection) => projector(projection, readStore)), new DocCacheInvalidator(docCache)],
  };
}
