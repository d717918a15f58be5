import type Koa from 'koa';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logger.js';
import { ApiError } from '../errors.js';
import type { RequestState } from '../state.js';

export const API_VERSIONS = ['2026-06-03', '2026-08-27', '2026-09-23'] as const;
export const LATEST_API_VERSION = API_VERSIONS[API_VERSIONS.length - 1]!;

/** Request id on every response, and one access-log line per request (path without query). */
export function requestContext(logger: Logger, logRequests: boolean): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.state.startedAt = performance.now();
    ctx.state.livemode = false;
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      if (logRequests) {
        logger.info('request', {
          request_id: ctx.state.requestId,
          method: ctx.method,
          // the path only: queries may carry documents (customer list ?doc=)
          path: ctx.path,
          status: ctx.status,
          ms: Math.round((performance.now() - ctx.state.startedAt) * 10) / 10,
          tenant_id: ctx.state.principal?.tenant_id,
          key_id: ctx.state.principal?.key_id,
        });
      }
    }
  };
}

/** `x-svc-api-version` pins a version; omitted means the latest; the answer echoes the version used. */
export function apiVersion(): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    const requested = ctx.get('x-svc-api-version');
    ctx.set('X-Svc-Api-Version', LATEST_API_VERSION);
    ctx.state.version = LATEST_API_VERSION;
    if (requested) {
      if (!(API_VERSIONS as readonly string[]).includes(requested)) {
        throw new ApiError(
          'invalid_api_version',
          `Unsupported API version. Supported versions: ${API_VERSIONS.join(', ')}.`,
          'x-svc-api-version',
        );
      }
      ctx.state.version = requested;
      ctx.set('X-Svc-Api-Version', requested);
    }
    await next();
  };
}
