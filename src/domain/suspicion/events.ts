import * as t from 'io-ts';
import type { PiiFields } from '../shared/decider.js';
import { personal } from '../shared/personal.js';

/**
 * The regulatory case of issue 30 (Circular BCB 3.978/2020 arts. 39, 43, 48; Lei 9.613): one stream
 * `suspicion-<case_id>` per suspicious situation, from its opening (a run, a monitoring alert, the
 * tenant's own report, an analyst) through selection, analysis, decision and the communication to
 * COAF in Siscoaf's batch format, to its closing. Names, documents, notes, rationales and the `Det`
 * text are personal: sealed under the case's subject_ref (the customer's when the case has one), so
 * erasure keeps working. Nothing of it is ever shown to the customer (art. 50: no tipping-off).
 */

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

export const SuspicionOriginKind = t.keyof({ run: null, alert: null, report: null, analyst: null });
export type SuspicionOriginKind = t.TypeOf<typeof SuspicionOriginKind>;
export const SuspicionOrigin = t.type({ kind: SuspicionOriginKind, ref: nullable(t.string) });
export type SuspicionOrigin = t.TypeOf<typeof SuspicionOrigin>;

export const SuspicionDecision = t.keyof({ comunicar: null, nao_comunicar: null });
export type SuspicionDecision = t.TypeOf<typeof SuspicionDecision>;

/** A party of the operation, as the tenant or the analyst describes it (Siscoaf's ENVOLVIDO). */
export const OperationParty = t.type({
  document: nullable(t.string),
  person_type: t.keyof({ PF: null, PJ: null }),
  name: t.string,
  tp_env: nullable(t.string),
  pep: t.boolean,
  /** Siscoaf's ServPub: 0 not a public servant … 4 (manual 1.7) */
  public_servant: t.number,
  obliged_person: t.boolean,
  branch: nullable(t.string),
  account: nullable(t.string),
  account_opened_on: nullable(t.string),
});
export type OperationParty = t.TypeOf<typeof OperationParty>;

/** The operation the case is about: value in whole reais, date YYYY-MM-DD. */
export const SuspiciousOperation = t.type({
  type: t.string,
  value: t.number,
  date: t.string,
  channel: t.string,
  parties: t.array(OperationParty),
});
export type SuspiciousOperation = t.TypeOf<typeof SuspiciousOperation>;

/** Siscoaf's ENVOLVIDO, every tag as it goes into the XML (manual M18 v1.8, C18–C25). */
export const SiscoafInvolvedData = t.type({
  CPFCNPJEnv: t.string,
  NmEnv: t.string,
  TpEnv: t.string,
  AgNumEnv: t.string,
  AgNomeEnv: t.string,
  NumConta: t.string,
  DtAbConta: t.string,
  DtAtuaCad: t.string,
  PObrigada: t.string,
  PEP: t.string,
  ServPub: t.string,
});
/** Siscoaf's OCORRENCIA (C01–C17), as it goes into the XML; dates dd/mm/aaaa. */
export const SiscoafOccurrenceData = t.type({
  NumOcorrencia: t.string,
  CPFCNPJCom: t.string,
  DtInicio: t.string,
  DtFim: t.string,
  AgNum: t.string,
  AgNome: t.string,
  AgMun: t.string,
  AgUF: t.string,
  Det: t.string,
  VlCred: t.string,
  VlDeb: t.string,
  VlProv: t.string,
  VlProp: t.string,
  CodEnq: t.array(t.string),
  ENVOLVIDOS: t.array(SiscoafInvolvedData),
});
export const SiscoafRectificationData = t.intersection([SiscoafOccurrenceData, t.type({ NumeroCOAF: t.string })]);
export const SiscoafCancellationData = t.type({ NUMEROORIGEM: t.string, NUMEROCOAF: t.string, AUTENTICACAO: t.string, MOTIVO: t.string });
/** What a communication carries: an occurrence (lote), a rectified occurrence, or a cancellation. */
export const CommunicationContent = t.union([SiscoafRectificationData, SiscoafOccurrenceData, SiscoafCancellationData]);
export type CommunicationContent = t.TypeOf<typeof CommunicationContent>;

export const CommunicationKind = t.keyof({ lote: null, retificacao: null, cancelamento: null });
export type CommunicationKind = t.TypeOf<typeof CommunicationKind>;

