import { OTHER_REASON } from '../../../domain/siscoaf/cc4001.js';
import { date, money } from '../../../reports/html.js';
import { COMMUNICATION_STATUS_LABEL, SUSPICION_DECISION_LABEL, SUSPICION_ORIGIN_LABEL, SUSPICION_STATUS_LABEL } from '../labels.js';
import { maskedDoc, userEmail, when } from '../present.js';
import type { DashboardUserInfo } from '../queries.js';
import type { DashboardUser } from '../state.js';
import { clockView, originHref, reasonLabel, reasonOptions, runningClock, type SuspicionClocks } from './page.js';

type Users = ReadonlyMap<string, DashboardUserInfo>;
const coded = (labels: Record<string, string>, code: string) => ({ code, text: labels[code] ?? code });

export interface PartyInput {
  document: string | null;
  person_type: 'PF' | 'PJ';
  name: string;
  tp_env: string | null;
  pep: boolean;
}

export interface DecisionInput {
  decision: string;
  rationale: string;
  reason_codes: readonly string[];
  other_reason: string | null;
  by: string;
  at: string;
  approved_by?: string | null;
}

/** What the case page reads of a case (mapped by the routes from the case-core query). */
export interface SuspicionCaseInput {
  case_id: string;
  status: string;
  customer_id: string | null;
  origin: { kind: string; ref: string | null };
  occurred_at: string;
  opened_at: string;
  operation: { type: string; value: number; date: string; channel: string; parties: readonly PartyInput[] } | null;
  reason_codes: readonly string[];
  other_reason: string | null;
  description: string | null;
  clocks: SuspicionClocks;
  overdue: boolean;
  proposal: DecisionInput | null;
  decision: DecisionInput | null;
  communication_status: string | null;
  notes: readonly { text: string; author: string; at: string }[];
  evidence: readonly { evidence_id: string; file_name: string; sha256: string; byte_size: number; by: string; at: string }[];
  snapshot: { snapshot_id: string; sha256: string; at: string } | null;
}

/** A refused form of the case page: the message beside its field, what was typed kept. */
export interface SuspicionFormState {
  errors: Record<string, string>;
  typed: Record<string, string | string[]>;
}

const CLOCKS: (keyof SuspicionClocks)[] = ['selection_due_at', 'analysis_due_at', 'communication_due_at', 'amendment_justification_after'];

function decisionView(input: DecisionInput, users: Users) {
  return {
    decision: coded(SUSPICION_DECISION_LABEL, input.decision),
    rationale: input.rationale,
    reasons: input.reason_codes.map((c) => reasonLabel(c, input.other_reason)),
    by: userEmail(users, input.by),
    at: when(input.at),
    approvedBy: input.approved_by ? userEmail(users, input.approved_by) : null,
  };
}

function partyView(party: PartyInput) {
  return { name: party.name, doc: party.document ? maskedDoc(party.document) : party.person_type, type: party.person_type, tpEnv: party.tp_env ?? '—', pep: party.pep ? 'Sim' : 'Não' };
}

/** Who may do what now, by status and by who proposed (four-eyes: the proposer waits for another analyst). */
function actionsOf(input: SuspicionCaseInput, user: DashboardUser) {
  const worker = user.role !== 'viewer';
  const mine = input.proposal !== null && input.proposal.by.replace(/^user:/, '') === user.user_id;
  return {
    select: worker && input.status === 'pending_selection',
    analyse: worker && (input.status === 'in_analysis' || input.status === 'awaiting_approval'),
    decide: worker && (input.status === 'in_analysis' || (input.status === 'awaiting_approval' && !mine)),
    waitingForOther: input.status === 'awaiting_approval' && mine,
    confirming: input.status === 'awaiting_approval' && !mine && input.proposal !== null,
    communicate: worker && input.decision?.decision === 'comunicar' && input.status !== 'closed',
    // a case to communicate closes once its communication is through (validated, receipt matched or cancelled)
    close: worker && (input.status === 'dismissed' || (input.status === 'decided' && (input.decision?.decision !== 'comunicar' || ['validated', 'receipt_matched', 'cancelled'].includes(input.communication_status ?? '')))),
  };
}

