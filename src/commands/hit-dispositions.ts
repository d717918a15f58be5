import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { recordedCandidates, runHitsDecider, runHitsStream, type HitDisposition } from '../domain/screening/disposition.js';
import { DomainError } from '../domain/shared/decider.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';

export interface HitDispositionRequest {
  list_id: string;
  entry_id: string;
  disposition: HitDisposition;
  reason: string;
  /** who judged it, as the caller names them */
  by: string;
}

export interface HitDispositionDeps {
  log: EventLog;
  /** the content hash the loaded list holds now for an entry, for answers recorded before they kept it */
  entryHash(listId: string, entryId: string): string | null;
}

/**
 * An analyst's disposition of one of a run's list hits or near misses: remembered on the run's
 * customer (the memory later runs and monitoring honour), or, for a run no customer asked for, on
 * the run's own disposition stream. `tenantId` (a tenant's caller) must own the run.
 */
export async function disposeRunHit(deps: HitDispositionDeps, runId: string, tenantId: string | null, request: HitDispositionRequest, context: CommandContext) {
  const { state } = await loadState(deps.log, runStream(runId), runDecider);
  if (state.status === 'none' || (tenantId !== null && state.run.tenant_id !== tenantId)) return E.left(new DomainError('run_not_found', 'No such run.', 'run_id'));
  const candidate = recordedCandidates(state.answers).find((c) => c.list_id === request.list_id && c.entry_id === request.entry_id);
  if (!candidate) return E.left(new DomainError('hit_not_found', "No list hit or near miss of this run has this list_id and entry_id.", 'entry_id'));
  const contentHash = candidate.content_hash ?? deps.entryHash(request.list_id, request.entry_id) ?? 'unknown';
  const own = forTenant(context, state.run.tenant_id);
  const now = own.metadata.occurred_at;
  const judged = { list_id: request.list_id, entry_id: request.entry_id, content_hash: contentHash, disposition: request.disposition, reason: request.reason, by: request.by, now };
  const result =
    state.run.customer_id !== null
      ? await handleCommand(deps.log, customerStream(state.run.customer_id), customerDecider, { type: 'DisposeListHit', ...judged, from: { run_id: runId } }, own)
      : await handleCommand(deps.log, runHitsStream(runId), runHitsDecider, { type: 'DisposeRunHit', run_id: runId, subject_ref: state.run.subject_ref, ...judged }, own);
  return E.map((r: { position: number | null }) => ({ run_id: runId, position: r.position }))(result);
}
