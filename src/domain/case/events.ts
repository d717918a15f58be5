import * as t from 'io-ts';
import type { PiiFields } from '../shared/decider.js';
import { personal } from '../shared/personal.js';

/**
 * A case per customer (issue 28): one stream `case-<customer_id>` grouping what an analyst must
 * work for that customer (runs awaiting a decision, open monitoring alerts, pending documents),
 * with its assignee, comments, escalation and closing. Notes typed here may name people: sealed
 * under the customer's subject_ref, so erasing the customer erases them too.
 */

export const CaseItemKind = t.keyof({ run: null, alert: null, document: null });
export type CaseItemKind = t.TypeOf<typeof CaseItemKind>;

export const RiskBand = t.keyof({ baixo: null, medio: null, alto: null });

/** One thing to work: its reason codes (check ids, list kinds, run statuses), risk band and best match score. */
export const CaseItem = t.type({
  kind: CaseItemKind,
  item_id: t.string,
  reasons: t.array(t.string),
  risk_band: t.union([RiskBand, t.null]),
  score: t.union([t.number, t.null]),
  environment: t.keyof({ live: null, sandbox: null }),
});
export type CaseItem = t.TypeOf<typeof CaseItem>;

const Who = { tenant_id: t.string, customer_id: t.string, subject_ref: t.string };

export const CaseOpened = t.type({ type: t.literal('CaseOpened'), data: t.type({ ...Who, opened_at: t.string }) });
/** A closed case a new item came back to. */
export const CaseReopened = t.type({ type: t.literal('CaseReopened'), data: t.type({ customer_id: t.string, reopened_at: t.string }) });
export const CaseItemAdded = t.type({ type: t.literal('CaseItemAdded'), data: t.type({ customer_id: t.string, item: CaseItem, added_at: t.string }) });
/** The item no longer needs an analyst: the run decided, the alert concluded or delisted, the document reviewed. */
export const CaseItemResolved = t.type({
  type: t.literal('CaseItemResolved'),
  data: t.type({ customer_id: t.string, kind: CaseItemKind, item_id: t.string, resolved_at: t.string }),
});
/** Whom the case is with (null: back to the team's pool); by: the user who assigned it. */
export const CaseAssigneeChanged = t.type({
  type: t.literal('CaseAssigneeChanged'),
  data: t.type({ customer_id: t.string, assignee: t.union([t.string, t.null]), by: t.string, changed_at: t.string }),
});
export const CaseCommented = t.type({
  type: t.literal('CaseCommented'),
  data: t.type({ customer_id: t.string, subject_ref: t.string, comment_id: t.string, text: personal(t.string), author: t.string, commented_at: t.string }),
});
/** Sent to the tenant's compliance officer (a dashboard user of role compliance_officer). */
export const CaseEscalated = t.type({
  type: t.literal('CaseEscalated'),
  data: t.type({ customer_id: t.string, subject_ref: t.string, note: personal(t.string), by: t.string, escalated_at: t.string }),
});
export const CaseClosed = t.type({
  type: t.literal('CaseClosed'),
  data: t.type({ customer_id: t.string, subject_ref: t.string, note: personal(t.string), by: t.string, closed_at: t.string }),
});

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/**
 * A confirmed sanctions freeze (issue 29, Lei 13.810/2019): the case records it, the measures the
 * institution took, the drafts of its communications to BCB, MJSP and COAF (art. 11; Decreto
 * 9.825 art. 6 for a freeze not done at once) and when each was sent.
 */
export const FreezeAddressee = t.keyof({ bcb: null, mjsp: null, coaf: null });
export type FreezeAddressee = t.TypeOf<typeof FreezeAddressee>;
export const FREEZE_ADDRESSEES: readonly FreezeAddressee[] = ['bcb', 'mjsp', 'coaf'];

