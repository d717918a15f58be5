import * as t from 'io-ts';
import { isDocumentShaped, normalizeDocument } from '../../domain/values/document.js';
import { checkedString, parsed } from '../decode.js';
import { ApiError } from '../errors.js';
import { uuidParam } from './shared.js';

/** The auditor's query of the event log. */

export const AuditStreamsQuery = t.partial({
  tenant_id: uuidParam('tenant_id'),
  category: checkedString('stream category', (s) => /^[a-z][a-z0-9_]{0,40}$/.test(s), 'invalid_request', 'category must be a stream category such as run or tenant.'),
  from: parsed('from', (raw) => {
    const position = Number(raw);
    if (!Number.isSafeInteger(position) || position < 0) throw new ApiError('invalid_cursor', 'from must be a non-negative integer position.', 'from');
    return position;
  }),
  limit: parsed('limit', (raw) => {
    const size = Number(raw);
    if (!Number.isInteger(size) || size < 1 || size > 1000) throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 1000.', 'limit');
    return size;
  }),
  // a CPF or CNPJ, formatted or not; it needs tenant_id (checked by the route, across fields)
  subject: parsed('subject', (raw) => {
    const subject = typeof raw === 'string' ? normalizeDocument(raw) : '';
    if (!isDocumentShaped(subject)) throw new ApiError('invalid_request', 'subject must be a CPF or CNPJ, together with tenant_id.', 'subject');
    return subject;
  }),
});
