import type { DashboardUserDoc } from '../../../projections/users.js';
import { ROLE_LABELS, USER_STATUS_LABELS } from '../labels.js';
import type { DashboardRole } from '../state.js';

const ROLES = Object.entries(ROLE_LABELS) as [DashboardRole, string][];

/** The login form, as typed, with the refusal of the last try. */
export const loginPage = (fields: { next: string; email: string; error?: string }) => ({ next: fields.next, email: fields.email, error: fields.error ?? null });

/** Setting a password from a one-time link. */
export const invitePage = (email: string, token: string, error: string | null) => ({ email, action: `/dashboard/invite/${encodeURIComponent(token)}`, error });

/** The admins' users screen: the team by e-mail, and a just-made invitation's link (shown this once) or a refusal. */
export function usersPage(users: readonly DashboardUserDoc[], extra: { invited?: { email: string; url: string }; error?: string }) {
  const sorted = [...users].sort((a, b) => a.email.localeCompare(b.email));
  return { users: sorted, roles: ROLES, roleLabels: ROLE_LABELS, statusLabels: USER_STATUS_LABELS, invited: extra.invited ?? null, error: extra.error ?? null };
}
