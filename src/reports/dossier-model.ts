import type { StoredEvent } from '../adapters/event-store/event-log.js';
import { sha256Hex } from '../adapters/crypto.js';
import { cc4001Item, OTHER_REASON } from '../domain/siscoaf/cc4001.js';
import { canonicalJson } from '../domain/shared/canonical-json.js';
import { isEventOf } from '../domain/shared/events.js';
import { ERASED } from '../domain/shared/personal.js';
import { SuspicionEvent } from '../domain/suspicion/events.js';

/**
 * The dossier of a suspicion case for the supervisor (Circular 3.978 art. 43 §2, art. 48 §1;
 * regulatory notes 4.3): identification and origin with the monitoring rule or list version that
 * fired, the dates and each clock with whether it was met, the reason codes with their Carta
 * Circular 4.001 text, analysts, notes, evidence and KYC snapshots with their SHA-256, the
 * decision with decided by and approved by, the communications, and every event of the case.
 * Built from the case's stream alone (plus the origin and the snapshots' stored content), with no
 * "generated now": the content of a closed case is fixed, and so are its bytes and its hash.
 */

export const DOSSIER_SCHEMA = 'suspicion-dossier/1';

/** Events of the stream that record a reading of the dossier, not the case: left out of its content. */
export const DOSSIER_EXPORT_EVENT = 'SuspicionDossierExported';

export interface OriginRule {
  /** alert: the list, its version and the entry that matched; run: the template and its version */
  kind: 'list_version' | 'template_version' | 'institution_report' | 'analyst';
  list_id?: string;
  version_id?: string;
  entry_id?: string;
  content_hash?: string;
  matched_name?: string;
  score?: number;
  template_id?: string;
  template_version?: number;
  run_id?: string;
}

export interface DossierFile {
  kind: 'evidence' | 'kyc_snapshot' | 'siscoaf_lote' | 'siscoaf_response' | 'siscoaf_receipt';
  id: string;
  sha256: string;
  byte_size: number | null;
}

export interface DossierClock {
  clock: 'selection' | 'analysis' | 'communication';
  due_at: string | null;
  done_at: string | null;
  /** null: not done yet when the content was built */
  met: boolean | null;
}

export interface DossierContent {
  object: 'suspicion_dossier';
  schema: typeof DOSSIER_SCHEMA;
  case: {
    case_id: string;
    tenant_id: string;
    environment: string;
    customer_id: string | null;
    external_id: string | null;
    status: string;
    origin: { kind: string; ref: string | null; rule: OriginRule | null };
    operation: unknown;
    description: string | null;
  };
  dates: { occurred_at: string; opened_at: string; selected_at: string | null; dismissed_at: string | null; decided_at: string | null; closed_at: string | null };
  clocks: DossierClock[];
  reason_codes: { code: string; text: string | null; inciso: string | null; alinea: string | null; heading: string | null }[];
  other_reason: string | null;
  analysts: string[];
  notes: { note_id: string; text: string; author: string; noted_at: string }[];
  evidence: { evidence_id: string; file_name: string; content_type: string; sha256: string; byte_size: number; by: string; attached_at: string }[];
  kyc_snapshots: { snapshot_id: string; sha256: string; byte_size: number; taken_at: string; by: string; content: unknown }[];
  decision: {
    decision: string;
    rationale: string;
    reason_codes: string[];
    other_reason: string | null;
    proposed_by: string | null;
    proposed_at: string | null;
    decided_by: string;
    approved_by: string | null;
    decided_at: string;
    communication_due_at: string | null;
  } | null;
  communications: {
    communication_id: string;
    kind: string;
    num_ocorrencia: string;
    reporting_cnpj: string;
    prepared_by: string;
    prepared_at: string;
    justification: string | null;
    files: { batch_id: string; sha256: string; exported_at: string }[];
    sent_at: string | null;
    validation: { status: number; errors: { code: number; description: string }[]; file_sha256: string; recorded_at: string } | null;
    receipt: { numero_coaf: string; autenticacao: string; valor: string; status: string; receipt_sha256: string; matched_at: string } | null;
    cancelled: { reason: string; numero_coaf: string; cancelled_at: string } | null;
  }[];
  audit_trail: { revision: number; type: string; by: string; at: string }[];
  files: DossierFile[];
  /** the last revision of the case's stream this content covers */
  through_revision: number;
}

