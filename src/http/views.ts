import type { FacialResults } from '../commands/facial.js';
import type { WebhookDeliveryDoc } from '../projections/webhook-deliveries.js';
import type { TemplateDoc } from '../projections/templates.js';
import type { ApiKeyDoc } from '../projections/api-keys.js';
import type { TenantDoc } from '../projections/tenants.js';
import { freezeListsOf } from '../domain/tenant/decider.js';

export function tenantView(doc: TenantDoc) {
  return {
    tenant_id: doc.tenant_id,
    object: 'tenant',
    name: doc.name,
    balance: doc.balance,
    // a tenant projected before periodic review existed has no such setting yet: none
    settings: { ...doc.settings, periodic_review: doc.settings.periodic_review ?? null, four_eyes: doc.settings.four_eyes ?? false, sanctions_freeze_lists: freezeListsOf(doc.settings) },
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

export function apiKeyView(doc: ApiKeyDoc) {
  return {
    key_id: doc.key_id,
    object: 'api_key',
    tenant_id: doc.tenant_id,
    name: doc.name,
    environment: doc.environment,
    scopes: doc.scopes,
    subject_type: doc.subject_type,
    rate_limit_per_minute: doc.rate_limit_per_minute,
    key_hint: doc.key_hint,
    created_at: doc.created_at,
    revoked_at: doc.revoked_at,
  };
}

export function templateView(doc: TemplateDoc) {
  return {
    template_id: doc.template_id,
    object: 'template',
    tenant_id: doc.tenant_id,
    global: doc.global,
    version: doc.version,
    ...doc.definition,
    published: doc.published,
    active: doc.active,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** The delivery log item: every attempt, without the body or anything of the secret. */
export function webhookDeliveryView(doc: WebhookDeliveryDoc) {
  return {
    delivery_id: doc.delivery_id,
    event_id: doc.event_id,
    event: doc.event,
    environment: doc.environment,
    url: doc.url,
    status: doc.status,
    attempts: doc.attempts.map((a) => ({ attempted_at: a.attempted_at, http_status: a.http_status, latency_ms: a.latency_ms, error: a.error })),
    next_attempt_at: doc.next_attempt_at,
    failure_reason: doc.failure_reason,
    created_at: doc.created_at,
  };
}

/** A facial verification's answer: per check, its score, or the message of a check that could not be run. */
export function facialVerificationView(results: FacialResults, livemode: boolean) {
  return {
    object: 'facial_verification',
    results: Object.fromEntries(
      Object.entries(results).map(([check, r]) => [
        check,
        r.status === 'Error'
          ? { status: r.status, warnings: r.warnings, request_id: r.request_id, message: r.message ?? 'The check failed at the provider.' }
          : { status: r.status, score: r.score, warnings: r.warnings, request_id: r.request_id },
      ]),
    ),
    livemode,
  };
}
