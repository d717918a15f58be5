import * as E from 'fp-ts/lib/Either.js';
import type { PepRelationship } from '../domain/customer/pep-relationship.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from '../adapters/sources/port.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import type { RememberedDisposition } from '../domain/screening/disposition.js';
import { isSourceId, SOURCES } from '../domain/run/catalog.js';
import { runDecider, runStream, TERMINAL, type RunState } from '../domain/run/decider.js';
import type { RecordedAnswer } from '../domain/run/evaluate.js';
import { RunEvent, type RunQueuedData } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../adapters/metrics.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import * as t from 'io-ts';
import { causation, workKind, type Reactor } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkResult, type Worker } from '../processing/worker.js';
import { cachedAnswer } from '../projections/source-cache.js';

export interface RunExecutorDeps {
  log: EventLog;
  readStore: ReadStore;
  clock: Clock;
  logger: Logger;
  sources: { sandbox: Source; live: Source };
  sourceTimeoutMs: number;
  work: Pick<Worker, 'schedule'>;
  metrics?: Pick<Metrics, 'runEnded' | 'sourceQueried'>;
  /**
   * Whether a cached answer still holds beyond its TTL's say (default: always): an answer read
   * from a month of the CNPJ register is not reused once another month is served.
   */
  reusable?: (answer: RecordedAnswer) => Promise<boolean>;
}

export const RUN_WORK = 'run';
/** a run item: the run, and the RunQueued event that caused it */
const RunWork = workKind(RUN_WORK, t.intersection([t.type({ run_id: t.string }), causation]));
type RunWork = ReturnType<typeof RunWork.decode>;

/** The reactor's decision, pure: a queued run is a work item of its own (one per run, whoever sees it). */
export function runWorkFor(event: StoredEvent, now: number): NewWorkItem | null {
  if (!isEventOf(RunEvent)(event)) return null;
  // a held run's failed sources asked again (issue 28): an item of its own, resumed like the run's
  if (event.type === 'RunSourcesRetried') return RunWork.item(`run:${event.data.charge_id}`, { run_id: event.data.run_id, causation: event.id }, now);
  if (event.type !== 'RunQueued') return null;
  return RunWork.item(`run:${event.data.run_id}`, { run_id: event.data.run_id, causation: event.id }, now);
}

/** How a run ended, for the metrics: the decision (or failed / cancelled), and its duration when known. */
export function runOutcome(event: StoredEvent): { outcome: string; seconds: number | null } | null {
  if (!isEventOf(RunEvent)(event)) return null;
  const since = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
  switch (event.type) {
    case 'RunCompleted':
      return { outcome: event.data.decision, seconds: since(event.data.created_at, event.data.completed_at) };
    case 'RunFailed':
      return { outcome: 'failed', seconds: since(event.data.created_at, event.data.completed_at) };
    case 'RunCancelled':
      return { outcome: 'cancelled', seconds: null };
    default:
      return null;
  }
}

/**
 * Runs queued runs. Seeing `RunQueued`, it records a work item for the run (before its
 * checkpoint moves, so no run is lost); the worker executes it: starts the run, asks every source
 * of the template at once (cached answers first, each with a timeout) and records each answer on
 * the run, whose decider ends it. At-least-once and resumable: an answer already recorded is
 * never asked again, answers carry ids derived from run and source, and an execution cut short
 * (a crash, a stop, a lease lost) is simply executed again.
 */
export class RunExecutor implements Reactor<RunEvent, RunWork> {
  readonly id = 'reactor:run-executor';
  readonly kind = 'reactor' as const;
  readonly workKind = RUN_WORK;
  readonly payload = RunWork.payload;
  readonly canHandle = isEventOf(RunEvent);
  readonly workFor = runWorkFor;
  readonly maxAttempts = 10;
  /** runs executing here, so a cancellation or an end seen in the log stops their sources */
  private readonly inFlight = new Map<string, AbortController>();
  /** answers waiting to be recorded, per run: recorded in one command, never racing each other */
  private readonly recording = new Map<string, { pending: RecordedAnswer[]; drained: Promise<void> }>();

