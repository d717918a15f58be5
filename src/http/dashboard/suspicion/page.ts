import { cc4001Item, CC4001_INCISOS, CC4001_ITEMS, OTHER_REASON } from '../../../domain/siscoaf/cc4001.js';
import { COMMUNICATION_STATUS_LABEL, SUSPICION_CLOCK_LABEL, SUSPICION_ORIGIN_LABEL, SUSPICION_STATUS_LABEL } from '../labels.js';
import { when } from '../present.js';
import { dueText } from './clock-text.js';
import type { NewCaseTyped } from './forms.js';

/** The clocks of a case as the read model keeps them (ISO instants, null until they start). */
export interface SuspicionClocks {
  selection_due_at: string | null;
  analysis_due_at: string | null;
  communication_due_at: string | null;
  amendment_justification_after: string | null;
}

/** What a queue row reads of a case (the read model `suspicion_cases`, mapped by the routes). */
export interface SuspicionRowInput {
  case_id: string;
  status: string;
  origin: { kind: string; ref: string | null };
  reason_codes: readonly string[];
  other_reason: string | null;
  clocks: SuspicionClocks;
  overdue: boolean;
  communication_status: string | null;
  occurred_at: string;
}

const coded = (labels: Record<string, string>, code: string) => ({ code, text: labels[code] ?? code });

/** A 4.001 item as a label: its text cut short at a word (the whole text and the code as the tooltip). */
export function reasonLabel(code: string, otherText?: string | null): { code: string; text: string; title: string } {
  if (code === OTHER_REASON) return { code, text: 'Outra situação', title: `${code}${otherText ? `: ${otherText}` : ''}` };
  const item = cc4001Item(code);
  if (!item) return { code, text: code, title: code };
  return { code, text: shortText(item.text, 60), title: `${code}: ${item.text}` };
}

function shortText(text: string, max: number): string {
  if (text.length <= max) return text.replace(/[;.]$/, '');
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).replace(/[,;]$/, '')}…`;
}

/** The clock that runs now for a case in this status (null when none does). */
export function runningClock(input: Pick<SuspicionRowInput, 'status' | 'clocks' | 'communication_status'>): keyof SuspicionClocks | null {
  if (input.status === 'pending_selection') return 'selection_due_at';
  if (input.status === 'in_analysis' || input.status === 'awaiting_approval') return 'analysis_due_at';
  if (input.clocks.communication_due_at && (input.communication_status === 'pending' || input.communication_status === 'xml_generated' || input.communication_status === 'rejected')) return 'communication_due_at';
  return null;
}

/** One clock as the pages print it: its name, the rule as a tooltip, the date in Brasília and "vence em / vencido há". */
export function clockView(name: keyof SuspicionClocks, at: string | null, now: Date) {
  const label = SUSPICION_CLOCK_LABEL[name]!;
  if (!at) return { name, text: label.text, basis: label.basis, at: null, when: '—', due: null, overdue: false };
  const due = dueText(at, now);
  return { name, text: label.text, basis: label.basis, at, when: when(at), due: due.text, overdue: due.overdue };
}

/** Overdue first, then the nearest due, then the cases without a running clock (oldest operation first). */
export function queueOrder(now: Date) {
  const dueOf = (c: SuspicionRowInput) => {
    const clock = runningClock(c);
    return clock ? c.clocks[clock] : null;
  };
  const late = (c: SuspicionRowInput) => c.overdue || ((dueOf(c) ?? '9') < now.toISOString());
  return (a: SuspicionRowInput, b: SuspicionRowInput): number => {
    if (late(a) !== late(b)) return late(a) ? -1 : 1;
    const da = dueOf(a);
    const db = dueOf(b);
    if (da !== db) return da === null ? 1 : db === null ? -1 : da.localeCompare(db);
    return a.occurred_at.localeCompare(b.occurred_at) || a.case_id.localeCompare(b.case_id);
  };
}

export const SUSPICION_STATUS_FILTERS = ['pending_selection', 'dismissed', 'in_analysis', 'awaiting_approval', 'decided', 'closed'] as const;
export interface SuspicionQueueFilters {
  status: (typeof SUSPICION_STATUS_FILTERS)[number] | '';
  overdue: boolean;
}

export function originHref(origin: { kind: string; ref: string | null }, customerId: string | null): string | null {
  if (!origin.ref) return null;
  if (origin.kind === 'run') return `/dashboard/runs/${origin.ref}`;
  if (origin.kind === 'alert' && customerId) return `/dashboard/customers/${customerId}#alerta-${origin.ref}`;
  return null;
}

function queueRow(input: SuspicionRowInput, now: Date) {
  const running = runningClock(input);
  const clock = running ? clockView(running, input.clocks[running], now) : null;
  return {
    id: input.case_id,
    href: `/dashboard/casos-coaf/${input.case_id}`,
    status: coded(SUSPICION_STATUS_LABEL, input.status),
    origin: coded(SUSPICION_ORIGIN_LABEL, input.origin.kind),
    occurred: when(input.occurred_at),
    reasons: input.reason_codes.map((code) => reasonLabel(code, input.other_reason)),
    clock,
    overdue: input.overdue || (clock?.overdue ?? false),
    communication: input.communication_status ? coded(COMMUNICATION_STATUS_LABEL, input.communication_status) : null,
  };
}

/** The "Casos COAF" queue: overdue first, then the nearest due; filtered by status and overdue. */
export function suspicionQueuePage(input: { cases: readonly SuspicionRowInput[]; filters: SuspicionQueueFilters; now: Date }) {
  const { filters, now } = input;
  const rows = input.cases
    .filter((c) => !filters.status || c.status === filters.status)
    .map((c) => ({ c, row: queueRow(c, now) }))
    .filter(({ row }) => !filters.overdue || row.overdue)
    .sort((a, b) => queueOrder(now)(a.c, b.c))
    .map(({ row }) => row);
  return { rows, total: rows.length, filters, statuses: SUSPICION_STATUS_LABEL };
}

/** The 4.001 list for the decision's picker, grouped by inciso (the code as each option's value). */
export const reasonOptions = () =>
  CC4001_INCISOS.map((group) => ({ heading: group.heading, items: CC4001_ITEMS.filter((i) => i.inciso === group.inciso).map((i) => ({ code: i.code, text: `${i.alinea}) ${shortText(i.text, 110)}`, title: i.text })) }));

/** The "Abrir caso COAF" form: the alert or run it comes from, the reasons picker, what was typed and the errors. */
export function newCasePage(input: { kind: 'alert' | 'run'; ref: string; typed?: NewCaseTyped; errors?: Record<string, string> }) {
  const typed: NewCaseTyped = input.typed ?? { ref: input.ref, reason_codes: [], other_reason: '', description: '', op_type: '', op_value: '', op_date: '', op_channel: '', party_name: '', party_type: 'PF', party_document: '' };
  return {
    origin: { kind: input.kind, ref: input.ref, text: SUSPICION_ORIGIN_LABEL[input.kind]!, href: input.kind === 'run' ? `/dashboard/runs/${input.ref}` : null },
    reasonGroups: reasonOptions(),
    typed: { ...typed, reasonCodes: new Set(typed.reason_codes) },
    errors: input.errors ?? {},
  };
}
