import { expect } from 'chai';
import { customerDecider, facialPair, type CustomerCommand } from '../../src/domain/customer/decider.js';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-22T12:05:00.000Z';

const registration = {
  profile: { doc: '00000000191', name: 'Maria da Silva' },
  subject_ref: 'subj_x',
  external_id: 'ext-1',
  metadata: { canal: 'app' },
  onboarding_profile: null,
  webhook_url: null,
};
const register = (runId: string | null = null): CustomerCommand => ({
  type: 'Register',
  customer_id: 'c1',
  tenant_id: 't1',
  environment: 'sandbox',
  subject_type: 'pf',
  run_id: runId,
  now: NOW,
  ...registration,
});

const registered: CustomerEvent = {
  type: 'CustomerRegistered',
  data: { customer_id: 'c1', tenant_id: 't1', environment: 'sandbox', type: 'pf', ...registration, created_at: NOW },
};
const requested = (runId: string, at = NOW): CustomerEvent => ({ type: 'CustomerRunRequested', data: { customer_id: 'c1', run_id: runId, requested_at: at } });
const statusChanged = (status: 'aprovado' | 'recusado' | 'em_analise' | 'pendencia' | 'em_monitoramento', reason: string, at = LATER): CustomerEvent => ({
  type: 'CustomerStatusChanged',
  data: { customer_id: 'c1', status, reason, changed_at: at },
});

const conclude = (overrides: Partial<Extract<CustomerCommand, { type: 'ConcludeRun' }>> = {}): CustomerCommand => ({
  type: 'ConcludeRun',
  run_id: 'r1',
  run_status: 'completed',
  decision: 'approved',
  risk_band: 'baixo',
  completed_at: LATER,
  source_birth_date: '1980-05-17',
  policy_status: null,
  now: LATER,
  ...overrides,
});
const concluded = (overrides: Partial<Extract<CustomerEvent, { type: 'CustomerRunConcluded' }>['data']> = {}): CustomerEvent => ({
  type: 'CustomerRunConcluded',
  data: {
    customer_id: 'c1',
    subject_ref: 'subj_x',
    run_id: 'r1',
    run_status: 'completed',
    decision: 'approved',
    risk_band: 'baixo',
    completed_at: LATER,
    source_birth_date: '1980-05-17',
    ...overrides,
  },
});

const upload = (documentId: string, documentType: string): CustomerCommand => ({
  type: 'UploadDocument',
  document_id: documentId,
  document_type: documentType,
  file_name: `${documentType}.png`,
  mime_type: 'image/png',
  size: 68,
  sha256: 'ab'.repeat(32),
  blob_key: `blob-${documentId}`,
  now: NOW,
});
const uploaded = (documentId: string, documentType: string, replaces: string | null = null): CustomerEvent => ({
  type: 'DocumentUploaded',
  data: {
    customer_id: 'c1',
    subject_ref: 'subj_x',
    document_id: documentId,
    type: documentType,
    file_name: `${documentType}.png`,
    mime_type: 'image/png',
    size: 68,
    sha256: 'ab'.repeat(32),
    blob_key: `blob-${documentId}`,
    replaces,
    created_at: NOW,
  },
});
const reviewed = (documentId: string, status: 'aprovado' | 'rejeitado'): CustomerEvent => ({
  type: 'DocumentReviewed',
  data: { customer_id: 'c1', document_id: documentId, status, reason: null, reviewed_at: LATER },
});

const facialCheck = { status: 'Approved' as const, score: 0.97, request_id: 'req-1', completed_at: LATER };
const roundStarted: CustomerEvent = { type: 'FacialRoundStarted', data: { customer_id: 'c1', round_id: 'fr1', selfie_document_id: 'd1', identity_document_id: 'd2', started_at: NOW } };
const roundCompleted: CustomerEvent = {
  type: 'FacialRoundCompleted',
  data: { customer_id: 'c1', round_id: 'fr1', tenant_id: 't1', environment: 'sandbox', checks: { face_match: facialCheck }, cost: 0, completed_at: LATER },
};

