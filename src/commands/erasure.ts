import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import { caseStream } from '../domain/case/decider.js';
import { FreezeCommunicationDrafted } from '../domain/case/events.js';
import { hmacHex } from '../adapters/crypto.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId, isUuid } from '../adapters/ids.js';
import type { KeyStore } from '../adapters/pii/key-store.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { erasureDecider, erasureStream } from '../domain/erasure/decider.js';
import { reportStream } from '../domain/report/decider.js';
import { ReportGenerated } from '../domain/report/events.js';
import { DomainError } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { SuspicionCommunicationExported, SuspicionEvidenceAttached, SuspicionKycSnapshotTaken } from '../domain/suspicion/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';
import { heldMessage, legalHoldOf, type StatedLegalHold } from './legal-hold.js';
import { subjectRef } from './runs.js';

/** The streams that concern a subject and its last activity on them (the subject_streams read model). */
export interface SubjectStreams {
  streams: readonly string[];
  last_activity: string;
}

/** Finds a subject's streams by its references: the only read model an erasure needs. */
export interface SubjectLookup {
  streamsOf(subjectRefs: readonly string[]): Promise<readonly SubjectStreams[]>;
}

export interface ErasureDeps {
  log: EventLog;
  /** the erasures read model, which the scheduler pages over and purges */
  readStore: ReadStore;
  subjects: SubjectLookup;
  blobs: BlobStore;
  keys: KeyStore;
  secretKey: string;
  retentionYears: number;
}

export interface ErasureOutcome {
  erasure_id: string;
  /** held: recorded, and kept until a legal hold (Circular BCB 3.978 art. 67) ends, even with a legal basis */
  status: 'scheduled' | 'held' | 'erased';
  due_at: string;
  position: number | null;
  /** when held: the hold, as told to the data subject, and the pt-BR message for them */
  legal_hold?: StatedLegalHold;
  message?: string;
}

/**
 * An erasure request for one document of a tenant: carried out at once with an explicit legal
 * basis, else scheduled for the end of the retention period after the subject's last activity.
 */
export async function requestErasure(deps: ErasureDeps, input: { tenant_id: string; doc: string; legal_basis: string | null }, context: CommandContext): Promise<E.Either<DomainError, ErasureOutcome>> {
  if (!isUuid(input.tenant_id) || (await loadState(deps.log, tenantStream(input.tenant_id), tenantDecider)).state.status === 'none') {
    return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  }
  const refs = (['live', 'sandbox'] as const).map((env) => subjectRef(deps.secretKey, input.tenant_id, env, input.doc));
  const known = await deps.subjects.streamsOf(refs);
  if (known.length === 0) return E.left(new DomainError('not_found', 'No records of this document for the tenant.', 'doc'));
  const stream = erasureStream(hmacHex(deps.secretKey, `erasure|${input.tenant_id}|${input.doc}`));
  const now = context.metadata.occurred_at;
  const hold = await legalHoldOf(deps.log, input.tenant_id, known, now);
  const retention = input.legal_basis ? now : addYears(lastActivityOf(known), deps.retentionYears);
  const due = hold && hold.until > retention ? hold.until : retention;
  const erasureId = deterministicId(`${context.commandId}:erasure`);
  const command = { type: 'RequestErasure' as const, erasure_id: erasureId, tenant_id: input.tenant_id, subject_refs: refs, legal_basis: input.legal_basis, due_at: due, now, legal_hold: hold };
  const requested = await handleCommand(deps.log, stream, erasureDecider, command, context);
  if (E.isLeft(requested)) return requested;
  const { position } = requested.right;
  if (hold) return E.right({ erasure_id: erasureId, status: 'held', due_at: due, position, legal_hold: hold, message: heldMessage(hold) });
  if (due > now) return E.right({ erasure_id: erasureId, status: 'scheduled', due_at: due, position });
  const erased = await carryOut(deps, stream, context);
  return E.right({ erasure_id: erasureId, status: 'erased', due_at: due, position: erased ?? position });
}

