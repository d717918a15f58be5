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
