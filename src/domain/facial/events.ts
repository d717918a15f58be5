import * as t from 'io-ts';
import { Environment } from '../values/scopes.js';

const CheckStatus = t.keyof({ Approved: null, Declined: null, Error: null });

/**
 * A check's outcome as kept: no images, no raw warnings; `evidence` when the provider's answer is
 * a record worth keeping as returned (Serpro's Datavalid: its `biometria_face`, or its DV code).
 */
export const RecordedFacialCheck = t.intersection([
  t.type({ status: CheckStatus, score: t.union([t.number, t.null]), request_id: t.string, completed_at: t.string }),
  t.partial({ evidence: t.UnknownRecord }),
]);
export type RecordedFacialCheck = t.TypeOf<typeof RecordedFacialCheck>;

const Checks = t.partial({ face_match: RecordedFacialCheck, passive_liveness: RecordedFacialCheck });

/** `facialcheck-<id>`: one standalone verification; it never concerns a customer. */
export const FacialVerificationPerformed = t.type({
  type: t.literal('FacialVerificationPerformed'),
  data: t.type({
    verification_id: t.string,
    tenant_id: t.string,
    environment: Environment,
    customer_id: t.null,
    checks: Checks,
    cost: t.number,
    performed_at: t.string,
  }),
});
export type FacialVerificationPerformed = t.TypeOf<typeof FacialVerificationPerformed>;

/** On the customer stream: a round for one selfie and identity pair (its id derives from the pair). */
export const FacialRoundStarted = t.type({
  type: t.literal('FacialRoundStarted'),
  data: t.type({ customer_id: t.string, round_id: t.string, selfie_document_id: t.string, identity_document_id: t.string, started_at: t.string }),
});

export const FacialRoundCompleted = t.type({
  type: t.literal('FacialRoundCompleted'),
  data: t.type({ customer_id: t.string, round_id: t.string, tenant_id: t.string, environment: Environment, checks: Checks, cost: t.number, completed_at: t.string }),
});
export type FacialRoundCompletedData = t.TypeOf<typeof FacialRoundCompleted>['data'];

export const facialStream = (verificationId: string): string => `facialcheck-${verificationId}`;
