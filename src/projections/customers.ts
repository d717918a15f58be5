import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { CustomerEvent, DocumentReviewed, DocumentUploaded } from '../domain/customer/events.js';
import { RunEvent } from '../domain/run/events.js';
import { SubjectErased } from '../domain/erasure/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { ERASED } from '../adapters/pii/port.js';
import { sanctionsFreezeOf, type FreezeAlert, type SanctionsFreeze } from '../domain/customer/freeze.js';
import { qualificationAfter, type QualificationState } from '../domain/customer/qualification.js';
import type { Projection } from './projector.js';
import { evolvePepRelationships, type PepRelationship } from '../domain/customer/pep-relationship.js';

export interface CustomerDocument {
  document_id: string;
  type: string;
  status: 'pendente' | 'aprovado' | 'rejeitado';
  created_at: string;
}

export interface CustomerDoc extends Record<string, unknown> {
  customer_id: string;
  tenant_id: string;
  environment: 'live' | 'sandbox';
  type: 'pf' | 'pj';
  status: string;
  /** keyed hash of tenant, environment and document: the list looks documents up by it, never by plain text */
  subject_ref: string;
  profile: Record<string, unknown>;
  external_id: string | null;
  metadata: Record<string, string>;
  onboarding_profile: string | null;
  documents: CustomerDocument[];
  latest_run: { run_id: string; status: string; decision: string | null; risk_band: string | null; completed_at: string | null } | null;
  birth_date_from_source: string | null;
  /** the last completed automatic facial round (pf), or null */
  facial_verification: { round_id: string; checks: Record<string, { status: string; score: number | null; completed_at: string }> } | null;
  /** a round started and not finished (resumed on start) */
  facial_round_pending: boolean;
  /** monitoring alerts open on the customer (screening.md section 6); absent in documents written before them */
  open_alerts?: string[];
  /** the customer's alerts on a freeze list, by id (issue 29); absent when it never had one */
  freeze_alerts?: Record<string, FreezeAlert>;
  /** the freeze the customer shows: required until an analyst confirms or clears it (issue 29) */
  sanctions_freeze?: SanctionsFreeze | null;
  /** what qualification lacks and its 30-day clock (issue 30); absent in documents written before it (rebuild `customers`) */
  qualification?: QualificationState;
  /** declared relationships with PEPs in force (familiares, estreitos colaboradores); absent until one is declared */
  pep_relationships?: PepRelationship[];
  created_at: string;
  updated_at: string;
}

/** Personal data gone, the record of what happened kept: how an erased customer's profile reads. */
const ERASED_PROFILE = { name: ERASED, email: ERASED, doc: ERASED };
const profileOf = (profile: Record<string, unknown> | typeof ERASED) => (profile === ERASED ? ERASED_PROFILE : profile);

const isCustomerEvent = isEventOf(CustomerEvent);
const isRunEvent = isEventOf(RunEvent);
const isErased = isEventOf(SubjectErased);

/**
 * Customers for GET one and the list. The run's progress is followed from the run's own
 * events, so latest_run shows queued and running too. The document is looked up by the
 * subject reference the events carry, so a rebuild after an erasure gives the same documents.
 */
export function customersProjection(): Projection<CustomerDoc> {
  return {
    name: 'customers',
    collection: 'customers',
    // status alone: the monitoring sweep pages through every tenant's monitored customers
    // tenant and environment: the API's list; tenant alone: the dashboard's (any environment) (test/projections/list-query-plans.spec.ts)
    indexes: [
      { fields: ['tenant_id', 'environment', 'status'] },
      { fields: ['tenant_id', 'environment', 'external_id'] },
      { fields: ['subject_ref'] },
      { fields: ['status'] },
      { fields: ['tenant_id', 'status'] },
      { fields: ['tenant_id', 'environment'] },
      { fields: ['tenant_id'] },
    ],
    documentIds(event) {
      if (isErased(event)) return event.data.customer_ids;
      if (isCustomerEvent(event)) return [event.data.customer_id];
      if (isRunEvent(event)) return 'customer_id' in event.data && event.data.customer_id !== null ? [event.data.customer_id] : [];
      return [];
    },
    evolve(doc, stored) {
      if (isRunEvent(stored)) return doc && followRun(doc, stored);
      if (!isCustomerEvent(stored) && !isErased(stored)) return doc;
      const event = stored;
      if (event.type === 'SubjectErased') {
        // personal data goes; the record of what happened (statuses, runs, document types) stays
        // the qualification reads as a rebuild would read it from the erased events: nothing known
        const qualification = doc && qualificationAfter(doc.type, ERASED_PROFILE, doc.created_at, doc.created_at, null);
        return doc && { ...doc, profile: ERASED_PROFILE, birth_date_from_source: null, ...erasedRelationships(doc), qualification: qualification!, updated_at: event.data.erased_at };
      }
      if (event.type === 'CustomerRegistered') return registeredCustomer(event.data);
      return doc && appliedToCustomer(doc, event);
    },
  };
}

