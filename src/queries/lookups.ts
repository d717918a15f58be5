import type { ReadStore } from '../adapters/read-store/port.js';
import type { DocumentIndexDoc } from '../projections/customers.js';
import { getAlert } from '../projections/monitoring-alerts.js';
import { findDashboardUserByInvite, findDashboardUsersByEmail, getDashboardUser } from '../projections/users.js';

/**
 * Read-model lookups by keys that name no stream (an alert or a document id gives its customer,
 * an e-mail or a link's token gives the account): what commands are given to find the aggregate
 * they then decide on from its stream. Each command file declares the part it uses.
 */
export const readLookups = (store: ReadStore) => ({
  async alertOwner(alertId: string) {
    const alert = await getAlert(store, alertId);
    return alert && { alert_id: alert.alert_id, customer_id: alert.customer_id, tenant_id: alert.tenant_id };
  },
  async documentOwner(documentId: string) {
    const index = (await store.get<DocumentIndexDoc>('documents', documentId))?.doc;
    return index ? { document_id: index.document_id, customer_id: index.customer_id, tenant_id: index.tenant_id } : null;
  },
  dashboardUser: (userId: string) => getDashboardUser(store, userId),
  usersByEmail: (email: string) => findDashboardUsersByEmail(store, email),
  userByInvite: (inviteHash: string) => findDashboardUserByInvite(store, inviteHash),
});

export type ReadLookups = ReturnType<typeof readLookups>;
