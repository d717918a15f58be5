/**
 * The event store port. Every adapter (SQLite, EventStoreDB) passes test/contract/event-store.spec.ts.
 *
 * Revisions are 0-based per stream; positions are global, increase in commit order and are
 * comparable numbers (EventStoreDB commit positions fit a double long before 2^53 bytes of log).
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  tenant_id: string | null;
  /** `api_key:<key_id>`, `operator` or `system` */
  actor: string;
  request_id: string | null;
  occurred_at: string;
  correlation_id: string;
  causation_id: string | null;
}

export interface NewEvent {
  /** UUID; deterministic where a retry could append the same fact again, so the store drops it */
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  stream: string;
  revision: number;
  position: number;
  recorded_at: string;
}

export interface AppendResult {
  /** revision of the last event of the stream after the append */
  nextRevision: number;
  /** global position of the last event appended (or of the existing duplicate) */
  position: number;
  /**
   * Where each event written gets the next position (SQLite, PostgreSQL): the first one's, the
   * others following it. Absent where the events of one append share a position (EventStoreDB's
   * commit position) and for a duplicate: then `position` stands for each of them.
   */
  firstPosition?: number;
}

export interface ReadAllOptions {
  /** exclusive lower bound; null reads from the start */
  after: number | null;
  limit: number;
  /** only streams whose name starts with one of these */
  streamPrefixes?: readonly string[];
  tenantId?: string;
}

/** A read of the whole log newest first: the events before `before` (null: from the end). */
export interface ReadAllBackwardsOptions {
  /** exclusive upper bound: null, or a position this store gave out (an event's) */
  before: number | null;
  limit: number;
  /** only streams whose name starts with one of these */
  streamPrefixes?: readonly string[];
  tenantId?: string;
}

/** One page of a filtered read of the whole log, for readers outside the service (the audit API). */
export interface ReadAllPage {
  events: RecordedEvent[];
  /**
   * Where the next page starts (an event's position, to pass as `after`), or null once the log's
   * end was read. A page may hold fewer than `limit` events (even none) with a `next`: a store
   * that filters on the client bounds how much of the log one call looks at.
   */
  next: number | null;
}

export interface SubscribeOptions {
  after: number | null;
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  /**
   * A batch `onBatch` fails (or a failed read) is reported here, then delivered again after a
   * backoff until it is taken or the subscription stops: an event is never skipped.
   */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * Duplicates. A command's events get deterministic ids and its decider is idempotent (a replayed
 * command decides no new event), so a retry is safe whatever the store does with the ids:
 * - SQLite drops an append whose ids are all already in that stream (whatever the expected
 *   revision), and refuses ids used in another stream;
 * - EventStoreDB drops it only when the expected revision is the one the events were first
 *   written at (or `any`, matched against the server's recent-event cache); a retry with a
 *   later expected revision is refused (WrongExpectedRevisionError) or, with `any` after the
 *   cache has moved on, written again. The service never relies on the store dropping one:
 *   a retried command re-reads the stream and its decider decides nothing new.
 *
 * Size: one append (all its events, data and metadata as JSON) may not exceed MAX_APPEND_BYTES,
 * EventStoreDB's default maxAppendSize; both stores refuse it before writing (AppendTooLargeError).
 */
export interface EventStore {
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** Up to `limit` events after `after` (any number, not only an event's), reading as far as it takes. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The same, bounded: `after` must be null, 0 or a position this store gave out (else
   * InvalidPositionError), and the result says where to continue.
   */
  readAllPage(options: ReadAllOptions): Promise<ReadAllPage>;
  /**
   * The same, newest first (the dashboard's audit page): `before` must be null or a position
   * this store gave out (else InvalidPositionError), and `next` is the `before` of the older page.
   */
  readAllPageBackwards(options: ReadAllBackwardsOptions): Promise<ReadAllPage>;
  /** Catch-up subscription to every (non-system) event after a position, delivered in commit order. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event committed, or 0 for an empty store. */
  headPosition(): Promise<number>;
  /**
   * A harmless write that succeeds only while the store takes appends (no event any reader of
   * the service sees): reads answering say nothing of a full disk, a quota or appends timing out.
   */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`wrong expected revision on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function checkExpectedRevision(stream: string, expected: ExpectedRevision, current: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current >= 0) ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current === -1 ? 'no_stream' : current);
}

/** EventStoreDB's default maxAppendSize: 1 MiB for one append request. */
export const MAX_APPEND_BYTES = 1_048_576;
/** what one event costs on top of its JSON (id, type, content types, framing), over-estimated */
const EVENT_OVERHEAD_BYTES = 128;

/** An append too large for the store: refused before the call, never retried. */
export class AppendTooLargeError extends Error {
  constructor(
    readonly stream: string,
    readonly limit: number,
    readonly size?: number,
  ) {
    super(`append to ${stream} is too large${size === undefined ? '' : ` (${size} bytes)`}: the limit is ${limit} bytes`);
    this.name = 'AppendTooLargeError';
  }
}

/** Approximates the append request's size the way the server counts it, erring on the large side. */
export function appendSize(stream: string, events: readonly NewEvent[]): number {
  let size = Buffer.byteLength(stream);
  for (const event of events) {
    size += EVENT_OVERHEAD_BYTES + Buffer.byteLength(event.type) + Buffer.byteLength(JSON.stringify(event.data));
    size += Buffer.byteLength(JSON.stringify(event.metadata));
  }
  return size;
}

export function assertAppendSize(stream: string, events: readonly NewEvent[], limit = MAX_APPEND_BYTES): void {
  const size = appendSize(stream, events);
  if (size > limit) throw new AppendTooLargeError(stream, limit, size);
}

/** A position to read from that is not one the store gave out (not an event's). */
export class InvalidPositionError extends Error {
  constructor(
    readonly position: number,
    cause?: unknown,
  ) {
    super(`position ${position} is not an event's position`, { cause });
    this.name = 'InvalidPositionError';
  }
}

/** `<category>-<id>`: the category is everything before the first dash. */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}
