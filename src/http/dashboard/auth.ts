import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import { isUuid } from '../../adapters/ids.js';
import { acceptInvite, changeRole, deactivateUser, inviteUser, login, LoginGuard, logout, logoutEverywhere } from '../../commands/users.js';
import { readLookups } from '../../queries/lookups.js';
import { openInvite } from '../../queries/users.js';
import { listTenantUsers } from '../../projections/users.js';
import type { App as Services } from '../../app/compose.js';
import { ApiError, fromDomainError } from '../errors.js';
import { applied } from '../outcome.js';
import { redirectTo, renderPage } from './render.js';
import {
  clearSessionCookie,
  ensurePreSessionCsrf,
  formField,
  oneTimeLinkUrl,
  readForm,
  requireRole,
  requireUser,
  safeNext,
  setSessionCookie,
  userContext,
  visitorContext,
} from './session.js';
import type { DashboardRole, DashboardState } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export const ROLE_LABELS: Record<DashboardRole, string> = { admin: 'Administrador', analyst: 'Analista', viewer: 'Leitura' };
const STATUS_LABELS = { invited: 'Convidado', active: 'Ativo', deactivated: 'Desativado' };
const ROLES = Object.entries(ROLE_LABELS) as [DashboardRole, string][];

const isRole = (value: string): value is DashboardRole => Object.hasOwn(ROLE_LABELS, value);

/** The user id in the path: another tenant's, unknown or malformed all answer the same 404. */
function userIdParam(ctx: Ctx): string {
  const id = ctx.params['user_id'] ?? '';
  if (!isUuid(id)) throw new ApiError('user_not_found', 'Usuário não encontrado.', 'user_id');
  return id;
}

function roleField(form: URLSearchParams): DashboardRole {
  const role = formField(form, 'role');
  if (!isRole(role)) throw new ApiError('invalid_request', 'Escolha um papel: administrador, analista ou leitura.', 'role');
  return role;
}

/**
 * Sign-in and accounts: login and logout, one-time links (invitation, password reset), the home
 * page, and the admins' users screen. The session, CSRF and body middleware run before these
 * (router.ts); each route states who may use it.
 */
