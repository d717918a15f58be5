import Router from '@koa/router';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { complianceHistory, loadComplianceVersion, updateComplianceSettings, type ComplianceContent } from '../../../commands/compliance-settings.js';
import { brasiliaDate } from '../../../domain/calendar/business-days.js';
import { contentOf } from '../../../domain/compliance/settings.js';
import { normalizeDocument } from '../../../domain/values/document.js';
import { date } from '../../../reports/html.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { baseVersion, codeForm, codeKey, dateParam, entityForm, fourEyesForm, holidayForm, mappingForm, noteOf, tableParam, versionParam, yearParam } from './forms.js';
import { calendarPage, coafPage, type ComplianceProblem } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;
type Screen = 'calendar' | 'coaf';

export interface ComplianceScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
}

const EDITORS = ['admin', 'compliance_officer'] as const;
const editors = () => [requireUser(), requireRole(...EDITORS)] as const;
const PATHS: Record<Screen, string> = { calendar: '/dashboard/settings/calendar', coaf: '/dashboard/settings/coaf' };

/** A screen, with a refused form's message in its section when there is one. */
async function show(deps: ComplianceScreenDeps, ctx: Ctx, screen: Screen, problem: ComplianceProblem | null = null): Promise<void> {
  const user = ctx.state.user!;
  const [history, users] = await Promise.all([complianceHistory(deps.log, user.tenant_id), tenantUsers(deps.readStore, user.tenant_id)]);
  const input = { ...history, users, canEdit: (EDITORS as readonly string[]).includes(user.role), problem };
  const status = problem?.error.status ?? 200;
  if (screen === 'coaf') return renderPage(ctx, 'compliance-coaf', coafPage(input), { title: 'Comunicação ao COAF', nav: 'configuracoes', status });
  const thisYear = Number(brasiliaDate(deps.clock.now().toISOString()).slice(0, 4));
  const year = problem ? yearParam(problem.typed?.get('ano') ?? undefined, thisYear) : yearParam(ctx.query['ano'], thisYear);
  // a past version, read only: what the calendar was when a clock was computed
  const asked = problem ? null : versionParam(ctx.query['versao']);
  const shown = asked === null || asked === history.current.version ? history.current : await loadComplianceVersion(deps.log, user.tenant_id, asked);
  if (!shown) throw new ApiError('compliance_version_not_found', 'Esta versão do calendário não existe.');
  const page = calendarPage({ ...input, current: shown, canEdit: input.canEdit && shown === history.current, latest: history.current.version, year });
  renderPage(ctx, 'compliance-calendar', page, { title: 'Calendário de dias úteis', nav: 'configuracoes', status });
}

/** What an edit makes of the current content, and the note the history keeps. */
type Edit = (form: URLSearchParams, content: ComplianceContent) => { content: ComplianceContent; note: string; done: string };

/**
 * Applies an edit to the current version and records the result as the next version (on the
 * version the form was shown: a change made meanwhile is a 409 on the screen, not overwritten).
 */
function editing(deps: ComplianceScreenDeps, screen: Screen, section: string, edit: Edit, anchor: string) {
  return async (ctx: Ctx) => {
    const form = await readForm(ctx);
    try {
      const user = ctx.state.user!;
      const base = baseVersion(form);
      const { current } = await complianceHistory(deps.log, user.tenant_id);
      const change = edit(form, contentOf(current));
      const typedNote = noteOf(form);
      const written = await applied(deps.runner, await updateComplianceSettings(deps.log, user.tenant_id, { content: change.content, base_version: base, note: typedNote || change.note, by: `user:${user.user_id}` }, userContext(ctx, deps.clock)));
      const ano = form.get('ano');
      const query = screen === 'calendar' && ano ? `?ano=${encodeURIComponent(ano)}` : '';
      redirectTo(ctx, `${PATHS[screen]}${query}#${anchor}`, written.position === null ? 'Nada mudou: a versão atual já era assim.' : `${change.done} Versão ${written.value.version} registrada.`);
    } catch (thrown) {
      if (!(thrown instanceof ApiError) || thrown.status >= 500 || thrown.code === 'not_found' || thrown.code === 'forbidden_role') throw thrown;
      await show(deps, ctx, screen, { section, error: thrown, typed: form });
    }
  };
}

/**
 * Compliance settings (issue 30): the business-day calendar every "dia útil" clock counts with,
 * and what a communication to Coaf needs (reporting entities, code tables, reason mapping,
 * four-eyes). Every user reads them; admins and compliance officers change them, each change a
 * new version with who, when and why.
 */
export function complianceRouter(deps: ComplianceScreenDeps): Router<DashboardState> {
  const router = new Router<DashboardState>();
  router.get('/settings/calendar', requireUser(), (ctx) => show(deps, ctx, 'calendar'));
  router.get('/settings/coaf', requireUser(), (ctx) => show(deps, ctx, 'coaf'));
  calendarRoutes(router, deps);
  coafRoutes(router, deps);
  return router;
}

