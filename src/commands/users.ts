import * as E from 'fp-ts/lib/Either.js';
import type { Clock } from '../adapters/clock.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId, randomToken } from '../adapters/ids.js';
import { hashPassword, verifyPassword } from '../adapters/passwords.js';
import { DomainError } from '../domain/shared/decider.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { userDecider, userStream, type UserCommand } from '../domain/user/decider.js';
import type { DashboardRole } from '../domain/user/events.js';
import { passwordProblem } from '../domain/user/password-policy.js';
import { isValidEmail } from '../domain/values/email.js';
import { loadTenant } from './aggregates.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';
import type { Written } from './tenants.js';

/**
 * The id of the first account an e-mail had (and of every account made before accounts were per
 * tenant): it follows from the e-mail alone.
 */
export const userIdFor = (email: string): string => deterministicId(`dashboard-user:${email.trim().toLowerCase()}`);

/**
 * Accounts are per tenant: an e-mail may have one in each, so inviting it tells a tenant nothing
 * about the others. The account keeps the e-mail's own id when that is free or already this
 * tenant's, else an id of the tenant and the e-mail.
 */
export async function accountIdFor(log: EventLog, tenantId: string, email: string): Promise<string> {
  const first = userIdFor(email);
  const { state } = await loadState(log, userStream(first), userDecider);
  return state.status === 'none' || state.tenant_id === tenantId ? first : deterministicId(`dashboard-user:${tenantId}:${email.trim().toLowerCase()}`);
}

/** The token of a one-time link or a session, as stored: its SHA-256 (256 random bits, so a plain hash is safe). */
export const tokenHash = (token: string): string => sha256Hex(token);

const now = (context: CommandContext) => context.metadata.occurred_at;

/** The context of what a user does to their own account before any session (accepting a link, logging in). */
const asUser = (context: CommandContext, user: { id: string; tenant_id: string }): CommandContext => ({
  ...context,
  metadata: { ...context.metadata, actor: `user:${user.id}`, tenant_id: user.tenant_id },
});

function decideOnUser(log: EventLog, userId: string, command: UserCommand, context: CommandContext) {
  return handleCommand(log, userStream(userId), userDecider, command, context);
}

/** An account as found by a key that names no stream (its e-mail, a link's token). */
export interface AccountRef {
  id: string;
  tenant_id: string;
  email: string;
  status: 'invited' | 'active' | 'deactivated';
  password_hash: string | null;
}

/** Finds accounts by e-mail or by a link's token hash: queries/lookups.ts. */
export interface UserLookups {
  usersByEmail(email: string): Promise<AccountRef[]>;
  userByInvite(inviteHash: string): Promise<AccountRef | null>;
}

const positionOf = E.map((r: { position: number | null }) => r.position);

export interface NewUser {
  tenant_id: string;
  email: string;
  role: DashboardRole;
}

/**
 * Invites a person to a tenant's dashboard: a one-time link (its token returned once, only its
 * hash stored) valid 72 hours. Inviting again before the link is used issues a new link.
 */
export async function inviteUser(log: EventLog, input: NewUser, context: CommandContext): Promise<E.Either<DomainError, Written<{ user_id: string; token: string }>>> {
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) return E.left(new DomainError('invalid_email', 'E-mail inválido.', 'email'));
  const tenant = await loadState(log, tenantStream(input.tenant_id), tenantDecider);
  if (tenant.state.status !== 'active') return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  const token = randomToken(32);
  const invite = async (userId: string) => {
    const command: UserCommand = {
      type: 'InviteUser',
      user_id: userId,
      tenant_id: input.tenant_id,
      email,
      role: input.role,
      invited_by: context.metadata.actor,
      invite_hash: tokenHash(token),
      now: now(context),
    };
    const result = await decideOnUser(log, userId, command, { ...context, metadata: { ...context.metadata, tenant_id: input.tenant_id } });
    return E.map((r: { position: number | null }) => ({ value: { user_id: userId, token }, position: r.position }))(result);
  };
  const userId = await accountIdFor(log, input.tenant_id, email);
  const result = await invite(userId);
  // another tenant took the e-mail's own id between the read and the append: this tenant's id then
  if (E.isLeft(result) && result.left.code === 'user_exists') {
    const again = await accountIdFor(log, input.tenant_id, email);
    if (again !== userId) return invite(again);
  }
  return result;
}

/**
 * Sets the password through a one-time link (first activation or an operator's reset); the link is
 * spent. Every password set goes through here, so through the one policy (password-policy.ts).
 */
