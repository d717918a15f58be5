/**
 * Upcasters: stored events are never rewritten, so an event type that was renamed or reshaped
 * is read through a function from its old shape to the current one. Each entry names the old
 * type it reads; the result is what the rest of the service sees.
 */
export type Upcaster = (data: Record<string, unknown>) => { type: string; data: Record<string, unknown> };

export const UPCASTERS: Readonly<Record<string, Upcaster>> = {
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
  /** run events before 2026-11 did not name the run's customer; null reads as "none known" */
  RunStarted: (data) => ({ type: 'RunStarted', data: { customer_id: null, ...data } }),
  RunCancelled: (data) => ({ type: 'RunCancelled', data: { customer_id: null, ...data } }),
};
