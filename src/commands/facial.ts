import * as E from 'fp-ts/lib/Either.js';
import type { BiometricProvider, FacialCheck, FacialCheckResult, FacialImage } from '../adapters/biometrics/port.js';
import { errorResult } from '../adapters/biometrics/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { facialStream, type RecordedFacialCheck } from '../domain/facial/events.js';
import { DomainError } from '../domain/shared/decider.js';
import type { Environment } from '../domain/values/scopes.js';
import { handleCommand, type CommandContext } from './handle-command.js';
import { billingSuspended, ledgerCommand } from './ledger.js';

/** Credits per facial check whose status is Approved or Declined (decisions section 6). */
export const FACIAL_CHECK_COST = 2;
const CHECK_TIMEOUT_MS = 20_000;

export type FacialResults = Partial<Record<FacialCheck, FacialCheckResult>>;

/** Runs the requested checks at once; one failing never takes the others down. */
export async function performChecks(provider: BiometricProvider, checks: readonly FacialCheck[], images: { user: FacialImage; ref?: FacialImage }): Promise<FacialResults> {
  const entries = await Promise.all(
    checks.map(async (check): Promise<[FacialCheck, FacialCheckResult]> => {
      try {
        return [check, await provider.check(check, images, AbortSignal.timeout(CHECK_TIMEOUT_MS))];
      } catch {
        return [check, errorResult('internal', 'The check could not be run.')];
      }
    }),
  );
  return Object.fromEntries(entries);
}

export const succeeded = (results: FacialResults): number => Object.values(results).filter((r) => r.status !== 'Error').length;

export function recordedChecks(results: FacialResults, now: string): Partial<Record<FacialCheck, RecordedFacialCheck>> {
  return Object.fromEntries(Object.entries(results).map(([check, r]) => [check, { status: r.status, score: r.score, request_id: r.request_id, completed_at: now }]));
}

/**
 * Holds the most a set of checks can cost (live only), runs them, and takes only what the
 * successful ones cost; the rest is released. `402 billing_suspended` when it cannot be held.
 */
export async function billedChecks(
  log: EventLog,
  provider: BiometricProvider,
  input: { tenant_id: string; environment: Environment; charge_id: string; checks: readonly FacialCheck[]; user: FacialImage; ref?: FacialImage },
  context: CommandContext,
): Promise<E.Either<DomainError, { results: FacialResults; cost: number }>> {
  const live = input.environment === 'live';
  const now = () => context.metadata.occurred_at;
  if (live) {
    const suspended = await billingSuspended(log, input.tenant_id);
    if (suspended) return E.left(suspended);
    const held = await ledgerCommand(
      log,
      { type: 'Reserve', tenant_id: input.tenant_id, charge_id: input.charge_id, amount: FACIAL_CHECK_COST * input.checks.length, now: now() },
      { ...context, commandId: `${context.commandId}:reserve` },
    );
    if (E.isLeft(held)) return held;
  }
  const results = await performChecks(provider, input.checks, { user: input.user, ...(input.ref ? { ref: input.ref } : {}) });
  const cost = live ? FACIAL_CHECK_COST * succeeded(results) : 0;
  if (live) {
    await ledgerCommand(log, { type: 'Capture', tenant_id: input.tenant_id, charge_id: input.charge_id, amount: cost, now: now() }, { ...context, commandId: `${context.commandId}:capture` });
  }
  return E.right({ results, cost });
}

/** The standalone verification: billed checks, recorded as a fact with no customer. */
export async function verifyFacial(
  log: EventLog,
  provider: BiometricProvider,
  input: { tenant_id: string; environment: Environment; verification_id: string; checks: readonly FacialCheck[]; user: FacialImage; ref?: FacialImage },
  context: CommandContext,
): Promise<E.Either<DomainError, FacialResults>> {
  const billed = await billedChecks(log, provider, { ...input, charge_id: input.verification_id }, context);
  if (E.isLeft(billed)) return billed;
  await log.append(
    facialStream(input.verification_id),
    [
      {
        id: `${input.verification_id}`,
        type: 'FacialVerificationPerformed',
        data: {
          verification_id: input.verification_id,
          tenant_id: input.tenant_id,
          environment: input.environment,
          customer_id: null,
          checks: recordedChecks(billed.right.results, context.metadata.occurred_at),
          cost: billed.right.cost,
          performed_at: context.metadata.occurred_at,
        },
      },
    ],
    context.metadata,
    'no_stream',
  );
  return E.right(billed.right.results);
}
