import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { RunEvent } from '../domain/run/events.js';
import { recordedCandidates } from '../domain/screening/disposition.js';
import { isEventOf } from '../domain/shared/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import type { CustomerStatus } from '../domain/values/scopes.js';
import type { Processor } from '../processing/runner.js';
import { systemContext } from '../processing/system-context.js';

/**
 * When a customer's run ends, records the result on the customer: its latest run, the birth
 * date the cadastral source found, and the status the tenant's automatic-decision policy maps
 * the risk band to (none configured: the status stays em_analise). When an analyst decides the
 * run (RunReviewed) the customer's status follows the decision (customer decider's analystStatus).
 */
export class CustomerRunsReactor implements Processor {
  readonly id = 'reactor:customer-runs';
  readonly kind = 'reactor' as const;

  constructor(private readonly log: EventLog) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const event of events.filter(isEventOf(RunEvent))) {
      if (event.type !== 'RunCompleted' && event.type !== 'RunFailed' && event.type !== 'RunReviewed') continue;
      const { customer_id: customerId, tenant_id: tenantId, run_id: runId } = event.data;
      if (!customerId) continue;
      const decision = event.type === 'RunFailed' ? null : event.data.decision;
      const riskBand = event.type === 'RunFailed' ? null : event.data.risk_band;
      const runStatus = event.type === 'RunReviewed' ? 'completed' : event.type === 'RunFailed' ? 'failed' : event.data.status;
      const tenant = await loadState(this.log, tenantStream(tenantId), tenantDecider);
      const policy = tenant.state.status === 'active' ? tenant.state.settings.auto_decision_policy : null;
      const policyStatus = policy && riskBand ? ((policy as Record<string, string | undefined>)[riskBand] as CustomerStatus | undefined) ?? null : null;
      await handleCommand(
        this.log,
        customerStream(customerId),
        customerDecider,
        {
          type: 'ConcludeRun',
          run_id: runId,
          run_status: runStatus,
          decision,
          risk_band: riskBand,
          completed_at: event.data.completed_at,
          source_birth_date: await this.sourceBirthDate(runId),
          // a reviewed run: the analyst's decision sets the status (customer decider's analystStatus, with the policy's status for the band)
          policy_status: event.type !== 'RunReviewed' && runStatus === 'pending_review' ? null : policyStatus,
          ...(event.type === 'RunReviewed' ? { analyst_decision: event.data.decision, ...(await this.approvedHits(event.data)) } : {}),
          now: event.metadata.occurred_at,
        },
        systemContext({ event }, `customer-runs:${event.id}`),
      );
    }
  }

  /** An approval's hits (matches the run did not clear), for the customer's memory: customer decider's approvalClears. */
  private async approvedHits(review: { run_id: string; decision: string; note: string; reviewed_by?: string | undefined }) {
    if (review.decision !== 'approved') return {};
    const { state } = await loadState(this.log, runStream(review.run_id), runDecider);
    if (state.status === 'none') return {};
    const hits = recordedCandidates(state.answers)
      .filter((c) => c.match && !c.cleared && typeof c.content_hash === 'string')
      .map((c) => ({ list_id: c.list_id, entry_id: c.entry_id, content_hash: c.content_hash! }));
    return hits.length > 0 ? { approved_hits: { hits, by: review.reviewed_by ?? 'operator', note: review.note } } : {};
  }

  private async sourceBirthDate(runId: string): Promise<string | null> {
    const { state } = await loadState(this.log, runStream(runId), runDecider);
    if (state.status === 'none') return null;
    const birth = state.answers['receita_cpf']?.data['birth_date'];
    return typeof birth === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(birth) ? birth : null;
  }
}
