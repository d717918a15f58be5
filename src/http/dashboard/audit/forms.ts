import type Koa from 'koa';
import { EVENT_CODECS } from '../../../domain/events.js';
import { decodeBody } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { CreateErasureRequestBody } from '../../operations/erasure.js';
import { ACTOR_TYPE_LABEL } from '../labels.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export type ActorType = keyof typeof ACTOR_TYPE_LABEL;

export interface AuditFilter {
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

/** The audit log's filters: a kind of author, an event type, the page's cursor. */
export function auditFilter(ctx: Ctx): AuditFilter {
  const actor = queryValue(ctx, 'actor');
  const type = queryValue(ctx, 'type');
  const before = queryValue(ctx, 'before');
  if (actor !== '' && !Object.hasOwn(ACTOR_TYPE_LABEL, actor)) throw new ApiError('invalid_request', 'Tipo de autor desconhecido: use usuário, chave de API, operador ou sistema.', 'actor');
  if (type !== '' && !EVENT_CODECS.has(type)) throw new ApiError('invalid_request', 'Tipo de evento desconhecido.', 'type');
  if (before !== '' && !/^\d{1,15}$/.test(before)) throw new ApiError('invalid_cursor', 'Cursor de página inválido.', 'before');
  return { actor: actor === '' ? null : (actor as ActorType), type: type === '' ? null : type, before: before === '' ? null : Number(before) };
}

/** The erasure form as typed (given back on a refusal). */
export const erasureTyped = (form: URLSearchParams) => ({ doc: formField(form, 'doc'), legal_basis: formField(form, 'legal_basis') });

/**
 * An erasure request, decoded by the operator API's codec; with a legal basis the erasure is
 * immediate and cannot be undone, so the admin confirms it explicitly.
 */
export function erasureForm(form: URLSearchParams, tenantId: string) {
  const body = decodeBody(CreateErasureRequestBody, { tenant_id: tenantId, ...erasureTyped(form) });
  const legalBasis = body.legal_basis || null;
  if (legalBasis && formField(form, 'confirm') !== 'on') throw new ApiError('invalid_request', 'Com base legal o apagamento é imediato e irreversível: marque a confirmação.', 'confirm');
  return { tenant_id: body.tenant_id, doc: body.doc, legal_basis: legalBasis };
}
