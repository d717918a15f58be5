import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { hmacHex } from '../adapters/crypto.js';
import { deterministicId } from '../adapters/ids.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { maximumCost } from '../domain/run/evaluate.js';
import { reservationDecider } from '../domain/reservation/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import type { Environment, SubjectType } from '../domain/values/scopes.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';
import { billingSuspended, ledgerCommand } from './ledger.js';
import { queueRun, subjectRef, type RunTemplate } from './runs.js';
import { runSteps, type Step, type StepFailure } from './workflow.js';

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

/** What the steps of one creation learn as they go: whose customer it is, and where it was written. */
interface Creation {
  readonly newId: string;
  readonly runId: string | null;
  customerId: string;
  completingDraft: boolean;
  draftExternalId: string | null;
  position: number | null;
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
  const runId = input.template ? deterministicId(`${context.commandId}:run`) : null;
  const creation: Creation = { newId, runId, customerId: newId, completingDraft: false, draftExternalId: null, position: null };
  const steps = new CreationSteps(log, secret, input, context, creation);
  const done = await runSteps([
    steps.claimDocument(),
    ...(input.external_id !== null ? [steps.claimExternalId(input.external_id)] : []),
    // the run's credit is held before the customer is written: a refusal leaves nothing behind
    ...(billed ? [steps.holdCredit()] : []),
    steps.register(),
    steps.releaseOldExternalId(),
    ...(input.template ? [steps.queueRun(input.template, billed)] : []),
  ]);
  if (E.isLeft(done)) return done;
  return E.right({ customer_id: creation.customerId, run_id: runId, completed_draft: creation.completingDraft, position: creation.position });
}

/** The steps of a creation, each with what puts it back if a later one fails. */
class CreationSteps {
  private readonly now: string;

  constructor(
    private readonly log: EventLog,
    private readonly secret: string,
    private readonly input: NewCustomer,
    private readonly context: CommandContext,
    private readonly creation: Creation,
  ) {
    this.now = context.metadata.occurred_at;
  }

  private extStream(externalId: string): string {
    return externalIdClaimStream(this.secret, this.input.tenant_id, this.input.environment, externalId);
  }

  /** The document's claim; held by a draft, the creation completes that draft instead. */
  claimDocument(): Step<Claim> {
    const { log, input, context, creation } = this;
    const docStream = documentClaimStream(this.secret, input.tenant_id, input.environment, input.doc);
    return {
      name: 'claim-doc',
      async run() {
        const docClaim = await claim(log, docStream, creation.newId, context, 'claim-doc');
        if (docClaim.kind === 'mine') return E.right(docClaim);
        const existing = await loadState(log, customerStream(docClaim.owner), customerDecider);
        // a customer still being registered by a concurrent request counts as existing
        if (existing.state.status !== 'rascunho') {
          return E.left(new DomainError('customer_already_exists', 'A customer with this document already exists.', 'doc', { existing_customer_id: docClaim.owner }));
        }
        creation.customerId = docClaim.owner;
        creation.completingDraft = true;
        creation.draftExternalId = existing.state.external_id;
        return E.right(docClaim);
      },
      async undo(docClaim) {
        if (docClaim.kind === 'mine' && docClaim.fresh) await release(log, docStream, creation.newId, context, 'release-doc');
      },
    };
  }

  claimExternalId(externalId: string): Step<Claim> {
    const { log, context, creation } = this;
    const stream = this.extStream(externalId);
    return {
      name: 'claim-ext',
      async run() {
        const extClaim = await claim(log, stream, creation.customerId, context, 'claim-ext');
        if (extClaim.kind === 'taken') {
          return E.left(new DomainError('external_id_conflict', 'This external_id is already used by another customer.', 'external_id', { existing_customer_id: extClaim.owner }));
        }
        return E.right(extClaim);
      },
      async undo(extClaim) {
        if (extClaim.kind === 'mine' && extClaim.fresh) await release(log, stream, creation.customerId, context, 'release-ext');
      },
    };
  }

  /** The most the run can cost, held on the tenant's ledger until the run is queued. */
  holdCredit(): Step<unknown> {
    const { log, input, context, now } = this;
    const chargeId = this.creation.runId!;
    return {
      name: 'hold-credit',
      run: () => {
        const reserve = { type: 'Reserve' as const, tenant_id: input.tenant_id, charge_id: chargeId, amount: maximumCost(input.template!.definition), now };
        return ledgerCommand(log, reserve, { ...context, commandId: `${context.commandId}:reserve` });
      },
      async undo() {
        await ledgerCommand(log, { type: 'Release', tenant_id: input.tenant_id, charge_id: chargeId, now }, { ...context, commandId: `${context.commandId}:release` });
      },
    };
  }

  /**
   * The customer written (or its draft completed): its claims are its own from then on. If its
   * run cannot be queued, it goes back to a draft (which the same request, retried, completes),
   * so nothing points at no run.
   */
  register(): Step<unknown> {
    const { log, input, context, creation, now } = this;
    const registration = {
      profile: { ...input.profile, doc: input.doc },
      subject_ref: subjectRef(this.secret, input.tenant_id, input.environment, input.doc),
      external_id: input.external_id,
      metadata: input.metadata,
      onboarding_profile: input.onboarding_profile,
      webhook_url: input.webhook_url,
    };
    const stream = () => customerStream(creation.customerId);
    return {
      name: 'register',
      commits: ['claim-doc', 'claim-ext'],
      async run() {
        const registered = creation.completingDraft
          ? await handleCommand(log, stream(), customerDecider, { type: 'CompleteDraft', run_id: creation.runId, now, ...registration }, context)
          : await handleCommand(
              log,
              stream(),
              customerDecider,
              { type: 'Register', customer_id: creation.customerId, tenant_id: input.tenant_id, environment: input.environment, subject_type: input.type, run_id: creation.runId, now, ...registration },
              context,
            );
        if (E.isRight(registered)) creation.position = registered.right.position;
        return registered;
      },
      ...(creation.runId === null
        ? {}
        : {
            async undo(_: unknown, failure: StepFailure) {
              const reason = failure.kind === 'refused' ? failure.error.code : 'internal_error';
              await handleCommand(log, stream(), customerDecider, { type: 'AbortRun', run_id: creation.runId!, reason, now }, { ...context, commandId: `${context.commandId}:abort` });
            },
          }),
    };
  }

  /** A completed draft that changed its external_id frees the old one. */
  releaseOldExternalId(): Step<unknown> {
    const { log, input, context, creation } = this;
    return {
      name: 'release-old-ext',
      run: async () => {
        const old = creation.draftExternalId;
        if (creation.completingDraft && old !== null && old !== input.external_id) await release(log, this.extStream(old), creation.customerId, context, 'release-old-ext');
        return E.right(undefined);
      },
    };
  }

  queueRun(template: RunTemplate, creditHeld: boolean): Step<unknown> {
    const { log, input, context, creation } = this;
    return {
      name: 'queue-run',
      run: async () => {
        const queued = await queueRun(
          log,
          this.secret,
          {
            tenant_id: input.tenant_id,
            environment: input.environment,
            template,
            subject: { ...input.run_subject, type: input.type, doc: input.doc },
            external_id: input.external_id,
            metadata: input.metadata,
            webhook_url: input.webhook_url,
            customer_id: creation.customerId,
            credit_held: creditHeld,
          },
          context,
        );
        if (E.isRight(queued)) creation.position = queued.right.position ?? creation.position;
        return queued;
      },
    };
  }
}
