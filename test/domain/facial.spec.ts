import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  checksFor,
  facialModuleOn,
  facialVerificationDecider,
  requestedChecks,
  verificationAnswer,
  type FacialVerificationCommand,
  type RecordedChecks,
} from '../../src/domain/facial/decider.js';
import type { FacialVerificationPerformed } from '../../src/domain/facial/events.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const approved = { status: 'Approved' as const, score: 0.97, request_id: 'p-1', completed_at: NOW };
const failed = { status: 'Error' as const, score: null, request_id: 'p-2', completed_at: NOW };
const checks: RecordedChecks = { face_match: approved, passive_liveness: failed };

const record = (id: string, cost = 2): FacialVerificationCommand => ({ type: 'RecordFacialVerification', verification_id: id, tenant_id: 't1', environment: 'live', checks, cost, now: NOW });
const performed = (id: string, cost = 2): FacialVerificationPerformed => ({
  type: 'FacialVerificationPerformed',
  data: { verification_id: id, tenant_id: 't1', environment: 'live', customer_id: null, checks, cost, performed_at: NOW },
});

describe('facial verification decider', () => {
  const verification = spec(facialVerificationDecider);

  it('records a standalone verification, with no customer, once', () => {
    verification.given([]).when(record('v1')).then([performed('v1')]);
    verification.given([performed('v1')]).when(record('v1')).thenNothing();
  });

  it('is open only with both layers on: granted by the operator and turned on by the tenant', () => {
    const code = (settings: Parameters<typeof facialModuleOn>[0]) => {
      const on = facialModuleOn(settings);
      return E.isLeft(on) ? on.left.code : 'on';
    };
    expect(code({ facial_verification_master: true, facial_verification_enabled: true })).to.equal('on');
    expect(code({ facial_verification_master: true, facial_verification_enabled: false })).to.equal('module_disabled');
    expect(code({ facial_verification_master: false, facial_verification_enabled: true })).to.equal('module_disabled');
    expect(code(null)).to.equal('module_disabled');
  });

  it('asks face_match with a reference image and passive_liveness without, unless told; face_match needs the reference', () => {
    expect(requestedChecks(undefined, true)).to.deep.equal(['face_match']);
    expect(requestedChecks(undefined, false)).to.deep.equal(['passive_liveness']);
    expect(requestedChecks('passive_liveness,face_match', true)).to.deep.equal(['passive_liveness', 'face_match']);
    expect(checksFor('passive_liveness', false)).to.deep.equal(E.right(['passive_liveness']));
    const refused = checksFor('face_match,passive_liveness', false);
    expect(E.isLeft(refused) && [refused.left.code, refused.left.param]).to.deep.equal(['missing_ref_image', 'ref_image']);
  });

  it('answers a refusal when no check succeeded (the fact is recorded all the same), else the checks', () => {
    expect(verificationAnswer(checks)).to.deep.equal(E.right(checks));
    const none = verificationAnswer({ face_match: failed, passive_liveness: failed });
    expect(E.isLeft(none) && none.left.code).to.equal('biometric_check_failed');
  });

  it('the refusal names why each check failed (a DV040 of Datavalid, say)', () => {
    const none = verificationAnswer({ face_match: { status: 'Error', message: 'Datavalid não validou a face (DV040: face não encontrada nas bases).' } });
    expect(E.isLeft(none) && none.left.message).to.equal('No requested facial check succeeded at the provider; nothing was charged. face_match: Datavalid não validou a face (DV040: face não encontrada nas bases).');
  });
});
