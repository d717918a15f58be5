import type Koa from 'koa';
import { getTenant } from '../../projections/tenants.js';
import getRawBody from 'raw-body';
import type { Clock } from '../../adapters/clock.js';
import { hmacHex, secretsEqual } from '../../adapters/crypto.js';
import { randomToken } from '../../adapters/ids.js';
import type { CommandContext } from '../../commands/handle-command.js';
import { tokenHash } from '../../commands/users.js';
import { SESSION_TTL_MS } from '../../domain/user/decider.js';
import { getDashboardSession, getDashboardUser } from '../../projections/users.js';
import type { ReadStore } from '../../adapters/read-store/port.js';
import { ApiError } from '../errors.js';
import { cleanFileName, multipartParser } from '../uploads.js';
import type { DashboardRole, DashboardState, DashboardUpload } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

/** The session cookie: its token is the only secret; the store keeps its SHA-256. */
export const SESSION_COOKIE = 'svc_session';
/** The double-submit cookie of the forms used before any session (login, a one-time link). */
export const LOGIN_CSRF_COOKIE = 'svc_login_csrf';
export const FORM_BODY_LIMIT = 64 * 1024;
/** Our tokens are 43 characters; anything much longer is not worth a lookup. */
const MAX_TOKEN_LENGTH = 128;

const cookieOptions = (ctx: Ctx) => ({ httpOnly: true, sameSite: 'strict' as const, path: '/dashboard', secure: ctx.secure, overwrite: true });

export function setSessionCookie(ctx: Ctx, token: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, { ...cookieOptions(ctx), maxAge: SESSION_TTL_MS });
}

export function clearSessionCookie(ctx: Ctx): void {
  ctx.cookies.set(SESSION_COOKIE, null, cookieOptions(ctx));
}

/** The token of a session's forms: derived from the session's own token, so it dies with it. */
const sessionCsrf = (secretKey: string, token: string) => hmacHex(secretKey, `csrf:${token}`);
const preSessionCsrf = (secretKey: string, cookie: string) => hmacHex(secretKey, `login-csrf:${cookie}`);

/**
 * Reads the signed-in user from the session cookie: a session the store knows, not expired, of
 * an active user whose sessions were not revoked after it began. Sets `user` and the session's
 * CSRF token; without a session, the CSRF token is the pre-session one when its cookie is there.
 * Assets need neither.
 */
export interface SessionDeps {
  readStore: ReadStore;
  secretKey: string;
  clock: Clock;
}

export function dashboardSession(deps: SessionDeps): Koa.Middleware<DashboardState> {
  const { readStore, secretKey, clock } = deps;
  return async (ctx, next) => {
    if (ctx.path.startsWith('/dashboard/assets/')) return next();
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token && token.length <= MAX_TOKEN_LENGTH) {
      const hash = tokenHash(token);
      const session = await getDashboardSession(readStore, hash);
      const at = clock.now().getTime();
      if (session && Date.parse(session.expires_at) > at) {
        const user = await getDashboardUser(readStore, session.user_id);
        const revoked = user?.sessions_valid_after != null && Date.parse(session.created_at) < Date.parse(user.sessions_valid_after);
        if (user && user.status === 'active' && user.tenant_id === session.tenant_id && !revoked) {
          ctx.state.user = { user_id: user.id, tenant_id: user.tenant_id, email: user.email, role: user.role, session_id: hash };
          ctx.state.csrf = sessionCsrf(secretKey, token);
          ctx.state.credits = (await getTenant(readStore, user.tenant_id))?.balance ?? 0;
        }
      }
    }
    if (!ctx.state.user) {
      const cookie = ctx.cookies.get(LOGIN_CSRF_COOKIE);
      if (cookie && cookie.length <= MAX_TOKEN_LENGTH) ctx.state.csrf = preSessionCsrf(secretKey, cookie);
    }
    await next();
  };
}

/**
 * The token a pre-session form (login, one-time link) carries: a random cookie is set if the
 * browser has none, and the form holds its HMAC (double submit: a forged form cannot know it).
 */
export function ensurePreSessionCsrf(ctx: Ctx, secretKey: string): void {
  if (ctx.state.csrf) return;
  const cookie = randomToken(32);
  ctx.cookies.set(LOGIN_CSRF_COOKIE, cookie, cookieOptions(ctx));
  ctx.state.csrf = preSessionCsrf(secretKey, cookie);
}

/**
 * The url-encoded form of a POST, read once (at most 64 KiB; 413 above); empty for other
 * content types, whose routes read their own bodies.
 */
export async function readForm(ctx: Ctx): Promise<URLSearchParams> {
  if (ctx.state.form) return ctx.state.form;
  let form = new URLSearchParams();
  if (ctx.is('application/x-www-form-urlencoded')) {
    let raw: string;
    try {
      raw = await getRawBody(ctx.req, { limit: FORM_BODY_LIMIT, length: ctx.get('content-length') || undefined, encoding: 'utf8' });
    } catch (error) {
      if ((error as { type?: string }).type === 'entity.too.large') throw new ApiError('payload_too_large', 'O formulário excede 64 KiB.');
      throw new ApiError('invalid_request', 'Não foi possível ler o formulário.');
    }
    form = new URLSearchParams(raw);
  } else if (ctx.is('multipart/form-data')) {
    // issue 30: a form with one file (evidence, a Siscoaf response or receipt); its `_csrf` field is checked like any other
    const parsed = await readMultipartForm(ctx);
    form = parsed.form;
    ctx.state.upload = parsed.upload;
  }
  ctx.state.form = form;
  return form;
}

