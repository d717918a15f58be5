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

export const CaseEvent = t.union([CaseOpened, CaseReopened, CaseItemAdded, CaseItemResolved, CaseAssigneeChanged, CaseCommented, CaseEscalated, CaseClosed]);
export type CaseEvent = t.TypeOf<typeof CaseEvent>;

export const casePii: Record<string, PiiFields<Record<string, unknown>>> = {
  CaseCommented: { subject: (d) => String(d['subject_ref']), fields: ['text'] },
  CaseEscalated: { subject: (d) => String(d['subject_ref']), fields: ['note'] },
  CaseClosed: { subject: (d) => String(d['subject_ref']), fields: ['note'] },
};
