import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { DomainError } from '../shared/decider.js';
import { personal } from '../shared/personal.js';

/**
 * A customer's declared relationship with a politically exposed person (Res. COAF 40/2021 art. 1
 * §1; Circular BCB 3.978 art. 27 §1): a relative (`familiar`: parentes em linha reta até o
 * segundo grau, cônjuge, companheiro, enteado) or a close associate (`estreito_colaborador`).
 * The tenant declares it; the customer is then treated as PEP: their runs' `pep` source answers
 * `is_pep` INVALID, for as long as the PEP is one (the PEP's grace clock when the PEP is listed).
 * The PEP's name and CPF are a third person's data: sealed, under the customer's subject.
 */
export const PEP_RELATIONSHIP_KINDS = ['familiar', 'estreito_colaborador'] as const;
export const PepRelationshipKind = t.keyof({ familiar: null, estreito_colaborador: null });
export type PepRelationshipKind = t.TypeOf<typeof PepRelationshipKind>;

const nullableString = t.union([t.string, t.null]);

export const CustomerPepRelationshipDeclared = t.type({
  type: t.literal('CustomerPepRelationshipDeclared'),
  data: t.type({
    customer_id: t.string,
    subject_ref: t.string,
    relationship_id: t.string,
    kind: PepRelationshipKind,
    /** as declared: "cônjuge", "filho", "sócio"… */
    relation: t.string,
    pep_name: personal(t.string),
    /** 11 digits */
    pep_cpf: personal(t.string),
    pep_role: nullableString,
    pep_organ: nullableString,
    /** who declared it: the API key or the operator user */
    declared_by: t.string,
    declared_at: t.string,
  }),
});

export const CustomerPepRelationshipRemoved = t.type({
  type: t.literal('CustomerPepRelationshipRemoved'),
  data: t.type({ customer_id: t.string, relationship_id: t.string, removed_by: t.string, removed_at: t.string }),
});

export const pepRelationshipPii = {
  CustomerPepRelationshipDeclared: { subject: (d: Record<string, unknown>) => String(d['subject_ref']), fields: ['pep_name', 'pep_cpf'] },
};

/** A relationship in force, as the customer's state and the `pep` source read it. */
export interface PepRelationship {
  relationship_id: string;
  kind: PepRelationshipKind;
  relation: string;
  pep_name: string;
  pep_cpf: string;
  pep_role: string | null;
  pep_organ: string | null;
  declared_by: string;
  declared_at: string;
}

export type PepRelationshipCommand =
  | {
      type: 'DeclarePepRelationship';
      relationship_id: string;
      kind: PepRelationshipKind;
      relation: string;
      pep_name: string;
      pep_cpf: string;
      pep_role: string | null;
      pep_organ: string | null;
      by: string;
      now: string;
    }
  | { type: 'RemovePepRelationship'; relationship_id: string; by: string; now: string };

type Declared = t.TypeOf<typeof CustomerPepRelationshipDeclared>;
type Removed = t.TypeOf<typeof CustomerPepRelationshipRemoved>;

/**
 * Declaring the same PEP with the same kind and relation again changes nothing (a retried
 * request); removing one that is not in force is a 404.
 */
export function decidePepRelationship(
  command: PepRelationshipCommand,
  state: { customer_id: string; subject_ref: string; pep_relationships?: Readonly<Record<string, PepRelationship>> },
): E.Either<DomainError, (Declared | Removed)[]> {
  const current = Object.values(state.pep_relationships ?? {});
  if (command.type === 'RemovePepRelationship') {
    if (!state.pep_relationships?.[command.relationship_id]) return E.left(new DomainError('pep_relationship_not_found', 'No such PEP relationship on this customer.', 'relationship_id'));
    return E.right([{ type: 'CustomerPepRelationshipRemoved', data: { customer_id: state.customer_id, relationship_id: command.relationship_id, removed_by: command.by, removed_at: command.now } }]);
  }
  const same = current.find((r) => r.relationship_id === command.relationship_id || (r.pep_cpf === command.pep_cpf && r.kind === command.kind && r.relation === command.relation));
  if (same) return E.right([]);
  const { relationship_id, kind, relation, pep_name, pep_cpf, pep_role, pep_organ } = command;
  return E.right([
    {
      type: 'CustomerPepRelationshipDeclared',
      data: { customer_id: state.customer_id, subject_ref: state.subject_ref, relationship_id, kind, relation, pep_name, pep_cpf, pep_role, pep_organ, declared_by: command.by, declared_at: command.now },
    },
  ]);
}

/** The relationships in force after one more event. */
export function evolvePepRelationships(current: Readonly<Record<string, PepRelationship>> | undefined, event: Declared | Removed): Record<string, PepRelationship> {
  const next = { ...(current ?? {}) };
  if (event.type === 'CustomerPepRelationshipRemoved') {
    delete next[event.data.relationship_id];
    return next;
  }
  const d = event.data;
  next[d.relationship_id] = {
    relationship_id: d.relationship_id,
    kind: d.kind,
    relation: d.relation,
    pep_name: String(d.pep_name),
    pep_cpf: String(d.pep_cpf),
    pep_role: d.pep_role,
    pep_organ: d.pep_organ,
    declared_by: d.declared_by,
    declared_at: d.declared_at,
  };
  return next;
}

/** "familiar (cônjuge)" / "estreito colaborador (sócio)" */
export const relationshipText = (r: Pick<PepRelationship, 'kind' | 'relation'>): string =>
  `${r.kind === 'familiar' ? 'familiar' : 'estreito colaborador'}${r.relation ? ` (${r.relation})` : ''}`;
