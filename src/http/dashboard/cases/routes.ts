import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import type { Caller } from '../../../commands/caller.js';
import { assignCases, assignCaseTo, closeCase, commentCase, escalateCase } from '../../../commands/cases.js';
import type { DomainError } from '../../../domain/shared/decider.js';
import type { CaseDoc } from '../../../projections/cases.js';
import { customersById } from '../../../queries/case-queue.js';
import { caseDetail, matchingCases, proposalsByCase, type CaseFilter } from '../../../queries/cases.js';
import { readLookups } from '../../../queries/lookups.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { csrfGuard, readForm, requireRole, requireUser, safeNext, userContext } from '../session.js';
import type { DashboardState, DashboardUser } from '../state.js';
import { bulkAssignForm, caseIdParam, caseQueueFilters, noteForm, type CaseQueueFilters } from './forms.js';
import type { FreezeFormState } from './freeze-page.js';
import { caseQueuePage, casePage, fourEyesOf, type CaseFormState } from './page.js';
import { freezeCommunications } from '../../../queries/freeze-communications.js';

export interface CasesScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
}

type Ctx = Koa.ParameterizedContext<DashboardState>;
const PAGE_SIZE = 50;
const WORKERS = ['analyst', 'admin', 'compliance_officer'] as const;
export const callerOf = (user: DashboardUser): Caller => ({ kind: 'user', user_id: user.user_id, tenant_id: user.tenant_id });

function storeFilter(filters: CaseQueueFilters, user: DashboardUser): CaseFilter {
  const assignee = filters.assignee === 'meus' ? user.user_id : filters.assignee === 'ninguem' ? null : filters.assignee || undefined;
  return { ...(filters.status ? { status: filters.status } : { active: true }), priority: filters.priority || undefined, ...(assignee === undefined ? {} : { assignee }) };
}

/** The case queue: the tenant's cases matching the URL's filters, oldest first, a page at a time. */
async function showQueue(deps: CasesScreenDeps, ctx: Ctx): Promise<void> {
  const { readStore, clock } = deps;
  const user = ctx.state.user!;
  const users = await tenantUsers(readStore, user.tenant_id);
  const { filters, cursor } = caseQueueFilters(ctx, new Set(users.keys()));
  let docs = await matchingCases(readStore, user.tenant_id, storeFilter(filters, user));
  const proposals = await proposalsByCase(readStore, docs);
  if (filters.confirmar) docs = docs.filter((d) => fourEyesOf(proposals.get(d.case_id) ?? {}, user.user_id) === 'theirs');
  const rest = cursor ? docs.filter((c) => c.created_at > cursor.created_at || (c.created_at === cursor.created_at && c.case_id > cursor.id)) : docs;
  const shown: CaseDoc[] = rest.slice(0, PAGE_SIZE);
  const customers = await customersById(readStore, shown.map((d) => d.customer_id));
  const rows = shown.map((doc) => ({ doc, customer: customers.get(doc.customer_id), proposals: proposals.get(doc.case_id) ?? {} }));
  const page = caseQueuePage({ rows, more: rest.length > PAGE_SIZE, total: docs.length, filters, users, user, now: clock.now(), back: ctx.originalUrl });
  renderPage(ctx, 'cases', page, { title: 'Casos', nav: 'casos' });
}

/** One case's page, with a refused form's message and what was typed when there is one. */
export async function showCase(deps: CasesScreenDeps, ctx: Ctx, forms: { form?: CaseFormState; freezeForm?: FreezeFormState } = {}, status = 200): Promise<void> {
  const { readStore, clock, log } = deps;
  const user = ctx.state.user!;
  const caseId = caseIdParam(ctx);
  const detail = await caseDetail(deps, caseId, callerOf(user));
  if (E.isLeft(detail)) throw new ApiError('not_found', 'Caso não encontrado.');
  const customer = (await customersById(readStore, [detail.right.case.customer_id])).get(detail.right.case.customer_id);
  const users = await tenantUsers(readStore, user.tenant_id);
  const communications = await freezeCommunications(log, caseId, callerOf(user));
  const page = casePage({ detail: detail.right, customer, users, user, now: clock.now(), ...forms, communications: E.isRight(communications) ? communications.right : null });
  renderPage(ctx, 'case', page, { title: 'Caso', nav: 'casos', status });
}

