import type { ReadStore } from '../adapters/read-store/port.js';
import type { CaseStatus, OpenItem } from '../domain/case/decider.js';
import { CaseEvent } from '../domain/case/events.js';
import { casePriority, type CasePriority } from '../domain/case/priority.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

/** A customer's case as the queue lists it: status, assignee, priority and open items; no notes (those are sealed on the stream). */
export interface CaseDoc extends Record<string, unknown> {
  case_id: string;
  tenant_id: string;
  customer_id: string;
  status: CaseStatus;
  /** not closed: what the queue shows by default */
  active: boolean;
  assignee: string | null;
  priority: CasePriority;
  items: OpenItem[];
  /** the reason codes of the open items, each once */
  reasons: string[];
  opened_at: string;
  /** since when the case waits: its opening, or its last reopening (the queue's age and order) */
  created_at: string;
  updated_at: string;
  escalated_at: string | null;
  closed_at: string | null;
}

export const CASES = 'cases';
const isCaseEvent = isEventOf(CaseEvent);

function withItems(doc: CaseDoc, items: OpenItem[], at: string): CaseDoc {
  return { ...doc, items, reasons: [...new Set(items.flatMap((i) => i.reasons))], priority: casePriority(items), updated_at: at };
}

function evolveCase(doc: CaseDoc, event: CaseEvent): CaseDoc {
  switch (event.type) {
    case 'CaseOpened':
      return doc;
    case 'CaseReopened':
      return { ...doc, status: doc.assignee ? 'in_progress' : 'open', active: true, created_at: event.data.reopened_at, updated_at: event.data.reopened_at, closed_at: null, escalated_at: null };
    case 'CaseItemAdded': {
      const { item, added_at } = event.data;
      const others = doc.items.filter((i) => !(i.kind === item.kind && i.item_id === item.item_id));
      return withItems(doc, [...others, { ...item, added_at }], added_at);
    }
    case 'CaseItemResolved':
      return withItems(doc, doc.items.filter((i) => !(i.kind === event.data.kind && i.item_id === event.data.item_id)), event.data.resolved_at);
    case 'CaseAssigneeChanged': {
      const { assignee, changed_at } = event.data;
      return { ...doc, assignee, status: doc.status === 'escalated' ? 'escalated' : assignee ? 'in_progress' : 'open', updated_at: changed_at };
    }
    case 'CaseCommented':
      return { ...doc, updated_at: event.data.commented_at };
    case 'CaseEscalated':
      return { ...doc, status: 'escalated', escalated_at: event.data.escalated_at, updated_at: event.data.escalated_at };
    case 'CaseClosed':
      return { ...doc, status: 'closed', active: false, closed_at: event.data.closed_at, updated_at: event.data.closed_at };
    case 'CaseFreezeRecorded':
      return { ...doc, updated_at: event.data.recorded_at };
    case 'FreezeMeasuresRecorded':
    case 'FreezeCommunicationSent':
      return { ...doc, updated_at: event.data.recorded_at };
    case 'FreezeCommunicationDrafted':
      return { ...doc, updated_at: event.data.drafted_at };
  }
}

/** One document per customer's case, by customer id (the case id). */
export const casesProjection: Projection<CaseDoc> = {
  name: 'cases',
  collection: CASES,
  indexes: [{ fields: ['tenant_id'] }, { fields: ['tenant_id', 'active'] }, { fields: ['assignee'] }],
  documentIds: (event) => (isCaseEvent(event) ? [event.data.customer_id] : []),
  evolve(doc, event) {
    if (!isCaseEvent(event)) return doc;
    if (event.type === 'CaseOpened') {
      const { tenant_id, customer_id, opened_at } = event.data;
      return { case_id: customer_id, tenant_id, customer_id, status: 'open', active: true, assignee: null, priority: 'baixa', items: [], reasons: [], opened_at, created_at: opened_at, updated_at: opened_at, escalated_at: null, closed_at: null };
    }
    return doc ? evolveCase(doc, event) : doc;
  },
};

export const getCase = async (store: ReadStore, caseId: string): Promise<CaseDoc | null> => (await store.get<CaseDoc>(CASES, caseId))?.doc ?? null;
