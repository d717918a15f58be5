import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import {
  SuspicionEvent,
  type CommunicationContent,
  type CommunicationKind,
  type SuspicionDecision,
  type SuspicionEventOf,
} from './events.js';

export const suspicionStream = (caseId: string): string => `suspicion-${caseId}`;

export type SuspicionStatus = 'pending_selection' | 'dismissed' | 'in_analysis' | 'awaiting_approval' | 'decided' | 'closed';
export type CommunicationStatus = 'pending' | 'xml_generated' | 'sent' | 'validated' | 'rejected' | 'receipt_matched' | 'cancelled';

/** One communication of the case to COAF: the batch (lote), or a rectification or cancellation of it. */
export interface CommunicationState {
  communication_id: string;
  kind: CommunicationKind;
  status: CommunicationStatus;
  num_ocorrencia: string;
  reporting_cnpj: string;
  /** set once prepared; null before (the lote's status is pending from the decision on) */
  prepared_at: string | null;
  exported_at: string | null;
  file_sha256: string | null;
  sent_at: string | null;
  amendment_justification_after: string | null;
  response_sha256: string | null;
  numero_coaf: string | null;
  autenticacao: string | null;
}

export interface Proposal {
  decision: SuspicionDecision;
  rationale: string;
  reason_codes: string[];
  other_reason: string | null;
  proposed_by: string;
}

export interface OpenedCase {
  status: SuspicionStatus;
  case_id: string;
  tenant_id: string;
  subject_ref: string;
  customer_id: string | null;
  occurred_at: string;
  selection_due_at: string;
  analysis_due_at: string | null;
  proposal: Proposal | null;
  decision: SuspicionDecision | null;
  communication_due_at: string | null;
  /** the lote's id once the case is decided to communicate */
  primary: string | null;
  communications: Record<string, CommunicationState>;
}

export type SuspicionState = { status: 'none' } | OpenedCase;

interface Base {
  now: string;
}
export type OpenedData = SuspicionEventOf<'SuspicionCaseOpened'>['data'];
export type SuspicionCommand =
  | (Base & { type: 'OpenSuspicionCase'; opened: OpenedData })
  | (Base & { type: 'SelectSuspicionCase'; by: string; note: string | null; analysis_due_at: string })
  | (Base & { type: 'DismissSuspicionCase'; by: string; reason: string })
  | (Base & { type: 'NoteSuspicionCase'; note_id: string; text: string; author: string })
  | (Base & { type: 'AttachSuspicionEvidence'; evidence_id: string; file_name: string; content_type: string; blob_key: string; sha256: string; byte_size: number; by: string })
  | (Base & { type: 'TakeKycSnapshot'; snapshot_id: string; blob_key: string; sha256: string; byte_size: number; by: string })
  | (Base & {
      type: 'DecideSuspicionCase';
      decision: SuspicionDecision;
      rationale: string;
      reason_codes: string[];
      other_reason: string | null;
      by: string;
      /** the tenant requires a second person to confirm (compliance settings `cos_four_eyes`) */
      four_eyes: boolean;
      /** end of the next business day after now (computed with the tenant's holidays) */
      communication_due_at: string;
    })
  | (Base & {
      type: 'PrepareCommunication';
      communication_id: string;
      kind: CommunicationKind;
      num_ocorrencia: string;
      reporting_cnpj: string;
      occurrence: CommunicationContent;
      justification: string | null;
      by: string;
    })
  | (Base & { type: 'ExportCommunication'; communication_id: string; batch_id: string; blob_key: string; file_sha256: string; by: string })
  | (Base & { type: 'MarkCommunicationSent'; communication_id: string; sent_at: string; amendment_justification_after: string; by: string })
  | (Base & { type: 'RecordSiscoafResponse'; communication_id: string; status: 1 | 2; errors: { code: number; description: string }[]; file_sha256: string; by: string })
  | (Base & { type: 'MatchSiscoafReceipt'; communication_id: string; numero_coaf: string; autenticacao: string; valor: string; status: string; receipt_sha256: string })
  | (Base & { type: 'CloseSuspicionCase'; note: string; by: string });

