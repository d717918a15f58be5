import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import { brasiliaDate } from '../../../domain/calendar/business-days.js';
import { document } from '../../../reports/html.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { applied } from '../../outcome.js';
import { callerOf } from '../cases/routes.js';
import { renderPage } from '../render.js';
import { csrfGuard, readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { dateParam } from './forms.js';
import { COAF_ROLES, sendFile, type ReceiptMatch, type SiscoafWorkItem, type SuspicionScreenDeps } from './port.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

const WORK_LABEL: Record<SiscoafWorkItem['kind'], string> = { rejected: 'Rejeitada pelo Siscoaf', unmatched: 'Item de recibo sem caso', awaiting_receipt: 'Enviada, sem recibo' };
const caseHref = (caseId: string | null) => (caseId ? `/dashboard/casos-coaf/${caseId}` : null);

/** The tenant's Siscoaf screen: the receipt upload and its result, the work list, the LOTERECIBO request. */
export function siscoafPage(input: { work: readonly SiscoafWorkItem[]; entities: readonly { cnpj: string; name: string; default: boolean }[]; now: Date; result?: ReceiptMatch; error?: string }) {
  return {
    work: input.work.map((w) => ({ kind: { code: w.kind, text: WORK_LABEL[w.kind] }, numOcorrencia: w.num_ocorrencia, detail: w.detail, href: caseHref(w.case_id) })),
    entities: input.entities.map((e) => ({ cnpj: e.cnpj, default: e.default, text: `${e.name} (${document(e.cnpj)})` })),
    today: brasiliaDate(input.now.toISOString()),
    result: input.result
      ? {
          matched: input.result.matched.map((m) => ({ numOcorrencia: m.num_ocorrencia, numeroCoaf: m.numero_coaf, autenticacao: m.autenticacao, href: caseHref(m.case_id)! })),
          unmatched: input.result.unmatched,
        }
      : null,
    error: input.error ?? null,
  };
}

export function siscoafRoutes(deps: SuspicionScreenDeps): Router<DashboardState> {
  const { suspicion, clock, runner } = deps;
  const router = new Router<DashboardState>();
  const show = async (ctx: Ctx, extra: { result?: ReceiptMatch; error?: string } = {}, status = 200) => {
    const tenantId = ctx.state.user!.tenant_id;
    const [work, tables] = await Promise.all([suspicion.siscoafWork(tenantId), suspicion.codeTables(tenantId)]);
    renderPage(ctx, 'suspicion-siscoaf', siscoafPage({ work, entities: tables.entities, now: clock.now(), ...extra }), { title: 'Siscoaf: recibos e pendências', nav: 'casos-coaf', status });
  };

  router.get('/casos-coaf/siscoaf', requireUser(), requireRole(...COAF_ROLES), (ctx) => show(ctx));

  router.post('/casos-coaf/siscoaf/receipts', requireUser(), csrfGuard(), requireRole(...COAF_ROLES), async (ctx) => {
    await readForm(ctx);
    const upload = ctx.state.upload;
    if (!upload || upload.content.length === 0) return show(ctx, { error: 'Escolha o arquivo do recibo do Siscoaf.' }, 400);
    const result = await suspicion.matchReceipt(ctx.state.user!.tenant_id, upload.content, callerOf(ctx.state.user!), userContext(ctx, clock));
    if (E.isLeft(result)) return show(ctx, { error: result.left.message }, fromDomainError(result.left).status);
    await show(ctx, { result: await applied(runner, result) });
  });

  router.get('/casos-coaf/siscoaf/lote-recibo.xml', requireUser(), requireRole(...COAF_ROLES), async (ctx) => {
    const date = dateParam(ctx.query['date']);
    if (!date) throw new ApiError('invalid_request', 'Informe a data do envio (dd/mm/aaaa).', 'date');
    const cnpj = typeof ctx.query['cnpj'] === 'string' && ctx.query['cnpj'] ? ctx.query['cnpj'] : null;
    const result = await suspicion.reciboRequest(ctx.state.user!.tenant_id, cnpj, date);
    if (E.isLeft(result)) throw fromDomainError(result.left);
    sendFile(ctx, result.right);
  });
  return router;
}
