import type { ReadStore } from '../adapters/read-store/port.js';
import { getTenant, type TenantDoc } from '../projections/tenants.js';
import { ApiError } from './errors.js';

/** The operator API's tenant in the path: one that exists, else 404 tenant_not_found naming tenant_id. */
export async function existingTenant(readStore: ReadStore, tenantId: string): Promise<TenantDoc> {
  const tenant = await getTenant(readStore, tenantId);
  if (!tenant) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
  return tenant;
}