type Result = E.Either<DomainError, SuspicionEvent[]>;
type Cmd<T extends SuspicionCommand['type']> = Extract<SuspicionCommand, { type: T }>;

const STATUS_LABEL: Record<SuspicionStatus, string> = {
  pending_selection: 'aguardando seleção',
  dismissed: 'descartado',
  in_analysis: 'em análise',
  awaiting_approval: 'aguardando aprovação',
  decided: 'decidido',
  closed: 'encerrado',
};

export const CASE_NOT_FOUND = new DomainError('case_not_found', 'Caso não encontrado.', 'case_id');
const CLOSED = new DomainError('case_closed', 'Este caso está encerrado: nada mais pode ser alterado.', 'case_id');
const wrongStatus = (state: OpenedCase, what: string) =>
  new DomainError('invalid_case_status', `Não é possível ${what}: o caso está ${STATUS_LABEL[state.status]}.`, 'case_id', { status: state.status });
const required = (param: string, message: string) => new DomainError('invalid_request', message, param);
const communicationNotFound = new DomainError('communication_not_found', 'Comunicação não encontrada neste caso.', 'communication_id');
const wrongCommunicationStatus = (c: CommunicationState, what: string) =>
  new DomainError('invalid_communication_status', `Não é possível ${what}: a comunicação ${c.num_ocorrencia} está no estado ${c.status}.`, 'communication_id', { status: c.status });

const blank = (s: string | null | undefined): boolean => (s ?? '').trim() === '';

function select(c: Cmd<'SelectSuspicionCase'>, s: OpenedCase): Result {
  if (s.status !== 'pending_selection') return E.left(wrongStatus(s, 'selecionar o caso'));
  return E.right([{ type: 'SuspicionCaseSelected', data: { case_id: s.case_id, selected_at: c.now, analysis_due_at: c.analysis_due_at, by: c.by, note: blank(c.note) ? null : c.note!.trim() } }]);
}

function dismiss(c: Cmd<'DismissSuspicionCase'>, s: OpenedCase): Result {
  if (blank(c.reason)) return E.left(required('reason', 'Escreva por que a situação não foi selecionada.'));
  if (s.status !== 'pending_selection') return E.left(wrongStatus(s, 'descartar o caso'));
  return E.right([{ type: 'SuspicionCaseDismissed', data: { case_id: s.case_id, subject_ref: s.subject_ref, reason: c.reason.trim(), by: c.by, dismissed_at: c.now } }]);
}

function decided(c: Cmd<'DecideSuspicionCase'>, s: OpenedCase, p: Proposal, decidedBy: string, approvedBy: string | null): SuspicionEvent {
  return {
    type: 'SuspicionCaseDecided',
    data: {
      case_id: s.case_id,
      subject_ref: s.subject_ref,
      decision: p.decision,
      rationale: p.rationale,
      reason_codes: p.reason_codes,
      other_reason: p.other_reason,
      decided_by: decidedBy,
      approved_by: approvedBy,
      decided_at: c.now,
      communication_due_at: p.decision === 'comunicar' ? c.communication_due_at : null,
    },
  };
}

/**
 * The decision (art. 43): in one step, or under four-eyes a proposal and a confirmation by someone
 * else. A different decision than the one proposed is a new proposal (by whoever makes it).
 */