type CustomerEventOf<T extends CustomerEvent['type']> = StoredEvent<Extract<CustomerEvent, { type: T }>>;

/** The document of a customer just registered. */
function registeredCustomer(d: CustomerEventOf<'CustomerRegistered'>['data']): CustomerDoc {
  const profile = profileOf(d.profile);
  return {
    qualification: qualificationAfter(d.type, profile, d.created_at, d.created_at, null),
    customer_id: d.customer_id,
    tenant_id: d.tenant_id,
    environment: d.environment,
    type: d.type,
    status: 'rascunho',
    subject_ref: d.subject_ref,
    profile,
    external_id: d.external_id,
    metadata: d.metadata,
    onboarding_profile: d.onboarding_profile,
    documents: [],
    latest_run: null,
    birth_date_from_source: null,
    facial_verification: null,
    facial_round_pending: false,
    created_at: d.created_at,
    updated_at: d.created_at,
  };
}

/** A later event of the customer on its document. */
function appliedToCustomer(doc: CustomerDoc, event: StoredEvent<Exclude<CustomerEvent, { type: 'CustomerRegistered' }>>): CustomerDoc {
  switch (event.type) {
    case 'CustomerDraftCompleted': {
      const d = event.data;
      return requalified({ ...doc, profile: profileOf(d.profile), external_id: d.external_id, metadata: d.metadata, onboarding_profile: d.onboarding_profile, updated_at: d.completed_at });
    }
    case 'CustomerQualificationUpdated': {
      // an erased customer's fields read as erased: the profile keeps its erased form
      const fields = event.data.fields === ERASED ? {} : event.data.fields;
      return requalified({ ...doc, profile: { ...doc.profile, ...fields }, updated_at: event.data.updated_at });
    }
    case 'CustomerRunRequested':
      // a periodic review's run leaves the status as it is: the customer stays em_monitoramento
      return { ...doc, status: event.data.trigger === 'periodic_review' ? doc.status : 'em_analise', latest_run: { run_id: event.data.run_id, status: 'queued', decision: null, risk_band: null, completed_at: null }, updated_at: event.data.requested_at };
    case 'CustomerRunAborted':
      return { ...doc, status: 'rascunho', latest_run: null, updated_at: event.data.aborted_at };
    case 'CustomerRunConcluded':
      return {
        ...doc,
        birth_date_from_source: typeof event.data.source_birth_date === 'string' ? event.data.source_birth_date : doc.birth_date_from_source,
        updated_at: event.metadata.occurred_at,
      };
    case 'CustomerStatusChanged':
      return { ...doc, status: event.data.status, updated_at: event.data.changed_at };
    case 'DocumentUploaded': {
      const kept = doc.documents.filter((d) => d.document_id !== event.data.replaces);
      return { ...doc, documents: [...kept, { document_id: event.data.document_id, type: event.data.type, status: 'pendente', created_at: event.data.created_at }], updated_at: event.data.created_at };
    }
    case 'FacialRoundStarted':
      return { ...doc, facial_round_pending: true };
    case 'FacialRoundCompleted': {
      // no raw warnings or request ids: status, score and time per check
      const checks = Object.fromEntries(
        Object.entries(event.data.checks).map(([check, r]) => [check, { status: r!.status, score: r!.score, completed_at: r!.completed_at }]),
      );
      return { ...doc, facial_verification: { round_id: event.data.round_id, checks }, facial_round_pending: false, updated_at: event.data.completed_at };
    }
    case 'DocumentReviewed':
      return {
        ...doc,
        documents: doc.documents.map((d) => (d.document_id === event.data.document_id ? { ...d, status: event.data.status } : d)),
        updated_at: event.data.reviewed_at,
      };
    case 'MonitoringAlertRaised': {
      const d = event.data;
      const raised = { ...doc, open_alerts: [...(doc.open_alerts ?? []).filter((id) => id !== d.alert_id), d.alert_id] };
      if (!d.freeze_required) return raised;
      const alert: FreezeAlert = { list_id: d.list_id, entry_id: d.entry_id, status: 'open', resolution: null, freeze_basis: d.legal_basis ?? '', raised_at: d.raised_at, resolved_at: null };
      return withFreezeAlert(raised, d.alert_id, alert);
    }
    case 'MonitoringAlertDelisted':
    case 'MonitoringAlertResolved': {
      const ended = { ...doc, open_alerts: (doc.open_alerts ?? []).filter((id) => id !== event.data.alert_id) };
      const alert = doc.freeze_alerts?.[event.data.alert_id];
      if (!alert) return ended;
      return withFreezeAlert(
        ended,
        event.data.alert_id,
        event.type === 'MonitoringAlertDelisted' ? { ...alert, status: 'delisted' } : { ...alert, status: 'resolved', resolution: event.data.resolution, resolved_at: event.data.resolved_at },
      );
    }
    case 'ListHitDisposed':
    case 'AlertWebhookDelivered':
      return doc;
    case 'CustomerPepRelationshipDeclared':
    case 'CustomerPepRelationshipRemoved': {
      const byId = evolvePepRelationships(Object.fromEntries((doc.pep_relationships ?? []).map((r) => [r.relationship_id, r])), event);
      const at = event.type === 'CustomerPepRelationshipDeclared' ? event.data.declared_at : event.data.removed_at;
      return { ...doc, pep_relationships: Object.values(byId).sort((a, b) => a.declared_at.localeCompare(b.declared_at)), updated_at: at };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The qualification clock after the profile changed (the registration's due date kept). */
function requalified(doc: CustomerDoc): CustomerDoc {
  return { ...doc, qualification: qualificationAfter(doc.type, doc.profile, doc.created_at, doc.updated_at, doc.qualification ?? null) };
}

/** A freeze alert recorded or changed, and the freeze the customer shows again from them all. */
function withFreezeAlert(doc: CustomerDoc, alertId: string, alert: FreezeAlert): CustomerDoc {
  const freezeAlerts = { ...doc.freeze_alerts, [alertId]: alert };
  return { ...doc, freeze_alerts: freezeAlerts, sanctions_freeze: sanctionsFreezeOf(freezeAlerts) };
}

/** latest_run follows the run the customer asked for last. */
function followRun(doc: CustomerDoc, event: StoredEvent<RunEvent>): CustomerDoc {
  const runId = event.data.run_id;
  if (!doc.latest_run || doc.latest_run.run_id !== runId) return doc;
  const run = doc.latest_run;
  switch (event.type) {
    case 'RunStarted':
      return { ...doc, latest_run: { ...run, status: 'running' } };
    case 'RunCompleted':
      return { ...doc, latest_run: { ...run, status: event.data.status, decision: event.data.decision, risk_band: event.data.risk_band, completed_at: event.data.completed_at } };
    case 'RunFailed':
      return { ...doc, latest_run: { ...run, status: 'failed', decision: null, risk_band: null, completed_at: event.data.completed_at } };
    case 'RunCancelled':
      return { ...doc, latest_run: { ...run, status: 'cancelado', completed_at: event.data.cancelled_at } };
    case 'RunReviewed':
      return { ...doc, latest_run: { ...run, status: 'completed', decision: event.data.decision, completed_at: event.data.reviewed_at } };
    default:
      return doc;
  }
}

export const getCustomer = async (store: ReadStore, customerId: string): Promise<CustomerDoc | null> =>
  (await store.get<CustomerDoc>('customers', customerId))?.doc ?? null;

export interface DocumentIndexDoc extends Record<string, unknown> {
  document_id: string;
  customer_id: string;
  tenant_id: string;
  /** the fields below are absent in documents written before the dashboard's queue (rebuild `documents`) */
  type?: string;
  status?: CustomerDocument['status'];
  /** a later upload of the same type took its place: out of the review queue */
  replaced?: boolean;
  created_at?: string;
}

const isUpload = isEventOf(DocumentUploaded);
const isDocumentReview = isEventOf(DocumentReviewed);

/** document_id -> customer, for the operator's document review; status and time for the dashboard's queue of documents to review. */
export const documentsProjection: Projection<DocumentIndexDoc> = {
  name: 'documents',
  collection: 'documents',
  indexes: [{ fields: ['tenant_id', 'status', 'replaced'] }],
  documentIds(event) {
    if (isUpload(event)) return event.data.replaces === null ? [event.data.document_id] : [event.data.document_id, event.data.replaces];
    return isDocumentReview(event) ? [event.data.document_id] : [];
  },
  evolve(doc, event, id) {
    if (isUpload(event)) {
      if (id !== event.data.document_id) return doc && { ...doc, replaced: true };
      const { document_id, customer_id, type, created_at } = event.data;
      return { document_id, customer_id, tenant_id: String(event.metadata.tenant_id), type, status: 'pendente', replaced: false, created_at };
    }
    if (isDocumentReview(event)) return doc && { ...doc, status: event.data.status };
    return doc;
  },
};

/** An erased customer's declared PEPs: the relationship stays, the third person's name and CPF go. */
const erasedRelationships = (doc: CustomerDoc) => (doc.pep_relationships ? { pep_relationships: doc.pep_relationships.map((r) => ({ ...r, pep_name: ERASED, pep_cpf: ERASED })) } : {});
