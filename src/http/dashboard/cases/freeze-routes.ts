import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import { markFreezeCommunicationSent, recordFreezeMeasures } from '../../../commands/freeze-communications.js';
import type { DomainError } from '../../../domain/shared/decider.js';
import { freezeCommunicationFile } from '../../../queries/freeze-communications.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { CommunicationFileParams, FreezeMeasuresBody, MarkSentBody } from '../../operations/freeze.js';
import { applied } from '../../outcome.js';
import { redirectTo } from '../render.js';
import { readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import type { FreezeFormState } from './freeze-page.js';
import { caseIdParam, freezeMeasuresForm, freezeSentForm } from './forms.js';
import { callerOf, showCase, type CasesScreenDeps } from './routes.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;
const WORKERS = ['analyst', 'admin', 'compliance_officer'] as const;

/** The API codec's refusals are in English for the institution's developers; a person reads them in pt-BR, by field. */
function formMessage(error: ApiError): string {
  if (error.code !== 'invalid_request' || !/^(Invalid value|Unknown field|Invalid request)/.test(error.message)) return error.message;
  const param = error.param ?? '';
  if (param.endsWith('amount')) return 'Valor inválido: escreva só números, como 15.230,55.';
  if (param.endsWith('description')) return 'Descreva o ativo ou a tentativa bloqueada (até 1.000 caracteres).';
  if (param === 'frozen_at' || param === 'sent_at' || param.endsWith('.at')) return 'Informe a data e a hora (horário de Brasília).';
  if (param.endsWith('kind')) return 'Escolha o tipo de ativo.';
  if (param === 'protocol') return 'Informe o número do protocolo (até 200 caracteres).';
  if (param === 'justification') return 'A justificativa tem no máximo 4.000 caracteres.';
  return 'Confira os campos do formulário.';
}

/** A refusal of the measures or sending form: the case page again, the message by its form, what was typed kept. */
async function refusedFreeze(deps: CasesScreenDeps, ctx: Ctx, form: 'measures' | 'sent', error: ApiError, typed: Record<string, string>) {
  if (error.code === 'case_not_found' || error.code === 'customer_not_found') throw new ApiError('not_found', 'Caso não encontrado.');
  const state: FreezeFormState = { errors: { [form]: { message: formMessage(error), param: error.param } }, typed };
  await showCase(deps, ctx, { freezeForm: state }, error.status);
}

/** The body decoded by the API's codec, or the refusal as an ApiError. */
function decoded<T>(decode: () => T): E.Either<ApiError, T> {
  try {
    return E.right(decode());
  } catch (error) {
    if (error instanceof ApiError) return E.left(error);
    throw error;
  }
}

const refusal = (error: DomainError) => fromDomainError(error);

/** The case page's freeze section: record the measures, mark a draft sent, download a draft (issue 29). */
export function freezeCommunicationsScreen(deps: CasesScreenDeps & { blobStore: BlobStore }): Router<DashboardState> {
  const { log, runner, clock, blobStore } = deps;
  const router = new Router<DashboardState>();

  router.get('/casos/:case_id/comunicacoes/:draft_id/:format', requireUser(), async (ctx) => {
    const { case_id, draft_id, format } = decodeInput(CommunicationFileParams, ctx.params);
    const file = await freezeCommunicationFile({ log, blobStore }, case_id, draft_id, format as 'pdf' | 'json', callerOf(ctx.state.user!));
    if (E.isLeft(file)) throw new ApiError('not_found', 'Comunicação não encontrada.');
    ctx.set('Content-Type', file.right.contentType);
    ctx.set('Content-Disposition', `attachment; filename="${file.right.fileName}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = file.right.data;
  });

  router.post('/casos/:case_id/bloqueio/medidas', requireUser(), requireRole(...WORKERS), async (ctx) => {
    const caseId = caseIdParam(ctx);
    const { body, typed } = freezeMeasuresForm(await readForm(ctx));
    const input = decoded(() => decodeBody(FreezeMeasuresBody, body));
    if (E.isLeft(input)) return refusedFreeze(deps, ctx, 'measures', input.left, typed);
    const result = await recordFreezeMeasures(log, caseId, input.right, callerOf(ctx.state.user!), userContext(ctx, clock));
    if (E.isLeft(result)) return refusedFreeze(deps, ctx, 'measures', refusal(result.left), typed);
    await applied(runner, result);
    redirectTo(ctx, `/dashboard/casos/${caseId}#comunicacoes`, 'Medidas registradas. Os rascunhos das comunicações serão gerados de novo em instantes.');
  });

  router.post('/casos/:case_id/comunicacoes/enviada', requireUser(), requireRole(...WORKERS), async (ctx) => {
    const caseId = caseIdParam(ctx);
    const { draftId, body, typed } = freezeSentForm(await readForm(ctx));
    const input = decoded(() => decodeBody(MarkSentBody, body));
    if (E.isLeft(input)) return refusedFreeze(deps, ctx, 'sent', input.left, typed);
    const result = await markFreezeCommunicationSent(log, caseId, { draft_id: draftId, ...input.right }, callerOf(ctx.state.user!), userContext(ctx, clock));
    if (E.isLeft(result)) return refusedFreeze(deps, ctx, 'sent', refusal(result.left), typed);
    await applied(runner, result);
    redirectTo(ctx, `/dashboard/casos/${caseId}#comunicacoes`, 'Envio da comunicação registrado.');
  });

  return router;
}
