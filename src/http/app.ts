import Koa from 'koa';
import compose from 'koa-compose';
import Router from '@koa/router';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../adapters/metrics.js';
import type { DocCache } from '../projections/doc-cache.js';
import { ApiError } from './errors.js';
import { authenticate, requireKey, requireOperator } from './middleware/auth.js';
import { errorHandler } from './middleware/errors.js';
import { rateLimit, type FixedWindowRateLimiter } from './middleware/rate-limit.js';
import { apiVersion, requestContext, requireKnownApiVersion, type RouteOf } from './middleware/request.js';
import type { RequestState } from './state.js';
import { cachedOpenApiDocument, openApiRouter } from './openapi.js';
import type { DashboardState } from './dashboard/state.js';

/** The routers of the app, by where they are mounted; the composition (src/app) gathers them from the modules. */
export interface AppRoutes {
  api: readonly Router<RequestState>[];
  operator: readonly Router<RequestState>[];
  files: readonly Router<RequestState>[];
  platform: readonly Router<RequestState>[];
  dashboard: { router: Router<DashboardState>; middleware: Koa.Middleware<DashboardState> };
}

/** What the app itself uses around the routers: request context, authentication, rate limits, operator token. */
export interface HttpAppDeps {
  config: Pick<Config, 'trustProxy' | 'logRequests' | 'defaultRateLimitPerMinute'>;
  logger: Logger;
  metrics: Metrics;
  /** the hot API-key and tenant documents authentication reads */
  docCache: DocCache;
  rateLimiter: FixedWindowRateLimiter;
  operatorToken: string;
  routes: AppRoutes;
}

export interface AppOptions {
  /** more public routers (tests, benchmarks), mounted beside the resources under /api/v1 */
  extraApiRouters?: readonly Router<RequestState>[];
  /** outermost middleware, seeing every final response (the tests' contract validator) */
  outermost?: Koa.Middleware<RequestState>;
}

// router middleware expects router fields on the context, which it adds itself
type Middleware = Koa.Middleware<RequestState, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The koa app: request id, access log and errors for everything; then, by path prefix, the
 * public API (version, key, rate limit, then the resource routers) or the operator API
 * (operator token). Unknown paths pass the same checks as known ones and then answer 404
 * not_found (or 405 when the path exists with another method), in the same error envelope.
 */
export function createHttpApp(services: HttpAppDeps, options: AppOptions = {}): Koa<RequestState> {
  const app = new Koa<RequestState>({ proxy: services.config.trustProxy });
  app.silent = true;

  const { contract, operations, api, operator, files } = appRouters(services.routes, options);
  // HTML for people, outside the API's contract and its route table
  const console = services.routes.dashboard;

  if (options.outermost) app.use(options.outermost);
  app.use(requestContext(services.logger, services.config.logRequests, routeTemplates([contract, operations, api, operator, files, console.router]), services.metrics));
  app.use(errorHandler(services.logger));
  app.use(under('/dashboard', console.middleware as Middleware));
  app.use(contract.routes());
  app.use(skipUnder('/api/', operations.routes()));
  app.use(
    under(
      '/api/',
      apiVersion(),
      authenticate(services.docCache, services.config.defaultRateLimitPerMinute),
      // every public request counts and carries X-RateLimit-*, however it is refused after this
      rateLimit(services.rateLimiter, services.config.defaultRateLimitPerMinute),
      requireKnownApiVersion(),
      requireKey(),
      notFoundAfter(),
      api.routes(),
      api.allowedMethods(allowedMethodsOptions),
    ),
  );
  app.use(under('/operator/', requireOperator(services.operatorToken), notFoundAfter(), operator.routes(), operator.allowedMethods(allowedMethodsOptions)));
  app.use(under('/files/', notFoundAfter(), files.routes(), files.allowedMethods(allowedMethodsOptions)));

  app.use(notFoundAfter());
  return app;
}

/** The routers of the app, mounted at their prefixes. */
function appRouters(routes: AppRoutes, options: AppOptions = {}) {
  return {
    // the published contract needs no key
    contract: openApiRouter(cachedOpenApiDocument),
    // /healthz, /readyz, /metrics: for the platform, outside both APIs
    operations: single(routes.platform),
    api: mountRouters('/api/v1', [...routes.api, ...(options.extraApiRouters ?? [])]),
    operator: mountRouters('/operator/v1', routes.operator),
    // signed file URLs: no key, the token is the grant (decisions section 10)
    files: single(routes.files),
  };
}

/** Every route the app serves (method and path template), for the check against the document. */
export function routeList(services: Pick<HttpAppDeps, 'routes'>): { method: string; path: string }[] {
  return Object.values(appRouters(services.routes)).flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))),
  );
}

/** Routers served at their own paths: one as it is, several under one parent. */
function single(routers: readonly Router<RequestState>[]): Router<RequestState> {
  return routers.length === 1 ? routers[0]! : mountRouters('', routers);
}

function mountRouters(prefix: string, routers: readonly Router<RequestState>[]): Router<RequestState> {
  const parent = new Router<RequestState>(prefix ? { prefix } : {});
  for (const router of routers) parent.use(router.routes());
  return parent;
}

/**
 * The template of the route a request is for, as the routers would pick it, whether or not the
 * request got that far (a 401 still names its route); a path served only for other methods
 * names its route too (the 405).
 */
function routeTemplates(routers: readonly Router<RequestState>[]): RouteOf {
  return (method, path) => {
    for (const router of routers) {
      const { path: onPath, pathAndMethod } = router.match(path, method);
      const route = (pathAndMethod.length > 0 ? pathAndMethod : onPath).findLast((layer) => layer.methods.length > 0);
      if (route && typeof route.path === 'string') return route.path;
    }
    return null;
  };
}

/** Runs the middleware only for paths under the prefix; there it is the end of the line. */
function under(prefix: string, ...middleware: Middleware[]): Middleware {
  const stack = compose(middleware);
  return (ctx, next) => (ctx.path.startsWith(prefix) ? stack(ctx, async () => {}) : next());
}

/** Runs the middleware except for paths under the prefix, which go straight on. */
function skipUnder(prefix: string, middleware: Middleware): Middleware {
  return (ctx, next) => (ctx.path.startsWith(prefix) ? next() : middleware(ctx, next));
}

/** After everything downstream (405 checks included) left the request unanswered: 404. */
function notFoundAfter(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body === undefined && ctx.status === 404) throw new ApiError('not_found', 'No such route.');
  };
}

const allowedMethodsOptions = {
  throw: true,
  methodNotAllowed: () => new ApiError('method_not_allowed', 'This method is not allowed on this path.'),
  notImplemented: () => new ApiError('method_not_allowed', 'This method is not implemented.'),
};
