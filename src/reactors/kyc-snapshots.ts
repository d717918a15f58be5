import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import { OPERATOR } from '../commands/caller.js';
import { recordKycSnapshot } from '../commands/dossier.js';
import { isEventOf } from '../domain/shared/events.js';
import { suspicionStream } from '../domain/suspicion/decider.js';
import { SuspicionEvent } from '../domain/suspicion/events.js';
import { causation, workKind, type Reactor } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkResult, type Worker } from '../processing/worker.js';

/** The snapshot's stored bytes and hash, built by the queries side (src/queries/kyc-snapshot.ts) and handed in by the module. */
export type BuildKycSnapshot = (caseId: string, takenAt: string) => Promise<{ data: Buffer; sha256: string } | null>;

export interface KycSnapshotsDeps {
  log: EventLog;
  blobs: BlobStore;
  clock: Clock;
  work: Pick<Worker, 'schedule'>;
  snapshot: BuildKycSnapshot;
}

export const KYC_SNAPSHOT_WORK = 'kyc-snapshot';
const Work = workKind(KYC_SNAPSHOT_WORK, t.intersection([t.type({ case_id: t.string, tenant_id: t.union([t.string, t.null]), selected_at: t.string }), causation]));
type Work = ReturnType<typeof Work.decode>;

const isSuspicionEvent = isEventOf(SuspicionEvent);

/** The snapshot taken on selection: one per case, whatever the retries. */
export const selectionSnapshotId = (caseId: string): string => deterministicId(`kyc-snapshot:selected:${caseId}`);

/** Pure: a case selected for analysis asks for its KYC snapshot (art. 43: the analysis works on the customer as it stood). */
export function kycSnapshotWorkFor(event: StoredEvent, now: number): NewWorkItem | null {
  if (!isSuspicionEvent(event) || event.type !== 'SuspicionCaseSelected') return null;
  return Work.item(`kyc-snapshot:${event.data.case_id}`, { case_id: event.data.case_id, tenant_id: event.metadata.tenant_id, selected_at: event.data.selected_at, causation: event.id }, now);
}

/**
 * Takes the KYC snapshot of each case selected for analysis, once per case: the work item's id is
 * the case's, the snapshot's id is derived from it, and a snapshot already recorded ends the work.
 */
export class KycSnapshotsReactor implements Reactor<SuspicionEvent, Work> {
  readonly id = 'reactor:kyc-snapshots';
  readonly kind = 'reactor' as const;
  readonly workKind = KYC_SNAPSHOT_WORK;
  readonly payload = Work.payload;
  readonly workFor = kycSnapshotWorkFor;
  readonly timeoutMs = 60_000;
  readonly maxAttempts = 5;

  constructor(private readonly deps: KycSnapshotsDeps) {}

  canHandle(event: StoredEvent): event is StoredEvent & SuspicionEvent {
    return isSuspicionEvent(event);
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const items = events.map((e) => kycSnapshotWorkFor(e, now)).filter((i): i is NewWorkItem => i !== null);
    if (items.length > 0) await this.deps.work.schedule(items);
  }

  async execute(item: WorkItem): Promise<WorkResult> {
    const work = Work.decode(item);
    const { log, blobs, snapshot } = this.deps;
    const snapshotId = selectionSnapshotId(work.case_id);
    const history = (await log.readStream(suspicionStream(work.case_id))).filter(isSuspicionEvent);
    if (history.some((e) => e.type === 'SuspicionKycSnapshotTaken' && e.data.snapshot_id === snapshotId)) return DONE;
    // taken as of the selection: a retry builds the same content from the same facts
    const built = await snapshot(work.case_id, work.selected_at);
    if (!built) return DONE;
    const cause = { tenant_id: work.tenant_id, correlation_id: work.case_id, causation_id: work.causation ?? null, at: this.deps.clock.now() };
    const recorded = await recordKycSnapshot(log, blobs, work.case_id, { snapshot_id: snapshotId, ...built, by: 'system' }, OPERATOR, systemContext(cause, `kyc-snapshot:${work.case_id}`));
    // a case closed meanwhile keeps what it has
    if (E.isLeft(recorded) && recorded.left.code !== 'case_closed') throw new Error(`kyc snapshot: ${recorded.left.code}`);
    return DONE;
  }
}
