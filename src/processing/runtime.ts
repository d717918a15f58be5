import type { WorkQueue } from '../adapters/work-queue/port.js';
import type { Clock } from '../adapters/clock.js';
import { errorText, type Logger } from '../logger.js';
import type { Processor, SubscriptionRunner } from './runner.js';
import { scheduleHandler, scheduleItem, type Schedule } from './schedule.js';
import type { WorkHandler, Worker } from './worker.js';

/** Done work items are kept this long (a replayed event then finds its item done), then pruned. */
const KEEP_DONE_MS = 7 * 24 * 3600_000;

/**
 * The processing runtime: the shared reader feeding every processor, and the worker executing
 * the work items reactors record. It owns the order of start-up (processors catch up from their
 * checkpoints; only then does the worker execute what is due, so executions read caught-up read
 * models) and of shutdown (the worker stops claiming and finishes or releases what it holds, then
 * each processor finishes its batch and checkpoints, then the queue closes).
 */
export class ProcessingRuntime {
  private pruning: NodeJS.Timeout | null = null;
  private readonly schedules: Schedule[] = [];

  constructor(
    readonly runner: SubscriptionRunner,
    readonly worker: Worker,
    private readonly queue: WorkQueue,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** A projection, or a reactor; a reactor that records work items also executes them. */
  add(processor: Processor & Partial<WorkHandler>): this {
    this.runner.add(processor);
    if (processor.workKind !== undefined && processor.execute) this.worker.register(processor as WorkHandler);
    return this;
  }

  /** A recurring task, as a durable work item first due one period after the start that records it. */
  schedule(schedule: Schedule): this {
    this.worker.register(scheduleHandler(schedule, this.clock));
    this.schedules.push(schedule);
    return this;
  }

  async start(head: number, catchUpMs = 60_000): Promise<void> {
    await this.runner.start();
    await this.runner.waitFor(head, catchUpMs);
    const now = this.clock.now().getTime();
    await this.worker.schedule(this.schedules.map((s) => scheduleItem(s, now + s.everyMs)));
    this.worker.start();
    await this.prune();
    this.pruning = setInterval(() => void this.prune(), 3600_000);
    this.pruning.unref();
  }

  async stop(): Promise<void> {
    if (this.pruning) clearInterval(this.pruning);
    await this.worker.stop();
    await this.runner.stop();
    await this.queue.close();
  }

  private async prune(): Promise<void> {
    try {
      await this.queue.prune(this.clock.now().getTime() - KEEP_DONE_MS);
    } catch (error) {
      this.logger.warn('work queue prune failed', { error: errorText(error) });
    }
  }
}
