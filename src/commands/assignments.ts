import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { assignmentDecider, assignmentStream } from '../domain/assignment/decider.js';
import type { CaseKind } from '../domain/assignment/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { getAlert } from '../projections/monitoring-alerts.js';
import { getRun } from '../projections/runs.js';
import type { DocumentIndexDoc } from '../projections/customers.js';
import { getDashboardUser } from '../projections/users.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

const NOT_FOUND: Record<CaseKind, DomainError> = {
  run: new DomainError('run_not_found', 'No such run.', 'case_id'),
  alert: new DomainError('alert_not_found', 'No such alert.', 'case_id'),
  document: new DomainError('document_not_found', 'No such document.', 'case_id'),
};

/** The tenant a case belongs to, or null when there is no such case. */
async function caseTenant(store: ReadStore, kind: CaseKind, caseId: string): Promise<string | null> {
  switch (kind) {
    case 'run':
      return (await getRun(store, caseId))?.tenant_id ?? null;
    case 'alert':
      return (await getAlert(store, caseId))?.tenant_id ?? null;
    case 'document':
      return (await store.get<DocumentIndexDoc>('documents', caseId))?.doc.tenant_id ?? null;
  }
}

/**
 * Gives a case of the user's tenant to one of its analysts or admins (null: back to the pool).
 * Another tenant's case is not found; a viewer, a deactivated user or another tenant's user
 * cannot be given one.
 */
export async function assignCase(
  deps: { log: EventLog; readStore: ReadStore },
  input: { kind: CaseKind; case_id: string; assignee: string | null },
  tenantId: string,
  context: CommandContext,
): Promise<E.Either<DomainError, number | null>> {
  if ((await caseTenant(deps.readStore, input.kind, input.case_id)) !== tenantId) return E.left(NOT_FOUND[input.kind]);
  if (input.assignee !== null) {
    const user = await getDashboardUser(deps.readStore, input.assignee);
    if (!user || user.tenant_id !== tenantId || user.status !== 'active' || user.role === 'viewer') {
      return E.left(new DomainError('invalid_request', 'Só analistas e administradores ativos desta empresa podem receber casos.', 'assignee'));
    }
  }
  const command = { type: 'AssignCase' as const, tenant_id: tenantId, ...input, now: context.metadata.occurred_at };
  const result = await handleCommand(deps.log, assignmentStream(input.kind, input.case_id), assignmentDecider, command, forTenant(context, tenantId));
  return E.map((r: { position: number | null }) => r.position)(result);
}
