import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { loadUser } from '../commands/aggregates.js';
import type { Caller } from '../commands/caller.js';
import { recordDossierExport, visibleCase } from '../commands/dossier.js';
import type { CommandContext } from '../commands/handle-command.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { PdfRenderer } from '../adapters/pdf/port.js';
import { dossierFileName, dossierFooter, dossierHtml } from '../reports/dossier.js';
import { DomainError } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { ERASED } from '../domain/shared/personal.js';
import { suspicionStream } from '../domain/suspicion/decider.js';
import { SuspicionEvent } from '../domain/suspicion/events.js';
import { getAlert } from '../projections/monitoring-alerts.js';
import { getRun } from '../projections/runs.js';
import type { KycSnapshotView } from '../reports/dossier-kyc.js';
import { buildDossier, dossierJsonBytes, type Dossier, type OriginRule } from '../reports/dossier-model.js';
import { customerKycSnapshot, partiesSnapshot, type KycSnapshot } from './kyc-snapshot.js';

export interface DossierDeps {
  log: EventLog;
  readStore: ReadStore;
  blobStore: BlobStore;
}

const isSuspicionEvent = isEventOf(SuspicionEvent);
const EVIDENCE_NOT_FOUND = new DomainError('evidence_not_found', 'Evidência não encontrada neste caso.', 'evidence_id');
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The monitoring rule or list version behind the case's origin (art. 40 §1, 41; notes 4.3). */
async function originRule(readStore: ReadStore, origin: { kind: string; ref: string | null }): Promise<OriginRule | null> {
  if (origin.kind === 'report') return { kind: 'institution_report' };
  if (origin.kind === 'analyst') return { kind: 'analyst' };
  if (origin.ref === null) return null;
  if (origin.kind === 'alert') {
    const alert = await getAlert(readStore, origin.ref);
    if (!alert) return null;
    const { list_id, version_id, entry_id, content_hash, matched_name, score } = alert;
    return { kind: 'list_version', list_id, version_id, entry_id, content_hash, matched_name, score };
  }
  const run = await getRun(readStore, origin.ref);
  return run ? { kind: 'template_version', template_id: run.template_id, template_version: run.template_version, run_id: run.run_id } : null;
}

/** The person behind each actor id: a dashboard user's e-mail (`user:<id>` or a bare user id). */
async function peopleOf(log: EventLog, actors: readonly string[]): Promise<Record<string, string>> {
  const people: Record<string, string> = {};
  for (const actor of new Set(actors)) {
    const id = actor.startsWith('user:') ? actor.slice(5) : actor;
    if (!uuid.test(id)) continue;
    const user = await loadUser(log, id).catch(() => null);
    if (user) people[actor] = user.email;
  }
  return people;
}

export interface CaseDossier {
  dossier: Dossier;
  json: Buffer;
  people: Record<string, string>;
  kyc: KycSnapshotView[];
}

/** The case's dossier as the caller may see it: its content, the exported JSON's bytes, the names and snapshots the PDF prints. */
export async function caseDossier(deps: DossierDeps, caseId: string, caller: Caller): Promise<E.Either<DomainError, CaseDossier>> {
  const kase = await visibleCase(deps.log, caseId, caller);
  if (E.isLeft(kase)) return kase;
  const events = await deps.log.readStream(suspicionStream(caseId));
  const opened = events.find(isSuspicionEvent);
  const origin = opened?.type === 'SuspicionCaseOpened' ? opened.data.origin : { kind: 'analyst', ref: null };
  const snapshots = new Map<string, unknown>();
  for (const e of events.filter(isSuspicionEvent)) {
    if (e.type !== 'SuspicionKycSnapshotTaken') continue;
    const blob = await deps.blobStore.get(e.data.blob_key);
    snapshots.set(e.data.snapshot_id, blob ? (JSON.parse(blob.data.toString('utf8')) as unknown) : null);
  }
  const dossier = buildDossier({ events, rule: await originRule(deps.readStore, origin), snapshots });
  const kyc = dossier.kyc_snapshots.map((s) => ({ snapshot_id: s.snapshot_id, sha256: s.sha256, taken_at: s.taken_at, by: s.by, content: s.content }));
  const people = await peopleOf(deps.log, [...dossier.analysts, ...dossier.audit_trail.map((e) => e.by)]);
  return E.right({ dossier, json: dossierJsonBytes(dossier), people, kyc });
}

