import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import type { LedgerEvent } from './events.js';

/** `ledger-<tenant_id>`: the tenant's credit balance as a stream of movements. */
export const ledgerStream = (tenantId: string): string => `ledger-${tenantId}`;

export interface LedgerState {
  balance: number;
}

export type LedgerCommand = { type: 'AddCredits'; tenant_id: string; amount: number; reason: string; now: string };

export const ledgerDecider: Decider<LedgerCommand, LedgerState, LedgerEvent> = {
  initialState: { balance: 0 },
  decide(command, state) {
    if (!Number.isSafeInteger(command.amount) || command.amount <= 0) {
      return E.left(new DomainError('invalid_request', 'amount must be a positive integer.', 'amount'));
    }
    return E.right([
      {
        type: 'CreditsAdded',
        data: {
          tenant_id: command.tenant_id,
          amount: command.amount,
          reason: command.reason,
          balance: state.balance + command.amount,
          added_at: command.now,
        },
      },
    ]);
  },
  evolve(state, event) {
    return { balance: state.balance + event.data.amount };
  },
};
