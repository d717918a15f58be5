import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { customerStream } from '../domain/customer/decider.js';
import { MonitoringAlertRaised } from '../domain/customer/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { getAlert, type AlertDoc } from '../projections/monitoring-alerts.js';

/** An alert with the explanation of its score, read from the customer's stream where it is sealed. */
export async function explainedAlert(deps: { log: EventLog; readStore: ReadStore }, alertId: string): Promise<E.Either<DomainError, { alert: AlertDoc; explanation: unknown }>> {
  const alert = await getAlert(deps.readStore, alertId);
  if (!alert) return E.left(new DomainError('alert_not_found', 'No such alert.', 'alert_id'));
  const raised = (await deps.log.readStream(customerStream(alert.customer_id))).filter(isEventOf(MonitoringAlertRaised)).find((e) => e.data.alert_id === alert.alert_id);
  return E.right({ alert, explanation: raised?.data.explanation ?? null });
}
