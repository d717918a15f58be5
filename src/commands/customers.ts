import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { hmacHex } from '../adapters/crypto.js';
import { deterministicId } from '../adapters/ids.js';
import { customerDecider, customerStream, type CustomerCommand, type CustomerState } from '../domain/customer/decider.js';
import type { CustomerEvent } from '../domain/customer/events.js';
import { maximumCost } from '../domain/run/evaluate.js';
import { reservationDecider } from '../domain/reservation/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import type { Environment, SubjectType } from '../domain/values/scopes.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';
import { billingSuspended, ledgerCommand } from './ledger.js';
import { queueRun, subjectRef, type RunTemplate } from './runs.js';

export interface NewCustomer {
  tenant_id: string;
  environment: Environment;
  type: SubjectType;
  doc: string;
  /** personal fields as validated (name, email, phone, address, birth_date, type-specific) */
  profile: Record<string, unknown>;
  external_id: string | null;
  metadata: Record<string, string>;
  onboarding_profile: string | null;
  webhook_url: string | null;
  /** the template of the bureau run to start, or null for a draft */
  template: RunTemplate | null;
  /** the run's subject fields (the template's parameters) */
  run_subject: Record<string, string>;
}

export interface CreatedCustomer {
  customer_id: string;
  run_id: string | null;
  completed_draft: boolean;
  position: number | null;
}

/** `customerdoc-<hmac>` / `customerext-<hmac>`: keyed hashes, so stream names reveal no document. */
export const documentClaimStream = (secret: string, tenantId: string, environment: Environment, doc: string) =>
  `customerdoc-${hmacHex(secret, `${tenantId}|${environment}|${doc}`)}`;
export const externalIdClaimStream = (secret: string, tenantId: string, environment: Environment, externalId: string) =>
  `customerext-${hmacHex(secret, `${tenantId}|${environment}|${externalId}`)}`;

type Claim = { kind: 'mine'; fresh: boolean } | { kind: 'taken'; owner: string };

/** How long a claim whose customer does not exist yet is presumed to be a registration in progress. */
const CLAIM_GRACE_MS = 30_000;

/**
 * Claims a unique value for `owner`. A claim held by a customer that never came to exist (the
 * process died between the claim and the registration) is taken over once it is older than
 * the grace period; a younger one is a concurrent creation that is still finishing.
 */
async function claim(log: EventLog, stream: string, owner: string, context: CommandContext, step: string): Promise<Claim> {
  const now = context.metadata.occurred_at;
  const first = await handleCommand(log, stream, reservationDecider, { type: 'Reserve', owner_id: owner, now }, { ...context, commandId: `${context.commandId}:${step}` });
  if (E.isRight(first)) return { kind: 'mine', fresh: first.right.events.length > 0 };
  const holder = String(first.left.extra['owner_id']);
  const existing = await loadState(log, customerStream(holder), customerDecider);
  const age = Date.parse(now) - Date.parse(String(first.left.extra['reserved_at']));
  if (existing.state.status !== 'none' || !(age > CLAIM_GRACE_MS)) return { kind: 'taken', owner: holder };
  const takeover = await handleCommand(log, stream, reservationDecider, { type: 'Reserve', owner_id: owner, takeover_from: holder, now }, {
    ...context,
    commandId: `${context.commandId}:${step}:takeover`,
  });
  if (E.isLeft(takeover)) return { kind: 'taken', owner: String(takeover.left.extra['owner_id']) };
  return { kind: 'mine', fresh: true };
}

async function release(log: EventLog, stream: string, owner: string, context: CommandContext, step: string) {
  await handleCommand(log, stream, reservationDecider, { type: 'Release', owner_id: owner, now: context.metadata.occurred_at }, { ...context, commandId: `${context.commandId}:${step}` });
}

/**
 * Creates (or completes the draft of) a customer, and starts its bureau run when a template is
 * given. Uniqueness of document and external_id per tenant holds through reservation streams,
 * so two concurrent creations of one document make one customer.
 */
