import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
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
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.js';

/** events read backwards from the end of $all per page when looking for the head */
const HEAD_PAGE = 32;
const MAX_RESUBSCRIBE_DELAY_MS = 5_000;

/**
 * The event store on EventStoreDB (KurrentDB). Revisions are the server's stream revisions and
 * positions its commit positions, as numbers. Idempotence comes from the server: an append whose
 * event ids are already at the expected revision succeeds without writing.
 */
export class EsdbEventStore implements EventStore {
  private constructor(private readonly client: EventStoreDBClient) {}

  /** The client connects lazily: a wrong address surfaces on the first call, not here. */
  static async connect(connectionString: string): Promise<EsdbEventStore> {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // nothing to write: the server is not asked, so `expected` is not checked either
    if (events.length === 0) return { nextRevision: typeof expected === 'number' ? expected : -1, position: 0 };
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
   * This client version cannot filter a read of $all on the server (only subscriptions take a
   * filter), so stream prefixes and tenant are matched here while reading forwards.
   */
  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (options.limit <= 0) return events;
    const read = this.client.readAll({ fromPosition: toReadPosition(options.after), direction: FORWARDS });
    for await (const resolved of cancelOnExit(read)) {
      const event = toRecorded(resolved);
      // the read starts at `after` inclusively; the port's bound is exclusive
      if (!event || isSystem(event) || isAtOrBefore(event, options.after) || !matches(event, options)) continue;
      events.push(event);
      if (events.length >= options.limit) break;
    }
    return events;
  }

  /**
   * One event per batch, each awaited before the next is pulled. A dropped subscription (server
   * restart, leader change, network) is reported and resumed after the last delivered event, so a
   * long-running projector survives what SQLite never does to it.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    let stopped = false;
    let current: AllStreamSubscription | null = null;
    let wake: () => void = () => {};
    let last = options.after;
    const loop = (async () => {
      for (let failures = 0; !stopped; failures++) {
        current = this.client.subscribeToAll({ fromPosition: toReadPosition(last), filter: excludeSystemEvents() });
        try {
          for await (const resolved of current) {
            if (stopped) break;
            const event = toRecorded(resolved);
            // whether the server starts after `fromPosition` or at it, never deliver it twice
            if (!event || isAtOrBefore(event, last)) continue;
            await options.onBatch([event]);
            last = event.position;
            failures = 0;
          }
        } catch (error) {
          // stop() destroys the stream, which ends the iteration with an error of its own
          if (!stopped) options.onError?.(error);
        }
        if (!stopped) await delay(Math.min(MAX_RESUBSCRIBE_DELAY_MS, 100 * 2 ** failures), (w) => (wake = w));
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        wake();
        if (current) {
          // a subscription that never connected has no call to cancel (its error went to onError)
          await current.unsubscribe().catch(() => undefined);
          // cancelling the call does not end the Node stream; destroying it ends the iteration
          current.destroy();
        }
        await loop;
      },
    };
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

  async close(): Promise<void> {
    await this.client.dispose();
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

/** null for what this service never writes: non-JSON events (and unresolved links) */
function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event?.isJson) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) throw new Error(`event ${event.id} has no position: EventStoreDB 22.6 or later is required`);
  return {
    id: event.id,
    type: event.type,
    data: event.data as Record<string, unknown>,
    // cast, not decoded: metadata is the store's own record, written by `append` from an EventMetadata
    metadata: event.metadata as unknown as EventMetadata,
    stream: event.streamId,
    revision: Number(event.revision),
    position: Number(commit),
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
