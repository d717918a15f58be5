import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { ERASED } from '../../src/adapters/pii/port.js';
import { runDecider, type RunCommand } from '../../src/domain/run/decider.js';
import type { RunEvent, RunQueuedData } from '../../src/domain/run/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { customersProjection, documentsProjection, type CustomerDoc } from '../../src/projections/customers.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';
const T3 = '2026-11-22T12:03:00.000Z';
const profile = { doc: '00000000191', name: 'Maria da Silva', email: 'maria@example.com' };

const registeredData = {
  customer_id: 'c1',
  tenant_id: 't1',
  environment: 'sandbox',
  type: 'pf',
  profile,
  subject_ref: 'subj_x',
  external_id: 'ext-1',
  metadata: { canal: 'app' },
  onboarding_profile: null,
  webhook_url: null,
  created_at: T0,
};
const draft: CustomerDoc = {
  customer_id: 'c1',
  tenant_id: 't1',
  environment: 'sandbox',
  type: 'pf',
  status: 'rascunho',
  subject_ref: 'subj_x',
  profile,
  external_id: 'ext-1',
  metadata: { canal: 'app' },
  onboarding_profile: null,
  documents: [],
  latest_run: null,
  birth_date_from_source: null,
  facial_verification: null,
  facial_round_pending: false,
  // issue 30: registered without address or income, due 30 days later
  qualification: { missing: ['address', 'declared_income'], due_at: new Date(Date.parse(T0) + 30 * 86_400_000).toISOString(), completed_at: null },
  created_at: T0,
  updated_at: T0,
};

function queuedRun(runId: string, customerId: string | null): RunQueuedData {
  return {
    run_id: runId,
    tenant_id: 't1',
    environment: 'sandbox',
    template: { template_id: 'tpl', version: 1, definition: REFERENCE_PF },
    subject: { type: 'pf', doc: '00000000191', name: 'Maria da Silva' },
    subject_type: 'pf',
    subject_ref: 'subj_x',
    external_id: null,
    metadata: {},
    webhook_url: null,
    customer_id: customerId,
    estimated_seconds: 12,
    reserved_credits: 0,
    created_at: T0,
  };
}

/** What the run decider decides for a command after these events (the events the service would append). */
function decided(history: RunEvent[], command: RunCommand): RunEvent[] {
  const result = runDecider.decide(command, history.reduce(runDecider.evolve, runDecider.initialState));
  if (E.isLeft(result)) throw new Error(result.left.code);
  return [...result.right];
}

