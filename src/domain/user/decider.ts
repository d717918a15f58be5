import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { UserEvent, type DashboardRole } from './events.js';

export const userStream = (userId: string): string => `user-${userId}`;

/** A one-time link (invite or password reset) is good for 72 hours. */
export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;
/** A session lives 12 hours from its login, however busy (absolute, not sliding). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface UserAccount {
  user_id: string;
  tenant_id: string;
  email: string;
  role: DashboardRole;
  /** the one-time link waiting to be used, if any */
  invite: { hash: string; expires_at: string } | null;
  password_hash: string | null;
  locked_until: string | null;
  /** live sessions: hash of the token -> expiry */
  sessions: Readonly<Record<string, string>>;
}

export type UserState = { status: 'none' } | ({ status: 'invited' | 'active' | 'deactivated' } & UserAccount);

export type UserCommand =
  | { type: 'InviteUser'; user_id: string; tenant_id: string; email: string; role: DashboardRole; invited_by: string; invite_hash: string; now: string }
  | { type: 'AcceptInvite'; invite_hash: string; password_hash: string; now: string }
  /** a new one-time link for an invitation not yet accepted (the old link stops working); `invited_by` as in InviteUser */
  | { type: 'ReissueInvite'; tenant_id: string; invited_by: string; invite_hash: string; now: string }
  | { type: 'IssuePasswordReset'; tenant_id: string; invite_hash: string; now: string }
  /** `by_user_id`: the admin acting, who may not change their own account (null: the operator) */
  | { type: 'ChangeRole'; tenant_id: string; role: DashboardRole; by_user_id: string | null; now: string }
  | { type: 'DeactivateUser'; tenant_id: string; by_user_id: string | null; now: string }
  /** `verified_password_hash`: the hash the password was checked against, so a reset in between refuses */
  | { type: 'LogIn'; verified_password_hash: string; session_hash: string; now: string }
  | { type: 'LogOut'; session_hash: string; now: string }
  | { type: 'RevokeSessions'; now: string }
  | { type: 'LockOut'; until: string; now: string };

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const isPast = (iso: string, now: string) => Date.parse(iso) <= Date.parse(now);

const userNotFound = () => E.left(new DomainError('user_not_found', 'Usuário não encontrado.', 'user_id'));
const inviteInvalid = () => E.left(new DomainError('invite_invalid', 'Este link não é mais válido: já foi usado ou expirou. Peça um novo link.'));
/** One answer for every refused login: which check failed is not told. */
const loginFailed = () => E.left(new DomainError('login_failed', 'E-mail ou senha inválidos.'));
const ownAccount = () => E.left(new DomainError('own_account', 'Você não pode rebaixar nem desativar a sua própria conta.', 'user_id'));