/** The content plus its own hash: SHA-256 of the canonical JSON of the content without this field. */
export type Dossier = DossierContent & { content_sha256: string };

export interface DossierInputs {
  /** the case's stream, oldest first */
  events: readonly StoredEvent[];
  /** the rule or list version that fired, looked up from the origin */
  rule: OriginRule | null;
  /** each KYC snapshot's stored content by snapshot id (null: the blob is gone) */
  snapshots: ReadonlyMap<string, unknown>;
}

const isSuspicionEvent = isEventOf(SuspicionEvent);
const open = <V>(value: V | typeof ERASED, erased: V): V => (value === ERASED ? erased : value);
const ERASED_TEXT = 'Dado pessoal eliminado (LGPD)';

/** Who recorded an event: the person the data names, else the request's actor. */
export function eventActor(event: StoredEvent): string {
  const d = event.data as Record<string, unknown>;
  for (const field of ['by', 'author', 'decided_by', 'proposed_by', 'opened_by', 'prepared_by']) if (typeof d[field] === 'string') return d[field] as string;
  return event.metadata.actor;
}

/** The field of each event's data that says when it happened (the first one present). */
const TIME_FIELDS = ['opened_at', 'selected_at', 'dismissed_at', 'noted_at', 'attached_at', 'taken_at', 'proposed_at', 'decided_at', 'prepared_at', 'exported_at', 'recorded_at', 'matched_at', 'cancelled_at', 'closed_at'];

/** When an event happened as its data says it (the metadata's time otherwise). */
function eventTime(event: StoredEvent): string {
  const d = event.data as Record<string, unknown>;
  const key = TIME_FIELDS.find((k) => typeof d[k] === 'string');
  return key ? String(d[key]) : event.metadata.occurred_at;
}

const clockOf = (clock: DossierClock['clock'], due: string | null, done: string | null): DossierClock => ({ clock, due_at: due, done_at: done, met: due === null || done === null ? null : done <= due });

/** The dossier's content from the case's events (throws when the stream holds no opened case). */
export function buildDossier(inputs: DossierInputs): Dossier {
  const events = inputs.events.filter((e) => e.type !== DOSSIER_EXPORT_EVENT);
  const opened = events.find((e) => e.type === 'SuspicionCaseOpened');
  if (!opened || !isSuspicionEvent(opened) || opened.type !== 'SuspicionCaseOpened') throw new Error('a dossier needs the case stream from SuspicionCaseOpened on');
  const content = foldCase(opened.data, events.filter(isSuspicionEvent), inputs);
  const last = events[events.length - 1]!;
  content.through_revision = last.revision;
  content.audit_trail = events.map((e) => ({ revision: e.revision, type: e.type, by: eventActor(e), at: eventTime(e) }));
  content.analysts = [...new Set(content.audit_trail.map((e) => e.by).filter((by) => by !== 'system'))];
  content.files = filesOf(content);
  return { ...content, content_sha256: sha256Hex(canonicalJson(content)) };
}

type Opened = Extract<SuspicionEvent, { type: 'SuspicionCaseOpened' }>['data'];

function reasonCodes(codes: readonly string[]): DossierContent['reason_codes'] {
  return codes.map((code) => {
    const item = cc4001Item(code);
    if (code === OTHER_REASON) return { code, text: 'Outra situação (descrita no caso)', inciso: null, alinea: null, heading: null };
    return { code, text: item?.text ?? null, inciso: item?.inciso ?? null, alinea: item?.alinea ?? null, heading: item?.heading ?? null };
  });
}

