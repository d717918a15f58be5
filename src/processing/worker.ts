import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Clock } from '../adapters/clock.js';
import type { NewWorkItem, WorkItem, WorkQueue } from '../adapters/work-queue/port.js';
import { errorText, outsideRequest, type Logger } from '../logger.js';
import { UndecodablePayloadError } from './reactor.js';

/** What an execution asks for next: nothing (done), or to run again at a time (not a failure). */
export type WorkResult = { done: true } | { again_at: number };

export const DONE: WorkResult = { done: true };

/**
 * The effect of one kind of work item. `execute` is called at least once per item and must be
 * safe to call again after a crash at any point: it reads the recorded outcome of its aggregate
 * first and does only what is not recorded yet (a source answer, a charge, a 2xx attempt).
 */
export interface WorkHandler {
  /** the kind of items it executes */
  workKind: string;
  /** one execution is aborted past this, and counted as a failed attempt */
  timeoutMs: number;
  /** failed attempts before the item is set aside as failed (and logged) */
  maxAttempts: number;
  execute(item: WorkItem, signal: AbortSignal): Promise<WorkResult>;
}

export interface WorkerOptions {
  /** this instance's name in leases; unique per process */
  owner?: string;
  /** items executing at once in this instance */
  concurrency: number;
  /** how long a claim holds before another instance may take the item over */
  leaseMs: number;
  /** the longest sleep between looks at the queue (other instances' items, expired leases) */
  pollMs: number;
}

/** Failed attempts wait 1 s, 2 s, 4 s … up to a minute, with jitter. */
const backoffMs = (attempts: number) => Math.min(60_000, 1_000 * 2 ** attempts) * (0.5 + Math.random() / 2);

/**
 * The one worker: executes due work items of every registered kind with one timeout, retry,
 * backoff and concurrency policy, holding a lease on each (renewed while it runs), and records
 * each outcome on the queue. Everything it needs to go on is in the queue, so a restart, or
 * another instance after the lease expires, simply executes what is due.
 */
export class Worker {
  readonly owner: string;
  private readonly handlers = new Map<string, WorkHandler>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private saturated = false;
  private started = false;
  private stopped = false;

  constructor(
    private readonly queue: WorkQueue,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
  ) {
    this.owner = options.owner ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
    setMaxListeners(0, this.stopping.signal);
  }

  register(handler: WorkHandler): this {
    this.handlers.set(handler.workKind, handler);
    return this;
  }

  /** Records items durably, then looks at the queue: what a reactor does before its checkpoint moves. */
  async schedule(items: readonly NewWorkItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.queue.enqueue(items, this.clock.now().getTime());
    this.wake();
  }

  start(): void {
    this.started = true;
    this.wake();
  }

  /** Looks at the queue now: called after this instance recorded items. */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    // a request that records items only wakes the loop: what it executes later is not that request's
    this.ticking = outsideRequest(() => this.tick()).finally(() => {
      this.ticking = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Claims and executes everything due now, and resolves once those executions are recorded. */
  async runDue(): Promise<void> {
    const started = await this.claimAndStart();
    await Promise.allSettled(started);
  }

  /** Resolves when nothing is executing in this instance. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.ticking) {
      await Promise.allSettled([...this.inFlight.values(), this.ticking]);
    }
  }

  /**
   * Claims nothing more; executions in hand get `graceMs` to finish, then are aborted and their
   * leases released (not counted as failures), so a restart or another instance takes them at once.
   */
  async stop(graceMs = 3_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const settled = Promise.allSettled([...this.inFlight.values(), this.ticking]);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise<void>((resolve) => (grace = setTimeout(resolve, graceMs)))]);
    clearTimeout(grace);
    this.stopping.abort();
    await settled;
    await this.idle();
  }

  private async tick(): Promise<void> {
    try {
      await this.claimAndStart();
    } catch (error) {
      this.logger.error('work queue unavailable; retrying', { error: errorText(error) });
    }
    await this.arm();
  }

