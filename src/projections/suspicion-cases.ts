import type { ReadStore, Scalar } from '../adapters/read-store/port.js';
import type { CommunicationStatus, SuspicionStatus } from '../domain/suspicion/decider.js';
import { SuspicionEvent, type CommunicationKind, type SuspicionOrigin } from '../domain/suspicion/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

export interface SuspicionCommunicationDoc {
  communication_id: string;
  kind: CommunicationKind;
  status: CommunicationStatus;
  num_ocorrencia: string;
  reporting_cnpj: string;
  numero_coaf: string | null;
  file_sha256: string | null;
  prepared_at: string | null;
  exported_at: string | null;
  sent_at: string | null;
  /** the last validation answer's errors (STATUS 2) */
  errors: { code: number; description: string }[];
  response_at: string | null;
  receipt_at: string | null;
  cancelled_at: string | null;
}

export interface SuspicionClocks {
  selection_due_at: string;
  analysis_due_at: string | null;
  communication_due_at: string | null;
  amendment_justification_after: string | null;
}

/**
 * A regulatory case as queues and lists read it: status, origin, reason codes, clocks and the
 * communications' statuses. No personal data: the operation, notes, rationale and Det stay sealed
 * on the stream `suspicion-<case_id>`, read by the detail alone.
 */
export interface SuspicionCaseDoc extends Record<string, unknown> {
  case_id: string;
  tenant_id: string;
  environment: 'live' | 'sandbox';
  customer_id: string | null;
  external_id: string | null;
  origin: SuspicionOrigin;
  status: SuspicionStatus;
  reason_codes: string[];
  occurred_at: string;
  selected_at: string | null;
  proposal: { decision: string; proposed_by: string; proposed_at: string } | null;
  decision: { decision: string; decided_at: string; decided_by: string; approved_by: string | null } | null;
  /** the batch (lote) to COAF, once decided to communicate */
  communication: SuspicionCommunicationDoc | null;
  /** rectifications and cancellations of it */
  amendments: SuspicionCommunicationDoc[];
  clocks: SuspicionClocks;
  created_at: string;
  updated_at: string;
  dismissed_at: string | null;
  closed_at: string | null;
}

export const SUSPICION_CASES = 'suspicion_cases';
const isSuspicionEvent = isEventOf(SuspicionEvent);

const newCommunication = (id: string, kind: CommunicationKind): SuspicionCommunicationDoc => ({
  communication_id: id,
  kind,
  status: 'pending',
  num_ocorrencia: '',
  reporting_cnpj: '',
  numero_coaf: null,
  file_sha256: null,
  prepared_at: null,
  exported_at: null,
  sent_at: null,
  errors: [],
  response_at: null,
  receipt_at: null,
  cancelled_at: null,
});

function withCommunication(doc: SuspicionCaseDoc, id: string, change: (c: SuspicionCommunicationDoc) => SuspicionCommunicationDoc): SuspicionCaseDoc {
  if (doc.communication?.communication_id === id) return { ...doc, communication: change(doc.communication) };
  return { ...doc, amendments: doc.amendments.map((a) => (a.communication_id === id ? change(a) : a)) };
}

