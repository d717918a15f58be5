import type { Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';

export interface DomainEvent<Type extends string = string, Data = Record<string, unknown>> {
  type: Type;
  data: Data;
}

/**
 * A decider: pure functions of an aggregate. Time and ids arrive on the command; a command that
 * changes nothing decides [] so that retries are harmless.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  decide(command: Command, state: State): Either<DomainError, readonly Event[]>;
  evolve(state: State, event: Event): State;
  initialState: State;
  /** the events it folds (its stream's storage contract); other types on the stream are skipped */
  codec: t.Type<Event, unknown>;
}

/** A rule of the domain said no. `code` is one of the spec's error codes. */
export class DomainError {
  constructor(
    readonly code: string,
    readonly message: string,
    readonly param: string | null = null,
    readonly extra: Record<string, unknown> = {},
  ) {}
}

/** Personal fields of an event type, sealed through the PII codec on append. */
export interface PiiFields<Data> {
  subject: (data: Data) => string;
  fields: readonly (keyof Data & string)[];
}
