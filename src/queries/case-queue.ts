import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore, Scalar } from '../adapters/read-store/port.js';
import type { CaseKind } from '../domain/assignment/events.js';
import type { Environment } from '../domain/values/scopes.js';
import { assigneesOf } from '../projections/assignments.js';
import type { CustomerDoc, DocumentIndexDoc } from '../projections/customers.js';
import { ALERTS, type AlertDoc } from '../projections/monitoring-alerts.js';
import type { RunDoc } from '../projections/runs.js';
import { runSubjects, type Subject } from './history.js';

/** The case queue: a tenant's open cases of each kind (runs to review, open alerts, pending documents). */

export type Cursor = { created_at: string; id: string };

/** At most this many rounds of a filtered scan: a count shows "N+" rather than read without end. */
const MAX_ROUNDS = 20;
export const QUEUE_PAGE_SIZE = 50;
/** Counts stop here ("1000+"): a queue longer than that is read by its pages, not counted. */
export const COUNT_CAP = 1000;

/**
 * Newest first from a keyset source, keeping what `keep` keeps (a filter the store cannot
 * apply), until `want` are kept or the source ends.
 */
async function collect<T>(
  source: (before: Cursor | undefined, limit: number) => Promise<T[]>,
  cursorOf: (item: T) => Cursor,
  keep: (items: T[]) => Promise<T[]>,
  want: number,
  before: Cursor | undefined,
): Promise<T[]> {
  const kept: T[] = [];
  const limit = Math.max(want, 100);
  let after = before;
  for (let round = 0; round < MAX_ROUNDS && kept.length < want; round += 1) {
    const batch = await source(after, limit);
    kept.push(...(await keep(batch)));
    const last = batch[batch.length - 1];
    if (batch.length < limit || !last) break;
    after = cursorOf(last);
  }
  return kept.slice(0, want);
}

const newestFirst = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1;

export type CaseDoc = { kind: 'run'; doc: RunDoc } | { kind: 'alert'; doc: AlertDoc } | { kind: 'document'; doc: DocumentIndexDoc };

export const caseId = (c: CaseDoc): string => (c.kind === 'run' ? c.doc.run_id : c.kind === 'alert' ? c.doc.alert_id : c.doc.document_id);
export const caseCursor = (c: CaseDoc): Cursor => ({ created_at: c.doc.created_at ?? '', id: caseId(c) });

export interface QueueFilter {
  tenantId: string;
  environment: Environment | '';
  /** mine: the signed-in user's; unassigned: nobody's; '': anyone's */
  assignee: 'mine' | 'unassigned' | '';
  userId: string;
}

const env = (filter: QueueFilter): Record<string, Scalar> => (filter.environment ? { environment: filter.environment } : {});

/** Runs awaiting an analyst: pending_review, and partial runs held for manual review; one newest-first sequence. */
async function reviewableRuns(store: ReadStore, filter: QueueFilter, before: Cursor | undefined, limit: number): Promise<CaseDoc[]> {
  const page = (where: Record<string, Scalar>) => store.find<RunDoc>('runs', { where: { tenant_id: filter.tenantId, ...env(filter), ...where }, limit, ...(before ? { before } : {}) });
  const [pending, partial] = await Promise.all([page({ status: 'pending_review' }), page({ status: 'partial', manual_review: true })]);
  return [...pending, ...partial]
    .map((doc) => ({ kind: 'run' as const, doc }))
    .sort((a, b) => newestFirst(caseCursor(a), caseCursor(b)))
    .slice(0, limit);
}

async function openAlerts(store: ReadStore, filter: QueueFilter, before: Cursor | undefined, limit: number): Promise<CaseDoc[]> {
  const found = await store.find<AlertDoc>(ALERTS, { where: { tenant_id: filter.tenantId, status: 'open', ...env(filter) }, limit, ...(before ? { before } : {}) });
  return found.map((doc) => ({ kind: 'alert' as const, doc }));
}

/** Documents awaiting review (the index knows no environment: the customer's says it, see `keepCases`). */
async function pendingDocuments(store: ReadStore, filter: QueueFilter, before: Cursor | undefined, limit: number): Promise<CaseDoc[]> {
  const found = await store.find<DocumentIndexDoc>('documents', { where: { tenant_id: filter.tenantId, status: 'pendente', replaced: false }, limit, ...(before ? { before } : {}) });
  return found.map((doc) => ({ kind: 'document' as const, doc }));
}

const SOURCES: Record<CaseKind, typeof openAlerts> = { run: reviewableRuns, alert: openAlerts, document: pendingDocuments };

