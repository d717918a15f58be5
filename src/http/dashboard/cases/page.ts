import type { CaseDoc } from '../../../projections/cases.js';
import type { CustomerDoc } from '../../../projections/customers.js';
import type { CaseDetail, CaseHistoryEntry } from '../../../queries/cases.js';
import { encodeCursor } from '../../paging.js';
import { CASE_HISTORY_LABEL, CASE_PRIORITY_LABEL, CASE_REASON_LABEL, CASE_STATUS_LABEL, DECISION_LABEL, DOCUMENT_STATUS_LABEL, ENVIRONMENT_LABEL, RESOLUTION_LABEL, ROLE_LABELS, label } from '../labels.js';
import { ageText, maskedDoc, nameText, userEmail, when } from '../present.js';
import type { DashboardUserInfo } from '../queries.js';
import type { DashboardUser } from '../state.js';
import { freezeSection, type FreezeFormState } from './freeze-page.js';
import type { CaseQueueFilters } from './forms.js';
import type { FreezeCommunications } from '../../../queries/freeze-communications.js';
import { FREEZE_ADDRESSEE_LABEL } from '../labels.js';
import { listDisplayName } from '../../../domain/list/info.js';

type Users = ReadonlyMap<string, DashboardUserInfo>;

/** A code as a screen shows it: the pt-BR word, the raw code kept for the tooltip. */
const coded = (labels: Record<string, string>, code: string) => ({ code, text: labels[code] ?? code });

/** Four-eyes, as the signed-in person reads it: their own proposal waits for another analyst; another's waits for them. */
export function fourEyesOf(proposals: Record<string, string>, userId: string): 'mine' | 'theirs' | null {
  const proposers = Object.values(proposals);
  if (proposers.some((p) => p !== userId)) return 'theirs';
  return proposers.length > 0 ? 'mine' : null;
}

export const FOUR_EYES_TEXT = { mine: 'aguardando confirmação de outro analista', theirs: 'aguardando sua confirmação' } as const;

const subjectOf = (customer: CustomerDoc | undefined) => ({ name: nameText(customer?.profile['name']), doc: maskedDoc(customer?.profile['doc']), environment: label(ENVIRONMENT_LABEL, customer?.environment) });

export interface QueueRowInput {
  doc: CaseDoc;
  customer: CustomerDoc | undefined;
  proposals: Record<string, string>;
}

function caseRow(input: QueueRowInput, users: Users, user: DashboardUser, now: Date) {
  const { doc } = input;
  const fourEyes = fourEyesOf(input.proposals, user.user_id);
  return {
    id: doc.case_id,
    href: `/dashboard/casos/${doc.case_id}`,
    ...subjectOf(input.customer),
    age: ageText(doc.created_at, now),
    created_at: doc.created_at,
    items: doc.items.length,
    reasons: doc.reasons.map((r) => coded(CASE_REASON_LABEL, r)),
    priority: coded(CASE_PRIORITY_LABEL, doc.priority),
    status: coded(CASE_STATUS_LABEL, doc.status),
    assigneeEmail: doc.assignee ? userEmail(users, doc.assignee) : null,
    fourEyes: fourEyes ? { code: fourEyes, text: FOUR_EYES_TEXT[fourEyes] } : null,
  };
}

function olderLink(filters: CaseQueueFilters, last: CaseDoc): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries({ status: filters.status, assignee: filters.assignee, priority: filters.priority, confirmar: filters.confirmar ? '1' : '' })) if (v) query.set(k, v);
  query.set('cursor', encodeCursor({ created_at: last.created_at, id: last.case_id }));
  return `/dashboard/casos?${query.toString()}`;
}

/** The case queue: one row per customer's case, oldest first, with its filters and the bulk assignment. */
export function caseQueuePage(input: { rows: QueueRowInput[]; more: boolean; total: number; filters: CaseQueueFilters; users: Users; user: DashboardUser; now: Date; back: string }) {
  const { users, user, now, filters } = input;
  const last = input.rows[input.rows.length - 1];
  const people = [...users.values()].filter((u) => u.status === 'active' && u.role !== 'viewer');
  return {
    rows: input.rows.map((r) => caseRow(r, users, user, now)),
    total: input.total,
    more: input.more && last ? olderLink(filters, last.doc) : null,
    filters,
    statuses: CASE_STATUS_LABEL,
    priorities: CASE_PRIORITY_LABEL,
    people: people.map((p) => ({ id: p.id, email: p.email, role: ROLE_LABELS[p.role] })),
    canAssign: user.role !== 'viewer',
    back: input.back,
  };
}

const ITEM_NAMES = { run: 'Execução', alert: 'Alerta', document: 'Documento' } as const;

