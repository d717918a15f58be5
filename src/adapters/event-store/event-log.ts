import { isLeft } from 'fp-ts/lib/Either.js';
import { EVENT_CODECS } from '../../domain/events.js';
import type { DomainEvent, PiiFields } from '../../domain/shared/decider.js';
import { failingPaths, type EventCodecs } from '../../domain/shared/events.js';
import { UPCASTERS, type Upcaster } from '../../domain/upcasters.js';
import { isSealed, UnopenablePiiError, type PiiCodec } from '../pii/port.js';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  RecordedEvent,
  Subscription,
} from './port.js';

/** An event as the rest of the service sees it: personal fields opened, metadata attached. */
export interface EventEnvelope {
  id: string;
  metadata: EventMetadata;
  stream: string;
  revision: number;
  position: number;
  recorded_at: string;
}

/** Distributes over a union of events, so a switch on `type` narrows `data`. */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? E & EventEnvelope : never;

export interface EventToAppend {
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** this event's own metadata (commands appended together each keep theirs); else the append's */
  metadata?: EventMetadata;
}

export type PiiPolicy = Readonly<Record<string, PiiFields<Record<string, unknown>>>>;

/**
 * A stored event that its type's codec refuses (after upcasting): read on, it would be taken for
 * a shape it does not have. Names where it is and which fields failed, never their values.
 */
export class UndecodableEventError extends Error {
  constructor(
    readonly stream: string,
    readonly revision: number,
    readonly position: number,
    readonly eventType: string,
    readonly paths: readonly string[],
  ) {
    super(`stored event does not decode: stream ${stream} revision ${revision} position ${position} type ${eventType}, failing at ${paths.slice(0, 5).join(', ') || '(root)'}`);
    this.name = 'UndecodableEventError';
  }
}

/** A stored event that cannot be opened, whatever is retried: handed on for quarantine, not to handlers. */
export interface UnopenedEvent {
  unopened: RecordedEvent;
  error: Error;
}

/** Whether an error opening an event is the event's own (the same on every attempt), not a store's. */
export function isUnopenable(error: unknown): error is UndecodableEventError | UnopenablePiiError {
  return error instanceof UndecodableEventError || error instanceof UnopenablePiiError;
}

/**
 * The event store seen through the PII codec: personal fields named by the policy are sealed
 * on the way in and opened on the way out, so handlers and projectors never touch the codec.
 * On the way out each event is upcast to its current type and decoded by that type's codec, so
 * what readers get is what the codecs say (narrow it with `isEventOf`). An event of a type no
 * codec knows (none the service writes) is handed on as it is, typed as unknown data.
 */
export class EventLog {
  constructor(
    readonly store: EventStore,
    private readonly codec: PiiCodec,
    private readonly policy: PiiPolicy,
    private readonly upcasters: Readonly<Record<string, Upcaster>> = UPCASTERS,
    private readonly codecs: EventCodecs = EVENT_CODECS,
  ) {}

  async append(
    stream: string,
    events: readonly EventToAppend[],
    metadata: EventMetadata,
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const sealed = await Promise.all(
      events.map(async (e) => ({ id: e.id, type: e.type, data: await this.seal(e.type, e.data), metadata: e.metadata ?? metadata })),
    );
    return this.store.append(stream, sealed, expected);
  }

  /** The stream's events from a revision (default: all of them). */
  async readStream(stream: string, fromRevision = 0): Promise<StoredEvent[]> {
    return Promise.all((await this.store.readStream(stream, fromRevision)).map((e) => this.open(e)));
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return Promise.all((await this.store.readAll(options)).map((e) => this.open(e)));
  }

  /** A bounded page, for readers outside the service (see EventStore.readAllPage). */
  async readAllPage(options: ReadAllOptions): Promise<{ events: StoredEvent[]; next: number | null }> {
    const page = await this.store.readAllPage(options);
    return { events: await Promise.all(page.events.map((e) => this.open(e))), next: page.next };
  }

  /** Catch-up delivery; a batch with an event that cannot be opened fails (and is delivered again). */
  subscribe(after: number | null, onBatch: (events: StoredEvent[]) => Promise<void>, onError: (e: unknown) => void): Subscription {
    return this.store.subscribeToAll({
      after,
      onBatch: async (batch) => onBatch(await Promise.all(batch.map((e) => this.open(e)))),
      onError,
    });
  }

  /**
   * Catch-up delivery for the runtime. An event that cannot be opened (see isUnopenable) is handed on as an
   * UnopenedEvent, so that one event cannot hold the log; any other failure to open (a key
   * store that does not answer) fails the batch, which the store delivers again.
   */
  subscribeTolerant(after: number | null, onBatch: (events: (StoredEvent | UnopenedEvent)[]) => Promise<void>, onError: (e: unknown) => void): Subscription {
    const openOrMark = (event: RecordedEvent) =>
      this.open(event).catch((error: unknown): UnopenedEvent => {
        if (isUnopenable(error)) return { unopened: event, error };
        throw error;
      });
    return this.store.subscribeToAll({
      after,
      onBatch: async (batch) => onBatch(await Promise.all(batch.map(openOrMark))),
      onError,
    });
  }

  private async seal(type: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const pii = this.policy[type];
    if (!pii) return data;
    const subject = pii.subject(data);
    const sealed: Record<string, unknown> = { ...data };
    for (const field of pii.fields) {
      if (sealed[field] !== undefined && sealed[field] !== null) sealed[field] = await this.codec.seal(subject, sealed[field]);
    }
    return sealed;
  }

  async open(event: RecordedEvent): Promise<StoredEvent> {
    let data = event.data;
    if (Object.values(data).some(isSealed)) {
      data = { ...data };
      for (const [field, value] of Object.entries(data)) {
        if (isSealed(value)) data[field] = await this.codec.open(value);
      }
    }
    const upcast = this.upcasters[event.type];
    const current = upcast ? upcast(data) : { type: event.type, data };
    return {
      id: event.id,
      type: current.type,
      data: this.decode(event, current),
      metadata: event.metadata,
      stream: event.stream,
      revision: event.revision,
      position: event.position,
      recorded_at: event.recorded_at,
    };
  }

  /** After opening and upcasting: the codecs describe opened personal fields and current shapes. */
  private decode(event: RecordedEvent, current: { type: string; data: Record<string, unknown> }): Record<string, unknown> {
    const codec = this.codecs.get(current.type);
    if (!codec) return current.data;
    const decoded = codec.decode(current);
    if (isLeft(decoded)) throw new UndecodableEventError(event.stream, event.revision, event.position, current.type, failingPaths(decoded.left));
    return decoded.right.data;
  }
}