export const SuspicionCaseOpened = t.type({
  type: t.literal('SuspicionCaseOpened'),
  data: t.type({
    case_id: t.string,
    tenant_id: t.string,
    environment: t.keyof({ live: null, sandbox: null }),
    subject_ref: t.string,
    customer_id: nullable(t.string),
    origin: SuspicionOrigin,
    external_id: nullable(t.string),
    /** when the operation or situation happened: the selection clock runs from it */
    occurred_at: t.string,
    operation: personal(SuspiciousOperation),
    reason_codes: t.array(t.string),
    other_reason: personal(nullable(t.string)),
    description: personal(nullable(t.string)),
    selection_due_at: t.string,
    opened_by: t.string,
    opened_at: t.string,
  }),
});

export const SuspicionCaseSelected = t.type({
  type: t.literal('SuspicionCaseSelected'),
  data: t.type({ case_id: t.string, selected_at: t.string, analysis_due_at: t.string, by: t.string, note: nullable(t.string) }),
});
export const SuspicionCaseDismissed = t.type({
  type: t.literal('SuspicionCaseDismissed'),
  data: t.type({ case_id: t.string, subject_ref: t.string, reason: personal(t.string), by: t.string, dismissed_at: t.string }),
});
export const SuspicionCaseNoted = t.type({
  type: t.literal('SuspicionCaseNoted'),
  data: t.type({ case_id: t.string, subject_ref: t.string, note_id: t.string, text: personal(t.string), author: t.string, noted_at: t.string }),
});
export const SuspicionEvidenceAttached = t.type({
  type: t.literal('SuspicionEvidenceAttached'),
  data: t.type({
    case_id: t.string,
    subject_ref: t.string,
    evidence_id: t.string,
    file_name: personal(t.string),
    content_type: t.string,
    blob_key: t.string,
    sha256: t.string,
    byte_size: t.number,
    by: t.string,
    attached_at: t.string,
  }),
});
export const SuspicionKycSnapshotTaken = t.type({
  type: t.literal('SuspicionKycSnapshotTaken'),
  data: t.type({ case_id: t.string, snapshot_id: t.string, blob_key: t.string, sha256: t.string, byte_size: t.number, taken_at: t.string, by: t.string }),
});
export const SuspicionDecisionProposed = t.type({
  type: t.literal('SuspicionDecisionProposed'),
  data: t.type({
    case_id: t.string,
    subject_ref: t.string,
    decision: SuspicionDecision,
    rationale: personal(t.string),
    reason_codes: t.array(t.string),
    other_reason: personal(nullable(t.string)),
    proposed_by: t.string,
    proposed_at: t.string,
  }),
});
export const SuspicionCaseDecided = t.type({
  type: t.literal('SuspicionCaseDecided'),
  data: t.type({
    case_id: t.string,
    subject_ref: t.string,
    decision: SuspicionDecision,
    rationale: personal(t.string),
    reason_codes: t.array(t.string),
    other_reason: personal(nullable(t.string)),
    decided_by: t.string,
    approved_by: nullable(t.string),
    decided_at: t.string,
    /** comunicar: end of the next business day after the decision (art. 48 §2); null otherwise */
    communication_due_at: nullable(t.string),
  }),
});
export const SuspicionCommunicationPrepared = t.type({
  type: t.literal('SuspicionCommunicationPrepared'),
  data: t.type({
    case_id: t.string,
    subject_ref: t.string,
    communication_id: t.string,
    kind: CommunicationKind,
    num_ocorrencia: t.string,
    reporting_cnpj: t.string,
    occurrence: personal(CommunicationContent),
    justification: personal(nullable(t.string)),
    prepared_by: t.string,
    prepared_at: t.string,
  }),
});
export const SuspicionCommunicationExported = t.type({
  type: t.literal('SuspicionCommunicationExported'),
  data: t.type({ case_id: t.string, communication_id: t.string, batch_id: t.string, blob_key: t.string, file_sha256: t.string, exported_at: t.string, by: t.string }),
});
export const SuspicionCommunicationSent = t.type({
  type: t.literal('SuspicionCommunicationSent'),
  data: t.type({
    case_id: t.string,
    communication_id: t.string,
    sent_at: t.string,
    /** after it, a rectification or cancellation needs a justification (5th business day after sending) */
    amendment_justification_after: t.string,
    by: t.string,
    recorded_at: t.string,
  }),
});
export const SiscoafResponseError = t.type({ code: t.number, description: t.string });
export const SuspicionResponseRecorded = t.type({
  type: t.literal('SuspicionResponseRecorded'),
  data: t.type({
    case_id: t.string,
    communication_id: t.string,
    status: t.union([t.literal(1), t.literal(2)]),
    errors: t.array(SiscoafResponseError),
    file_sha256: t.string,
    recorded_at: t.string,
    by: t.string,
  }),
});
export const SuspicionReceiptMatched = t.type({
  type: t.literal('SuspicionReceiptMatched'),
  data: t.type({
    case_id: t.string,
    communication_id: t.string,
    numero_coaf: t.string,
    autenticacao: t.string,
    valor: t.string,
    status: t.string,
    receipt_sha256: t.string,
    matched_at: t.string,
  }),
});
export const SuspicionCommunicationCancelled = t.type({
  type: t.literal('SuspicionCommunicationCancelled'),
  data: t.type({
    case_id: t.string,
    subject_ref: t.string,
    communication_id: t.string,
    reason: personal(t.string),
    numero_coaf: t.string,
    cancelled_at: t.string,
    by: t.string,
  }),
});
export const SuspicionCaseClosed = t.type({
  type: t.literal('SuspicionCaseClosed'),
  data: t.type({ case_id: t.string, subject_ref: t.string, note: personal(t.string), by: t.string, closed_at: t.string }),
});

