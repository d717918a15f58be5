import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { LaudoNumberEvent } from './events.js';

export const laudoNumbersStream = (tenantId: string): string => `laudoseq-${tenantId}`;

export interface LaudoNumbersState {
  last: number;
  byOperation: Readonly<Record<string, number>>;
}

export type LaudoNumbersCommand = { type: 'AllocateLaudoNumber'; operation_id: string; now: string };

export const MAX_LAUDO_NUMBER = 999_999;

/** Six digits, zero-padded: 000001. */
export const formatLaudoNumber = (n: number): string => String(n).padStart(6, '0');

/**
 * Sequential laudo numbers per tenant. Every allocation appends to the tenant's stream with the
 * expected revision, so concurrent analyses get distinct numbers; an operation asking again
 * (a retried analysis) keeps the number it was given.
 */
export const laudoNumbersDecider: Decider<LaudoNumbersCommand, LaudoNumbersState, LaudoNumberEvent> = {
  initialState: { last: 0, byOperation: {} },
  codec: LaudoNumberEvent,
  decide(command, state) {
    if (state.byOperation[command.operation_id] !== undefined) return E.right([]);
    if (state.last >= MAX_LAUDO_NUMBER) return E.left(new DomainError('internal_error', 'The tenant has used every six-digit laudo number.'));
    return E.right([{ type: 'LaudoNumberAllocated', data: { operation_id: command.operation_id, laudo_number: state.last + 1, allocated_at: command.now } }]);
  },
  evolve(state, event) {
    return { last: Math.max(state.last, event.data.laudo_number), byOperation: { ...state.byOperation, [event.data.operation_id]: event.data.laudo_number } };
  },
};