/** The case queue and one case's page: assign (one or many), comment, escalate, close. */
export function casesRouter(deps: CasesScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock } = deps;
  const commandDeps = { log, lookups: readLookups(readStore) };
  const router = new Router<DashboardState>();

  router.get('/casos', requireUser(), (ctx) => showQueue(deps, ctx));

  router.post('/casos/assign', requireUser(), csrfGuard(), requireRole(...WORKERS), async (ctx) => {
    const user = ctx.state.user!;
    const form = bulkAssignForm(await readForm(ctx));
    if (form.caseIds.length === 0) throw new ApiError('invalid_request', 'Marque ao menos um caso para atribuir.', 'case_ids');
    const result = await assignCases(commandDeps, user.tenant_id, [...new Set(form.caseIds)], form.assignee, callerOf(user), userContext(ctx, clock));
    if (E.isLeft(result) && result.left.code === 'case_not_found') throw new ApiError('not_found', 'Caso não encontrado.');
    await applied(runner, result);
    const who = form.assignee === null ? null : (await tenantUsers(readStore, user.tenant_id)).get(form.assignee)?.email;
    const one = form.caseIds.length === 1;
    const n = one ? '1 caso' : `${form.caseIds.length} casos`;
    redirectTo(ctx, safeNext(form.back || '/dashboard/casos'), who ? `${n} ${one ? 'atribuído' : 'atribuídos'} a ${who}.` : `${n} ${one ? 'devolvido' : 'devolvidos'} à fila, sem responsável.`);
  });

  router.get('/casos/:case_id', requireUser(), (ctx) => showCase(deps, ctx));

  /** A refusal on one of the case's forms: shown next to its field, what was typed kept; another case's is not found. */
  const refused = async (ctx: Ctx, error: DomainError, field: 'text' | 'escalate' | 'close', typed: string) => {
    if (error.code === 'case_not_found') throw new ApiError('not_found', 'Caso não encontrado.');
    const status = fromDomainError(error).status;
    await showCase(deps, ctx, { form: { errors: { [field]: error.message }, typed: { [field]: typed } } }, status);
  };

  const writeOn = (path: string, field: 'text' | 'escalate' | 'close', write: (caseId: string, text: string, user: DashboardUser, ctx: Ctx) => ReturnType<typeof closeCase>, done: string) =>
    router.post(path, requireUser(), csrfGuard(), requireRole(...WORKERS), async (ctx) => {
      const user = ctx.state.user!;
      const caseId = caseIdParam(ctx);
      const text = noteForm(await readForm(ctx), field === 'text' ? 'text' : 'note');
      const result = await write(caseId, text, user, ctx);
      if (E.isLeft(result)) return refused(ctx, result.left, field, text);
      await applied(runner, result);
      redirectTo(ctx, `/dashboard/casos/${caseId}`, done);
    });

  writeOn('/casos/:case_id/comments', 'text', (id, text, user, ctx) => commentCase(commandDeps, id, { text }, callerOf(user), userContext(ctx, clock)), 'Comentário registrado.');
  writeOn('/casos/:case_id/escalate', 'escalate', (id, note, user, ctx) => escalateCase(commandDeps, id, note, callerOf(user), userContext(ctx, clock)), 'Caso escalado ao oficial de compliance.');
  writeOn('/casos/:case_id/close', 'close', (id, note, user, ctx) => closeCase(commandDeps, id, note, callerOf(user), userContext(ctx, clock)), 'Caso encerrado.');

  router.post('/casos/:case_id/assign', requireUser(), csrfGuard(), requireRole(...WORKERS), async (ctx) => {
    const user = ctx.state.user!;
    const caseId = caseIdParam(ctx);
    const { assignee } = bulkAssignForm(await readForm(ctx));
    const result = await assignCaseTo(commandDeps, caseId, assignee, callerOf(user), userContext(ctx, clock));
    if (E.isLeft(result) && result.left.code === 'case_not_found') throw new ApiError('not_found', 'Caso não encontrado.');
    await applied(runner, result);
    redirectTo(ctx, `/dashboard/casos/${caseId}`, assignee ? 'Responsável alterado.' : 'Caso devolvido à fila, sem responsável.');
  });

  return router;
}
