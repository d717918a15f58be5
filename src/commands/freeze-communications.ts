import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { caseDecider, caseStream } from '../domain/case/decider.js';
import type { BlockedAttempt, FreezeAsset } from '../domain/case/events.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { mayActOn, type Caller } from './caller.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';

/** The measures as the institution's systems, the operator or an analyst send them. */
export interface FreezeMeasuresInput {
  frozen_at: string;
  assets: readonly { kind: FreezeAsset['kind']; description: string; amount?: number | null | undefined }[];
  attempts_blocked?: readonly { at: string; description: string; amount?: number | null | undefined }[] | undefined;
  justification?: string | null | undefined;
}

const CUSTOMER_NOT_FOUND = new DomainError('customer_not_found', 'No such customer.', 'customer_id');

/** Who records: the key, a dashboard user, the operator (the event's metadata names the request too). */
const whoOf = (caller: Caller): string => (caller.kind === 'user' ? `user:${caller.user_id}` : caller.kind === 'key' ? `api_key:${caller.key_id}` : 'operator');

/** The tenant of a customer the caller may see; another tenant's customer does not exist for it. */
async function visibleCustomer(log: EventLog, customerId: string, caller: Caller): Promise<E.Either<DomainError, { tenant_id: string }>> {
  const { state } = await loadState(log, customerStream(customerId), customerDecider);
  return state.status === 'none' || !mayActOn(caller, state.tenant_id) ? E.left(CUSTOMER_NOT_FOUND) : E.right({ tenant_id: state.tenant_id });
}

/**
 * Records the measures the institution took on a customer's confirmed freeze, on the customer's
 * case; the drafts of the communications are drafted again from them (a new version each time,
 * the old ones kept). Refused with freeze_not_confirmed when no analyst confirmed a freeze.
 */
export async function recordFreezeMeasures(log: EventLog, customerId: string, input: FreezeMeasuresInput, caller: Caller, context: CommandContext) {
  const customer = await visibleCustomer(log, customerId, caller);
  if (E.isLeft(customer)) return customer;
  const amount = (a: { amount?: number | null | undefined }) => a.amount ?? null;
  const result = await handleCommand(
    log,
    caseStream(customerId),
    caseDecider,
    {
      type: 'RecordFreezeMeasures',
      measures_id: deterministicId(`freeze-measures:${context.commandId}`),
      frozen_at: input.frozen_at,
      assets: input.assets.map((a): FreezeAsset => ({ kind: a.kind, description: a.description, amount: amount(a) })),
      attempts_blocked: (input.attempts_blocked ?? []).map((a): BlockedAttempt => ({ at: a.at, description: a.description, amount: amount(a) })),
      justification: input.justification ?? null,
      by: whoOf(caller),
      now: context.metadata.occurred_at,
    },
    forTenant(context, customer.right.tenant_id),
  );
  return E.map((r: { position: number | null; events: readonly { data: unknown }[] }) => {
    const data = r.events[0]?.data as { measures_id?: string; late?: boolean } | undefined;
    return { position: r.position, measures_id: data?.measures_id ?? null, late: data?.late ?? false };
  })(result);
}

/** Records that a draft was sent to its addressee, with the date and the protocol it got. */
export async function markFreezeCommunicationSent(log: EventLog, caseId: string, input: { draft_id: string; sent_at: string; protocol: string }, caller: Caller, context: CommandContext) {
  const customer = await visibleCustomer(log, caseId, caller);
  if (E.isLeft(customer)) return E.left(new DomainError('case_not_found', 'Caso não encontrado.', 'case_id'));
  const result = await handleCommand(
    log,
    caseStream(caseId),
    caseDecider,
    { type: 'MarkFreezeCommunicationSent', ...input, by: whoOf(caller), now: context.metadata.occurred_at },
    forTenant(context, customer.right.tenant_id),
  );
  return E.map((r: { position: number | null }) => r.position)(result);
}
