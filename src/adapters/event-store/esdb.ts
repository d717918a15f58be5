import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  MaxAppendSizeExceededError,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type ReadPosition,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import type { Readable } from 'node:stream';
import {
  AppendTooLargeError,
  assertAppendSize,
  InvalidPositionError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllBackwardsOptions,
  type ReadAllOptions,
  type ReadAllPage,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';

/** events read backwards from the end of $all per page when looking for the head */
const HEAD_PAGE = 32;
const MAX_RESUBSCRIBE_DELAY_MS = 5_000;
/** the most events one catch-up delivery holds (as the SQLite adapter's batches) */
const MAX_BATCH = 500;
/** events of $all read per request while paging a read */
const READ_PAGE = 500;
/** events of $all one filtered `readAllPage` call looks at before it returns with a `next` */
const MAX_SCAN = 10_000;

/** where `probeWrite` appends, and the event type (a system one: no reader of the service sees it) */
export const PROBE_STREAM = 'svc_write_probe';
export const PROBE_TYPE = '$svc-write-probe';

/** The calls of the 6.2.1 client this adapter makes: the real client, or a fake in tests. */
export type EsdbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/**
 * The event store on EventStoreDB (or KurrentDB 24/25, which the 6.2.1 client speaks to over
 * esdb://). Revisions are the server's stream revisions and positions its commit positions, as
 * numbers. Idempotence comes from the server: an append whose event ids are already at the
 * expected revision succeeds without writing (see the port for what that does and does not cover).
 */
export class EsdbEventStore implements EventStore {
  constructor(private readonly client: EsdbClient) {}

  /** The client connects lazily: a wrong address surfaces on the first call, not here. */
  static async connect(connectionString: string): Promise<EsdbEventStore> {
    // 6.2.1 parses tlsVerifyCert but never uses it: a self-signed server would be trusted by
    // nothing, or, worse, the operator would believe verification was off when it is on
    if (/[?&]tlsVerifyCert=false(&|$)/i.test(connectionString)) {
      throw new Error('tlsVerifyCert=false is ignored by @eventstore/db-client 6.2.1: give the CA with tlsCAFile=<path> instead');
    }
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // nothing to write: the server is not asked, so `expected` is not checked either
    if (events.length === 0) return { nextRevision: typeof expected === 'number' ? expected : -1, position: 0 };
    // refused before the call: the server would refuse it on every retry
    assertAppendSize(stream, events);
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
        { expectedRevision: toExpectedRevision(expected) },
      );
      const nextRevision = Number(result.nextExpectedRevision);
      // an idempotent (duplicate) append may come back without a position: take the stored event's
      const position = result.position ? Number(result.position.commit) : await this.positionOf(stream, nextRevision);
      return { nextRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(stream, expected, actual);
      }
      if (error instanceof MaxAppendSizeExceededError) throw new AppendTooLargeError(stream, Number(error.maxAppendSize));
      throw error;
    }
  }

  private async positionOf(stream: string, revision: number): Promise<number> {
    const [event] = await this.read(stream, revision, 1);
    if (!event) throw new Error(`event ${revision} of ${stream} not found after appending it`);
    return event.position;
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.read(stream, fromRevision);
  }

  private async read(stream: string, fromRevision: number, maxCount?: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, { fromRevision: BigInt(fromRevision), direction: FORWARDS, maxCount });
      for await (const resolved of cancelOnExit(read)) {
        const event = toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * Pages $all forwards (`maxCount` per request), each page continuing from the last event it
   * returned, whatever the filter made of it. Unbounded: for the service's own callers, which
   * read unfiltered batches; a filtered page for a reader outside is `readAllPage`.
   */
  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.scan(options, Infinity)).events;
  }

  /**
   * This client version cannot filter a read of $all on the server (only subscriptions take a
   * filter, and a subscription does not tell when it has read up to the end), so stream
   * prefixes and tenant are matched here, page by page, and one call looks at no more than
   * MAX_SCAN events: it may return fewer than `limit` events with a `next` to continue from.
   */
  async readAllPage(options: ReadAllOptions): Promise<ReadAllPage> {
    if (options.after !== null && options.after > 0) await this.assertPosition(options.after);
    return this.scan(options, MAX_SCAN);
  }

  /** Newest first, from the end or from before a position it gave out; filtered here, as `readAllPage`. */
  async readAllPageBackwards(options: ReadAllBackwardsOptions): Promise<ReadAllPage> {
    if (options.before !== null) await this.assertPosition(options.before);
    return this.scan({ ...options, after: options.before, backwards: true }, MAX_SCAN);
  }

  /**
   * The server refuses a read from a position that is not an event's (a 500 for the caller). Any
   * record the scan handed out as `next` is one, a system or non-JSON one included.
   */
  private async assertPosition(position: number): Promise<void> {
    let found: number | null = null;
    try {
      for await (const resolved of cancelOnExit(this.client.readAll({ fromPosition: toReadPosition(position), direction: FORWARDS, maxCount: 1 }))) {
        found = positionOf(resolved);
      }
    } catch (error) {
      throw new InvalidPositionError(position, error);
    }
    if (found !== position) throw new InvalidPositionError(position);
  }

  /**
   * Reads `maxCount` pages forwards from `after` (or backwards from before it, from the end when
   * null), each page continuing from the last record it returned: only positions the server gave.
   */
  private async scan(options: ReadAllOptions & { backwards?: boolean }, maxScan: number): Promise<ReadAllPage> {
    const events: RecordedEvent[] = [];
    if (options.limit <= 0) return { events, next: null };
    const backwards = options.backwards === true;
    let from = options.after;
    let scanned = 0;
    for (;;) {
      let count = 0;
      const fromPosition = backwards && from === null ? END : toReadPosition(from);
      const page = this.client.readAll({ fromPosition, direction: backwards ? BACKWARDS : FORWARDS, maxCount: READ_PAGE });
      for await (const resolved of cancelOnExit(page)) {
        count++;
        const position = positionOf(resolved);
        // a forward read starts at `from` inclusively; the port's bounds are exclusive either way
        if (position === null || (from !== null && (backwards ? position >= from : position <= from))) continue;
        // the next page continues from here, whether or not the filter keeps the event
        from = position;
        scanned++;
        const event = toRecorded(resolved);
        if (event && !isSystem(event) && matches(event, options)) events.push(event);
        if (events.length >= options.limit) return { events, next: from };
        if (scanned >= maxScan) return { events, next: from };
      }
      if (count < READ_PAGE) return { events, next: null };
    }
  }

  /**
   * Batches of up to MAX_BATCH events: a batch takes what the subscription has already buffered
   * and is handed on as soon as nothing more is, so a catch-up moves in large batches and a live
   * event waits for no other. A dropped subscription (server restart, leader change, network) or
   * a batch `onBatch` refuses is reported, the gRPC call is cancelled (destroying the Node stream
   * alone leaves the server's subscription open) and a new one starts after the last batch taken.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    let stopped = false;
    let current: AllStreamSubscription | null = null;
    let wake: () => void = () => {};
    let last = options.after;
    const loop = (async () => {
      for (let failures = 0; !stopped; failures++) {
        // the subscription is a Transform whose buffers hold 16 events a side by default, which
        // capped a catch-up's batches at ~31: its documented readableOptions raise that to a batch
        const subscription = this.client.subscribeToAll({ fromPosition: toReadPosition(last), filter: excludeSystemEvents() }, { highWaterMark: MAX_BATCH });
        current = subscription;
        try {
          for await (const resolved of batchesOf<AllStreamResolvedEvent>(subscription, MAX_BATCH)) {
            if (stopped) break;
            // whether the server starts after `fromPosition` or at it, never deliver it twice
            const batch = resolved.map((r) => toRecorded(r)).filter((e): e is RecordedEvent => e !== null && !isSystem(e) && !isAtOrBefore(e, last));
            if (batch.length === 0) continue;
            await options.onBatch(batch);
            last = batch[batch.length - 1]!.position;
            failures = 0;
          }
        } catch (error) {
          // stop() destroys the stream, which ends the iteration with an error of its own
          if (!stopped) options.onError?.(error);
        } finally {
          await closeSubscription(subscription);
          current = null;
        }
        if (!stopped) await delay(Math.min(MAX_RESUBSCRIBE_DELAY_MS, 100 * 2 ** failures), (w) => (wake = w));
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        wake();
        // ends a wait for the next event; the loop then cancels the call
        current?.destroy();
        await loop;
      },
    };
  }

  /**
   * Appends one event to PROBE_STREAM. Its `$` type keeps it out of every read the service
   * makes (subscriptions exclude system event types; reads and the head skip them). The runner
   * probes only after a handler failed while reads answered, so these stay few.
   */
  async probeWrite(): Promise<void> {
    await this.client.appendToStream(PROBE_STREAM, jsonEvent({ type: PROBE_TYPE, data: { probed_at: new Date().toISOString() } }), { expectedRevision: ANY });
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let count = 0;
      // backwards reads exclude `fromPosition`, so each page continues where the last stopped
      for await (const resolved of cancelOnExit(this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: HEAD_PAGE }))) {
        count++;
        const event = toRecorded(resolved);
        if (event && !isSystem(event)) return event.position;
        if (resolved.event) from = resolved.event.position;
      }
      if (count < HEAD_PAGE) return 0;
    }
  }

  /** Closes the gRPC channel (6.2.1's dispose), after which the client takes no call. */
  async close(): Promise<void> {
    await this.client.dispose();
  }

  /** A cheap read the node answers only once it serves reads: one event of $all. */
  async ping(): Promise<void> {
    for await (const _ of cancelOnExit(this.client.readAll({ fromPosition: START, direction: FORWARDS, maxCount: 1 }))) break;
  }

  /**
   * Waits until the node serves reads (start-up beside a node still electing or replaying its
   * log): the client connects lazily, so without this the service would start, read no head and
   * take traffic it cannot serve. Throws the last failure after `timeoutMs`.
   */
  async waitUntilServing(timeoutMs: number, pauseMs = 500): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await this.ping();
      } catch (error) {
        if (Date.now() + pauseMs > deadline) throw new Error(`EventStoreDB did not serve reads within ${timeoutMs} ms: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }
}

function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

/**
 * An event appended through gRPC is committed by its own log record, so its commit and prepare
 * positions are one number (the server's AllReader reads it as TFPos(LogPosition, LogPosition)).
 * The server refuses a position that is not an event's; positions come from events we read.
 */
function toReadPosition(after: number | null): ReadPosition {
  if (after === null || after <= 0) return START;
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

/**
 * The commit position of any record read: a position the server sends for every event since
 * 22.6; older servers send 0 (protobuf's default), which `toRecorded` refuses.
 */
function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): number | null {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit === undefined ? null : Number(commit);
}

/** null for what this service never writes: non-JSON events (and unresolved links) */
function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event?.isJson) return null;
  const commit = positionOf(resolved);
  // the log starts with an epoch record, so no event sits at 0: a 0 is a position never sent
  if (commit === null || commit <= 0 || !Number.isSafeInteger(commit)) {
    throw new Error(`event ${event.id} has no usable position (${String(commit)}): EventStoreDB 22.6 or later is required`);
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data as Record<string, unknown>,
    // cast, not decoded: metadata is the store's own record, written by `append` from an EventMetadata
    metadata: event.metadata as unknown as EventMetadata,
    stream: event.streamId,
    revision: Number(event.revision),
    position: commit,
    recorded_at: event.created.toISOString(),
  };
}

function isSystem(event: RecordedEvent): boolean {
  return event.type.startsWith('$');
}

function isAtOrBefore(event: RecordedEvent, after: number | null): boolean {
  return after !== null && event.position <= after;
}

function matches(event: RecordedEvent, options: ReadAllOptions): boolean {
  if (options.streamPrefixes?.length && !options.streamPrefixes.some((p) => event.stream.startsWith(p))) return false;
  // events written by other software may carry no metadata at all
  return options.tenantId === undefined || (event.metadata as Partial<EventMetadata> | undefined)?.tenant_id === options.tenantId;
}

/**
 * Iterates a read; a caller that stops early (break, return, a throw) also cancels the gRPC
 * call, which destroying the Node stream alone leaves open.
 */
async function* cancelOnExit<E>(read: StreamingRead<E>): AsyncGenerator<E> {
  let complete = false;
  try {
    for await (const item of read) yield item;
    complete = true;
  } finally {
    if (!complete) await read.cancel();
  }
}

/**
 * The events of a subscription in batches: each batch starts with the next event (waiting for
 * it) and takes what is already buffered behind it, up to `max`, never waiting for more.
 */
async function* batchesOf<E>(stream: Readable, max: number): AsyncGenerator<E[]> {
  const events = stream[Symbol.asyncIterator]() as AsyncIterator<E>;
  for (;;) {
    const first = await events.next();
    if (first.done) return;
    const batch = [first.value];
    while (batch.length < max && stream.readableLength > 0) {
      const next = await events.next();
      if (next.done) break;
      batch.push(next.value);
    }
    yield batch;
  }
}

/** Cancels the subscription's gRPC call (the server frees it) and ends its Node stream. */
async function closeSubscription(subscription: AllStreamSubscription): Promise<void> {
  // a subscription that never connected has no call to cancel (its error went to onError)
  await subscription.unsubscribe().catch(() => undefined);
  subscription.destroy();
}

/** Sleeps for `ms`, or until the function handed to `onWake` is called. */
function delay(ms: number, onWake: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    onWake(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
