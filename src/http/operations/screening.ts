import * as t from 'io-ts';
import { isCountryCode } from '../../domain/values/country.js';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../../domain/values/document.js';
import { isPartialDate } from '../../domain/values/partial-date.js';
import { boundedString, withChecks } from '../decode.js';
import { ApiError } from '../errors.js';

/** The input of each public screening operation (screening.md section 3). */

const Schema = t.keyof({ person: null, company: null });
const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null, t.undefined]);

/** At most this many list ids in a search (after duplicates are dropped, a list is searched once): there are a few dozen lists. */
export const MAX_SEARCH_LISTS = 64;

/**
 * A query's document must be a whole, valid CPF or CNPJ (kept normalized: unpunctuated, upper
 * case, as an alphanumeric CNPJ is stored); a candidate's may be masked as lists publish it.
 */
function checkDoc(doc: string | null | undefined, param: string, maskedAllowed: boolean): string | null {
  if (doc === undefined || doc === null || doc === '') return null;
  const stripped = normalizeDocument(doc);
  if (maskedAllowed && /^[*\d]{11}$/.test(stripped) && stripped.includes('*')) return doc;
  if (!(isValidCpf(stripped) || isValidCnpj(stripped))) throw new ApiError('invalid_document', `${param} must be a valid CPF or CNPJ${maskedAllowed ? ' (or a CPF masked as lists publish it)' : ''}.`, param);
  return stripped;
}

function checkQualifiers(record: { birth_date?: string | null | undefined; country?: string | null | undefined }, prefix: string): void {
  if (record.birth_date && !isPartialDate(record.birth_date)) throw new ApiError('invalid_request', `${prefix}birth_date must be a real date as YYYY, YYYY-MM or YYYY-MM-DD.`, `${prefix}birth_date`);
  if (record.country && !isCountryCode(record.country)) throw new ApiError('invalid_request', `${prefix}country must be an assigned ISO 3166-1 alpha-2 code in upper case, such as BR.`, `${prefix}country`);
}

const Qualifiers = { birth_date: nullable(t.string), country: nullable(t.string), doc: nullable(t.string) };

const SearchFields = t.intersection([
  t.type({ schema: Schema, name: boundedString(500) }),
  t.partial({ ...Qualifiers, lists: t.array(t.string), threshold: t.number, limit: t.number }),
]);

/**
 * A search: the qualifiers' formats, then the document, then threshold and limit; which lists
 * the key may search is the query's to say (they depend on the tenant). `doc` decodes normalized.
 */
export const SearchScreeningBody = withChecks(SearchFields, 'ScreeningSearchRequest', (body) => {
  checkQualifiers(body, '');
  const doc = checkDoc(body.doc, 'doc', false);
  if (body.threshold !== undefined && !(body.threshold > 0 && body.threshold <= 1)) throw new ApiError('invalid_request', 'threshold must be in (0, 1].', 'threshold');
  if (body.limit !== undefined && (!Number.isInteger(body.limit) || body.limit < 1 || body.limit > 100)) throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 100.', 'limit');
  if (body.lists !== undefined && body.lists.length > MAX_SEARCH_LISTS) throw new ApiError('invalid_request', `lists names at most ${MAX_SEARCH_LISTS} list ids.`, 'lists');
  return { ...body, doc, ...(body.lists === undefined ? {} : { lists: [...new Set(body.lists)] }) };
});

const ScreeningRecord = t.intersection([t.type({ name: boundedString(500) }), t.partial(Qualifiers)]);

/** Two records to compare: the query's document whole and valid, the candidate's possibly masked. */
export const CompareScreeningBody = withChecks(t.type({ schema: Schema, query: ScreeningRecord, candidate: ScreeningRecord }), 'ScreeningCompareRequest', (body) => {
  checkQualifiers(body.query, 'query.');
  checkQualifiers(body.candidate, 'candidate.');
  const queryDoc = checkDoc(body.query.doc, 'query.doc', false);
  const candidateDoc = checkDoc(body.candidate.doc, 'candidate.doc', true);
  return { ...body, query: { ...body.query, doc: queryDoc }, candidate: { ...body.candidate, doc: candidateDoc } };
});
