import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { IdempotencyEvent } from './events.js';

/** `idempotency-<keyed hash of tenant, environment, endpoint and key>` */
export const idempotencyStream = (hash: string): string => `idempotency-${hash}`;

export type IdempotencyState =
  | { status: 'free' }
  | { status: 'claimed'; claim_id: string; request_hash: string; lease_until: string }
  | { status: 'completed'; request_hash: string; response: { status: number; body: unknown }; expires_at: string };

export type IdempotencyCommand =
  | { type: 'Claim'; claim_id: string; request_hash: string; now: string; lease_ms: number }
  | { type: 'Record'; claim_id: string; status: number; body: unknown; subject: string; now: string; window_ms: number }
  | { type: 'Release'; claim_id: string; now: string };

const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

/**
 * One idempotency key's life: claimed by the first request (a lease, so a crashed request does
 * not hold the key forever), then either the 2xx response recorded for 24 hours or the claim
 * released (errors are not cached). Claim on a recorded, unexpired key decides nothing: the
 * caller replays or refuses from the state.
 */
export const idempotencyDecider: Decider<IdempotencyCommand, IdempotencyState, IdempotencyEvent> = {
  initialState: { status: 'free' },
  codec: IdempotencyEvent,

  decide(command, state) {
    switch (command.type) {
      case 'Claim': {
        if (state.status === 'claimed' && command.now < state.lease_until) {
          const seconds = Math.max(1, Math.ceil((Date.parse(state.lease_until) - Date.parse(command.now)) / 1000));
          return E.left(
            new DomainError('idempotency_key_in_progress', 'A request with this Idempotency-Key is still being processed; retry after waiting.', null, {
              retry_after: Math.min(seconds, 5),
            }),
          );
        }
        if (state.status === 'completed' && command.now < state.expires_at) return E.right([]);
        return E.right([
          {
            type: 'IdempotencyKeyClaimed',
            data: {
              claim_id: command.claim_id,
              request_hash: command.request_hash,
              claimed_at: command.now,
              lease_until: plus(command.now, command.lease_ms),
            },
          },
        ]);
      }
      case 'Record':
        if (state.status !== 'claimed' || state.claim_id !== command.claim_id) return E.right([]);
        return E.right([
          {
            type: 'IdempotentResponseRecorded',
            data: {
              claim_id: command.claim_id,
              request_hash: state.request_hash,
              status: command.status,
              body: command.body,
              subject: command.subject,
              recorded_at: command.now,
              expires_at: plus(command.now, command.window_ms),
            },
          },
        ]);
      case 'Release':
        if (state.status !== 'claimed' || state.claim_id !== command.claim_id) return E.right([]);
        return E.right([{ type: 'IdempotencyKeyReleased', data: { claim_id: command.claim_id, released_at: command.now } }]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'IdempotencyKeyClaimed':
        return { status: 'claimed', claim_id: event.data.claim_id, request_hash: event.data.request_hash, lease_until: event.data.lease_until };
      case 'IdempotentResponseRecorded':
        return {
          status: 'completed',
          request_hash: event.data.request_hash,
          response: { status: event.data.status, body: event.data.body },
          expires_at: event.data.expires_at,
        };
      case 'IdempotencyKeyReleased':
        return { status: 'free' };
      default: {
        // compile-time: every known type is handled; at run time an unknown type changes nothing
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};
