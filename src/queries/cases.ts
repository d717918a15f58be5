import * as E from 'fp-ts/lib/Either.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore, Scalar } from '../adapters/read-store/port.js';
import { mayActOn, type Caller } from '../commands/caller.js';
import { caseStream } from '../domain/case/decider.js';
import { CaseEvent, type CaseItem } from '../domain/case/events.js';
import { customerStream } from '../domain/customer/decider.js';
import { CustomerEvent } from '../domain/customer/events.js';
import { runStream } from '../domain/run/decider.js';
import { RunEvent } from '../domain/run/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { CASES, getCase, type CaseDoc } from '../projections/cases.js';
import type { RunDoc } from '../projections/runs.js';

/** A tenant's cases, oldest first: the store reads newest first, so a tenant's matching cases are read whole (up to this many) and turned. */
export const CASES_READ_CAP = 5000;

export interface CaseFilter {
  status?: CaseDoc['status'] | undefined;
  /** only the cases not closed (the dashboard's default) */
  active?: boolean | undefined;
  /** a user id, or null for the unassigned */
  assignee?: string | null | undefined;
  priority?: CaseDoc['priority'] | undefined;
}

const oldestFirst = (a: CaseDoc, b: CaseDoc) => (a.created_at === b.created_at ? (a.case_id < b.case_id ? -1 : a.case_id > b.case_id ? 1 : 0) : a.created_at < b.created_at ? -1 : 1);

/** Every case of the tenant matching the filter, oldest first (at most CASES_READ_CAP). */
export async function matchingCases(store: ReadStore, tenantId: string, filter: CaseFilter): Promise<CaseDoc[]> {
  const where: Record<string, Scalar> = { tenant_id: tenantId };
  if (filter.status) where['status'] = filter.status;
  if (filter.active !== undefined) where['active'] = filter.active;
  if (filter.assignee !== undefined) where['assignee'] = filter.assignee;
  if (filter.priority) where['priority'] = filter.priority;
  const all: CaseDoc[] = [];
  let before: { created_at: string; id: string } | undefined;
  while (all.length < CASES_READ_CAP) {
    const page = await store.find<CaseDoc>(CASES, { where, limit: 500, ...(before ? { before } : {}) });
    all.push(...page);
    const last = page[page.length - 1];
    if (page.length < 500 || !last) break;
    before = { created_at: last.created_at, id: last.case_id };
  }
  return all.sort(oldestFirst);
}

/** One page, oldest first, after the cursor (the last case of the previous page). */
export async function casesPage(store: ReadStore, tenantId: string, filter: CaseFilter, limit: number, after?: { created_at: string; id: string }) {
  const all = await matchingCases(store, tenantId, filter);
  const rest = after ? all.filter((c) => c.created_at > after.created_at || (c.created_at === after.created_at && c.case_id > after.id)) : all;
  return { data: rest.slice(0, limit), hasMore: rest.length > limit, total: all.length };
}

/** A note or a step in the life of a case: every note typed about it is shown again. */
export interface CaseHistoryEntry {
  at: string;
  kind:
    | 'opened'
    | 'reopened'
    | 'item_added'
    | 'item_resolved'
    | 'assigned'
    | 'comment'
    | 'escalation'
    | 'closing'
    | 'run_review_proposal'
    | 'run_review'
    | 'alert_resolution'
    | 'document_review'
    | 'freeze_recorded'
    | 'freeze_measures'
    | 'freeze_draft'
    | 'freeze_sent';
  /** who: `user:<id>`, `operator`, `system` */
  by: string | null;
  note: string | null;
  item: { kind: 'run' | 'alert' | 'document'; item_id: string } | null;
  /** the decision, resolution, status or assignee the entry records */
  detail: string | null;
}

function caseEntry(event: StoredEvent & CaseEvent): CaseHistoryEntry {
  const base = { by: event.metadata.actor, note: null, item: null, detail: null };
  switch (event.type) {
    case 'CaseOpened':
      return { ...base, at: event.data.opened_at, kind: 'opened' };
    case 'CaseReopened':
      return { ...base, at: event.data.reopened_at, kind: 'reopened' };
    case 'CaseItemAdded':
      return { ...base, at: event.data.added_at, kind: 'item_added', item: { kind: event.data.item.kind, item_id: event.data.item.item_id }, detail: event.data.item.reasons.join(',') };
    case 'CaseItemResolved':
      return { ...base, at: event.data.resolved_at, kind: 'item_resolved', item: { kind: event.data.kind, item_id: event.data.item_id } };
    case 'CaseAssigneeChanged':
      return { ...base, at: event.data.changed_at, kind: 'assigned', by: event.data.by, detail: event.data.assignee };
    case 'CaseCommented':
      return { ...base, at: event.data.commented_at, kind: 'comment', by: event.data.author, note: event.data.text };
    case 'CaseEscalated':
      return { ...base, at: event.data.escalated_at, kind: 'escalation', by: event.data.by, note: event.data.note };
    case 'CaseClosed':
      return { ...base, at: event.data.closed_at, kind: 'closing', by: event.data.by, note: event.data.note };
    case 'CaseFreezeRecorded':
      return { ...base, at: event.data.recorded_at, kind: 'freeze_recorded', item: { kind: 'alert', item_id: event.data.alert_id }, detail: event.data.list_id };
    case 'FreezeMeasuresRecorded':
      return { ...base, at: event.data.recorded_at, kind: 'freeze_measures', by: event.data.by, note: event.data.justification === '[erased]' ? null : event.data.justification };
    case 'FreezeCommunicationDrafted':
      return { ...base, at: event.data.drafted_at, kind: 'freeze_draft', detail: `${event.data.addressee}:${event.data.version}` };
    case 'FreezeCommunicationSent':
      return { ...base, at: event.data.recorded_at, kind: 'freeze_sent', by: event.data.by, detail: `${event.data.addressee}:${event.data.version}:${event.data.protocol}` };
  }
}

