import { ANY, BACKWARDS, NO_STREAM, START, END, StreamNotFoundError, type AllStreamResolvedEvent, type AppendToStreamOptions, type EventData, type ReadAllOptions, type ReadStreamOptions, type SubscribeToAllOptions } from '@eventstore/db-client';
import { Readable, type ReadableOptions } from 'node:stream';
import type { EsdbClient } from '../../src/adapters/event-store/esdb.js';

interface Stored {
  streamId: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  position: number;
}

/** Positions are not contiguous (as a real log's byte offsets): a position between two is no event's. */
const STEP = 100;

/**
 * The part of @eventstore/db-client 6.2.1 the adapter uses, over an in-memory $all: enough to
 * express what no server here can show (calls left open, a stream destroyed mid-batch, a read
 * from a position that is not an event's, what the adapter sends).
 */
export class FakeEsdbClient {
  readonly log: Stored[] = [];
  /** subscription calls the server would still hold (opened, never cancelled) */
  openSubscriptions = 0;
  subscriptionsStarted = 0;
  /** maxCount of each readAll request */
  readAllRequests: (number | undefined)[] = [];
  appendCalls = 0;
  disposed = false;
  /** destroys the next subscription with this error after it has pushed this many events */
  failSubscriptionAfter: { events: number; error: Error } | null = null;
  private live = new Set<(event: Stored) => void>();

  /** the fake typed as the client the adapter takes */
  get client(): EsdbClient {
    return this as unknown as EsdbClient;
  }

  /** Events written as another client would (no adapter): JSON data, optionally with a system type. */
  seed(streamId: string, type: string, data: unknown, metadata: unknown = { tenant_id: 't1' }): Stored {
    const revision = this.log.filter((e) => e.streamId === streamId).length;
    const stored = { streamId, revision, id: crypto.randomUUID(), type, data, metadata, position: (this.log.length + 1) * STEP };
    this.log.push(stored);
    for (const push of this.live) push(stored);
    return stored;
  }

  async appendToStream(streamId: string, events: EventData | EventData[], options: AppendToStreamOptions = {}) {
    this.appendCalls++;
    const current = this.log.filter((e) => e.streamId === streamId).length - 1;
    const expected = options.expectedRevision ?? ANY;
    if (expected === NO_STREAM && current !== -1) throw new Error('wrong expected version');
    if (typeof expected === 'bigint' && Number(expected) !== current) throw new Error('wrong expected version');
    let last: Stored | undefined;
    for (const e of [events].flat()) last = this.seed(streamId, e.type, e.data, e.metadata);
    return { success: true, nextExpectedRevision: BigInt(last!.revision), position: { commit: BigInt(last!.position), prepare: BigInt(last!.position) } };
  }

  readStream(streamId: string, options: ReadStreamOptions = {}) {
    const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
    const events = this.log.filter((e) => e.streamId === streamId && e.revision >= from).slice(0, Number(options.maxCount ?? Infinity));
    if (!this.log.some((e) => e.streamId === streamId)) return failing(new StreamNotFoundError(undefined as never, streamId));
    return reading(events.map(resolved));
  }

  /** reads refused with this error, this many times (a node still starting, not yet serving reads) */
  unavailableReads = 0;

  readAll(options: ReadAllOptions = {}) {
    this.readAllRequests.push(options.maxCount === undefined ? undefined : Number(options.maxCount));
    if (this.unavailableReads > 0) {
      this.unavailableReads--;
      return failing(new Error('14 UNAVAILABLE: node not ready'));
    }
    const max = Number(options.maxCount ?? Infinity);
    const from = options.fromPosition ?? START;
    // the server refuses a position that is not a record's, in either direction
    const isRecord = (position: number) => this.log.some((e) => e.position === position);
    if (options.direction === BACKWARDS) {
      const before = from === END ? Infinity : from === START ? 0 : Number(from.commit);
      if (before > 0 && before !== Infinity && !isRecord(before)) return failing(new Error('invalid position'));
      return reading(this.log.filter((e) => e.position < before).reverse().slice(0, max).map(resolved));
    }
    const start = from === START ? 0 : from === END ? Infinity : Number(from.commit);
    if (start > 0 && start !== Infinity && !isRecord(start)) return failing(new Error('invalid position'));
    return reading(this.log.filter((e) => e.position >= start).slice(0, max).map(resolved));
  }

  /** the Readable options of each subscribeToAll call (the client's second argument) */
  subscriptionReadableOptions: (ReadableOptions | undefined)[] = [];

  /**
   * The client's subscription is a Transform (objectMode) between the gRPC call and the caller:
   * it holds about two highWaterMarks (its writable and readable sides, 16 objects each by
   * default, so ~31 events) and takes more from the call only after the consumer has read, in a
   * later turn of the event loop. The fake holds the same: a catch-up of thousands arrives in
   * bursts of that size, whatever is waiting on the server.
   */
  subscribeToAll(options: SubscribeToAllOptions = {}, readableOptions?: ReadableOptions) {
    this.subscriptionsStarted++;
    this.openSubscriptions++;
    this.subscriptionReadableOptions.push(readableOptions);
    const from = options.fromPosition === undefined || options.fromPosition === START ? 0 : Number((options.fromPosition as { commit: bigint }).commit);
    const failure = this.failSubscriptionAfter;
    this.failSubscriptionAfter = null;
    const capacity = 2 * (readableOptions?.highWaterMark ?? 16) - 1;
    /** events the server has sent that the client's buffers do not hold yet */
    const waiting: Stored[] = [];
    let pushed = 0;
    let cancelled = false;
    let refillScheduled = false;
    const stream = new Readable({
      objectMode: true,
      highWaterMark: capacity,
      read() {
        // more is taken from the call on a later turn, never while the consumer drains the buffer
        if (refillScheduled) return;
        refillScheduled = true;
        setImmediate(() => {
          refillScheduled = false;
          fill();
        });
      },
    }) as Readable & { unsubscribe(): Promise<void> };
    const fill = () => {
      while (waiting.length > 0 && !stream.destroyed && stream.readableLength < capacity) {
        if (failure && pushed === failure.events) {
          stream.destroy(failure.error);
          return;
        }
        pushed++;
        stream.push(resolved(waiting.shift()!));
      }
    };
    const push = (event: Stored) => {
      if (stream.destroyed) return;
      waiting.push(event);
      fill();
    };
    // the catch-up part is sent at once; the client buffers what its highWaterMark allows
    for (const event of this.log) if (event.position > from) waiting.push(event);
    fill();
    this.live.add(push);
    stream.unsubscribe = async () => {
      if (!cancelled) this.openSubscriptions--;
      cancelled = true;
      this.live.delete(push);
    };
    return stream;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }
}

function resolved(e: Stored): AllStreamResolvedEvent {
  const position = { commit: BigInt(e.position), prepare: BigInt(e.position) };
  return {
    event: {
      streamId: e.streamId,
      id: e.id,
      revision: BigInt(e.revision),
      type: e.type,
      data: e.data,
      metadata: e.metadata,
      isJson: true,
      created: new Date('2026-01-01T00:00:00Z'),
      position,
    },
    commitPosition: position.commit,
  } as unknown as AllStreamResolvedEvent;
}

/** A finished read, with the `cancel` of the client's reads. */
function reading(items: unknown[]) {
  return Object.assign(Readable.from(items, { objectMode: true }), { cancel: async () => undefined });
}

function failing(error: Error) {
  const stream = new Readable({ objectMode: true, read() {} });
  setImmediate(() => stream.destroy(error));
  return Object.assign(stream, { cancel: async () => undefined });
}