function initial(o: Opened, rule: OriginRule | null): DossierContent {
  return {
    object: 'suspicion_dossier',
    schema: DOSSIER_SCHEMA,
    case: {
      case_id: o.case_id,
      tenant_id: o.tenant_id,
      environment: o.environment,
      customer_id: o.customer_id,
      external_id: o.external_id,
      status: 'pending_selection',
      origin: { kind: o.origin.kind, ref: o.origin.ref, rule },
      operation: o.operation === ERASED ? ERASED_TEXT : o.operation,
      description: open(o.description, ERASED_TEXT),
    },
    dates: { occurred_at: o.occurred_at, opened_at: o.opened_at, selected_at: null, dismissed_at: null, decided_at: null, closed_at: null },
    clocks: [],
    reason_codes: reasonCodes(o.reason_codes),
    other_reason: open(o.other_reason, ERASED_TEXT),
    analysts: [],
    notes: [],
    evidence: [],
    kyc_snapshots: [],
    decision: null,
    communications: [],
    audit_trail: [],
    files: [],
    through_revision: 0,
  };
}

/** Each event of the case on the content, in order; then the clocks from the dates it left. */
function foldCase(o: Opened, events: readonly StoredEvent<SuspicionEvent>[], inputs: DossierInputs): DossierContent {
  const c = initial(o, inputs.rule);
  const selectionDue = o.selection_due_at;
  let analysisDue: string | null = null;
  let proposal: { by: string; at: string } | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'SuspicionCaseSelected':
        c.dates.selected_at = event.data.selected_at;
        analysisDue = event.data.analysis_due_at;
        c.case.status = 'in_analysis';
        break;
      case 'SuspicionCaseDismissed':
        c.dates.dismissed_at = event.data.dismissed_at;
        c.case.status = 'dismissed';
        break;
      case 'SuspicionCaseNoted':
        c.notes.push({ note_id: event.data.note_id, text: open(event.data.text, ERASED_TEXT), author: event.data.author, noted_at: event.data.noted_at });
        break;
      case 'SuspicionEvidenceAttached': {
        const d = event.data;
        c.evidence.push({ evidence_id: d.evidence_id, file_name: open(d.file_name, ERASED_TEXT), content_type: d.content_type, sha256: d.sha256, byte_size: d.byte_size, by: d.by, attached_at: d.attached_at });
        break;
      }
      case 'SuspicionKycSnapshotTaken': {
        const d = event.data;
        c.kyc_snapshots.push({ snapshot_id: d.snapshot_id, sha256: d.sha256, byte_size: d.byte_size, taken_at: d.taken_at, by: d.by, content: inputs.snapshots.get(d.snapshot_id) ?? null });
        break;
      }
      case 'SuspicionDecisionProposed':
        proposal = { by: event.data.proposed_by, at: event.data.proposed_at };
        c.case.status = 'awaiting_approval';
        break;
      case 'SuspicionCaseDecided': {
        const d = event.data;
        c.dates.decided_at = d.decided_at;
        c.case.status = 'decided';
        c.decision = {
          decision: d.decision,
          rationale: open(d.rationale, ERASED_TEXT),
          reason_codes: d.reason_codes,
          other_reason: open(d.other_reason, ERASED_TEXT),
          proposed_by: proposal?.by ?? null,
          proposed_at: proposal?.at ?? null,
          decided_by: d.decided_by,
          approved_by: d.approved_by,
          decided_at: d.decided_at,
          communication_due_at: d.communication_due_at,
        };
        break;
      }
      case 'SuspicionCaseClosed':
        c.dates.closed_at = event.data.closed_at;
        c.case.status = 'closed';
        break;
      default:
        foldCommunication(c, event);
    }
  }
  const firstSent = c.communications.filter((m) => m.kind === 'lote' && m.sent_at !== null).map((m) => m.sent_at!).sort()[0] ?? null;
  c.clocks = [
    clockOf('selection', selectionDue, c.dates.selected_at ?? c.dates.dismissed_at),
    clockOf('analysis', analysisDue, c.dates.decided_at),
    clockOf('communication', c.decision?.communication_due_at ?? null, c.decision?.decision === 'comunicar' ? firstSent : null),
  ];
  return c;
}

