import type Koa from 'koa';
import { decodeCursor } from '../../paging.js';
import { choice, idParam } from '../present.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export const CASE_STATUS_FILTERS = ['open', 'in_progress', 'escalated', 'closed'] as const;
export const CASE_PRIORITY_FILTERS = ['alta', 'media', 'baixa'] as const;

export interface CaseQueueFilters {
  status: (typeof CASE_STATUS_FILTERS)[number] | '';
  /** meus: the signed-in user's; ninguem: the pool's; a user id: that person's; '': anyone's */
  assignee: string;
  priority: (typeof CASE_PRIORITY_FILTERS)[number] | '';
  /** "aguardando minha confirmação": cases with a four-eyes proposal by someone else */
  confirmar: boolean;
}

/** The case queue's filters from the query string (a value not offered is refused by name). */
export function caseQueueFilters(ctx: Ctx, userIds: ReadonlySet<string>) {
  const status = choice(ctx.query['status'], CASE_STATUS_FILTERS, 'status');
  const priority = choice(ctx.query['priority'], CASE_PRIORITY_FILTERS, 'priority');
  const rawAssignee = ctx.query['assignee'];
  const assignee = rawAssignee === undefined || rawAssignee === '' ? '' : typeof rawAssignee === 'string' && (rawAssignee === 'meus' || rawAssignee === 'ninguem' || userIds.has(rawAssignee)) ? rawAssignee : choice(rawAssignee, ['meus', 'ninguem'] as const, 'assignee');
  const confirmar = choice(ctx.query['confirmar'], ['1'] as const, 'confirmar') === '1';
  const cursor = ctx.query['cursor'] === undefined ? undefined : decodeCursor(ctx.query['cursor']);
  return { filters: { status, assignee, priority, confirmar } satisfies CaseQueueFilters, cursor };
}

export const caseIdParam = (ctx: Ctx): string => idParam(ctx.params['case_id'], 'not_found', 'Caso não encontrado.');

/** The bulk assignment form: the checked cases, the person (blank: back to the pool), the page to return to. */
export const bulkAssignForm = (form: URLSearchParams) => ({ caseIds: form.getAll('case_ids'), assignee: formField(form, 'assignee').trim() || null, back: formField(form, 'back') });

/** A note or comment form: the text as typed (kept on an error). */
export const noteForm = (form: URLSearchParams, field: 'text' | 'note') => formField(form, field);

/** A `datetime-local` value read as Brasília time (UTC−3, without daylight saving since 2019); anything else as typed, refused by name downstream. */
export const brasiliaInstant = (text: string): string => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text.trim()) ? `${text.trim()}:00-03:00` : text.trim());

/** An amount typed the Brazilian way (15.230,55 or 15230,55 or 15230.55); blank: none; anything else as typed, for the codec to refuse. */
export function brlAmount(text: string): number | null | string {
  const t = text.trim().replace(/^R\$\s*/, '');
  if (t === '') return null;
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(t) || /^\d+(,\d{1,2})?$/.test(t)) return Number(t.replaceAll('.', '').replace(',', '.'));
  if (/^\d+(\.\d{1,2})?$/.test(t)) return Number(t);
  return t;
}

const FREEZE_FIELDS = ['frozen_at', 'asset_kind', 'asset_description', 'asset_amount', 'attempt_at', 'attempt_description', 'attempt_amount', 'justification'] as const;

/**
 * The measures form of the case page: one asset and, optionally, one blocked attempt (the API takes
 * many), as the body of the public API's measures, decoded by its codec; what was typed kept.
 */
export function freezeMeasuresForm(form: URLSearchParams) {
  const typed = Object.fromEntries(FREEZE_FIELDS.map((f) => [f, formField(form, f)])) as Record<(typeof FREEZE_FIELDS)[number], string>;
  const asset = typed.asset_description.trim() ? [{ kind: typed.asset_kind, description: typed.asset_description, amount: brlAmount(typed.asset_amount) }] : [];
  const attempt = typed.attempt_description.trim() ? [{ at: brasiliaInstant(typed.attempt_at), description: typed.attempt_description, amount: brlAmount(typed.attempt_amount) }] : [];
  const body = { frozen_at: brasiliaInstant(typed.frozen_at), assets: asset, attempts_blocked: attempt, ...(typed.justification.trim() ? { justification: typed.justification } : {}) };
  return { body, typed };
}

/** The sending form: which draft, when (Brasília) and the protocol. */
export function freezeSentForm(form: URLSearchParams) {
  const typed = { draft_id: formField(form, 'draft_id'), sent_at: formField(form, 'sent_at'), protocol: formField(form, 'protocol') };
  return { draftId: typed.draft_id, body: { sent_at: brasiliaInstant(typed.sent_at), protocol: typed.protocol }, typed };
}
