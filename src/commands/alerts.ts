import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

/** Finds the customer an alert was raised on (an alert id names no stream): queries/lookups.ts. */
export interface AlertLookups {
  alertOwner(alertId: string): Promise<{ alert_id: string; customer_id: string; tenant_id: string } | null>;
}

/** An analyst's resolution of an alert, recorded on its customer's stream. */
export async function resolveAlert(
  deps: { log: EventLog; lookups: AlertLookups },
  alertId: string,
  resolution: { resolution: 'true_positive' | 'false_positive'; note: string; by?: string },
  context: CommandContext,
) {
  const alert = await deps.lookups.alertOwner(alertId);
  if (!alert) return E.left(new DomainError('alert_not_found', 'No such alert.', 'alert_id'));
  const own = forTenant(context, alert.tenant_id);
  const command = { type: 'ResolveAlert' as const, alert_id: alert.alert_id, ...resolution, now: own.metadata.occurred_at };
  return E.map((r: { position: number | null }) => ({ alert_id: alert.alert_id, position: r.position }))(await handleCommand(deps.log, customerStream(alert.customer_id), customerDecider, command, own));
}
