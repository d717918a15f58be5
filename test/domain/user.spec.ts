import { expect } from 'chai';
import { INVITE_TTL_MS, SESSION_TTL_MS, userDecider } from '../../src/domain/user/decider.js';
import type { UserEvent } from '../../src/domain/user/events.js';
import { spec } from '../helpers/decider-spec.js';

const T = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const U = '33333333-3333-5333-8333-333333333333';
const ADMIN = '44444444-4444-5444-8444-444444444444';
const NOW = '2026-11-22T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

const invited: UserEvent = {
  type: 'UserInvited',
  data: { tenant_id: T, user_id: U, email: 'ana@example.test', role: 'analyst', invited_by: 'operator', invite_hash: 'i1', expires_at: at(INVITE_TTL_MS), invited_at: NOW },
};
const activated: UserEvent = { type: 'UserActivated', data: { user_id: U, password_hash: 'p1', activated_at: NOW } };
const loggedIn = (session: string, when = NOW): UserEvent => ({
  type: 'UserLoggedIn',
  data: { user_id: U, tenant_id: T, session_hash: session, expires_at: at(Date.parse(when) - Date.parse(NOW) + SESSION_TTL_MS), at: when, expired_sessions: [] },
});
const invite = (tenant = T) => ({ type: 'InviteUser' as const, user_id: U, tenant_id: tenant, email: 'ana@example.test', role: 'analyst' as const, invited_by: 'operator', invite_hash: 'i2', now: NOW });
const logIn = (now = NOW, hash = 'p1') => ({ type: 'LogIn' as const, verified_password_hash: hash, session_hash: 's9', now });

