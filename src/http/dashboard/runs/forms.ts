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

/** An analyst's review of a run: the API's decisions, a note of at most 2000 characters. */
export function runReviewForm(form: URLSearchParams) {
  const decision = formValue(ReviewRunBody.types[0].props.decision, formField(form, 'decision'), 'Escolha aprovar ou reprovar.', 'decision');
  const note = formValue(textUpTo(2000), formField(form, 'note').trim(), 'A nota tem no máximo 2000 caracteres.', 'note');
  return { decision, note };
}

export const reportModeForm = (form: URLSearchParams): ReportMode => formValue(ReportMode, formField(form, 'mode'), 'Escolha o relatório resumido ou o completo.', 'mode');
