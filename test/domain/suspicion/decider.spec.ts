import { expect } from 'chai';
import { loteCommunicationId, suspicionDecider, type SuspicionCommand } from '../../../src/domain/suspicion/decider.js';
import type { SuspicionEvent } from '../../../src/domain/suspicion/events.js';
import { spec } from '../../helpers/decider-spec.js';

const CASE = '33333333-3333-4333-8333-333333333333';
const T = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-11-27T12:00:00.000Z';
const LATER = '2026-12-20T12:00:00.000Z';
const LOTE = loteCommunicationId(CASE);
const occurrence = {
  NumOcorrencia: 'KYC-2026-333333333333',
  CPFCNPJCom: '12345678000195',
  DtInicio: '20/11/2026',
  DtFim: '20/11/2026',
  AgNum: '0001',
  AgNome: 'Matriz',
  AgMun: 'São Paulo',
  AgUF: 'SP',
  Det: 'Depósitos fracionados.',
  VlCred: '50000',
  VlDeb: '0',
  VlProv: '0',
  VlProp: '0',
  CodEnq: ['101'],
  ENVOLVIDOS: [],
};

const opened: SuspicionEvent = {
  type: 'SuspicionCaseOpened',
  data: {
    case_id: CASE,
    tenant_id: T,
    environment: 'live',
    subject_ref: 'ref',
    customer_id: null,
    origin: { kind: 'report', ref: null },
    external_id: null,
    occurred_at: '2026-11-20T12:00:00.000Z',
    operation: { type: 'deposito', value: 50000, date: '2026-11-20', channel: 'agencia', parties: [] },
    reason_codes: ['CC4001-I.a'],
    other_reason: null,
    description: 'Depósitos fracionados.',
    selection_due_at: '2027-01-04T12:00:00.000Z',
    opened_by: 'api_key:k',
    opened_at: NOW,
  },
};
const selected: SuspicionEvent = { type: 'SuspicionCaseSelected', data: { case_id: CASE, selected_at: NOW, analysis_due_at: '2027-01-11T12:00:00.000Z', by: 'user:a', note: null } };
const decide = (by: string, decision: 'comunicar' | 'nao_comunicar' = 'comunicar', four_eyes = true): SuspicionCommand => ({
  type: 'DecideSuspicionCase',
  decision,
  rationale: 'Fracionamento evidente.',
  reason_codes: ['CC4001-I.a'],
  other_reason: null,
  by,
  four_eyes,
  communication_due_at: '2026-12-01T02:59:59.999Z',
  now: NOW,
});
const proposed = (by: string, decision: 'comunicar' | 'nao_comunicar' = 'comunicar'): SuspicionEvent => ({
  type: 'SuspicionDecisionProposed',
  data: { case_id: CASE, subject_ref: 'ref', decision, rationale: 'Fracionamento evidente.', reason_codes: ['CC4001-I.a'], other_reason: null, proposed_by: by, proposed_at: NOW },
});
const decidedEv = (decision: 'comunicar' | 'nao_comunicar', by: string, approved: string | null): SuspicionEvent => ({
  type: 'SuspicionCaseDecided',
  data: {
    case_id: CASE,
    subject_ref: 'ref',
    decision,
    rationale: 'Fracionamento evidente.',
    reason_codes: ['CC4001-I.a'],
    other_reason: null,
    decided_by: by,
    approved_by: approved,
    decided_at: NOW,
    communication_due_at: decision === 'comunicar' ? '2026-12-01T02:59:59.999Z' : null,
  },
});
const prepare = (kind: 'lote' | 'retificacao' | 'cancelamento' = 'lote', id = LOTE, justification: string | null = null, now = NOW): SuspicionCommand => ({
  type: 'PrepareCommunication',
  communication_id: id,
  kind,
  num_ocorrencia: occurrence.NumOcorrencia,
  reporting_cnpj: '12345678000195',
  occurrence,
  justification,
  by: 'user:a',
  now,
});
const prepared: SuspicionEvent = {
  type: 'SuspicionCommunicationPrepared',
  data: { case_id: CASE, subject_ref: 'ref', communication_id: LOTE, kind: 'lote', num_ocorrencia: occurrence.NumOcorrencia, reporting_cnpj: '12345678000195', occurrence, justification: null, prepared_by: 'user:a', prepared_at: NOW },
};
const exported: SuspicionEvent = { type: 'SuspicionCommunicationExported', data: { case_id: CASE, communication_id: LOTE, batch_id: 'b1', blob_key: 'k', file_sha256: 'h1', exported_at: NOW, by: 'user:a' } };
const sent: SuspicionEvent = {
  type: 'SuspicionCommunicationSent',
  data: { case_id: CASE, communication_id: LOTE, sent_at: NOW, amendment_justification_after: '2026-12-04T02:59:59.999Z', by: 'user:a', recorded_at: NOW },
};
const receipt: SuspicionEvent = {
  type: 'SuspicionReceiptMatched',
  data: { case_id: CASE, communication_id: LOTE, numero_coaf: '900001', autenticacao: 'ABC', valor: '50000', status: 'Recebido', receipt_sha256: 'r1', matched_at: NOW },
};
const close = (note = 'Comunicado.'): SuspicionCommand => ({ type: 'CloseSuspicionCase', note, by: 'user:a', now: NOW });
const closed: SuspicionEvent = { type: 'SuspicionCaseClosed', data: { case_id: CASE, subject_ref: 'ref', note: 'Comunicado.', by: 'user:a', closed_at: NOW } };
const fold = (events: SuspicionEvent[]) => events.reduce(suspicionDecider.evolve, suspicionDecider.initialState);
const decidedCom = [opened, selected, proposed('user:a'), decidedEv('comunicar', 'user:a', 'user:b')];

