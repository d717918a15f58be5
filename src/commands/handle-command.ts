import * as E from 'fp-ts/lib/Either.js';
import { setTimeout as delay } from 'node:timers/promises';
import type { EventLog, EventToAppend } from '../adapters/event-store/event-log.js';
import { WrongExpectedRevisionError, type EventMetadata } from '../adapters/event-store/port.js';
import { deterministicId } from '../adapters/ids.js';
import { DomainError, type Decider, type DomainEvent } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';

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

export interface CommandOptions {
  /**
   * Keep the folded state of the stream in memory between commands and read only the events
   * after it. For long, hot streams without personal data (the ledger); an erased subject's
   * state must never outlive its key in memory, so customer streams do not use it.
   */
  keepState?: boolean;
}

/** Conflicts come only from other instances (one process writes a stream through one queue). */
const MAX_ATTEMPTS = 10;
/** Commands waiting on one stream decided and appended together, at most this many at once. */
const MAX_BATCH = 256;
const KEPT_STATES = 1_000;

type AnyDecider = Decider<unknown, unknown, DomainEvent>;
type Outcome = E.Either<DomainError, CommandResult<unknown, DomainEvent>>;

interface Pending {
  decider: AnyDecider;
  command: unknown;
  context: CommandContext;
  keepState: boolean;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

interface StreamQueue {
  pending: Pending[];
  draining: boolean;
}

interface KeptState {
  decider: AnyDecider;
  state: unknown;
  revision: number;
}

/** Per event log: the queue of each stream being written, and the states kept in memory. */
interface Writer {
  queues: Map<string, StreamQueue>;
  kept: Map<string, KeptState>;
}

const writers = new WeakMap<EventLog, Writer>();

function writerOf(log: EventLog): Writer {
  let writer = writers.get(log);
  if (!writer) {
    writer = { queues: new Map(), kept: new Map() };
    writers.set(log, writer);
  }
  return writer;
}

/**
 * The one command handler: read the stream, fold it, decide, append with the expected revision.
 *
 * Commands on one stream within this process queue behind each other, and the commands waiting
 * when the stream is free are decided one after another on the same state and appended in one
 * write: concurrent requests on one aggregate (a tenant's ledger, one customer's documents)
 * never conflict with each other and cost one read and one append per batch instead of one
 * each. A conflict with another instance re-reads and decides the batch again, with a jittered
 * backoff, a bounded number of times; each command keeps its own deterministic event ids and
 * metadata, so a retried command is still dropped as a duplicate.
 */
export function handleCommand<C, S, Ev extends DomainEvent>(
  log: EventLog,
  stream: string,
  decider: Decider<C, S, Ev>,
  command: C,
  context: CommandContext,
  options: CommandOptions = {},
): Promise<E.Either<DomainError, CommandResult<S, Ev>>> {
  const writer = writerOf(log);
  let queue = writer.queues.get(stream);
  if (!queue) {
    queue = { pending: [], draining: false };
    writer.queues.set(stream, queue);
  }
  const result = new Promise<Outcome>((resolve, reject) => {
    // casts, not stored events: one queue holds every decider's commands, so their types are
    // erased here and restored on the way out (the outcome is this decider's, for this command)
    queue.pending.push({ decider: decider as unknown as AnyDecider, command, context, keepState: options.keepState === true, resolve, reject });
  });
  if (!queue.draining) void drain(log, writer, stream, queue);
  return result as unknown as Promise<E.Either<DomainError, CommandResult<S, Ev>>>;
}

async function drain(log: EventLog, writer: Writer, stream: string, queue: StreamQueue): Promise<void> {
  queue.draining = true;
  try {
    while (queue.pending.length > 0) {
      // one batch shares one decider: the first command's, and every one after it using the same
      const first = queue.pending[0]!;
      let size = 1;
      while (size < queue.pending.length && size < MAX_BATCH && queue.pending[size]!.decider === first.decider) size++;
      const batch = queue.pending.splice(0, size);
      await settle(log, writer, stream, batch);
    }
  } finally {
    queue.draining = false;
    if (queue.pending.length === 0) writer.queues.delete(stream);
    else void drain(log, writer, stream, queue);
  }
}

/** Decides and appends a batch; every command of it is resolved or rejected exactly once. */
async function settle(log: EventLog, writer: Writer, stream: string, batch: Pending[]): Promise<void> {
  try {
    const outcomes = await decideAndAppend(log, writer, stream, batch);
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) p.reject(outcome);
      else p.resolve(outcome);
    });
  } catch (error) {
    if (batch.length === 1 || error instanceof WrongExpectedRevisionError) {
      for (const p of batch) p.reject(error);
      return;
    }
    // one command's events may be what the store refused: each alone, so only that one fails
    for (const p of batch) await settle(log, writer, stream, [p]);
  }
}

