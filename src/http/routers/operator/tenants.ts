import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../../adapters/ids.js';
import { addCredits, changeTenantSettings, createApiKey, createTenant, revokeApiKey } from '../../../commands/tenants.js';
import { MAX_CREDITS_PER_MOVEMENT } from '../../../domain/ledger/decider.js';
import { AutoDecisionPolicy, PeriodicReview } from '../../../domain/tenant/events.js';
import { Environment, Scope, SubjectType } from '../../../domain/values/scopes.js';
import { listTenantKeys } from '../../../projections/api-keys.js';
import { getTemplate } from '../../../projections/templates.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { boundedString, decodeBody, positiveInteger, positiveIntegerUpTo } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';
import { apiKeyView, tenantView } from '../../views.js';

const CreateTenantBody = t.intersection([
  t.type({ name: boundedString(200) }),
  t.partial({ facial_verification_master: t.boolean }),
]);

const nullableUuid = t.union([t.null, new t.Type<string, string, unknown>('uuid', (u): u is string => typeof u === 'string' && isUuid(u), (u, c) => (typeof u === 'string' && isUuid(u) ? t.success(u) : t.failure(u, c)), t.identity)]);

const PatchTenantBody = t.partial({
  api_channel_enabled: t.boolean,
  facial_verification_master: t.boolean,
  facial_verification_enabled: t.boolean,
  default_templates: t.exact(t.partial({ pf: nullableUuid, pj: nullableUuid })),
  auto_decision_policy: AutoDecisionPolicy,
  custom_document_types: t.array(boundedString(64)),
  billing_suspended: t.boolean,
  rate_limit_per_minute: t.union([positiveInteger, t.null]),
  periodic_review: PeriodicReview,
});

const CreditsBody = t.type({ amount: positiveIntegerUpTo(MAX_CREDITS_PER_MOVEMENT), reason: boundedString(500) });

const CreateKeyBody = t.intersection([
  t.type({ name: boundedString(200), environment: Environment, scopes: t.array(Scope) }),
  t.partial({ subject_type: t.union([SubjectType, t.null]), rate_limit_per_minute: t.union([positiveInteger, t.null]) }),
]);

function tenantIdParam(value: string): string {
  if (!isUuid(value)) throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
  return value;
}

function orThrow<A>(result: E.Either<import('../../../domain/shared/decider.js').DomainError, A>): A {
  if (E.isLeft(result)) throw fromDomainError(result.left);
  return result.right;
}

/** Operator API: tenants, their settings, credits and API keys (decisions section 2). */
export function operatorTenantsRouter(services: Services): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const loadTenant = async (tenantId: string) => {
    const doc = await getTenant(readStore, tenantId);
    if (!doc) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    return doc;
  };

  router.post('/tenants', jsonBody(), async (ctx) => {
    const body = decodeBody(CreateTenantBody, ctx.state.body);
    const written = orThrow(
      await createTenant(log, { name: body.name, facial_verification_master: body.facial_verification_master ?? false }, commandContext(ctx, clock, null)),
    );
    await runner.waitFor(written.position);
    ctx.status = 201;
    ctx.body = tenantView(await loadTenant(written.value.tenant_id));
  });

  router.get('/tenants/:tenant_id', async (ctx) => {
    ctx.body = tenantView(await loadTenant(tenantIdParam(ctx.params['tenant_id']!)));
  });

  router.patch('/tenants/:tenant_id', jsonBody(), async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    const changes = decodeBody(PatchTenantBody, ctx.state.body);
    for (const type of ['pf', 'pj'] as const) {
      const templateId = changes.default_templates?.[type];
      if (!templateId) continue;
      const template = await getTemplate(readStore, templateId);
      if (!template || (template.tenant_id !== null && template.tenant_id !== tenantId) || template.definition.subject_type !== type) {
        throw new ApiError('template_not_found', `default_templates.${type} must name a ${type} template of this tenant or a global one.`, `default_templates.${type}`);
      }
    }
    const position = orThrow(await changeTenantSettings(log, tenantId, changes, commandContext(ctx, clock, tenantId)));
    await runner.waitFor(position);
    ctx.body = tenantView(await loadTenant(tenantId));
  });

  router.post('/tenants/:tenant_id/credits', jsonBody(), async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    const body = decodeBody(CreditsBody, ctx.state.body);
    const written = orThrow(await addCredits(log, tenantId, body, commandContext(ctx, clock, tenantId)));
    await runner.waitFor(written.position);
    ctx.status = 201;
    ctx.body = { tenant_id: tenantId, balance: written.value.balance };
  });

  router.post('/tenants/:tenant_id/api-keys', jsonBody(), async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    const body = decodeBody(CreateKeyBody, ctx.state.body);
    if (body.scopes.length === 0) throw new ApiError('invalid_request', 'scopes must name at least one scope.', 'scopes');
    const written = orThrow(
      await createApiKey(
        log,
        tenantId,
        {
          name: body.name,
          environment: body.environment,
          scopes: [...new Set(body.scopes)],
          subject_type: body.subject_type ?? null,
          rate_limit_per_minute: body.rate_limit_per_minute ?? null,
        },
        commandContext(ctx, clock, tenantId),
      ),
    );
    await runner.waitFor(written.position);
    const doc = (await listTenantKeys(readStore, tenantId)).find((k) => k.key_id === written.value.key_id);
    if (!doc) throw new Error('created key not projected');
    ctx.status = 201;
    // the only time the key is ever shown
    ctx.body = { ...apiKeyView(doc), api_key: written.value.api_key };
  });

  router.get('/tenants/:tenant_id/api-keys', async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    await loadTenant(tenantId);
    ctx.body = { data: (await listTenantKeys(readStore, tenantId)).map(apiKeyView) };
  });

  router.delete('/tenants/:tenant_id/api-keys/:key_id', async (ctx) => {
    const tenantId = tenantIdParam(ctx.params['tenant_id']!);
    const keyId = ctx.params['key_id']!;
    if (!isUuid(keyId)) throw new ApiError('invalid_id', 'key_id must be a UUID.', 'key_id');
    const position = orThrow(await revokeApiKey(log, tenantId, keyId, commandContext(ctx, clock, tenantId)));
    // revocation is immediate: answer only once auth reads the key as revoked
    await runner.waitFor(position);
    const doc = (await listTenantKeys(readStore, tenantId)).find((k) => k.key_id === keyId);
    if (!doc) throw new ApiError('api_key_not_found', 'No such API key for this tenant.', 'key_id');
    ctx.body = apiKeyView(doc);
  });

  return router;
}
