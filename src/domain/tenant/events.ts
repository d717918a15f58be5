import * as t from 'io-ts';
import { CustomerStatus, Environment, Scope, SubjectType } from '../values/scopes.js';

/** The storage contract of the tenant stream: change with care, add types rather than reshape. */

export const AutoDecisionPolicy = t.union([
  t.partial({ baixo: CustomerStatus, medio: CustomerStatus, alto: CustomerStatus }),
  t.null,
]);

/** The longest review period a tenant may set: ten years. */
export const MAX_REVIEW_DAYS = 3650;

const ReviewDays = new t.Type<number, number, unknown>(
  `integer from 1 to ${MAX_REVIEW_DAYS}`,
  (u): u is number => Number.isSafeInteger(u) && (u as number) >= 1 && (u as number) <= MAX_REVIEW_DAYS,
  (u, c) => (Number.isSafeInteger(u) && (u as number) >= 1 && (u as number) <= MAX_REVIEW_DAYS ? t.success(u as number) : t.failure(u, c)),
  t.identity,
);

/** Days after a monitored customer's last run before it is reviewed again, per risk band (screening.md section 6). */
export const PeriodicReview = t.union([t.partial({ baixo: ReviewDays, medio: ReviewDays, alto: ReviewDays }), t.null]);
export type PeriodicReview = t.TypeOf<typeof PeriodicReview>;

export const TenantSettingsChanges = t.partial({
  api_channel_enabled: t.boolean,
  facial_verification_master: t.boolean,
  facial_verification_enabled: t.boolean,
  default_templates: t.partial({ pf: t.union([t.string, t.null]), pj: t.union([t.string, t.null]) }),
  auto_decision_policy: AutoDecisionPolicy,
  custom_document_types: t.array(t.string),
  billing_suspended: t.boolean,
  rate_limit_per_minute: t.union([t.number, t.null]),
  periodic_review: PeriodicReview,
  four_eyes: t.boolean,
  /** official lists whose monitoring hits require a freeze besides the UN's (issue 29); `un_sc` always first */
  sanctions_freeze_lists: t.array(t.string),
});
export type TenantSettingsChanges = t.TypeOf<typeof TenantSettingsChanges>;

export const TenantCreated = t.type({
  type: t.literal('TenantCreated'),
  data: t.type({ tenant_id: t.string, name: t.string, facial_verification_master: t.boolean, created_at: t.string }),
});

export const TenantSettingsChanged = t.type({
  type: t.literal('TenantSettingsChanged'),
  data: t.type({ tenant_id: t.string, changes: TenantSettingsChanges, changed_at: t.string }),
});

export const ApiKeyCreated = t.type({
  type: t.literal('ApiKeyCreated'),
  data: t.type({
    tenant_id: t.string,
    key_id: t.string,
    name: t.string,
    environment: Environment,
    scopes: t.array(Scope),
    subject_type: t.union([SubjectType, t.null]),
    rate_limit_per_minute: t.union([t.number, t.null]),
    /** SHA-256 of the key; the key itself is never stored */
    key_hash: t.string,
    /** prefix and last four characters, to tell keys apart in a list */
    key_hint: t.string,
    created_at: t.string,
  }),
});

export const ApiKeyRevoked = t.type({
  type: t.literal('ApiKeyRevoked'),
  data: t.type({ tenant_id: t.string, key_id: t.string, key_hash: t.string, revoked_at: t.string }),
});

/** An onboarding profile names the template customer creation uses; the same slug again re-points it. */
export const OnboardingProfileSet = t.type({
  type: t.literal('OnboardingProfileSet'),
  data: t.type({ tenant_id: t.string, slug: t.string, template_id: t.string, set_at: t.string }),
});

export const TenantEvent = t.union([TenantCreated, TenantSettingsChanged, ApiKeyCreated, ApiKeyRevoked, OnboardingProfileSet]);
export type TenantEvent = t.TypeOf<typeof TenantEvent>;
export type TenantCreated = t.TypeOf<typeof TenantCreated>;
export type ApiKeyCreated = t.TypeOf<typeof ApiKeyCreated>;
