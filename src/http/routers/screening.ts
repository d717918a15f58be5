import Router from '@koa/router';
import * as t from 'io-ts';
import { compare, DEFAULT_THRESHOLD } from '../../domain/screening/match/score.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../../domain/screening/match/weights.js';
import { isValidCnpj, isValidCpf } from '../../domain/values/document.js';
import type { Services } from '../../services.js';
import { boundedString, decodeBody } from '../decode.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/body.js';
import { requireScope } from '../middleware/auth.js';
import type { RequestState } from '../state.js';
import { listStatusView, tenantListView } from '../screening-views.js';

const Schema = t.keyof({ person: null, company: null });
const optional = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);
const Person = {
  name: boundedString(500),
  birth_date: optional(t.string),
  country: optional(t.string),
  doc: optional(t.string),
};
const SearchBody = t.intersection([
  t.type({ schema: Schema, name: boundedString(500) }),
  t.partial({ birth_date: optional(t.string), country: optional(t.string), doc: optional(t.string), lists: t.array(t.string), threshold: t.number, limit: t.number }),
]);
const Record = t.intersection([t.type({ name: Person.name }), t.partial({ birth_date: Person.birth_date, country: Person.country, doc: Person.doc })]);
const CompareBody = t.type({ schema: Schema, query: Record, candidate: Record });

const BIRTH_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const COUNTRY = /^[A-Z]{2}$/;

/** A query's document must be a whole, valid CPF or CNPJ; a candidate's may be masked as lists publish it. */
function checkDoc(doc: string | null | undefined, param: string, maskedAllowed: boolean): string | null {
  if (doc === undefined || doc === null || doc === '') return null;
  const stripped = doc.replace(/[.\-/\s]/g, '');
  if (maskedAllowed && /^[*\d]{11}$/.test(stripped) && stripped.includes('*')) return doc;
  if (!(isValidCpf(stripped) || isValidCnpj(stripped))) throw new ApiError('invalid_document', `${param} must be a valid CPF or CNPJ${maskedAllowed ? ' (or a CPF masked as lists publish it)' : ''}.`, param);
  return stripped;
}

function checkQualifiers(record: { birth_date?: string | null; country?: string | null }, prefix: string): void {
  if (record.birth_date && !BIRTH_DATE.test(record.birth_date)) throw new ApiError('invalid_request', `${prefix}birth_date must be YYYY, YYYY-MM or YYYY-MM-DD.`, `${prefix}birth_date`);
  if (record.country && !COUNTRY.test(record.country)) throw new ApiError('invalid_request', `${prefix}country must be an ISO 3166 alpha-2 code.`, `${prefix}country`);
}

/** Public screening API (screening.md section 3). */
export function screeningRouter(services: Pick<Services, 'listCatalog' | 'clock'>): Router<RequestState> {
  const { listCatalog, clock } = services;
  const router = new Router<RequestState>();

  router.get('/screening/lists', requireScope('screening:read'), async (ctx) => {
    const tenantId = ctx.state.principal!.tenant_id;
    ctx.body = {
      data: [...listCatalog.listIds().map((id) => listStatusView(listCatalog, id, clock.now())), ...listCatalog.tenantListsOf(tenantId).map((list) => tenantListView(listCatalog, list))],
      livemode: ctx.state.livemode,
    };
  });

  router.post('/screening/search', requireScope('screening:read'), jsonBody(), async (ctx) => {
    const body = decodeBody(SearchBody, ctx.state.body);
    checkQualifiers(body, '');
    const doc = checkDoc(body.doc, 'doc', false);
    const tenantId = ctx.state.principal!.tenant_id;
    const searchable = listCatalog.listIdsFor(tenantId);
    // another tenant's list is as unknown here as a list that does not exist
    for (const listId of body.lists ?? []) if (!searchable.includes(listId)) throw new ApiError('invalid_list', `Unknown list: ${String(listId).slice(0, 64)}.`, 'lists');
    const lists = body.lists ?? searchable;
    const threshold = body.threshold ?? DEFAULT_THRESHOLD;
    if (!(threshold > 0 && threshold <= 1)) throw new ApiError('invalid_request', 'threshold must be in (0, 1].', 'threshold');
    const limit = body.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 100.', 'limit');
    const query = { schema: body.schema, name: body.name, birth_date: body.birth_date ?? null, country: body.country ?? null, doc };
    const results = listCatalog.search(tenantId, query, { lists, threshold, limit });
    const used = lists.map((id) => listCatalog.version(id)).filter((v) => v !== null);
    ctx.body = {
      object: 'screening_result',
      query,
      threshold,
      results: results.map((r) => ({
        list_id: r.entry.list_id,
        entry_id: r.entry.entry_id,
        schema: r.entry.schema,
        name: r.name,
        names: r.entry.names,
        score: r.score,
        match: r.match,
        explanation: r.explanation,
        entry: r.entry,
      })),
      lists: used.map((v) => ({ list_id: v.version.list_id, version_id: v.version.version_id, published_at: v.version.published_at, imported_at: v.version.imported_at, entries: v.version.entries })),
      livemode: ctx.state.livemode,
    };
  });

  router.post('/screening/compare', requireScope('screening:read'), jsonBody(), async (ctx) => {
    const body = decodeBody(CompareBody, ctx.state.body);
    checkQualifiers(body.query, 'query.');
    checkQualifiers(body.candidate, 'candidate.');
    const query = { schema: body.schema, name: body.query.name, birth_date: body.query.birth_date ?? null, country: body.query.country ?? null, doc: checkDoc(body.query.doc, 'query.doc', false) };
    const candidate = { schema: body.schema, name: body.candidate.name, birth_date: body.candidate.birth_date ?? null, country: body.candidate.country ?? null, doc: checkDoc(body.candidate.doc, 'candidate.doc', true) };
    const result = compare(query, candidate, { threshold: DEFAULT_THRESHOLD, weights: DEFAULT_TOKEN_WEIGHTS });
    ctx.body = { object: 'screening_comparison', score: result.score, match: result.match, threshold: DEFAULT_THRESHOLD, explanation: result.explanation, livemode: ctx.state.livemode };
  });

  return router;
}
