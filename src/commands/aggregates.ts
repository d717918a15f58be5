import type { EventLog } from '../adapters/event-store/event-log.js';
import { fxOperationDecider, fxOperationStream } from '../domain/fx/decider.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { existing, templateDecider, templateStream, type Template } from '../domain/template/decider.js';
import { tenantDecider, tenantStream, type TenantState } from '../domain/tenant/decider.js';
import { userDecider, userStream } from '../domain/user/decider.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
import type { Decider, DomainEvent } from '../domain/shared/decider.js';
import { loadState } from './handle-command.js';

/*
 * The current state of one aggregate, folded from its stream by its decider: what a command
 * decides from (a stream read is always current, unlike a read model). null: no such aggregate.
 */

export type Tenant = Extract<TenantState, { status: 'active' }>;

export async function loadTenant(log: EventLog, tenantId: string): Promise<Tenant | null> {
  const { state } = await loadState(log, tenantStream(tenantId), tenantDecider);
  return state.status === 'active' ? state : null;
}

export async function loadTemplate(log: EventLog, templateId: string): Promise<Template | null> {
  return existing((await loadState(log, templateStream(templateId), templateDecider)).state);
}

/** An aggregate whose initial state is `{ status: 'none' }`, or null while its stream is empty. */
async function loadExisting<S extends { status: string }, Ev extends DomainEvent>(log: EventLog, stream: string, decider: Decider<unknown, S, Ev>): Promise<Exclude<S, { status: 'none' }> | null> {
  const { state } = await loadState(log, stream, decider);
  return state.status === 'none' ? null : (state as Exclude<S, { status: 'none' }>);
}

export const loadRun = (log: EventLog, runId: string) => loadExisting(log, runStream(runId), runDecider);
export const loadCustomer = (log: EventLog, customerId: string) => loadExisting(log, customerStream(customerId), customerDecider);
export const loadFxOperation = (log: EventLog, operationId: string) => loadExisting(log, fxOperationStream(operationId), fxOperationDecider);
export const loadDelivery = (log: EventLog, deliveryId: string) => loadExisting(log, deliveryStream(deliveryId), deliveryDecider);
export const loadUser = (log: EventLog, userId: string) => loadExisting(log, userStream(userId), userDecider);