describe('customer decider', () => {
  const customer = spec(customerDecider);

  it('registers a draft, or a customer under analysis with its run; registering again changes nothing', () => {
    customer.given([]).when(register()).then([registered]);
    customer.given([]).when(register('r1')).then([registered, requested('r1')]);
    customer.given([registered]).when(register()).thenNothing();
    customer.given([registered, requested('r1')]).when(register('r2')).thenNothing();
  });

  it('refuses every other command on a customer that does not exist', () => {
    const others: CustomerCommand[] = [
      { type: 'CompleteDraft', run_id: null, now: NOW, ...registration },
      { type: 'AbortRun', run_id: 'r1', reason: 'x', now: NOW },
      conclude(),
      { type: 'ChangeStatus', status: 'aprovado', reason: 'operator', now: NOW },
      upload('d1', 'selfie'),
      { type: 'ReviewDocument', document_id: 'd1', status: 'aprovado', reason: null, now: NOW },
      { type: 'StartFacialRound', round_id: 'fr1', selfie_document_id: 'd1', identity_document_id: 'd2', now: NOW },
      { type: 'CompleteFacialRound', round_id: 'fr1', checks: {}, cost: 0, now: NOW },
    ];
    for (const command of others) customer.given([]).when(command).thenError('customer_not_found');
  });

  it('completes a draft with what the new request sends, and with a run puts it under analysis', () => {
    const changed = { ...registration, external_id: 'ext-2', metadata: { canal: 'web' } };
    const completed: CustomerEvent = { type: 'CustomerDraftCompleted', data: { customer_id: 'c1', ...changed, completed_at: LATER } };
    customer.given([registered]).when({ type: 'CompleteDraft', run_id: null, now: LATER, ...changed }).then([completed]);
    customer.given([registered]).when({ type: 'CompleteDraft', run_id: 'r1', now: LATER, ...changed }).then([completed, requested('r1', LATER)]);
  });

  it('refuses to complete a customer that is no longer a draft: customer_already_exists naming it', () => {
    customer
      .given([registered, requested('r1')])
      .when({ type: 'CompleteDraft', run_id: 'r2', now: LATER, ...registration })
      .thenError('customer_already_exists', (e) => {
        expect(e.param).to.equal('doc');
        expect(e.extra).to.deep.equal({ existing_customer_id: 'c1' });
      });
  });

  it("aborts only its latest run while under analysis, once: the customer goes back to draft", () => {
    const aborted: CustomerEvent = { type: 'CustomerRunAborted', data: { customer_id: 'c1', run_id: 'r1', reason: 'no_credit', aborted_at: LATER } };
    const abort: CustomerCommand = { type: 'AbortRun', run_id: 'r1', reason: 'no_credit', now: LATER };
    customer.given([registered, requested('r1')]).when(abort).then([aborted]);
    customer.given([registered, requested('r1'), aborted]).when(abort).thenNothing();
    customer.given([registered, requested('r1')]).when({ ...abort, run_id: 'other' }).thenNothing();
    customer.given([registered]).when(abort).thenNothing();
    // an operator moved it on meanwhile: the run's abort no longer owns the status
    customer.given([registered, requested('r1'), statusChanged('aprovado', 'operator')]).when(abort).thenNothing();
  });

  it('concludes its latest run; the policy status applies only while under analysis and when it changes something', () => {
    const given = [registered, requested('r1')];
    customer.given(given).when(conclude()).then([concluded()]);
    customer.given(given).when(conclude({ policy_status: 'aprovado' })).then([concluded(), statusChanged('aprovado', 'auto_decision_policy')]);
    customer.given(given).when(conclude({ policy_status: 'em_analise' })).then([concluded()]);
    customer.given([...given, statusChanged('pendencia', 'operator')]).when(conclude({ policy_status: 'aprovado' })).then([concluded()]);
    customer.given(given).when(conclude({ run_id: 'old-run' })).thenNothing();
  });

  it('concluding the same result of a run twice changes nothing; a later result of it (an analyst review) is recorded', () => {
    const given = [registered, requested('r1'), concluded(), statusChanged('aprovado', 'auto_decision_policy')];
    customer.given(given).when(conclude({ policy_status: 'aprovado' })).thenNothing();
    customer.given([registered, requested('r1'), concluded()]).when(conclude()).thenNothing();
    const review = { run_status: 'completed', decision: 'rejected', risk_band: 'medio', completed_at: '2026-11-22T13:00:00.000Z' };
    customer.given(given).when(conclude(review)).then([concluded(review)]);
    // a new run of the customer concludes on its own
    customer.given([...given, requested('r2', LATER)]).when(conclude({ run_id: 'r2' })).then([concluded({ run_id: 'r2' })]);
  });

  it("follows an analyst's decision on its latest run: approval gives the policy's accepting status or aprovado, rejection recusado", () => {
    // an OFAC-blocked onboarding run leaves the customer em_analise until an analyst decides
    const blockedRun = { run_status: 'blocked', decision: 'rejected', risk_band: null, completed_at: NOW };
    const given = [registered, requested('r1'), concluded(blockedRun)];
    customer.given([registered, requested('r1')]).when(conclude(blockedRun)).then([concluded(blockedRun)]);
    const reviewed = { run_status: 'completed', decision: 'approved', risk_band: null, completed_at: LATER };
    customer.given(given).when(conclude({ ...reviewed, analyst_decision: 'approved' })).then([concluded(reviewed), statusChanged('aprovado', 'analyst_review')]);
    const monitored = { ...reviewed, risk_band: 'medio' };
    customer.given(given).when(conclude({ ...monitored, policy_status: 'em_monitoramento', analyst_decision: 'approved' })).then([concluded(monitored), statusChanged('em_monitoramento', 'analyst_review')]);
    // a policy status that does not accept (pendencia, recusado) gives aprovado for an approval
    customer.given(given).when(conclude({ ...monitored, policy_status: 'pendencia', analyst_decision: 'approved' })).then([concluded(monitored), statusChanged('aprovado', 'analyst_review')]);
    const rejected = { ...reviewed, decision: 'rejected' };
    customer.given(given).when(conclude({ ...rejected, policy_status: 'aprovado', analyst_decision: 'rejected' })).then([concluded(rejected), statusChanged('recusado', 'analyst_review')]);
    // already the status the decision gives: the result is recorded, the status unchanged
    customer.given([...given, statusChanged('recusado', 'operator')]).when(conclude({ ...rejected, analyst_decision: 'rejected' })).then([concluded(rejected)]);
  });

  it("remembers an approval's undecided list hits as false positives (the note as reason); a hit judged before keeps its disposition", () => {
    const blockedRun = { run_status: 'blocked', decision: 'rejected', risk_band: null, completed_at: NOW };
    const given = [registered, requested('r1'), concluded(blockedRun)];
    const reviewed = { run_status: 'completed', decision: 'approved', risk_band: null, completed_at: LATER };
    const hit = (entry: string) => ({ list_id: 'ofac_sdn', entry_id: entry, content_hash: `h-${entry}` });
    const approved_hits = { hits: [hit('e1'), hit('e2')], by: 'user:u1', note: 'Homônimo: outra data de nascimento.' };
    const cleared = (entry: string, reason = 'Execução r1 aprovada pelo analista: Homônimo: outra data de nascimento.', disposition: 'false_positive' | 'true_match' = 'false_positive', by = 'user:u1', at = LATER): CustomerEvent => ({
      type: 'ListHitDisposed',
      data: { customer_id: 'c1', subject_ref: 'subj_x', ...hit(entry), disposition, reason, by, from: { run_id: 'r1' }, disposed_at: at },
    });
    customer
      .given(given)
      .when(conclude({ ...reviewed, analyst_decision: 'approved', approved_hits, now: LATER }))
      .then([concluded(reviewed), statusChanged('aprovado', 'analyst_review'), cleared('e1'), cleared('e2')]);
    // e1 confirmed before by another analyst: only e2 is cleared by the approval
    const confirmedBefore = cleared('e1', 'mesmo CPF', 'true_match', 'user:u2', NOW);
    customer
      .given([...given, confirmedBefore])
      .when(conclude({ ...reviewed, analyst_decision: 'approved', approved_hits, now: LATER }))
      .then([concluded(reviewed), statusChanged('aprovado', 'analyst_review'), cleared('e2')]);
    // a rejection remembers nothing on its own
    customer
      .given(given)
      .when(conclude({ ...reviewed, decision: 'rejected', analyst_decision: 'rejected', approved_hits, now: LATER }))
      .then([concluded({ ...reviewed, decision: 'rejected' }), statusChanged('recusado', 'analyst_review')]);
  });

  it('changes the status only when it differs', () => {
    customer.given([registered]).when({ type: 'ChangeStatus', status: 'aprovado', reason: 'operator', now: LATER }).then([statusChanged('aprovado', 'operator')]);
    customer.given([registered, statusChanged('aprovado', 'operator')]).when({ type: 'ChangeStatus', status: 'aprovado', reason: 'operator', now: LATER }).thenNothing();
    customer.given([registered]).when({ type: 'ChangeStatus', status: 'rascunho', reason: 'operator', now: LATER }).thenNothing();
  });

  it('uploads a document once; a new one of a type replaces the earlier one unless that one was rejected', () => {
    customer.given([registered]).when(upload('d1', 'selfie')).then([uploaded('d1', 'selfie')]);
    customer.given([registered, uploaded('d1', 'selfie')]).when(upload('d1', 'selfie')).thenNothing();
    customer.given([registered, uploaded('d1', 'selfie')]).when(upload('d2', 'selfie')).then([uploaded('d2', 'selfie', 'd1')]);
    customer.given([registered, uploaded('d1', 'selfie')]).when(upload('d2', 'cnh_frente')).then([uploaded('d2', 'cnh_frente')]);
    // the rejected one stays beside the new one
    customer.given([registered, uploaded('d1', 'selfie'), reviewed('d1', 'rejeitado')]).when(upload('d2', 'selfie')).then([uploaded('d2', 'selfie')]);
    // the replacement is what a third upload replaces
    customer.given([registered, uploaded('d1', 'selfie'), uploaded('d2', 'selfie', 'd1')]).when(upload('d3', 'selfie')).then([uploaded('d3', 'selfie', 'd2')]);
  });

  it('reviews a current document; the same review again changes nothing; unknown and replaced documents are not found', () => {
    const review = (documentId: string, status: 'aprovado' | 'rejeitado'): CustomerCommand => ({ type: 'ReviewDocument', document_id: documentId, status, reason: null, now: LATER });
    customer.given([registered, uploaded('d1', 'selfie')]).when(review('d1', 'aprovado')).then([reviewed('d1', 'aprovado')]);
    customer.given([registered, uploaded('d1', 'selfie'), reviewed('d1', 'aprovado')]).when(review('d1', 'aprovado')).thenNothing();
    customer.given([registered, uploaded('d1', 'selfie'), reviewed('d1', 'aprovado')]).when(review('d1', 'rejeitado')).then([reviewed('d1', 'rejeitado')]);
    customer.given([registered]).when(review('zz', 'aprovado')).thenError('document_not_found');
    customer.given([registered, uploaded('d1', 'selfie'), uploaded('d2', 'selfie', 'd1')]).when(review('d1', 'aprovado')).thenError('document_not_found');
  });

  it('starts a facial round once and completes it once; a round never started is not completed', () => {
    const start: CustomerCommand = { type: 'StartFacialRound', round_id: 'fr1', selfie_document_id: 'd1', identity_document_id: 'd2', now: NOW };
    const complete: CustomerCommand = { type: 'CompleteFacialRound', round_id: 'fr1', checks: { face_match: facialCheck }, cost: 0, now: LATER };
    customer.given([registered]).when(start).then([roundStarted]);
    customer.given([registered, roundStarted]).when(start).thenNothing();
    customer.given([registered, roundStarted]).when(complete).then([roundCompleted]);
    customer.given([registered, roundStarted, roundCompleted]).when(complete).thenNothing();
    customer.given([registered, roundStarted, roundCompleted]).when(start).thenNothing();
    customer.given([registered]).when(complete).thenNothing();
  });

  it('finds the facial pair: the current selfie and identity image, neither replaced nor rejected', () => {
    const fold = (events: CustomerEvent[]) => events.reduce(customerDecider.evolve, customerDecider.initialState);
    expect(facialPair(customerDecider.initialState)).to.equal(null);
    expect(facialPair(fold([registered, uploaded('d1', 'selfie')]))).to.equal(null);
    expect(facialPair(fold([registered, uploaded('d1', 'selfie'), uploaded('d2', 'cnh_frente')]))).to.deep.equal({ selfie: 'd1', identity: 'd2' });
    expect(facialPair(fold([registered, uploaded('d1', 'selfie'), uploaded('d2', 'cnh_frente'), uploaded('d3', 'selfie', 'd1')]))).to.deep.equal({ selfie: 'd3', identity: 'd2' });
    expect(facialPair(fold([registered, uploaded('d1', 'selfie'), uploaded('d2', 'cnh_frente'), reviewed('d2', 'rejeitado')]))).to.equal(null);
  });
});
