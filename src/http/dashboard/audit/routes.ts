import Router from '@koa/router';
import type Koa from 'koa';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import { InvalidPositionError, type EventStore } from '../../../adapters/event-store/port.js';
import type { KeyStore } from '../../../adapters/pii/key-store.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { requestErasure, type SubjectLookup } from '../../../commands/erasure.js';
import type { Config } from '../../../config.js';
import { listTenantKeys } from '../../../projections/api-keys.js';
import type { ErasureDoc } from '../../../projections/erasures.js';
import { listTenantUsers } from '../../../projections/users.js';
import { tenantEventsNewestFirst } from '../../../queries/history.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { date } from '../../../reports/html.js';
import { when } from '../present.js';
import { redirectTo, renderPage } from '../render.js';
import { readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { auditFilter, erasureForm, erasureTyped } from './forms.js';
import { auditMatches, auditPage, erasurePage } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export interface AuditScreenDeps {
  eventStore: EventStore;
  log: EventLog;
  readStore: ReadStore;
  blobStore: BlobStore;
  keyStore: KeyStore;
  secretKey: string;
  config: Pick<Config, 'retentionYears'>;
  runner: Runner;
  clock: Clock;
  /** what this instance holds of documents, dropped with an erased subject */
  docCache: { clear(): void };
  /** the streams that concern a subject */
  subjects: SubjectLookup;
}

const PAGE_SIZE = 50;

/**
 * Admins only: the tenant's audit log (every event, newest first, who did it, never its data),
 * and requests to erase a data subject's personal data.
 */
export function auditRouter(deps: AuditScreenDeps): Router<DashboardState> {
  const { eventStore, readStore, runner, clock, config } = deps;
  const router = new Router<DashboardState>();
  const admin = [requireUser(), requireRole('admin')] as const;
  const erasureDeps = { log: deps.log, readStore, subjects: deps.subjects, blobs: deps.blobStore, keys: deps.keyStore, secretKey: deps.secretKey, retentionYears: config.retentionYears };

  router.get('/audit', ...admin, async (ctx) => {
    const tenantId = ctx.state.user!.tenant_id;
    const filter = auditFilter(ctx);
    const events = tenantEventsNewestFirst(eventStore, tenantId, { matches: auditMatches(filter), before: filter.before, pageSize: PAGE_SIZE }).catch((error: unknown) => {
      if (error instanceof InvalidPositionError) throw new ApiError('invalid_cursor', 'Cursor de página inválido: use o link "Eventos mais antigos" da própria página.', 'before');
      throw error;
    });
    const [page, users, keys] = await Promise.all([events, listTenantUsers(readStore, tenantId), listTenantKeys(readStore, tenantId)]);
    renderPage(ctx, 'audit', auditPage({ filter, page, users, keys }), { title: 'Auditoria', nav: 'auditoria' });
  });

  const showErasure = async (ctx: Ctx, form: { doc: string; legal_basis: string; error: ApiError | null } = { doc: '', legal_basis: '', error: null }) => {
    const requests = await readStore.find<ErasureDoc>('erasures', { where: { tenant_id: ctx.state.user!.tenant_id }, limit: 200 });
    const page = erasurePage({ retentionYears: config.retentionYears, form: { doc: form.doc, legal_basis: form.legal_basis, error: form.error?.message ?? null }, requests });
    renderPage(ctx, 'erasure', page, { title: 'Apagamento de dados', nav: 'auditoria', status: form.error?.status ?? 200 });
  };

  router.get('/erasure', ...admin, (ctx) => showErasure(ctx));

  router.post('/erasure', ...admin, async (ctx) => {
    const form = await readForm(ctx);
    let outcome;
    try {
      const request = erasureForm(form, ctx.state.user!.tenant_id);
      outcome = await applied(runner, await requestErasure(erasureDeps, request, userContext(ctx, clock)), 30_000);
    } catch (thrown) {
      if (!(thrown instanceof ApiError) || thrown.status >= 500) throw thrown;
      const error = thrown.code === 'not_found' ? new ApiError('not_found', 'Não há registros deste documento nesta conta.', 'doc') : thrown;
      return showErasure(ctx, { ...erasureTyped(form), error });
    }
    if (outcome.status === 'erased') {
      // what this instance holds of the erased subject goes with it (as the operator API does)
      deps.docCache.clear();
      await readStore.purge();
      return redirectTo(ctx, '/dashboard/erasure', 'Dados pessoais apagados.');
    }
    if (outcome.status === 'held') return redirectTo(ctx, '/dashboard/erasure', `Pedido registrado e retido por guarda legal até ${date(outcome.due_at)}. A resposta ao titular está na lista de pedidos.`);
    redirectTo(ctx, '/dashboard/erasure', `Apagamento agendado para ${when(outcome.due_at)}.`);
  });

  return router;
}
