import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import { DomainError } from '../../../domain/shared/decider.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { applied } from '../../outcome.js';
import { callerOf } from '../cases/routes.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { csrfGuard, formField, readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { communicationView, suspicionCasePage, type SuspicionFormState } from './case-page.js';
import { communicationForm, decisionForm, openCaseForm, sentForm, suspicionIdParam, suspicionQueueFilters, typedOperation } from './forms.js';
import { newCasePage, suspicionQueuePage } from './page.js';
import { COAF_ROLES, sendFile, type SuspicionScreenDeps, type Written } from './port.js';
import { siscoafRoutes } from './siscoaf-routes.js';


type Ctx = Koa.ParameterizedContext<DashboardState>;
const notFound = () => new ApiError('not_found', 'Caso não encontrado.');


/** One case's page; after a refused form, its message beside the field and what was typed. */
async function showCase(deps: SuspicionScreenDeps, ctx: Ctx, form?: SuspicionFormState, status = 200): Promise<void> {
  const user = ctx.state.user!;
  const caseId = suspicionIdParam(ctx);
  const answer = await deps.suspicion.caseDetail(caseId, callerOf(user));
  if (E.isLeft(answer)) throw notFound();
  const { detail, communication, draft, issues } = answer.right;
  const [users, tables] = await Promise.all([tenantUsers(deps.readStore, user.tenant_id), deps.suspicion.codeTables(user.tenant_id)]);
  const now = deps.clock.now();
  const page = suspicionCasePage({ detail, users, user, now, form });
  const comm =
    detail.decision?.decision === 'comunicar' && (page.actions.communicate || communication !== null)
      ? communicationView({ current: communication, draft, issues, codEnq: tables.cod_enq, tpEnv: tables.tp_env, typed: form?.typed ?? {}, now, closed: detail.status === 'closed' })
      : null;
  renderPage(ctx, 'suspicion-case', { ...page, comm }, { title: 'Caso COAF', nav: 'casos-coaf', status });
}

/** The field a refusal is shown beside: the one its `param` names when the form has it, else the form's own. */
function fieldOf(error: DomainError, fields: readonly string[], fallback: string): string {
  return error.param && fields.includes(error.param) ? error.param : fallback;
}

