import { relationshipText } from '../../../domain/customer/pep-relationship.js';
import { ERASED } from '../../../domain/shared/personal.js';
import type { CustomerDoc } from '../../../projections/customers.js';
import { ApiError } from '../../errors.js';
import { DeclarePepRelationshipBody } from '../../operations/pep-relationships.js';
import { formField } from '../session.js';
import { maskedDoc, when } from '../present.js';

/** The kinds as the form offers them (Res. COAF 40/2021 art. 1 §1). */
export const PEP_KIND_LABEL: Record<string, string> = { familiar: 'Familiar', estreito_colaborador: 'Estreito colaborador' };

/** The customer's declared relationships with PEPs, as the customer page lists them. */
export function pepRelationshipsOf(customer: CustomerDoc) {
  return (customer.pep_relationships ?? []).map((r) => ({
    id: r.relationship_id,
    kind: PEP_KIND_LABEL[r.kind] ?? r.kind,
    kindCode: r.kind,
    text: relationshipText(r),
    pepName: r.pep_name === ERASED ? 'dado eliminado' : r.pep_name,
    pepCpf: maskedDoc(r.pep_cpf),
    office: [r.pep_role, r.pep_organ].filter((x) => x).join(' — ') || '—',
    declared: when(r.declared_at),
  }));
}

/** The dashboard's declaration form: the API's rules, the messages in pt-BR naming the field. */
export function pepRelationshipForm(form: URLSearchParams) {
  const optional = (name: string) => formField(form, name).trim() || undefined;
  const body = {
    kind: formField(form, 'kind'),
    relation: formField(form, 'relation').trim(),
    pep_name: formField(form, 'pep_name').trim(),
    pep_cpf: formField(form, 'pep_cpf').replace(/\D/g, ''),
    ...(optional('pep_role') ? { pep_role: optional('pep_role') } : {}),
    ...(optional('pep_organ') ? { pep_organ: optional('pep_organ') } : {}),
  };
  const decoded = DeclarePepRelationshipBody.decode(body);
  if (decoded._tag === 'Right') return { ...decoded.right, pep_role: decoded.right.pep_role ?? null, pep_organ: decoded.right.pep_organ ?? null };
  const field = (['kind', 'relation', 'pep_name', 'pep_cpf', 'pep_role', 'pep_organ'] as const).find((f) => !fieldOk(f, body));
  throw new ApiError(field === 'pep_cpf' ? 'invalid_document' : 'invalid_request', MESSAGES[field ?? 'relation'] ?? 'Revise o formulário.', field ?? 'relation');
}

const MESSAGES: Record<string, string> = {
  kind: 'Escolha familiar ou estreito colaborador.',
  relation: 'Informe a relação (até 100 caracteres), por exemplo cônjuge, filho, sócio.',
  pep_name: 'Informe o nome da pessoa exposta politicamente (até 200 caracteres).',
  pep_cpf: 'Informe um CPF válido da pessoa exposta politicamente (11 dígitos).',
  pep_role: 'O cargo tem no máximo 200 caracteres.',
  pep_organ: 'O órgão tem no máximo 200 caracteres.',
};

function fieldOk(field: string, body: Record<string, unknown>): boolean {
  const probe = { kind: 'familiar', relation: 'x', pep_name: 'x', pep_cpf: '52998224725', [field]: body[field] };
  if (body[field] === undefined) delete probe[field];
  return DeclarePepRelationshipBody.decode(probe)._tag === 'Right';
}
