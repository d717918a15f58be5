import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import { failingPaths } from '../domain/shared/events.js';
import type { Processor } from './runner.js';
import type { WorkHandler } from './worker.js';

/** A payload codec: its encoded side is the stored JSON object, which items recorded before must still decode to. */
export type PayloadCodec<P> = t.Type<P, Record<string, unknown>, unknown>;

/** An item whose payload is not what its kind records: it fails for good at once (a retry reads the same bytes). */
export class UndecodablePayloadError extends Error {
  override name = 'UndecodablePayloadError';
}

/** The work items of one kind: its name, the codec of its payload, and the two ends (record, execute). */
export interface WorkKind<P> {
  kind: string;
  payload: PayloadCodec<P>;
  /** A new item of this kind with a typed payload. */
  item(id: string, payload: P, due_at: number, rearm?: boolean): NewWorkItem;
  /** The item's payload, decoded; throws UndecodablePayloadError naming the fields that are wrong (never their values). */
  decode(item: WorkItem): P;
}

export function workKind<P>(kind: string, payload: PayloadCodec<P>): WorkKind<P> {
  return {
    kind,
    payload,
    item: (id, value, due_at, rearm) => ({ id, kind, payload: payload.encode(value), due_at, ...(rearm === undefined ? {} : { rearm }) }),
    decode(item) {
      const decoded = payload.decode(item.payload);
      if (E.isRight(decoded)) return decoded.right;
      const fields = failingPaths(decoded.left).map((path) => path || '(payload)');
      throw new UndecodablePayloadError(`work item ${item.id} of kind ${kind}: payload does not decode (${fields.join(', ')})`);
    },
  };
}

/** The event that caused a piece of work, when the item names one (items recorded before it did carry none). */
export const causation = t.partial({ causation: t.union([t.string, t.null]) });

/**
 * A reactor (fmodel's saga, with durable work): it recognises the events it handles, turns each
 * into at most one work item of its kind (pure: the same event gives the same item, whichever
 * instance or replay sees it), records those items before its checkpoint moves, and executes them
 * on the worker with the item's payload decoded by its codec.
 */
export interface Reactor<Ev, P> extends Processor, WorkHandler {
  kind: 'reactor';
  canHandle(event: StoredEvent): event is StoredEvent & Ev;
  /** the codec of its items' payload */
  payload: PayloadCodec<P>;
  /** null for an event it does not handle, or one that asks for no work */
  workFor(event: StoredEvent, now: number): NewWorkItem | null;
}
