import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { acceptInvite, changeRole, deactivateUser, inviteUser, login, LoginGuard, logout, logoutEverywhere, reissueInvite } from '../../../commands/users.js';
import { readLookups } from '../../../queries/lookups.js';
import { openInvite } from '../../../queries/users.js';
import type { Config } from '../../../config.js';
import { listTenantUsers } from '../../../projections/users.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { redirectTo, renderPage } from '../render.js';
import { clearSessionCookie, ensurePreSessionCsrf, oneTimeLinkUrl, readForm, requireRole, requireUser, setSessionCookie, userContext, visitorContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { inviteForm, loginForm, loginNext, passwordForm, roleForm, userIdParam } from './forms.js';
import { invitePage, loginPage, usersPage, type UsersExtra } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export interface AuthScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  secretKey: string;
  config: Pick<Config, 'publicBaseUrl'>;
}

/**
 * Sign-in and accounts: login and logout, one-time links (invitation, password reset), and the
 * admins' users screen. The session, CSRF and body middleware run before these (router.ts);
 * each route states who may use it.
 */
export function authRouter(deps: AuthScreenDeps): Router<DashboardState> {
  const router = new Router<DashboardState>();
  signInRoutes(router, deps);
  oneTimeLinkRoutes(router, deps);
  usersRoutes(router, deps);
  return router;
}

function signInRoutes(router: Router<DashboardState>, deps: AuthScreenDeps): void {
  const { log, readStore, runner, clock, secretKey } = deps;
  const guard = new LoginGuard(clock);
  const render = (ctx: Ctx, fields: { next: string; email: string; error?: string }, status = 200) => renderPage(ctx, 'login', loginPage(fields), { title: 'Entrar', status });

  router.get('/login', (ctx) => {
    const next = loginNext(ctx);
    if (ctx.state.user) return redirectTo(ctx, next);
    ensurePreSessionCsrf(ctx, secretKey);
    render(ctx, { next, email: '' });
  });

  router.post('/login', async (ctx) => {
    const { next, email, password } = loginForm(await readForm(ctx));
    // whatever session cookie came in is ignored: a login always mints a new token (no fixation)
    const result = await login({ log, lookups: readLookups(readStore), guard }, { email, password, address: ctx.ip }, visitorContext(ctx, clock));
    if (E.isLeft(result)) {
      if (result.left.code !== 'login_failed') throw fromDomainError(result.left);
      return render(ctx, { next, email, error: result.left.message }, 401);
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
}

/** A one-time link (invitation, password reset): set a password, once. */
function oneTimeLinkRoutes(router: Router<DashboardState>, deps: AuthScreenDeps): void {
  const { log, readStore, runner, clock, secretKey } = deps;

  const render = async (ctx: Ctx, error: string | null, status = 200) => {
    const token = ctx.params['token'] ?? '';
    const user = await openInvite(readStore, token, clock.now());
    if (!user) throw new ApiError('invite_invalid', 'Este link não é mais válido: já foi usado ou expirou. Peça um novo link.');
    renderPage(ctx, 'invite', invitePage(user.email, token, error), { title: 'Definir senha', status });
  };

  router.get('/invite/:token', async (ctx) => {
    ensurePreSessionCsrf(ctx, secretKey);
    await render(ctx, null);
  });

  router.post('/invite/:token', async (ctx) => {
    const password = passwordForm(await readForm(ctx));
    if (password === null) return render(ctx, 'As duas senhas não são iguais.', 400);
    const result = await acceptInvite({ log, lookups: readLookups(readStore) }, ctx.params['token'] ?? '', password, visitorContext(ctx, clock));
    if (E.isLeft(result) && result.left.code === 'weak_password') return render(ctx, result.left.message, 400);
    await applied(runner, result);
    redirectTo(ctx, '/dashboard/login', 'Senha definida. Entre com seu e-mail e a nova senha.');
  });
}

/** The admins' users screen: invite, change a role, deactivate. */
function usersRoutes(router: Router<DashboardState>, deps: AuthScreenDeps): void {
  const { log, readStore, runner, clock, config } = deps;
  const admin = [requireUser(), requireRole('admin')] as const;

  const render = async (ctx: Ctx, extra: UsersExtra, status = 200) => {
    const users = await listTenantUsers(readStore, ctx.state.user!.tenant_id);
    renderPage(ctx, 'users', usersPage(users, extra, clock.now()), { title: 'Usuários', nav: 'configuracoes', status });
  };

  router.get('/settings/users', ...admin, (ctx) => render(ctx, {}));

  // the link is shown in this answer only (not through a redirect, which would park it in a cookie)
  router.post('/settings/users', ...admin, async (ctx) => {
    const invite = inviteForm(await readForm(ctx));
    const result = await inviteUser(log, { tenant_id: ctx.state.user!.tenant_id, ...invite }, userContext(ctx, clock));
    // refused: the message beside the e-mail, what was typed kept
    if (E.isLeft(result) && ['invalid_email', 'user_exists'].includes(result.left.code)) return render(ctx, { emailError: result.left.message, typed: invite }, fromDomainError(result.left).status);
    const written = await applied(runner, result);
    const invited = await listTenantUsers(readStore, ctx.state.user!.tenant_id);
    const email = invited.find((u) => u.id === written.value.user_id)?.email ?? '';
    await render(ctx, { invited: { email, url: oneTimeLinkUrl(config.publicBaseUrl, written.value.token) } }, 201);
  });

  // a lost or expired invitation: a new link (shown here only), the old one void at once
  router.post('/settings/users/:user_id/reinvite', ...admin, async (ctx) => {
    const userId = userIdParam(ctx);
    const result = await reissueInvite(log, ctx.state.user!.tenant_id, userId, userContext(ctx, clock));
    if (E.isLeft(result) && ['invite_already_accepted', 'user_deactivated'].includes(result.left.code)) return render(ctx, { error: result.left.message }, fromDomainError(result.left).status);
    const written = await applied(runner, result);
    const users = await listTenantUsers(readStore, ctx.state.user!.tenant_id);
    const email = users.find((u) => u.id === userId)?.email ?? '';
    await render(ctx, { invited: { email, url: oneTimeLinkUrl(config.publicBaseUrl, written.value.token), again: true } }, 201);
  });

  router.post('/settings/users/:user_id/role', ...admin, async (ctx) => {
    const userId = userIdParam(ctx);
    const role = roleForm(await readForm(ctx));
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
}
