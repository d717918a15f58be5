import { ERASED } from '../../domain/shared/personal.js';
import type Koa from 'koa';
import * as E from 'fp-ts/lib/Either.js';
import { sha256Hex } from '../../adapters/crypto.js';
import { canonicalJson } from '../../domain/shared/canonical-json.js';
import type { Clock } from '../../adapters/clock.js';
import type { Idempotency } from '../../commands/idempotency.js';
import { ApiError, fromDomainError } from '../errors.js';
import { commandContext } from '../metadata.js';
import type { RequestState } from '../state.js';

const MAX_KEY_LENGTH = 255;

/**
 * Idempotency-Key for one endpoint (after jsonBody and auth): a replay answers the stored 2xx
 * with `Idempotent-Replayed: true`; a key in flight answers 409 with Retry-After; the same key
 * with another body answers 400 idempotency_key_reused; non-2xx answers are not kept.
 * Handlers name whose personal data the response holds in `ctx.state.piiSubject`.
 */
export function idempotent(endpoint: string, idempotency: Idempotency, clock: Clock): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key) return next();
    if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
      throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', 'Idempotency-Key');
    }
    const principal = ctx.state.principal!;
    const scope = { tenant_id: principal.tenant_id, environment: principal.environment, endpoint };
    // two bodies that differ only in key order or spacing are the same request
    const requestHash = sha256Hex(`${ctx.method} ${ctx.path}\n${canonicalJson(ctx.state.body ?? null)}`);
    const context = commandContext(ctx, clock, principal.tenant_id, ':idempotency');
    const begun = await idempotency.begin(scope, key, requestHash, context.metadata);
    if (E.isLeft(begun)) throw fromDomainError(begun.left);
    const outcome = begun.right;
    if (outcome.kind === 'replay') {
      // the recorded answer was erased with its subject's personal data: never repeat the request
      // (it could act on an erased subject again), never answer the marker as if it were the body
      if (outcome.body === ERASED) {
        throw new ApiError('idempotent_response_erased', 'The response recorded for this Idempotency-Key held personal data that has since been erased; the request was not repeated. Read the resource instead.', 'Idempotency-Key');
      }
      ctx.status = outcome.status;
      ctx.body = outcome.body;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    if (outcome.kind === 'reused') {
      throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.', 'Idempotency-Key');
    }
    const later = () => commandContext(ctx, clock, principal.tenant_id, ':idempotency').metadata;
    try {
      await next();
    } catch (error) {
      await idempotency.release(outcome.claim, later());
      throw error;
    }
    if (ctx.status >= 200 && ctx.status < 300) {
      await idempotency.record(outcome.claim, ctx.status, ctx.body, ctx.state.piiSubject ?? `tenant:${principal.tenant_id}`, later());
    } else {
      await idempotency.release(outcome.claim, later());
    }
  };
}
