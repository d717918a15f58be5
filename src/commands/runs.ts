import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { hmacHex } from '../adapters/crypto.js';
import { deterministicId } from '../adapters/ids.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { estimatedSeconds, maximumCost } from '../domain/run/evaluate.js';
import { DomainError } from '../domain/shared/decider.js';
import type { Environment, SubjectType } from '../domain/values/scopes.js';
import type { Template } from '../domain/template/decider.js';
import { handleCommand, type CommandContext } from './handle-command.js';
import { billingSuspended, ledgerCommand } from './ledger.js';

/** A template as a run records it. */
export type RunTemplate = Pick<Template, 'template_id' | 'version' | 'definition'>;

export interface NewRun {
  tenant_id: string;
  environment: Environment;
  template: RunTemplate;
  subject: { type: SubjectType; doc: string } & Record<string, string>;
  external_id: string | null;
  metadata: Record<string, string>;
  webhook_url: string | null;
  customer_id: string | null;
  /** the caller already holds the run's maximum cost under the run id (customer creation) */
  credit_held?: boolean;
}

export interface QueuedRun {
  run_id: string;
  estimated_seconds: number;
  position: number | null;
}

/** Keyed hash of tenant, environment and document: names a subject without its document. */
export const subjectRef = (secretKey: string, tenantId: string, environment: Environment, doc: string): string =>
  `subj_${hmacHex(secretKey, `${tenantId}|${environment}|${doc}`).slice(0, 40)}`;

/**
 * Queues a run. Live runs first reserve the template's maximum cost on the tenant ledger (the
 * ledger's own stream revision keeps the balance from going negative under concurrency); the
 * run id derives from the command id, so a retried command reserves and queues the same run.
 * If queueing fails after the reservation, the reservation is released.
 */
export async function queueRun(log: EventLog, secretKey: string, input: NewRun, context: CommandContext): Promise<E.Either<DomainError, QueuedRun>> {
  const runId = deterministicId(`${context.commandId}:run`);
  const now = context.metadata.occurred_at;
  const definition = input.template.definition;
  const reserve = input.environment === 'live' ? maximumCost(definition) : 0;
  if (input.environment === 'live' && !input.credit_held) {
    const suspended = await billingSuspended(log, input.tenant_id);
    if (suspended) return E.left(suspended);
    const reserved = await ledgerCommand(log, { type: 'Reserve', tenant_id: input.tenant_id, charge_id: runId, amount: reserve, now }, { ...context, commandId: `${context.commandId}:reserve` });
    if (E.isLeft(reserved)) return reserved;
  }
  const run = {
    run_id: runId,
    tenant_id: input.tenant_id,
    environment: input.environment,
    template: { template_id: input.template.template_id, version: input.template.version, definition },
    subject: input.subject,
    subject_type: input.subject.type,
    subject_ref: subjectRef(secretKey, input.tenant_id, input.environment, input.subject.doc),
    external_id: input.external_id,
    metadata: input.metadata,
    webhook_url: input.webhook_url,
    customer_id: input.customer_id,
    estimated_seconds: estimatedSeconds(definition),
    reserved_credits: reserve,
    created_at: now,
  };
  try {
    const queued = await handleCommand(log, runStream(runId), runDecider, { type: 'QueueRun', run }, context);
    if (E.isLeft(queued)) throw new Error(`run could not be queued: ${queued.left.code}`);
    return E.right({ run_id: runId, estimated_seconds: run.estimated_seconds, position: queued.right.position });
  } catch (error) {
    if (reserve > 0) {
      await ledgerCommand(log, { type: 'Release', tenant_id: input.tenant_id, charge_id: runId, now }, { ...context, commandId: `${context.commandId}:release` });
    }
    throw error;
  }
}
