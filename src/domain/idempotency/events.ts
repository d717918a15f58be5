import * as t from 'io-ts';
import type { PiiFields } from '../shared/decider.js';

export const IdempotencyKeyClaimed = t.type({
  type: t.literal('IdempotencyKeyClaimed'),
  data: t.type({ claim_id: t.string, request_hash: t.string, claimed_at: t.string, lease_until: t.string }),
});

export const IdempotentResponseRecorded = t.type({
  type: t.literal('IdempotentResponseRecorded'),
  data: t.type({
    claim_id: t.string,
    request_hash: t.string,
    status: t.number,
    /** the response body as sent; may hold personal data, so it is sealed */
    body: t.unknown,
    /** whose personal data the body holds (sealing subject) */
    subject: t.string,
    recorded_at: t.string,
    expires_at: t.string,
  }),
});

export const IdempotencyKeyReleased = t.type({
  type: t.literal('IdempotencyKeyReleased'),
  data: t.type({ claim_id: t.string, released_at: t.string }),
});

export const IdempotencyEvent = t.union([IdempotencyKeyClaimed, IdempotentResponseRecorded, IdempotencyKeyReleased]);
export type IdempotencyEvent = t.TypeOf<typeof IdempotencyEvent>;

export const idempotencyPii: Record<string, PiiFields<Record<string, unknown>>> = {
  IdempotentResponseRecorded: { subject: (data) => String(data['subject']), fields: ['body'] },
};
