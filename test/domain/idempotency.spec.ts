import { idempotencyDecider } from '../../src/domain/idempotency/decider.js';
import type { IdempotencyEvent } from '../../src/domain/idempotency/events.js';
import { expect } from 'chai';
import { spec } from '../helpers/decider-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const claim = (claim_id: string, now: string, request_hash = 'h') => ({ type: 'Claim' as const, claim_id, request_hash, now, lease_ms: 30_000 });
const claimed = (claim_id: string, now: string, request_hash = 'h'): IdempotencyEvent => ({
  type: 'IdempotencyKeyClaimed',
  data: { claim_id, request_hash, claimed_at: now, lease_until: at(Date.parse(now) - Date.parse(T0) + 30_000) },
});
const recorded: IdempotencyEvent = {
  type: 'IdempotentResponseRecorded',
  data: { claim_id: 'c1', request_hash: 'h', status: 201, body: { id: 'x' }, subject: 's', recorded_at: at(1000), expires_at: at(1000 + 86_400_000) },
};
const DAY = 86_400_000;

describe('idempotency decider', () => {
  const key = spec(idempotencyDecider);

  it('claims a free key', () => {
    key.given([]).when(claim('c1', T0)).then([claimed('c1', T0)]);
  });

  it('refuses a second claim while the first holds its lease, with a retry hint', () => {
    key.given([claimed('c1', T0)]).when(claim('c2', at(1000))).thenError('idempotency_key_in_progress', (error) => {
      expect(error.extra['retry_after']).to.be.within(1, 5);
    });
  });

  it('lets a claim take over after the lease of a crashed request ran out', () => {
    key.given([claimed('c1', T0)]).when(claim('c2', at(31_000))).then([claimed('c2', at(31_000))]);
  });

  it('records the response of the claim holder only', () => {
    key
      .given([claimed('c1', T0)])
      .when({ type: 'Record', claim_id: 'c1', status: 201, body: { id: 'x' }, subject: 's', now: at(1000), window_ms: DAY })
      .then([recorded]);
    key.given([claimed('c2', T0)]).when({ type: 'Record', claim_id: 'c1', status: 201, body: {}, subject: 's', now: at(1000), window_ms: DAY }).thenNothing();
  });

  it('decides nothing for a claim on a recorded key inside the window (the caller replays), and reclaims after 24 h', () => {
    key.given([claimed('c1', T0), recorded]).when(claim('c2', at(2000))).thenNothing();
    key.given([claimed('c1', T0), recorded]).when(claim('c2', at(2000), 'other')).thenNothing();
    key.given([claimed('c1', T0), recorded]).when(claim('c3', at(1000 + DAY + 1))).then([claimed('c3', at(1000 + DAY + 1))]);
  });

  it('frees the key when the holder releases it (errors are not cached)', () => {
    const released: IdempotencyEvent = { type: 'IdempotencyKeyReleased', data: { claim_id: 'c1', released_at: at(500) } };
    key.given([claimed('c1', T0)]).when({ type: 'Release', claim_id: 'c1', now: at(500) }).then([released]);
    key.given([claimed('c1', T0), released]).when(claim('c2', at(600))).then([claimed('c2', at(600))]);
    key.given([claimed('c1', T0)]).when({ type: 'Release', claim_id: 'zz', now: at(500) }).thenNothing();
  });
});
