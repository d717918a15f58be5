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
}

export interface ReadAllOptions {
  /** exclusive lower bound; null reads from the start */
  after: number | null;
  limit: number;
  /** only streams whose name starts with one of these */
  streamPrefixes?: readonly string[];
  tenantId?: string;
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

export interface EventStore {
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to every (non-system) event after a position, delivered in commit order. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event committed, or 0 for an empty store. */
  headPosition(): Promise<number>;
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

/** `<category>-<id>`: the category is everything before the first dash. */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}