async function runNotes(log: EventLog, runId: string): Promise<CaseHistoryEntry[]> {
  const item = { kind: 'run' as const, item_id: runId };
  return (await log.readStream(runStream(runId))).filter(isEventOf(RunEvent)).flatMap((e): CaseHistoryEntry[] => {
    if (e.type === 'RunReviewProposed') return [{ at: e.data.proposed_at, kind: 'run_review_proposal', by: e.data.proposed_by, note: e.data.note, item, detail: e.data.decision }];
    if (e.type === 'RunReviewed') return [{ at: e.data.reviewed_at, kind: 'run_review', by: e.data.reviewed_by ?? e.metadata.actor, note: e.data.note, item, detail: e.data.decision }];
    return [];
  });
}

function customerNotes(events: StoredEvent[], alerts: Set<string>, documents: Set<string>): CaseHistoryEntry[] {
  return events.filter(isEventOf(CustomerEvent)).flatMap((e): CaseHistoryEntry[] => {
    if (e.type === 'MonitoringAlertResolved' && alerts.has(e.data.alert_id)) {
      return [{ at: e.data.resolved_at, kind: 'alert_resolution', by: e.metadata.actor, note: e.data.note, item: { kind: 'alert', item_id: e.data.alert_id }, detail: e.data.resolution }];
    }
    if (e.type === 'DocumentReviewed' && documents.has(e.data.document_id)) {
      return [{ at: e.data.reviewed_at, kind: 'document_review', by: e.metadata.actor, note: e.data.reason, item: { kind: 'document', item_id: e.data.document_id }, detail: e.data.status }];
    }
    return [];
  });
}

export interface CaseDetail {
  case: CaseDoc;
  /** every item the case ever had, the open ones flagged */
  items: (CaseItem & { open: boolean; added_at: string })[];
  history: CaseHistoryEntry[];
  comments: CaseHistoryEntry[];
  /** runs of the case with a four-eyes proposal awaiting a second analyst: run id to proposer */
  proposals: Record<string, string>;
}

/** A case with its items, its comments and the history of every note about it (its runs' reviews, its alerts' and documents' conclusions). */
export async function caseDetail(deps: { log: EventLog; readStore: ReadStore }, caseId: string, caller: Caller): Promise<E.Either<DomainError, CaseDetail>> {
  const doc = await getCase(deps.readStore, caseId);
  if (!doc || !mayActOn(caller, doc.tenant_id)) return E.left(new DomainError('case_not_found', 'Caso não encontrado.', 'case_id'));
  const events = (await deps.log.readStream(caseStream(caseId))).filter(isEventOf(CaseEvent));
  const own = events.map(caseEntry);
  const items = new Map<string, CaseDetail['items'][number]>();
  for (const e of events) {
    if (e.type === 'CaseItemAdded') items.set(`${e.data.item.kind}:${e.data.item.item_id}`, { ...e.data.item, open: false, added_at: e.data.added_at });
  }
  for (const open of doc.items) {
    const item = items.get(`${open.kind}:${open.item_id}`);
    if (item) item.open = true;
  }
  const all = [...items.values()];
  const ids = (kind: string) => all.filter((i) => i.kind === kind).map((i) => i.item_id);
  const runEntries = (await Promise.all(ids('run').map((id) => runNotes(deps.log, id)))).flat();
  const customerEntries = customerNotes(await deps.log.readStream(customerStream(doc.customer_id)), new Set(ids('alert')), new Set(ids('document')));
  const history = [...own, ...runEntries, ...customerEntries].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return E.right({ case: doc, items: all, history, comments: own.filter((h) => h.kind === 'comment'), proposals: await pendingProposals(deps.readStore, doc) });
}

/** Four-eyes: the open runs of a case awaiting a second analyst, with who proposed (RunReviewProposed without RunReviewed after it). */
export async function pendingProposals(store: ReadStore, doc: CaseDoc): Promise<Record<string, string>> {
  return (await proposalsByCase(store, [doc])).get(doc.case_id) ?? {};
}

/** The same for many cases, their runs read in one request: case id to (run id to proposer). */
export async function proposalsByCase(store: ReadStore, docs: readonly CaseDoc[]): Promise<Map<string, Record<string, string>>> {
  const runIds = docs.flatMap((d) => d.items.filter((i) => i.kind === 'run').map((i) => i.item_id));
  const runs = runIds.length === 0 ? new Map() : await store.getMany<RunDoc>('runs', runIds);
  const out = new Map<string, Record<string, string>>();
  for (const doc of docs) {
    const pending: Record<string, string> = {};
    for (const item of doc.items) {
      const run = runs.get(item.item_id)?.doc;
      if (item.kind === 'run' && run?.review_proposal && !run.review) pending[run.run_id] = run.review_proposal.proposed_by;
    }
    out.set(doc.case_id, pending);
  }
  return out;
}
