import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { assignmentDecider, assignmentStream } from '../domain/assignment/decider.js';
import type { CaseKind } from '../domain/assignment/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { loadRun } from './aggregates.js';
import type { AlertLookups } from './alerts.js';
import type { DocumentLookups } from './customer-review.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

/** What an assignment finds by keys that name no stream, and the users who may take a case: queries/lookups.ts. */
export interface AssignmentLookups extends AlertLookups, DocumentLookups {
  dashboardUser(userId: string): Promise<{ tenant_id: string; status: string; role: string } | null>;
}

const NOT_FOUND: Record<CaseKind, DomainError> = {
  run: new DomainError('run_not_found', 'No such run.', 'case_id'),
  alert: new DomainError('alert_not_found', 'No such alert.', 'case_id'),
  document: new DomainError('document_not_found', 'No such document.', 'case_id'),
};

/** The tenant a case belongs to, or null when there is no such case. */
async function caseTenant(deps: { log: EventLog; lookups: AssignmentLookups }, kind: CaseKind, caseId: string): Promise<string | null> {
  switch (kind) {
    case 'run':
      return (await loadRun(deps.log, caseId))?.run.tenant_id ?? null;
    case 'alert':
      return (await deps.lookups.alertOwner(caseId))?.tenant_id ?? null;
    case 'document':
      return (await deps.lookups.documentOwner(caseId))?.tenant_id ?? null;
  }
}

/**
 * Gives a case of the user's tenant to one of its analysts or admins (null: back to the pool).
 * Another tenant's case is not found; a viewer, a deactivated user or another tenant's user
 * cannot be given one.
 */
export async function assignCase(
  deps: { log: EventLog; lookups: AssignmentLookups },
  input: { kind: CaseKind; case_id: string; assignee: string | null },
  tenantId: string,
  context: CommandContext,
): Promise<E.Either<DomainError, number | null>> {
  if ((await caseTenant(deps, input.kind, input.case_id)) !== tenantId) return E.left(NOT_FOUND[input.kind]);
  if (input.assignee !== null) {
    const user = await deps.lookups.dashboardUser(input.assignee);
    if (!user || user.tenant_id !== tenantId || user.status !== 'active' || user.role === 'viewer') {
      return E.left(new DomainError('invalid_request', 'Só analistas e administradores ativos desta empresa podem receber casos.', 'assignee'));
    }
  }
  const command = { type: 'AssignCase' as const, tenant_id: tenantId, ...input, now: context.metadata.occurred_at };
  const result = await handleCommand(deps.log, assignmentStream(input.kind, input.case_id), assignmentDecider, command, forTenant(context, tenantId));
  return E.map((r: { position: number | null }) => r.position)(result);
}
