import * as E from 'fp-ts/lib/Either.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import { handleCommand, loadState, type CommandContext } from '../commands/handle-command.js';
import { billingSuspended, ledgerCommand } from '../commands/ledger.js';
import { queueRun, type NewRun } from '../commands/runs.js';
import { customerDecider, customerStream, type CustomerState } from '../domain/customer/decider.js';
import { isReviewDue, reviewRunMetadata } from '../domain/monitoring/periodic-review.js';
import { reviewDecider, reviewStream } from '../domain/monitoring/review-decider.js';
import type { ReviewDeferralReason } from '../domain/monitoring/review-events.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import type { RunQueuedData } from '../domain/run/events.js';
import { maximumCost } from '../domain/run/evaluate.js';
import { ERASED } from '../domain/shared/personal.js';
import type { PeriodicReview } from '../domain/tenant/events.js';
import type { Environment } from '../domain/values/scopes.js';
import type { Logger } from '../logger.js';
import * as t from 'io-ts';
import { workKind } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkHandler, type WorkResult, type Worker } from '../processing/worker.js';
import type { CustomerDoc } from '../projections/customers.js';
import { getTemplate, usableTemplate } from '../projections/templates.js';
import type { TenantDoc } from '../projections/tenants.js';

export const REVIEW_SWEEP_WORK = 'periodic-review-sweep';
export const REVIEW_WORK = 'periodic-review';
const SWEEP_ITEM_ID = 'periodic-review-sweep';
const SweepWork = workKind(REVIEW_SWEEP_WORK, t.type({}));
/** a customer's review of one period, named by the run it reviews */
const ReviewWork = workKind(REVIEW_WORK, t.type({ tenant_id: t.string, customer_id: t.string, after_run_id: t.string }));
/** monitored customers read per query */
const PAGE = 500;
const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox'];

export interface PeriodicReviewDeps {
  log: EventLog;
  readStore: ReadStore;
  clock: Clock;
  logger: Logger;
  secretKey: string;
  /** between two sweeps (a review that could not start is tried again on the next) */
  intervalMs: number;
  work: Pick<Worker, 'schedule'>;
}

/**
 * One item per customer and period reviewed: the period is named by the run it reviews, so
 * however many sweeps (or instances) find the customer due, one item, one run.
 */
const reviewItem = (customer: CustomerDoc, dueAt: number): NewWorkItem =>
  ReviewWork.item(
    `periodic-review:${customer.customer_id}:${customer.latest_run!.run_id}`,
    { tenant_id: customer.tenant_id, customer_id: customer.customer_id, after_run_id: customer.latest_run!.run_id },
    dueAt,
    // an item done or set aside is pending again: it decides from the streams whether anything is left to do
    true,
  );

/**
 * The periodic-review sweep (screening.md section 6): one work item that runs every interval,
 * pages through the monitored customers of every tenant with a `periodic_review` setting, and
 * records a review item for each one due. It only reads and dispatches; a crash mid-sweep runs
 * the sweep again, which records the same items.
 */
export class PeriodicReviewSweep implements WorkHandler {
  readonly workKind = REVIEW_SWEEP_WORK;
  readonly timeoutMs = 30 * 60_000;
  /** a failed sweep (a store unavailable) is retried, never set aside */
  readonly maxAttempts = Number.MAX_SAFE_INTEGER;

  constructor(private readonly deps: PeriodicReviewDeps) {}

  /** Records the sweep item if none is recorded yet (every instance may: one item). */
  async schedule(): Promise<void> {
    await this.deps.work.schedule([SweepWork.item(SWEEP_ITEM_ID, {}, this.deps.clock.now().getTime())]);
  }

  async execute(): Promise<WorkResult> {
    const now = this.deps.clock.now();
    for (const { doc: tenant } of await this.deps.readStore.listCollection<TenantDoc>('tenants')) {
      const policy = tenant.settings.periodic_review ?? null;
      if (policy === null || Object.keys(policy).length === 0) continue;
      for (const environment of ENVIRONMENTS) await this.sweep(tenant.tenant_id, environment, policy, now);
    }
    return { again_at: now.getTime() + this.deps.intervalMs };
  }