/** What was frozen: a kind of asset, as the institution describes it, and its value in reais when it has one. */
export const FreezeAssetKind = t.keyof({ conta: null, investimento: null, cambio: null, credito: null, bem: null, outro: null });
export const FreezeAsset = t.type({ kind: FreezeAssetKind, description: t.string, amount: nullable(t.number) });
export type FreezeAsset = t.TypeOf<typeof FreezeAsset>;
/** A transfer the freeze stopped (Lei 13.810 art. 11: the attempts are communicated too). */
export const BlockedAttempt = t.type({ at: t.string, description: t.string, amount: nullable(t.number) });
export type BlockedAttempt = t.TypeOf<typeof BlockedAttempt>;

/** The analyst confirmed a freeze alert as a true match: the case records the designation it acts on. */
export const CaseFreezeRecorded = t.type({
  type: t.literal('CaseFreezeRecorded'),
  data: t.type({
    customer_id: t.string,
    alert_id: t.string,
    list_id: t.string,
    entry_id: t.string,
    version_id: t.string,
    basis: t.string,
    raised_at: t.string,
    confirmed_at: t.string,
    confirmed_by: nullable(t.string),
    recorded_at: t.string,
  }),
});

/** The measures the institution took; `late`: frozen, or first told, more than FREEZE_DEADLINE_HOURS after the alert. */
export const FreezeMeasuresRecorded = t.type({
  type: t.literal('FreezeMeasuresRecorded'),
  data: t.type({
    customer_id: t.string,
    subject_ref: t.string,
    measures_id: t.string,
    alert_id: t.string,
    frozen_at: t.string,
    assets: personal(t.array(FreezeAsset)),
    attempts_blocked: personal(t.array(BlockedAttempt)),
    justification: personal(nullable(t.string)),
    late: t.boolean,
    by: t.string,
    recorded_at: t.string,
  }),
});

const StoredFile = t.type({ blob_key: t.string, sha256: t.string, byte_size: t.number });

/** A draft of one communication, as JSON and PDF, stored as blobs; a new version on each measures recorded, the old kept. */
export const FreezeCommunicationDrafted = t.type({
  type: t.literal('FreezeCommunicationDrafted'),
  data: t.type({
    customer_id: t.string,
    draft_id: t.string,
    addressee: FreezeAddressee,
    version: t.number,
    alert_id: t.string,
    /** the measures it reports; null before any is recorded */
    measures_id: nullable(t.string),
    late: t.boolean,
    json: StoredFile,
    pdf: t.intersection([StoredFile, t.type({ page_count: t.number })]),
    drafted_at: t.string,
  }),
});

/** The institution sent a draft to its addressee: when, and the protocol it got (e.g. Siscoaf's). */
export const FreezeCommunicationSent = t.type({
  type: t.literal('FreezeCommunicationSent'),
  data: t.type({ customer_id: t.string, draft_id: t.string, addressee: FreezeAddressee, version: t.number, sent_at: t.string, protocol: t.string, by: t.string, recorded_at: t.string }),
});
export type FreezeCommunicationDraftedData = t.TypeOf<typeof FreezeCommunicationDrafted>['data'];
export type FreezeMeasuresRecordedData = t.TypeOf<typeof FreezeMeasuresRecorded>['data'];
export type CaseFreezeRecordedData = t.TypeOf<typeof CaseFreezeRecorded>['data'];

export const CaseEvent = t.union([
  CaseOpened,
  CaseReopened,
  CaseItemAdded,
  CaseItemResolved,
  CaseAssigneeChanged,
  CaseCommented,
  CaseEscalated,
  CaseClosed,
  CaseFreezeRecorded,
  FreezeMeasuresRecorded,
  FreezeCommunicationDrafted,
  FreezeCommunicationSent,
]);
export type CaseEvent = t.TypeOf<typeof CaseEvent>;

export const casePii: Record<string, PiiFields<Record<string, unknown>>> = {
  CaseCommented: { subject: (d) => String(d['subject_ref']), fields: ['text'] },
  CaseEscalated: { subject: (d) => String(d['subject_ref']), fields: ['note'] },
  CaseClosed: { subject: (d) => String(d['subject_ref']), fields: ['note'] },
  // what the institution froze and why late may name accounts and people
  FreezeMeasuresRecorded: { subject: (d) => String(d['subject_ref']), fields: ['assets', 'attempts_blocked', 'justification'] },
};