/** The case page's forms: each decodes, calls its command, and shows a refusal on the page beside its field. */
function caseForms(deps: SuspicionScreenDeps, router: Router<DashboardState>): void {
  const { runner, clock, suspicion } = deps;
  const act = (
    path: string,
    fields: readonly string[],
    fallback: string,
    read: (form: URLSearchParams, ctx: Ctx) => { typed: Record<string, string | string[]>; run: (caseId: string, ctx: Ctx) => Promise<Written<object>> },
    done: (value: object) => string,
  ) =>
    router.post(path, requireUser(), csrfGuard(), requireRole(...COAF_ROLES), async (ctx) => {
      const caseId = suspicionIdParam(ctx);
      const { typed, run } = read(await readForm(ctx), ctx);
      const result = await run(caseId, ctx);
      if (E.isLeft(result)) {
        if (result.left.code === 'case_not_found') throw notFound();
        return showCase(deps, ctx, { errors: { [fieldOf(result.left, fields, fallback)]: result.left.message }, typed }, fromDomainError(result.left).status);
      }
      const value = await applied(runner, result);
      redirectTo(ctx, `/dashboard/casos-coaf/${caseId}`, done(value));
    });
  const who = (ctx: Ctx) => [callerOf(ctx.state.user!), userContext(ctx, clock)] as const;

  act('/casos-coaf/:case_id/select', [], 'select_note', (form) => {
    const note = formField(form, 'note');
    return { typed: { select_note: note }, run: (id, ctx) => suspicion.select(id, { note: note.trim() || null }, ...who(ctx)) };
  }, () => 'Caso selecionado para análise.');
  act('/casos-coaf/:case_id/dismiss', [], 'reason', (form) => {
    const reason = formField(form, 'reason');
    return { typed: { reason }, run: (id, ctx) => suspicion.dismiss(id, { reason }, ...who(ctx)) };
  }, () => 'Caso não selecionado.');
  act('/casos-coaf/:case_id/notes', [], 'text', (form) => {
    const text = formField(form, 'text');
    return { typed: { text }, run: (id, ctx) => suspicion.note(id, { text }, ...who(ctx)) };
  }, () => 'Nota registrada.');
  act('/casos-coaf/:case_id/kyc-snapshot', [], 'snapshot', () => ({ typed: {}, run: (id, ctx) => suspicion.takeSnapshot(id, {}, ...who(ctx)) }), () => 'Retrato do KYC registrado.');
  act('/casos-coaf/:case_id/evidence', [], 'file', (_form, ctx) => {
    const upload = ctx.state.upload;
    return {
      typed: {},
      run: async (id, c) => {
        if (!upload || upload.content.length === 0) return E.left(fileMissing('Escolha um arquivo para anexar.'));
        return suspicion.attachEvidence(id, { file_name: upload.file_name, content_type: upload.content_type || 'application/octet-stream', content: upload.content }, ...who(c));
      },
    };
  }, () => 'Evidência anexada.');
  act('/casos-coaf/:case_id/decision', ['decision', 'rationale', 'reason_codes', 'other_reason'], 'decision', (form) => {
    const { typed, body } = decisionForm(form);
    return { typed, run: (id, ctx) => suspicion.decide(id, body, ...who(ctx)) };
  }, (value) => ((value as { outcome?: string }).outcome === 'proposed' ? 'Proposta registrada: aguardando confirmação de outro analista.' : 'Decisão registrada.'));
  act('/casos-coaf/:case_id/communication', ['Det', 'VlCred', 'VlDeb', 'VlProv', 'VlProp', 'CodEnq', 'justification'], 'Det', (form) => {
    const { typed, body } = communicationForm(form);
    return { typed, run: (id, ctx) => suspicion.prepare(id, body, ...who(ctx)) };
  }, () => 'Comunicação gerada e validada.');
  act('/casos-coaf/:case_id/communication/sent', ['sent_at'], 'sent_at', (form) => {
    const { typed, sentAt } = sentForm(form, clock.now());
    return { typed: { sent_at: typed }, run: (id, ctx) => suspicion.markSent(id, { sent_at: sentAt }, ...who(ctx)) };
  }, () => 'Comunicação marcada como enviada.');
  act('/casos-coaf/:case_id/communication/response', [], 'response', (_form, ctx) => {
    const upload = ctx.state.upload;
    return {
      typed: {},
      run: async (id, c) => (upload && upload.content.length > 0 ? suspicion.recordResponse(id, { content: upload.content }, ...who(c)) : E.left(fileMissing('Escolha o arquivo da resposta do Siscoaf.'))),
    };
  }, () => 'Resposta do Siscoaf registrada.');
  act('/casos-coaf/:case_id/communication/cancel', [], 'cancel_reason', (form) => {
    const reason = formField(form, 'reason');
    return { typed: { cancel_reason: reason }, run: (id, ctx) => suspicion.cancel(id, { reason: reason.trim() || null }, ...who(ctx)) };
  }, () => 'Cancelamento gerado: baixe o XML e envie-o ao Siscoaf.');
  act('/casos-coaf/:case_id/close', [], 'close_note', (form) => {
    const note = formField(form, 'note');
    return { typed: { close_note: note }, run: (id, ctx) => suspicion.close(id, { note }, ...who(ctx)) };
  }, () => 'Caso encerrado.');
}

const fileMissing = (message: string): DomainError => new DomainError('invalid_request', message, 'file');

