import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import type { CustomerStatus } from '../domain/values/scopes.js';
import { getCustomer, type DocumentIndexDoc } from '../projections/customers.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

type Deps = { log: EventLog; readStore: ReadStore };
const positioned = E.map((r: { position: number | null }) => ({ position: r.position }));

/** The operator's status for a customer that exists (404 customer_not_found otherwise). */
export async function setCustomerStatus(deps: Deps, customerId: string, status: CustomerStatus, context: CommandContext) {
  const customer = await getCustomer(deps.readStore, customerId);
  if (!customer) return E.left(new DomainError('customer_not_found', 'No such customer.', 'customer_id'));
  const own = forTenant(context, customer.tenant_id);
  return positioned(await handleCommand(deps.log, customerStream(customerId), customerDecider, { type: 'ChangeStatus', status, reason: 'operator', now: own.metadata.occurred_at }, own));
}

/** The operator's review of a document that exists (404 document_not_found otherwise). */
export async function reviewDocument(deps: Deps, documentId: string, review: { status: 'aprovado' | 'rejeitado'; reason: string | null }, context: CommandContext) {
  const index = (await deps.readStore.get<DocumentIndexDoc>('documents', documentId))?.doc;
  if (!index) return E.left(new DomainError('document_not_found', 'No such document.', 'document_id'));
  const own = forTenant(context, index.tenant_id);
  const command = { type: 'ReviewDocument' as const, document_id: documentId, ...review, now: own.metadata.occurred_at };
  const result = await handleCommand(deps.log, customerStream(index.customer_id), customerDecider, command, own);
  return E.map((r: { position: number | null }) => ({ customer_id: index.customer_id, position: r.position }))(result);
}
