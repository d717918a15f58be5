import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import type { CustomerStatus } from '../domain/values/scopes.js';
import { loadCustomer } from './aggregates.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

/** Finds the customer a document belongs to (a document id names no stream): queries/lookups.ts. */
export interface DocumentLookups {
  documentOwner(documentId: string): Promise<{ customer_id: string; tenant_id: string } | null>;
}

const positioned = E.map((r: { position: number | null }) => ({ position: r.position }));

/** The operator's status for a customer that exists (404 customer_not_found otherwise). */
export async function setCustomerStatus(deps: { log: EventLog }, customerId: string, status: CustomerStatus, context: CommandContext) {
  const customer = await loadCustomer(deps.log, customerId);
  if (!customer) return E.left(new DomainError('customer_not_found', 'No such customer.', 'customer_id'));
  const own = forTenant(context, customer.tenant_id);
  return positioned(await handleCommand(deps.log, customerStream(customerId), customerDecider, { type: 'ChangeStatus', status, reason: 'operator', now: own.metadata.occurred_at }, own));
}

/** The operator's review of a document that exists (404 document_not_found otherwise). */
export async function reviewDocument(
  deps: { log: EventLog; lookups: DocumentLookups },
  documentId: string,
  review: { status: 'aprovado' | 'rejeitado'; reason: string | null },
  context: CommandContext,
) {
  const index = await deps.lookups.documentOwner(documentId);
  if (!index) return E.left(new DomainError('document_not_found', 'No such document.', 'document_id'));
  const own = forTenant(context, index.tenant_id);
  const command = { type: 'ReviewDocument' as const, document_id: documentId, ...review, now: own.metadata.occurred_at };
  const result = await handleCommand(deps.log, customerStream(index.customer_id), customerDecider, command, own);
  return E.map((r: { position: number | null }) => ({ customer_id: index.customer_id, position: r.position }))(result);
}

/**
 * Qualification completed after registration (Circular 3.978 art. 23: within 30 days), by the
 * tenant's system or an analyst (`by`). The customer must be the tenant's (404 otherwise); the
 * fields are the customer type's (decider), already checked field by field by the caller.
 */
export async function updateCustomerQualification(deps: { log: EventLog }, customerId: string, tenantId: string, fields: Record<string, unknown>, by: string, context: CommandContext) {
  const customer = await loadCustomer(deps.log, customerId);
  if (!customer || customer.tenant_id !== tenantId) return E.left(new DomainError('customer_not_found', 'No such customer.', 'customer_id'));
  const own = forTenant(context, customer.tenant_id);
  return positioned(await handleCommand(deps.log, customerStream(customerId), customerDecider, { type: 'UpdateQualification', fields, by, now: own.metadata.occurred_at }, own));
}
