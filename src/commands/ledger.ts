import type { EventLog } from '../adapters/event-store/event-log.js';
import { ledgerDecider, ledgerStream, type LedgerCommand } from '../domain/ledger/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';

/**
 * Every movement of a tenant's credits. The ledger is the one stream every live request of a
 * tenant writes: its commands queue and are appended in batches by `handleCommand`, and its
 * folded state stays in memory (it holds no personal data), so a long ledger is not re-read.
 */
export const ledgerCommand = (log: EventLog, command: LedgerCommand, context: CommandContext) =>
  handleCommand(log, ledgerStream(command.tenant_id), ledgerDecider, command, context, { keepState: true });

/** `402 billing_suspended` when the operator suspended the tenant's billing, else null. */
export async function billingSuspended(log: EventLog, tenantId: string): Promise<DomainError | null> {
  const tenant = await loadState(log, tenantStream(tenantId), tenantDecider);
  return tenant.state.status === 'active' && tenant.state.settings.billing_suspended ? new DomainError('billing_suspended', 'Billing is suspended for this account.') : null;
}