describe('customers projection', () => {
  const customers = projectionSpec(customersProjection());

  it('a registration is a draft with no run, no documents and no facial verification', () => {
    const at = eventLog();
    customers
      .given([at('customer-c1', 'CustomerRegistered', registeredData)])
      .then({ c1: draft })
      .andReplayChangesNothing();
  });

  it("latest_run follows the run's own events: queued, running, then cancelado (the decider's events name the customer)", () => {
    const at = eventLog();
    const queued: RunEvent = { type: 'RunQueued', data: queuedRun('r1', 'c1') };
    const started = decided([queued], { type: 'StartRun', now: T2 });
    const cancelled = decided([queued, ...started], { type: 'CancelRun', now: T3 });
    const events = [
      at('customer-c1', 'CustomerRegistered', registeredData),
      at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r1', requested_at: T1 }),
      at('run-r1', queued.type, queued.data),
    ];
    const runEvents = (decidedEvents: RunEvent[]) => decidedEvents.map((e) => at('run-r1', e.type, e.data));
    const queuedView = { run_id: 'r1', status: 'queued', decision: null, risk_band: null, completed_at: null };
    const requested = customers.given(events).then({ c1: { ...draft, status: 'em_analise', latest_run: queuedView, updated_at: T1 } });
    const startedEvents = runEvents(started);
    const running = customers.given(startedEvents, requested.documents).then({ c1: { ...draft, status: 'em_analise', latest_run: { ...queuedView, status: 'running' }, updated_at: T1 } });
    const cancelledEvents = runEvents(cancelled);
    customers
      .given(cancelledEvents, running.documents)
      .then({ c1: { ...draft, status: 'em_analise', latest_run: { ...queuedView, status: 'cancelado', completed_at: T3 }, updated_at: T1 } })
      // a redelivered RunStarted must not take the cancelled run back to running
      .andReplayChangesNothing([...events, ...startedEvents, ...cancelledEvents]);
  });

  it('a completed run, then its review, end latest_run with the decision; the policy status and the source birth date follow the customer stream', () => {
    const at = eventLog();
    const result = { run_id: 'r1', tenant_id: 't1', customer_id: 'c1', completed_at: T2 };
    const events = [
      at('customer-c1', 'CustomerRegistered', registeredData),
      at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r1', requested_at: T1 }),
      at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: 'c1', started_at: T1 }),
      at('run-r1', 'RunCompleted', { ...result, status: 'pending_review', decision: 'review', risk_band: 'medio' }),
      at('customer-c1', 'CustomerRunConcluded', { customer_id: 'c1', subject_ref: 'subj_x', run_id: 'r1', run_status: 'pending_review', decision: 'review', risk_band: 'medio', completed_at: T2, source_birth_date: '1980-05-17' }, { occurred_at: T2 }),
      at('run-r1', 'RunReviewed', { ...result, decision: 'rejected', note: 'x', risk_band: 'medio', reviewed_at: T3 }),
      at('customer-c1', 'CustomerStatusChanged', { customer_id: 'c1', status: 'recusado', reason: 'operator', changed_at: T3 }),
    ];
    customers
      .given(events)
      .then({
        c1: {
          ...draft,
          status: 'recusado',
          latest_run: { run_id: 'r1', status: 'completed', decision: 'rejected', risk_band: 'medio', completed_at: T3 },
          birth_date_from_source: '1980-05-17',
          updated_at: T3,
        },
      })
      .andReplayChangesNothing();
  });

  it('a failed run ends latest_run failed with no decision; an aborted run request leaves the customer a draft again', () => {
    const at = eventLog();
    const registered = at('customer-c1', 'CustomerRegistered', registeredData);
    const requested = at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r1', requested_at: T1 });
    customers
      .given([registered, requested, at('run-r1', 'RunFailed', { run_id: 'r1', customer_id: 'c1', completed_at: T2, reason: 'all_sources_failed' })])
      .then({ c1: { ...draft, status: 'em_analise', latest_run: { run_id: 'r1', status: 'failed', decision: null, risk_band: null, completed_at: T2 }, updated_at: T1 } });
    customers
      .given([registered, requested, at('customer-c1', 'CustomerRunAborted', { customer_id: 'c1', run_id: 'r1', reason: 'no_credit', aborted_at: T2 })])
      .then({ c1: { ...draft, updated_at: T2 } });
  });

  it("events of an earlier run, of runs without a customer, and old run events that did not name one, leave latest_run alone", () => {
    const at = eventLog();
    const events = [
      at('customer-c1', 'CustomerRegistered', registeredData),
      at('customer-c1', 'CustomerRunRequested', { customer_id: 'c1', run_id: 'r2', requested_at: T1 }),
      // r1 was the customer's earlier run: its late events must not overwrite r2's progress
      at('run-r1', 'RunCancelled', { run_id: 'r1', customer_id: 'c1', cancelled_at: T2 }),
      at('run-r9', 'RunStarted', { run_id: 'r9', customer_id: null, started_at: T2 }),
      // stored before run events named their customer: upcast to null, and not routed to any customer
      at('run-r2', 'RunStarted', { run_id: 'r2', customer_id: null, started_at: T2 }),
    ];
    const queuedR2 = { run_id: 'r2', status: 'queued', decision: null, risk_band: null, completed_at: null };
    customers.given(events).then({ c1: { ...draft, status: 'em_analise', latest_run: queuedR2, updated_at: T1 } });
  });

  it('documents: uploaded as pendente, a replacement drops the earlier one, a review sets the status', () => {
    const at = eventLog();
    const uploaded = (documentId: string, type: string, replaces: string | null, createdAt: string) =>
      at('customer-c1', 'DocumentUploaded', { customer_id: 'c1', subject_ref: 'subj_x', document_id: documentId, type, file_name: 'a.png', mime_type: 'image/png', size: 1, sha256: 'x', blob_key: 'b', replaces, created_at: createdAt });
    customers
      .given([
        at('customer-c1', 'CustomerRegistered', registeredData),
        uploaded('d1', 'selfie', null, T1),
        uploaded('d2', 'cnh_frente', null, T1),
        uploaded('d3', 'selfie', 'd1', T2),
        at('customer-c1', 'DocumentReviewed', { customer_id: 'c1', document_id: 'd2', status: 'rejeitado', reason: null, reviewed_at: T3 }),
      ])
      .then({
        c1: {
          ...draft,
          documents: [
            { document_id: 'd2', type: 'cnh_frente', status: 'rejeitado', created_at: T1 },
            { document_id: 'd3', type: 'selfie', status: 'pendente', created_at: T2 },
          ],
          updated_at: T3,
        },
      })
      .andReplayChangesNothing();
  });

  it('facial rounds: pending while started; the completed one shows status, score and time per check, without request ids', () => {
    const at = eventLog();
    const registered = at('customer-c1', 'CustomerRegistered', registeredData);
    const started = at('customer-c1', 'FacialRoundStarted', { customer_id: 'c1', round_id: 'fr1', selfie_document_id: 'd1', identity_document_id: 'd2', started_at: T1 });
    customers.given([registered, started]).then({ c1: { ...draft, facial_round_pending: true } });
    const check = { status: 'Approved', score: 0.97, request_id: 'req-1', completed_at: T2 };
    customers
      .given([registered, started, at('customer-c1', 'FacialRoundCompleted', { customer_id: 'c1', round_id: 'fr1', tenant_id: 't1', environment: 'sandbox', checks: { face_match: check }, cost: 0, completed_at: T2 })])
      .then({ c1: { ...draft, facial_verification: { round_id: 'fr1', checks: { face_match: { status: 'Approved', score: 0.97, completed_at: T2 } } }, updated_at: T2 } })
      .andReplayChangesNothing();
  });

  it('a completed draft takes the new request data; an erasure blanks the personal data and keeps the record', () => {
    const at = eventLog();
    const events = [
      at('customer-c1', 'CustomerRegistered', registeredData),
      at('customer-c1', 'CustomerDraftCompleted', { customer_id: 'c1', profile: { ...profile, name: 'Maria S.' }, subject_ref: 'subj_x', external_id: 'ext-2', metadata: {}, onboarding_profile: 'padrao', webhook_url: null, completed_at: T1 }),
    ];
    const completed = { ...draft, profile: { ...profile, name: 'Maria S.' }, external_id: 'ext-2', metadata: {}, onboarding_profile: 'padrao', updated_at: T1 };
    const before = customers.given(events).then({ c1: completed });
    customers
      .given([at('erasure-k', 'SubjectErased', { erasure_id: 'e1', tenant_id: 't1', subject_refs: ['subj_x'], customer_ids: ['c1', 'c-gone'], run_ids: [], erased_at: T3 })], before.documents)
      .then({ c1: { ...completed, profile: { name: ERASED, email: ERASED, doc: ERASED }, updated_at: T3 }, 'c-gone': null })
      .andReplayChangesNothing();
  });

  it('rebuilt after an erasure (the profile reads as the erased marker), a customer has the same erased profile as one erased live', () => {
    const at = eventLog();
    const erased = { name: ERASED, email: ERASED, doc: ERASED };
    customers
      .given([
        at('customer-c1', 'CustomerRegistered', { ...registeredData, profile: ERASED }),
        at('customer-c1', 'CustomerDraftCompleted', { customer_id: 'c1', profile: ERASED, subject_ref: 'subj_x', external_id: 'ext-2', metadata: {}, onboarding_profile: null, webhook_url: null, completed_at: T1 }),
      ])
      .then({ c1: { ...draft, profile: erased, external_id: 'ext-2', metadata: {}, updated_at: T1 } })
      .andReplayChangesNothing();
  });

  it('events before a registration make no document', () => {
    const at = eventLog();
    customers.given([at('customer-c1', 'CustomerStatusChanged', { customer_id: 'c1', status: 'aprovado', reason: 'operator', changed_at: T1 })]).then({ c1: null });
  });
});