function decide(c: Cmd<'DecideSuspicionCase'>, s: OpenedCase): Result {
  if (s.status !== 'in_analysis' && s.status !== 'awaiting_approval') return E.left(wrongStatus(s, 'decidir'));
  if (blank(c.rationale)) return E.left(required('rationale', 'Escreva a fundamentação da decisão.'));
  const mine: Proposal = { decision: c.decision, rationale: c.rationale.trim(), reason_codes: c.reason_codes, other_reason: blank(c.other_reason) ? null : c.other_reason!.trim(), proposed_by: c.by };
  if (!c.four_eyes) return E.right([decided(c, s, mine, c.by, null)]);
  const p = s.proposal;
  if (p && p.decision === c.decision) {
    if (p.proposed_by === c.by) {
      return E.left(new DomainError('four_eyes_required', 'A decisão precisa ser confirmada por outra pessoa (quatro olhos): quem propôs não pode confirmar.', 'analyst'));
    }
    return E.right([decided(c, s, p, p.proposed_by, c.by)]);
  }
  const { proposed_by, ...rest } = mine;
  return E.right([{ type: 'SuspicionDecisionProposed', data: { case_id: s.case_id, subject_ref: s.subject_ref, ...rest, proposed_by, proposed_at: c.now } }]);
}

const EDITABLE: readonly CommunicationStatus[] = ['pending', 'xml_generated', 'rejected'];

function prepareLote(c: Cmd<'PrepareCommunication'>, s: OpenedCase): E.Either<DomainError, true> {
  const primary = s.primary ? s.communications[s.primary] : undefined;
  if (!primary || primary.communication_id !== c.communication_id) return E.left(communicationNotFound);
  if (!EDITABLE.includes(primary.status)) return E.left(wrongCommunicationStatus(primary, 'editar a comunicação já enviada (use uma retificação)'));
  return E.right(true);
}

/** A rectification or cancellation: only of a sent communication whose receipt gave its NumeroCOAF; past the 5th business day, justified. */
function prepareAmendment(c: Cmd<'PrepareCommunication'>, s: OpenedCase): E.Either<DomainError, true> {
  const existing = s.communications[c.communication_id];
  if (existing && existing.status !== 'pending') return E.left(wrongCommunicationStatus(existing, 'editar esta comunicação'));
  const primary = s.primary ? s.communications[s.primary] : undefined;
  if (!primary || primary.numero_coaf === null || primary.sent_at === null || primary.status === 'cancelled') {
    return E.left(new DomainError('receipt_required', 'Retificação e cancelamento só depois do envio e do recibo do Siscoaf (número COAF conhecido).', 'case_id'));
  }
  if (primary.amendment_justification_after !== null && c.now > primary.amendment_justification_after && blank(c.justification)) {
    return E.left(new DomainError('justification_required', 'Passado o 5º dia útil do envio, a retificação ou o cancelamento exige uma justificativa.', 'justification'));
  }
  return E.right(true);
}

function prepare(c: Cmd<'PrepareCommunication'>, s: OpenedCase): Result {
  if (s.decision !== 'comunicar') return E.left(wrongStatus(s, 'preparar a comunicação sem uma decisão de comunicar'));
  const allowed = c.kind === 'lote' ? prepareLote(c, s) : prepareAmendment(c, s);
  if (E.isLeft(allowed)) return allowed;
  const { communication_id, kind, num_ocorrencia, reporting_cnpj, occurrence } = c;
  const justification = blank(c.justification) ? null : c.justification!.trim();
  return E.right([{ type: 'SuspicionCommunicationPrepared', data: { case_id: s.case_id, subject_ref: s.subject_ref, communication_id, kind, num_ocorrencia, reporting_cnpj, occurrence, justification, prepared_by: c.by, prepared_at: c.now } }]);
}

function communication(s: OpenedCase, id: string): E.Either<DomainError, CommunicationState> {
  const found = s.communications[id];
  return found ? E.right(found) : E.left(communicationNotFound);
}

function exportIt(c: Cmd<'ExportCommunication'>, s: OpenedCase): Result {
  return E.chain((comm: CommunicationState): Result => {
    if (comm.prepared_at === null) return E.left(wrongCommunicationStatus(comm, 'gerar o XML antes de preparar a comunicação'));
    if (comm.status === 'xml_generated' && comm.file_sha256 === c.file_sha256) return E.right([]);
    if (!EDITABLE.includes(comm.status)) return E.left(wrongCommunicationStatus(comm, 'gerar de novo o XML de uma comunicação enviada'));
    const { communication_id, batch_id, blob_key, file_sha256, by } = c;
    return E.right([{ type: 'SuspicionCommunicationExported', data: { case_id: s.case_id, communication_id, batch_id, blob_key, file_sha256, exported_at: c.now, by } }]);
  })(communication(s, c.communication_id));
}

