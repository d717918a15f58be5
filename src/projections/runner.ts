import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { Subscription } from '../adapters/event-store/port.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { errorText, type Logger } from '../logger.js';

/** Something fed by the catch-up subscription: a projector or a reactor. */
export interface Processor {
  /** its checkpoint's name */
  id: string;
  kind: 'projection' | 'reactor';
  /** Handles a batch and records `upTo` as its checkpoint (with its writes, where the store allows). */
  handle(events: StoredEvent[], upTo: number): Promise<void>;
}

interface Waiter {
  position: number;
  resolve: () => void;
}

/**
 * Runs each processor on its own catch-up subscription from its own checkpoint. A batch that
 * fails is retried (with backoff) until it succeeds or the runner stops: the subscription never
 * skips ahead, so delivery is at-least-once and in commit order.
 */
export class SubscriptionRunner {
  private readonly processors: Processor[] = [];
  private readonly positions = new Map<string, number>();
  private readonly subscriptions: Subscription[] = [];
  private waiters: Waiter[] = [];
  private running = false;

  constructor(
    private readonly log: EventLog,
    private readonly readStore: ReadStore,
    private readonly logger: Logger,
  ) {}

  add(processor: Processor): this {
    this.processors.push(processor);
    return this;
  }

  async start(): Promise<void> {
    this.running = true;
    for (const processor of this.processors) {
      const checkpoint = await this.readStore.getCheckpoint(processor.id);
      this.positions.set(processor.id, checkpoint ?? 0);
      this.subscriptions.push(
        this.log.subscribe(
          checkpoint,
          (batch) => this.deliver(processor, batch),
          (error) => this.logger.error('subscription stopped', { processor: processor.id, error: errorText(error) }),
        ),
      );
    }
  }

  private async deliver(processor: Processor, batch: StoredEvent[]): Promise<void> {
    const upTo = batch[batch.length - 1]!.position;
    for (let attempt = 0; this.running; attempt++) {
      try {
        await processor.handle(batch, upTo);
        this.positions.set(processor.id, upTo);
        this.notify();
        return;
      } catch (error) {
        this.logger.error('processor failed; retrying', { processor: processor.id, attempt, error: errorText(error) });
        await sleep(Math.min(5_000, 50 * 2 ** attempt));
      }
    }
  }

  /** Lowest position every projection has reached (reactors are not waited for). */
  projectedPosition(): number {
    let lowest = Infinity;
    for (const p of this.processors) if (p.kind === 'projection') lowest = Math.min(lowest, this.positions.get(p.id) ?? 0);
    return lowest === Infinity ? Number.MAX_SAFE_INTEGER : lowest;
  }

  /**
   * Read-your-writes: resolves once every projection has applied `position`, or after
   * `timeoutMs` (then false: the write stands, the read model is only late).
   */
  waitFor(position: number | null, timeoutMs = 5_000): Promise<boolean> {
    if (position === null || this.projectedPosition() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.logger.warn('read model behind after write', { position });
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private notify(): void {
    if (this.waiters.length === 0) return;
    const reached = this.projectedPosition();
    const ready = this.waiters.filter((w) => w.position <= reached);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > reached);
    for (const w of ready) w.resolve();
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
    for (const w of this.waiters.splice(0)) w.resolve();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
