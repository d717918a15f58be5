import type Koa from 'koa';
import { hashApiKey, secretsEqual } from '../../adapters/crypto.js';
import type { Scope, SubjectType } from '../../domain/values/scopes.js';
import type { ApiKeyDoc } from '../../projections/api-keys.js';
import type { DocCache } from '../../projections/doc-cache.js';
import type { TenantDoc } from '../../projections/tenants.js';
import { ApiError } from '../errors.js';
import type { RequestState } from '../state.js';

const KEY_FORMAT = /^sk_(live|test)_[A-Za-z0-9_-]{20,128}$/;

function presentedKey(ctx: Koa.Context): string | null {
  const header = ctx.get('x-api-key');
  if (header) return header.trim();
  const authorization = ctx.get('authorization');
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  return match ? match[1]!.trim() : null;
}

/**
 * Resolves the key to a principal, or records why it cannot; it throws nothing, so the rate
 * limiter (which counts unauthenticated requests per address) runs before requireKey answers.
 */
export function authenticate(docs: DocCache, defaultRateLimit: number): Koa.Middleware<RequestState> {
  // no async function here: every promise a request makes costs the request scope's hook
  return (ctx, next) => {
    const key = presentedKey(ctx);
    if (!key) {
      ctx.state.authFailure = 'missing_api_key';
      return next();
    }
    const format = KEY_FORMAT.exec(key);
    if (!format) {
      ctx.state.authFailure = 'invalid_api_key';
      return next();
    }
    ctx.state.livemode = format[1] === 'live';
    // looked up by its hash: the key itself is never compared, stored or logged
    const keyHash = hashApiKey(key);
    const cached = cachedKeyAndTenant(docs, keyHash);
    if (cached !== undefined) return admit(ctx, next, cached, defaultRateLimit);
    return keyAndTenant(docs, keyHash).then((found) => admit(ctx, next, found, defaultRateLimit));
  };
}

interface KeyAndTenant {
  doc: ApiKeyDoc;
  tenant: TenantDoc;
}

/** The key's principal on the request, or why it has none (null: unknown, revoked, or its tenant unknown). */
function admit(ctx: Koa.ParameterizedContext<RequestState>, next: Koa.Next, found: KeyAndTenant | null, defaultRateLimit: number): Promise<unknown> {
  if (!found) {
    ctx.state.authFailure = 'invalid_api_key';
    return next();
  }
  const { doc, tenant } = found;
  ctx.state.principal = {
    key_id: doc.key_id,
    tenant_id: doc.tenant_id,
    environment: doc.environment,
    scopes: doc.scopes,
    subject_type: doc.subject_type,
    rate_limit_per_minute: doc.rate_limit_per_minute ?? tenant.settings.rate_limit_per_minute ?? defaultRateLimit,
  };
  ctx.state.livemode = doc.environment === 'live';
  if (!tenant.settings.api_channel_enabled) ctx.state.channelDisabled = true;
  return next();
}

/** The key's document and its tenant's, when the key exists, is not revoked and its tenant exists. */
async function keyAndTenant(docs: DocCache, keyHash: string): Promise<KeyAndTenant | null> {
  const doc = await docs.get<ApiKeyDoc>('api_keys', keyHash);
  const tenant = doc && !doc.revoked_at ? await docs.get<TenantDoc>('tenants', doc.tenant_id) : null;
  return doc && tenant ? { doc, tenant } : null;
}

/** What keyAndTenant answers when memory holds both documents; undefined when it would read the store. */
function cachedKeyAndTenant(docs: DocCache, keyHash: string): KeyAndTenant | null | undefined {
  const doc = docs.cached<ApiKeyDoc>('api_keys', keyHash);
  if (doc === undefined) return undefined;
  if (doc.revoked_at) return null;
  const tenant = docs.cached<TenantDoc>('tenants', doc.tenant_id);
  return tenant === undefined ? undefined : { doc, tenant };
}

/** Refuses requests without a valid key, and every request of a tenant whose API channel is off. */
export function requireKey(): Koa.Middleware<RequestState> {
  return (ctx, next) => {
    if (ctx.state.authFailure === 'missing_api_key') {
      throw new ApiError('missing_api_key', 'No API key provided. Send it in the x-api-key header or as Authorization: Bearer.');
    }
    if (!ctx.state.principal) throw new ApiError('invalid_api_key', 'The API key is invalid, inactive or revoked.');
    if (ctx.state.channelDisabled) throw new ApiError('channel_disabled', 'The API channel is disabled for this account.');
    return next();
  };
}

export function requireScope(scope: Scope): Koa.Middleware<RequestState> {
  return (ctx, next) => {
    if (!ctx.state.principal?.scopes.includes(scope)) {
      throw new ApiError('insufficient_scope', `This API key lacks the ${scope} scope.`);
    }
    return next();
  };
}

/** A key restricted to one person type may not act on the other. */
export function assertSubjectTypeAllowed(state: RequestState, type: SubjectType): void {
  const allowed = state.principal?.subject_type;
  if (allowed && allowed !== type) {
    throw new ApiError('subject_type_not_allowed', `This API key is restricted to ${allowed} subjects.`, 'type');
  }
}

/** The operator API: one bearer token, compared in constant time. */
export function requireOperator(token: string): Koa.Middleware<RequestState> {
  return (ctx, next) => {
    const match = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'));
    if (!match || !secretsEqual(match[1]!.trim(), token)) {
      throw new ApiError('invalid_operator_token', 'Missing or invalid operator token.');
    }
    return next();
  };
}
