import type { DashboardUserDoc } from '../../../projections/users.js';
import { ROLE_LABELS, USER_STATUS_LABELS } from '../labels.js';
import { when } from '../present.js';

const BLOCKED_LABEL = 'Bloqueado';
import type { DashboardRole } from '../state.js';

const ROLES = Object.entries(ROLE_LABELS) as [DashboardRole, string][];

/** The login form, as typed, with the refusal of the last try. */
export const loginPage = (fields: { next: string; email: string; error?: string }) => ({ next: fields.next, email: fields.email, error: fields.error ?? null });

/** Setting a password from a one-time link. */
export const invitePage = (email: string, token: string, error: string | null) => ({ email, action: `/dashboard/invite/${encodeURIComponent(token)}`, error });

export interface UsersExtra {
  /** a link just made (an invitation, or one issued again): shown this once */
  invited?: { email: string; url: string; again?: boolean };
  error?: string;
  /** an invitation refused for its e-mail: the message beside the field, the form as typed */
  emailError?: string;
  typed?: { email: string; role: DashboardRole };
}

/** A user's situation as the screen says it: a lockout after failed logins shows as blocked until it ends. */
const situation = (user: DashboardUserDoc, now: Date): { label: string; until: string | null } => {
  if (user.status === 'active' && user.locked_until !== null && Date.parse(user.locked_until) > now.getTime()) return { label: BLOCKED_LABEL, until: when(user.locked_until) };
  return { label: USER_STATUS_LABELS[user.status], until: null };
};

/** The admins' users screen: the team by e-mail with each one's situation, and a just-made link (shown this once) or a refusal. */
export function usersPage(users: readonly DashboardUserDoc[], extra: UsersExtra, now: Date) {
  const sorted = [...users].sort((a, b) => a.email.localeCompare(b.email)).map((user) => ({ ...user, situation: situation(user, now), invite_expires: user.invite_expires_at ? when(user.invite_expires_at) : null }));
  return { users: sorted, roles: ROLES, roleLabels: ROLE_LABELS, invited: extra.invited ? { again: false, ...extra.invited } : null, error: extra.error ?? null, emailError: extra.emailError ?? null, typed: extra.typed ?? { email: '', role: 'analyst' as DashboardRole } };
}