describe('documents projection', () => {
  const uploaded = (at: ReturnType<typeof eventLog>, documentId: string, type: string, replaces: string | null, createdAt: string) =>
    at('customer-c1', 'DocumentUploaded', { customer_id: 'c1', subject_ref: 'subj_x', document_id: documentId, type, file_name: 'a.png', mime_type: 'image/png', size: 1, sha256: 'x', blob_key: 'b', replaces, created_at: createdAt }, { tenant_id: 't9' });

  it('indexes each uploaded document by id with its customer and tenant, pendente; other events make nothing', () => {
    const at = eventLog();
    const events = [at('customer-c1', 'CustomerRegistered', registeredData), uploaded(at, 'd1', 'selfie', null, T1)];
    projectionSpec(documentsProjection)
      .given(events)
      .then({ d1: { document_id: 'd1', customer_id: 'c1', tenant_id: 't9', type: 'selfie', status: 'pendente', replaced: false, created_at: T1 } })
      .andReplayChangesNothing();
    expect(documentsProjection.documentIds(events[0]!)).to.deep.equal([]);
  });

  it("follows each document's review and marks the one a resubmission replaces (the dashboard's queue of documents to review)", () => {
    const at = eventLog();
    const events = [
      uploaded(at, 'd1', 'selfie', null, T1),
      uploaded(at, 'd2', 'cnh_frente', null, T1),
      at('customer-c1', 'DocumentReviewed', { customer_id: 'c1', document_id: 'd2', status: 'rejeitado', reason: 'ilegível', reviewed_at: T2 }),
      uploaded(at, 'd3', 'selfie', 'd1', T3),
    ];
    projectionSpec(documentsProjection)
      .given(events)
      .then({
        d1: { document_id: 'd1', customer_id: 'c1', tenant_id: 't9', type: 'selfie', status: 'pendente', replaced: true, created_at: T1 },
        d2: { document_id: 'd2', customer_id: 'c1', tenant_id: 't9', type: 'cnh_frente', status: 'rejeitado', replaced: false, created_at: T1 },
        d3: { document_id: 'd3', customer_id: 'c1', tenant_id: 't9', type: 'selfie', status: 'pendente', replaced: false, created_at: T3 },
      })
      .andReplayChangesNothing();
  });
});