/** Marked sent (the institution uploaded the file to Siscoaf); a cancellation batch sent cancels the lote. */
function markSent(c: Cmd<'MarkCommunicationSent'>, s: OpenedCase): Result {
  return E.chain((comm: CommunicationState): Result => {
    if (comm.status === 'sent' && comm.sent_at === c.sent_at) return E.right([]);
    if (comm.status !== 'xml_generated') return E.left(wrongCommunicationStatus(comm, 'marcar como enviada (gere o XML primeiro)'));
    const sent: SuspicionEvent = {
      type: 'SuspicionCommunicationSent',
      data: { case_id: s.case_id, communication_id: comm.communication_id, sent_at: c.sent_at, amendment_justification_after: c.amendment_justification_after, by: c.by, recorded_at: c.now },
    };
    const primary = s.primary ? s.communications[s.primary] : undefined;
    if (comm.kind !== 'cancelamento' || !primary) return E.right([sent]);
    const reason = `Cancelamento ${comm.num_ocorrencia}`;
    return E.right([
      sent,
      { type: 'SuspicionCommunicationCancelled', data: { case_id: s.case_id, subject_ref: s.subject_ref, communication_id: primary.communication_id, reason, numero_coaf: primary.numero_coaf ?? '', cancelled_at: c.sent_at, by: c.by } },
    ]);
  })(communication(s, c.communication_id));
}

const SENT_OR_AFTER: readonly CommunicationStatus[] = ['sent', 'validated', 'rejected', 'receipt_matched'];

function recordResponse(c: Cmd<'RecordSiscoafResponse'>, s: OpenedCase): Result {
  return E.chain((comm: CommunicationState): Result => {
    if (comm.response_sha256 === c.file_sha256) return E.right([]);
    if (!SENT_OR_AFTER.includes(comm.status)) return E.left(wrongCommunicationStatus(comm, 'registrar a resposta do Siscoaf antes do envio'));
    const { communication_id, status, errors, file_sha256, by } = c;
    return E.right([{ type: 'SuspicionResponseRecorded', data: { case_id: s.case_id, communication_id, status, errors, file_sha256, recorded_at: c.now, by } }]);
  })(communication(s, c.communication_id));
}

function matchReceipt(c: Cmd<'MatchSiscoafReceipt'>, s: OpenedCase): Result {
  return E.chain((comm: CommunicationState): Result => {
    if (comm.numero_coaf === c.numero_coaf) return E.right([]);
    if (!SENT_OR_AFTER.includes(comm.status)) return E.left(wrongCommunicationStatus(comm, 'casar um recibo antes do envio'));
    const { communication_id, numero_coaf, autenticacao, valor, status, receipt_sha256 } = c;
    return E.right([{ type: 'SuspicionReceiptMatched', data: { case_id: s.case_id, communication_id, numero_coaf, autenticacao, valor, status, receipt_sha256, matched_at: c.now } }]);
  })(communication(s, c.communication_id));
}

/** Closing needs a decision and, to communicate, the communication sent at least. */
function close(c: Cmd<'CloseSuspicionCase'>, s: OpenedCase): Result {
  if (blank(c.note)) return E.left(required('note', 'Escreva uma nota para encerrar o caso.'));
  if (s.status !== 'decided' && s.status !== 'dismissed') return E.left(new DomainError('case_not_decided', 'O caso só pode ser encerrado depois da decisão (comunicar ou não comunicar).', 'case_id', { status: s.status }));
  const primary = s.primary ? s.communications[s.primary] : undefined;
  if (s.decision === 'comunicar' && (!primary || !['sent', 'validated', 'receipt_matched', 'cancelled'].includes(primary.status))) {
    return E.left(new DomainError('communication_not_sent', 'A decisão foi comunicar: o caso só pode ser encerrado depois de a comunicação ao COAF ser enviada (e não rejeitada).', 'case_id', { communication_status: primary?.status ?? null }));
  }
  return E.right([{ type: 'SuspicionCaseClosed', data: { case_id: s.case_id, subject_ref: s.subject_ref, note: c.note.trim(), by: c.by, closed_at: c.now } }]);
}

