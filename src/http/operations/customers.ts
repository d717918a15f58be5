import * as t from 'io-ts';
import { isUuid } from '../../adapters/ids.js';
import type { CustomerDoc } from '../../projections/customers.js';
import { parseCustomerInput } from '../customer-input.js';
import { CustomerStatus } from '../../domain/values/scopes.js';
import { isDocumentShaped } from '../../domain/values/document.js';
import { checkedString, parsed, stringUpTo } from '../decode.js';
import { ApiError } from '../errors.js';
import { oneOf, PageQuery, uuidParam } from './shared.js';

/** The input of each public customer operation. */

/** The fields of both person types, checked in the order a caller fixes them (customer-input.ts). */
export const CreateCustomerBody = parsed('CreateCustomerRequest', parseCustomerInput);

/** `/customers/:id`: the parameter is `id`, the message names what it is. */
export const CustomerIdParams = t.type({ id: uuidParam('customer_id') });

const LIST_STATUSES = ['em_analise', 'aprovado', 'pendencia', 'recusado'] as const;

/** The customer list cursor: `<created_at with +00:00>_<customer_id>`, URL-encoded by the caller. */
export function encodeCustomerCursor(doc: CustomerDoc): string {
  return `${doc.created_at.replace(/Z$/, '+00:00')}_${doc.customer_id}`;
}

export function decodeCustomerCursor(raw: unknown): { created_at: string; id: string } {
  const invalid = new ApiError('invalid_cursor', 'cursor must be the next_cursor of a previous page, URL-encoded (its + must arrive as %2B).', 'cursor');
  if (typeof raw !== 'string') throw invalid;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?\+00:00)_([0-9a-f-]{36})$/.exec(raw);
  if (!match || !isUuid(match[2]!) || Number.isNaN(Date.parse(match[1]!))) throw invalid;
  return { created_at: new Date(match[1]!).toISOString(), id: match[2]! };
}

export const ListCustomersQuery = t.partial({
  type: checkedString('pf|pj', (s) => s === 'pf' || s === 'pj', 'invalid_request', 'type must be pf or pj.') as t.Type<'pf' | 'pj', string, unknown>,
  status: oneOf(LIST_STATUSES, `status must be one of ${LIST_STATUSES.join(', ')}.`),
  external_id: checkedString('external_id', (s) => s !== '', 'invalid_request', 'external_id must be a single value.'),
  // unformatted; an alphanumeric CNPJ in either case, upper-cased as it was stored, so it hashes the same
  doc: parsed('doc', (raw) => {
    const doc = typeof raw === 'string' ? raw.toUpperCase() : '';
    if (!isDocumentShaped(doc)) throw new ApiError('invalid_document', 'doc must be a CPF (11 digits) or a CNPJ (14 characters: 12 letters or digits, then 2 digits), unformatted.', 'doc');
    return doc;
  }),
  cursor: parsed('cursor', decodeCustomerCursor),
  ...PageQuery,
});

/** Operator: a customer's status, a document's review. */
export const OperatorCustomerParams = t.type({ customer_id: uuidParam('customer_id') });
export const SetCustomerStatusBody = t.type({ status: CustomerStatus });
export const DocumentIdParams = t.type({ document_id: uuidParam('document_id') });
export const ReviewDocumentBody = t.intersection([
  t.type({ status: t.keyof({ aprovado: null, rejeitado: null }) }),
  t.partial({ reason: stringUpTo(1000, 'reason has at most 1000 characters.') }),
]);
