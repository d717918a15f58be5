import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import { ReportMode } from '../../../domain/report/events.js';
import { ReviewRunBody } from '../../operations/runs.js';
import { decodeCursor } from '../../paging.js';
import { formValue, textUpTo } from '../forms.js';
import { STATUS_LABEL } from '../labels.js';
import { choice } from '../present.js';
import { searchTerms } from '../search.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';
import type { ReviewFormState } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

const RUN_STATUSES = Object.keys(STATUS_LABEL);

/** The list's filters; a template must be one the tenant may use. */
export function runFilters(ctx: Ctx, templateIds: readonly string[]) {
  const status = choice(ctx.query['status'], RUN_STATUSES, 'status');
  const environment = choice(ctx.query['environment'], ['live', 'sandbox'] as const, 'environment');
  const template = choice(ctx.query['template'], templateIds, 'template');
  const terms = searchTerms(ctx);
  const before = ctx.query['cursor'] === undefined ? undefined : decodeCursor(ctx.query['cursor']);
  return { status, environment, template, terms, before };
}

/**
 * An analyst's review of a run: the API's decisions, a required note of at most 2000
 * characters. Either the review, or what was typed with an error per field (shown again).
 */
export function runReviewForm(form: URLSearchParams): { review: { decision: 'approved' | 'rejected'; note: string } } | { refused: ReviewFormState } {
  const decisionText = formField(form, 'decision');
  const noteText = formField(form, 'note');
  const decision = ReviewRunBody.types[0].props.decision.decode(decisionText);
  const note = noteText.trim();
  const errors: Record<string, string> = {};
  if (E.isLeft(decision)) errors['decision'] = 'Escolha aprovar ou reprovar.';
  if (note === '') errors['note'] = 'Escreva uma nota com o motivo da decisão.';
  else if (E.isLeft(textUpTo(2000).decode(note))) errors['note'] = 'A nota tem no máximo 2000 caracteres.';
  if (E.isLeft(decision) || Object.keys(errors).length > 0) return { refused: { decision: decisionText, note: noteText, errors } };
  return { review: { decision: decision.right, note } };
}

export const reportModeForm = (form: URLSearchParams): ReportMode => formValue(ReportMode, formField(form, 'mode'), 'Escolha o relatório resumido ou o completo.', 'mode');