  private async claimAndStart(): Promise<Promise<void>[]> {
    if (this.stopped) return [];
    const now = this.clock.now().getTime();
    const items = await this.queue.claim({
      kinds: [...this.handlers.keys()],
      owner: this.owner,
      now,
      leaseMs: this.options.leaseMs,
      limit: this.options.concurrency - this.inFlight.size,
    });
    // a full claim may have left due items behind: look again as executions end
    this.saturated = items.length > 0 && items.length >= this.options.concurrency - this.inFlight.size;
    // a lease this worker let lapse and took again: the execution in hand goes on
    return items.filter((item) => !this.inFlight.has(item.id)).map((item) => {
      const run = this.execute(item).then((again) => {
        this.inFlight.delete(item.id);
        if (again || this.saturated) this.wake();
      });
      this.inFlight.set(item.id, run);
      return run;
    });
  }

  /** Sleeps until the next item is claimable here, at most `pollMs` (other instances write too). */
  private async arm(): Promise<void> {
    if (this.stopped) return;
    let delay = this.options.pollMs;
    if (this.inFlight.size < this.options.concurrency) {
      try {
        const next = await this.queue.nextClaimable([...this.handlers.keys()], this.clock.now().getTime());
        if (next !== null) delay = Math.max(0, Math.min(delay, next - this.clock.now().getTime()));
      } catch {
        // the next tick reports it
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delay);
    this.timer.unref();
  }

  /** Executes and records one item; true when it is due again now (rearmed meanwhile, or asked to). */
  private async execute(item: WorkItem): Promise<boolean> {
    const handler = this.handlers.get(item.kind)!;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), handler.timeoutMs);
    const renewal = setInterval(() => {
      void this.queue.renew([item.id], this.owner, this.clock.now().getTime(), this.options.leaseMs).catch(() => undefined);
    }, Math.max(10, Math.floor(this.options.leaseMs / 3)));
    const signal = AbortSignal.any([timeout.signal, this.stopping.signal]);
    try {
      let result: WorkResult;
      try {
        result = await untilAborted(handler.execute(item, signal), signal);
      } catch (error) {
        if (this.stopping.signal.aborted) return (await this.release(item), false);
        const reason = timeout.signal.aborted ? `timed out after ${handler.timeoutMs} ms` : errorText(error);
        return (await this.failed(item, handler, reason, error instanceof UndecodablePayloadError), false);
      }
      if (this.stopping.signal.aborted) return (await this.release(item), false);
      const now = this.clock.now().getTime();
      if ('done' in result) return !(await this.queue.complete(item, this.owner, now));
      await this.queue.reschedule(item, this.owner, result.again_at, null, now);
      return result.again_at <= now;
    } catch (error) {
      // recording the outcome failed: the lease runs out and the item is executed again
      this.logger.error('work outcome not recorded', { kind: item.kind, item: item.id, error: errorText(error) });
      return false;
    } finally {
      clearTimeout(timer);
      clearInterval(renewal);
    }
  }

  private async release(item: WorkItem): Promise<void> {
    await this.queue.reschedule(item, this.owner, item.due_at, null, this.clock.now().getTime());
  }

  /** A failed attempt is retried with backoff up to the handler's limit; an item that cannot be read fails for good at once. */
  private async failed(item: WorkItem, handler: WorkHandler, error: string, forGood = false): Promise<void> {
    const now = this.clock.now().getTime();
    if (forGood || item.attempts + 1 >= handler.maxAttempts) {
      this.logger.error('work item failed for good', { kind: item.kind, item: item.id, attempts: item.attempts + 1, error });
      await this.queue.fail(item, this.owner, error, now);
      return;
    }
    this.logger.warn('work item failed; retrying', { kind: item.kind, item: item.id, attempt: item.attempts + 1, error });
    await this.queue.reschedule(item, this.owner, now + Math.round(backoffMs(item.attempts)), error, now);
  }
}

/**
 * The execution's outcome, or its abort (a timeout, a stop) even when the handler ignores its
 * signal: a hung call must not hold a slot, a lease or the shutdown forever. The handler may still
 * finish later; handlers are safe to run again, and a late failure is dropped.
 */
function untilAborted<T>(running: Promise<T>, signal: AbortSignal): Promise<T> {
  running.catch(() => undefined);
  return Promise.race([
    running,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(new Error('aborted'));
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    }),
  ]);
}
