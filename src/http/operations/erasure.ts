import * as t from 'io-ts';
import { isDocumentShaped, normalizeDocument } from '../../domain/values/document.js';
import { parsed } from '../decode.js';
import { ApiError } from '../errors.js';

/** The input of the operator's erasure request. */

export const CreateErasureRequestBody = t.intersection([
  t.type({
    // whether the tenant exists is the command's to say (tenant_not_found, whatever the string)
    tenant_id: t.string,
    doc: t.string.pipe(
      parsed('doc', (value) => {
        // the form every subject hash was made from, or the erasure would miss an alphanumeric CNPJ typed in lower case
        const doc = normalizeDocument(String(value));
        if (!isDocumentShaped(doc)) throw new ApiError('invalid_document', 'doc must be a CPF (11 digits) or CNPJ (14 characters), formatted or not.', 'doc');
        return doc;
      }) as t.Type<string, string, string>,
      'string',
    ),
  }),
  t.partial({
    legal_basis: t.string.pipe(
      parsed('legal_basis', (value) => {
        const basis = String(value).trim();
        if (basis.length > 500) throw new ApiError('invalid_request', 'legal_basis has at most 500 characters.', 'legal_basis');
        return basis;
      }) as t.Type<string, string, string>,
      'string',
    ),
  }),
]);
