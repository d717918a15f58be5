import type { ReadStore } from '../adapters/read-store/port.js';
import { isEventOf } from '../domain/shared/events.js';
import { UserEvent, type DashboardRole } from '../domain/user/events.js';
import type { Projection } from './projector.js';

/** A dashboard user as login, the session check and the users screen need it. */
export interface DashboardUserDoc extends Record<string, unknown> {
  id: string;
  tenant_id: string;
  email: string;
  role: DashboardRole;
  status: 'invited' | 'active' | 'deactivated';
  /** SHA-256 of the one-time link's token, while one waits to be used */
  invite_hash: string | null;
  invite_expires_at: string | null;
  password_hash: string | null;
  locked_until: string | null;
  /** sessions created before this instant are dead (revocation, reset, deactivation) */
  sessions_valid_after: string | null;
  created_at: string;
}

/** A live session, stored under the SHA-256 of its cookie's token (the token itself is never stored). */
export interface DashboardSessionDoc extends Record<string, unknown> {
  id: string;
  user_id: string;
  tenant_id: string;
  created_at: string;
  expires_at: string;
}

const isUserEvent = isEventOf(UserEvent);

export const dashboardUsersProjection: Projection<DashboardUserDoc> = {
  name: 'dashboard_users',
  collection: 'dashboard_users',
  // not unique: an e-mail may have an account in each tenant (uniqueness per tenant lives in the user streams)
  indexes: [{ fields: ['email'] }, { fields: ['tenant_id'] }, { fields: ['invite_hash'] }],
  documentIds: (event) => (isUserEvent(event) ? [event.data.user_id] : []),
  evolve(doc, event) {
    if (!isUserEvent(event)) return doc;
    if (event.type === 'UserInvited') {
      const d = event.data;
      return {
        id: d.user_id,
        tenant_id: d.tenant_id,
        email: d.email,
        role: d.role,
        status: 'invited',
        invite_hash: d.invite_hash,
        invite_expires_at: d.expires_at,
        password_hash: null,
        locked_until: null,
        sessions_valid_after: doc ? d.invited_at : null,
        created_at: doc?.created_at ?? d.invited_at,
      };
    }
    if (!doc) return doc;
    switch (event.type) {
      case 'UserActivated':
        return { ...doc, status: 'active', password_hash: event.data.password_hash, invite_hash: null, invite_expires_at: null };
      case 'UserPasswordResetIssued':
        return { ...doc, password_hash: null, invite_hash: event.data.invite_hash, invite_expires_at: event.data.expires_at, sessions_valid_after: event.data.issued_at };
      case 'UserPasswordSet':
        return { ...doc, password_hash: event.data.password_hash, invite_hash: null, invite_expires_at: null, locked_until: null, sessions_valid_after: event.data.set_at };
      case 'UserRoleChanged':
        return { ...doc, role: event.data.role };
      case 'UserDeactivated':
        return { ...doc, status: 'deactivated', invite_hash: null, invite_expires_at: null, sessions_valid_after: event.data.deactivated_at };
      case 'UserSessionsRevoked':
        return { ...doc, sessions_valid_after: event.data.at };
      case 'UserLockedOut':
        return { ...doc, locked_until: event.data.until };
      default:
        return doc;
    }
  },
};

/** The sessions each event creates or ends (the ending events name them). */
function sessionIds(event: UserEvent): string[] {
  switch (event.type) {
    case 'UserLoggedIn':
      return [event.data.session_hash, ...event.data.expired_sessions];
    case 'UserLoggedOut':
      return [event.data.session_hash];
    case 'UserSessionsRevoked':
    case 'UserDeactivated':
    case 'UserPasswordSet':
    case 'UserPasswordResetIssued':
      return event.data.ended_sessions;
    default:
      return [];
  }
}

export const dashboardSessionsProjection: Projection<DashboardSessionDoc> = {
  name: 'dashboard_sessions',
  collection: 'dashboard_sessions',
  indexes: [{ fields: ['user_id'] }],
  documentIds: (event) => (isUserEvent(event) ? sessionIds(event) : []),
  evolve(doc, event, id) {
    if (!isUserEvent(event)) return doc;
    if (event.type === 'UserLoggedIn' && id === event.data.session_hash) {
      const d = event.data;
      return { id, user_id: d.user_id, tenant_id: d.tenant_id, created_at: d.at, expires_at: d.expires_at };
    }
    // every other event that names a session ends it
    return null;
  },
};

export const getDashboardUser = async (store: ReadStore, userId: string): Promise<DashboardUserDoc | null> =>
  (await store.get<DashboardUserDoc>('dashboard_users', userId))?.doc ?? null;

/** An e-mail's accounts, one per tenant at most, oldest first (a bound, not a page: a person is in few tenants). */
export const findDashboardUsersByEmail = async (store: ReadStore, email: string): Promise<DashboardUserDoc[]> =>
  (await store.find<DashboardUserDoc>('dashboard_users', { where: { email: email.toLowerCase() }, limit: 20 })).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));

export const findDashboardUserByInvite = async (store: ReadStore, inviteHash: string): Promise<DashboardUserDoc | null> =>
  (await store.find<DashboardUserDoc>('dashboard_users', { where: { invite_hash: inviteHash }, limit: 1 }))[0] ?? null;

export const listTenantUsers = (store: ReadStore, tenantId: string) => store.find<DashboardUserDoc>('dashboard_users', { where: { tenant_id: tenantId }, limit: 1000 });

export const getDashboardSession = async (store: ReadStore, sessionHash: string): Promise<DashboardSessionDoc | null> =>
  (await store.get<DashboardSessionDoc>('dashboard_sessions', sessionHash))?.doc ?? null;