function evolveCommunication(doc: SuspicionCaseDoc, event: SuspicionEvent): SuspicionCaseDoc {
  switch (event.type) {
    case 'SuspicionCommunicationPrepared': {
      const d = event.data;
      const prepared = (c: SuspicionCommunicationDoc) => ({ ...c, status: 'pending' as const, num_ocorrencia: d.num_ocorrencia, reporting_cnpj: d.reporting_cnpj, prepared_at: d.prepared_at, file_sha256: null });
      if (d.kind === 'lote') return { ...doc, communication: prepared(doc.communication ?? newCommunication(d.communication_id, 'lote')) };
      const exists = doc.amendments.some((a) => a.communication_id === d.communication_id);
      const amendments = exists ? doc.amendments.map((a) => (a.communication_id === d.communication_id ? prepared(a) : a)) : [...doc.amendments, prepared(newCommunication(d.communication_id, d.kind))];
      return { ...doc, amendments };
    }
    case 'SuspicionCommunicationExported':
      return withCommunication(doc, event.data.communication_id, (c) => ({ ...c, status: 'xml_generated', exported_at: event.data.exported_at, file_sha256: event.data.file_sha256 }));
    case 'SuspicionCommunicationSent':
      return withCommunication(doc, event.data.communication_id, (c) => ({ ...c, status: 'sent', sent_at: event.data.sent_at }));
    case 'SuspicionResponseRecorded':
      return withCommunication(doc, event.data.communication_id, (c) => ({
        ...c,
        status: c.status === 'receipt_matched' || c.status === 'cancelled' ? c.status : event.data.status === 1 ? 'validated' : 'rejected',
        errors: event.data.errors,
        response_at: event.data.recorded_at,
      }));
    case 'SuspicionReceiptMatched':
      return withCommunication(doc, event.data.communication_id, (c) => ({ ...c, status: c.status === 'cancelled' ? c.status : 'receipt_matched', numero_coaf: event.data.numero_coaf, receipt_at: event.data.matched_at }));
    case 'SuspicionCommunicationCancelled':
      return withCommunication(doc, event.data.communication_id, (c) => ({ ...c, status: 'cancelled', cancelled_at: event.data.cancelled_at }));
    default:
      return doc;
  }
}

function evolveCase(doc: SuspicionCaseDoc, event: SuspicionEvent): SuspicionCaseDoc {
  switch (event.type) {
    case 'SuspicionCaseSelected':
      return { ...doc, status: 'in_analysis', selected_at: event.data.selected_at, clocks: { ...doc.clocks, analysis_due_at: event.data.analysis_due_at } };
    case 'SuspicionCaseDismissed':
      return { ...doc, status: 'dismissed', dismissed_at: event.data.dismissed_at };
    case 'SuspicionDecisionProposed':
      return { ...doc, status: 'awaiting_approval', proposal: { decision: event.data.decision, proposed_by: event.data.proposed_by, proposed_at: event.data.proposed_at } };
    case 'SuspicionCaseDecided': {
      const d = event.data;
      const decision = { decision: d.decision, decided_at: d.decided_at, decided_by: d.decided_by, approved_by: d.approved_by };
      const communication = d.decision === 'comunicar' ? newCommunication(`${doc.case_id}:lote`, 'lote') : null;
      return { ...doc, status: 'decided', proposal: null, decision, reason_codes: d.reason_codes, communication, clocks: { ...doc.clocks, communication_due_at: d.communication_due_at } };
    }
    case 'SuspicionCommunicationSent': {
      const next = evolveCommunication(doc, event);
      const isLote = doc.communication?.communication_id === event.data.communication_id;
      return isLote ? { ...next, clocks: { ...next.clocks, amendment_justification_after: event.data.amendment_justification_after } } : next;
    }
    case 'SuspicionCaseClosed':
      return { ...doc, status: 'closed', closed_at: event.data.closed_at };
    default:
      return evolveCommunication(doc, event);
  }
}

const timeOf = (event: SuspicionEvent): string | null => {
  const d = event.data as Record<string, unknown>;
  for (const key of ['opened_at', 'selected_at', 'dismissed_at', 'noted_at', 'attached_at', 'taken_at', 'proposed_at', 'decided_at', 'prepared_at', 'exported_at', 'recorded_at', 'matched_at', 'cancelled_at', 'closed_at']) {
    if (typeof d[key] === 'string') return d[key];
  }
  return null;
};

