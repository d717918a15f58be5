import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { EventMetadata } from '../adapters/event-store/port.js';
import { hmacHex } from '../adapters/crypto.js';
import { newId } from '../adapters/ids.js';
import type { DomainError } from '../domain/shared/decider.js';
import { idempotencyDecider, idempotencyStream } from '../domain/idempotency/decider.js';
import { handleCommand } from './handle-command.js';

export interface IdempotencyScope {
  tenant_id: string;
  environment: string;
  /** e.g. `POST /api/v1/bureau/runs` */
  endpoint: string;
}

export interface Claim {
  stream: string;
  claim_id: string;
}

export type Begin =
  | { kind: 'proceed'; claim: Claim }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'reused' };

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Idempotency-Key handling for any endpoint. The key is stored only as an HMAC keyed with the
 * service secret and scoped to tenant, environment and endpoint; its claim lives in its own
 * stream, so two requests racing on one key are ordered by the event store itself.
 */
export class Idempotency {
  constructor(
    private readonly log: EventLog,
    private readonly secretKey: string,
    private readonly leaseMs = 30_000,
    private readonly windowMs = IDEMPOTENCY_WINDOW_MS,
  ) {}

  streamFor(scope: IdempotencyScope, key: string): string {
    return idempotencyStream(hmacHex(this.secretKey, JSON.stringify([scope.tenant_id, scope.environment, scope.endpoint, key])));
  }

  async begin(scope: IdempotencyScope, key: string, requestHash: string, metadata: EventMetadata): Promise<E.Either<DomainError, Begin>> {
    const stream = this.streamFor(scope, key);
    const claimId = newId();
    const result = await handleCommand(
      this.log,
      stream,
      idempotencyDecider,
      { type: 'Claim', claim_id: claimId, request_hash: requestHash, now: metadata.occurred_at, lease_ms: this.leaseMs },
      { metadata, commandId: claimId },
    );
    if (E.isLeft(result)) return result;
    const { state, events } = result.right;
    if (events.length > 0) return E.right({ kind: 'proceed', claim: { stream, claim_id: claimId } });
    if (state.status !== 'completed') throw new Error('idempotency claim decided nothing on an open key');
    return E.right(
      state.request_hash === requestHash ? { kind: 'replay', status: state.response.status, body: state.response.body } : { kind: 'reused' },
    );
  }

  async record(claim: Claim, status: number, body: unknown, subject: string, metadata: EventMetadata): Promise<void> {
    await handleCommand(
      this.log,
      claim.stream,
      idempotencyDecider,
      { type: 'Record', claim_id: claim.claim_id, status, body, subject, now: metadata.occurred_at, window_ms: this.windowMs },
      { metadata, commandId: `${claim.claim_id}:record` },
    );
  }

  async release(claim: Claim, metadata: EventMetadata): Promise<void> {
    await handleCommand(
      this.log,
      claim.stream,
      idempotencyDecider,
      { type: 'Release', claim_id: claim.claim_id, now: metadata.occurred_at },
      { metadata, commandId: `${claim.claim_id}:release` },
    );
  }
}