describe('suspicion case decider', () => {
  const kase = spec(suspicionDecider);

  it('opens pending selection once; anything on no case is case_not_found', () => {
    kase.given([]).when({ type: 'OpenSuspicionCase', opened: opened.data as never, now: NOW }).then([opened]);
    kase.given([opened]).when({ type: 'OpenSuspicionCase', opened: opened.data as never, now: NOW }).then([]);
    expect(fold([opened]).status).to.equal('pending_selection');
    kase.given([]).when(close()).thenError('case_not_found');
  });

  it('selects only a case pending selection, with its analysis clock; dismisses with a reason', () => {
    const select: SuspicionCommand = { type: 'SelectSuspicionCase', by: 'user:a', note: ' ', analysis_due_at: '2027-01-11T12:00:00.000Z', now: NOW };
    kase.given([opened]).when(select).then([selected]);
    kase.given([opened, selected]).when(select).thenError('invalid_case_status');
    const dismiss = (reason: string): SuspicionCommand => ({ type: 'DismissSuspicionCase', by: 'user:a', reason, now: NOW });
    kase.given([opened]).when(dismiss('  ')).thenError('invalid_request', (e) => expect(e.param).to.equal('reason'));
    kase.given([opened]).when(dismiss(' Operação usual. ')).then([{ type: 'SuspicionCaseDismissed', data: { case_id: CASE, subject_ref: 'ref', reason: 'Operação usual.', by: 'user:a', dismissed_at: NOW } }]);
    kase.given([opened, selected]).when(dismiss('x')).thenError('invalid_case_status');
    expect(fold([opened, selected])).to.include({ status: 'in_analysis', analysis_due_at: '2027-01-11T12:00:00.000Z' });
  });

  it('decides only in analysis; without four-eyes in one step, with the communication clock for comunicar only', () => {
    kase.given([opened]).when(decide('user:a')).thenError('invalid_case_status');
    kase.given([opened, selected]).when(decide('user:a', 'comunicar', false)).then([decidedEv('comunicar', 'user:a', null)]);
    kase.given([opened, selected]).when(decide('user:a', 'nao_comunicar', false)).then([decidedEv('nao_comunicar', 'user:a', null)]);
    kase.given([opened, selected]).when({ ...decide('user:a'), rationale: ' ' } as SuspicionCommand).thenError('invalid_request');
  });

  it('under four-eyes: a proposal, confirmed by someone else; the proposer cannot confirm; a different decision is a new proposal', () => {
    kase.given([opened, selected]).when(decide('user:a')).then([proposed('user:a')]);
    expect(fold([opened, selected, proposed('user:a')]).status).to.equal('awaiting_approval');
    kase.given([opened, selected, proposed('user:a')]).when(decide('user:a')).thenError('four_eyes_required');
    kase.given([opened, selected, proposed('user:a')]).when(decide('user:b')).then([decidedEv('comunicar', 'user:a', 'user:b')]);
    kase.given([opened, selected, proposed('user:a')]).when(decide('user:b', 'nao_comunicar')).then([proposed('user:b', 'nao_comunicar')]);
    kase.given(decidedCom).when(decide('user:c')).thenError('invalid_case_status');
  });

  it('comunicar leaves the lote pending; it is prepared, edited before export, exported, sent, validated, its receipt matched', () => {
    const state = fold(decidedCom);
    if (state.status === 'none') throw new Error('no case');
    expect(state.communications[LOTE]?.status).to.equal('pending');
    kase.given(decidedCom).when(prepare()).then([prepared]);
    kase.given([...decidedCom, prepared, exported]).when(prepare()).then([prepared]);
    kase.given([opened, selected, decidedEv('nao_comunicar', 'user:a', null)]).when(prepare()).thenError('invalid_case_status');
    kase.given(decidedCom).when({ type: 'ExportCommunication', communication_id: LOTE, batch_id: 'b1', blob_key: 'k', file_sha256: 'h1', by: 'user:a', now: NOW }).thenError('invalid_communication_status');
    kase.given([...decidedCom, prepared]).when({ type: 'ExportCommunication', communication_id: LOTE, batch_id: 'b1', blob_key: 'k', file_sha256: 'h1', by: 'user:a', now: NOW }).then([exported]);
    const markSent: SuspicionCommand = { type: 'MarkCommunicationSent', communication_id: LOTE, sent_at: NOW, amendment_justification_after: '2026-12-04T02:59:59.999Z', by: 'user:a', now: NOW };
    kase.given([...decidedCom, prepared]).when(markSent).thenError('invalid_communication_status');
    kase.given([...decidedCom, prepared, exported]).when(markSent).then([sent]);
    kase.given([...decidedCom, prepared, exported, sent]).when(prepare()).thenError('invalid_communication_status');
    const response = (status: 1 | 2, sha = 'resp'): SuspicionCommand => ({ type: 'RecordSiscoafResponse', communication_id: LOTE, status, errors: [], file_sha256: sha, by: 'user:a', now: NOW });
    kase.given([...decidedCom, prepared, exported]).when(response(1)).thenError('invalid_communication_status');
    const all = [...decidedCom, prepared, exported, sent];
    kase.given(all).when(response(2)).then([{ type: 'SuspicionResponseRecorded', data: { case_id: CASE, communication_id: LOTE, status: 2, errors: [], file_sha256: 'resp', recorded_at: NOW, by: 'user:a' } }]);
    const rejected = fold([...all, { type: 'SuspicionResponseRecorded', data: { case_id: CASE, communication_id: LOTE, status: 2, errors: [], file_sha256: 'resp', recorded_at: NOW, by: 'user:a' } }]);
    expect(rejected.status !== 'none' && rejected.communications[LOTE]?.status).to.equal('rejected');
    const match: SuspicionCommand = { type: 'MatchSiscoafReceipt', communication_id: LOTE, numero_coaf: '900001', autenticacao: 'ABC', valor: '50000', status: 'Recebido', receipt_sha256: 'r1', now: NOW };
    kase.given(all).when(match).then([receipt]);
    kase.given([...all, receipt]).when(match).then([]);
    const matched = fold([...all, receipt]);
    expect(matched.status !== 'none' && matched.communications[LOTE]).to.include({ status: 'receipt_matched', numero_coaf: '900001' });
  });

  it('closes only decided, and for comunicar only once sent; a closed case is immutable', () => {
    kase.given([opened, selected]).when(close()).thenError('case_not_decided');
    kase.given(decidedCom).when(close()).thenError('communication_not_sent', (e) => expect(e.message).to.match(/comunicação ao COAF/));
    kase.given([...decidedCom, prepared, exported]).when(close()).thenError('communication_not_sent');
    kase.given([...decidedCom, prepared, exported, sent]).when(close()).then([closed]);
    kase.given([opened, selected, decidedEv('nao_comunicar', 'user:a', null)]).when(close()).then([closed]);
    kase.given([opened, selected, decidedEv('nao_comunicar', 'user:a', null)]).when(close(' ')).thenError('invalid_request');
    const done = [opened, selected, decidedEv('nao_comunicar', 'user:a', null), closed];
    kase.given(done).when(close()).thenError('case_closed');
    kase.given(done).when({ type: 'NoteSuspicionCase', note_id: 'n', text: 'x', author: 'user:a', now: NOW }).thenError('case_closed');
    kase.given(done).when(decide('user:b')).thenError('case_closed');
  });

  it('rectification and cancellation: only after sending and the receipt; past the 5th business day, justified; a cancellation sent cancels the lote', () => {
    const sentOnly = [...decidedCom, prepared, exported, sent];
    const withReceipt = [...sentOnly, receipt];
    kase.given(sentOnly).when(prepare('retificacao', 'r1')).thenError('receipt_required');
    kase.given(decidedCom).when(prepare('cancelamento', 'c1')).thenError('receipt_required');
    kase.given(withReceipt).when(prepare('retificacao', 'r1', null, LATER)).thenError('justification_required', (e) => expect(e.param).to.equal('justification'));
    const rect = (kase.given(withReceipt).when(prepare('retificacao', 'r1')), prepare('retificacao', 'r1', 'Valor corrigido.', LATER));
    const result = suspicionDecider.decide(rect, fold(withReceipt));
    expect(result._tag).to.equal('Right');
    const cancelPrepared: SuspicionEvent = { ...prepared, data: { ...(prepared.data as object), communication_id: 'c1', kind: 'cancelamento' } } as SuspicionEvent;
    const cancelExported: SuspicionEvent = { ...exported, data: { ...(exported.data as object), communication_id: 'c1' } } as SuspicionEvent;
    const sendCancel: SuspicionCommand = { type: 'MarkCommunicationSent', communication_id: 'c1', sent_at: NOW, amendment_justification_after: 'x', by: 'user:a', now: NOW };
    const events = suspicionDecider.decide(sendCancel, fold([...withReceipt, cancelPrepared, cancelExported]));
    if (events._tag === 'Left') throw new Error(events.left.code);
    expect(events.right.map((e) => e.type)).to.deep.equal(['SuspicionCommunicationSent', 'SuspicionCommunicationCancelled']);
    const after = fold([...withReceipt, cancelPrepared, cancelExported, ...events.right]);
    expect(after.status !== 'none' && after.communications[LOTE]?.status).to.equal('cancelled');
  });
});
