import * as t from 'io-ts';
import type { PiiFields } from '../shared/decider.js';
import { personal } from '../shared/personal.js';
import { CustomerStatus, Environment, SubjectType } from '../values/scopes.js';
import { AlertEvidence } from './freeze.js';

const nullableString = t.union([t.string, t.null]);

/**
 * Everything personal about the customer travels in `profile`, sealed as one field: doc, name,
 * e-mail, phone, address, birth date and the type-specific fields as they were sent.
 */
export const CustomerProfile = personal(t.UnknownRecord);

const Registration = {
  customer_id: t.string,
  profile: CustomerProfile,
  subject_ref: t.string,
  external_id: nullableString,
  metadata: t.record(t.string, t.string),
  onboarding_profile: nullableString,
  webhook_url: nullableString,
};

export const CustomerRegistered = t.type({
  type: t.literal('CustomerRegistered'),
  data: t.type({ ...Registration, tenant_id: t.string, environment: Environment, type: SubjectType, created_at: t.string }),
});

/** A POST for a document registered as a draft completes that draft with what it sends. */
export const CustomerDraftCompleted = t.type({
  type: t.literal('CustomerDraftCompleted'),
  data: t.type({ ...Registration, completed_at: t.string }),
});

/**
 * Qualification completed or corrected after registration (Circular 3.978 art. 18 §1, art. 23):
 * the fields sent, sealed like the profile, merged over it; `field_names` says which (no
 * personal data), `by` who sent them (an API key or an analyst).
 */
export const CustomerQualificationUpdated = t.type({
  type: t.literal('CustomerQualificationUpdated'),
  data: t.type({ customer_id: t.string, subject_ref: t.string, fields: CustomerProfile, field_names: t.array(t.string), by: t.string, updated_at: t.string }),
});

export const CustomerRunRequested = t.type({
  type: t.literal('CustomerRunRequested'),
  data: t.intersection([
    t.type({ customer_id: t.string, run_id: t.string, requested_at: t.string }),
    /** set on a periodic review's run (screening.md section 6): the customer keeps its status while it runs */
    t.partial({ trigger: t.literal('periodic_review') }),
  ]),
});

/** The run could not be queued after all (credit taken meanwhile): the customer goes back to draft. */
export const CustomerRunAborted = t.type({
  type: t.literal('CustomerRunAborted'),
  data: t.type({ customer_id: t.string, run_id: t.string, reason: t.string, aborted_at: t.string }),
});

export const CustomerRunConcluded = t.type({
  type: t.literal('CustomerRunConcluded'),
  data: t.type({
    customer_id: t.string,
    subject_ref: t.string,
    run_id: t.string,
    run_status: t.string,
    decision: nullableString,
    risk_band: nullableString,
    completed_at: t.string,
    /** pf birth date as the cadastral source found it, when none was sent (personal, sealed) */
    source_birth_date: t.unknown,
  }),
});

export const CustomerStatusChanged = t.type({
  type: t.literal('CustomerStatusChanged'),
  data: t.type({ customer_id: t.string, status: CustomerStatus, reason: t.string, changed_at: t.string }),
});

export const DocumentUploaded = t.type({
  type: t.literal('DocumentUploaded'),
  data: t.type({
    customer_id: t.string,
    subject_ref: t.string,
    document_id: t.string,
    type: t.string,
    /** the client's file name may carry a person's name: sealed */
    file_name: t.unknown,
    mime_type: t.string,
    size: t.number,
    sha256: t.string,
    blob_key: t.string,
    /** the earlier document of the same type this one replaces (resubmission rule) */
    replaces: nullableString,
    created_at: t.string,
  }),
});

export const DocumentReviewed = t.type({
  type: t.literal('DocumentReviewed'),
  data: t.type({ customer_id: t.string, document_id: t.string, status: t.keyof({ aprovado: null, rejeitado: null }), reason: nullableString, reviewed_at: t.string }),
});

/** One feature of a screening explanation (screening.md section 2), as the engine gives it. */
const ExplanationItem = t.type({ feature: t.string, score: t.number, query: t.union([t.string, t.null]), candidate: t.union([t.string, t.null]), detail: t.string });

/**
 * Ongoing monitoring (screening.md section 6): a list entry matched a monitored customer. The
 * entry's content hash is kept so a false positive is not raised again until the entry changes;
 * the explanation shows the customer's own name and document: sealed.
 */
