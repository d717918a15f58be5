import * as E from 'fp-ts/lib/Either.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { WrongExpectedRevisionError, type EventMetadata } from '../adapters/event-store/port.js';
import { deterministicId } from '../adapters/ids.js';
import { DomainError, type Decider, type DomainEvent } from '../domain/shared/decider.js';

export interface CommandContext {
  metadata: EventMetadata;
  /** seeds the event ids: the same command retried appends the same ids, which the store drops */
  commandId: string;
}

export interface CommandResult<S, Ev> {
  events: readonly Ev[];
  state: S;
  /** global position of the last event appended; null when the command changed nothing */
  position: number | null;
}

const MAX_ATTEMPTS = 5;

/**
 * The one command handler: read the stream, fold it, decide, append with the expected revision.
 * A concurrent writer makes the append fail on the revision; the command is then decided again
 * on the new state, a bounded number of times.
 */
export async function handleCommand<C, S, Ev extends DomainEvent>(
  log: EventLog,
  stream: string,
  decider: Decider<C, S, Ev>,
  command: C,
  context: CommandContext,
): Promise<E.Either<DomainError, CommandResult<S, Ev>>> {
  for (let attempt = 1; ; attempt++) {
    const history = (await log.readStream(stream)) as unknown as StoredEvent<Ev>[];
    const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Ev), decider.initialState);
    const revision = history.length ? history[history.length - 1]!.revision : -1;
    const decided = decider.decide(command, state);
    if (E.isLeft(decided)) return decided;
    const events = decided.right;
    if (events.length === 0) return E.right({ events, state, position: null });
    try {
      const result = await log.append(
        stream,
        events.map((e, i) => ({ id: deterministicId(`${context.commandId}:${stream}:${i}`), type: e.type, data: e.data })),
        context.metadata,
        revision === -1 ? 'no_stream' : revision,
      );
      return E.right({ events, state: events.reduce(decider.evolve, state), position: result.position });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Folds a stream without deciding: for handlers that only need the current state. */
export async function loadState<S, Ev extends DomainEvent>(log: EventLog, stream: string, decider: Decider<unknown, S, Ev>): Promise<{ state: S; revision: number }> {
  const history = await log.readStream(stream);
  const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Ev), decider.initialState);
  return { state, revision: history.length ? history[history.length - 1]!.revision : -1 };
}