/** Destroys the subject's keys, deletes its files, and records what was erased. Idempotent. */
export async function carryOut(deps: ErasureDeps, stream: string, context: CommandContext): Promise<number | null> {
  const { state } = await loadState(deps.log, stream, erasureDecider);
  if (state.status !== 'requested') return null;
  const request = state.last;
  const refs = request.subject_refs;
  const streams = (await deps.subjects.streamsOf(refs)).flatMap((s) => s.streams);
  const customerIds = streams.filter((s) => s.startsWith('customer-')).map((s) => s.slice('customer-'.length));
  const runIds = streams.filter((s) => s.startsWith('run-')).map((s) => s.slice('run-'.length));
  await deps.keys.destroy(refs);
  for (const customerId of customerIds) {
    const { state: customer } = await loadState(deps.log, customerStream(customerId), customerDecider);
    if (customer.status === 'none') continue;
    for (const document of Object.values(customer.documents)) await deps.blobs.delete(document.blob_key);
    // the drafts of a freeze's communications print the customer's name and document (issue 29)
    for (const event of (await deps.log.readStream(caseStream(customerId))).filter(isEventOf(FreezeCommunicationDrafted))) {
      await deps.blobs.delete(event.data.json.blob_key);
      await deps.blobs.delete(event.data.pdf.blob_key);
    }
  }
  // a regulatory case's evidence, KYC snapshots and Siscoaf files name the subject (issue 30); the
  // legal hold has kept them for the art. 67 period, which has now run out
  for (const caseStream of streams.filter((s) => s.startsWith('suspicion-'))) {
    for (const event of await deps.log.readStream(caseStream)) {
      if (isSuspicionFile(event)) await deps.blobs.delete(event.data.blob_key);
    }
  }
  // the runs' PDF reports print the subject's data: they go too (their stored digests stay)
  for (const runId of runIds) {
    for (const mode of ['resumido', 'completo'] as const) {
      for (const event of (await deps.log.readStream(reportStream(runId, mode))).filter(isEventOf(ReportGenerated))) await deps.blobs.delete(event.data.blob_key);
    }
  }
  const recorded = await handleCommand(
    deps.log,
    stream,
    erasureDecider,
    { type: 'RecordErasure', customer_ids: customerIds, run_ids: runIds, now: context.metadata.occurred_at },
    { ...context, commandId: `${request.erasure_id}:erased` },
  );
  return E.isRight(recorded) ? recorded.right.position : null;
}

const isSuspicionFile = isEventOf(t.union([SuspicionEvidenceAttached, SuspicionKycSnapshotTaken, SuspicionCommunicationExported]));

const lastActivityOf = (known: readonly { last_activity: string }[]): string => known.map((k) => k.last_activity).sort().pop()!;

/**
 * At due time, without a legal basis: when the subject was active after the request, the
 * retention period runs from that activity, so the erasure moves to the new end instead.
 */
export async function rescheduleIfActive(deps: ErasureDeps, stream: string, context: CommandContext): Promise<string | null> {
  const { state } = await loadState(deps.log, stream, erasureDecider);
  if (state.status === 'none') return null;
  if (state.legal_hold) return extendHold(deps, stream, state.first.erasure_id, state.first.tenant_id, state.first.subject_refs, context);
  if (state.first.legal_basis) return null;
  const known = await deps.subjects.streamsOf(state.first.subject_refs);
  if (known.length === 0) return null;
  const lastActivity = lastActivityOf(known);
  const due = addYears(lastActivity, deps.retentionYears);
  if (due <= context.metadata.occurred_at) return null;
  await handleCommand(
    deps.log,
    stream,
    erasureDecider,
    { type: 'RescheduleErasure', last_activity: lastActivity, due_at: due, now: context.metadata.occurred_at },
    { ...context, commandId: `${state.first.erasure_id}:rescheduled:${lastActivity}` },
  );
  return due;
}

/**
 * At due time of a held erasure: the hold is computed again (a case still open, a customer active
 * since), and a later end moves the erasure there; else it goes ahead.
 */
async function extendHold(deps: ErasureDeps, stream: string, erasureId: string, tenantId: string, refs: readonly string[], context: CommandContext): Promise<string | null> {
  const now = context.metadata.occurred_at;
  const known = await deps.subjects.streamsOf(refs);
  const hold = known.length === 0 ? null : await legalHoldOf(deps.log, tenantId, known, now);
  if (!hold) return null;
  const command = { type: 'RescheduleErasure' as const, last_activity: lastActivityOf(known), due_at: hold.until, now, legal_hold: hold };
  await handleCommand(deps.log, stream, erasureDecider, command, { ...context, commandId: `${erasureId}:held:${hold.until}` });
  return hold.until;
}

function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}
