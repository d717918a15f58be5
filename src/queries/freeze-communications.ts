import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { mayActOn, type Caller } from '../commands/caller.js';
import { caseStream } from '../domain/case/decider.js';
import { CaseEvent, type CaseFreezeRecordedData, type FreezeCommunicationDraftedData, type FreezeMeasuresRecordedData } from '../domain/case/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';

export interface FreezeSending {
  sent_at: string;
  protocol: string;
  by: string;
  recorded_at: string;
}

export type FreezeDraft = FreezeCommunicationDraftedData & { sent: FreezeSending | null };

/** A case's freeze, the measures recorded (oldest first) and every draft (oldest first), with its sending. */
export interface FreezeCommunications {
  tenant_id: string;
  freeze: CaseFreezeRecordedData | null;
  measures: FreezeMeasuresRecordedData[];
  drafts: FreezeDraft[];
}

const NOT_FOUND = new DomainError('case_not_found', 'Caso não encontrado.', 'case_id');

/** Read from the case's stream (its events decoded by their codec); another tenant's case is not found. */
export async function freezeCommunications(log: EventLog, caseId: string, caller: Caller): Promise<E.Either<DomainError, FreezeCommunications>> {
  const events = (await log.readStream(caseStream(caseId))).filter(isEventOf(CaseEvent));
  const opened = events.find((e) => e.type === 'CaseOpened');
  if (!opened || opened.type !== 'CaseOpened' || !mayActOn(caller, opened.data.tenant_id)) return E.left(NOT_FOUND);
  const out: FreezeCommunications = { tenant_id: opened.data.tenant_id, freeze: null, measures: [], drafts: [] };
  for (const e of events) {
    if (e.type === 'CaseFreezeRecorded') out.freeze = e.data;
    if (e.type === 'FreezeMeasuresRecorded') out.measures.push(e.data);
    if (e.type === 'FreezeCommunicationDrafted') out.drafts.push({ ...e.data, sent: null });
    if (e.type === 'FreezeCommunicationSent') {
      const draft = out.drafts.find((d) => d.draft_id === e.data.draft_id);
      if (draft) draft.sent = { sent_at: e.data.sent_at, protocol: e.data.protocol, by: e.data.by, recorded_at: e.data.recorded_at };
    }
  }
  return E.right(out);
}

export const FREEZE_FILE_TYPES = { json: 'application/json', pdf: 'application/pdf' } as const;

/** One draft's file, as stored (its SHA-256 is the one the case records). */
export async function freezeCommunicationFile(deps: { log: EventLog; blobStore: BlobStore }, caseId: string, draftId: string, format: 'json' | 'pdf', caller: Caller) {
  const found = await freezeCommunications(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  const draft = found.right.drafts.find((d) => d.draft_id === draftId);
  if (!draft) return E.left(new DomainError('not_found', 'Rascunho de comunicação não encontrado.', 'draft_id'));
  const stored = draft[format];
  const blob = await deps.blobStore.get(stored.blob_key);
  // erased with its subject's personal data (the case keeps its SHA-256)
  if (!blob) return E.left(new DomainError('not_found', 'O arquivo deste rascunho foi apagado com os dados pessoais do titular.', 'draft_id'));
  const fileName = `comunicacao-bloqueio-${draft.addressee}-v${draft.version}.${format}`;
  return E.right({ data: blob.data, contentType: FREEZE_FILE_TYPES[format], fileName, sha256: stored.sha256, draft });
}
