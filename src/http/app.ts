import Koa from 'koa';
import Router from '@koa/router';
import type { Services } from '../services.js';
import { ApiError } from './errors.js';
import { authenticate, requireKey, requireOperator } from './middleware/auth.js';
import { errorHandler } from './middleware/errors.js';
import { rateLimit } from './middleware/rate-limit.js';
import { apiVersion, requestContext } from './middleware/request.js';
import { operatorAuditRouter } from './routers/operator/audit.js';
import { operatorTenantsRouter } from './routers/operator/tenants.js';
import type { RequestState } from './state.js';

export interface AppOptions {
  /** routers of public resources, mounted under /api/v1 behind auth, version and rate limits */
  apiRouters?: readonly Router<RequestState>[];
}

/**
 * The koa app: request id, errors, then either the public API (version, key, rate limit) or
 * the operator API (operator token). Unknown routes answer 404 not_found in the same envelope.
 */
export function createHttpApp(services: Services, options: AppOptions = {}): Koa<RequestState> {
  const app = new Koa<RequestState>({ proxy: services.config.trustProxy });
  app.silent = true;
  app.use(requestContext(services.logger, services.config.logRequests));
  app.use(errorHandler(services.logger));

  const api = new Router<RequestState>({ prefix: '/api/v1' });
  api.use(apiVersion());
  api.use(authenticate(services.readStore, services.config.defaultRateLimitPerMinute));
  api.use(rateLimit(services.rateLimiter, services.config.defaultRateLimitPerMinute));
  api.use(requireKey());
  for (const router of options.apiRouters ?? []) api.use(router.routes(), router.allowedMethods(allowedMethodsOptions));

  const operator = new Router<RequestState>({ prefix: '/operator/v1' });
  operator.use(requireOperator(services.operatorToken));
  for (const router of [operatorTenantsRouter(services), operatorAuditRouter(services)]) {
    operator.use(router.routes(), router.allowedMethods(allowedMethodsOptions));
  }

  // unmatched paths under a prefix still pass the prefix's middleware (auth first, then 404)
  api.all('/{*rest}', notFound);
  operator.all('/{*rest}', notFound);
  app.use(api.routes());
  app.use(operator.routes());
  app.use(notFound);
  return app;
}

const allowedMethodsOptions = {
  throw: true,
  methodNotAllowed: () => new ApiError('method_not_allowed', 'This method is not allowed on this path.'),
  notImplemented: () => new ApiError('method_not_allowed', 'This method is not implemented.'),
};

async function notFound(): Promise<never> {
  throw new ApiError('not_found', 'No such route.');
}
