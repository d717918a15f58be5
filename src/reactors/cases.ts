import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { caseDecider, caseStream, type CaseCommand } from '../domain/case/decider.js';
import type { CaseItem } from '../domain/case/events.js';
import { alertReason } from '../domain/case/priority.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { CustomerEvent } from '../domain/customer/events.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { RunEvent, type RunCompletedData } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Processor } from '../processing/runner.js';
import { systemContext } from '../processing/system-context.js';

type Owner = { tenant_id: string; subject_ref: string; environment: 'live' | 'sandbox' };

/** A run needs an analyst when it ended in review, blocked, partial, or completed with decision review. */
export const runNeedsAnalyst = (data: Pick<RunCompletedData, 'status' | 'decision'>): boolean =>
  data.status === 'pending_review' || data.status === 'blocked' || data.status === 'partial' || data.decision === 'review';

/**
 * Keeps each customer's case (`case-<customer_id>`) in step with what needs an analyst: a run
 * ended needing review, a monitoring alert raised, a document uploaded pending open the case (or
 * reopen a closed one) and add the item; the run decided, the alert concluded or delisted, the
 * document reviewed or replaced resolve it. At-least-once: the commands are idempotent on the
 * case's state and their event ids derive from the event handled.
 */
export class CasesReactor implements Processor {
  readonly id = 'reactor:cases';
  readonly kind = 'reactor' as const;

  constructor(private readonly log: EventLog) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const event of events) {
      const commands = isEventOf(RunEvent)(event) ? await this.forRun(event) : isEventOf(CustomerEvent)(event) ? await this.forCustomer(event) : [];
      for (const [i, { customerId, command }] of commands.entries()) {
        await handleCommand(this.log, caseStream(customerId), caseDecider, command, systemContext({ event }, `cases:${event.id}:${i}`));
      }
    }
  }

  private async owner(customerId: string): Promise<Owner | null> {
    const { state } = await loadState(this.log, customerStream(customerId), customerDecider);
    return state.status === 'none' ? null : { tenant_id: state.tenant_id, subject_ref: state.subject_ref, environment: state.environment };
  }

  private async add(customerId: string, item: Omit<CaseItem, 'environment'>, now: string, environment?: 'live' | 'sandbox'): Promise<{ customerId: string; command: CaseCommand }[]> {
    const owner = await this.owner(customerId);
    if (!owner) return [];
    const command: CaseCommand = { type: 'AddCaseItem', tenant_id: owner.tenant_id, customer_id: customerId, subject_ref: owner.subject_ref, item: { ...item, environment: environment ?? owner.environment }, now };
    return [{ customerId, command }];
  }

  private async forRun(event: StoredEvent & RunEvent): Promise<{ customerId: string; command: CaseCommand }[]> {
    const now = event.metadata.occurred_at;
    const resolve = (customerId: string, runId: string) => [{ customerId, command: { type: 'ResolveCaseItem' as const, kind: 'run' as const, item_id: runId, now } }];
    if (event.type === 'RunReviewed' && event.data.customer_id) return resolve(event.data.customer_id, event.data.run_id);
    if (event.type !== 'RunCompleted' || !event.data.customer_id) return [];
    const { data } = event;
    if (!runNeedsAnalyst(data)) return resolve(data.customer_id!, data.run_id);
    const reasons = [`run_${data.status === 'completed' ? 'review' : data.status}`, ...(await this.invalidChecks(data.run_id))];
    return this.add(data.customer_id!, { kind: 'run', item_id: data.run_id, reasons, risk_band: data.risk_band, score: null }, now, data.environment);
  }

  /** The checks a run's sources found invalid (sanctions_hit, is_pep...): the case's reason codes. */
  private async invalidChecks(runId: string): Promise<string[]> {
    const { state } = await loadState(this.log, runStream(runId), runDecider);
    if (state.status === 'none') return [];
    const ids = Object.values(state.answers).flatMap((a) => a.checks.filter((c) => c.status === 'INVALID').map((c) => c.check_id));
    return [...new Set(ids)];
  }

  private async forCustomer(event: StoredEvent & CustomerEvent): Promise<{ customerId: string; command: CaseCommand }[]> {
    const now = event.metadata.occurred_at;
    const resolve = (customerId: string, kind: 'alert' | 'document', itemId: string) => ({ customerId, command: { type: 'ResolveCaseItem' as const, kind, item_id: itemId, now } });
    switch (event.type) {
      case 'MonitoringAlertRaised': {
        const { customer_id, alert_id, list_id, score, environment } = event.data;
        return this.add(customer_id, { kind: 'alert', item_id: alert_id, reasons: [alertReason(list_id)], risk_band: null, score }, now, environment);
      }
      case 'MonitoringAlertResolved':
      case 'MonitoringAlertDelisted':
        return [resolve(event.data.customer_id, 'alert', event.data.alert_id)];
      case 'DocumentUploaded': {
        const { customer_id, document_id, replaces } = event.data;
        const added = await this.add(customer_id, { kind: 'document', item_id: document_id, reasons: ['document_pending'], risk_band: null, score: null }, now);
        return replaces ? [resolve(customer_id, 'document', replaces), ...added] : added;
      }
      case 'DocumentReviewed':
        return [resolve(event.data.customer_id, 'document', event.data.document_id)];
      default:
        return [];
    }
  }
}