export async function createCustomer(log: EventLog, secret: string, input: NewCustomer, context: CommandContext): Promise<E.Either<DomainError, CreatedCustomer>> {
  const billed = input.environment === 'live' && input.template !== null;
  if (billed) {
    const suspended = await billingSuspended(log, input.tenant_id);
    if (suspended) return E.left(suspended);
  }
  const newId = deterministicId(`${context.commandId}:customer`);
  const docStream = documentClaimStream(secret, input.tenant_id, input.environment, input.doc);
  const docClaim = await claim(log, docStream, newId, context, 'claim-doc');
  let customerId = newId;
  let completingDraft = false;
  let draftExternalId: string | null = null;
  if (docClaim.kind === 'taken') {
    const existing = await loadState(log, customerStream(docClaim.owner), customerDecider);
    // a customer still being registered by a concurrent request counts as existing
    if (existing.state.status !== 'rascunho') {
      return E.left(new DomainError('customer_already_exists', 'A customer with this document already exists.', 'doc', { existing_customer_id: docClaim.owner }));
    }
    customerId = docClaim.owner;
    completingDraft = true;
    draftExternalId = existing.state.external_id;
  }
  const undoDocClaim = async () => {
    if (docClaim.kind === 'mine' && docClaim.fresh) await release(log, docStream, newId, context, 'release-doc');
  };
  const extStream = (externalId: string) => externalIdClaimStream(secret, input.tenant_id, input.environment, externalId);
  let freshExtClaim = false;
  if (input.external_id !== null) {
    const extClaim = await claim(log, extStream(input.external_id), customerId, context, 'claim-ext');
    if (extClaim.kind === 'taken') {
      await undoDocClaim();
      return E.left(new DomainError('external_id_conflict', 'This external_id is already used by another customer.', 'external_id', { existing_customer_id: extClaim.owner }));
    }
    freshExtClaim = extClaim.fresh;
  }
  const undoClaims = async () => {
    await undoDocClaim();
    if (freshExtClaim && input.external_id !== null) await release(log, extStream(input.external_id), customerId, context, 'release-ext');
  };
  const runId = input.template ? deterministicId(`${context.commandId}:run`) : null;
  const now = context.metadata.occurred_at;
  // the run's credit is held before the customer is written: a refusal leaves nothing behind
  if (billed && input.template && runId) {
    const reserve = { type: 'Reserve' as const, tenant_id: input.tenant_id, charge_id: runId, amount: maximumCost(input.template.definition), now };
    const reserved = await ledgerCommand(log, reserve, { ...context, commandId: `${context.commandId}:reserve` }).catch(async (error: unknown) => {
      await undoClaims();
      throw error;
    });
    if (E.isLeft(reserved)) {
      await undoClaims();
      return E.left(reserved.left);
    }
  }
  const releaseCredit = async () => {
    if (billed && runId) await ledgerCommand(log, { type: 'Release', tenant_id: input.tenant_id, charge_id: runId, now }, { ...context, commandId: `${context.commandId}:release` });
  };
  const registration = {
    profile: { ...input.profile, doc: input.doc },
    subject_ref: subjectRef(secret, input.tenant_id, input.environment, input.doc),
    external_id: input.external_id,
    metadata: input.metadata,
    onboarding_profile: input.onboarding_profile,
    webhook_url: input.webhook_url,
  };
  let registered: Awaited<ReturnType<typeof handleCommand<CustomerCommand, CustomerState, CustomerEvent>>>;
  try {
    registered = completingDraft
      ? await handleCommand(log, customerStream(customerId), customerDecider, { type: 'CompleteDraft', run_id: runId, now, ...registration }, context)
      : await handleCommand(
          log,
          customerStream(customerId),
          customerDecider,
          { type: 'Register', customer_id: customerId, tenant_id: input.tenant_id, environment: input.environment, subject_type: input.type, run_id: runId, now, ...registration },
          context,
        );
  } catch (error) {
    await releaseCredit();
    await undoClaims();
    throw error;
  }
  if (E.isLeft(registered)) {
    await releaseCredit();
    await undoClaims();
    return registered;
  }
  // a completed draft that changed its external_id frees the old one
  if (completingDraft && draftExternalId !== null && draftExternalId !== input.external_id) {
    await release(log, extStream(draftExternalId), customerId, context, 'release-old-ext');
  }
  let position = registered.right.position;
  if (input.template && runId) {
    // the customer is written: if its run cannot be queued, it goes back to a draft (which the
    // same request, retried, completes) and its credit is released, so nothing points at no run
    const abort = async (reason: string) => {
      await handleCommand(log, customerStream(customerId), customerDecider, { type: 'AbortRun', run_id: runId, reason, now }, { ...context, commandId: `${context.commandId}:abort` });
      await releaseCredit();
    };
    let queued: Awaited<ReturnType<typeof queueRun>>;
    try {
      queued = await queueRun(
        log,
        secret,
        {
          tenant_id: input.tenant_id,
          environment: input.environment,
          template: input.template,
          subject: { ...input.run_subject, type: input.type, doc: input.doc },
          external_id: input.external_id,
          metadata: input.metadata,
          webhook_url: input.webhook_url,
          customer_id: customerId,
          credit_held: billed,
        },
        context,
      );
    } catch (error) {
      await abort('internal_error');
      throw error;
    }
    if (E.isLeft(queued)) {
      await abort(queued.left.code);
      return E.left(queued.left);
    }
    position = queued.right.position ?? position;
  }
  return E.right({ customer_id: customerId, run_id: runId, completed_draft: completingDraft, position });
}