function calendarRoutes(router: Router<DashboardState>, deps: ComplianceScreenDeps): void {
  router.post(
    '/settings/calendar/holidays',
    ...editors(),
    editing(deps, 'calendar', 'holidays', (form, content) => {
      const holiday = holidayForm(form);
      if (content.holidays.some((h) => h.date === holiday.date)) throw new ApiError('invalid_request', `Já há um feriado em ${date(holiday.date)}.`, 'date');
      return { content: { ...content, holidays: [...content.holidays, holiday] }, note: `Feriado incluído: ${date(holiday.date)} (${holiday.name})`, done: 'Feriado incluído.' };
    }, 'feriados'),
  );

  router.post('/settings/calendar/holidays/:date/remove', ...editors(), (ctx) => {
    const day = dateParam(ctx.params['date']);
    return editing(deps, 'calendar', 'holidays', (_form, content) => {
      const removed = content.holidays.find((h) => h.date === day);
      return { content: { ...content, holidays: content.holidays.filter((h) => h.date !== day) }, note: `Feriado removido: ${date(day)}${removed ? ` (${removed.name})` : ''}`, done: 'Feriado removido.' };
    }, 'feriados')(ctx);
  });
}

function coafRoutes(router: Router<DashboardState>, deps: ComplianceScreenDeps): void {
  router.post(
    '/settings/coaf/entities',
    ...editors(),
    editing(deps, 'coaf', 'entities', (form, content) => {
      const entity = entityForm(form);
      // the first entity is the default; a new default takes the mark from the previous one
      const isDefault = entity.default || content.reporting_entities.length === 0;
      const others = content.reporting_entities.map((e) => (isDefault ? { ...e, default: false } : e));
      return { content: { ...content, reporting_entities: [...others, { ...entity, default: isDefault }] }, note: `Comunicante incluído: ${entity.name}`, done: 'Comunicante incluído.' };
    }, 'comunicantes'),
  );

  router.post('/settings/coaf/entities/:cnpj/remove', ...editors(), (ctx) => {
    const cnpj = normalizeDocument(ctx.params['cnpj'] ?? '');
    return editing(deps, 'coaf', 'entities', (_form, content) => ({ content: { ...content, reporting_entities: content.reporting_entities.filter((e) => e.cnpj !== cnpj) }, note: `Comunicante removido: CNPJ ${cnpj}`, done: 'Comunicante removido.' }), 'comunicantes')(ctx);
  });

  router.post('/settings/coaf/codes/:table', ...editors(), (ctx) => {
    const table = tableParam(ctx.params['table']);
    return editing(deps, 'coaf', table, (form, content) => {
      const entry = codeForm(form);
      return { content: { ...content, [table]: [...content[table], entry] }, note: `${table === 'tp_env' ? 'TpEnv' : 'CodEnq'} ${entry.code} incluído (${entry.known_from})`, done: 'Código incluído.' };
    }, table)(ctx);
  });

  router.post('/settings/coaf/codes/:table/remove', ...editors(), (ctx) => {
    const table = tableParam(ctx.params['table']);
    return editing(deps, 'coaf', table, (form, content) => {
      const { code, segment } = codeKey(form);
      return { content: { ...content, [table]: content[table].filter((c) => !(c.code === code && c.segment === segment)) }, note: `${table === 'tp_env' ? 'TpEnv' : 'CodEnq'} ${code} removido`, done: 'Código removido.' };
    }, table)(ctx);
  });

  router.post(
    '/settings/coaf/mapping',
    ...editors(),
    editing(deps, 'coaf', 'mapping', (form, content) => {
      const { reason, cod_enq: code } = mappingForm(form);
      return { content: { ...content, cc4001_cod_enq: { ...content.cc4001_cod_enq, [reason]: code } }, note: `Indício ${reason.replace('CC4001-', '')} da Carta Circular 4.001 comunicado como CodEnq ${code}`, done: 'Correspondência salva.' };
    }, 'correspondencia'),
  );

  router.post(
    '/settings/coaf/mapping/remove',
    ...editors(),
    editing(deps, 'coaf', 'mapping', (form, content) => {
      const reason = form.get('reason') ?? '';
      const rest = Object.fromEntries(Object.entries(content.cc4001_cod_enq).filter(([key]) => key !== reason));
      return { content: { ...content, cc4001_cod_enq: rest }, note: `Correspondência do indício ${reason.replace('CC4001-', '')} da Carta Circular 4.001 removida`, done: 'Correspondência removida.' };
    }, 'correspondencia'),
  );

  router.post(
    '/settings/coaf/four-eyes',
    ...editors(),
    editing(deps, 'coaf', 'four-eyes', (form, content) => {
      const on = fourEyesForm(form);
      return { content: { ...content, cos_four_eyes: on }, note: on ? 'Quatro olhos ligado na decisão de comunicar' : 'Quatro olhos desligado na decisão de comunicar', done: 'Quatro olhos salvo.' };
    }, 'quatro-olhos'),
  );
}