/** A clock of the case: the running one counts down; a stage already passed says so; the amendment one says whether a justification is needed. */
function settledClock(name: keyof SuspicionClocks, detail: SuspicionCaseInput, now: Date) {
  const view = clockView(name, detail.clocks[name], now);
  if (name === runningClock(detail)) return view;
  if (name === 'amendment_justification_after') return { ...view, due: view.overdue ? 'passou: retificar ou cancelar exige justificativa' : view.due, overdue: false };
  return { ...view, due: 'etapa concluída', overdue: false };
}

/** The case page: origin, operation, reasons, clocks with their rules, the dossier and the actions its status allows. */
export function suspicionCasePage(input: { detail: SuspicionCaseInput; users: Users; user: DashboardUser; now: Date; form?: SuspicionFormState; communication?: unknown }) {
  const { detail, users, user, now } = input;
  const form = input.form ?? { errors: {}, typed: {} };
  const typedCodes = [form.typed['reason_codes'] ?? detail.proposal?.reason_codes ?? detail.reason_codes].flat();
  return {
    id: detail.case_id,
    status: coded(SUSPICION_STATUS_LABEL, detail.status),
    origin: { ...coded(SUSPICION_ORIGIN_LABEL, detail.origin.kind), href: originHref(detail.origin, detail.customer_id) },
    customerHref: detail.customer_id ? `/dashboard/customers/${detail.customer_id}` : null,
    occurred: when(detail.occurred_at),
    opened: when(detail.opened_at),
    description: detail.description,
    operation: detail.operation
      ? { type: detail.operation.type, value: money(detail.operation.value), date: date(detail.operation.date), channel: detail.operation.channel, parties: detail.operation.parties.map(partyView) }
      : null,
    reasons: detail.reason_codes.map((c) => reasonLabel(c, detail.other_reason)),
    otherReason: detail.reason_codes.includes(OTHER_REASON) ? detail.other_reason : null,
    clocks: CLOCKS.filter((name) => detail.clocks[name] !== null).map((name) => settledClock(name, detail, now)),
    overdue: detail.overdue,
    communication: detail.communication_status ? coded(COMMUNICATION_STATUS_LABEL, detail.communication_status) : null,
    proposal: detail.proposal ? decisionView(detail.proposal, users) : null,
    decision: detail.decision ? decisionView(detail.decision, users) : null,
    notes: detail.notes.map((n) => ({ text: n.text, by: userEmail(users, n.author), at: when(n.at) })),
    evidence: detail.evidence.map((e) => ({ id: e.evidence_id, name: e.file_name, sha256: e.sha256, size: `${Math.max(1, Math.ceil(e.byte_size / 1024))} KiB`, by: userEmail(users, e.by), at: when(e.at) })),
    snapshot: detail.snapshot ? { sha256: detail.snapshot.sha256, at: when(detail.snapshot.at) } : null,
    actions: actionsOf(detail, user),
    decisions: SUSPICION_DECISION_LABEL,
    reasonGroups: reasonOptions(),
    form: {
      errors: form.errors,
      text: (name: string) => [form.typed[name] ?? ''].flat()[0] ?? '',
      decision: [form.typed['decision'] ?? detail.proposal?.decision ?? ''].flat()[0] ?? '',
      reasonCodes: new Set(typedCodes),
      otherReason: [form.typed['other_reason'] ?? detail.proposal?.other_reason ?? detail.other_reason ?? ''].flat()[0] ?? '',
    },
  };
}

/** The Siscoaf fields the communication form edits, as they go into the XML. */
export interface SiscoafFieldsInput {
  Det: string;
  VlCred: string;
  VlDeb: string;
  VlProv: string;
  VlProp: string;
  CodEnq: readonly string[];
  ENVOLVIDOS: readonly { CPFCNPJEnv: string; NmEnv: string; TpEnv: string }[];
}

/** The case's current communication (the last prepared), as the case-core query answers it. */
export interface CommunicationInput {
  communication_id: string;
  kind: string;
  num_ocorrencia: string;
  status: string;
  fields: SiscoafFieldsInput | null;
  sent_at: string | null;
  amendment_justification_after: string | null;
  response_errors: readonly { code: number; description: string }[];
  receipt: { numero_coaf: string; autenticacao: string } | null;
}

export interface CodeEntryInput {
  code: string;
  label: string;
  known_from: string;
}