  constructor(private readonly deps: RunExecutorDeps) {}

  /** every source has its own timeout; the execution as a whole gets that twice, and a margin */
  get timeoutMs(): number {
    return this.deps.sourceTimeoutMs * 2 + 5_000;
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const items: NewWorkItem[] = [];
    const ended: NonNullable<ReturnType<typeof runOutcome>>[] = [];
    const now = this.deps.clock.now().getTime();
    for (const event of events.filter(isEventOf(RunEvent))) {
      const item = runWorkFor(event, now);
      if (item) items.push(item);
      const end = runOutcome(event);
      if (end) {
        this.inFlight.get(event.data.run_id)?.abort();
        ended.push(end);
      }
    }
    await this.deps.work.schedule(items);
    // counted once the batch is through: a batch that fails is handed again
    for (const end of ended) this.deps.metrics?.runEnded(end.outcome, end.seconds);
  }

  async execute(item: WorkItem, signal: AbortSignal): Promise<WorkResult> {
    const { run_id: runId, causation } = RunWork.decode(item);
    const local = new AbortController();
    this.inFlight.set(runId, local);
    try {
      await this.run(runId, causation ?? null, AbortSignal.any([signal, local.signal]));
    } finally {
      this.inFlight.delete(runId);
    }
    // stopped or timed out mid-run: the worker releases or retries the item
    if (signal.aborted) throw new Error('run execution aborted');
    return DONE;
  }

  private async run(runId: string, causation: string | null, signal: AbortSignal): Promise<void> {
    const { state } = await loadState(this.deps.log, runStream(runId), runDecider);
    if (state.status === 'none' || TERMINAL.includes(state.status) || state.status === 'pending_review') return;
    const run = state.run;
    if (state.status === 'queued') {
      const now = this.deps.clock.now().toISOString();
      await handleCommand(this.deps.log, runStream(runId), runDecider, { type: 'StartRun', now }, systemContext({ tenant_id: run.tenant_id, correlation_id: runId, causation_id: causation, at: now }, `${runId}:start`));
    }
    const pending = run.template.definition.sources.filter((s) => !state.answers[s.source_id]);
    const { memory, relationships } = await this.memoryOf(run);
    // a retry's answers are new facts: their command ids must differ from the first round's for the same sources
    const round = state.status === 'running' && state.retry ? `retry${state.retry.count}:` : '';
    await Promise.all(
      pending.map((s) => this.answer(run, round, s.source_id, s.tier, signal, memory, relationships, s.min_total === undefined ? undefined : { min_total: s.min_total })),
    );
  }

  /** The run's customer's dispositions of list entries, as they stand when its sources are asked (each list answer records those it applied). */
  private async memoryOf(run: RunQueuedData): Promise<{ memory: readonly RememberedDisposition[]; relationships: readonly PepRelationship[] }> {
    if (run.customer_id === null) return { memory: [], relationships: [] };
    const { state } = await loadState(this.deps.log, customerStream(run.customer_id), customerDecider);
    // and the customer's declared relationships with PEPs, which the `pep` source reads
    return state.status === 'none' ? { memory: [], relationships: [] } : { memory: Object.values(state.dispositions), relationships: Object.values(state.pep_relationships ?? {}) };
  }

