import type { EventLog } from '../adapters/event-store/event-log.js';
import { fxOperationDecider, fxOperationStream } from '../domain/fx/decider.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { existing, templateDecider, templateStream, type Template } from '../domain/template/decider.js';
import { tenantDecider, tenantStream, type TenantState } from '../domain/tenant/decider.js';
import { userDecider, userStream } from '../domain/user/decider.js';
import { deliveryDecider, deliveryStream } from '../domain/webhook/decider.js';
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

export async function loadRun(log: EventLog, runId: string) {
  const { state } = await loadState(log, runStream(runId), runDecider);
  return state.status === 'none' ? null : state;
}

export async function loadCustomer(log: EventLog, customerId: string) {
  const { state } = await loadState(log, customerStream(customerId), customerDecider);
  return state.status === 'none' ? null : state;
}

export async function loadFxOperation(log: EventLog, operationId: string) {
  const { state } = await loadState(log, fxOperationStream(operationId), fxOperationDecider);
  return state.status === 'none' ? null : state;
}

export async function loadDelivery(log: EventLog, deliveryId: string) {
  const { state } = await loadState(log, deliveryStream(deliveryId), deliveryDecider);
  return state.status === 'none' ? null : state;
}

export async function loadUser(log: EventLog, userId: string) {
  const { state } = await loadState(log, userStream(userId), userDecider);
  return state.status === 'none' ? null : state;
}