  private async sweep(tenantId: string, environment: Environment, policy: PeriodicReview, now: Date): Promise<void> {
    let before: { created_at: string; id: string } | undefined;
    for (;;) {
      const page = await this.deps.readStore.find<CustomerDoc>('customers', {
        where: { tenant_id: tenantId, environment, status: 'em_monitoramento' },
        limit: PAGE,
        ...(before ? { before } : {}),
      });
      await this.deps.work.schedule(page.filter((c) => isReviewDue(policy, c, now)).map((c) => reviewItem(c, now.getTime())));
      if (page.length < PAGE) return;
      const last = page[page.length - 1]!;
      before = { created_at: last.created_at, id: last.customer_id };
    }
  }
}

type Inputs = { template: NonNullable<Awaited<ReturnType<typeof usableTemplate>>>; subject: NewRun['subject'] };

/**
 * Starts the review run of one due customer: the template of the run reviewed (its current
 * published version) on the same subject, a normal run of the customer's environment (credit
 * held first when live, webhooks as usual) whose metadata says `trigger: periodic_review`.
 *
 * Exactly once per period, whatever crashes: the run id derives from the item (so from the run
 * reviewed); the customer records the run before it is queued, and a monitored customer whose
 * latest run is another one is no longer due. Credit is held before the customer records the
 * run, so a refusal leaves nothing behind but a `PeriodicReviewDeferred` and a log line, and the
 * next sweep tries again. An attempt whose reservation was released before its run existed (a
 * crash, then the orphan release at start-up) cannot be charged again under its id: the next
 * attempt id takes over.
 */
export class PeriodicReviewer implements WorkHandler {
  readonly workKind = REVIEW_WORK;
  readonly timeoutMs = 60_000;
  /** every step is safe to repeat: retried until it goes through, never set aside */
  readonly maxAttempts = Number.MAX_SAFE_INTEGER;

  constructor(private readonly deps: PeriodicReviewDeps) {}

  async execute(item: WorkItem): Promise<WorkResult> {
    const { tenant_id: tenantId, customer_id: customerId, after_run_id: reviewed } = ReviewWork.decode(item);
    const { log } = this.deps;
    const now = this.deps.clock.now();
    const context = (commandId: string): CommandContext => systemContext({ tenant_id: tenantId, correlation_id: item.id, at: now }, commandId);
    const customer = (await loadState(log, customerStream(customerId), customerDecider)).state;
    const last = (await loadState(log, runStream(reviewed), runDecider)).state;
    if (customer.status === 'none' || last.status === 'none') return DONE;
    const live = customer.environment === 'live';
    const skipped: string[] = [];
    for (let attempt = 0; ; attempt++) {
      const commandId = `${item.id}:${attempt}`;
      // the id queueRun gives the run of this command
      const runId = deterministicId(`${commandId}:run`);
      if ((await log.readStream(runStream(runId))).length > 0) return DONE;
      const recorded = customer.latest_run_id === runId;
      if (!recorded && !stillDue(customer, [reviewed, ...skipped])) return DONE;
      const inputs = await this.inputs(tenantId, last.run, recorded);
      if (inputs === 'erased') {
        this.deps.logger.info('periodic review skipped: the subject was erased', { tenant_id: tenantId, customer_id: customerId });
        return DONE;
      }
      if (inputs === 'template_unavailable') return this.defer(tenantId, customerId, runId, inputs, context(`${commandId}:deferred:${inputs}`));
      if (live) {
        const held = await this.holdCredit(tenantId, runId, maximumCost(inputs.template.definition), context(`${commandId}:reserve`));
        if (held === 'released') {
          skipped.push(runId);
          continue;
        }
        if (held !== 'held') return this.defer(tenantId, customerId, runId, held, context(`${commandId}:deferred:${held}`));
      }
      const requested = await handleCommand(
        log,
        customerStream(customerId),
        customerDecider,
        { type: 'RequestReviewRun', run_id: runId, after_run_ids: [reviewed, ...skipped], now: now.toISOString() },
        context(`${commandId}:customer`),
      );
      if (E.isLeft(requested)) {
        // the customer changed since it was read: no review for this period, and no credit held for it
        if (live) await ledgerCommand(log, { type: 'Release', tenant_id: tenantId, charge_id: runId, now: now.toISOString() }, context(`${commandId}:release`));
        return DONE;
      }
      const run: NewRun = {
        tenant_id: tenantId,
        environment: customer.environment,
        template: inputs.template,
        subject: inputs.subject,
        external_id: last.run.external_id,
        metadata: reviewRunMetadata(last.run.metadata),
        webhook_url: last.run.webhook_url,
        customer_id: customerId,
        credit_held: live,
      };
      const queued = await queueRun(log, this.deps.secretKey, run, context(commandId));
      // only a refused reservation answers Left, and the credit is held already
      if (E.isLeft(queued)) throw new Error(`review run not queued: ${queued.left.code}`);
      this.deps.logger.info('periodic review run queued', { tenant_id: tenantId, customer_id: customerId, run_id: runId });
      return DONE;
    }
  }

