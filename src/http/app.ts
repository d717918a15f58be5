import Koa from 'koa';
import compose from 'koa-compose';
import Router from '@koa/router';
import type { Services } from '../services.js';
import { ApiError } from './errors.js';
import { authenticate, requireKey, requireOperator } from './middleware/auth.js';
import { errorHandler } from './middleware/errors.js';
import { rateLimit } from './middleware/rate-limit.js';
import { apiVersion, requestContext, requireKnownApiVersion, type RouteOf } from './middleware/request.js';
import { operatorAuditRouter } from './routers/operator/audit.js';
import { operatorProcessingRouter } from './routers/operator/processing.js';
import { operatorRunsRouter } from './routers/operator/runs.js';
import { operatorTemplatesRouter } from './routers/operator/templates.js';
import { operatorTenantsRouter } from './routers/operator/tenants.js';
import { operatorUsersRouter } from './routers/operator/users.js';
import { runsRouter } from './routers/runs.js';
import { customersRouter } from './routers/customers.js';
import { facialRouter } from './routers/facial.js';
import { operatorCustomersRouter } from './routers/operator/customers.js';
import { operatorErasureRouter } from './routers/operator/erasure.js';
import { operatorWebhooksRouter } from './routers/operator/webhooks.js';
import { reportsRouter } from './routers/reports.js';
import { operatorReportsRouter } from './routers/operator/reports.js';
import { filesRouter } from './routers/files.js';
import { operacoesRouter } from './routers/operacoes.js';
import { operatorFxOperationsRouter } from './routers/operator/fx-operations.js';
import { operatorListsRouter } from './routers/operator/lists.js';
import { operatorAlertsRouter } from './routers/operator/alerts.js';
import { screeningRouter } from './routers/screening.js';
import { operationsRouter } from './routers/operations.js';
import type { RequestState } from './state.js';
import { cachedOpenApiDocument, openApiRouter } from './openapi.js';
import { dashboard } from './dashboard/router.js';

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
export function createHttpApp(services: Services, options: AppOptions = {}): Koa<RequestState> {
  const app = new Koa<RequestState>({ proxy: services.config.trustProxy });
  app.silent = true;

  const { contract, operations, api, operator, files } = appRouters(services, options);
  // HTML for people, outside the API's contract and its route table
  const console = dashboard(services);

  if (options.outermost) app.use(options.outermost);
  app.use(requestContext(services.logger, services.config.logRequests, routeTemplates([contract, operations, api, operator, files, console.router]), services.metrics));
  app.use(errorHandler(services.logger));
  app.use(under('/dashboard', console.middleware as Middleware));
  app.use(contract.routes());
  app.use(operations.routes());
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
function appRouters(services: Services, options: AppOptions = {}) {
  const api = mountRouters('/api/v1', [runsRouter(services), customersRouter(services), facialRouter(services), reportsRouter(services), operacoesRouter(services), screeningRouter(services), ...(options.extraApiRouters ?? [])]);
  const operator = mountRouters('/operator/v1', [
    operatorTenantsRouter(services),
    operatorUsersRouter(services),
    operatorTemplatesRouter(services),
    operatorRunsRouter(services),
    operatorReportsRouter(services),
    operatorFxOperationsRouter(services),
    operatorListsRouter(services),
    operatorAlertsRouter(services),
    operatorCustomersRouter(services),
    operatorErasureRouter(services),
    operatorWebhooksRouter(services),
    operatorAuditRouter(services),
    operatorProcessingRouter(services),
  ]);
  // the published contract needs no key
  const contract = openApiRouter(cachedOpenApiDocument());
  // signed file URLs: no key, the token is the grant (decisions section 10)
  const files = filesRouter(services);
  // /healthz, /readyz, /metrics: for the platform, outside both APIs
  const operations = operationsRouter(services);

  return { contract, operations, api, operator, files };
}

/** Every route the app serves (method and path template), for the check against the document. */
export function routeList(services: Services): { method: string; path: string }[] {
  return Object.values(appRouters(services)).flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))),
  );
}

function mountRouters(prefix: string, routers: readonly Router<RequestState>[]): Router<RequestState> {
  const parent = new Router<RequestState>({ prefix });
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
