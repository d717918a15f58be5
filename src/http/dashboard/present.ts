import { encodeCursor } from '../paging.js';
import { ERASED } from '../../domain/shared/personal.js';
import { isDocumentShaped, maskDocument } from '../../domain/values/document.js';
import { dateTime, number } from '../../reports/html.js';
import { ApiError, type ErrorCode } from '../errors.js';
import { isUuid } from '../../adapters/ids.js';
import type { DashboardUserInfo } from './queries.js';


/**
 * Plain values the dashboard's views print (never HTML: every one of them goes through the
 * views' escaping `<%= %>`).
 */

/** A document as every screen shows it: masked, or said to be erased (the same masking as the API's customer views). */
export function maskedDoc(doc: unknown): string {
  if (typeof doc !== 'string' || doc === ERASED) return 'dados apagados';
  return isDocumentShaped(doc) ? maskDocument(doc) : '***';
}

/** A name, or said to be erased or missing. */
export const nameText = (name: unknown): string => (typeof name === 'string' && name !== ERASED ? name : name === ERASED ? 'dados apagados' : '—');

/** How long ago, as an analyst reads a queue: "há 5 min", "há 3 h", "há 2 dias". */
export function ageText(from: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 60_000));
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}

/** An instant as every screen and the PDF reports print it; a dash for none. */
export const when = (iso: string | null | undefined): string => (iso ? dateTime(iso) : '—');

/** A number typed in a form field, or the text itself so the codec refuses it by name. */
export const typedNumber = (text: string): unknown => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);

/** Who did something, as the audit metadata names it: a user by e-mail, a key by its hint. */
export function actorText(actor: string, users: ReadonlyMap<string, Pick<DashboardUserInfo, 'email'>>, keyHints: ReadonlyMap<string, string>): string {
  if (actor.startsWith('user:')) return users.get(actor.slice(5))?.email ?? 'usuário removido';
  if (actor.startsWith('api_key:')) return `chave ${keyHints.get(actor.slice(8)) ?? actor.slice(8, 16)}`;
  if (actor === 'operator') return 'operador da plataforma';
  if (actor === 'system') return 'sistema';
  return actor;
}

/** A user named by a review or a proposal (`user:<id>` or the bare id). */
export const userEmail = (users: ReadonlyMap<string, Pick<DashboardUserInfo, 'email'>>, id: string | null | undefined): string =>
  id ? (users.get(id.startsWith('user:') ? id.slice(5) : id)?.email ?? 'usuário removido') : '—';

/** An id in the path: malformed answers the same 404 as unknown or another tenant's. */
export function idParam(value: string | undefined, code: ErrorCode, message: string): string {
  if (!value || !isUuid(value)) throw new ApiError(code, message);
  return value;
}

/** A query parameter that must be one of some values ('' when absent); anything else is 400. */
export function choice<T extends string>(raw: unknown, allowed: readonly T[], param: string): T | '' {
  if (raw === undefined || raw === '') return '';
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ApiError('invalid_request', `Filtro inválido: ${param}.`, param);
}

/**
 * The link to a list's next page: the filters that are set, and the cursor after the last row
 * shown, when more rows were found than a page holds.
 */
export function nextPageLink(path: string, filters: Record<string, string>, found: number, pageSize: number, last: { created_at: string; id: string } | undefined): string | null {
  if (found <= pageSize || !last) return null;
  const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return `${path}?${new URLSearchParams({ ...set, cursor: encodeCursor(last) })}`;
}

/** Credits as the header and the templates count them: "1.234 créditos", "1 crédito". */
export const creditsText = (credits: number): string => `${number(credits)} ${Math.abs(credits) === 1 ? 'crédito' : 'créditos'}`;