/** A dashboard form's file: at most one, in the field `file`, of at most 10 MiB (the Siscoaf file limit). */
export const DASHBOARD_UPLOAD_LIMIT = 10 * 1024 * 1024;
const dashboardUpload = multipartParser({ fileSize: DASHBOARD_UPLOAD_LIMIT, files: 1, fields: 30, fieldSize: FORM_BODY_LIMIT, parts: 31 }).single('file');

async function readMultipartForm(ctx: Ctx): Promise<{ form: URLSearchParams; upload: DashboardUpload | null }> {
  try {
    await dashboardUpload(ctx as never, async () => {});
  } catch (error) {
    if ((error as { code?: string }).code === 'LIMIT_FILE_SIZE') throw new ApiError('payload_too_large', 'O arquivo excede 10 MiB.');
    throw new ApiError('invalid_request', 'Não foi possível ler o formulário.');
  }
  const request = ctx.request as unknown as { body?: Record<string, unknown>; file?: { fieldname: string; originalname: string; buffer: Buffer; mimetype: string } };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(request.body ?? {})) for (const v of [value].flat()) if (typeof v === 'string') form.append(name, v);
  const file = request.file;
  return { form, upload: file ? { field: file.fieldname, file_name: cleanFileName(file.originalname), content_type: file.mimetype, content: file.buffer } : null };
}

/** A field of the form: its one value, or '' when missing. */
export const formField = (form: URLSearchParams, name: string): string => form.get(name) ?? '';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * This request's own origin, `scheme://host[:port]` (behind a trusted proxy, as the client sent
 * it). Not `ctx.origin`: since koa 3 that is the request's Origin header.
 */
export const requestOrigin = (ctx: Pick<Koa.Context, 'protocol' | 'host'>): string => `${ctx.protocol}://${ctx.host}`;

/**
 * A one-time link of the dashboard (invitation or password reset), absolute on the service's
 * configured public address (SVC_PUBLIC_BASE_URL), as signed file URLs are: never on the
 * request's Host, which a client chooses and could point at a host of its own.
 */
export const oneTimeLinkUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/dashboard/invite/${encodeURIComponent(token)}`;

/**
 * Every other method under /dashboard carries the form token (field `_csrf` or header
 * `X-CSRF-Token`) equal to this browser's: the session's, or before a session the double-submit
 * one; and an Origin header, when sent, names this very origin. Else 403 csrf_failed, before any
 * route runs.
 */
export function csrfGuard(): Koa.Middleware<DashboardState> {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const origin = ctx.get('origin');
    if (origin && origin !== requestOrigin(ctx)) throw new ApiError('csrf_failed', 'Pedido de outra origem recusado.');
    const expected = ctx.state.csrf;
    const sent = ctx.get('x-csrf-token') || formField(await readForm(ctx), '_csrf');
    if (!expected || !sent || !secretsEqual(sent, expected)) {
      throw new ApiError('csrf_failed', 'O formulário expirou ou não veio desta página. Recarregue a página e tente de novo.');
    }
    await next();
  };
}

/** Only signed-in users: a page sends the browser to the login (and back after it); an action answers 401. */
export function requireUser(): Koa.Middleware<DashboardState> {
  return async (ctx, next) => {
    if (ctx.state.user) return next();
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      ctx.status = 303;
      ctx.redirect(`/dashboard/login?next=${encodeURIComponent(ctx.originalUrl)}`);
      return;
    }
    throw new ApiError('session_required', 'Sua sessão terminou. Entre de novo para continuar.');
  };
}

/** Only users of one of these roles (after requireUser): 403 forbidden_role otherwise. */
export function requireRole(...roles: DashboardRole[]): Koa.Middleware<DashboardState> {
  return async (ctx, next) => {
    const user = ctx.state.user;
    if (!user) throw new ApiError('session_required', 'Sua sessão terminou. Entre de novo para continuar.');
    if (!roles.includes(user.role)) throw new ApiError('forbidden_role', 'Seu papel não permite acessar esta página ou fazer esta ação.');
    await next();
  };
}

/**
 * Where to go after the login: a path of the dashboard on this site only (`/dashboard/...`,
 * no scheme, no host, no backslash, no dot segments), else the home.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 2000 || !next.startsWith('/dashboard/')) return '/dashboard/';
  if (/[\\\u0000-\u001f\u007f]/.test(next) || /(^|\/)\.\.?(\/|$|\?|#)/.test(next) || /%2e|%2f|%5c/i.test(next)) return '/dashboard/';
  return next;
}

/** The context of everything a signed-in user does: actor `user:<id>`, the user's own tenant. */
export function userContext(ctx: Ctx, clock: Clock): CommandContext {
  const user = ctx.state.user;
  if (!user) throw new ApiError('session_required', 'Sua sessão terminou. Entre de novo para continuar.');
  return {
    metadata: {
      tenant_id: user.tenant_id,
      actor: `user:${user.user_id}`,
      request_id: ctx.state.requestId,
      occurred_at: clock.now().toISOString(),
      correlation_id: ctx.state.requestId,
      causation_id: null,
    },
    commandId: ctx.state.requestId,
  };
}

/** The context before any session (a login, a one-time link): the command names the user it acts as. */
export function visitorContext(ctx: Ctx, clock: Clock): CommandContext {
  return {
    metadata: { tenant_id: null, actor: 'system', request_id: ctx.state.requestId, occurred_at: clock.now().toISOString(), correlation_id: ctx.state.requestId, causation_id: null },
    commandId: ctx.state.requestId,
  };
}
