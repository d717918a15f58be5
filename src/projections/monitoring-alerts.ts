import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { AlertWebhookDelivered, MonitoringAlertDelisted, MonitoringAlertRaised, MonitoringAlertResolved } from '../domain/customer/events.js';
import type { AlertEvidence } from '../domain/customer/freeze.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

/** A monitoring alert as the operator lists it: ids, list, score and status; no personal data. */
export interface AlertDoc extends Record<string, unknown> {
  alert_id: string;
  tenant_id: string;
  environment: 'live' | 'sandbox';
  customer_id: string;
  list_id: string;
  entry_id: string;
  version_id: string;
  content_hash: string;
  /** the list entry's published name that matched */
  matched_name: string;
  score: number;
  trigger: 'list_version' | 'customer';
  /** a hit on a freeze list (issue 29) and its legal basis; absent on documents written before it */
  freeze_required?: boolean;
  legal_basis?: string | null;
  status: 'open' | 'delisted' | 'resolved';
  resolution: 'true_positive' | 'false_positive' | null;
  created_at: string;
  updated_at: string;
  delisted_at: string | null;
  resolved_at: string | null;
  /** the version's timeline when the alert was raised (issue 29); null on alerts raised before it */
  evidence?: AlertEvidence | null;
  /** the webhooks about it that reached the tenant, in the order recorded */
  deliveries?: AlertDelivery[];
}

export interface AlertDelivery {
  event: string;
  delivery_id: string;
  delivered_at: string;
}

export const ALERTS = 'monitoring_alerts';

const isRaised = isEventOf(MonitoringAlertRaised);
const isDelisted = isEventOf(MonitoringAlertDelisted);
const isResolved = isEventOf(MonitoringAlertResolved);
const isDelivered = isEventOf(AlertWebhookDelivered);

export const monitoringAlertsProjection: Projection<AlertDoc> = {
  name: 'monitoring-alerts',
  collection: ALERTS,
  // a tenant's alerts of any status (operator API) and a list's (a delisting) are read in order too (test/projections/list-query-plans.spec.ts)
  indexes: [{ fields: ['tenant_id', 'status'] }, { fields: ['list_id', 'status'] }, { fields: ['list_id', 'version_id'] }, { fields: ['tenant_id'] }, { fields: ['list_id'] }],
  documentIds(event) {
    return isRaised(event) || isDelisted(event) || isResolved(event) || isDelivered(event) ? [event.data.alert_id] : [];
  },
  evolve(doc, event: StoredEvent) {
    if (isRaised(event)) {
      const d = event.data;
      return {
        alert_id: d.alert_id,
        tenant_id: d.tenant_id,
        environment: d.environment,
        customer_id: d.customer_id,
        list_id: d.list_id,
        entry_id: d.entry_id,
        version_id: d.version_id,
        content_hash: d.content_hash,
        matched_name: d.matched_name,
        score: d.score,
        trigger: d.trigger,
        freeze_required: d.freeze_required ?? false,
        legal_basis: d.legal_basis ?? null,
        status: 'open',
        resolution: null,
        created_at: d.raised_at,
        updated_at: d.raised_at,
        delisted_at: null,
        resolved_at: null,
        evidence: d.evidence ?? null,
        deliveries: [],
      };
    }
    if (!doc) return null;
    if (isDelisted(event)) return { ...doc, status: 'delisted', delisted_at: event.data.delisted_at, updated_at: event.data.delisted_at };
    if (isResolved(event)) return { ...doc, status: 'resolved', resolution: event.data.resolution, resolved_at: event.data.resolved_at, updated_at: event.data.resolved_at };
    if (isDelivered(event)) {
      const { event: name, delivery_id, delivered_at } = event.data;
      const deliveries = doc.deliveries ?? [];
      return deliveries.some((x) => x.delivery_id === delivery_id) ? doc : { ...doc, deliveries: [...deliveries, { event: name, delivery_id, delivered_at }] };
    }
    return doc;
  },
};

export const getAlert = async (store: ReadStore, alertId: string): Promise<AlertDoc | null> => (await store.get<AlertDoc>(ALERTS, alertId))?.doc ?? null;