/** The account of this tenant, or user_not_found (another tenant's user is not told apart from none). */
function ofTenant(state: UserState, tenantId: string): E.Either<DomainError, Exclude<UserState, { status: 'none' }>> {
  return state.status === 'none' || state.tenant_id !== tenantId ? userNotFound() : E.right(state);
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { status: 'none' },
  codec: UserEvent,

  decide(command, state) {
    switch (command.type) {
      case 'InviteUser': {
        // a link not yet used is replaced by a new one; an account in use is never taken over
        const taken = state.status === 'active' || (state.status !== 'none' && state.tenant_id !== command.tenant_id);
        if (taken) return E.left(new DomainError('user_exists', 'Já existe uma conta com este e-mail.', 'email'));
        const { type: _type, now, ...data } = command;
        return E.right([{ type: 'UserInvited', data: { ...data, expires_at: later(now, INVITE_TTL_MS), invited_at: now } }]);
      }
      case 'AcceptInvite': {
        if (state.status === 'none' || state.status === 'deactivated' || !state.invite) return inviteInvalid();
        if (state.invite.hash !== command.invite_hash || isPast(state.invite.expires_at, command.now)) return inviteInvalid();
        if (state.status === 'invited') {
          return E.right([{ type: 'UserActivated', data: { user_id: state.user_id, password_hash: command.password_hash, activated_at: command.now } }]);
        }
        return E.right([
          { type: 'UserPasswordSet', data: { user_id: state.user_id, password_hash: command.password_hash, set_at: command.now, ended_sessions: Object.keys(state.sessions) } },
        ]);
      }
      case 'ReissueInvite':
        return E.chain((user: Exclude<UserState, { status: 'none' }>) => {
          if (user.status === 'deactivated') return E.left(new DomainError('user_deactivated', 'Esta conta está desativada.', 'user_id'));
          if (user.status === 'active') return E.left(new DomainError('invite_already_accepted', 'Este convite já foi aceito: a conta está ativa. Para um novo acesso, gere uma redefinição de senha.', 'user_id'));
          const { tenant_id, user_id, email, role } = user;
          const data = { tenant_id, user_id, email, role, invited_by: command.invited_by, invite_hash: command.invite_hash, expires_at: later(command.now, INVITE_TTL_MS), invited_at: command.now };
          return E.right<DomainError, UserEvent[]>([{ type: 'UserInvited', data }]);
        })(ofTenant(state, command.tenant_id));
      case 'IssuePasswordReset':
        return E.chain((user: Exclude<UserState, { status: 'none' }>) => {
          if (user.status === 'deactivated') return E.left(new DomainError('user_deactivated', 'Esta conta está desativada.', 'user_id'));
          return E.right<DomainError, UserEvent[]>([
            {
              type: 'UserPasswordResetIssued',
              data: { user_id: user.user_id, invite_hash: command.invite_hash, expires_at: later(command.now, INVITE_TTL_MS), issued_at: command.now, ended_sessions: Object.keys(user.sessions) },
            },
          ]);
        })(ofTenant(state, command.tenant_id));
      case 'ChangeRole':
        return E.chain((user: Exclude<UserState, { status: 'none' }>) => {
          if (user.status === 'deactivated') return E.left(new DomainError('user_deactivated', 'Esta conta está desativada.', 'user_id'));
          if (user.role === command.role) return E.right<DomainError, UserEvent[]>([]);
          if (command.by_user_id === user.user_id) return ownAccount();
          return E.right<DomainError, UserEvent[]>([{ type: 'UserRoleChanged', data: { user_id: user.user_id, role: command.role, changed_at: command.now } }]);
        })(ofTenant(state, command.tenant_id));
      case 'DeactivateUser':
        return E.chain((user: Exclude<UserState, { status: 'none' }>) => {
          if (user.status === 'deactivated') return E.right<DomainError, UserEvent[]>([]);
          if (command.by_user_id === user.user_id) return ownAccount();
          return E.right<DomainError, UserEvent[]>([
            { type: 'UserDeactivated', data: { user_id: user.user_id, deactivated_at: command.now, ended_sessions: Object.keys(user.sessions) } },
          ]);
        })(ofTenant(state, command.tenant_id));
      case 'LogIn': {
        if (state.status !== 'active' || state.password_hash === null || state.password_hash !== command.verified_password_hash) return loginFailed();
        if (state.locked_until !== null && !isPast(state.locked_until, command.now)) return loginFailed();
        const expired = Object.entries(state.sessions).filter(([, expiresAt]) => isPast(expiresAt, command.now)).map(([hash]) => hash);
        return E.right([
          {
            type: 'UserLoggedIn',
            data: {
              user_id: state.user_id,
              tenant_id: state.tenant_id,
              session_hash: command.session_hash,
              expires_at: later(command.now, SESSION_TTL_MS),
              at: command.now,
              expired_sessions: expired,
            },
          },
        ]);
      }
      case 'LogOut':
        if (state.status === 'none' || !Object.hasOwn(state.sessions, command.session_hash)) return E.right([]);
        return E.right([{ type: 'UserLoggedOut', data: { user_id: state.user_id, session_hash: command.session_hash, at: command.now } }]);
      case 'RevokeSessions':
        if (state.status === 'none') return userNotFound();
        return E.right([{ type: 'UserSessionsRevoked', data: { user_id: state.user_id, at: command.now, ended_sessions: Object.keys(state.sessions) } }]);
      case 'LockOut':
        if (state.status !== 'active') return E.right([]);
        if (state.locked_until !== null && Date.parse(state.locked_until) >= Date.parse(command.until)) return E.right([]);
        return E.right([{ type: 'UserLockedOut', data: { user_id: state.user_id, until: command.until, at: command.now } }]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'UserInvited') {
      const { tenant_id, user_id, email, role, invite_hash, expires_at } = event.data;
      // a new invitation starts the account over: no password until the link is used
      return { status: 'invited', tenant_id, user_id, email, role, invite: { hash: invite_hash, expires_at }, password_hash: null, locked_until: null, sessions: {} };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'UserActivated':
        return { ...state, status: 'active', password_hash: event.data.password_hash, invite: null };
      case 'UserPasswordResetIssued':
        return { ...state, password_hash: null, invite: { hash: event.data.invite_hash, expires_at: event.data.expires_at }, sessions: {} };
      case 'UserPasswordSet':
        return { ...state, password_hash: event.data.password_hash, invite: null, locked_until: null, sessions: {} };
      case 'UserRoleChanged':
        return { ...state, role: event.data.role };
      case 'UserDeactivated':
        return { ...state, status: 'deactivated', invite: null, sessions: {} };
      case 'UserLoggedIn': {
        const sessions: Record<string, string> = { ...state.sessions };
        for (const hash of event.data.expired_sessions) delete sessions[hash];
        sessions[event.data.session_hash] = event.data.expires_at;
        return { ...state, sessions };
      }
      case 'UserLoggedOut': {
        const { [event.data.session_hash]: _ended, ...sessions } = state.sessions;
        return { ...state, sessions };
      }
      case 'UserSessionsRevoked':
        return { ...state, sessions: {} };
      case 'UserLockedOut':
        return { ...state, locked_until: event.data.until };
      default: {
        // compile-time: every known type is handled; at run time an unknown type changes nothing
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};
