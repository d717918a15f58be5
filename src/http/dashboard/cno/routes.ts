import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { recordCnoSent } from '../../../commands/cno.js';
import { cnoStream } from '../../../domain/cno/decider.js';
import { listCnoTasks } from '../../../projections/cno-tasks.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { CnoTaskParams, RecordCnoSentBody } from '../../operations/cno.js';
import { applied, type Runner } from '../../outcome.js';
import { redirectTo, renderPage } from '../render.js';
import { readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { cnoSentForm, type CnoTyped } from './forms.js';
import { cnoPage, type CnoRefusal } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;
const RECORDERS = ['admin', 'compliance_officer'] as const;
const READERS = ['admin', 'compliance_officer', 'analyst'] as const;

export interface CnoScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
}

/** The API's refusals are for developers; a person reads them in pt-BR, by code and field. */
function formMessage(error: ApiError): string {
  if (error.code === 'cno_not_required') return 'Houve comunicações ao COAF neste ano: a declaração de não ocorrência não é exigida.';
  if (error.code === 'cno_already_recorded') return 'A declaração deste ano já foi registrada com outro protocolo.';
  if (error.code === 'invalid_date') return 'Informe a data e a hora do envio (horário de Brasília), que não pode estar no futuro.';
  if (error.param === 'protocol') return 'Informe o protocolo que o Siscoaf deu para a declaração (até 200 caracteres).';
  if (error.param === 'by') return 'Informe quem enviou a declaração (até 200 caracteres).';
  if (error.param === 'note') return 'A observação tem no máximo 2.000 caracteres.';
  return 'Confira os campos do formulário.';
}

async function show(deps: CnoScreenDeps, ctx: Ctx, refusal: CnoRefusal | null = null, status = 200): Promise<void> {
  const user = ctx.state.user!;
  const now = deps.clock.now().toISOString();
  const tasks = await listCnoTasks(deps.readStore, user.tenant_id, now);
  const page = cnoPage({ tasks, now, canRecord: (RECORDERS as readonly string[]).includes(user.role), userEmail: user.email, refusal });
  renderPage(ctx, 'cno', page, { title: 'Declaração anual de não ocorrência', nav: 'cno', status });
}

/** The body decoded by the API's codec, or its refusal. */
function decoded<T>(decode: () => T): E.Either<ApiError, T> {
  try {
    return E.right(decode());
  } catch (error) {
    if (error instanceof ApiError) return E.left(error);
    throw error;
  }
}

/**
 * "Declaração anual de não ocorrência" (Circular 3.978 art. 54): the tasks of every reporting
 * CNPJ with their clock, the protocol form of a pending one (the declaration itself is sent in
 * Siscoaf's web interface), and the receipts that make a year not required.
 */
export function cnoRouter(deps: CnoScreenDeps): Router<DashboardState> {
  const router = new Router<DashboardState>();

  // the receipts listed as proof tell that communications to COAF exist: not for viewers (art. 50)
  router.get('/cno', requireUser(), requireRole(...READERS), (ctx) => show(deps, ctx));

  router.post('/cno/:year/:cnpj/enviada', requireUser(), requireRole(...RECORDERS), async (ctx) => {
    const user = ctx.state.user!;
    const params = decodeInput(CnoTaskParams, { tenant_id: user.tenant_id, year: ctx.params['year'], cnpj: ctx.params['cnpj'] });
    const stream = cnoStream(user.tenant_id, params.cnpj, Number(params.year));
    const { body, typed } = cnoSentForm(await readForm(ctx));
    const refuse = (error: ApiError, form: CnoTyped) => show(deps, ctx, { stream, message: formMessage(error), typed: form }, error.status);
    const input = decoded(() => decodeBody(RecordCnoSentBody, body));
    if (E.isLeft(input)) return refuse(input.left, typed);
    const request = { tenant_id: user.tenant_id, year: Number(params.year), cnpj: params.cnpj, ...input.right, note: input.right.note ?? null };
    const result = await recordCnoSent(deps, request, userContext(ctx, deps.clock));
    if (E.isLeft(result)) {
      if (result.left.code === 'not_found') throw new ApiError('not_found', 'Declaração não encontrada.');
      return refuse(fromDomainError(result.left), typed);
    }
    await applied(deps.runner, result);
    redirectTo(ctx, '/dashboard/cno', `Protocolo da declaração de ${params.year} registrado.`);
  });
  return router;
}