async function decideAndAppend(log: EventLog, writer: Writer, stream: string, batch: Pending[]): Promise<(Outcome | Error)[]> {
  const { decider, keepState } = batch[0]!;
  for (let attempt = 1; ; attempt++) {
    const loaded = await load(log, writer, stream, decider, keepState);
    let state = loaded.state;
    const outcomes: (Outcome | Error | { events: readonly DomainEvent[]; state: unknown })[] = [];
    const toAppend: EventToAppend[] = [];
    for (const p of batch) {
      let decided: E.Either<DomainError, readonly DomainEvent[]>;
      try {
        decided = decider.decide(p.command, state);
      } catch (error) {
        outcomes.push(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (E.isLeft(decided)) {
        outcomes.push(decided);
        continue;
      }
      const events = decided.right;
      state = events.reduce(decider.evolve, state);
      outcomes.push({ events, state });
      events.forEach((e, i) =>
        toAppend.push({ id: deterministicId(`${p.context.commandId}:${stream}:${i}`), type: e.type, data: e.data as Record<string, unknown>, metadata: p.context.metadata }),
      );
    }
    /** each command's own last event: its position once appended (`position` when positions are shared) */
    let positionOf = (_lastEvent: number): number | null => null;
    if (toAppend.length > 0) {
      try {
        const result = await log.append(stream, toAppend, batch[0]!.context.metadata, loaded.revision === -1 ? 'no_stream' : loaded.revision);
        const { firstPosition, position } = result;
        positionOf = (lastEvent) => (firstPosition === undefined ? position : firstPosition + lastEvent);
        if (keepState) keep(writer, stream, { decider, state, revision: result.nextRevision });
      } catch (error) {
        writer.kept.delete(stream);
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        await delay(Math.random() * Math.min(100, 2 ** attempt));
        continue;
      }
    }
    // a batch is one append: a command's position is its own last event's, not the batch's last
    let appended = 0;
    return outcomes.map((o) => {
      if (o instanceof Error || E.isLeft(o as Outcome)) return o as Outcome | Error;
      const { events, state: after } = o as { events: readonly DomainEvent[]; state: unknown };
      appended += events.length;
      return E.right({ events, state: after, position: events.length > 0 ? positionOf(appended - 1) : null });
    });
  }
}

async function load(log: EventLog, writer: Writer, stream: string, decider: AnyDecider, keepState: boolean): Promise<{ state: unknown; revision: number }> {
  const kept = keepState ? writer.kept.get(stream) : undefined;
  const from = kept && kept.decider === decider ? kept : { state: decider.initialState, revision: -1 };
  const tail = await log.readStream(stream, from.revision + 1);
  const state = tail.filter(isEventOf(decider.codec)).reduce(decider.evolve, from.state);
  const revision = tail.length ? tail[tail.length - 1]!.revision : from.revision;
  if (keepState) keep(writer, stream, { decider, state, revision });
  return { state, revision };
}

function keep(writer: Writer, stream: string, kept: KeptState): void {
  writer.kept.delete(stream);
  writer.kept.set(stream, kept);
  // least recently written first: a Map iterates in insertion order
  if (writer.kept.size > KEPT_STATES) writer.kept.delete(writer.kept.keys().next().value!);
}

/** Folds a stream without deciding: for handlers that only need the current state. */
export async function loadState<S, Ev extends DomainEvent>(log: EventLog, stream: string, decider: Decider<unknown, S, Ev>): Promise<{ state: S; revision: number }> {
  const history = await log.readStream(stream);
  const state = history.filter(isEventOf(decider.codec)).reduce(decider.evolve, decider.initialState);
  return { state, revision: history.length ? history[history.length - 1]!.revision : -1 };
}


/**
 * The context of a command on a tenant's data: a key's request carries its tenant already; an
 * operator's names none, and the data's owner (found by the command) is recorded instead.
 */
export const forTenant = (context: CommandContext, tenantId: string | null): CommandContext =>
  context.metadata.tenant_id !== null ? context : { ...context, metadata: { ...context.metadata, tenant_id: tenantId } };
