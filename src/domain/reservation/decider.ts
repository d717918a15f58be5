import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { ReservationEvent } from './events.js';

/**
 * A uniqueness claim (a document or an external id within a tenant): one stream per claimed
 * value, whose latest event names the owner. Two concurrent claims are ordered by the event
 * store's expected revision, so exactly one wins on every store.
 */
export interface ReservationState {
  owner: string | null;
  reserved_at: string | null;
}

export type ReservationCommand =
  /** `takeover_from`: the claim of an owner that never came to exist (a crash mid-way) */
  | { type: 'Reserve'; owner_id: string; takeover_from?: string; now: string }
  | { type: 'Release'; owner_id: string; now: string };

export const reservationDecider: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  initialState: { owner: null, reserved_at: null },
  codec: ReservationEvent,
  decide(command, state) {
    switch (command.type) {
      case 'Reserve':
        if (state.owner === command.owner_id) return E.right([]);
        if (state.owner !== null && state.owner !== command.takeover_from) {
          return E.left(new DomainError('reserved', 'The value is already reserved.', null, { owner_id: state.owner, reserved_at: state.reserved_at }));
        }
        return E.right([{ type: 'ValueReserved', data: { owner_id: command.owner_id, reserved_at: command.now } }]);
      case 'Release':
        if (state.owner !== command.owner_id) return E.right([]);
        return E.right([{ type: 'ValueReleased', data: { owner_id: command.owner_id, released_at: command.now } }]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(_state, event) {
    return event.type === 'ValueReserved' ? { owner: event.data.owner_id, reserved_at: event.data.reserved_at } : { owner: null, reserved_at: null };
  },
};
