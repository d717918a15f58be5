import type Koa from 'koa';
import { isUuid } from '../../../adapters/ids.js';
import { Environment } from '../../../domain/values/scopes.js';
import { decodeBody } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { CreateApiKeyBody, UpdateTenantBody } from '../../operations/tenants.js';
import { SetWebhookEndpointBody } from '../../operations/webhooks.js';
import { typedNumber } from '../present.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export const BANDS = ['baixo', 'medio', 'alto'] as const;

/** The environment in the path: anything else is no page at all. */
export function environmentParam(ctx: Ctx): Environment {
  const environment = ctx.params['environment'] ?? '';
  if (!Environment.is(environment)) throw new ApiError('not_found', 'Esta página não existe.');
  return environment;
}

/** A key's id in the path: a malformed one is as unknown as another tenant's. */
export function keyIdParam(ctx: Ctx): string {
  const keyId = ctx.params['key_id'] ?? '';
  if (!isUuid(keyId)) throw new ApiError('api_key_not_found', 'Chave não encontrada.');
  return keyId;
}

/** The settings form's fields as the operator API's PATCH body, so the same codec decides. */
export function settingsForm(form: URLSearchParams) {
  const policy = Object.fromEntries(BANDS.map((band) => [band, formField(form, `policy_${band}`)]).filter(([, status]) => status !== ''));
  const review = Object.fromEntries(BANDS.map((band) => [band, formField(form, `review_${band}`).trim()]).filter(([, days]) => days !== '').map(([band, days]) => [band, typedNumber(days!)]));
  return decodeBody(UpdateTenantBody, {
    auto_decision_policy: Object.keys(policy).length > 0 ? policy : null,
    periodic_review: Object.keys(review).length > 0 ? review : null,
    four_eyes: formField(form, 'four_eyes') === 'on',
    default_templates: { pf: formField(form, 'default_pf') || null, pj: formField(form, 'default_pj') || null },
    // the UN's list is always on (its box is disabled, so never sent): the domain keeps it first
    sanctions_freeze_lists: form.getAll('freeze_lists'),
  });
}

/** A new API key, decoded by the operator API's codec; its scopes once each. */
export function apiKeyForm(form: URLSearchParams) {
  const body = decodeBody(CreateApiKeyBody, {
    name: formField(form, 'name'),
    environment: formField(form, 'environment'),
    scopes: form.getAll('scopes'),
    subject_type: formField(form, 'subject_type') || null,
  });
  return { name: body.name, environment: body.environment, scopes: [...new Set(body.scopes)], subject_type: body.subject_type ?? null, rate_limit_per_minute: null };
}

/** A webhook endpoint's URL and events, decoded by the operator API's codec. */
export const webhookForm = (form: URLSearchParams) => decodeBody(SetWebhookEndpointBody, { url: formField(form, 'url').trim(), events: form.getAll('events') });

/** The confirmation box of a live key's revocation. */
export const revokeConfirmed = (form: URLSearchParams): boolean => formField(form, 'confirm') === 'on';