/** One evidence file of the case: its bytes, type, name and recorded hash (404 when not on this case). */
export async function caseEvidenceFile(deps: DossierDeps, caseId: string, evidenceId: string, caller: Caller) {
  const kase = await visibleCase(deps.log, caseId, caller);
  if (E.isLeft(kase)) return kase;
  const attached = (await deps.log.readStream(suspicionStream(caseId))).filter(isSuspicionEvent).find((e) => e.type === 'SuspicionEvidenceAttached' && e.data.evidence_id === evidenceId);
  if (!attached || attached.type !== 'SuspicionEvidenceAttached') return E.left(EVIDENCE_NOT_FOUND);
  const blob = await deps.blobStore.get(attached.data.blob_key);
  if (!blob) return E.left(EVIDENCE_NOT_FOUND);
  const d = attached.data;
  return E.right({ data: blob.data, content_type: d.content_type, sha256: d.sha256, byte_size: d.byte_size, file_name: d.file_name === ERASED ? `evidencia-${evidenceId}` : d.file_name });
}

/**
 * The KYC snapshot of the case now: its customer's record when it has one (from the customer's
 * stream and runs), else the parties of the operation as reported. Null when the case is unknown.
 */
export async function caseKycSnapshot(deps: Pick<DossierDeps, 'log' | 'readStore'>, caseId: string, takenAt: string): Promise<KycSnapshot | null> {
  const opened = (await deps.log.readStream(suspicionStream(caseId))).filter(isSuspicionEvent).find((e) => e.type === 'SuspicionCaseOpened');
  if (!opened || opened.type !== 'SuspicionCaseOpened') return null;
  const d = opened.data;
  if (d.customer_id !== null) {
    const snapshot = await customerKycSnapshot(deps, caseId, d.customer_id, takenAt);
    if (snapshot) return snapshot;
  }
  const parties = d.operation === ERASED ? [] : d.operation.parties.map((p) => ({ doc: p.document ?? p.person_type, name: p.name, role: p.tp_env }));
  return partiesSnapshot(caseId, parties, takenAt);
}

export interface DossierFile {
  position: number | null;
  file_name: string;
  content_type: string;
  body: Buffer;
  sha256: string;
  content_sha256: string;
}

/**
 * A case's dossier as the file the supervisor gets (JSON, or the PDF of it), its export recorded
 * (SuspicionDossierExported) with the file's hash: the operator API and the dashboard both serve this.
 */
export async function exportDossier(deps: DossierDeps & { pdfRenderer: PdfRenderer }, caseId: string, format: 'json' | 'pdf', caller: Caller, context: CommandContext): Promise<E.Either<DomainError, DossierFile>> {
  const found = await caseDossier(deps, caseId, caller);
  if (E.isLeft(found)) return found;
  const { dossier, people, kyc, json } = found.right;
  // the document's date is its content's last fact, never the wall clock: a closed case prints the same
  const lastAt = dossier.audit_trail[dossier.audit_trail.length - 1]?.at ?? dossier.dates.opened_at;
  const body = format === 'json' ? json : await deps.pdfRenderer.render(dossierHtml({ dossier, people, kyc }), { footer: dossierFooter(dossier), documentDate: new Date(lastAt) });
  const sha256 = sha256Hex(body);
  const by = caller.kind === 'user' ? `user:${caller.user_id}` : 'operator';
  const recorded = await recordDossierExport(deps.log, caseId, { format, sha256, by }, caller, context);
  if (E.isLeft(recorded)) return recorded;
  const content_type = format === 'json' ? 'application/json; charset=utf-8' : 'application/pdf';
  return E.right({ position: recorded.right, file_name: dossierFileName(dossier, format), content_type, body, sha256, content_sha256: dossier.content_sha256 });
}
