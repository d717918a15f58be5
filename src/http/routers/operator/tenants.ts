import Router from '@koa/router';
import { addCredits, changeTenantSettings, createApiKey, createTenant, revokeApiKey } from '../../../commands/tenants.js';
import { listTenantKeys } from '../../../projections/api-keys.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { AddCreditsBody, ApiKeyParams, CreateApiKeyBody, CreateTenantBody, TenantIdParams, UpdateTenantBody } from '../../operations/tenants.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';
import { apiKeyView, tenantView } from '../../views.js';

/** Operator API: tenants, their settings, credits and API keys (decisions section 2). */
export function operatorTenantsRouter(services: WriteDeps): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();
  const keyOf = async (tenantId: string, keyId: string) => (await listTenantKeys(readStore, tenantId)).find((k) => k.key_id === keyId);

  router.post('/tenants', jsonBody(), async (ctx) => {
    const body = decodeBody(CreateTenantBody, ctx.state.body);
    const written = await applied(runner, await createTenant(log, { name: body.name, facial_verification_master: body.facial_verification_master ?? false }, commandContext(ctx, clock, null)));
    ctx.status = 201;
    ctx.body = tenantView(await existingTenant(readStore, written.value.tenant_id));
  });

  router.get('/tenants/:tenant_id', async (ctx) => {
    ctx.body = tenantView(await existingTenant(readStore, decodeInput(TenantIdParams, ctx.params).tenant_id));
  });

  router.patch('/tenants/:tenant_id', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantIdParams, ctx.params);
    const changes = decodeBody(UpdateTenantBody, ctx.state.body);
    await applied(runner, await changeTenantSettings(services, tenantId, changes, commandContext(ctx, clock, tenantId)));
    ctx.body = tenantView(await existingTenant(readStore, tenantId));
  });

  router.post('/tenants/:tenant_id/credits', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantIdParams, ctx.params);
    const body = decodeBody(AddCreditsBody, ctx.state.body);
    const written = await applied(runner, await addCredits(log, tenantId, body, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = { tenant_id: tenantId, balance: written.value.balance };
  });

  router.post('/tenants/:tenant_id/api-keys', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantIdParams, ctx.params);
    const body = decodeBody(CreateApiKeyBody, ctx.state.body);
    const key = { name: body.name, environment: body.environment, scopes: [...new Set(body.scopes)], subject_type: body.subject_type ?? null, rate_limit_per_minute: body.rate_limit_per_minute ?? null };
    const written = await applied(runner, await createApiKey(log, tenantId, key, commandContext(ctx, clock, tenantId)));
    const doc = await keyOf(tenantId, written.value.key_id);
    if (!doc) throw new Error('created key not projected');
    ctx.status = 201;
    // the only time the key is ever shown
    ctx.body = { ...apiKeyView(doc), api_key: written.value.api_key };
  });

  router.get('/tenants/:tenant_id/api-keys', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantIdParams, ctx.params);
    await existingTenant(readStore, tenantId);
    ctx.body = { data: (await listTenantKeys(readStore, tenantId)).map(apiKeyView) };
  });

  router.delete('/tenants/:tenant_id/api-keys/:key_id', async (ctx) => {
    const { tenant_id: tenantId, key_id: keyId } = decodeInput(ApiKeyParams, ctx.params);
    // revocation is immediate: answer only once auth reads the key as revoked
    await applied(runner, await revokeApiKey(log, tenantId, keyId, commandContext(ctx, clock, tenantId)));
    const doc = await keyOf(tenantId, keyId);
    if (!doc) throw new ApiError('api_key_not_found', 'No such API key for this tenant.', 'key_id');
    ctx.body = apiKeyView(doc);
  });

  return router;
}