describe('user decider', () => {
  const user = spec(userDecider);

  it('invites a new e-mail with a 72-hour link; a link not yet used is replaced; an account in use or of another tenant is user_exists', () => {
    user.given([]).when({ ...invite(), invite_hash: 'i1' }).then([invited]);
    user.given([invited]).when(invite()).then([{ type: 'UserInvited', data: { ...invited.data, invite_hash: 'i2' } } as UserEvent]);
    user.given([invited, activated]).when(invite()).thenError('user_exists');
    user.given([invited]).when(invite(OTHER)).thenError('user_exists');
  });

  it('re-issues an invitation not yet accepted: a new link, the old one refused; never for an active, deactivated or other tenant account (issue 28)', () => {
    const later = at(60_000);
    const reissue = (tenant = T) => ({ type: 'ReissueInvite' as const, tenant_id: tenant, invited_by: 'user:' + ADMIN, invite_hash: 'i3', now: later });
    const reissued: UserEvent = { type: 'UserInvited', data: { ...invited.data, invited_by: 'user:' + ADMIN, invite_hash: 'i3', expires_at: at(60_000 + INVITE_TTL_MS), invited_at: later } };
    user.given([invited]).when(reissue()).then([reissued]);
    const accept = (hash: string) => ({ type: 'AcceptInvite' as const, invite_hash: hash, password_hash: 'p1', now: later });
    user.given([invited, reissued]).when(accept('i1')).thenError('invite_invalid');
    user.given([invited, reissued]).when(accept('i3')).then([{ type: 'UserActivated', data: { user_id: U, password_hash: 'p1', activated_at: later } }]);
    user.given([invited, activated]).when(reissue()).thenError('invite_already_accepted');
    user.given([invited, { type: 'UserDeactivated', data: { user_id: U, deactivated_at: NOW, ended_sessions: [] } }]).when(reissue()).thenError('user_deactivated');
    user.given([invited]).when(reissue(OTHER)).thenError('user_not_found');
    user.given([]).when(reissue()).thenError('user_not_found');
  });

  it('accepts a link once and before it expires: activation first, a new password after a reset', () => {
    const accept = (hash: string, now = NOW) => ({ type: 'AcceptInvite' as const, invite_hash: hash, password_hash: 'p1', now });
    user.given([invited]).when(accept('i1')).then([activated]);
    user.given([invited, activated]).when(accept('i1')).thenError('invite_invalid');
    user.given([invited]).when(accept('wrong')).thenError('invite_invalid');
    user.given([invited]).when(accept('i1', at(INVITE_TTL_MS))).thenError('invite_invalid');
    const reset: UserEvent = { type: 'UserPasswordResetIssued', data: { user_id: U, invite_hash: 'r1', expires_at: at(INVITE_TTL_MS), issued_at: NOW, ended_sessions: ['s1'] } };
    user.given([invited, activated, loggedIn('s1')]).when({ type: 'IssuePasswordReset', tenant_id: T, invite_hash: 'r1', now: NOW }).then([reset]);
    user.given([invited, activated, loggedIn('s1'), reset]).when({ ...accept('r1'), password_hash: 'p2' }).then([
      { type: 'UserPasswordSet', data: { user_id: U, password_hash: 'p2', set_at: NOW, ended_sessions: [] } },
    ]);
    // the reset took the old password away at once
    user.given([invited, activated, reset]).when(logIn()).thenError('login_failed');
  });

  it('logs in only an active account, with the password hash it holds, when not locked; expired sessions are named for removal', () => {
    user.given([invited]).when(logIn()).thenError('login_failed');
    user.given([invited, activated]).when(logIn(NOW, 'p0')).thenError('login_failed');
    const locked: UserEvent = { type: 'UserLockedOut', data: { user_id: U, until: at(15 * 60_000), at: NOW } };
    user.given([invited, activated, locked]).when(logIn(at(15 * 60_000 - 1))).thenError('login_failed');
    user.given([invited, activated, locked, loggedIn('s1')]).when(logIn(at(SESSION_TTL_MS))).then([
      { type: 'UserLoggedIn', data: { user_id: U, tenant_id: T, session_hash: 's9', expires_at: at(2 * SESSION_TTL_MS), at: at(SESSION_TTL_MS), expired_sessions: ['s1'] } },
    ]);
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { user_id: U, deactivated_at: NOW, ended_sessions: [] } };
    user.given([invited, activated, deactivated]).when(logIn()).thenError('login_failed');
  });

  it('ends every session on logout everywhere and on deactivation; logging out an unknown session changes nothing', () => {
    user.given([invited, activated, loggedIn('s1'), loggedIn('s2')]).when({ type: 'RevokeSessions', now: NOW }).then([
      { type: 'UserSessionsRevoked', data: { user_id: U, at: NOW, ended_sessions: ['s1', 's2'] } },
    ]);
    user.given([invited, activated, loggedIn('s1')]).when({ type: 'DeactivateUser', tenant_id: T, by_user_id: ADMIN, now: NOW }).then([
      { type: 'UserDeactivated', data: { user_id: U, deactivated_at: NOW, ended_sessions: ['s1'] } },
    ]);
    user.given([invited, activated, loggedIn('s1')]).when({ type: 'LogOut', session_hash: 's2', now: NOW }).thenNothing();
  });

  it('answers user_not_found to another tenant, and refuses an admin changing their own role or account', () => {
    user.given([invited, activated]).when({ type: 'ChangeRole', tenant_id: OTHER, role: 'admin', by_user_id: ADMIN, now: NOW }).thenError('user_not_found');
    user.given([invited, activated]).when({ type: 'DeactivateUser', tenant_id: OTHER, by_user_id: ADMIN, now: NOW }).thenError('user_not_found');
    user.given([invited, activated]).when({ type: 'IssuePasswordReset', tenant_id: OTHER, invite_hash: 'r', now: NOW }).thenError('user_not_found');
    user.given([invited, activated]).when({ type: 'ChangeRole', tenant_id: T, role: 'viewer', by_user_id: U, now: NOW }).thenError('own_account');
    user.given([invited, activated]).when({ type: 'DeactivateUser', tenant_id: T, by_user_id: U, now: NOW }).thenError('own_account');
    user.given([invited, activated]).when({ type: 'ChangeRole', tenant_id: T, role: 'analyst', by_user_id: ADMIN, now: NOW }).thenNothing();
    user.given([invited, activated]).when({ type: 'ChangeRole', tenant_id: T, role: 'viewer', by_user_id: ADMIN, now: NOW }).then([
      { type: 'UserRoleChanged', data: { user_id: U, role: 'viewer', changed_at: NOW } },
    ]);
  });

  it('locks only to a later instant than the lock it has', () => {
    const lock = (until: string) => ({ type: 'LockOut' as const, until, now: NOW });
    user.given([invited, activated]).when(lock(at(1000))).then([{ type: 'UserLockedOut', data: { user_id: U, until: at(1000), at: NOW } }]);
    user.given([invited, activated, { type: 'UserLockedOut', data: { user_id: U, until: at(1000), at: NOW } }]).when(lock(at(500))).thenNothing();
    expect(userDecider.initialState).to.deep.equal({ status: 'none' });
  });
});
