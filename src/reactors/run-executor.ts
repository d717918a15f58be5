import * as E from 'fp-ts/lib/Either.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { errorAnswer, type Source, type SourceAnswer } from '../adapters/sources/port.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { isSourceId, SOURCES } from '../domain/run/catalog.js';
import { runDecider, runStream, TERMINAL, type RunState } from '../domain/run/decider.js';
import type { RecordedAnswer } from '../domain/run/evaluate.js';
import type { RunEvent, RunQueuedData } from '../domain/run/events.js';
import { errorText, type Logger } from '../logger.js';
import type { RunDoc } from '../projections/runs.js';
import { type Processor } from '../projections/runner.js';
import { cachedAnswer } from '../projections/source-cache.js';

export interface RunExecutorDeps {
  log: EventLog;
  readStore: ReadStore;
  clock: Clock;
  logger: Logger;
  sources: { sandbox: Source; live: Source };
  sourceTimeoutMs: number;
}

const system = (runId: string, tenantId: string, now: string, causation: string | null) => ({
  tenant_id: tenantId,
  actor: 'system',
  request_id: null,
  occurred_at: now,
  correlation_id: runId,
  causation_id: causation,
});

/**
 * Runs queued runs: starts them, asks every source of the template at once (cached answers
 * first, each with a timeout) and records each answer on the run, whose decider ends it.
 * At-least-once and resumable: an answer already recorded is never asked again, answers carry
 * ids derived from run and source, and unfinished runs are picked up again on start.
 */
export class RunExecutor implements Processor {
  readonly id = 'reactor:run-executor';
  readonly kind = 'reactor' as const;
  private readonly inFlight = new Map<string, { done: Promise<void>; abort: AbortController }>();
  /** answers waiting to be recorded, per run: recorded in one command, never racing each other */
  private readonly recording = new Map<string, { pending: RecordedAnswer[]; drained: Promise<void> }>();
  private stopped = false;

  constructor(private readonly deps: RunExecutorDeps) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const stored of events) {
      const event = stored as StoredEvent<RunEvent>;
      if (event.type === 'RunQueued') this.schedule(event.data.run_id, event.id);
      if (event.type === 'RunCancelled' || event.type === 'RunCompleted' || event.type === 'RunFailed') this.inFlight.get(event.data.run_id)?.abort.abort();
    }
  }

  /** Runs a crash left queued or running are started again (their recorded answers are kept). */
  async resumeUnfinished(): Promise<number> {
    let resumed = 0;
    for (const status of ['queued', 'running']) {
      const runs = await this.deps.readStore.find<RunDoc>('runs', { where: { status }, limit: 10_000 });
      for (const run of runs) {
        this.schedule(run.run_id, null);
        resumed++;
      }
    }
    return resumed;
  }

  /** Resolves when every run in progress has finished or been abandoned. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()].map((r) => r.done));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const run of this.inFlight.values()) run.abort.abort();
    await this.idle();
  }

  private schedule(runId: string, causation: string | null): void {
    if (this.stopped || this.inFlight.has(runId)) return;
    const abort = new AbortController();
    const done = this.execute(runId, causation, abort.signal)
      .catch((error: unknown) => this.deps.logger.error('run execution failed', { run_id: runId, error: errorText(error) }))
      .finally(() => this.inFlight.delete(runId));
    this.inFlight.set(runId, { done, abort });
  }

  private async execute(runId: string, causation: string | null, signal: AbortSignal): Promise<void> {
    const { state } = await loadState(this.deps.log, runStream(runId), runDecider);
    if (state.status === 'none' || TERMINAL.includes(state.status) || state.status === 'pending_review') return;
    const run = state.run;
    if (state.status === 'queued') {
      const now = this.deps.clock.now().toISOString();
      await handleCommand(this.deps.log, runStream(runId), runDecider, { type: 'StartRun', now }, { metadata: system(runId, run.tenant_id, now, causation), commandId: `${runId}:start` });
    }
    const pending = run.template.definition.sources.filter((s) => !state.answers[s.source_id]);
    await Promise.all(pending.map((s) => this.answer(run, s.source_id, s.tier, signal)));
  }

  private async answer(run: RunQueuedData, sourceId: string, tier: 1 | 2 | 3, runSignal: AbortSignal): Promise<void> {
    if (runSignal.aborted) return;
    const spec = isSourceId(sourceId) ? SOURCES[sourceId] : null;
    const cached = spec ? await cachedAnswer(this.deps.readStore, run.subject_ref, sourceId, this.deps.clock.now()) : null;
    let recorded: RecordedAnswer;
    if (cached) {
      recorded = { ...cached, tier, cached: true, duration_ms: 0, cost: 0 };
    } else {
      const started = performance.now();
      const answer = spec ? await this.query(run, sourceId, runSignal) : errorAnswer('unknown_source', 'The source is not in the catalog.');
      if (runSignal.aborted) return;
      recorded = {
        source_id: sourceId,
        tier,
        ...answer,
        cached: false,
        duration_ms: Math.round(performance.now() - started),
        cost: answer.status === 'ANSWERED' && spec ? spec.cost : 0,
      };
    }
    await this.record(run, recorded);
  }

  private record(run: RunQueuedData, answer: RecordedAnswer): Promise<void> {
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
        const result = await handleCommand(this.deps.log, runStream(run.run_id), runDecider, { type: 'RecordSourceAnswers', answers, now }, {
          metadata: system(run.run_id, run.tenant_id, now, null),
          commandId: `${run.run_id}:answers:${answers.map((a) => a.source_id).sort().join(',')}`,
        });
        if (E.isRight(result) && isFinished(result.right.state)) this.inFlight.get(run.run_id)?.abort.abort();
      }
    })().finally(() => this.recording.delete(run.run_id));
    this.recording.set(run.run_id, { pending, drained });
    return drained;
  }

  private async query(run: RunQueuedData, sourceId: string, runSignal: AbortSignal): Promise<SourceAnswer> {
    const source = run.environment === 'sandbox' ? this.deps.sources.sandbox : this.deps.sources.live;
    const signal = AbortSignal.any([runSignal, AbortSignal.timeout(this.deps.sourceTimeoutMs)]);
    try {
      const answer = await source.query({ run_id: run.run_id, source_id: sourceId as never, subject: run.subject as never }, signal);
      return signal.aborted && !runSignal.aborted ? errorAnswer('timeout', 'The source did not answer in time.') : answer;
    } catch {
      return errorAnswer('source_failed', 'The source failed unexpectedly.');
    }
  }
}

const isFinished = (state: RunState) => state.status !== 'none' && state.status !== 'queued' && state.status !== 'running';