  private async answer(
    run: RunQueuedData,
    round: string,
    sourceId: string,
    tier: 1 | 2 | 3,
    runSignal: AbortSignal,
    memory: readonly RememberedDisposition[],
    relationships: readonly PepRelationship[] = [],
    options?: SourceRequest['options'],
  ): Promise<void> {
    if (runSignal.aborted) return;
    const spec = isSourceId(sourceId) ? SOURCES[sourceId] : null;
    // a customer with declared PEPs is screened with them: no answer cached for the document alone
    const fresh = spec && !(sourceId === 'pep' && relationships.length > 0) ? await cachedAnswer(this.deps.readStore, run.subject_ref, sourceId, this.deps.clock.now()) : null;
    const cached = fresh && (await (this.deps.reusable?.(fresh) ?? true)) ? fresh : null;
    let recorded: RecordedAnswer;
    if (cached) {
      recorded = { ...cached, tier, cached: true, duration_ms: 0, cost: 0 };
    } else {
      const started = performance.now();
      const answer = spec ? await this.query(run, sourceId, runSignal, memory, relationships, options) : errorAnswer('unknown_source', 'The source is not in the catalog.');
      if (runSignal.aborted) return;
      if (spec) this.deps.metrics?.sourceQueried(sourceId, (performance.now() - started) / 1000, answer.error_code, answer.status === 'ERROR');
      recorded = {
        source_id: sourceId,
        tier,
        ...answer,
        cached: false,
        duration_ms: Math.round(performance.now() - started),
        cost: answer.status === 'ANSWERED' && spec ? spec.cost : 0,
      };
    }
    await this.record(run, round, recorded);
  }

  /**
   * Records answers as they come, those arriving in the same moment in one command. The command
   * id (from which its events' ids derive) names the round (`retry<n>:` for a retry of failed
   * sources) and the sources answered, so an execution cut short and run again records the same
   * facts once, and a retry's answer for a source is never taken for the first round's: which
   * answers share a command depends on timing, and a first-round failure recorded alone had the
   * very id of the retry's answer for that source, refusing it for ever.
   */
  private record(run: RunQueuedData, round: string, answer: RecordedAnswer): Promise<void> {
    const queue = this.recording.get(run.run_id);
    if (queue) {
      queue.pending.push(answer);
      return queue.drained;
    }
    const pending = [answer];
    const drained = (async () => {
      // let answers arriving in the same moment join this command
      await new Promise((resolve) => setImmediate(resolve));
      while (pending.length > 0) {
        const answers = pending.splice(0);
        const now = this.deps.clock.now().toISOString();
        const result = await handleCommand(this.deps.log, runStream(run.run_id), runDecider, { type: 'RecordSourceAnswers', answers, now }, systemContext(
          { tenant_id: run.tenant_id, correlation_id: run.run_id, at: now },
          `${run.run_id}:answers:${round}${answers.map((a) => a.source_id).sort().join(',')}`,
        ));
        if (E.isRight(result) && isFinished(result.right.state)) this.inFlight.get(run.run_id)?.abort();
      }
    })().finally(() => this.recording.delete(run.run_id));
    this.recording.set(run.run_id, { pending, drained });
    return drained;
  }

  private async query(run: RunQueuedData, sourceId: string, runSignal: AbortSignal, memory: readonly RememberedDisposition[], relationships: readonly PepRelationship[] = [], options?: SourceRequest['options']): Promise<SourceAnswer> {
    const source = run.environment === 'sandbox' ? this.deps.sources.sandbox : this.deps.sources.live;
    const signal = AbortSignal.any([runSignal, AbortSignal.timeout(this.deps.sourceTimeoutMs)]);
    try {
      const answer = await source.query({ run_id: run.run_id, tenant_id: run.tenant_id, source_id: sourceId as never, subject: run.subject as never, memory, now: this.deps.clock.now().toISOString(), pep_relationships: relationships, ...(options ? { options } : {}) }, signal);
      return signal.aborted && !runSignal.aborted ? errorAnswer('timeout', 'The source did not answer in time.') : answer;
    } catch {
      return errorAnswer('source_failed', 'The source failed unexpectedly.');
    }
  }
}

const isFinished = (state: RunState) => state.status !== 'none' && state.status !== 'queued' && state.status !== 'running';