  /**
   * The template and subject of the run reviewed, as they can be run today. A review the customer
   * recorded already runs even if its template was archived since: its run must exist.
   */
  private async inputs(tenantId: string, last: RunQueuedData, recorded: boolean): Promise<Inputs | 'erased' | 'template_unavailable'> {
    if (last.subject === ERASED) return 'erased';
    const fields = Object.fromEntries(Object.entries(last.subject).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    if (!fields['doc'] || fields['doc'] === ERASED) return 'erased';
    const templateId = last.template.template_id;
    const template = recorded ? await getTemplate(this.deps.readStore, templateId) : await usableTemplate(this.deps.readStore, tenantId, templateId);
    if (!template || template.definition.subject_type !== last.subject_type) return 'template_unavailable';
    if (template.definition.parameters.some((p) => !fields[p])) return 'template_unavailable';
    return { template, subject: { ...fields, type: last.subject_type, doc: fields['doc'] } };
  }

  /** Holds the run's maximum cost under its id, as any live run does before it is queued. */
  private async holdCredit(tenantId: string, runId: string, amount: number, context: CommandContext): Promise<'held' | 'released' | ReviewDeferralReason> {
    if (await billingSuspended(this.deps.log, tenantId)) return 'billing_suspended';
    const reserved = await ledgerCommand(this.deps.log, { type: 'Reserve', tenant_id: tenantId, charge_id: runId, amount, now: context.metadata.occurred_at }, context);
    if (E.isLeft(reserved)) return 'insufficient_credit';
    // a charge settles once: a reservation released earlier is not held again under the same id
    return reserved.right.state.reservations[runId] !== undefined ? 'held' : 'released';
  }

  private async defer(tenantId: string, customerId: string, runId: string, reason: ReviewDeferralReason, context: CommandContext): Promise<WorkResult> {
    // ids only: the customer's name or document never reach the log
    this.deps.logger.warn('periodic review deferred', { tenant_id: tenantId, customer_id: customerId, reason });
    await handleCommand(
      this.deps.log,
      reviewStream(customerId),
      reviewDecider,
      { type: 'DeferReview', tenant_id: tenantId, customer_id: customerId, run_id: runId, reason, now: context.metadata.occurred_at },
      context,
    );
    // done: the next sweep records the item again if the customer is still due, under the policy then
    return DONE;
  }
}

/** Still monitored, its latest run the one reviewed (or an attempt that never got a run). */
function stillDue(customer: CustomerState, reviewedRuns: readonly string[]): boolean {
  return customer.status === 'em_monitoramento' && customer.latest_run_id !== null && reviewedRuns.includes(customer.latest_run_id);
}
