import * as t from 'io-ts';
import { boundedString, checkedString } from '../decode.js';
import { uuidParam } from './shared.js';

/** The input of the annual negative communication (CNO) operations (issue 30). */

export const CnoTaskParams = t.type({
  tenant_id: uuidParam('tenant_id'),
  year: checkedString('year', (s) => /^\d{4}$/.test(s), 'invalid_request', 'year must be a year of four digits.', 'year'),
  cnpj: checkedString('cnpj', (s) => /^\d{14}$/.test(s), 'invalid_document', 'cnpj must be the reporting CNPJ, 14 digits without punctuation.', 'cnpj'),
});

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export const RecordCnoSentBody = t.intersection([
  t.type({
    protocol: boundedString(200),
    sent_at: checkedString('sent_at', (s) => INSTANT.test(s) && !Number.isNaN(Date.parse(s)), 'invalid_date', 'sent_at must be an ISO 8601 instant with its zone (2027-01-12T15:00:00-03:00).', 'sent_at'),
    by: boundedString(200),
  }),
  t.partial({ note: t.union([boundedString(2000), t.null]) }),
]);
export type RecordCnoSentBody = t.TypeOf<typeof RecordCnoSentBody>;
