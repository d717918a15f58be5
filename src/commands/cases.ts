import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { caseDecider, caseStream, type CaseCommand, type CaseState } from '../domain/case/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { mayActOn, type Caller } from './caller.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';

/** The users a case may go to, and who may write on it (queries/lookups.ts). */
export interface CaseLookups {
  dashboardUser(userId: string): Promise<{ tenant_id: string; status: string; role: string } | null>;
}

export interface CaseDeps {
  log: EventLog;
  lookups: CaseLookups;
}

const NOT_FOUND = new DomainError('case_not_found', 'Caso não encontrado.', 'case_id');

type Opened = Exclude<CaseState, { status: 'none' }>;

/** The case as its stream says, when the caller may see it (another tenant's case is not found). */
async function visibleCase(log: EventLog, caseId: string, caller: Caller): Promise<E.Either<DomainError, Opened>> {
  const { state } = await loadState(log, caseStream(caseId), caseDecider);
  return state.status === 'none' || !mayActOn(caller, state.tenant_id) ? E.left(NOT_FOUND) : E.right(state);
}

/** Who writes: a dashboard user, or the operator (naming, optionally, the tenant's analyst it acts for). */
const authorOf = (caller: Caller, analyst?: string): string => (caller.kind === 'user' ? `user:${caller.user_id}` : analyst ? `user:${analyst}` : 'operator');

/** An active person of the tenant who works cases (analyst, admin or compliance officer; not a viewer). */
async function checkWorker(lookups: CaseLookups, tenantId: string, userId: string, param: string): Promise<DomainError | null> {
  const user = await lookups.dashboardUser(userId);
  if (!user || user.tenant_id !== tenantId || user.status !== 'active' || user.role === 'viewer') {
    return new DomainError('invalid_request', 'Só analistas, oficiais de compliance e administradores ativos desta empresa podem receber ou escrever em casos.', param);
  }
  return null;
}

async function onCase(deps: CaseDeps, caseId: string, caller: Caller, context: CommandContext, command: (state: Opened) => CaseCommand): Promise<E.Either<DomainError, number | null>> {
  const found = await visibleCase(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  const result = await handleCommand(deps.log, caseStream(caseId), caseDecider, command(found.right), forTenant(context, found.right.tenant_id));
  return E.map((r: { position: number | null }) => r.position)(result);
}

export async function commentCase(deps: CaseDeps, caseId: string, input: { text: string; analyst?: string | undefined }, caller: Caller, context: CommandContext) {
  const found = await visibleCase(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  if (input.analyst !== undefined && caller.kind === 'operator') {
    const refused = await checkWorker(deps.lookups, found.right.tenant_id, input.analyst, 'analyst');
    if (refused) return E.left(refused);
  }
  const now = context.metadata.occurred_at;
  return onCase(deps, caseId, caller, context, () => ({ type: 'CommentCase', comment_id: deterministicId(`comment:${context.commandId}`), text: input.text, author: authorOf(caller, input.analyst), now }));
}

/** Gives the case to a person of its tenant who works cases (null: back to the pool). */
export async function assignCaseTo(deps: CaseDeps, caseId: string, assignee: string | null, caller: Caller, context: CommandContext) {
  const found = await visibleCase(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  if (assignee !== null) {
    const refused = await checkWorker(deps.lookups, found.right.tenant_id, assignee, 'assignee');
    if (refused) return E.left(refused);
  }
  return onCase(deps, caseId, caller, context, () => ({ type: 'AssignCaseTo', assignee, by: authorOf(caller), now: context.metadata.occurred_at }));
}

/**
 * Assigns several cases of one tenant at once: every case is checked first (one unknown, or of
 * another tenant, and nothing is written), then each is assigned; the last position is returned.
 */
export async function assignCases(deps: CaseDeps, tenantId: string, caseIds: readonly string[], assignee: string | null, caller: Caller, context: CommandContext) {
  for (const caseId of caseIds) {
    const found = await visibleCase(deps.log, caseId, caller);
    if (E.isLeft(found) || found.right.tenant_id !== tenantId) return E.left(new DomainError('case_not_found', `Caso não encontrado: ${caseId}.`, 'case_ids'));
    if (found.right.status === 'closed') return E.left(new DomainError('case_closed', `O caso ${caseId} está encerrado.`, 'case_ids'));
  }
  if (assignee !== null) {
    const refused = await checkWorker(deps.lookups, tenantId, assignee, 'assignee');
    if (refused) return E.left(refused);
  }
  let last: number | null = null;
  for (const [i, caseId] of caseIds.entries()) {
    const result = await onCase(deps, caseId, caller, { ...context, commandId: `${context.commandId}:${i}` }, () => ({ type: 'AssignCaseTo', assignee, by: authorOf(caller), now: context.metadata.occurred_at }));
    if (E.isLeft(result)) return result;
    last = result.right ?? last;
  }
  return E.right(last);
}

/** Sends the case to the tenant's compliance officer (a dashboard user of that role), with a note. */
export const escalateCase = (deps: CaseDeps, caseId: string, note: string, caller: Caller, context: CommandContext) =>
  onCase(deps, caseId, caller, context, () => ({ type: 'EscalateCase', note, by: authorOf(caller), now: context.metadata.occurred_at }));

/** Closes the case with a note, when no item of it is left open. */
export const closeCase = (deps: CaseDeps, caseId: string, note: string, caller: Caller, context: CommandContext) =>
  onCase(deps, caseId, caller, context, () => ({ type: 'CloseCase', note, by: authorOf(caller), now: context.metadata.occurred_at }));
