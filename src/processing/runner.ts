import { UndecodableEventError, type EventLog, type StoredEvent } from '../adapters/event-store/event-log.js';
import type { Subscription } from '../adapters/event-store/port.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { errorText, type Logger } from '../logger.js';

/** Something fed by the catch-up subscription: a projector or a reactor. */
export interface Processor {
  /** its checkpoint's name */
  id: string;
  kind: 'projection' | 'reactor';
  /**
   * Handles a batch. A projection records `upTo` as its checkpoint together with its writes; a
   * reactor's checkpoint is recorded by the runner once `handle` has returned.
   */
  handle(events: StoredEvent[], upTo: number): Promise<void>;
  /**
   * Where it starts: `checkpoint` (the default) after its checkpoint, from the first event when it
   * has none; `head` after the last event written when the runner starts, whatever its checkpoint
   * (for in-memory state that every start rebuilds empty, like a cache to invalidate).
   */
  startAt?: 'checkpoint' | 'head';
  /** Called before its first batch. */
  start?(): Promise<void>;
  /** Called once its last batch is handled and checkpointed, before the stores close. */
  stop?(): Promise<void>;
}

interface Waiter {
  position: number;
  resolve: () => void;
}

interface Lane {
  /** position of the last event handed to this processor's queue */
  enqueued: number;
  batches: StoredEvent[][];
  draining: Promise<void> | null;
}

/** Batches a processor may lag behind the shared reader before the reader waits for it. */
const MAX_QUEUED_BATCHES = 64;

/**
 * Feeds every processor from one catch-up subscription: each event is read and opened (its
 * personal fields decrypted) once, from the lowest checkpoint, and each processor gets the
 * events past its own checkpoint on its own queue, so a slow processor delays the others only
 * once its queue is full. A batch that fails is retried (with backoff) until it succeeds or the
 * runner stops: a processor never skips ahead, so delivery is at-least-once and in commit order.
 */
export class SubscriptionRunner {
  private readonly processors: Processor[] = [];
  private readonly positions = new Map<string, number>();
  private readonly lanes = new Map<string, Lane>();
  private subscription: Subscription | null = null;
  private drained: (() => void) | null = null;
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
    let from = Infinity;
    const head = await this.log.store.headPosition();
    for (const processor of this.processors) {
      const checkpoint = processor.startAt === 'head' ? head : ((await this.readStore.getCheckpoint(processor.id)) ?? 0);
      await processor.start?.();
      this.positions.set(processor.id, checkpoint);
      this.lanes.set(processor.id, { enqueued: checkpoint, batches: [], draining: null });
      from = Math.min(from, checkpoint);
    }
    this.subscription = this.log.subscribe(
      from === Infinity || from === 0 ? null : from,
      (batch) => this.fanOut(batch),
      // the store reads the failed batch again after a backoff; an event that does not decode holds it until fixed
      (error) =>
        this.logger.error('event log read failed; retrying', {
          error: errorText(error),
          ...(error instanceof UndecodableEventError ? { stream: error.stream, position: error.position, event_type: error.eventType } : {}),
        }),
    );
  }

  private async fanOut(batch: StoredEvent[]): Promise<void> {
    for (const processor of this.processors) {
      const lane = this.lanes.get(processor.id)!;
      const fresh = batch.filter((e) => e.position > lane.enqueued);
      if (fresh.length === 0) continue;
      lane.enqueued = fresh[fresh.length - 1]!.position;
      lane.batches.push(fresh);
      lane.draining ??= this.drain(processor, lane);
    }
    while (this.running && [...this.lanes.values()].some((l) => l.batches.length > MAX_QUEUED_BATCHES)) {
      await new Promise<void>((resolve) => (this.drained = resolve));
    }
  }

  private async drain(processor: Processor, lane: Lane): Promise<void> {
    for (let batch = lane.batches.shift(); batch && this.running; batch = lane.batches.shift()) {
      await this.deliver(processor, batch);
      this.drained?.();
    }
    lane.draining = null;
  }

  private async deliver(processor: Processor, batch: StoredEvent[]): Promise<void> {
    const upTo = batch[batch.length - 1]!.position;
    for (let attempt = 0; this.running; attempt++) {
      try {
        await processor.handle(batch, upTo);
        if (processor.kind === 'reactor') await this.readStore.commit({ writes: [], checkpoint: { processor: processor.id, position: upTo } });
        this.positions.set(processor.id, upTo);
        this.notify();
        return;
      } catch (error) {
        this.logger.error('processor failed; retrying', { processor: processor.id, attempt, error: errorText(error) });
        await sleep(Math.min(5_000, 50 * 2 ** attempt));
      }
    }
  }

  /** The position each processor has handled up to in this instance (its lag is the head minus it). */
  progress(): ReadonlyMap<string, number> {
    return this.positions;
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
    this.drained?.();
    await this.subscription?.stop();
    this.subscription = null;
    // each processor finishes (and checkpoints) the batch in hand
    await Promise.all([...this.lanes.values()].map((l) => l.draining));
    for (const processor of this.processors) await processor.stop?.();
    for (const w of this.waiters.splice(0)) w.resolve();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
