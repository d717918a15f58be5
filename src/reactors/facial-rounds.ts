import * as E from 'fp-ts/lib/Either.js';
import type { BiometricProvider, FacialImage } from '../adapters/biometrics/port.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { imageFormat } from '../adapters/image-format.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { billedChecks, recordedChecks } from '../commands/facial.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { customerDecider, customerStream, facialPair, IDENTITY_TYPES, type CustomerState } from '../domain/customer/decider.js';
import type { CustomerEvent } from '../domain/customer/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { errorText, type Logger } from '../logger.js';
import type { CustomerDoc } from '../projections/customers.js';
import { type Processor } from '../projections/runner.js';

const ROUND_DOCUMENT_TYPES: readonly string[] = ['selfie', ...IDENTITY_TYPES];

export interface FacialRoundsDeps {
  log: EventLog;
  readStore: ReadStore;
  blobs: BlobStore;
  provider: { sandbox: BiometricProvider; live: BiometricProvider };
  clock: Clock;
  logger: Logger;
}

/**
 * Automatic facial rounds: when a pf customer's upload completes a selfie and identity pair
 * (both real images) and the module is on at both layers, a round for that pair runs once
 * (its id derives from the pair); its checks are billed like the standalone ones, and the
 * round's result lands on the customer. Rounds started but not finished resume on start.
 */
export class FacialRoundsReactor implements Processor {
  readonly id = 'reactor:facial-rounds';
  readonly kind = 'reactor' as const;
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: FacialRoundsDeps) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const stored of events) {
      const event = stored as StoredEvent<CustomerEvent>;
      if (event.type === 'DocumentUploaded' && ROUND_DOCUMENT_TYPES.includes(event.data.type)) this.consider(event.data.customer_id, event.id);
    }
  }

  async resumeUnfinished(): Promise<void> {
    const pending = await this.deps.readStore.find<CustomerDoc>('customers', { where: { facial_round_pending: true }, limit: 10_000 });
    for (const customer of pending) this.consider(customer.customer_id, null);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  private consider(customerId: string, causation: string | null): void {
    const previous = this.running.get(customerId) ?? Promise.resolve();
    // one customer's rounds one after another; different customers in parallel
    const next = previous
      .then(() => this.round(customerId, causation))
      .catch((error: unknown) => this.deps.logger.error('facial round failed', { customer_id: customerId, error: errorText(error) }))
      .finally(() => {
        if (this.running.get(customerId) === next) this.running.delete(customerId);
      });
    this.running.set(customerId, next);
  }

  private async round(customerId: string, causation: string | null): Promise<void> {
    const { log, clock } = this.deps;
    const { state } = await loadState(log, customerStream(customerId), customerDecider);
    if (state.status === 'none' || state.type !== 'pf') return;
    const pair = facialPair(state);
    if (!pair) return;
    const roundId = deterministicId(`facial-round:${pair.selfie}:${pair.identity}`);
    if (state.rounds[roundId] === 'completed' || !(await this.moduleOn(state.tenant_id))) return;
    const images = await this.images(state, pair);
    if (!images) return;
    const metadata = () => ({
      tenant_id: state.tenant_id,
      actor: 'system',
      request_id: null,
      occurred_at: clock.now().toISOString(),
      correlation_id: roundId,
      causation_id: causation,
    });
    const started = await handleCommand(log, customerStream(customerId), customerDecider, {
      type: 'StartFacialRound',
      round_id: roundId,
      selfie_document_id: pair.selfie,
      identity_document_id: pair.identity,
      now: metadata().occurred_at,
    }, { metadata: metadata(), commandId: `${roundId}:start` });
    if (E.isLeft(started)) return;
    const provider = state.environment === 'live' ? this.deps.provider.live : this.deps.provider.sandbox;
    const billed = await billedChecks(
      log,
      provider,
      { tenant_id: state.tenant_id, environment: state.environment, charge_id: roundId, checks: ['face_match', 'passive_liveness'], user: images.selfie, ref: images.identity },
      { metadata: metadata(), commandId: `${roundId}:checks` },
    );
    // without credit the round ends with every check in Error, and nothing is charged
    const results = E.isRight(billed) ? billed.right.results : {
      face_match: { status: 'Error' as const, score: null, warnings: [], request_id: 'billing', message: 'billing suspended' },
      passive_liveness: { status: 'Error' as const, score: null, warnings: [], request_id: 'billing', message: 'billing suspended' },
    };
    const now = metadata().occurred_at;
    await handleCommand(log, customerStream(customerId), customerDecider, {
      type: 'CompleteFacialRound',
      round_id: roundId,
      checks: recordedChecks(results, now),
      cost: E.isRight(billed) ? billed.right.cost : 0,
      now,
    }, { metadata: metadata(), commandId: `${roundId}:complete` });
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
