import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { assignCase } from '../../commands/assignments.js';
import type { CaseKind } from '../../domain/assignment/events.js';
import { assigneesOf } from '../../projections/assignments.js';
import type { DocumentIndexDoc } from '../../projections/customers.js';
import type { AlertDoc } from '../../projections/monitoring-alerts.js';
import type { RunDoc } from '../../projections/runs.js';
import { BAND_LABEL, STATUS_LABEL, label } from '../../reports/html.js';
import { scoreText } from '../../reports/screening-section.js';
import { readLookups } from '../../queries/lookups.js';
import type { App as Services } from '../../app/compose.js';
import { ApiError } from '../errors.js';
import { applied } from '../outcome.js';
import { decodeCursor, encodeCursor } from '../paging.js';
import { ROLE_LABELS } from './auth.js';
import { ENVIRONMENT_LABEL, ageText, choice, idParam, maskedDoc, nameText } from './present.js';
import { caseCursor, caseId, customersById, openCases, runSubjects, tenantUsers, type CaseDoc, type DashboardUserInfo, type QueueFilter, type Subject } from './queries.js';
import { redirectTo, renderPage } from './render.js';
import { csrfGuard, formField, readForm, requireRole, requireUser, safeNext, userContext } from './session.js';
import type { DashboardState } from './state.js';

/** The queue's sections: the filter's word for each kind of case, in the order shown. */
const SECTIONS = [
  { filter: 'execucoes', kind: 'run', title: 'Execuções aguardando revisão', empty: 'Nenhuma execução aguardando revisão.' },
  { filter: 'alertas', kind: 'alert', title: 'Alertas de monitoramento abertos', empty: 'Nenhum alerta aberto.' },
  { filter: 'documentos', kind: 'document', title: 'Documentos pendentes', empty: 'Nenhum documento pendente.' },
] as const;
type SectionFilter = (typeof SECTIONS)[number]['filter'];

export const PAGE_SIZE = 50;
/** Counts stop here ("1000+"): a queue longer than that is read by its pages, not counted. */
const COUNT_CAP = 1000;

const KIND_NAMES: Record<CaseKind, string> = { run: 'execução', alert: 'alerta', document: 'documento' };

