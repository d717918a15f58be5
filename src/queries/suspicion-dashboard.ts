import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { Caller } from '../commands/caller.js';
import { loadComplianceSettings } from '../commands/compliance-settings.js';
import { communicationIssues, preparedContents, prefilledDet } from '../commands/suspicion-communications.js';
import { caseNotFound, suspicionHistory, visibleSuspicionCase } from '../commands/suspicion.js';
import type { DomainError } from '../domain/shared/decider.js';
import { ERASED } from '../domain/shared/personal.js';
import type { SuspicionEvent, SuspicionEventOf } from '../domain/suspicion/events.js';
import { getSuspicionCase, isOverdue, type SuspicionCaseDoc, type SuspicionCommunicationDoc } from '../projections/suspicion-cases.js';

/**
 * The COAF case as the dashboard's case page reads it: the read model's status and clocks, and
 * from the stream what it keeps sealed (the operation, notes, evidence, rationale, the Siscoaf
 * fields). Another tenant's case is not found.
 */

const text = (value: unknown): string => (typeof value === 'string' && value !== ERASED ? value : '');
const of = <T extends SuspicionEvent['type']>(events: readonly SuspicionEvent[], type: T) => events.filter((e): e is SuspicionEventOf<T> => e.type === type);

function currentCommunication(doc: SuspicionCaseDoc): SuspicionCommunicationDoc | null {
  return doc.amendments.length > 0 ? doc.amendments[doc.amendments.length - 1]! : doc.communication;
}

function siscoafFields(content: unknown) {
  if (typeof content !== 'object' || content === null || !('Det' in content)) return null;
  const c = content as { Det: string; VlCred: string; VlDeb: string; VlProv: string; VlProp: string; CodEnq: string[]; ENVOLVIDOS: { CPFCNPJEnv: string; NmEnv: string; TpEnv: string }[] };
  return { Det: c.Det, VlCred: c.VlCred, VlDeb: c.VlDeb, VlProv: c.VlProv, VlProp: c.VlProp, CodEnq: c.CodEnq, ENVOLVIDOS: c.ENVOLVIDOS };
}

export async function suspicionCaseView(deps: { log: EventLog; readStore: ReadStore }, caseId: string, caller: Caller, now: string) {
  const state = await visibleSuspicionCase(deps.log, caseId, caller);
  if (E.isLeft(state)) return state as E.Either<DomainError, never>;
  const [events, doc, settings] = await Promise.all([suspicionHistory(deps.log, caseId), getSuspicionCase(deps.readStore, caseId), loadComplianceSettings(deps.log, state.right.tenant_id)]);
  const opened = of(events, 'SuspicionCaseOpened')[0];
  if (!opened || !doc) return E.left(caseNotFound());
  const o = opened.data;
  const operation = typeof o.operation === 'object' ? o.operation : null;
  const decided = of(events, 'SuspicionCaseDecided').pop()?.data ?? null;
  const proposed = state.right.status === 'awaiting_approval' ? (of(events, 'SuspicionDecisionProposed').pop()?.data ?? null) : null;
  const snapshot = of(events, 'SuspicionKycSnapshotTaken').pop()?.data ?? null;
  const current = currentCommunication(doc);
  const prepared = current ? preparedContents(events)[current.communication_id] : undefined;
  const reasons = decided?.reason_codes ?? o.reason_codes;
  const detail = {
    case_id: o.case_id,
    status: doc.status,
    customer_id: o.customer_id,
    origin: o.origin,
    occurred_at: o.occurred_at,
    opened_at: o.opened_at,
    operation: operation ? { ...operation, parties: operation.parties } : null,
    reason_codes: o.reason_codes,
    other_reason: text(o.other_reason) || null,
    description: text(o.description) || null,
    clocks: doc.clocks,
    overdue: isOverdue(doc, now),
    proposal: proposed ? { decision: proposed.decision, rationale: text(proposed.rationale), reason_codes: proposed.reason_codes, other_reason: text(proposed.other_reason) || null, by: proposed.proposed_by, at: proposed.proposed_at } : null,
    decision: decided ? { decision: decided.decision, rationale: text(decided.rationale), reason_codes: decided.reason_codes, other_reason: text(decided.other_reason) || null, by: decided.decided_by, at: decided.decided_at, approved_by: decided.approved_by } : null,
    communication_status: current?.status ?? null,
    notes: of(events, 'SuspicionCaseNoted').map((e) => ({ text: text(e.data.text), author: e.data.author, at: e.data.noted_at })),
    evidence: of(events, 'SuspicionEvidenceAttached').map((e) => ({ evidence_id: e.data.evidence_id, file_name: text(e.data.file_name) || 'arquivo apagado', sha256: e.data.sha256, byte_size: e.data.byte_size, by: e.data.by, at: e.data.attached_at })),
    snapshot: snapshot ? { snapshot_id: snapshot.snapshot_id, sha256: snapshot.sha256, at: snapshot.taken_at } : null,
  };
  const communication =
    current && current.prepared_at
      ? {
          communication_id: current.communication_id,
          kind: current.kind,
          num_ocorrencia: current.num_ocorrencia,
          status: current.status,
          fields: siscoafFields(prepared?.occurrence),
          sent_at: current.sent_at,
          amendment_justification_after: doc.clocks.amendment_justification_after,
          response_errors: current.errors,
          receipt: current.numero_coaf ? { numero_coaf: current.numero_coaf, autenticacao: state.right.communications[current.communication_id]?.autenticacao ?? '' } : null,
        }
      : null;
  const draft = {
    Det: prefilledDet(text(o.description), reasons, text(decided?.other_reason ?? o.other_reason), text(decided?.rationale)),
    VlCred: String(operation?.value ?? 0),
    VlDeb: '0',
    VlProv: '0',
    VlProp: '0',
    CodEnq: [...new Set(reasons.map((code) => settings.cc4001_cod_enq[code]).filter((c): c is string => typeof c === 'string' && c !== ''))],
    ENVOLVIDOS: (operation?.parties ?? []).map((p) => ({ CPFCNPJEnv: p.document ?? p.person_type, NmEnv: p.name, TpEnv: p.tp_env ?? '' })),
  };
  const issues = prepared && typeof prepared.occurrence === 'object' && current && !['sent', 'validated', 'receipt_matched', 'cancelled'].includes(current.status) ? communicationIssues(prepared.occurrence, prepared.kind, settings, now) : [];
  return E.right({ detail, communication, draft, issues });
}