/** The communication events on the content's communications. */
function foldCommunication(c: DossierContent, event: StoredEvent<SuspicionEvent>): void {
  const find = (id: string) => c.communications.find((m) => m.communication_id === id);
  switch (event.type) {
    case 'SuspicionCommunicationPrepared': {
      const d = event.data;
      c.communications.push({
        communication_id: d.communication_id,
        kind: d.kind,
        num_ocorrencia: d.num_ocorrencia,
        reporting_cnpj: d.reporting_cnpj,
        prepared_by: d.prepared_by,
        prepared_at: d.prepared_at,
        justification: open(d.justification, ERASED_TEXT),
        files: [],
        sent_at: null,
        validation: null,
        receipt: null,
        cancelled: null,
      });
      return;
    }
    case 'SuspicionCommunicationExported': {
      const m = find(event.data.communication_id);
      m?.files.push({ batch_id: event.data.batch_id, sha256: event.data.file_sha256, exported_at: event.data.exported_at });
      return;
    }
    case 'SuspicionCommunicationSent': {
      const m = find(event.data.communication_id);
      if (m) m.sent_at = event.data.sent_at;
      return;
    }
    case 'SuspicionResponseRecorded': {
      const m = find(event.data.communication_id);
      const d = event.data;
      if (m) m.validation = { status: d.status, errors: d.errors, file_sha256: d.file_sha256, recorded_at: d.recorded_at };
      return;
    }
    case 'SuspicionReceiptMatched': {
      const m = find(event.data.communication_id);
      const d = event.data;
      if (m) m.receipt = { numero_coaf: d.numero_coaf, autenticacao: d.autenticacao, valor: d.valor, status: d.status, receipt_sha256: d.receipt_sha256, matched_at: d.matched_at };
      return;
    }
    case 'SuspicionCommunicationCancelled': {
      const m = find(event.data.communication_id);
      if (m) m.cancelled = { reason: open(event.data.reason, ERASED_TEXT), numero_coaf: event.data.numero_coaf, cancelled_at: event.data.cancelled_at };
      return;
    }
    default:
      return;
  }
}

/** Every file the dossier names, with its hash: evidence, snapshots, Siscoaf batches, responses, receipts. */
function filesOf(c: DossierContent): DossierFile[] {
  return [
    ...c.evidence.map((e): DossierFile => ({ kind: 'evidence', id: e.evidence_id, sha256: e.sha256, byte_size: e.byte_size })),
    ...c.kyc_snapshots.map((s): DossierFile => ({ kind: 'kyc_snapshot', id: s.snapshot_id, sha256: s.sha256, byte_size: s.byte_size })),
    ...c.communications.flatMap((m) => [
      ...m.files.map((f): DossierFile => ({ kind: 'siscoaf_lote', id: f.batch_id, sha256: f.sha256, byte_size: null })),
      ...(m.validation ? [{ kind: 'siscoaf_response' as const, id: m.communication_id, sha256: m.validation.file_sha256, byte_size: null }] : []),
      ...(m.receipt ? [{ kind: 'siscoaf_receipt' as const, id: m.communication_id, sha256: m.receipt.receipt_sha256, byte_size: null }] : []),
    ]),
  ];
}

/** The exported JSON's bytes: canonical JSON of the dossier (the same content, the same bytes). */
export const dossierJsonBytes = (dossier: Dossier): Buffer => Buffer.from(canonicalJson(dossier), 'utf8');
