import { isUnopenable, UndecodableEventError, type EventLog, type StoredEvent, type UnopenedEvent } from '../adapters/event-store/event-log.js';
import type { RecordedEvent, Subscription } from '../adapters/event-store/port.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { UnopenablePiiError } from '../adapters/pii/port.js';
import { errorText, type Logger } from '../logger.js';

/** Something fed by the catch-up subscription: a projector or a reactor. */
export interface Processor {
  /** its checkpoint's name */
  id: string;
  kind: 'projection' | 'reactor' | 'cache';
  /**
   * Handles a batch. A projection records `upTo` as its checkpoint together with its writes, or
   * answers `'unchanged'` when the batch changed none of its documents (then the runner records
   * the checkpoint, coalesced); a reactor's checkpoint is recorded by the runner, coalesced, once
   * `handle` has returned; a cache (in-memory state following the events, `startAt: 'head'`) has
   * none, and read-your-writes waits for it as for a projection.
   */
  handle(events: StoredEvent[], upTo: number): Promise<void | 'unchanged'>;
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

type Delivered = StoredEvent | UnopenedEvent;

interface Lane {
  /** position of the last event handed to this processor's queue */
  enqueued: number;
  batches: Delivered[][];
  draining: Promise<void> | null;
}

/**
 * How long a checkpoint with nothing beside it (a reactor's, or a projection's batch that changed
 * no document) waits to be recorded, so that one write covers every batch handled meanwhile.
 * Committed one per batch, they were most of the read store's transactions: about 25 per event
 * appended (one per processor), which held PostgreSQL to 20 runs/s. A checkpoint recorded late
 * only means a restart hands those batches again, which delivery at-least-once allows already:
 * they changed no document, and reactors' effects are idempotent.
 */
export const CHECKPOINT_DELAY_MS = 250;

/** Batches a processor may lag behind the shared reader before the reader waits for it. */
const MAX_QUEUED_BATCHES = 64;
/** Failed attempts at one event, with both stores answering, after which its failure is its own. */
export const POISON_ATTEMPTS = 5;
/** A quarantined event handed back that failed again: it stays quarantined. */
export class QuarantineRetryError extends Error {
  override name = 'QuarantineRetryError';
}

/** One document per processor, rewritten to learn whether the read store takes writes. */
export const WRITE_PROBE_COLLECTION = 'processor_write_probes';

/** Where quarantined events are recorded, one document per processor and event. */
export const QUARANTINE_COLLECTION = 'quarantined_events';

/** A quarantined event as recorded (no data of the event: its place, type and the error's class). */
export interface QuarantinedEvent {
  processor: string;
  stream: string;
  revision: number;
  position: number;
  event_type: string;
  error_class: string;
  /** the error's text with personal data masked (errorText) */
  error: string;
  quarantined_at: string;
}

export interface RunnerOptions {
  /** counted in metrics */
  onQuarantine?: (processor: string) => void;
  /** the first retry delay; tests shorten it */
  retryBaseMs?: number;
}

const positionOf = (d: Delivered): number => ('unopened' in d ? d.unopened.position : d.position);

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
  /** checkpoints handled but not recorded yet, by processor */
  private readonly unrecorded = new Map<string, number>();
  private recordTimer: NodeJS.Timeout | null = null;
  private recording: Promise<void> | null = null;

  constructor(
    private readonly log: EventLog,
    private readonly readStore: ReadStore,
    private readonly logger: Logger,
    private readonly options: RunnerOptions = {},
  ) {}

  add(processor: Processor): this {
    this.processors.push(processor);
    return this;
  }