/** One document per regulatory case, by case id. */
export const suspicionCasesProjection: Projection<SuspicionCaseDoc> = {
  name: 'suspicion_cases',
  collection: SUSPICION_CASES,
  indexes: [{ fields: ['tenant_id'] }, { fields: ['tenant_id', 'environment', 'status'] }],
  documentIds: (event) => (isSuspicionEvent(event) ? [event.data.case_id] : []),
  evolve(doc, event) {
    if (!isSuspicionEvent(event)) return doc;
    if (event.type === 'SuspicionCaseOpened') {
      const d = event.data;
      const { case_id, tenant_id, environment, customer_id, external_id, origin, reason_codes, occurred_at, selection_due_at, opened_at } = d;
      return {
        ...{ case_id, tenant_id, environment, customer_id, external_id, origin, reason_codes, occurred_at },
        status: 'pending_selection',
        selected_at: null,
        proposal: null,
        decision: null,
        communication: null,
        amendments: [],
        clocks: { selection_due_at, analysis_due_at: null, communication_due_at: null, amendment_justification_after: null },
        created_at: opened_at,
        updated_at: opened_at,
        dismissed_at: null,
        closed_at: null,
      };
    }
    if (!doc) return doc;
    const next = evolveCase(doc, event);
    return { ...next, updated_at: timeOf(event) ?? doc.updated_at };
  },
};

export const getSuspicionCase = async (store: ReadStore, caseId: string): Promise<SuspicionCaseDoc | null> => (await store.get<SuspicionCaseDoc>(SUSPICION_CASES, caseId))?.doc ?? null;

/** The one clock that applies to the case's status now (null: nothing is due). */
export function dueAt(doc: SuspicionCaseDoc): string | null {
  switch (doc.status) {
    case 'pending_selection':
      return doc.clocks.selection_due_at;
    case 'in_analysis':
    case 'awaiting_approval':
      return doc.clocks.analysis_due_at;
    case 'decided': {
      const c = doc.communication;
      return c && ['pending', 'xml_generated', 'rejected'].includes(c.status) ? doc.clocks.communication_due_at : null;
    }
    default:
      return null;
  }
}

/** Overdue at `now`: the clock of its status has passed (computed at read time, never stored). */
export const isOverdue = (doc: SuspicionCaseDoc, now: string): boolean => {
  const due = dueAt(doc);
  return due !== null && due < now;
};

const SCAN = 200;

/**
 * A page of cases, newest first, optionally only the overdue ones (filtered at read time, so the
 * scan goes on past the non-overdue until the page is full).
 */
export async function findSuspicionCases(
  store: ReadStore,
  where: Record<string, Scalar>,
  options: { limit: number; before?: { created_at: string; id: string } | undefined; overdue?: boolean | undefined; now: string },
): Promise<{ data: SuspicionCaseDoc[]; hasMore: boolean }> {
  const out: SuspicionCaseDoc[] = [];
  let before = options.before;
  for (;;) {
    const batch = await store.find<SuspicionCaseDoc>(SUSPICION_CASES, { where, limit: SCAN, ...(before ? { before } : {}) });
    for (const doc of batch) {
      if (options.overdue === undefined || isOverdue(doc, options.now) === options.overdue) out.push(doc);
      if (out.length > options.limit) return { data: out.slice(0, options.limit), hasMore: true };
    }
    if (batch.length < SCAN) return { data: out, hasMore: false };
    const last = batch[batch.length - 1]!;
    before = { created_at: last.created_at, id: last.case_id };
  }
}

/** The operator's queue of a tenant: overdue first, then the nearest due, then the rest newest first. */
export async function suspicionQueue(store: ReadStore, tenantId: string, now: string, limit = 500): Promise<SuspicionCaseDoc[]> {
  const docs = await store.find<SuspicionCaseDoc>(SUSPICION_CASES, { where: { tenant_id: tenantId }, limit });
  const rank = (d: SuspicionCaseDoc) => (isOverdue(d, now) ? 0 : dueAt(d) !== null ? 1 : 2);
  return [...docs].sort((a, b) => rank(a) - rank(b) || (dueAt(a) ?? '').localeCompare(dueAt(b) ?? '') || b.created_at.localeCompare(a.created_at));
}
