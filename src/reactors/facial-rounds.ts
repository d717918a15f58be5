import * as E from 'fp-ts/lib/Either.js';
import type { BiometricProvider, FacialImage } from '../adapters/biometrics/port.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { imageFormat } from '../adapters/image-format.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { FACIAL_CHECK_COST, performChecks, recordedChecks, succeeded } from '../commands/facial.js';
import { billingSuspended, ledgerCommand } from '../commands/ledger.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerDecider, customerStream, facialPair, IDENTITY_TYPES, type CustomerState } from '../domain/customer/decider.js';
import { DocumentUploaded } from '../domain/customer/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import type { Logger } from '../logger.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import * as t from 'io-ts';
import { causation, workKind, type Reactor } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkResult, type Worker } from '../processing/worker.js';

const ROUND_DOCUMENT_TYPES: readonly string[] = ['selfie', ...IDENTITY_TYPES];

export interface FacialRoundsDeps {
  log: EventLog;
  readStore: ReadStore;
  blobs: BlobStore;
  provider: { sandbox: BiometricProvider; live: BiometricProvider };
  clock: Clock;
  logger: Logger;
  work: Pick<Worker, 'schedule'>;
}

export const FACIAL_ROUND_WORK = 'facial-round';
/** a customer's round item: the customer, and the upload that (re)armed it */
const FacialRoundWork = workKind(FACIAL_ROUND_WORK, t.intersection([t.type({ customer_id: t.string }), causation]));
type FacialRoundWork = ReturnType<typeof FacialRoundWork.decode>;

/**
 * The reactor's decision, pure: a selfie or identity upload (re)arms the customer's one round
 * item, so its rounds never run at once and a round is reconsidered after every such upload.
 */
export function facialRoundWorkFor(event: StoredEvent, now: number): NewWorkItem | null {
  if (!isEventOf(DocumentUploaded)(event) || !ROUND_DOCUMENT_TYPES.includes(event.data.type)) return null;
  return FacialRoundWork.item(`facial-round:${event.data.customer_id}`, { customer_id: event.data.customer_id, causation: event.id }, now, true);
}

/**
 * Automatic facial rounds: when a pf customer's upload completes a selfie and identity pair
 * (both real images) and the module is on at both layers, a round for that pair runs once
 * (its id derives from the pair); its checks are billed like the standalone ones, and the
 * round's result lands on the customer.
 *
 * Seeing a selfie or identity upload, it records (before its checkpoint moves) one work item per
 * customer, rearmed by every such upload, so no round is lost to a crash and one customer's
 * rounds never run at once, on any instance. The execution is idempotent: a completed round is
 * not asked again, only its charge is settled (once, by its charge id).
 */
export class FacialRoundsReactor implements Reactor<t.TypeOf<typeof DocumentUploaded>, FacialRoundWork> {
  readonly id = 'reactor:facial-rounds';
  readonly kind = 'reactor' as const;
  readonly workKind = FACIAL_ROUND_WORK;
  readonly payload = FacialRoundWork.payload;
  readonly canHandle = isEventOf(DocumentUploaded);
  readonly workFor = facialRoundWorkFor;
  readonly timeoutMs = 120_000;
  readonly maxAttempts = 10;

  constructor(private readonly deps: FacialRoundsDeps) {}

  async handle(events: StoredEvent[]): Promise<void> {
    const items: NewWorkItem[] = [];
    const now = this.deps.clock.now().getTime();
    for (const event of events) {
      const item = facialRoundWorkFor(event, now);
      if (item) items.push(item);
    }
    await this.deps.work.schedule(items);
  }

  async execute(item: WorkItem): Promise<WorkResult> {
    const { customer_id: customerId, causation } = FacialRoundWork.decode(item);
    await this.round(customerId, causation ?? null);
    return DONE;
  }

