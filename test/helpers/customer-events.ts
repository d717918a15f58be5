import type { CustomerEvent } from '../../src/domain/customer/events.js';

/** `CustomerRegistered` of customer `c1` (tenant `t1`, live, PF) for the customer decider's specs; `profile` and the time vary. */
export const customerRegistered = (createdAt: string, profile: Record<string, unknown> = { doc: '52998224725', name: 'Ana Lima' }): CustomerEvent => ({
  type: 'CustomerRegistered',
  data: {
    customer_id: 'c1',
    tenant_id: 't1',
    environment: 'live',
    type: 'pf',
    profile,
    subject_ref: 'subj_x',
    external_id: null,
    metadata: {},
    onboarding_profile: null,
    webhook_url: null,
    created_at: createdAt,
  },
});
