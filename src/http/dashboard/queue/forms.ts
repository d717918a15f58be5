import * as t from 'io-ts';
import type Koa from 'koa';
import { decodeCursor } from '../../paging.js';
import { formValue, oneOf } from '../forms.js';
import { choice, idParam } from '../present.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';
import { SECTIONS, type SectionFilter } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

/** The queue's filters from the query string (each refused by name when not one of its values). */
export function queueFilters(ctx: Ctx) {
  const only = choice<SectionFilter>(ctx.query['kind'], SECTIONS.map((s) => s.filter), 'kind');
  const assignee = choice(ctx.query['assignee'], ['mine', 'unassigned'] as const, 'assignee');
  const environment = choice(ctx.query['environment'], ['live', 'sandbox'] as const, 'environment');
  // a cursor pages one section: the "mais antigos" link names it
  const cursor = ctx.query['cursor'] === undefined || only === '' ? undefined : decodeCursor(ctx.query['cursor']);
  return { only, assignee, environment, cursor };
}

const CaseKindParam = oneOf('run', 'alert', 'document');

/** The case named by the path of an assignment: a malformed one is as unknown as another tenant's. */
export function caseParams(ctx: Ctx) {
  const kind = formValue(CaseKindParam, ctx.params['kind'], 'Caso não encontrado.', null, 'not_found');
  const caseId = idParam(ctx.params['case_id'], 'not_found', 'Caso não encontrado.');
  return { kind, caseId };
}

/** The assignment form: the person (blank: back to the queue) and the page to return to. */
export const assignForm = (form: URLSearchParams) => ({ assignee: formField(form, 'assignee').trim() || null, back: formField(form, 'back') });

export type CaseKindParam = t.TypeOf<typeof CaseKindParam>;
