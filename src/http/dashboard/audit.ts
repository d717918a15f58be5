import Router from '@koa/router';
import type Koa from 'koa';
import { InvalidPositionError, type EventStore, type RecordedEvent } from '../../adapters/event-store/port.js';
import { requestErasure } from '../../commands/erasure.js';
import { EVENT_CODECS } from '../../domain/events.js';
import { listTenantKeys } from '../../projections/api-keys.js';
import type { ErasureDoc } from '../../projections/erasures.js';
import { streamsOf } from '../../projections/subject-streams.js';
import { listTenantUsers } from '../../projections/users.js';
import type { App as Services } from '../../app/compose.js';
import { decodeBody } from '../decode.js';
import { ApiError } from '../errors.js';
import { CreateErasureRequestBody } from '../operations/erasure.js';
import { applied } from '../outcome.js';
import { redirectTo, renderPage } from './render.js';
import { formField, readForm, requireRole, requireUser, userContext } from './session.js';
import { when } from './present.js';
import type { DashboardState } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;
type AuditServices = Pick<Services, 'eventStore' | 'log' | 'readStore' | 'blobStore' | 'keyStore' | 'secretKey' | 'config' | 'runner' | 'clock' | 'docCache'>;

const PAGE_SIZE = 50;
/**
 * Store pages read at most for one screen (each up to READ_BATCH of the tenant's events; on
 * EventStoreDB each looks at 10,000 events of the log at most): a filter that matches rarely
 * answers with a cursor to go on.
 */
const MAX_READS = 20;
const READ_BATCH = 1000;

const ACTOR_TYPES = {
  user: { label: 'Usuário do painel', matches: (actor: string) => actor.startsWith('user:') },
  api_key: { label: 'Chave de API', matches: (actor: string) => actor.startsWith('api_key:') },
  operator: { label: 'Operador da plataforma', matches: (actor: string) => actor === 'operator' },
  system: { label: 'Sistema', matches: (actor: string) => actor === 'system' || actor.startsWith('system:') },
} as const;
type ActorType = keyof typeof ACTOR_TYPES;

const EVENT_TYPES = [...EVENT_CODECS.keys()].sort();

interface AuditFilter {
  actor: ActorType | null;
  type: string | null;
  /** exclusive: events older than this position (a cursor the page handed out) */
  before: number | null;
}

const queryValue = (ctx: Ctx, name: string): string => {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw new ApiError('invalid_request', `Informe ${name} uma vez só.`, name);
  return value ?? '';
};

function auditFilter(ctx: Ctx): AuditFilter {
  const actor = queryValue(ctx, 'actor');
  const type = queryValue(ctx, 'type');
  const before = queryValue(ctx, 'before');
  if (actor !== '' && !Object.hasOwn(ACTOR_TYPES, actor)) throw new ApiError('invalid_request', 'Tipo de autor desconhecido: use usuário, chave de API, operador ou sistema.', 'actor');
  if (type !== '' && !EVENT_CODECS.has(type)) throw new ApiError('invalid_request', 'Tipo de evento desconhecido.', 'type');
  if (before !== '' && !/^\d{1,15}$/.test(before)) throw new ApiError('invalid_cursor', 'Cursor de página inválido.', 'before');
  return { actor: actor === '' ? null : (actor as ActorType), type: type === '' ? null : type, before: before === '' ? null : Number(before) };
}

/**
 * One page of the tenant's events, newest first, read backwards from the end of the log or from
 * the cursor (`before`): every cursor is a position the store handed out, as EventStoreDB reads
 * from no other (an arbitrary one is refused: `invalid_cursor`). A filter that matches rarely
 * stops after MAX_READS reads with a cursor to go on; `next` is null at the log's start.
 */
async function newestFirst(store: EventStore, tenantId: string, filter: AuditFilter): Promise<{ events: RecordedEvent[]; next: number | null }> {
  const matches = (e: RecordedEvent) => (filter.actor === null || ACTOR_TYPES[filter.actor].matches(e.metadata.actor)) && (filter.type === null || e.type === filter.type);
  const found: RecordedEvent[] = [];
  let before = filter.before;
  for (let reads = 0; reads < MAX_READS; reads++) {
    const page = await store.readAllPageBackwards({ before, limit: READ_BATCH, tenantId }).catch((error: unknown) => {
      if (error instanceof InvalidPositionError) throw new ApiError('invalid_cursor', 'Cursor de página inválido: use o link "Eventos mais antigos" da própria página.', 'before');
      throw error;
    });
    for (const event of page.events) {
      if (!matches(event)) continue;
      found.push(event);
      // the page ends at this event: the next one starts just before it
      if (found.length === PAGE_SIZE) return { events: found, next: event.position };
    }
    if (page.next === null) return { events: found, next: null };
    before = page.next;
  }
  return { events: found, next: before };
}