/** The filters the store cannot apply: a document's environment (its customer's) and the assignee. */
function keepCases(store: ReadStore, kind: CaseKind, filter: QueueFilter) {
  return async (items: CaseDoc[]): Promise<CaseDoc[]> => {
    let kept = items;
    if (kind === 'document' && filter.environment) {
      const customers = await store.getMany<CustomerDoc>('customers', items.map((c) => (c.doc as DocumentIndexDoc).customer_id));
      kept = kept.filter((c) => customers.get((c.doc as DocumentIndexDoc).customer_id)?.doc.environment === filter.environment);
    }
    if (filter.assignee === '') return kept;
    const assignees = await assigneesOf(store, kind, kept.map(caseId));
    return kept.filter((c) => (filter.assignee === 'mine' ? assignees.get(caseId(c)) === filter.userId : !assignees.has(caseId(c))));
  };
}

/** One kind of open case of the tenant, newest first, filtered, up to `want`. */
export function openCases(store: ReadStore, kind: CaseKind, filter: QueueFilter, want: number, before?: Cursor): Promise<CaseDoc[]> {
  return collect((after, limit) => SOURCES[kind](store, filter, after, limit), caseCursor, keepCases(store, kind, filter), want, before);
}

/** The customers of some cases, by id. */
export async function customersById(store: ReadStore, ids: readonly string[]): Promise<Map<string, CustomerDoc>> {
  const found = await store.getMany<CustomerDoc>('customers', ids);
  return new Map([...found.values()].map(({ doc }) => [doc.customer_id, doc]));
}

/** Whom each case is about: a run's subject, or the customer of an alert or a document. */
async function caseSubjects(deps: { log: EventLog; readStore: ReadStore }, cases: readonly CaseDoc[]): Promise<Map<string, Subject>> {
  const runs = cases.flatMap((c) => (c.kind === 'run' ? [c.doc] : []));
  if (runs.length > 0) return runSubjects(deps.log, deps.readStore, runs);
  const customerOf = (c: CaseDoc) => (c.doc as AlertDoc | DocumentIndexDoc).customer_id;
  const customers = await customersById(deps.readStore, cases.map(customerOf));
  return new Map(
    cases.map((c) => {
      const customer = customers.get(customerOf(c));
      return [caseId(c), { name: customer?.profile['name'], doc: customer?.profile['doc'], environment: customer?.environment }];
    }),
  );
}

const isFreeze = (c: CaseDoc) => c.kind === 'alert' && c.doc.freeze_required === true;

/**
 * The first page of alerts opens with every open freeze alert (issue 29: a freeze is due "sem
 * demora"), however old, then the others newest first; later pages go on by age as before.
 */
async function freezeFirst(store: ReadStore, filter: QueueFilter, page: readonly CaseDoc[]): Promise<CaseDoc[]> {
  const found = await store.find<AlertDoc>(ALERTS, { where: { tenant_id: filter.tenantId, status: 'open', freeze_required: true, ...env(filter) }, limit: QUEUE_PAGE_SIZE });
  const freezes = await keepCases(store, 'alert', filter)(found.map((doc) => ({ kind: 'alert' as const, doc })));
  const ids = new Set(freezes.map(caseId));
  return [...freezes, ...page.filter((c) => !ids.has(caseId(c)) && !isFreeze(c))];
}

/** One section of the queue as a screen shows it: a page of cases with whom they are about and who has them. */
export interface QueueSection {
  kind: CaseKind;
  cases: CaseDoc[];
  /** how many open cases match, up to COUNT_CAP + 1 */
  total: number;
  /** the cursor of the next page, when there is one */
  next: Cursor | null;
  subjects: Map<string, Subject>;
  assignees: Map<string, string>;
}

/** A page (from `cursor`, else the newest) of one kind of open case, with its count. */
export async function queueSection(deps: { log: EventLog; readStore: ReadStore }, kind: CaseKind, filter: QueueFilter, cursor?: Cursor): Promise<QueueSection> {
  const all = await openCases(deps.readStore, kind, filter, COUNT_CAP + 1);
  const page = cursor ? await openCases(deps.readStore, kind, filter, QUEUE_PAGE_SIZE + 1, cursor) : all.slice(0, QUEUE_PAGE_SIZE + 1);
  const newest = page.slice(0, QUEUE_PAGE_SIZE);
  const last = newest[newest.length - 1];
  const next = page.length > QUEUE_PAGE_SIZE && last ? caseCursor(last) : null;
  const cases = kind === 'alert' && !cursor ? await freezeFirst(deps.readStore, filter, newest) : newest;
  if (cases.length === 0) return { kind, cases, total: all.length, next, subjects: new Map(), assignees: new Map() };
  const assignees = await assigneesOf(deps.readStore, kind, cases.map(caseId));
  const subjects = await caseSubjects(deps, cases);
  return { kind, cases, total: all.length, next, subjects, assignees };
}