function itemHref(customerId: string, kind: 'run' | 'alert' | 'document', itemId: string): string {
  if (kind === 'run') return `/dashboard/runs/${itemId}`;
  return `/dashboard/customers/${customerId}#${kind === 'alert' ? 'alerta' : 'documento'}-${itemId}`;
}

function detailText(entry: CaseHistoryEntry, users: Users): string | null {
  if (entry.detail === null) return null;
  switch (entry.kind) {
    case 'assigned':
      return `para ${userEmail(users, entry.detail)}`;
    case 'run_review':
    case 'run_review_proposal':
      return label(DECISION_LABEL, entry.detail);
    case 'alert_resolution':
      return label(RESOLUTION_LABEL, entry.detail);
    case 'document_review':
      return label(DOCUMENT_STATUS_LABEL, entry.detail);
    case 'item_added':
      return entry.detail.split(',').map((r) => CASE_REASON_LABEL[r] ?? r).join(', ');
    case 'freeze_recorded':
      return listDisplayName(entry.detail);
    case 'freeze_draft':
    case 'freeze_sent': {
      const [addressee, version, protocol] = entry.detail.split(':');
      return `${FREEZE_ADDRESSEE_LABEL[addressee ?? ''] ?? addressee}, versão ${version}${protocol ? `, protocolo ${protocol}` : ''}`;
    }
    default:
      return entry.detail;
  }
}

function historyRow(entry: CaseHistoryEntry, users: Users, customerId: string) {
  const who = entry.by === null ? '—' : entry.by === 'system' ? 'sistema' : entry.by === 'operator' ? 'operador da plataforma' : userEmail(users, entry.by);
  return {
    at: entry.at,
    when: when(entry.at),
    what: coded(CASE_HISTORY_LABEL, entry.kind),
    who,
    note: entry.note,
    detail: detailText(entry, users),
    item: entry.item ? { text: ITEM_NAMES[entry.item.kind], href: itemHref(customerId, entry.item.kind, entry.item.item_id) } : null,
  };
}

export interface CaseFormState {
  errors: Partial<Record<'text' | 'escalate' | 'close', string>>;
  typed: Partial<Record<'text' | 'escalate' | 'close', string>>;
}

/** One case: its customer, items (links to where each is worked), comments, the history of every note, and the forms. */
export function casePage(input: {
  detail: CaseDetail;
  customer: CustomerDoc | undefined;
  users: Users;
  user: DashboardUser;
  now: Date;
  form?: CaseFormState;
  communications?: FreezeCommunications | null;
  freezeForm?: FreezeFormState;
}) {
  const { detail, users, user } = input;
  const doc = detail.case;
  const fourEyes = fourEyesOf(detail.proposals, user.user_id);
  const history = detail.history.map((h) => historyRow(h, users, doc.customer_id));
  return {
    id: doc.case_id,
    customerHref: `/dashboard/customers/${doc.customer_id}`,
    ...subjectOf(input.customer),
    age: ageText(doc.created_at, input.now),
    openedAt: when(doc.opened_at),
    status: coded(CASE_STATUS_LABEL, doc.status),
    priority: coded(CASE_PRIORITY_LABEL, doc.priority),
    assignee: doc.assignee,
    assigneeEmail: doc.assignee ? userEmail(users, doc.assignee) : null,
    fourEyes: fourEyes ? { code: fourEyes, text: FOUR_EYES_TEXT[fourEyes] } : null,
    items: detail.items.map((i) => ({
      kind: i.kind,
      id: i.item_id,
      text: ITEM_NAMES[i.kind],
      href: itemHref(doc.customer_id, i.kind, i.item_id),
      open: i.open,
      reasons: i.reasons.map((r) => coded(CASE_REASON_LABEL, r)),
      added: when(i.added_at),
      proposal: detail.proposals[i.item_id] ? FOUR_EYES_TEXT[detail.proposals[i.item_id] === user.user_id ? 'mine' : 'theirs'] : null,
    })),
    openItems: detail.items.filter((i) => i.open).length,
    comments: history.filter((h) => h.what.code === 'comment'),
    notes: history.filter((h) => h.note !== null),
    history,
    people: [...users.values()].filter((u) => u.status === 'active' && u.role !== 'viewer').map((p) => ({ id: p.id, email: p.email, role: ROLE_LABELS[p.role] })),
    canAct: user.role !== 'viewer',
    closed: doc.status === 'closed',
    escalated: doc.status === 'escalated',
    errors: input.form?.errors ?? {},
    typed: input.form?.typed ?? {},
    freeze: freezeSection(doc.case_id, input.communications ?? null, users, input.freezeForm),
  };
}