const KIND_LABEL: Record<string, string> = { lote: 'Comunicação (LOTE)', retificacao: 'Retificação (LOTERETIFICACAO)', cancelamento: 'Cancelamento (LOTECANCELAMENTO)' };
/** The Siscoaf fields by what a person calls them (the tag and the ERR code as the tooltip). */
const FIELD_LABEL: Record<string, string> = {
  NumOcorrencia: 'Número da ocorrência',
  CPFCNPJCom: 'CNPJ comunicante',
  DtInicio: 'Data de início',
  DtFim: 'Data de fim',
  AgNum: 'Agência',
  AgNome: 'Nome da agência',
  AgMun: 'Município da agência',
  AgUF: 'UF da agência',
  Det: 'Detalhamento',
  VlCred: 'Créditos',
  VlDeb: 'Débitos',
  VlProv: 'Provisionamento',
  VlProp: 'Proposta',
  CodEnq: 'Enquadramento',
  ENVOLVIDOS: 'Envolvidos',
  CPFCNPJEnv: 'CPF/CNPJ do envolvido',
  NmEnv: 'Nome do envolvido',
  TpEnv: 'Tipo de envolvimento',
};
export const siscoafFieldLabel = (field: string): string => FIELD_LABEL[field.replace(/\[\d+\]|\.\d+/g, '').split('.').pop() ?? field] ?? field;

const EDITABLE = new Set(['pending', 'xml_generated', 'rejected', 'validated', 'receipt_matched']);

/**
 * The communication section: the fields to edit (what was typed kept after a refusal), the
 * validation issues, and what can be done in its status: download, mark sent, the validation
 * response, rectification and cancellation (with the art. 51 justification past the 5th business day).
 */
export function communicationView(input: {
  current: CommunicationInput | null;
  draft: SiscoafFieldsInput;
  issues: readonly { code: number; field: string; message: string }[];
  codEnq: readonly CodeEntryInput[];
  tpEnv: readonly CodeEntryInput[];
  typed: Record<string, string | string[]>;
  now: Date;
  /** a closed case shows its communication, and allows nothing more on it */
  closed?: boolean;
}) {
  const { current, now, typed } = input;
  const open = input.closed !== true;
  const base = current?.fields ?? input.draft;
  const one = (name: string, fallback: string) => [typed[name] ?? fallback].flat()[0] ?? '';
  const fields = {
    Det: one('Det', base.Det),
    VlCred: one('VlCred', base.VlCred),
    VlDeb: one('VlDeb', base.VlDeb),
    VlProv: one('VlProv', base.VlProv),
    VlProp: one('VlProp', base.VlProp),
    CodEnq: typed['CodEnq'] !== undefined ? [typed['CodEnq']].flat() : [...base.CodEnq],
    envolvidos: base.ENVOLVIDOS.map((p, index) => ({ index, name: p.NmEnv, doc: /^\d+$/.test(p.CPFCNPJEnv) ? maskedDoc(p.CPFCNPJEnv) : p.CPFCNPJEnv, tpEnv: p.TpEnv, tpEnvLabel: input.tpEnv.find((e) => e.code === p.TpEnv)?.label ?? (p.TpEnv || 'não informado') })),
  };
  const status = current?.status ?? 'pending';
  const sent = current?.sent_at !== null && current?.sent_at !== undefined;
  const justificationNeeded = sent && current?.amendment_justification_after !== null && current!.amendment_justification_after! < now.toISOString();
  return {
    current: current
      ? {
          id: current.communication_id,
          numOcorrencia: current.num_ocorrencia,
          kind: coded(KIND_LABEL, current.kind),
          status: coded(COMMUNICATION_STATUS_LABEL, status),
          sentAt: current.sent_at ? when(current.sent_at) : null,
          receipt: current.receipt ? { numeroCoaf: current.receipt.numero_coaf, autenticacao: current.receipt.autenticacao } : null,
          responseErrors: current.response_errors,
          canDownload: status !== 'cancelled' && input.issues.length === 0,
          canMarkSent: open && status === 'xml_generated',
          canUploadResponse: open && status === 'sent',
          canCancel: open && current.kind !== 'cancelamento' && (status === 'validated' || status === 'receipt_matched'),
        }
      : null,
    fields,
    issues: input.issues.map((i) => ({ ...i, fieldLabel: siscoafFieldLabel(i.field) })),
    codEnq: input.codEnq,
    tpEnv: input.tpEnv,
    canEdit: open && EDITABLE.has(status),
    justificationNeeded,
    editLabel: !current ? 'Gerar a comunicação' : sent && status !== 'rejected' ? 'Retificar a comunicação' : 'Salvar e validar',
  };
}
