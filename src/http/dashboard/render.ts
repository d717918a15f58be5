import type Koa from 'koa';
import { Eta } from 'eta';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DashboardState } from './state.js';
import { ROLE_LABELS } from './labels.js';
import { creditsText } from './present.js';
import type { Views } from './views.js';

/** The `dashboard/` folder of the package (views and assets), from src/http/dashboard (tsx) or dist/src/http/dashboard (built). */
export function dashboardDir(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'dashboard');
    if (existsSync(join(candidate, 'views', 'layout.eta'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('dashboard/views not found beside the package');
}

/**
 * Eta escapes every `<%= %>` interpolation (autoEscape, its default, set here so no one turns it
 * off by accident); `<%~ %>` writes raw text and is used only for `it.body` in the layout, which
 * is the output of an escaped view, and for the report's own markup on the run page (built by the
 * reports' escaping `html` tag). Views are cached after their first read.
 */
const eta = new Eta({ views: join(dashboardDir(), 'views'), autoEscape: true, cache: true });

export interface PageOptions {
  status?: number;
  /** the page's title, after the product name */
  title: string;
  /** the navigation entry to mark as current */
  nav?: string;
}

/** Renders a view inside the layout as the response; the view's data is typed by its name. */
export function renderPage<V extends keyof Views>(ctx: Koa.ParameterizedContext<DashboardState>, view: V, data: Views[V], options: PageOptions): void {
  const page = {
    title: options.title,
    nav: options.nav ?? null,
    user: ctx.state.user ?? null,
    roleLabel: ctx.state.user ? ROLE_LABELS[ctx.state.user.role] : null,
    credits: ctx.state.credits === undefined ? null : creditsText(ctx.state.credits),
    csrf: ctx.state.csrf ?? '',
    flash: ctx.state.flash ?? null,
  };
  const body = eta.render(view, { ...data, page });
  ctx.status = options.status ?? 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = eta.render('layout', { page, body });
}

/** Renders a view alone (an htmx fragment). */
export function renderFragment<V extends keyof Views>(ctx: Koa.ParameterizedContext<DashboardState>, view: V, data: Views[V], status = 200): void {
  const page = { user: ctx.state.user ?? null, csrf: ctx.state.csrf ?? '' };
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = eta.render(view, { ...data, page });
}

/** Redirect after a form (303: the browser follows with a GET), with an optional message for the next page. */
export function redirectTo(ctx: Koa.ParameterizedContext<DashboardState>, location: string, flash?: string): void {
  if (flash) ctx.cookies.set('svc_flash', encodeURIComponent(flash), { httpOnly: true, sameSite: 'strict', path: '/dashboard', overwrite: true, secure: ctx.secure });
  ctx.status = 303;
  ctx.redirect(location);
}
