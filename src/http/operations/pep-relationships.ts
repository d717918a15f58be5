import * as t from 'io-ts';
import { isValidCpf } from '../../domain/values/document.js';
import { PEP_RELATIONSHIP_KINDS } from '../../domain/customer/pep-relationship.js';
import { boundedString, checkedString, refusing } from '../decode.js';
import { oneOf, uuidParam } from './shared.js';

/** `/customers/:id/pep-relationships/:relationship_id` */
export const PepRelationshipParams = t.type({ id: uuidParam('customer_id'), relationship_id: uuidParam('relationship_id') });

const text = (max: number, field: string) => refusing(boundedString(max), 'invalid_request', `${field} must be a non-empty text of at most ${max} characters.`, field);

/** A declared relative or close associate of a PEP (Res. COAF 40/2021 art. 1 §1). */
export const DeclarePepRelationshipBody = t.intersection([
  t.type({
    kind: oneOf(PEP_RELATIONSHIP_KINDS, `kind must be one of ${PEP_RELATIONSHIP_KINDS.join(', ')}.`),
    relation: text(100, 'relation'),
    pep_name: text(200, 'pep_name'),
    // unformatted, with valid check digits: the PEP is looked up on the list by it
    pep_cpf: checkedString('cpf', (s) => /^\d{11}$/.test(s) && isValidCpf(s), 'invalid_document', 'pep_cpf must be a valid CPF: 11 digits, unformatted.', 'pep_cpf'),
  }),
  t.partial({ pep_role: text(200, 'pep_role'), pep_organ: text(200, 'pep_organ') }),
]);