export async function acceptInvite(deps: { log: EventLog; lookups: Pick<UserLookups, 'userByInvite'> }, token: string, password: string, context: CommandContext) {
  const user = await deps.lookups.userByInvite(tokenHash(token));
  // the decider checks the link against the stream; the read model only finds whose it is
  if (!user) return E.left(new DomainError('invite_invalid', 'Este link não é mais válido: já foi usado ou expirou. Peça um novo link.'));
  const problem = passwordProblem(password, { email: user.email, tenant_name: (await loadTenant(deps.log, user.tenant_id))?.name ?? null });
  if (problem) return E.left(problem);
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password);
  } catch (error) {
    if (error instanceof DomainError) return E.left(error);
    throw error;
  }
  const result = await decideOnUser(deps.log, user.id, { type: 'AcceptInvite', invite_hash: tokenHash(token), password_hash: passwordHash, now: now(context) }, asUser(context, user));
  return E.map((r: { position: number | null }) => ({ value: { user_id: user.id }, position: r.position }))(result);
}

/**
 * A new one-time link for an invitation not accepted yet (a lost first-start link is not a dead
 * end): the old link stops working at once; an account already active is refused.
 */
export async function reissueInvite(log: EventLog, tenantId: string, userId: string, context: CommandContext): Promise<E.Either<DomainError, Written<{ token: string }>>> {
  const token = randomToken(32);
  const command: UserCommand = { type: 'ReissueInvite', tenant_id: tenantId, invited_by: context.metadata.actor, invite_hash: tokenHash(token), now: now(context) };
  const result = await decideOnUser(log, userId, command, { ...context, metadata: { ...context.metadata, tenant_id: tenantId } });
  return E.map((r: { position: number | null }) => ({ value: { token }, position: r.position }))(result);
}

/** A new one-time link replacing the password: the old one and every session stop working at once. */
export async function issuePasswordReset(log: EventLog, tenantId: string, userId: string, context: CommandContext): Promise<E.Either<DomainError, Written<{ token: string }>>> {
  const token = randomToken(32);
  const result = await decideOnUser(log, userId, { type: 'IssuePasswordReset', tenant_id: tenantId, invite_hash: tokenHash(token), now: now(context) }, context);
  return E.map((r: { position: number | null }) => ({ value: { token }, position: r.position }))(result);
}

/** An admin's change of another user's role (never their own). */
export async function changeRole(log: EventLog, tenantId: string, userId: string, role: DashboardRole, byUserId: string | null, context: CommandContext) {
  return positionOf(await decideOnUser(log, userId, { type: 'ChangeRole', tenant_id: tenantId, role, by_user_id: byUserId, now: now(context) }, context));
}

/** An admin deactivates another user (never themselves): no more logins, every session ends. */
export async function deactivateUser(log: EventLog, tenantId: string, userId: string, byUserId: string | null, context: CommandContext) {
  return positionOf(await decideOnUser(log, userId, { type: 'DeactivateUser', tenant_id: tenantId, by_user_id: byUserId, now: now(context) }, context));
}

export async function logout(log: EventLog, userId: string, sessionHash: string, context: CommandContext) {
  return positionOf(await decideOnUser(log, userId, { type: 'LogOut', session_hash: sessionHash, now: now(context) }, context));
}

/** Logout everywhere: every session of the user ends, this one included. */
export async function logoutEverywhere(log: EventLog, userId: string, context: CommandContext) {
  return positionOf(await decideOnUser(log, userId, { type: 'RevokeSessions', now: now(context) }, context));
}

export const LOGIN_LIMITS = {
  /** wrong passwords for one e-mail within the window that lock the account */
  failures: 5,
  failureWindowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  /** failed logins per client address per (fixed, aligned) minute before its attempts are refused */
  perAddressPerMinute: 30,
} as const;

const MINUTE_MS = 60_000;
/** Failure counters kept at most for this many e-mails (the oldest forgotten first). */
const MAX_TRACKED = 10_000;

/**
 * Login throttling of one instance. The counters are in memory: they only decide WHEN to lock,
 * and the lock itself is an event every instance honours; a restart or another instance forgets
 * a few failures at most, which gives an attacker a handful more guesses, not an unlimited number
 * (the per-address limit and the scrypt cost bound the rate anyway). An address is limited on
 * its failures, not its logins: a team behind one NAT signing in at nine is not refused, a
 * password spray from one address is. E-mails are kept hashed.
 */
