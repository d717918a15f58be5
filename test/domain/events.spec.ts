import { expect } from 'chai';
import * as t from 'io-ts';
import { customerDecider } from '../../src/domain/customer/decider.js';
import { ErasureEvent } from '../../src/domain/erasure/events.js';
import { EVENT_CODECS } from '../../src/domain/events.js';
import { FacialVerificationPerformed } from '../../src/domain/facial/events.js';
import { fxOperationDecider } from '../../src/domain/fx/decider.js';
import { laudoNumbersDecider } from '../../src/domain/fx/laudo-numbers.js';
import { idempotencyDecider } from '../../src/domain/idempotency/decider.js';
import { ledgerDecider } from '../../src/domain/ledger/decider.js';
import { reviewDecider } from '../../src/domain/monitoring/review-decider.js';
import { reportDecider } from '../../src/domain/report/decider.js';
import { reservationDecider } from '../../src/domain/reservation/decider.js';
import { runDecider } from '../../src/domain/run/decider.js';
import { runHitsDecider } from '../../src/domain/screening/disposition.js';
import { caseDecider } from '../../src/domain/case/decider.js';
import { suspicionDecider } from '../../src/domain/suspicion/decider.js';
import { siscoafWorkDecider } from '../../src/domain/suspicion/siscoaf-work.js';
import { complianceDecider } from '../../src/domain/compliance/decider.js';
import { EVENT_LABEL } from '../../src/http/dashboard/labels.js';
import { RunEvent } from '../../src/domain/run/events.js';
import { codecsByType, eventRegistry, isEventOf } from '../../src/domain/shared/events.js';
import { templateDecider } from '../../src/domain/template/decider.js';
import { tenantDecider } from '../../src/domain/tenant/decider.js';
import { userDecider } from '../../src/domain/user/decider.js';
import { deliveryDecider } from '../../src/domain/webhook/decider.js';
import { webhookEndpointsDecider } from '../../src/domain/webhook/endpoints.js';
import { FacialRoundCompleted as WebhookFacialRoundCompleted } from '../../src/domain/webhook/events.js';

const DECIDERS = {
  customerDecider,
  fxOperationDecider,
  laudoNumbersDecider,
  idempotencyDecider,
  ledgerDecider,
  reviewDecider,
  reportDecider,
  reservationDecider,
  runDecider,
  runHitsDecider,
  caseDecider,
  suspicionDecider,
  siscoafWorkDecider,
  complianceDecider,
  templateDecider,
  tenantDecider,
  userDecider,
  deliveryDecider,
  webhookEndpointsDecider,
};

describe('event codecs: one registry of every stored event type', () => {
  it('holds, for every event a decider folds, the very codec that decider folds it with', () => {
    for (const [name, decider] of Object.entries(DECIDERS)) {
      for (const [type, codec] of codecsByType(decider.codec)) expect(EVENT_CODECS.get(type), `${name}: ${type}`).to.equal(codec);
    }
  });

  it('names every stored event type in Portuguese for the audit screen and the timelines (issue 28)', () => {
    const unnamed = [...EVENT_CODECS.keys()].filter((type) => !EVENT_LABEL[type]);
    expect(unnamed).to.deep.equal([]);
  });

  it('holds the events appended without a decider: standalone facial verifications and erasures', () => {
    for (const codec of [FacialVerificationPerformed, ErasureEvent]) {
      for (const [type, c] of codecsByType(codec)) expect(EVENT_CODECS.get(type), type).to.equal(c);
    }
  });

  it('refuses a type given two codecs (the webhooks read a narrower FacialRoundCompleted of their own)', () => {
    expect(() => eventRegistry(customerDecider.codec, WebhookFacialRoundCompleted)).to.throw('event type FacialRoundCompleted has two codecs');
  });

  it('refuses what is not an event codec', () => {
    expect(() => codecsByType(t.type({ run_id: t.string }))).to.throw('not an event codec');
  });

  it('isEventOf narrows by the types of its codecs only', () => {
    const isRunEvent = isEventOf(RunEvent);
    expect(isRunEvent({ type: 'RunStarted', data: {} })).to.equal(true);
    expect(isRunEvent({ type: 'CustomerRegistered', data: {} })).to.equal(false);
    expect(isEventOf(RunEvent, ErasureEvent)({ type: 'SubjectErased', data: {} })).to.equal(true);
  });
});