export const MonitoringAlertRaised = t.type({
  type: t.literal('MonitoringAlertRaised'),
  data: t.intersection([
    t.type({
      customer_id: t.string,
      alert_id: t.string,
      tenant_id: t.string,
      environment: Environment,
      subject_ref: t.string,
      list_id: t.string,
      entry_id: t.string,
      version_id: t.string,
      content_hash: t.string,
      /** the entry's name that matched (a list's published data) */
      matched_name: t.string,
      score: t.number,
      explanation: personal(t.array(ExplanationItem)),
      /** what screened it: a new list version's delta, or the customer itself (entering monitoring) */
      trigger: t.keyof({ list_version: null, customer: null }),
      raised_at: t.string,
    }),
    // issue 29 (absent on alerts raised before it): a hit on a freeze list (the UN's, or one the
    // tenant names) requires the tenant to freeze, on this legal basis; and the version's timeline
    t.partial({ freeze_required: t.boolean, legal_basis: t.string, evidence: AlertEvidence }),
  ]),
});

/**
 * What the end of a freeze alert tells the tenant's systems (the `customer.sanctions_freeze`
 * webhook, issue 29): whose freeze, on which entry, on what basis, since when. Ids only.
 */
export const FreezeFacts = t.type({ tenant_id: t.string, environment: Environment, list_id: t.string, entry_id: t.string, legal_basis: t.string, since: t.string });
export type FreezeFacts = t.TypeOf<typeof FreezeFacts>;

/** The entry of an open alert left its list. */
export const MonitoringAlertDelisted = t.type({
  type: t.literal('MonitoringAlertDelisted'),
  data: t.intersection([
    t.type({ customer_id: t.string, alert_id: t.string, list_id: t.string, entry_id: t.string, version_id: t.string, delisted_at: t.string }),
    /** the alert required a freeze: its end lifts it (issue 29) */
    t.partial({ freeze_required: t.boolean, freeze: FreezeFacts }),
  ]),
});

/** An analyst's conclusion on an alert; the note may name people: sealed. */
export const MonitoringAlertResolved = t.type({
  type: t.literal('MonitoringAlertResolved'),
  data: t.intersection([
    t.type({
      customer_id: t.string,
      alert_id: t.string,
      subject_ref: t.string,
      resolution: t.keyof({ true_positive: null, false_positive: null }),
      note: personal(t.string),
      resolved_at: t.string,
    }),
    /** the alert required a freeze: a true match confirms it, a false one lifts it (issue 29) */
    t.partial({ freeze_required: t.boolean, freeze: FreezeFacts }),
  ]),
});

/**
 * A webhook about an alert reached the tenant's endpoint (2xx): the last step of the evidence
 * that a designation was acted on "sem demora" (issue 29). Once per delivery.
 */
export const AlertWebhookDelivered = t.type({
  type: t.literal('AlertWebhookDelivered'),
  data: t.type({
    customer_id: t.string,
    alert_id: t.string,
    event: t.string,
    delivery_id: t.string,
    delivered_at: t.string,
  }),
});

import { FacialRoundCompleted, FacialRoundStarted } from '../facial/events.js';
import { dispositionPii, ListHitDisposed } from '../screening/disposition.js';
import { CustomerPepRelationshipDeclared, CustomerPepRelationshipRemoved, pepRelationshipPii } from './pep-relationship.js';

export { ListHitDisposed };

export const CustomerEvent = t.union([
  FacialRoundStarted,
  FacialRoundCompleted,
  CustomerRegistered,
  CustomerDraftCompleted,
  CustomerQualificationUpdated,
  CustomerRunRequested,
  CustomerRunAborted,
  CustomerRunConcluded,
  CustomerStatusChanged,
  DocumentUploaded,
  DocumentReviewed,
  MonitoringAlertRaised,
  MonitoringAlertDelisted,
  MonitoringAlertResolved,
  AlertWebhookDelivered,
  ListHitDisposed,
  CustomerPepRelationshipDeclared,
  CustomerPepRelationshipRemoved,
]);
export type CustomerEvent = t.TypeOf<typeof CustomerEvent>;

export const customerPii: Record<string, PiiFields<Record<string, unknown>>> = {
  CustomerRegistered: { subject: (d) => String(d['subject_ref']), fields: ['profile'] },
  CustomerDraftCompleted: { subject: (d) => String(d['subject_ref']), fields: ['profile'] },
  CustomerQualificationUpdated: { subject: (d) => String(d['subject_ref']), fields: ['fields'] },
  CustomerRunConcluded: { subject: (d) => String(d['subject_ref']), fields: ['source_birth_date'] },
  DocumentUploaded: { subject: (d) => String(d['subject_ref']), fields: ['file_name'] },
  MonitoringAlertRaised: { subject: (d) => String(d['subject_ref']), fields: ['explanation'] },
  MonitoringAlertResolved: { subject: (d) => String(d['subject_ref']), fields: ['note'] },
  ...dispositionPii,
  ...pepRelationshipPii,
};
