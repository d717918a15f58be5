import * as t from 'io-ts';

/**
 * The storage contract of a dashboard user's stream (`user-<user_id>`): change with care, add
 * types rather than reshape. Tokens and passwords are never stored, only their hashes (SHA-256
 * of a one-time or session token; scrypt of a password). Every event names its user so the read
 * models need not parse stream names; the events that end sessions name the sessions they end,
 * so the session read model deletes exactly those documents.
 */

/**
 * compliance_officer (issue 28): an analyst who receives the cases escalated to compliance. A
 * role rather than a tenant setting naming one person: a tenant may have several officers or a
 * deputy, the officer signs in like anyone else, and the queue's filter "Escalado ao compliance"
 * is their list; a setting would name a user who can leave. The COAF communication comes later.
 */
export const DashboardRole = t.keyof({ admin: null, analyst: null, viewer: null, compliance_officer: null });
export type DashboardRole = t.TypeOf<typeof DashboardRole>;

export const UserInvited = t.type({
  type: t.literal('UserInvited'),
  data: t.type({
    tenant_id: t.string,
    user_id: t.string,
    /** lower-cased: one e-mail is one account on the whole platform */
    email: t.string,
    role: DashboardRole,
    /** the actor who invited: `operator` or `user:<id>` */
    invited_by: t.string,
    /** SHA-256 of the one-time link's token */
    invite_hash: t.string,
    expires_at: t.string,
    invited_at: t.string,
  }),
});

export const UserActivated = t.type({
  type: t.literal('UserActivated'),
  data: t.type({ user_id: t.string, password_hash: t.string, activated_at: t.string }),
});

/** An operator's reset: a new one-time link; the old password and every session stop working at once. */
export const UserPasswordResetIssued = t.type({
  type: t.literal('UserPasswordResetIssued'),
  data: t.type({ user_id: t.string, invite_hash: t.string, expires_at: t.string, issued_at: t.string, ended_sessions: t.array(t.string) }),
});

export const UserPasswordSet = t.type({
  type: t.literal('UserPasswordSet'),
  data: t.type({ user_id: t.string, password_hash: t.string, set_at: t.string, ended_sessions: t.array(t.string) }),
});

export const UserRoleChanged = t.type({
  type: t.literal('UserRoleChanged'),
  data: t.type({ user_id: t.string, role: DashboardRole, changed_at: t.string }),
});

export const UserDeactivated = t.type({
  type: t.literal('UserDeactivated'),
  data: t.type({ user_id: t.string, deactivated_at: t.string, ended_sessions: t.array(t.string) }),
});

export const UserLoggedIn = t.type({
  type: t.literal('UserLoggedIn'),
  data: t.type({
    user_id: t.string,
    tenant_id: t.string,
    /** SHA-256 of the session cookie's token */
    session_hash: t.string,
    expires_at: t.string,
    at: t.string,
    /** sessions of this user already past their expiry: their documents go */
    expired_sessions: t.array(t.string),
  }),
});

export const UserLoggedOut = t.type({
  type: t.literal('UserLoggedOut'),
  data: t.type({ user_id: t.string, session_hash: t.string, at: t.string }),
});

/** Logout everywhere. */
export const UserSessionsRevoked = t.type({
  type: t.literal('UserSessionsRevoked'),
  data: t.type({ user_id: t.string, at: t.string, ended_sessions: t.array(t.string) }),
});

/** Too many wrong passwords: refused until `until`, on every instance. */
export const UserLockedOut = t.type({
  type: t.literal('UserLockedOut'),
  data: t.type({ user_id: t.string, until: t.string, at: t.string }),
});

export const UserEvent = t.union([
  UserInvited,
  UserActivated,
  UserPasswordResetIssued,
  UserPasswordSet,
  UserRoleChanged,
  UserDeactivated,
  UserLoggedIn,
  UserLoggedOut,
  UserSessionsRevoked,
  UserLockedOut,
]);
export type UserEvent = t.TypeOf<typeof UserEvent>;
