import type { DomainEvent, PiiFields } from '../../domain/shared/decider.js';
import { UPCASTERS, type Upcaster } from '../../domain/upcasters.js';
import { isSealed, type PiiCodec } from '../pii/port.js';
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
 * The event store seen through the PII codec: personal fields named by the policy are sealed
 * on the way in and opened on the way out, so handlers and projectors never touch the codec.
 */
export class EventLog {
  constructor(
    readonly store: EventStore,
    private readonly codec: PiiCodec,
    private readonly policy: PiiPolicy,
    private readonly upcasters: Readonly<Record<string, Upcaster>> = UPCASTERS,
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

  subscribe(after: number | null, onBatch: (events: StoredEvent[]) => Promise<void>, onError: (e: unknown) => void): Subscription {
    return this.store.subscribeToAll({
      after,
      onBatch: async (batch) => onBatch(await Promise.all(batch.map((e) => this.open(e)))),
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
      data: current.data,
      metadata: event.metadata,
      stream: event.stream,
      revision: event.revision,
      position: event.position,
      recorded_at: event.recorded_at,
    };
  }
}
