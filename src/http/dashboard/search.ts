import type Koa from 'koa';
import type { ReadStore } from '../../adapters/read-store/port.js';
import { subjectRef } from '../../commands/runs.js';
import { fold } from '../../domain/screening/match/normalize.js';
import { ERASED } from '../../domain/shared/personal.js';
import { isDocumentShaped, normalizeDocument } from '../../domain/values/document.js';
import type { CustomerDoc } from '../../projections/customers.js';
import { ApiError } from '../errors.js';
import type { DashboardState } from './state.js';

/**
 * The lists' search box: one text that is a document (CPF or CNPJ, formatted or not), an e-mail,
 * an external id or a part of a name, and a range of days (Brasília days, as the screens print
 * them).
 *
 * How each is found without putting clear personal data anywhere new:
 * - a document by its keyed reference (`subject_ref`, an HMAC of tenant, environment and
 *   document) that customers and runs already carry: the number itself is never stored or compared;
 * - an external id by equality on the indexed `external_id` (not personal data);
 * - a name or an e-mail by reading the tenant's customer documents newest first and comparing
 *   the folded text (the screening's one `fold`) in memory. The customers read model already holds
 *   the profile opened (as GET /api/v1/customers/{id} reads it), so no new copy, index or hash of
 *   a name is written; the price is a bounded scan (SCAN_LIMIT customers per page of results),
 *   said on the page when it was reached. A keyed token index would lift the bound at the cost of
 *   a new projection and a rebuild; the bound is enough for a tenant's working set today.
 */

type Ctx = Koa.ParameterizedContext<DashboardState>;

export const SCAN_LIMIT = 5_000;
const SCAN_BATCH = 500;

export interface SearchTerms {
  /** the text as typed (shown back in the box) */
  q: string;
  /** a document, normalised as stored: found by its keyed reference */
  doc: string;
  /** folded text: a part of a name, an e-mail or an external id */
  text: string;
  /** the external id as typed (exact) */
  externalId: string;
  /** the days as typed (YYYY-MM-DD) and their instants (inclusive) */
  from: string;
  to: string;
  createdFrom?: string;
  createdTo?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Brasília offset at an instant, in minutes (the zone's rules, not a fixed -3). */
function brasiliaOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']));
  return Math.round((local - at.getTime()) / 60_000);
}

/** The first instant of a Brasília day, as stored (ISO UTC). */
export function brasiliaDayStart(day: string): string {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const offset = brasiliaOffsetMinutes(noonUtc);
  return new Date(Date.parse(`${day}T00:00:00Z`) - offset * 60_000).toISOString();
}

function dayParam(ctx: Ctx, param: 'from' | 'to'): string {
  const raw = ctx.query[param];
  if (raw === undefined || raw === '') return '';
  if (typeof raw !== 'string' || !DAY.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) {
    throw new ApiError('invalid_date', param === 'from' ? 'Data inicial inválida: use dd/mm/aaaa.' : 'Data final inválida: use dd/mm/aaaa.', param);
  }
  return raw;
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The search box and the days of a list's query string; a bad day is a 400 naming the field. */
export function searchTerms(ctx: Ctx): SearchTerms {
  const q = typeof ctx.query['q'] === 'string' ? ctx.query['q'].trim().slice(0, 200) : '';
  const normalized = normalizeDocument(q);
  const isDoc = q !== '' && /\d/.test(q) && !/[@a-z]/.test(q.replace(/[A-Z]/g, '')) && isDocumentShaped(normalized);
  const from = dayParam(ctx, 'from');
  const to = dayParam(ctx, 'to');
  if (from && to && from > to) throw new ApiError('invalid_date', 'A data inicial é posterior à final.', 'from');
  return {
    q,
    doc: isDoc ? normalized : '',
    text: isDoc ? '' : foldText(q),
    externalId: isDoc ? '' : q,
    from,
    to,
    ...(from ? { createdFrom: brasiliaDayStart(from) } : {}),
    ...(to ? { createdTo: new Date(Date.parse(brasiliaDayStart(nextDay(to))) - 1).toISOString() } : {}),
  };
}

export const foldText = (text: string): string => fold(text).replace(/ç/g, 'c').replace(/\s+/g, ' ').trim();

/** Whether a customer's name, e-mail or external id contains the folded text. */
export function customerMatches(customer: CustomerDoc, text: string): boolean {
  const fields = [customer.profile['name'], customer.profile['email'], customer.profile['trade_name'], customer.external_id];
  return fields.some((value) => typeof value === 'string' && value !== ERASED && foldText(value).includes(text));
}

interface CustomerSearch {
  readStore: ReadStore;
  secretKey: string;
  tenantId: string;
  /** equality filters besides the tenant (status, environment) */
  where: Record<string, string>;
  environment: 'live' | 'sandbox' | '';
  terms: SearchTerms;
  before?: { created_at: string; id: string } | undefined;
  limit: number;
}

const newestFirst = (a: CustomerDoc, b: CustomerDoc) => (a.created_at === b.created_at ? b.customer_id.localeCompare(a.customer_id) : b.created_at.localeCompare(a.created_at));

/**
 * The tenant's customers matching the terms, newest first, at most `limit`; `scanned` says the
 * bound was reached before the list ended (some older customers were not compared).
 */
export async function findCustomers(search: CustomerSearch): Promise<{ found: CustomerDoc[]; truncated: boolean }> {
  const { readStore, terms, limit } = search;
  const base = { tenant_id: search.tenantId, ...search.where, ...(search.environment ? { environment: search.environment } : {}) };
  const range = { ...(terms.createdFrom ? { createdFrom: terms.createdFrom } : {}), ...(terms.createdTo ? { createdTo: terms.createdTo } : {}) };
  const page = search.before ? { before: search.before } : {};
  if (terms.doc) {
    const environments = search.environment ? [search.environment] : (['live', 'sandbox'] as const);
    const found = await Promise.all(
      environments.map((env) => readStore.find<CustomerDoc>('customers', { where: { ...base, environment: env, subject_ref: subjectRef(search.secretKey, search.tenantId, env, terms.doc) }, limit, ...range, ...page })),
    );
    return { found: found.flat().sort(newestFirst).slice(0, limit), truncated: false };
  }
  if (!terms.text) return { found: await readStore.find<CustomerDoc>('customers', { where: base, limit, ...range, ...page }), truncated: false };
  const found: CustomerDoc[] = [];
  let cursor = search.before;
  for (let scanned = 0; scanned < SCAN_LIMIT; scanned += SCAN_BATCH) {
    const batch = await readStore.find<CustomerDoc>('customers', { where: base, limit: SCAN_BATCH, ...range, ...(cursor ? { before: cursor } : {}) });
    for (const customer of batch) {
      if (customerMatches(customer, terms.text) || customer.external_id === terms.externalId) found.push(customer);
      if (found.length >= limit) return { found, truncated: false };
    }
    if (batch.length < SCAN_BATCH) return { found, truncated: false };
    const last = batch[batch.length - 1]!;
    cursor = { created_at: last.created_at, id: last.customer_id };
  }
  return { found, truncated: true };
}
