import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import type { Environment } from '../values/scopes.js';
import { FacialVerificationPerformed, type RecordedFacialCheck } from './events.js';

export { facialStream } from './events.js';

export type FacialCheckName = 'face_match' | 'passive_liveness';
export type RecordedChecks = Partial<Record<FacialCheckName, RecordedFacialCheck>>;

/** The module's two layers: granted by the operator (master), turned on by the tenant. */
export interface FacialModuleSettings {
  facial_verification_master: boolean;
  facial_verification_enabled: boolean;
}

/** A standalone verification: nothing yet, or performed (once: its id is new per request). */
export type FacialVerificationState = { status: 'none' } | { status: 'performed'; verification_id: string };

export type FacialVerificationCommand = {
  type: 'RecordFacialVerification';
  verification_id: string;
  tenant_id: string;
  environment: Environment;
  checks: RecordedChecks;
  cost: number;
  now: string;
};

/** The standalone verification is open only with both layers on; null settings: no such tenant. */
export function facialModuleOn(settings: FacialModuleSettings | null): E.Either<DomainError, true> {
  if (!settings?.facial_verification_master || !settings.facial_verification_enabled) {
    return E.left(new DomainError('module_disabled', 'Facial verification is not active for this account.'));
  }
  return E.right(true);
}

/** The checks asked for (comma-separated), else face_match with a reference image and passive_liveness without. */
export function requestedChecks(checks: string | undefined, hasRef: boolean): FacialCheckName[] {
  return checks === undefined ? [hasRef ? 'face_match' : 'passive_liveness'] : (checks.split(',') as FacialCheckName[]);
}

/** face_match compares the user with a reference: without one it cannot be asked. */
export function checksFor(checks: string | undefined, hasRef: boolean): E.Either<DomainError, FacialCheckName[]> {
  const requested = requestedChecks(checks, hasRef);
  if (requested.includes('face_match') && !hasRef) return E.left(new DomainError('missing_ref_image', 'face_match needs a ref_image.', 'ref_image'));
  return E.right(requested);
}

/**
 * What the client is answered once the fact is recorded: a refusal when no check succeeded (nothing
 * was charged), naming each check's failure (say, Datavalid's DV040: no face in the bases).
 */
export function verificationAnswer<C extends { status: string; message?: string | undefined }>(checks: Partial<Record<FacialCheckName, C>>): E.Either<DomainError, Partial<Record<FacialCheckName, C>>> {
  if (Object.values(checks).every((c) => c.status === 'Error')) {
    const why = Object.entries(checks).flatMap(([check, c]) => (c.message ? [`${check}: ${c.message}`] : []));
    return E.left(new DomainError('biometric_check_failed', `No requested facial check succeeded at the provider; nothing was charged.${why.length > 0 ? ` ${why.join(' ')}` : ''}`));
  }
  return E.right(checks);
}

/** `facialcheck-<id>`: the verification is recorded once, whatever its outcome. */
export const facialVerificationDecider: Decider<FacialVerificationCommand, FacialVerificationState, FacialVerificationPerformed> = {
  initialState: { status: 'none' },
  codec: FacialVerificationPerformed,

  decide(command, state) {
    switch (command.type) {
      case 'RecordFacialVerification': {
        if (state.status === 'performed') return E.right([]);
        const { verification_id, tenant_id, environment, checks, cost, now } = command;
        return E.right([{ type: 'FacialVerificationPerformed', data: { verification_id, tenant_id, environment, customer_id: null, checks, cost, performed_at: now } }]);
      }
      default: {
        const _exhaustive: never = command.type;
        return _exhaustive;
      }
    }
  },

  evolve(_state, event) {
    return { status: 'performed', verification_id: event.data.verification_id };
  },
};