/** The COAF cases: the queue, one case's page and its forms, its downloads, the Siscoaf receipts screen. */
export function suspicionRouter(deps: SuspicionScreenDeps): Router<DashboardState> {
  const { suspicion, clock, runner } = deps;
  const router = new Router<DashboardState>();
  const gate = [requireUser(), requireRole(...COAF_ROLES)] as const;

  router.get('/casos-coaf', ...gate, async (ctx) => {
    const filters = suspicionQueueFilters(ctx);
    const cases = await suspicion.listCases(ctx.state.user!.tenant_id);
    renderPage(ctx, 'suspicion-cases', suspicionQueuePage({ cases, filters, now: clock.now() }), { title: 'Casos COAF', nav: 'casos-coaf' });
  });

  // "Abrir caso COAF" on an alert or a run page: the reasons first, then the case
  router.get('/casos-coaf/novo', ...gate, (ctx) => {
    const { kind, ref } = openCaseForm(ctx.query as Record<string, unknown>);
    if (kind === null || !ref) throw new ApiError('invalid_request', 'Diga de qual alerta ou execução o caso nasce.', 'origin_kind');
    renderPage(ctx, 'suspicion-new', newCasePage({ kind, ref }), { title: 'Abrir caso COAF', nav: 'casos-coaf' });
  });
  router.post('/casos-coaf', requireUser(), csrfGuard(), requireRole(...COAF_ROLES), async (ctx) => {
    const { kind, ref, ...typed } = openCaseForm(await readForm(ctx));
    if (kind === null || !ref) throw new ApiError('invalid_request', 'Diga de qual alerta ou execução o caso nasce.', 'origin_kind');
    const input = { kind, ref, reason_codes: typed.reason_codes, other_reason: typed.other_reason.trim() || null, description: typed.description.trim() || null, operation: typedOperation({ ref, ...typed }) };
    const result = await suspicion.openCase(input, callerOf(ctx.state.user!), userContext(ctx, clock));
    if (E.isLeft(result) && result.left.param && /^(reason_codes|other_reason|operation)/.test(result.left.param)) {
      const errors = { [result.left.param.startsWith('operation') ? 'operation' : result.left.param]: result.left.message };
      return renderPage(ctx, 'suspicion-new', newCasePage({ kind, ref, typed: { ref, ...typed }, errors }), { title: 'Abrir caso COAF', nav: 'casos-coaf', status: 400 });
    }
    if (E.isLeft(result) && ['alert_not_found', 'run_not_found'].includes(result.left.code)) throw new ApiError('not_found', result.left.message);
    const { case_id } = await applied(runner, result);
    redirectTo(ctx, `/dashboard/casos-coaf/${case_id}`, 'Caso COAF aberto: selecione-o para análise ou registre por que não.');
  });

  router.use(siscoafRoutes(deps).routes());
  router.get('/casos-coaf/:case_id', ...gate, (ctx) => showCase(deps, ctx));
  caseForms(deps, router);
  downloads(deps, router);
  return router;
}

function downloads(deps: SuspicionScreenDeps, router: Router<DashboardState>): void {
  const { suspicion, clock, runner } = deps;
  const gate = [requireUser(), requireRole(...COAF_ROLES)] as const;
  // generating the file records that it was exported (its hash): a GET that writes, as the operator API's siscoaf.xml
  router.get('/casos-coaf/:case_id/siscoaf.xml', ...gate, async (ctx) => {
    const caseId = suspicionIdParam(ctx);
    const result = await suspicion.exportXml(caseId, callerOf(ctx.state.user!), userContext(ctx, clock));
    if (E.isLeft(result) && result.left.code === 'case_not_found') throw notFound();
    // the manual's problems are listed on the case page: back there with the refusal
    if (E.isLeft(result) && fromDomainError(result.left).status === 409) return redirectTo(ctx, `/dashboard/casos-coaf/${caseId}`, result.left.message);
    sendFile(ctx, await applied(runner, result));
  });
  router.get('/casos-coaf/:case_id/kyc-snapshot.json', ...gate, async (ctx) => {
    const result = await suspicion.snapshotFile(suspicionIdParam(ctx), callerOf(ctx.state.user!));
    if (E.isLeft(result)) throw result.left.code === 'case_not_found' ? notFound() : fromDomainError(result.left);
    sendFile(ctx, result.right);
  });
  for (const format of ['pdf', 'json'] as const) {
    router.get(`/casos-coaf/:case_id/dossie.${format}`, ...gate, async (ctx) => {
      const result = await suspicion.dossier(suspicionIdParam(ctx), format, callerOf(ctx.state.user!), userContext(ctx, clock));
      if (E.isLeft(result)) throw result.left.code === 'case_not_found' ? notFound() : fromDomainError(result.left);
      sendFile(ctx, result.right);
    });
  }
}