function decideOpened(c: Exclude<SuspicionCommand, { type: 'OpenSuspicionCase' }>, s: OpenedCase): Result {
  if (s.status === 'closed') return E.left(CLOSED);
  switch (c.type) {
    case 'SelectSuspicionCase':
      return select(c, s);
    case 'DismissSuspicionCase':
      return dismiss(c, s);
    case 'NoteSuspicionCase':
      if (blank(c.text)) return E.left(required('text', 'Escreva a nota.'));
      return E.right([{ type: 'SuspicionCaseNoted', data: { case_id: s.case_id, subject_ref: s.subject_ref, note_id: c.note_id, text: c.text.trim(), author: c.author, noted_at: c.now } }]);
    case 'AttachSuspicionEvidence': {
      const { evidence_id, file_name, content_type, blob_key, sha256, byte_size, by } = c;
      return E.right([{ type: 'SuspicionEvidenceAttached', data: { case_id: s.case_id, subject_ref: s.subject_ref, evidence_id, file_name, content_type, blob_key, sha256, byte_size, by, attached_at: c.now } }]);
    }
    case 'TakeKycSnapshot': {
      const { snapshot_id, blob_key, sha256, byte_size, by } = c;
      return E.right([{ type: 'SuspicionKycSnapshotTaken', data: { case_id: s.case_id, snapshot_id, blob_key, sha256, byte_size, taken_at: c.now, by } }]);
    }
    case 'DecideSuspicionCase':
      return decide(c, s);
    case 'PrepareCommunication':
      return prepare(c, s);
    case 'ExportCommunication':
      return exportIt(c, s);
    case 'MarkCommunicationSent':
      return markSent(c, s);
    case 'RecordSiscoafResponse':
      return recordResponse(c, s);
    case 'MatchSiscoafReceipt':
      return matchReceipt(c, s);
    case 'CloseSuspicionCase':
      return close(c, s);
  }
}

const newCommunication = (id: string, kind: CommunicationKind, num: string, cnpj: string): CommunicationState => ({
  communication_id: id,
  kind,
  status: 'pending',
  num_ocorrencia: num,
  reporting_cnpj: cnpj,
  prepared_at: null,
  exported_at: null,
  file_sha256: null,
  sent_at: null,
  amendment_justification_after: null,
  response_sha256: null,
  numero_coaf: null,
  autenticacao: null,
});

function withCommunication(s: OpenedCase, id: string, change: (c: CommunicationState) => CommunicationState): OpenedCase {
  const found = s.communications[id];
  return found ? { ...s, communications: { ...s.communications, [id]: change(found) } } : s;
}

