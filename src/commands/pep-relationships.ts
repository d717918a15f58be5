import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newId } from '../adapters/ids.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import type { PepRelationshipKind } from '../domain/customer/pep-relationship.js';
import { DomainError } from '../domain/shared/decider.js';
import { loadCustomer } from './aggregates.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

export interface PepRelationshipInput {
  kind: PepRelationshipKind;
  relation: string;
  pep_name: string;
  /** 11 digits, check digits verified by the caller */
  pep_cpf: string;
  pep_role: string | null;
  pep_organ: string | null;
}

/** A tenant's declaration that its customer is a relative or close associate of a PEP (404 customer_not_found otherwise). */
export async function declarePepRelationship(deps: { log: EventLog }, customerId: string, input: PepRelationshipInput, context: CommandContext) {
  const customer = await loadCustomer(deps.log, customerId);
  if (!customer) return E.left(new DomainError('customer_not_found', 'No such customer.', 'customer_id'));
  const own = forTenant(context, customer.tenant_id);
  const relationshipId = newId();
  const command = { type: 'DeclarePepRelationship' as const, relationship_id: relationshipId, ...input, by: own.metadata.actor ?? 'operator', now: own.metadata.occurred_at };
  const result = await handleCommand(deps.log, customerStream(customerId), customerDecider, command, own);
  return E.map((r: { position: number | null; state: unknown }) => {
    const state = r.state as { pep_relationships?: Record<string, { relationship_id: string; pep_cpf: string; kind: string; relation: string }> };
    // declared again: the one in force
    const held = Object.values(state.pep_relationships ?? {}).find((x) => x.relationship_id === relationshipId || (x.pep_cpf === input.pep_cpf && x.kind === input.kind && x.relation === input.relation));
    return { relationship_id: held?.relationship_id ?? relationshipId, position: r.position };
  })(result);
}

/** The declaration withdrawn (404 pep_relationship_not_found when it is not in force). */
export async function removePepRelationship(deps: { log: EventLog }, customerId: string, relationshipId: string, context: CommandContext) {
  const customer = await loadCustomer(deps.log, customerId);
  if (!customer) return E.left(new DomainError('customer_not_found', 'No such customer.', 'customer_id'));
  const own = forTenant(context, customer.tenant_id);
  const command = { type: 'RemovePepRelationship' as const, relationship_id: relationshipId, by: own.metadata.actor ?? 'operator', now: own.metadata.occurred_at };
  return E.map((r: { position: number | null }) => ({ position: r.position }))(await handleCommand(deps.log, customerStream(customerId), customerDecider, command, own));
}
