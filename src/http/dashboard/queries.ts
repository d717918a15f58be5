import type { ReadStore } from '../../adapters/read-store/port.js';
import { listTenantKeys } from '../../projections/api-keys.js';
import { listTenantUsers, type DashboardUserDoc } from '../../projections/users.js';

/** Who is who in a tenant, as the screens name people and keys. */

/** A tenant's dashboard user as the screens name people. */
export type DashboardUserInfo = Pick<DashboardUserDoc, 'id' | 'email' | 'role' | 'status'>;

/** The tenant's users by id (a tenant has a team, not thousands). */
export async function tenantUsers(store: ReadStore, tenantId: string): Promise<Map<string, DashboardUserInfo>> {
  return new Map((await listTenantUsers(store, tenantId)).map((u) => [u.id, u]));
}

/** The hints of the tenant's API keys by key id, to name a key that acted. */
export async function keyHints(store: ReadStore, tenantId: string): Promise<Map<string, string>> {
  return new Map((await listTenantKeys(store, tenantId)).map((k) => [k.key_id, k.key_hint]));
}
