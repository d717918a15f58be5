import Router from '@koa/router';
import type Koa from 'koa';
import compose from 'koa-compose';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Logger } from '../../logger.js';
import { errorText } from '../../logger.js';
import { WrongExpectedRevisionError } from '../../adapters/event-store/port.js';
import { DomainError } from '../../domain/shared/decider.js';
import { ApiError, fromDomainError } from '../errors.js';
import { auditRouter, type AuditScreenDeps } from './audit/routes.js';
import { authRouter, type AuthScreenDeps } from './auth/routes.js';
import { customersRouter, type CustomersScreenDeps } from './customers/routes.js';
import { queueRouter, type QueueScreenDeps } from './queue/routes.js';
import { freezeCommunicationsScreen } from './cases/freeze-routes.js';
import { casesRouter } from './cases/routes.js';
import { cnoRouter, type CnoScreenDeps } from './cno/routes.js';
import { complianceRouter, type ComplianceScreenDeps } from './compliance/routes.js';
import { dashboardDir, renderPage } from './render.js';
import { hitsRouter } from './hits/routes.js';
import { runsRouter, type RunsScreenDeps } from './runs/routes.js';
import { csrfGuard, dashboardSession, type SessionDeps } from './session.js';
import { settingsRouter, type SettingsScreenDeps } from './settings/routes.js';
import type { SuspicionScreenDeps } from './suspicion/port.js';
import { suspicionRouter } from './suspicion/routes.js';
import type { DashboardState } from './state.js';
import { templatesRouter, type TemplatesScreenDeps } from './templates/routes.js';

/**
 * Every page is the service's own: scripts and styles from this origin only, no inline script,
 * no framing, forms posting only here. Images may be data: URLs (document previews are served
 * from /files/ on this origin).
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const require = createRequire(import.meta.url);
const ASSETS: Record<string, { type: string; body: Buffer }> = {
  'htmx.min.js': { type: 'application/javascript; charset=utf-8', body: readFileSync(require.resolve('htmx.org/dist/htmx.min.js')) },
  'app.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(dashboardDir(), 'assets', 'app.css')) },
};

type Ctx = Koa.ParameterizedContext<DashboardState>;

/** What the dashboard uses: the union of what its screens and middleware declare. */
export type DashboardDeps = { logger: Logger } & SessionDeps &
  QueueScreenDeps &
  RunsScreenDeps &
  CustomersScreenDeps &
  AuthScreenDeps &
  TemplatesScreenDeps &
  SettingsScreenDeps &
  ComplianceScreenDeps &
  AuditScreenDeps &
  CnoScreenDeps &
  SuspicionScreenDeps;

/**
 * The dashboard: HTML for a tenant's own people under /dashboard, outside the API's contract.
 * Security headers and the HTML error page wrap everything under the prefix (unknown paths and
 * methods included); assets need no session; every other page and action is checked by the
 * session, CSRF and role middleware of each screen.
 */
export function dashboard(deps: DashboardDeps): { router: Router<DashboardState>; middleware: Koa.Middleware<DashboardState> } {
  const router = dashboardRouter(deps);
  const middleware = compose<Ctx>([
    securityHeaders(),
    htmlErrors(deps.logger),
    flash(),
    dashboardSession(deps),
    // before any route: no action runs without the form token of this browser's session
    csrfGuard(),
    router.routes() as unknown as Koa.Middleware<DashboardState>,
  ]);
  return { router, middleware };
}

function dashboardRouter(deps: DashboardDeps): Router<DashboardState> {
  const router = new Router<DashboardState>({ prefix: '/dashboard' });
  // the case queue is the home: mounted before the auth pages, whose placeholder home it replaces
  router.use(queueRouter(deps).routes());
  router.use(casesRouter(deps).routes());
  router.use(suspicionRouter(deps).routes());
  router.use(freezeCommunicationsScreen(deps).routes());
  router.use(runsRouter(deps).routes());
  router.use(hitsRouter(deps).routes());
  router.use(customersRouter(deps).routes());
  router.use(authRouter(deps).routes());
  router.use(templatesRouter(deps).routes());
  router.use(settingsRouter(deps).routes());
  router.use(complianceRouter(deps).routes());
  router.use(auditRouter(deps).routes());
  router.use(cnoRouter(deps).routes());

  router.get('/assets/:name', (ctx) => {
    const name = ctx.params.name ?? '';
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw new ApiError('not_found', 'No such asset.');
    ctx.type = asset.type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = asset.body;
  });

  return router;
}

function securityHeaders(): Koa.Middleware<DashboardState> {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with a form, which the CSRF check refuses
    ctx.set('Referrer-Policy', 'same-origin');
    // pages hold personal data: never kept by the browser or a proxy
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

/** The message of the previous action's redirect, shown once. */
function flash(): Koa.Middleware<DashboardState> {
  return async (ctx, next) => {
    const message = ctx.cookies.get('svc_flash');
    if (message) {
      try {
        ctx.state.flash = decodeURIComponent(message).slice(0, 300);
      } catch {
        // a cookie not of our making: ignored
      }
      ctx.cookies.set('svc_flash', null, { path: '/dashboard' });
    }
    await next();
  };
}

const HEADINGS: Record<number, string> = {
  400: 'Pedido inválido',
  401: 'Sessão necessária',
  403: 'Acesso negado',
  404: 'Não encontrado',
  405: 'Método não permitido',
  409: 'Conflito',
  410: 'Não disponível',
  413: 'Arquivo grande demais',
  422: 'Não foi possível concluir',
  429: 'Muitas tentativas',
};

/** Typed errors become an HTML page with their status and message; anything else a 500 with the request id, logged. */
function htmlErrors(logger: Logger): Koa.Middleware<DashboardState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ApiError('not_found', 'Esta página não existe.');
      if (ctx.status === 405 && ctx.body === undefined) throw new ApiError('method_not_allowed', 'Este endereço não aceita este método.');
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.status >= 500) logger.error('dashboard request failed', { request_id: ctx.state.requestId, error: errorText(thrown) });
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      const server = error.status >= 500;
      renderPage(
        ctx as Ctx,
        'error',
        {
          heading: server ? 'Erro interno' : (HEADINGS[error.status] ?? 'Não foi possível concluir'),
          message: server ? 'Ocorreu um erro interno. Informe o código abaixo ao suporte.' : error.message,
          requestId: ctx.state.requestId,
          code: error.code,
        },
        { status: error.status, title: 'Erro' },
      );
      ctx.set('X-Error-Code', error.code);
    }
  };
}

function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  if (thrown instanceof DomainError) return fromDomainError(thrown);
  if (thrown instanceof WrongExpectedRevisionError) return new ApiError('concurrent_update', 'Outra pessoa alterou este registro ao mesmo tempo; tente de novo.');
  return new ApiError('internal_error', 'internal');
}