/** The dossier was exported for the supervisor (issue 30): the format, the exported bytes' hash, who and when. */
export const SuspicionDossierExported = t.type({
  type: t.literal('SuspicionDossierExported'),
  data: t.type({ case_id: t.string, format: t.keyof({ json: null, pdf: null }), sha256: t.string, by: t.string, exported_at: t.string }),
});

export const SuspicionEvent = t.union([
  SuspicionCaseOpened,
  SuspicionCaseSelected,
  SuspicionCaseDismissed,
  SuspicionCaseNoted,
  SuspicionEvidenceAttached,
  SuspicionKycSnapshotTaken,
  SuspicionDecisionProposed,
  SuspicionCaseDecided,
  SuspicionCommunicationPrepared,
  SuspicionCommunicationExported,
  SuspicionCommunicationSent,
  SuspicionResponseRecorded,
  SuspicionReceiptMatched,
  SuspicionCommunicationCancelled,
  SuspicionCaseClosed,
  SuspicionDossierExported,
]);
export type SuspicionEvent = t.TypeOf<typeof SuspicionEvent>;
export type SuspicionEventOf<T extends SuspicionEvent['type']> = Extract<SuspicionEvent, { type: T }>;

const bySubject = (d: Record<string, unknown>): string => String(d['subject_ref']);

/** The personal fields of each event type, sealed under the case's subject_ref. */
export const suspicionPii: Record<string, PiiFields<Record<string, unknown>>> = {
  SuspicionCaseOpened: { subject: bySubject, fields: ['operation', 'other_reason', 'description'] },
  SuspicionCaseDismissed: { subject: bySubject, fields: ['reason'] },
  SuspicionCaseNoted: { subject: bySubject, fields: ['text'] },
  SuspicionEvidenceAttached: { subject: bySubject, fields: ['file_name'] },
  SuspicionDecisionProposed: { subject: bySubject, fields: ['rationale', 'other_reason'] },
  SuspicionCaseDecided: { subject: bySubject, fields: ['rationale', 'other_reason'] },
  SuspicionCommunicationPrepared: { subject: bySubject, fields: ['occurrence', 'justification'] },
  SuspicionCommunicationCancelled: { subject: bySubject, fields: ['reason'] },
  SuspicionCaseClosed: { subject: bySubject, fields: ['note'] },
};

/** A receipt item (LOTERECIBO answer) no communication of the tenant claims: kept as work on `siscoaf-<tenant_id>`. */
export const UnmatchedReceiptItem = t.type({ numero_origem: t.string, numero_coaf: t.string, autenticacao: t.string, valor: t.string, status: t.string });
export type UnmatchedReceiptItem = t.TypeOf<typeof UnmatchedReceiptItem>;
export const SiscoafReceiptItemsUnmatched = t.type({
  type: t.literal('SiscoafReceiptItemsUnmatched'),
  data: t.type({ tenant_id: t.string, receipt_sha256: t.string, items: t.array(UnmatchedReceiptItem), by: t.string, recorded_at: t.string }),
});
export type SiscoafWorkEvent = t.TypeOf<typeof SiscoafReceiptItemsUnmatched>;
