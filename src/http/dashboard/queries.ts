import type { EventLog } from '../../adapters/event-store/event-log.js';
import type { ReadStore, Scalar } from '../../adapters/read-store/port.js';
import type { CaseKind } from '../../domain/assignment/events.js';
import { runStream } from '../../domain/run/decider.js';
import type { Environment } from '../../domain/values/scopes.js';
import { assigneesOf } from '../../projections/assignments.js';
import type { CustomerDoc, DocumentIndexDoc } from '../../projections/customers.js';
import { ALERTS, type AlertDoc } from '../../projections/monitoring-alerts.js';
import type { RunDoc } from '../../projections/runs.js';
import { listTenantUsers, type DashboardUserDoc } from '../../projections/users.js';
import { listTenantKeys } from '../../projections/api-keys.js';

/** Read-model queries of the dashboard's screens, always within one tenant. */

export type Cursor = { created_at: string; id: string };

/** A tenant's dashboard user as the screens name people. */
export type DashboardUserInfo = Pick<DashboardUserDoc, 'id' | 'email' | 'role' | 'status'>;

/** The tenant's users by id (a tenant has a team, not thousands). */
export async function tenantUsers(store: ReadStore, tenantId: string): Promise<Map<string, DashboardUserInfo>> {
  return new Map((await listTenantUsers(store, tenantId)).map((u) => [u.id, u]));
}

/** The hints of the tenant's API keys by key id, to name a key that acted. */
export async function keyHints(store: ReadStore, tenantId: string): Promise<Map<string, string>> {
  return new Map((await listTenantKeys(store, tenantId)).map((k) => [k.key_id, k.key_hint]));
}

/** At most this many rounds of a filtered scan: a count shows "N+" rather than read without end. */
const MAX_ROUNDS = 20;

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

export interface Subject {
  name: unknown;
  doc: unknown;
  environment?: string;
}

/**
 * Whom each run screened: the customer's profile when a customer asked for it, else the
 * subject the run recorded (sealed in its first event, opened by the log).
 */
export async function runSubjects(log: EventLog, store: ReadStore, runs: readonly RunDoc[]): Promise<Map<string, Subject>> {
  const customers = await store.getMany<CustomerDoc>('customers', runs.flatMap((r) => (r.customer_id ? [r.customer_id] : [])));
  const subjects = new Map<string, Subject>();
  await Promise.all(
    runs.map(async (run) => {
      const customer = run.customer_id ? customers.get(run.customer_id)?.doc : undefined;
      if (customer) return subjects.set(run.run_id, { name: customer.profile['name'], doc: customer.profile['doc'] });
      const queued = (await log.readStream(runStream(run.run_id)))[0];
      const subject = queued?.type === 'RunQueued' ? (queued.data['subject'] as Record<string, unknown> | string) : null;
      return subjects.set(run.run_id, typeof subject === 'object' && subject !== null ? { name: subject['name'], doc: subject['doc'] } : { name: subject, doc: subject });
    }),
  );
  return subjects;
}

/** The customers of some cases, by id. */
export async function customersById(store: ReadStore, ids: readonly string[]): Promise<Map<string, CustomerDoc>> {
  const found = await store.getMany<CustomerDoc>('customers', ids);
  return new Map([...found.values()].map(({ doc }) => [doc.customer_id, doc]));
}
