import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { isSourceId, SOURCES } from '../domain/run/catalog.js';
import { failedSources, runDecider, runStream } from '../domain/run/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { mayActOn, type Caller } from './caller.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';
import { billingSuspended, ledgerCommand } from './ledger.js';

/**
 * The charge a retry reserves under (the run's own charge settled when it first ended): one per
 * request, so a request that loses a race releases its own reservation, never the winner's.
 */
export const retryChargeId = (runId: string, commandId: string): string => `${runId}:retry:${deterministicId(`${commandId}:retry`)}`;

/** What asking these sources again may cost at most. */
export const retryCost = (sources: readonly string[]): number => sources.reduce((sum, id) => sum + (isSourceId(id) ? SOURCES[id].cost : 0), 0);

/**
 * POST /operator/v1/runs/{run_id}/retry-sources (and the dashboard's "Repetir fontes com falha"):
 * a held run's failed sources asked again. A live run first reserves their cost on the tenant's
 * ledger under the retry's own charge (released if the run refuses the retry); the run executor
 * asks them, and billing captures what answered when the run ends again.
 */
export async function retryRunSources(
  deps: { log: EventLog },
  runId: string,
  input: { sources?: readonly string[] | undefined },
  caller: Caller,
  context: CommandContext,
): Promise<E.Either<DomainError, { sources: readonly string[]; position: number | null }>> {
  const { state } = await loadState(deps.log, runStream(runId), runDecider);
  if (state.status === 'none' || !mayActOn(caller, state.run.tenant_id)) return E.left(new DomainError('run_not_found', 'No such run.', 'run_id'));
  const tenantId = state.run.tenant_id;
  const now = context.metadata.occurred_at;
  const chargeId = retryChargeId(runId, context.commandId);
  // refused before anything is reserved: the decider's rule, on the state as read
  const dry = runDecider.decide({ type: 'RetrySources', sources: input.sources, charge_id: chargeId, reserved_credits: 0, now }, state);
  if (E.isLeft(dry)) return dry;
  const sources = failedSources(state).filter((id) => !input.sources || input.sources.length === 0 || input.sources.includes(id));
  const live = state.run.environment === 'live';
  const reserve = live ? retryCost(sources) : 0;
  const scoped = forTenant(context, tenantId);
  if (live) {
    const suspended = await billingSuspended(deps.log, tenantId);
    if (suspended) return E.left(suspended);
    const reserved = await ledgerCommand(deps.log, { type: 'Reserve', tenant_id: tenantId, charge_id: chargeId, amount: reserve, now }, { ...scoped, commandId: `${context.commandId}:reserve` });
    if (E.isLeft(reserved)) return reserved;
  }
  const result = await handleCommand(deps.log, runStream(runId), runDecider, { type: 'RetrySources', sources: input.sources, charge_id: chargeId, reserved_credits: reserve, now }, scoped);
  if (E.isLeft(result)) {
    if (live) await ledgerCommand(deps.log, { type: 'Release', tenant_id: tenantId, charge_id: chargeId, now }, { ...scoped, commandId: `${context.commandId}:release` });
    return result;
  }
  return E.right({ sources, position: result.right.position });
}