/** The case queue (the dashboard's home) and assigning a case to a person of the team. */
export function queueRouter(services: Pick<Services, 'log' | 'readStore' | 'runner' | 'clock'>): Router<DashboardState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<DashboardState>();

  router.get('/', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const only = choice<SectionFilter>(ctx.query['kind'], SECTIONS.map((s) => s.filter), 'kind');
    const assignee = choice(ctx.query['assignee'], ['mine', 'unassigned'] as const, 'assignee');
    const environment = choice(ctx.query['environment'], ['live', 'sandbox'] as const, 'environment');
    // a cursor pages one section: the "mais antigos" link names it
    const cursor = ctx.query['cursor'] === undefined || only === '' ? undefined : decodeCursor(ctx.query['cursor']);
    const filter: QueueFilter = { tenantId: user.tenant_id, environment, assignee, userId: user.user_id };
    const users = await tenantUsers(readStore, user.tenant_id);
    const now = clock.now();
    const sections = [];
    for (const section of SECTIONS.filter((s) => only === '' || s.filter === only)) {
      const all = await openCases(readStore, section.kind, filter, COUNT_CAP + 1);
      const page = cursor ? await openCases(readStore, section.kind, filter, PAGE_SIZE + 1, cursor) : all.slice(0, PAGE_SIZE + 1);
      const shown = page.slice(0, PAGE_SIZE);
      const last = shown[shown.length - 1];
      const more = page.length > PAGE_SIZE && last ? olderLink({ kind: section.filter, assignee, environment }, caseCursor(last)) : null;
      sections.push({ ...section, count: all.length > COUNT_CAP ? `${COUNT_CAP}+` : String(all.length), rows: await caseRows(services, shown, users, now), more });
    }
    const assignable = [...users.values()].filter((u) => u.status === 'active' && u.role !== 'viewer');
    renderPage(
      ctx,
      'queue',
      {
        sections,
        filters: { kind: only, assignee, environment },
        assignable,
        canAssign: user.role !== 'viewer',
        roleLabel: ROLE_LABELS[user.role],
        back: ctx.originalUrl,
        environments: ENVIRONMENT_LABEL,
      },
      { title: 'Fila de casos', nav: 'fila' },
    );
  });

  router.post('/cases/:kind/:case_id/assign', requireUser(), csrfGuard(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const kind = ctx.params['kind'];
    if (kind !== 'run' && kind !== 'alert' && kind !== 'document') throw new ApiError('not_found', 'Caso não encontrado.');
    const caseIdValue = idParam(ctx.params['case_id'], 'not_found', 'Caso não encontrado.');
    const form = await readForm(ctx);
    const assignee = formField(form, 'assignee').trim() || null;
    const result = await assignCase({ log, lookups: readLookups(readStore) }, { kind, case_id: caseIdValue, assignee }, user.tenant_id, userContext(ctx, clock));
    // another tenant's case and an unknown one read the same
    if (E.isLeft(result) && result.left.code.endsWith('_not_found')) throw new ApiError('not_found', 'Caso não encontrado.');
    await applied(runner, result);
    const who = assignee === null ? null : (await tenantUsers(readStore, user.tenant_id)).get(assignee)?.email;
    redirectTo(ctx, safeNext(formField(form, 'back')), who ? `Caso (${KIND_NAMES[kind]}) atribuído a ${who}.` : `Caso (${KIND_NAMES[kind]}) devolvido à fila, sem responsável.`);
  });

  /** The rows of one section as the view prints them. */
  async function caseRows(deps: Pick<Services, 'log' | 'readStore'>, cases: readonly CaseDoc[], users: ReadonlyMap<string, DashboardUserInfo>, now: Date) {
    const kind = cases[0]?.kind;
    if (!kind) return [];
    const assignees = await assigneesOf(deps.readStore, kind, cases.map(caseId));
    const subjects = await subjectsOf(deps, cases);
    return cases.map((c) => {
      const id = caseId(c);
      const subject = subjects.get(id);
      const assigneeId = assignees.get(id) ?? null;
      return {
        kind: c.kind,
        id,
        ...describe(c),
        environment: label(ENVIRONMENT_LABEL, c.kind === 'document' ? subject?.environment : c.doc.environment),
        name: nameText(subject?.name),
        doc: maskedDoc(subject?.doc),
        age: ageText(c.doc.created_at ?? now.toISOString(), now),
        created_at: c.doc.created_at ?? null,
        assignee: assigneeId,
        assigneeEmail: assigneeId ? (users.get(assigneeId)?.email ?? 'usuário removido') : null,
      };
    });
  }

  async function subjectsOf(deps: Pick<Services, 'log' | 'readStore'>, cases: readonly CaseDoc[]): Promise<Map<string, Subject>> {
    const runs = cases.flatMap((c) => (c.kind === 'run' ? [c.doc] : []));
    if (runs.length > 0) return runSubjects(deps.log, deps.readStore, runs);
    const customerOf = (c: CaseDoc) => (c.doc as AlertDoc | DocumentIndexDoc).customer_id;
    const customers = await customersById(deps.readStore, cases.map(customerOf));
    return new Map(
      cases.map((c) => {
        const customer = customers.get(customerOf(c));
        return [caseId(c), { name: customer?.profile['name'], doc: customer?.profile['doc'], environment: customer?.environment }];
      }),
    );
  }

  return router;
}

/** What a case is and where it is worked. */
function describe(c: CaseDoc): { what: string; href: string } {
  switch (c.kind) {
    case 'run':
      return { what: runWhat(c.doc), href: `/dashboard/runs/${c.doc.run_id}` };
    case 'alert':
      return {
        what: `Alerta: ${c.doc.matched_name} (lista ${c.doc.list_id}, pontuação ${scoreText(c.doc.score)})`,
        href: `/dashboard/customers/${c.doc.customer_id}#alerta-${c.doc.alert_id}`,
      };
    case 'document':
      return { what: `Documento ${c.doc.type ?? ''}`.trim(), href: `/dashboard/customers/${c.doc.customer_id}#documento-${c.doc.document_id}` };
  }
}

const runWhat = (run: RunDoc): string =>
  `${label(STATUS_LABEL, run.status)} · ${run.template_name} v${run.template_version}${run.risk_band ? ` · risco ${label(BAND_LABEL, run.risk_band).toLowerCase()}` : ''}`;

function olderLink(filters: { kind: string; assignee: string; environment: string }, cursor: { created_at: string; id: string }): string {
  const query = new URLSearchParams({ kind: filters.kind, ...(filters.assignee ? { assignee: filters.assignee } : {}), ...(filters.environment ? { environment: filters.environment } : {}), cursor: encodeCursor(cursor) });
  return `/dashboard/?${query.toString()}`;
}

