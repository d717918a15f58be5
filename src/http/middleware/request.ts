import type Koa from 'koa';
import { randomUUID } from 'node:crypto';
import type { Metrics } from '../../adapters/metrics.js';
import { withRequestId, type Logger } from '../../logger.js';
import { ApiError } from '../errors.js';
import type { RequestState } from '../state.js';

export const API_VERSIONS = ['2026-06-03', '2026-08-27', '2026-09-23'] as const;
export const LATEST_API_VERSION = API_VERSIONS[API_VERSIONS.length - 1]!;

/** The route template a request belongs to (`/api/v1/customers/:id`), or null when none is. */
export type RouteOf = (method: string, path: string) => string | null;

/** What the access log writes for a path no route knows: the raw path could be anything typed. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Request id on every response and on every log line written while the request is handled; one
 * access-log line and one duration observation per request. Both name the route template, never
 * the path: paths carry documents (`/customers/52998224725`) and file tokens (`/files/<token>`,
 * a grant by itself), and queries carry documents (`?doc=`).
 */
export function requestContext(logger: Logger, logRequests: boolean, routeOf: RouteOf, metrics?: Pick<Metrics, 'observeRequest'>): Koa.Middleware<RequestState> {
  const finished = (ctx: Koa.ParameterizedContext<RequestState>) => {
    const seconds = (performance.now() - ctx.state.startedAt) / 1000;
    const route = logRequests || metrics ? routeTemplate(ctx, routeOf) : UNMATCHED_ROUTE;
    metrics?.observeRequest(ctx.method, route, ctx.status, seconds);
    if (logRequests) {
      logger.info('request', {
        request_id: ctx.state.requestId,
        method: ctx.method,
        route,
        status: ctx.status,
        ms: Math.round(seconds * 10_000) / 10,
        tenant_id: ctx.state.principal?.tenant_id,
        key_id: ctx.state.principal?.key_id,
      });
    }
  };
  // no async function here: every promise a request makes costs the request scope's hook
  return (ctx, next) => {
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.startedAt = performance.now();
    ctx.state.livemode = false;
    setHeader(ctx, 'X-Request-Id', requestId);
    return withRequestId(requestId, () =>
      next().then(
        () => finished(ctx),
        (error: unknown) => {
          finished(ctx);
          throw error;
        },
      ),
    );
  };
}

/**
 * The template the router matched, as it recorded it (the same choice routeOf makes, without
 * matching again); for a request no route took (refused before routing, 404, 405): routeOf.
 */
function routeTemplate(ctx: Koa.Context, routeOf: RouteOf): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' ? matched : (routeOf(ctx.method, ctx.path) ?? UNMATCHED_ROUTE);
}

/** koa's ctx.set for one header with a string value, without the arrays it builds on every call. */
export function setHeader(ctx: Koa.Context, name: string, value: string): void {
  if (!ctx.headerSent) ctx.res.setHeader(name, value);
}

/**
 * `x-svc-api-version` pins a version; omitted means the latest; the answer echoes the version
 * used (the latest for an unknown one, which requireKnownApiVersion refuses once counted).
 */
export function apiVersion(): Koa.Middleware<RequestState> {
  return (ctx, next) => {
    const requested = ctx.get('x-svc-api-version');
    ctx.state.version = isKnownVersion(requested) ? requested : LATEST_API_VERSION;
    setHeader(ctx, 'X-Svc-Api-Version', ctx.state.version);
    return next();
  };
}

/** Refuses an unknown version; it runs after the rate limiter, so such a request still counts. */
export function requireKnownApiVersion(): Koa.Middleware<RequestState> {
  return (ctx, next) => {
    const requested = ctx.get('x-svc-api-version');
    if (requested && !isKnownVersion(requested)) {
      throw new ApiError('invalid_api_version', `Unsupported API version. Supported versions: ${API_VERSIONS.join(', ')}.`, 'x-svc-api-version');
    }
    return next();
  };
}

function isKnownVersion(version: string): boolean {
  return (API_VERSIONS as readonly string[]).includes(version);
}
