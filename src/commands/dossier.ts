import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { WrongExpectedRevisionError } from '../adapters/event-store/port.js';
import { DomainError, type Decider } from '../domain/shared/decider.js';
import { CASE_NOT_FOUND, suspicionDecider, suspicionStream, type OpenedCase, type SuspicionCommand, type SuspicionState } from '../domain/suspicion/decider.js';
import type { SuspicionEvent } from '../domain/suspicion/events.js';
import { mayActOn, type Caller } from './caller.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';

/**
 * The dossier's writes on a suspicion case (Circular 3.978 art. 43 §2): evidence files,
 * KYC snapshots, and the record of each export of the dossier. Each checks that the caller may
 * see the case (another tenant's case does not exist for it), then goes through the case's decider.
 */

/** The case as the caller may see it, or case_not_found. */
export async function visibleCase(log: EventLog, caseId: string, caller: Caller): Promise<E.Either<DomainError, OpenedCase>> {
  const { state } = await loadState(log, suspicionStream(caseId), suspicionDecider);
  return state.status === 'none' || !mayActOn(caller, state.tenant_id) ? E.left(CASE_NOT_FOUND) : E.right(state);
}

/** An export of the dossier, recorded on the case; it changes nothing of the case (a closed one included). */
type RecordDossierExport = { type: 'RecordDossierExport'; format: 'json' | 'pdf'; sha256: string; by: string; now: string };

/** The case's decider, plus the export record: an audit fact, accepted on any opened case. */
const dossierDecider: Decider<SuspicionCommand | RecordDossierExport, SuspicionState, SuspicionEvent> = {
  ...suspicionDecider,
  decide(command, state) {
    if (command.type !== 'RecordDossierExport') return suspicionDecider.decide(command, state);
    if (state.status === 'none') return E.left(CASE_NOT_FOUND);
    const { format, sha256, by, now } = command;
    return E.right([{ type: 'SuspicionDossierExported', data: { case_id: state.case_id, format, sha256, by, exported_at: now } }]);
  },
};

const position = (r: { position: number | null }) => r.position;

export interface NewEvidence {
  evidence_id: string;
  file_name: string;
  content_type: string;
  data: Buffer;
  sha256: string;
  by: string;
}

export const evidenceBlobKey = (tenantId: string, caseId: string, evidenceId: string) => `suspicion/${tenantId}/${caseId}/evidence/${evidenceId}`;

/**
 * Stores the file, then records it on the case. A failed store records nothing
 * (storage_failed); a refused or failed record removes the stored file: nothing half-written.
 */
export async function attachSuspicionEvidence(log: EventLog, blobs: BlobStore, caseId: string, input: NewEvidence, caller: Caller, context: CommandContext) {
  const kase = await visibleCase(log, caseId, caller);
  if (E.isLeft(kase)) return kase;
  const blobKey = evidenceBlobKey(kase.right.tenant_id, caseId, input.evidence_id);
  try {
    await blobs.put(blobKey, input.data, input.content_type);
  } catch {
    return E.left(new DomainError('storage_failed', 'The file could not be stored; nothing was recorded. Retry the upload.'));
  }
  const { evidence_id, file_name, content_type, sha256, by } = input;
  const command = { type: 'AttachSuspicionEvidence' as const, evidence_id, file_name, content_type, blob_key: blobKey, sha256, byte_size: input.data.length, by, now: context.metadata.occurred_at };
  try {
    const result = await handleCommand(log, suspicionStream(caseId), suspicionDecider, command, forTenant(context, kase.right.tenant_id));
    if (E.isLeft(result)) await blobs.delete(blobKey);
    return E.map(position)(result);
  } catch (error) {
    await blobs.delete(blobKey).catch(() => undefined);
    if (error instanceof WrongExpectedRevisionError) return E.left(new DomainError('concurrent_update', 'The case changed concurrently; nothing was kept. Retry the upload.'));
    return E.left(new DomainError('db_failed', 'The file could not be recorded; nothing was kept. Retry the upload.'));
  }
}

export const kycSnapshotBlobKey = (tenantId: string, caseId: string, snapshotId: string) => `suspicion/${tenantId}/${caseId}/kyc/${snapshotId}.json`;

/**
 * A KYC snapshot of the case's customer (or of its parties as reported), already built: stored as
 * a blob, then recorded with its hash. `snapshot_id` is the caller's: deterministic for the
 * automatic snapshot on selection, so a retry writes the same blob and appends nothing new.
 */
export async function recordKycSnapshot(log: EventLog, blobs: BlobStore, caseId: string, input: { snapshot_id: string; data: Buffer; sha256: string; by: string }, caller: Caller, context: CommandContext) {
  const kase = await visibleCase(log, caseId, caller);
  if (E.isLeft(kase)) return kase;
  const blobKey = kycSnapshotBlobKey(kase.right.tenant_id, caseId, input.snapshot_id);
  try {
    await blobs.put(blobKey, input.data, 'application/json');
  } catch {
    return E.left(new DomainError('storage_failed', 'The snapshot could not be stored; nothing was recorded. Retry.'));
  }
  const command = { type: 'TakeKycSnapshot' as const, snapshot_id: input.snapshot_id, blob_key: blobKey, sha256: input.sha256, byte_size: input.data.length, by: input.by, now: context.metadata.occurred_at };
  const result = await handleCommand(log, suspicionStream(caseId), suspicionDecider, command, forTenant(context, kase.right.tenant_id));
  return E.map((r: { position: number | null }) => ({ position: r.position, snapshot_id: input.snapshot_id, blob_key: blobKey }))(result);
}

/** Records that the dossier was exported, in which format, with the exported bytes' hash. */
export async function recordDossierExport(log: EventLog, caseId: string, input: { format: 'json' | 'pdf'; sha256: string; by: string }, caller: Caller, context: CommandContext) {
  const kase = await visibleCase(log, caseId, caller);
  if (E.isLeft(kase)) return kase;
  const result = await handleCommand(log, suspicionStream(caseId), dossierDecider, { type: 'RecordDossierExport', ...input, now: context.metadata.occurred_at }, forTenant(context, kase.right.tenant_id));
  return E.map(position)(result);
}
