import type { ReadStore } from '../adapters/read-store/port.js';
import { tokenHash } from '../commands/users.js';
import { findDashboardUserByInvite } from '../projections/users.js';

/** The account a one-time link opens, while the link is good (unused, unexpired), else null. */
export async function openInvite(readStore: ReadStore, token: string, at: Date): Promise<{ id: string; tenant_id: string; email: string } | null> {
  const user = await findDashboardUserByInvite(readStore, tokenHash(token));
  if (!user || user.status === 'deactivated' || user.invite_expires_at === null || Date.parse(user.invite_expires_at) <= at.getTime()) return null;
  return user;
}
