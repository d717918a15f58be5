import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { MonitoringAlertRaised } from '../domain/customer/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { getAlert, type AlertDoc } from '../projections/monitoring-alerts.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

const notFound = () => new DomainError('alert_not_found', 'No such alert.', 'alert_id');

/** An alert with the explanation of its score, read from the customer's stream where it is sealed. */
export async function explainedAlert(deps: { log: EventLog; readStore: ReadStore }, alertId: string): Promise<E.Either<DomainError, { alert: AlertDoc; explanation: unknown }>> {
  const alert = await getAlert(deps.readStore, alertId);
  if (!alert) return E.left(notFound());
  const raised = (await deps.log.readStream(customerStream(alert.customer_id))).filter(isEventOf(MonitoringAlertRaised)).find((e) => e.data.alert_id === alert.alert_id);
  return E.right({ alert, explanation: raised?.data.explanation ?? null });
}

/** An analyst's resolution of an alert, recorded on its customer's stream. */
export async function resolveAlert(
  deps: { log: EventLog; readStore: ReadStore },
  alertId: string,
  resolution: { resolution: 'true_positive' | 'false_positive'; note: string },
  context: CommandContext,
) {
  const alert = await getAlert(deps.readStore, alertId);
  if (!alert) return E.left(notFound());
  const own = forTenant(context, alert.tenant_id);
  const command = { type: 'ResolveAlert' as const, alert_id: alert.alert_id, ...resolution, now: own.metadata.occurred_at };
  return E.map((r: { position: number | null }) => ({ alert_id: alert.alert_id, position: r.position }))(await handleCommand(deps.log, customerStream(alert.customer_id), customerDecider, command, own));
}
