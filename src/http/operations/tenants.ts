import * as t from 'io-ts';
import { MAX_CREDITS_PER_MOVEMENT } from '../../domain/ledger/decider.js';
import { AutoDecisionPolicy, PeriodicReview } from '../../domain/tenant/events.js';
import { Environment, Scope, SubjectType } from '../../domain/values/scopes.js';
import { isListId, type ListId } from '../../domain/screening/entry.js';
import { boundedString, displayName, positiveInteger, positiveIntegerUpTo, refusing } from '../decode.js';
import { UuidString, uuidParam } from './shared.js';

/** The input of each operator tenant operation: the tenant, its settings, credits and API keys. */

export const TenantIdParams = t.type({ tenant_id: uuidParam('tenant_id') });
export const ApiKeyParams = t.type({ tenant_id: uuidParam('tenant_id'), key_id: uuidParam('key_id') });

export const CreateTenantBody = t.intersection([t.type({ name: displayName(200) }), t.partial({ facial_verification_master: t.boolean })]);

// named as before: the refusal says `expected uuid`
const nullableUuid = t.union([t.null, new t.Type<UuidString, string, unknown>('uuid', UuidString.is, (u, c) => UuidString.validate(u, c), UuidString.encode)]);

/** An official list id (screening.md section 1), refused by name: `invalid_list`. */
const FreezeListId = refusing(
  new t.Type<ListId, string, unknown>('ListId', isListId, (u, c) => (isListId(u) ? t.success(u) : t.failure(u, c)), t.identity),
  'invalid_list',
  (value) => `Unknown list: ${String(value).slice(0, 64)}. sanctions_freeze_lists names official list ids.`,
  'sanctions_freeze_lists',
);

export const UpdateTenantBody = t.partial({
  api_channel_enabled: t.boolean,
  facial_verification_master: t.boolean,
  facial_verification_enabled: t.boolean,
  default_templates: t.exact(t.partial({ pf: nullableUuid, pj: nullableUuid })),
  auto_decision_policy: AutoDecisionPolicy,
  custom_document_types: t.array(displayName(64)),
  billing_suspended: t.boolean,
  rate_limit_per_minute: t.union([positiveInteger, t.null]),
  periodic_review: PeriodicReview,
  four_eyes: t.boolean,
  sanctions_freeze_lists: t.array(FreezeListId),
});

export const AddCreditsBody = t.type({ amount: positiveIntegerUpTo(MAX_CREDITS_PER_MOVEMENT), reason: boundedString(500) });

export const CreateApiKeyBody = t.intersection([
  t.type({
    name: displayName(200),
    environment: Environment,
    scopes: t.array(Scope).pipe(refusing(t.refinement(t.array(Scope), (scopes) => scopes.length > 0), 'invalid_request', 'scopes must name at least one scope.'), 'Array<Scope>'),
  }),
  t.partial({ subject_type: t.union([SubjectType, t.null]), rate_limit_per_minute: t.union([positiveInteger, t.null]) }),
]);