function evolveCommunication(s: OpenedCase, e: SuspicionEvent): OpenedCase {
  switch (e.type) {
    case 'SuspicionCommunicationPrepared': {
      const d = e.data;
      const before = s.communications[d.communication_id] ?? newCommunication(d.communication_id, d.kind, d.num_ocorrencia, d.reporting_cnpj);
      const next = { ...before, num_ocorrencia: d.num_ocorrencia, reporting_cnpj: d.reporting_cnpj, status: 'pending' as const, prepared_at: d.prepared_at, file_sha256: null };
      return { ...s, primary: d.kind === 'lote' ? d.communication_id : s.primary, communications: { ...s.communications, [d.communication_id]: next } };
    }
    case 'SuspicionCommunicationExported':
      return withCommunication(s, e.data.communication_id, (c) => ({ ...c, status: 'xml_generated', exported_at: e.data.exported_at, file_sha256: e.data.file_sha256 }));
    case 'SuspicionCommunicationSent':
      return withCommunication(s, e.data.communication_id, (c) => ({ ...c, status: 'sent', sent_at: e.data.sent_at, amendment_justification_after: e.data.amendment_justification_after }));
    case 'SuspicionResponseRecorded':
      return withCommunication(s, e.data.communication_id, (c) => ({
        ...c,
        response_sha256: e.data.file_sha256,
        status: c.status === 'receipt_matched' || c.status === 'cancelled' ? c.status : e.data.status === 1 ? 'validated' : 'rejected',
      }));
    case 'SuspicionReceiptMatched':
      return withCommunication(s, e.data.communication_id, (c) => ({ ...c, status: c.status === 'cancelled' ? c.status : 'receipt_matched', numero_coaf: e.data.numero_coaf, autenticacao: e.data.autenticacao }));
    case 'SuspicionCommunicationCancelled':
      return withCommunication(s, e.data.communication_id, (c) => ({ ...c, status: 'cancelled' }));
    default:
      return s;
  }
}

/** The lote's id from its case: one communication per case decided to communicate, prepared from the decision on. */
export const loteCommunicationId = (caseId: string): string => `${caseId}:lote`;

function evolveOpened(s: OpenedCase, e: SuspicionEvent): OpenedCase {
  switch (e.type) {
    case 'SuspicionCaseSelected':
      return { ...s, status: 'in_analysis', analysis_due_at: e.data.analysis_due_at };
    case 'SuspicionCaseDismissed':
      return { ...s, status: 'dismissed' };
    case 'SuspicionDecisionProposed': {
      const { decision, rationale, reason_codes, other_reason, proposed_by } = e.data;
      return { ...s, status: 'awaiting_approval', proposal: { decision, rationale: String(rationale), reason_codes, other_reason: other_reason === null ? null : String(other_reason), proposed_by } };
    }
    case 'SuspicionCaseDecided': {
      const d = e.data;
      if (d.decision !== 'comunicar') return { ...s, status: 'decided', decision: d.decision, proposal: null };
      const id = loteCommunicationId(s.case_id);
      const communications = { ...s.communications, [id]: newCommunication(id, 'lote', '', '') };
      return { ...s, status: 'decided', decision: d.decision, proposal: null, communication_due_at: d.communication_due_at, primary: id, communications };
    }
    case 'SuspicionCaseClosed':
      return { ...s, status: 'closed' };
    default:
      return evolveCommunication(s, e);
  }
}

/**
 * The regulatory case (issue 30): opened pending selection (45 days from the operation), selected
 * into analysis (45 days) or dismissed with a reason, decided (four-eyes where the tenant requires
 * it), communicated to COAF when the decision is `comunicar`, and closed. A closed case is immutable.
 */
export const suspicionDecider: Decider<SuspicionCommand, SuspicionState, SuspicionEvent> = {
  initialState: { status: 'none' },
  codec: SuspicionEvent,
  decide(command, state) {
    if (command.type === 'OpenSuspicionCase') {
      if (state.status !== 'none') return E.right([]);
      return E.right([{ type: 'SuspicionCaseOpened', data: command.opened }]);
    }
    if (state.status === 'none') return E.left(CASE_NOT_FOUND);
    return decideOpened(command, state);
  },
  evolve(state, event) {
    if (event.type === 'SuspicionCaseOpened') {
      const d = event.data;
      return {
        status: 'pending_selection',
        case_id: d.case_id,
        tenant_id: d.tenant_id,
        subject_ref: d.subject_ref,
        customer_id: d.customer_id,
        occurred_at: d.occurred_at,
        selection_due_at: d.selection_due_at,
        analysis_due_at: null,
        proposal: null,
        decision: null,
        communication_due_at: null,
        primary: null,
        communications: {},
      };
    }
    return state.status === 'none' ? state : evolveOpened(state, event);
  },
};
