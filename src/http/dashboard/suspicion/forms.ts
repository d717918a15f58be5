import type Koa from 'koa';
import { brasiliaInstant } from '../cases/forms.js';
import { choice, idParam } from '../present.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';
import { SUSPICION_STATUS_FILTERS, type SuspicionQueueFilters } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export const suspicionIdParam = (ctx: Ctx): string => idParam(ctx.params['case_id'], 'not_found', 'Caso não encontrado.');

/** The queue's filters from the query string (a value not offered is refused by name). */
export const suspicionQueueFilters = (ctx: Ctx): SuspicionQueueFilters => ({
  status: choice(ctx.query['status'], SUSPICION_STATUS_FILTERS, 'status'),
  overdue: choice(ctx.query['overdue'], ['1'] as const, 'overdue') === '1',
});

/** "Abrir caso COAF" from an alert or a run page: the origin it names. */
export const OPERATION_FIELDS = ['op_type', 'op_value', 'op_date', 'op_channel', 'party_name', 'party_type', 'party_document'] as const;
export type NewCaseTyped = { ref: string; reason_codes: string[]; other_reason: string; description: string } & Record<(typeof OPERATION_FIELDS)[number], string>;

/** The operation typed on the new-case form (its titular the one party), or none when its type is blank. */
export function typedOperation(typed: NewCaseTyped) {
  if (!typed.op_type.trim()) return null;
  const digits = typed.op_value.trim().replace(/^R\$\s*/, '').replace(/\./g, '');
  const value = /^\d+$/.test(digits) ? Number(digits) : typed.op_value;
  const party = typed.party_name.trim() ? [{ person_type: typed.party_type === 'PJ' ? 'PJ' : 'PF', name: typed.party_name.trim(), document: typed.party_document.replace(/\D/g, '') || null, tp_env: '1', pep: false, public_servant: 0, obliged_person: false, branch: null, account: null, account_opened_on: null }] : [];
  return { type: typed.op_type.trim(), value, date: typed.op_date.trim(), channel: typed.op_channel.trim(), parties: party };
}

export function openCaseForm(form: URLSearchParams | Record<string, unknown>): { kind: 'alert' | 'run' | null } & NewCaseTyped {
  const get = (name: string) => (form instanceof URLSearchParams ? formField(form, name) : typeof form[name] === 'string' ? (form[name] as string) : '');
  const codes = form instanceof URLSearchParams ? form.getAll('reason_codes') : [form['reason_codes'] ?? []].flat().filter((c): c is string => typeof c === 'string');
  const kind = get('origin_kind');
  const rest = { ref: get('origin_ref').trim(), reason_codes: codes, other_reason: get('other_reason'), description: get('description'), ...Object.fromEntries(OPERATION_FIELDS.map((f) => [f, get(f)])) } as NewCaseTyped;
  return kind === 'alert' || kind === 'run' ? { kind, ...rest } : { kind: null, ...rest };
}

/** The decision form, as typed (kept on a refusal). */
export function decisionForm(form: URLSearchParams) {
  const typed = { decision: formField(form, 'decision'), rationale: formField(form, 'rationale'), reason_codes: form.getAll('reason_codes'), other_reason: formField(form, 'other_reason') };
  return { typed, body: { decision: typed.decision, rationale: typed.rationale.trim(), reason_codes: typed.reason_codes, other_reason: typed.other_reason.trim() || null } };
}

const MONEY_FIELDS = ['VlCred', 'VlDeb', 'VlProv', 'VlProp'] as const;

/** The communication form: Det, the values (whole reais), the CodEnq ticked, the justification. */
export function communicationForm(form: URLSearchParams) {
  const typed: Record<string, string | string[]> = { Det: formField(form, 'Det'), CodEnq: form.getAll('CodEnq'), justification: formField(form, 'justification') };
  for (const name of MONEY_FIELDS) typed[name] = formField(form, name).trim();
  const values = Object.fromEntries(MONEY_FIELDS.map((name) => [name, (typed[name] as string).replace(/\./g, '') || '0'])) as Record<(typeof MONEY_FIELDS)[number], string>;
  return { typed, body: { Det: typed['Det'] as string, ...values, CodEnq: typed['CodEnq'] as string[], justification: (typed['justification'] as string).trim() || null } };
}

/** The "marcar como enviada" form: when (Brasília), blank for now. */
export const sentForm = (form: URLSearchParams, now: Date) => {
  const typed = formField(form, 'sent_at');
  return { typed, sentAt: typed.trim() ? brasiliaInstant(typed) : now.toISOString() };
};

/** A `YYYY-MM-DD` date from a date input, or null. */
export const dateParam = (raw: unknown): string | null => (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : null);