  async start(): Promise<void> {
    this.running = true;
    await this.readStore.ensureCollection(QUARANTINE_COLLECTION, [{ fields: ['processor'] }]);
    await this.readStore.ensureCollection(WRITE_PROBE_COLLECTION, []);
    let from = Infinity;
    const head = await this.log.store.headPosition();
    for (const processor of this.processors) {
      const checkpoint = processor.startAt === 'head' ? head : ((await this.readStore.getCheckpoint(processor.id)) ?? 0);
      await processor.start?.();
      this.positions.set(processor.id, checkpoint);
      this.lanes.set(processor.id, { enqueued: checkpoint, batches: [], draining: null });
      from = Math.min(from, checkpoint);
    }
    this.subscription = this.log.subscribeTolerant(
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

  private async fanOut(batch: Delivered[]): Promise<void> {
    for (const processor of this.processors) {
      const lane = this.lanes.get(processor.id)!;
      const fresh = batch.filter((e) => positionOf(e) > lane.enqueued);
      if (fresh.length === 0) continue;
      lane.enqueued = positionOf(fresh[fresh.length - 1]!);
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

  /** Opened events go to the processor in runs; an event that could not be opened is quarantined. */
  private async deliver(processor: Processor, batch: Delivered[]): Promise<void> {
    let run: StoredEvent[] = [];
    for (const item of batch) {
      if (!this.running) return;
      if (!('unopened' in item)) {
        run.push(item);
        continue;
      }
      if (run.length > 0) await this.deliverRun(processor, run);
      run = [];
      if (this.running) await this.quarantine(processor, item.unopened, item.error);
    }
    if (run.length > 0 && this.running) await this.deliverRun(processor, run);
  }

  /**
   * A run that fails is handed on again one event at a time, so that a failure is pinned on one
   * event. An event whose handling fails is retried with backoff for as long as a store it may
   * write to does not serve reads and writes (a transient failure: forever, as a stopped
   * database, a full disk or a spent quota are); it is quarantined once it failed
   * POISON_ATTEMPTS times in a row while they all did, or at once when the error is the event's
   * own (it cannot be opened).
   */
  private async deliverRun(processor: Processor, events: StoredEvent[]): Promise<void> {
    if (events.length > 1) {
      try {
        await this.handle(processor, events);
        return;
      } catch (error) {
        this.logger.error('processor failed; retrying event by event', { processor: processor.id, error: errorText(error) });
      }
      for (const event of events) if (this.running) await this.deliverRun(processor, [event]);
      return;
    }
    const event = events[0]!;
    for (let attempt = 0, ownFailures = 0; this.running; attempt++) {
      try {
        await this.handle(processor, events);
        return;
      } catch (error) {
        this.logger.error('processor failed; retrying', { processor: processor.id, attempt, position: event.position, error: errorText(error) });
        ownFailures = (await this.storesServe(processor)) ? ownFailures + 1 : 0;
        if (isUnopenable(error) || ownFailures >= POISON_ATTEMPTS) {
          await this.quarantine(processor, event, error);
          return;
        }
        await sleep(Math.min(5_000, (this.options.retryBaseMs ?? 50) * 2 ** attempt));
      }
    }
  }

  private async handle(processor: Processor, events: StoredEvent[]): Promise<void> {
    const upTo = events[events.length - 1]!.position;
    const outcome = await processor.handle(events, upTo);
    if (processor.kind === 'reactor' || (processor.kind === 'projection' && outcome === 'unchanged')) this.recordLater(processor.id, upTo);
    else this.unrecorded.delete(processor.id);
    this.advance(processor, upTo);
  }

  /** The checkpoint is recorded within CHECKPOINT_DELAY_MS, with every other one waiting. */
  private recordLater(processorId: string, position: number): void {
    this.unrecorded.set(processorId, Math.max(position, this.unrecorded.get(processorId) ?? 0));
    this.armRecording();
  }

  private armRecording(): void {
    this.recordTimer ??= setTimeout(() => {
      this.recordTimer = null;
      void this.recordCheckpoints();
    }, CHECKPOINT_DELAY_MS);
  }

  /**
   * Records the checkpoints waiting (one commit each: a commit carries one). One that fails waits
   * for the next round, unless a later batch has recorded a newer one meanwhile; checkpoints never
   * move back, so a late commit of an older one changes nothing.
   */
  private recordCheckpoints(): Promise<void> {
    this.recording ??= (async () => {
      const waiting = [...this.unrecorded];
      this.unrecorded.clear();
      for (const [processor, position] of waiting) {
        try {
          await this.readStore.commit({ writes: [], checkpoint: { processor, position } });
        } catch (error) {
          this.logger.error('checkpoint not recorded; retrying', { processor, error: errorText(error) });
          if ((this.unrecorded.get(processor) ?? 0) < position) this.unrecorded.set(processor, position);
        }
      }
    })().finally(() => {
      this.recording = null;
      if (this.unrecorded.size > 0 && this.running) this.armRecording();
    });
    return this.recording;
  }

  private advance(processor: Processor, position: number): void {
    this.positions.set(processor.id, position);
    this.notify();
  }

  /**
   * Every store the processor's effect goes to answers a trivial read and takes a harmless
   * write: a failure now is not theirs. Reads alone are not enough: during a write-only outage
   * (a full disk, a quota, appends timing out) they answer, and a handler failing for want of a
   * write would be quarantined, its charge, work item or revocation skipped once writes return.
   * The read store's probe rewrites one document (the work queue shares its database); a
   * reactor's also appends, as reactors record their outcomes as events.
   */
  private async storesServe(processor: Processor): Promise<boolean> {
    try {
      await Promise.all([this.readStore.getCheckpoint(processor.id), this.log.store.headPosition()]);
      const probe = { probed_at: new Date().toISOString() };
      // deleted and put again in one commit: a put alone is skipped when its position is not newer
      await this.readStore.commit({
        writes: [
          { op: 'delete', collection: WRITE_PROBE_COLLECTION, id: processor.id },
          { op: 'put', collection: WRITE_PROBE_COLLECTION, id: processor.id, doc: probe, position: 0 },
        ],
      });
      if (processor.kind === 'reactor') await this.log.store.probeWrite();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Records the event as quarantined for this processor together with its checkpoint past it
   * (retried until the read store takes it), logs and counts it: the processor moves on.
   */
  private async quarantine(processor: Processor, event: RecordedEvent | StoredEvent, error: unknown): Promise<void> {
    const record: QuarantinedEvent = {
      processor: processor.id,
      stream: event.stream,
      revision: event.revision,
      position: event.position,
      event_type: event.type,
      error_class: error instanceof Error ? error.name : typeof error,
      error: errorText(error),
      quarantined_at: new Date().toISOString(),
    };
    const write = { op: 'put' as const, collection: QUARANTINE_COLLECTION, id: quarantineId(processor.id, event.position), doc: { ...record }, position: event.position };
    for (let attempt = 0; this.running; attempt++) {
      try {
        await this.readStore.commit({ writes: [write], checkpoint: { processor: processor.id, position: event.position } });
        break;
      } catch (commitError) {
        this.logger.error('quarantine not recorded; retrying', { processor: processor.id, error: errorText(commitError) });
        await sleep(Math.min(5_000, (this.options.retryBaseMs ?? 50) * 2 ** attempt));
      }
    }
    if (!this.running) return;
    this.logger.error('event quarantined', { processor: processor.id, stream: record.stream, position: record.position, event_type: record.event_type, error_class: record.error_class });
    this.options.onQuarantine?.(processor.id);
    this.advance(processor, event.position);
  }

  /** Every event quarantined (for any processor), oldest first. */
  async quarantined(): Promise<QuarantinedEvent[]> {
    const docs = await this.readStore.listCollection<QuarantinedEvent>(QUARANTINE_COLLECTION);
    return docs.map((d) => d.doc).sort((a, b) => a.position - b.position || a.processor.localeCompare(b.processor));
  }

  /**
   * After a fix (a key restored, a handler corrected): hands the quarantined event to its
   * processor again, alone and out of order, its checkpoint unchanged, and lifts the quarantine
   * when it is taken. False when nothing is quarantined there; the handler's error when it fails
   * again. For a projection whose later events depend on it, a rebuild is the thorough fix.
   */
  async retryQuarantined(processorId: string, position: number): Promise<boolean> {
    const processor = this.processors.find((p) => p.id === processorId);
    const id = quarantineId(processorId, position);
    const record = await this.readStore.get<QuarantinedEvent>(QUARANTINE_COLLECTION, id);
    if (!processor || !record) return false;
    try {
      const [event] = await this.log.readStream(record.doc.stream, record.doc.revision);
      if (event && event.position === position) {
        const current = this.positions.get(processor.id) ?? position;
        await processor.handle([event], Math.max(current, position));
      }
    } catch (error) {
      // the event still cannot be opened, or its processor refuses it again: it stays quarantined
      // (a store that does not answer is not the event's fault, and is thrown as it is)
      const ownFault = error instanceof UndecodableEventError || error instanceof UnopenablePiiError || (await this.storesServe(processor));
      if (!ownFault) throw error;
      throw new QuarantineRetryError(errorText(error));
    }
    await this.readStore.commit({ writes: [{ op: 'delete', collection: QUARANTINE_COLLECTION, id }] });
    this.logger.info('quarantined event retried', { processor: processorId, position });
    return true;
  }

  /** The position each processor has handled up to in this instance (its lag is the head minus it). */
  progress(): ReadonlyMap<string, number> {
    return this.positions;
  }

  /** Lowest position every projection and cache has reached (reactors are not waited for). */
  projectedPosition(): number {
    let lowest = Infinity;
    for (const p of this.processors) if (p.kind !== 'reactor') lowest = Math.min(lowest, this.positions.get(p.id) ?? 0);
    return lowest === Infinity ? Number.MAX_SAFE_INTEGER : lowest;
  }

  /**
   * Read-your-writes: resolves once every projection (and cache) has applied `position`, or after
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
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    await this.recording;
    await this.recordCheckpoints();
    for (const processor of this.processors) await processor.stop?.();
    for (const w of this.waiters.splice(0)) w.resolve();
  }
}

const quarantineId = (processor: string, position: number) => `${processor}@${position}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