export function authRouter(services: Pick<Services, 'log' | 'readStore' | 'runner' | 'clock' | 'secretKey' | 'config'>): Router<DashboardState> {
  const { log, readStore, runner, clock, secretKey, config } = services;
  const guard = new LoginGuard(clock);
  const router = new Router<DashboardState>();

  const loginPage = (ctx: Ctx, fields: { next: string; email: string; error?: string }, status = 200) =>
    renderPage(ctx, 'login', { next: fields.next, email: fields.email, error: fields.error ?? null }, { title: 'Entrar', status });

  router.get('/login', (ctx) => {
    const next = safeNext(typeof ctx.query['next'] === 'string' ? ctx.query['next'] : null);
    if (ctx.state.user) return redirectTo(ctx, next);
    ensurePreSessionCsrf(ctx, secretKey);
    loginPage(ctx, { next, email: '' });
  });

  router.post('/login', async (ctx) => {
    const form = await readForm(ctx);
    const next = safeNext(formField(form, 'next'));
    const email = formField(form, 'email').slice(0, 254);
    // whatever session cookie came in is ignored: a login always mints a new token (no fixation)
    const result = await login({ log, lookups: readLookups(readStore), guard }, { email, password: formField(form, 'password'), address: ctx.ip }, visitorContext(ctx, clock));
    if (E.isLeft(result)) {
      if (result.left.code !== 'login_failed') throw fromDomainError(result.left);
      return loginPage(ctx, { next, email, error: result.left.message }, 401);
    }
    await runner.waitFor(result.right.position);
    setSessionCookie(ctx, result.right.value.token);
    redirectTo(ctx, next);
  });

  router.post('/logout', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    await applied(runner, await logout(log, user.user_id, user.session_id, userContext(ctx, clock)));
    clearSessionCookie(ctx);
    redirectTo(ctx, '/dashboard/login', 'Você saiu.');
  });

  router.post('/logout-all', requireUser(), async (ctx) => {
    await applied(runner, await logoutEverywhere(log, ctx.state.user!.user_id, userContext(ctx, clock)));
    clearSessionCookie(ctx);
    redirectTo(ctx, '/dashboard/login', 'Você saiu de todos os dispositivos.');
  });

  const invitePage = async (ctx: Ctx, error: string | null, status = 200) => {
    const token = ctx.params['token'] ?? '';
    const user = await openInvite(readStore, token, clock.now());
    if (!user) throw new ApiError('invite_invalid', 'Este link não é mais válido: já foi usado ou expirou. Peça um novo link.');
    renderPage(ctx, 'invite', { email: user.email, action: `/dashboard/invite/${encodeURIComponent(token)}`, error }, { title: 'Definir senha', status });
  };

  router.get('/invite/:token', async (ctx) => {
    ensurePreSessionCsrf(ctx, secretKey);
    await invitePage(ctx, null);
  });

  router.post('/invite/:token', async (ctx) => {
    const form = await readForm(ctx);
    const password = formField(form, 'password');
    if (password !== formField(form, 'password_confirm')) return invitePage(ctx, 'As duas senhas não são iguais.', 400);
    const result = await acceptInvite({ log, lookups: readLookups(readStore) }, ctx.params['token'] ?? '', password, visitorContext(ctx, clock));
    if (E.isLeft(result) && result.left.code === 'weak_password') return invitePage(ctx, result.left.message, 400);
    await applied(runner, result);
    redirectTo(ctx, '/dashboard/login', 'Senha definida. Entre com seu e-mail e a nova senha.');
  });

  const usersPage = async (ctx: Ctx, extra: { invited?: { email: string; url: string }; error?: string }, status = 200) => {
    const users = await listTenantUsers(readStore, ctx.state.user!.tenant_id);
    users.sort((a, b) => a.email.localeCompare(b.email));
    renderPage(
      ctx,
      'users',
      { users, roles: ROLES, roleLabels: ROLE_LABELS, statusLabels: STATUS_LABELS, invited: extra.invited ?? null, error: extra.error ?? null },
      { title: 'Usuários', nav: 'configuracoes', status },
    );
  };

  const admin = [requireUser(), requireRole('admin')] as const;

  router.get('/settings/users', ...admin, (ctx) => usersPage(ctx, {}));

  // the link is shown in this answer only (not through a redirect, which would park it in a cookie)
  router.post('/settings/users', ...admin, async (ctx) => {
    const form = await readForm(ctx);
    const role = roleField(form);
    const result = await inviteUser(log, { tenant_id: ctx.state.user!.tenant_id, email: formField(form, 'email').slice(0, 254), role }, userContext(ctx, clock));
    if (E.isLeft(result) && ['invalid_email', 'user_exists'].includes(result.left.code)) {
      return usersPage(ctx, { error: result.left.message }, fromDomainError(result.left).status);
    }
    const written = await applied(runner, result);
    const invited = await listTenantUsers(readStore, ctx.state.user!.tenant_id);
    const email = invited.find((u) => u.id === written.value.user_id)?.email ?? '';
    await usersPage(ctx, { invited: { email, url: oneTimeLinkUrl(config.publicBaseUrl, written.value.token) } }, 201);
  });

  router.post('/settings/users/:user_id/role', ...admin, async (ctx) => {
    const userId = userIdParam(ctx);
    const role = roleField(await readForm(ctx));
    const user = ctx.state.user!;
    await applied(runner, await changeRole(log, user.tenant_id, userId, role, user.user_id, userContext(ctx, clock)));
    redirectTo(ctx, '/dashboard/settings/users', 'Papel alterado.');
  });

  router.post('/settings/users/:user_id/deactivate', ...admin, async (ctx) => {
    const userId = userIdParam(ctx);
    const user = ctx.state.user!;
    await applied(runner, await deactivateUser(log, user.tenant_id, userId, user.user_id, userContext(ctx, clock)));
    redirectTo(ctx, '/dashboard/settings/users', 'Usuário desativado.');
  });

  return router;
}
