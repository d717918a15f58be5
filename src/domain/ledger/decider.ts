import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { LedgerEvent } from './events.js';

/** `ledger-<tenant_id>`: the tenant's credits as a stream of movements. */
export const ledgerStream = (tenantId: string): string => `ledger-${tenantId}`;

export interface LedgerState {
  /** credits available: added, less reserved, less captured */
  balance: number;
  /** open reservations by charge id (a run id), with when they were made */
  reservations: Readonly<Record<string, { amount: number; reserved_at: string }>>;
  /** charges already settled, so a replayed capture or release changes nothing */
  settled: Readonly<Record<string, true>>;
}

export type LedgerCommand =
  | { type: 'AddCredits'; tenant_id: string; amount: number; reason: string; now: string }
  | { type: 'Reserve'; tenant_id: string; charge_id: string; amount: number; now: string }
  | { type: 'Capture'; tenant_id: string; charge_id: string; amount: number; now: string }
  | { type: 'Release'; tenant_id: string; charge_id: string; now: string };

/** The most credits one movement may add: far above any real top-up, far below where numbers stop being exact. */
export const MAX_CREDITS_PER_MOVEMENT = 1_000_000_000_000;

const insufficient = () => new DomainError('billing_suspended', 'Insufficient credit for this operation.');

/**
 * The balance never goes negative (a reservation or direct charge above it is refused) and no
 * charge is taken twice: each charge id settles once.
 */
export const ledgerDecider: Decider<LedgerCommand, LedgerState, LedgerEvent> = {
  initialState: { balance: 0, reservations: {}, settled: {} },
  codec: LedgerEvent,
  decide(command, state) {
    switch (command.type) {
      case 'AddCredits':
        if (!Number.isSafeInteger(command.amount) || command.amount <= 0 || command.amount > MAX_CREDITS_PER_MOVEMENT) {
          return E.left(new DomainError('invalid_request', `amount must be an integer from 1 to ${MAX_CREDITS_PER_MOVEMENT}.`, 'amount'));
        }
        // past 2^53 a sum of doubles is no longer exact: the balance would silently drift
        if (state.balance + command.amount > Number.MAX_SAFE_INTEGER) {
          return E.left(new DomainError('invalid_request', `This credit would take the balance past ${Number.MAX_SAFE_INTEGER}, the largest exact balance.`, 'amount'));
        }
        return E.right([
          { type: 'CreditsAdded', data: { tenant_id: command.tenant_id, amount: command.amount, reason: command.reason, balance: state.balance + command.amount, added_at: command.now } },
        ]);
      case 'Reserve':
        if (state.reservations[command.charge_id] !== undefined || state.settled[command.charge_id]) return E.right([]);
        if (command.amount > state.balance) return E.left(insufficient());
        return E.right([
          {
            type: 'CreditsReserved',
            data: { tenant_id: command.tenant_id, charge_id: command.charge_id, amount: command.amount, balance: state.balance - command.amount, reserved_at: command.now },
          },
        ]);
      case 'Capture': {
        if (state.settled[command.charge_id]) return E.right([]);
        const reserved = state.reservations[command.charge_id];
        if (reserved === undefined && command.amount > state.balance) return E.left(insufficient());
        const held = reserved?.amount ?? 0;
        // a reservation caps the charge: the run was admitted for at most its reserved cost
        const amount = reserved === undefined ? command.amount : Math.min(command.amount, reserved.amount);
        const released = held - (reserved === undefined ? 0 : amount);
        return E.right([
          {
            type: 'CreditsCaptured',
            data: {
              tenant_id: command.tenant_id,
              charge_id: command.charge_id,
              amount,
              released,
              balance: state.balance + held - amount,
              captured_at: command.now,
            },
          },
        ]);
      }
      case 'Release': {
        const reserved = state.reservations[command.charge_id];
        if (reserved === undefined || state.settled[command.charge_id]) return E.right([]);
        return E.right([
          {
            type: 'CreditsReleased',
            data: { tenant_id: command.tenant_id, charge_id: command.charge_id, amount: reserved.amount, balance: state.balance + reserved.amount, released_at: command.now },
          },
        ]);
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CreditsAdded':
        return { ...state, balance: event.data.balance };
      case 'CreditsReserved':
        return {
          ...state,
          balance: event.data.balance,
          reservations: { ...state.reservations, [event.data.charge_id]: { amount: event.data.amount, reserved_at: event.data.reserved_at } },
        };
      case 'CreditsCaptured':
      case 'CreditsReleased': {
        const { [event.data.charge_id]: _closed, ...open } = state.reservations;
        return { balance: event.data.balance, reservations: open, settled: { ...state.settled, [event.data.charge_id]: true } };
      }
      default: {
        // compile-time: every known type is handled; at run time an unknown type changes nothing
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};
