import type { Upcaster } from '../shared/events.js';

/** Old shapes of the tenant stream's events, read as the current ones (see domain/upcasters.ts). */
export const tenantUpcasters: Readonly<Record<string, Upcaster>> = {
  /** before 2026-09-23 a tenant was "registered", and had no facial-verification master switch */
  TenantRegistered: (data) => ({
    type: 'TenantCreated',
    data: { tenant_id: data['tenant_id'], name: data['name'], facial_verification_master: false, created_at: data['registered_at'] ?? data['created_at'] },
  }),
  /** keys before per-key limits and subject restrictions carried neither field */
  ApiKeyCreated: (data) => ({
    type: 'ApiKeyCreated',
    data: { subject_type: null, rate_limit_per_minute: null, ...data },
  }),
};