export class LoginGuard {
  private window = 0;
  private readonly addressFailures = new Map<string, number>();
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Whether this address may try now; refused once it failed the limit in this minute, with the seconds to wait. */
  admits(address: string): { allowed: boolean; retryAfter: number } {
    const at = this.clock.now().getTime();
    this.roll(at);
    const allowed = (this.addressFailures.get(address) ?? 0) < LOGIN_LIMITS.perAddressPerMinute;
    return { allowed, retryAfter: Math.max(1, Math.ceil((this.window + MINUTE_MS - at) / 1000)) };
  }

  /** Records a failed login from the address and, when the e-mail is an account, a wrong password for it: true when that locks it (the count starts over). */
  failed(address: string, email: string | null): boolean {
    const at = this.clock.now().getTime();
    this.roll(at);
    this.addressFailures.set(address, (this.addressFailures.get(address) ?? 0) + 1);
    if (email === null) return false;
    const key = sha256Hex(email);
    const recent = (this.failures.get(key) ?? []).filter((t) => t > at - LOGIN_LIMITS.failureWindowMs);
    recent.push(at);
    this.failures.delete(key);
    if (recent.length >= LOGIN_LIMITS.failures) return true;
    this.failures.set(key, recent);
    if (this.failures.size > MAX_TRACKED) this.failures.delete(this.failures.keys().next().value!);
    return false;
  }

  succeeded(email: string): void {
    this.failures.delete(sha256Hex(email));
  }

  /** A new minute forgets the addresses' counts (fixed windows, as the API's rate limiter). */
  private roll(at: number): void {
    const window = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    if (window === this.window) return;
    this.window = window;
    this.addressFailures.clear();
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash no password matches, verified for unknown e-mails so they cost the same time as known ones. */
const dummy = () => (dummyHash ??= hashPassword(randomToken(24)));

const loginFailed = () => new DomainError('login_failed', 'E-mail ou senha inválidos.');

/**
 * Logs in with e-mail and password: a new session token (returned once; its hash is the session's
 * id). Unknown e-mail, wrong password, a locked or deactivated account: the same refusal, after
 * the same scrypt work. The fifth wrong password within 15 minutes locks the account 15 minutes;
 * the 30th failure of an address within a minute refuses its attempts until the minute ends.
 */
export async function login(
  deps: { log: EventLog; lookups: Pick<UserLookups, 'usersByEmail'>; guard: LoginGuard },
  input: { email: string; password: string; address: string },
  context: CommandContext,
): Promise<E.Either<DomainError, Written<{ token: string; user_id: string }>>> {
  const attempt = deps.guard.admits(input.address);
  if (!attempt.allowed) {
    return E.left(new DomainError('rate_limit_exceeded', 'Muitas tentativas de entrada deste endereço; aguarde um minuto e tente de novo.', null, { retry_after: attempt.retryAfter }));
  }
  const email = input.email.trim().toLowerCase();
  const accounts = isValidEmail(email) ? await deps.lookups.usersByEmail(email) : [];
  // the e-mail may have an account in several tenants: the password says which one (of those in use)
  const withPassword = accounts.filter((a) => a.status === 'active' && a.password_hash !== null);
  let user: (typeof accounts)[number] | null = null;
  let stored = '';
  if (withPassword.length === 0) await verifyPassword(input.password, await dummy());
  for (const account of withPassword) {
    if (await verifyPassword(input.password, account.password_hash!)) {
      user = account;
      stored = account.password_hash!;
      break;
    }
  }
  if (!user) {
    if (deps.guard.failed(input.address, accounts.length > 0 ? email : null)) {
      const until = new Date(Date.parse(now(context)) + LOGIN_LIMITS.lockMs).toISOString();
      for (const account of accounts) {
        await decideOnUser(deps.log, account.id, { type: 'LockOut', until, now: now(context) }, { ...context, commandId: `${context.commandId}:lockout:${account.id}`, metadata: { ...context.metadata, actor: 'system', tenant_id: account.tenant_id } });
      }
    }
    return E.left(loginFailed());
  }
  const token = randomToken(32);
  const result = await decideOnUser(deps.log, user.id, { type: 'LogIn', verified_password_hash: stored, session_hash: tokenHash(token), now: now(context) }, asUser(context, user));
  // locked, deactivated, or reset since the read: the same answer as a wrong password
  if (E.isLeft(result)) return E.left(result.left.code === 'login_failed' ? loginFailed() : result.left);
  deps.guard.succeeded(email);
  return E.right({ value: { token, user_id: user.id }, position: result.right.position });
}