/** Who did it, as the team knows them: a user's e-mail, a key's name; never more than the metadata says. */
function actorNamer(users: Map<string, string>, keys: Map<string, string>) {
  return (actor: string): { kind: string; name: string } => {
    if (actor.startsWith('user:')) return { kind: ACTOR_TYPES.user.label, name: users.get(actor.slice(5)) ?? actor };
    if (actor.startsWith('api_key:')) return { kind: ACTOR_TYPES.api_key.label, name: keys.get(actor.slice(8)) ?? actor };
    if (actor === 'operator') return { kind: ACTOR_TYPES.operator.label, name: 'operador' };
    return { kind: ACTOR_TYPES.system.label, name: actor };
  };
}

const pageLink = (filter: AuditFilter, before: number) => {
  const query = new URLSearchParams();
  if (filter.actor) query.set('actor', filter.actor);
  if (filter.type) query.set('type', filter.type);
  query.set('before', String(before));
  return `/dashboard/audit?${query.toString()}`;
};

const STATUS_LABELS: Record<ErasureDoc['status'], string> = { scheduled: 'agendado', erased: 'apagado' };

/**
 * Admins only: the tenant's audit log (every event, newest first, who did it, never its data),
 * and requests to erase a data subject's personal data.
 */
export function auditRouter(services: AuditServices): Router<DashboardState> {
  const { eventStore, readStore, runner, clock, config } = services;
  const router = new Router<DashboardState>();
  const admin = [requireUser(), requireRole('admin')] as const;
  const erasureDeps = { log: services.log, readStore, subjects: { streamsOf: (refs: readonly string[]) => streamsOf(readStore, refs) }, blobs: services.blobStore, keys: services.keyStore, secretKey: services.secretKey, retentionYears: config.retentionYears };

  router.get('/audit', ...admin, async (ctx) => {
    const tenantId = ctx.state.user!.tenant_id;
    const filter = auditFilter(ctx);
    const [page, users, keys] = await Promise.all([newestFirst(eventStore, tenantId, filter), listTenantUsers(readStore, tenantId), listTenantKeys(readStore, tenantId)]);
    const nameOf = actorNamer(new Map(users.map((u) => [u.id, u.email])), new Map(keys.map((k) => [k.key_id, `${k.name} (${k.key_hint})`])));
    renderPage(
      ctx,
      'audit',
      {
        filter: { actor: filter.actor ?? '', type: filter.type ?? '' },
        actorTypes: Object.entries(ACTOR_TYPES).map(([value, a]) => [value, a.label]),
        eventTypes: EVENT_TYPES,
        rows: page.events.map((e) => ({ position: e.position, when: when(e.recorded_at), actor: nameOf(e.metadata.actor), type: e.type, stream: e.stream })),
        next: page.next === null ? null : pageLink(filter, page.next),
        first: filter.before !== null,
      },
      { title: 'Auditoria', nav: 'auditoria' },
    );
  });

  const erasurePage = async (ctx: Ctx, form: { doc: string; legal_basis: string; error: ApiError | null } = { doc: '', legal_basis: '', error: null }) => {
    const requests = await readStore.find<ErasureDoc>('erasures', { where: { tenant_id: ctx.state.user!.tenant_id }, limit: 200 });
    renderPage(
      ctx,
      'erasure',
      {
        retentionYears: config.retentionYears,
        // the document typed is given back only on a refused form, to this same admin
        form: { doc: form.doc, legal_basis: form.legal_basis, error: form.error?.message ?? null },
        requests: requests.map((r) => ({ id: r.erasure_id, status: STATUS_LABELS[r.status], requested: when(r.created_at), due: when(r.due_at), legal_basis: r.legal_basis })),
      },
      { title: 'Apagamento de dados', nav: 'auditoria', status: form.error?.status ?? 200 },
    );
  };

  router.get('/erasure', ...admin, (ctx) => erasurePage(ctx));

  router.post('/erasure', ...admin, async (ctx) => {
    const form = await readForm(ctx);
    const typed = { doc: formField(form, 'doc'), legal_basis: formField(form, 'legal_basis') };
    let outcome;
    try {
      const body = decodeBody(CreateErasureRequestBody, { tenant_id: ctx.state.user!.tenant_id, ...typed });
      const legalBasis = body.legal_basis || null;
      // an erasure at once cannot be undone: the admin confirms it explicitly
      if (legalBasis && formField(form, 'confirm') !== 'on') throw new ApiError('invalid_request', 'Com base legal o apagamento é imediato e irreversível: marque a confirmação.', 'confirm');
      outcome = await applied(runner, await requestErasure(erasureDeps, { tenant_id: body.tenant_id, doc: body.doc, legal_basis: legalBasis }, userContext(ctx, clock)), 30_000);
    } catch (thrown) {
      if (!(thrown instanceof ApiError) || thrown.status >= 500) throw thrown;
      const error = thrown.code === 'not_found' ? new ApiError('not_found', 'Não há registros deste documento nesta conta.', 'doc') : thrown;
      return erasurePage(ctx, { ...typed, error });
    }
    if (outcome.status === 'erased') {
      // what this instance holds of the erased subject goes with it (as the operator API does)
      services.docCache.clear();
      await readStore.purge();
      return redirectTo(ctx, '/dashboard/erasure', 'Dados pessoais apagados.');
    }
    redirectTo(ctx, '/dashboard/erasure', `Apagamento agendado para ${when(outcome.due_at)}.`);
  });

  return router;
}
