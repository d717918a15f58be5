import * as E from 'fp-ts/lib/Either.js';
import type { BiometricProvider, FacialCheck, FacialCheckResult, FacialImage, FacialSubject } from '../adapters/biometrics/port.js';
import { errorResult } from '../adapters/biometrics/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newId } from '../adapters/ids.js';
import { imageFormat } from '../adapters/image-format.js';
import { checksFor, facialModuleOn, facialStream, facialVerificationDecider, verificationAnswer, type FacialModuleSettings } from '../domain/facial/decider.js';
import type { RecordedFacialCheck } from '../domain/facial/events.js';
import { DomainError } from '../domain/shared/decider.js';
import type { Environment } from '../domain/values/scopes.js';
import { handleCommand, type CommandContext } from './handle-command.js';
import { billingSuspended, ledgerCommand } from './ledger.js';

/** Credits per facial check whose status is Approved or Declined (decisions section 6). */
export const FACIAL_CHECK_COST = 2;
const CHECK_TIMEOUT_MS = 20_000;

export type FacialResults = Partial<Record<FacialCheck, FacialCheckResult>>;

/** Runs the requested checks at once; one failing never takes the others down. */
export async function performChecks(provider: BiometricProvider, checks: readonly FacialCheck[], images: FacialSubject): Promise<FacialResults> {
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
  return Object.fromEntries(Object.entries(results).map(([check, r]) => [check, { status: r.status, score: r.score, request_id: r.request_id, completed_at: now, ...(r.evidence ? { evidence: r.evidence } : {}) }]));
}

/**
 * Holds the most a set of checks can cost (live only), runs them, and takes only what the
 * successful ones cost; the rest is released. `402 billing_suspended` when it cannot be held.
 */
export async function billedChecks(
  log: EventLog,
  provider: BiometricProvider,
  input: { tenant_id: string; environment: Environment; charge_id: string; checks: readonly FacialCheck[]; user: FacialImage; ref?: FacialImage; cpf?: string },
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
  const results = await performChecks(provider, input.checks, { user: input.user, ...(input.ref ? { ref: input.ref } : {}), ...(input.cpf ? { cpf: input.cpf } : {}) });
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
  input: { tenant_id: string; environment: Environment; verification_id: string; checks: readonly FacialCheck[]; user: FacialImage; ref?: FacialImage; cpf?: string },
  context: CommandContext,
): Promise<E.Either<DomainError, FacialResults>> {
  const billed = await billedChecks(log, provider, { ...input, charge_id: input.verification_id }, context);
  if (E.isLeft(billed)) return billed;
  const now = context.metadata.occurred_at;
  const { verification_id, tenant_id, environment } = input;
  const record = { type: 'RecordFacialVerification' as const, verification_id, tenant_id, environment, checks: recordedChecks(billed.right.results, now), cost: billed.right.cost, now };
  const recorded = await handleCommand(log, facialStream(verification_id), facialVerificationDecider, record, context);
  if (E.isLeft(recorded)) return recorded;
  return E.right(billed.right.results);
}

/** Reads a tenant's document from the tenants read model (the caller's cache of it). */
export interface TenantLookup {
  get<T>(collection: 'tenants', id: string): Promise<T | null>;
}

/** The standalone verification is a module the operator grants (master) and the tenant turns on. */
export async function facialVerificationEnabled(tenants: TenantLookup, tenantId: string): Promise<E.Either<DomainError, true>> {
  const tenant = await tenants.get<{ settings: FacialModuleSettings }>('tenants', tenantId);
  return facialModuleOn(tenant?.settings ?? null);
}

/** An uploaded image: its bytes and the (cleaned) name the client gave it. */
export interface UploadedImage {
  readonly data: Buffer;
  readonly file_name: string;
}

async function image(file: UploadedImage, param: string): Promise<E.Either<DomainError, FacialImage>> {
  const format = await imageFormat(file.data);
  if (!format) return E.left(new DomainError('invalid_image_format', `${param} must be a JPG, PNG, WEBP or TIFF image whose header decodes.`, param));
  return E.right({ data: file.data, file_name: file.file_name, mime: format.mime });
}

/**
 * `POST /verificacoes/facial`: face_match needs a reference image; both images must decode; the
 * key's environment picks the provider. When no check succeeded, nothing was charged and the
 * answer is a refusal (the fact is recorded all the same).
 */
export async function verifyStandaloneFacial(
  deps: { log: EventLog; biometrics: { sandbox: BiometricProvider; live: BiometricProvider } },
  key: { tenant_id: string; environment: Environment },
  request: { user_image: UploadedImage; ref_image?: UploadedImage | undefined; checks?: string | undefined; cpf?: string | undefined },
  context: CommandContext,
): Promise<E.Either<DomainError, FacialResults>> {
  // a CPF is a reference too: the provider compares with the person's official photo (Datavalid)
  const checks = checksFor(request.checks, request.ref_image !== undefined || request.cpf !== undefined);
  if (E.isLeft(checks)) return checks;
  const user = await image(request.user_image, 'user_image');
  if (E.isLeft(user)) return user;
  const ref = request.ref_image ? await image(request.ref_image, 'ref_image') : undefined;
  if (ref && E.isLeft(ref)) return ref;
  const provider = key.environment === 'live' ? deps.biometrics.live : deps.biometrics.sandbox;
  const verification = { tenant_id: key.tenant_id, environment: key.environment, verification_id: newId(), checks: checks.right, user: user.right, ...(ref ? { ref: ref.right } : {}), ...(request.cpf ? { cpf: request.cpf } : {}) };
  const result = await verifyFacial(deps.log, provider, verification, context);
  return E.isRight(result) ? verificationAnswer(result.right) : result;
}
