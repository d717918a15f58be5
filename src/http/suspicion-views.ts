import { ERASED } from '../domain/shared/personal.js';
import type { SuspicionEvent } from '../domain/suspicion/events.js';
import { dueAt, isOverdue, type SuspicionCaseDoc } from '../projections/suspicion-cases.js';

/** The public view of a regulatory case (`object: case`): no personal data, no communication detail beyond its status. */
export const publicCaseView = (doc: SuspicionCaseDoc, now: string) => ({
  object: 'case' as const,
  id: doc.case_id,
  status: doc.status,
  origin: doc.origin,
  customer_id: doc.customer_id,
  external_id: doc.external_id,
  occurred_at: doc.occurred_at,
  selected_at: doc.selected_at,
  reason_codes: doc.reason_codes,
  clocks: { selection_due_at: doc.clocks.selection_due_at, analysis_due_at: doc.clocks.analysis_due_at, communication_due_at: doc.clocks.communication_due_at },
  overdue: isOverdue(doc, now),
  decision: doc.decision ? { decision: doc.decision.decision, decided_at: doc.decision.decided_at } : null,
  communication: doc.communication ? { status: doc.communication.status, num_ocorrencia: doc.communication.num_ocorrencia || null } : null,
  created_at: doc.created_at,
});

/** The operator's list item: the read model with the clock that applies and whether it passed. */
export const operatorCaseItem = (doc: SuspicionCaseDoc, now: string) => ({ object: 'suspicion_case' as const, ...doc, due_at: dueAt(doc), overdue: isOverdue(doc, now) });

const personal = (value: unknown): unknown => (value === ERASED ? ERASED : value);

/** One step of the case's history as the operator reads it (personal texts unsealed, or `[erased]`). */
function historyEntry(event: SuspicionEvent): Record<string, unknown> {
  const { case_id: _c, subject_ref: _s, ...data } = event.data as Record<string, unknown>;
  if (event.type === 'SuspicionCommunicationPrepared') {
    const { occurrence: _o, ...rest } = data;
    return { type: event.type, ...rest };
  }
  return { type: event.type, ...data };
}

/** The operator's detail: the read model, the opening's operation and texts, every communication's content and the history. */
export function operatorCaseDetail(doc: SuspicionCaseDoc, events: readonly SuspicionEvent[], now: string) {
  const opened = events.find((e) => e.type === 'SuspicionCaseOpened');
  const openedData = opened?.type === 'SuspicionCaseOpened' ? opened.data : null;
  const contents: Record<string, unknown> = {};
  for (const e of events) if (e.type === 'SuspicionCommunicationPrepared') contents[e.data.communication_id] = personal(e.data.occurrence);
  const communications = [doc.communication, ...doc.amendments].filter((c) => c !== null).map((c) => ({ ...c, content: contents[c.communication_id] ?? null }));
  return {
    ...operatorCaseItem(doc, now),
    operation: personal(openedData?.operation ?? null),
    description: personal(openedData?.description ?? null),
    other_reason: personal(openedData?.other_reason ?? null),
    opened_by: openedData?.opened_by ?? null,
    communications,
    history: events.map(historyEntry),
  };
}
