import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { fxOperationDecider, fxOperationStream, type FxOperationCommand, type FxOperationState } from '../domain/fx/decider.js';
import type * as t from 'io-ts';
import type { FxDirection } from '../domain/fx/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { loadCustomer, loadFxOperation, loadTenant } from './aggregates.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

type Deps = { log: EventLog };

export interface NewFxOperation {
  nature_code: string;
  direction: t.TypeOf<typeof FxDirection>;
  currency: string;
  amount: string;
  counterparty: { name: string; country: string };
  customer_id: string | null;
  description: string;
}

const notFound = () => new DomainError('operation_not_found', 'No such FX operation.', 'id');

/** A draft FX operation of a tenant that exists; its customer, when named, must be the tenant's own. */
export async function createFxOperation(deps: Deps, tenantId: string, input: NewFxOperation, context: CommandContext) {
  if (!(await loadTenant(deps.log, tenantId))) return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  if (input.customer_id) {
    const customer = await loadCustomer(deps.log, input.customer_id);
    if (!customer || customer.tenant_id !== tenantId) return E.left(new DomainError('customer_not_found', 'No such customer in this tenant.', 'customer_id'));
  }
  const operationId = deterministicId(`${context.commandId}:fxop`);
  const operation = { operation_id: operationId, tenant_id: tenantId, ...input, created_at: context.metadata.occurred_at };
  const result = await handleCommand(deps.log, fxOperationStream(operationId), fxOperationDecider, { type: 'CreateFxOperation', operation }, context);
  return E.map((r: { position: number | null }) => ({ operation_id: operationId, position: r.position }))(result);
}

/** Submission or an analysis request for an operation that exists. */
export async function advanceFxOperation(deps: Deps, operationId: string, command: FxOperationCommand, context: CommandContext) {
  const op = await loadFxOperation(deps.log, operationId);
  if (!op) return E.left(notFound());
  const result = await handleCommand(deps.log, fxOperationStream(operationId), fxOperationDecider, command, forTenant(context, op.operation.tenant_id));
  return E.map((r: { position: number | null }) => ({ position: r.position }))(result);
}

/**
 * A key's download of an analysed operation's laudo, recorded (who, when) on the operation's
 * stream, which refuses the 11th in any hour. Another tenant's operation does not exist for the
 * key: checked on the stream before the decider sees it.
 */
export async function downloadLaudo(deps: { log: EventLog; blobStore: BlobStore }, operationId: string, key: { tenant_id: string; key_id: string }, context: CommandContext) {
  const history = await deps.log.readStream(fxOperationStream(operationId));
  const created = history[0];
  if (!created || created.type !== 'FxOperationCreated' || created.data['tenant_id'] !== key.tenant_id) return E.left(notFound());
  const result = await handleCommand(deps.log, fxOperationStream(operationId), fxOperationDecider, { type: 'RecordLaudoDownload', key_id: key.key_id, now: context.metadata.occurred_at }, context);
  if (E.isLeft(result)) return result;
  const { laudo } = (result.right.state as Exclude<FxOperationState, { status: 'none' }>).completed!;
  const blob = await deps.blobStore.get(laudo.blob_key);
  if (!blob) return E.left(new DomainError('internal_error', 'An internal error occurred.'));
  return E.right({ data: blob.data, file_name: laudo.file_name });
}