  private async round(customerId: string, causation: string | null): Promise<void> {
    const { log, clock } = this.deps;
    const { state } = await loadState(log, customerStream(customerId), customerDecider);
    if (state.status === 'none' || state.type !== 'pf') return;
    const pair = facialPair(state);
    if (!pair) return;
    const roundId = deterministicId(`facial-round:${pair.selfie}:${pair.identity}`);
    const at = () => clock.now().toISOString();
    const context = (step: string) => systemContext({ tenant_id: state.tenant_id, correlation_id: roundId, causation_id: causation, at: at() }, `${roundId}:${step}`);
    const live = state.environment === 'live';
    const charge = (type: 'Capture' | 'Release', amount = 0) =>
      ledgerCommand(log, type === 'Capture' ? { type, tenant_id: state.tenant_id, charge_id: roundId, amount, now: at() } : { type, tenant_id: state.tenant_id, charge_id: roundId, now: at() }, context(type.toLowerCase()));
    if (state.rounds[roundId] === 'completed') {
      // recorded before a crash could settle its charge: settle it now (a settled charge is left alone)
      if (live) await charge('Capture', await this.recordedCost(customerId, roundId));
      return;
    }
    if (!(await this.moduleOn(state.tenant_id))) return;
    const images = await this.images(state, pair);
    if (!images) return;
    const started = await handleCommand(log, customerStream(customerId), customerDecider, {
      type: 'StartFacialRound',
      round_id: roundId,
      selfie_document_id: pair.selfie,
      identity_document_id: pair.identity,
      now: at(),
    }, context('start'));
    if (E.isLeft(started)) return;
    const checks = ['face_match', 'passive_liveness'] as const;
    // the most the round can cost is held first; without credit every check ends in Error, free
    const suspended = live ? await billingSuspended(log, state.tenant_id) : null;
    const held = live && !suspended
      ? await ledgerCommand(log, { type: 'Reserve', tenant_id: state.tenant_id, charge_id: roundId, amount: FACIAL_CHECK_COST * checks.length, now: at() }, context('reserve'))
      : null;
    const refused = suspended !== null || (held !== null && E.isLeft(held));
    const results = refused
      ? Object.fromEntries(checks.map((c) => [c, { status: 'Error' as const, score: null, warnings: [], request_id: 'billing', message: 'billing suspended' }]))
      : await performChecks(state.environment === 'live' ? this.deps.provider.live : this.deps.provider.sandbox, checks, { user: images.selfie, ref: images.identity });
    const cost = live && !refused ? FACIAL_CHECK_COST * succeeded(results) : 0;
    const now = at();
    // the outcome is recorded before the charge is settled: a crash between the two settles it on the next execution
    await handleCommand(log, customerStream(customerId), customerDecider, { type: 'CompleteFacialRound', round_id: roundId, checks: recordedChecks(results, now), cost, now }, context('complete'));
    if (live) await (refused ? charge('Release') : charge('Capture', cost));
  }

  /** The cost recorded with a completed round. */
  private async recordedCost(customerId: string, roundId: string): Promise<number> {
    const completed = (await this.deps.log.readStream(customerStream(customerId))).find((e) => e.type === 'FacialRoundCompleted' && e.data['round_id'] === roundId);
    return typeof completed?.data['cost'] === 'number' ? completed.data['cost'] : 0;
  }

  private async moduleOn(tenantId: string): Promise<boolean> {
    const { state } = await loadState(this.deps.log, tenantStream(tenantId), tenantDecider);
    return state.status === 'active' && state.settings.facial_verification_master && state.settings.facial_verification_enabled;
  }

  /** Both files as images of a supported format, from their bytes; else no round. */
  private async images(state: Exclude<CustomerState, { status: 'none' }>, pair: { selfie: string; identity: string }): Promise<{ selfie: FacialImage; identity: FacialImage } | null> {
    const load = async (documentId: string): Promise<FacialImage | null> => {
      const document = state.documents[documentId]!;
      const blob = await this.deps.blobs.get(document.blob_key);
      const format = blob ? await imageFormat(blob.data) : null;
      return blob && format ? { data: blob.data, file_name: document.file_name, mime: format.mime } : null;
    };
    const [selfie, identity] = await Promise.all([load(pair.selfie), load(pair.identity)]);
    return selfie && identity ? { selfie, identity } : null;
  }
}
