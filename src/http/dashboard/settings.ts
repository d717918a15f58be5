import Router from '@koa/router';
import type Koa from 'koa';
import { isUuid } from '../../adapters/ids.js';
import { loadState } from '../../commands/handle-command.js';
import { changeTenantSettings, createApiKey, revokeApiKey } from '../../commands/tenants.js';
import { changeWebhookEndpoint, redeliver, rotateWebhookSecret } from '../../commands/webhooks.js';
import { CustomerStatus, Environment, SCOPES } from '../../domain/values/scopes.js';
import { webhookEndpointsDecider, webhookEndpointsStream } from '../../domain/webhook/endpoints.js';
import { ALWAYS_DELIVERED, WEBHOOK_EVENT_TYPES } from '../../domain/webhook/events.js';
import { listTenantKeys } from '../../projections/api-keys.js';
import { getTenant } from '../../projections/tenants.js';
import type { TemplateDoc } from '../../projections/templates.js';
import { findWebhookDeliveries, getWebhookDelivery } from '../../projections/webhook-deliveries.js';
import type { App as Services } from '../../app/compose.js';
import { decodeBody } from '../decode.js';
import { ApiError } from '../errors.js';
import { CreateApiKeyBody, UpdateTenantBody } from '../operations/tenants.js';
import { SetWebhookEndpointBody } from '../operations/webhooks.js';
import { applied } from '../outcome.js';
import { listStatusView, tenantListView } from '../screening-views.js';
import { ageText, typedNumber, when } from './present.js';
import { redirectTo, renderPage } from './render.js';
import { formField, readForm, requireRole, requireUser, userContext } from './session.js';
import type { DashboardState } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;
type SettingsServices = Pick<Services, 'log' | 'readStore' | 'runner' | 'clock' | 'secretKey' | 'webhooks' | 'listCatalog' | 'cnpjRegister'>;

/** The Receita publishes monthly on no fixed day: a month loaded more than this long ago is late. */
const REGISTER_LATE_DAYS = 45;

const BANDS = ['baixo', 'medio', 'alto'] as const;
const CUSTOMER_STATUSES = Object.keys(CustomerStatus.keys);
const DELIVERY_LOG_SIZE = 50;


/** The environment in the path: anything else is no page at all. */
function environmentParam(ctx: Ctx): Environment {
  const environment = ctx.params['environment'] ?? '';
  if (!Environment.is(environment)) throw new ApiError('not_found', 'Esta página não existe.');
  return environment;
}

/** The settings form's fields as the operator API's PATCH body, so the same codec decides. */
function settingsBody(form: URLSearchParams): Record<string, unknown> {
  const policy = Object.fromEntries(BANDS.map((band) => [band, formField(form, `policy_${band}`)]).filter(([, status]) => status !== ''));
  const review = Object.fromEntries(BANDS.map((band) => [band, formField(form, `review_${band}`).trim()]).filter(([, days]) => days !== '').map(([band, days]) => [band, typedNumber(days!)]));
  return {
    auto_decision_policy: Object.keys(policy).length > 0 ? policy : null,
    periodic_review: Object.keys(review).length > 0 ? review : null,
    four_eyes: formField(form, 'four_eyes') === 'on',
    default_templates: { pf: formField(form, 'default_pf') || null, pj: formField(form, 'default_pj') || null },
  };
}

/**
 * Settings: API keys, the webhook endpoints and their delivery log, the tenant's decision
 * policy, and the lists' freshness. Every user reads the page; only admins change anything,
 * and a secret (a new key, a webhook secret) is shown once, in the answer to the form that made it.
 */
export function settingsRouter(services: SettingsServices): Router<DashboardState> {
  const { log, readStore, runner, clock, listCatalog } = services;
  const router = new Router<DashboardState>();
  const endpointDeps = { ...services, webhookUrlProblem: (url: string) => services.webhooks.endpointUrlProblem(url) };
  const admin = [requireUser(), requireRole('admin')] as const;

  const endpointsOf = async (tenantId: string) => (await loadState(log, webhookEndpointsStream(tenantId), webhookEndpointsDecider)).state.endpoints;

  /** The page, with a refused form's message in its own section when there is one. */
  const settingsPage = async (ctx: Ctx, problem: { section: string; error: ApiError } | null = null) => {
    const user = ctx.state.user!;
    const now = clock.now();
    const [tenant, keys, endpoints, deliveries, own, global, register] = await Promise.all([
      getTenant(readStore, user.tenant_id),
      listTenantKeys(readStore, user.tenant_id),
      endpointsOf(user.tenant_id),
      findWebhookDeliveries(readStore, { tenant_id: user.tenant_id }, DELIVERY_LOG_SIZE),
      readStore.find<TemplateDoc>('templates', { where: { tenant_id: user.tenant_id }, limit: 500 }),
      readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
      services.cnpjRegister?.current() ?? null,
    ]);
    if (!tenant) throw new ApiError('tenant_not_found', 'Conta não encontrada.');
    const settings = tenant.settings;
    const templates = [...own, ...global].map((t) => ({ id: t.template_id, name: t.definition.name, subject_type: t.definition.subject_type, global: t.global }));
    renderPage(
      ctx,
      'settings',
      {
        canEdit: user.role === 'admin',
        problem: problem && { section: problem.section, message: problem.error.message },
        keys: keys.map((k) => ({ id: k.key_id, name: k.name, hint: k.key_hint, environment: k.environment, scopes: k.scopes, subject_type: k.subject_type, created: when(k.created_at), revoked: k.revoked_at ? when(k.revoked_at) : null })),
        scopes: SCOPES,
        endpoints: (['live', 'sandbox'] as const).map((environment) => {
          const endpoint = endpoints[environment];
          const overlap = endpoint?.previous && now.getTime() < Date.parse(endpoint.previous.valid_until) ? when(endpoint.previous.valid_until) : null;
          return { environment, url: endpoint?.url ?? null, events: endpoint?.events ?? [], set: endpoint ? when(endpoint.set_at) : null, previousSecretUntil: overlap };
        }),
        eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, always: ALWAYS_DELIVERED.includes(type) })),
        deliveries: deliveries.map((d) => ({
          id: d.delivery_id,
          event: d.event,
          environment: d.environment,
          url: d.url,
          status: d.status,
          created: when(d.created_at),
          failure: d.failure_reason,
          attempts: d.attempts.map((a) => ({ when: when(a.attempted_at), http_status: a.http_status, error: a.error })),
        })),
        policy: Object.fromEntries(BANDS.map((band) => [band, settings.auto_decision_policy?.[band] ?? ''])),
        review: Object.fromEntries(BANDS.map((band) => [band, settings.periodic_review?.[band] ?? ''])),
        fourEyes: settings.four_eyes ?? false,
        defaults: settings.default_templates,
        templates,
        customerStatuses: CUSTOMER_STATUSES,
        bands: BANDS,
        lists: [
          ...listCatalog.listIds().map((id) => listStatusView(listCatalog, id, now)),
          ...listCatalog.tenantListsOf(user.tenant_id).map((list) => tenantListView(listCatalog, list)),
        ].map((l) => ({ id: l.list_id, name: 'name' in l ? l.name : l.publisher, version: l.version_id, loaded: when(l.imported_at), age: l.imported_at ? ageText(l.imported_at, now) : '—', entries: l.entries, stale: l.stale, error: l.last_error })),
        register: register
          ? {
              month: register.month.month,
              loaded: when(register.month.imported_at),
              age: ageText(register.month.imported_at, now),
              establishments: register.month.rows['estabelecimentos'] ?? 0,
              late: now.getTime() - Date.parse(register.month.imported_at) > REGISTER_LATE_DAYS * 86_400_000,
            }
          : null,
      },
      { title: 'Configurações', nav: 'configuracoes', status: problem?.error.status ?? 200 },
    );
  };

  /** Runs a form's action; its refusal (a 4xx) comes back on the settings page, in the form's section. */
  const onForm = async (ctx: Ctx, section: string, action: () => Promise<void>) => {
    try {
      await action();
    } catch (thrown) {
      if (!(thrown instanceof ApiError) || thrown.status >= 500 || thrown.code === 'not_found') throw thrown;
      await settingsPage(ctx, { section, error: thrown });
    }
  };

  router.get('/settings', requireUser(), (ctx) => settingsPage(ctx));

  router.post('/settings/api-keys', ...admin, (ctx) =>
    onForm(ctx, 'keys', async () => {
      const form = await readForm(ctx);
      const body = decodeBody(CreateApiKeyBody, {
        name: formField(form, 'name'),
        environment: formField(form, 'environment'),
        scopes: form.getAll('scopes'),
        subject_type: formField(form, 'subject_type') || null,
      });
      const key = { name: body.name, environment: body.environment, scopes: [...new Set(body.scopes)], subject_type: body.subject_type ?? null, rate_limit_per_minute: null };
      const written = await applied(runner, await createApiKey(log, ctx.state.user!.tenant_id, key, userContext(ctx, clock)));
      // the only time the key is ever shown: in this answer, never stored, never redirected
      renderPage(ctx, 'settings-key-created', { key: { name: key.name, environment: key.environment, scopes: key.scopes, api_key: written.value.api_key } }, { title: 'Chave criada', nav: 'configuracoes', status: 201 });
    }),
  );

  router.post('/settings/api-keys/:key_id/revoke', ...admin, async (ctx) => {
    const keyId = ctx.params['key_id'] ?? '';
    if (!isUuid(keyId)) throw new ApiError('api_key_not_found', 'Chave não encontrada.');
    // the command reads the user's own tenant's keys: another tenant's key id is unknown there (404)
    await applied(runner, await revokeApiKey(log, ctx.state.user!.tenant_id, keyId, userContext(ctx, clock)));
    redirectTo(ctx, '/dashboard/settings#chaves', 'Chave revogada: deixa de funcionar imediatamente.');
  });

  /** Saves URL and events; the signing secret stays, except on an environment's first save (shown this once). */
  router.post('/settings/webhooks/:environment', ...admin, async (ctx) => {
    const environment = environmentParam(ctx);
    await onForm(ctx, `webhook-${environment}`, async () => {
      const form = await readForm(ctx);
      const body = decodeBody(SetWebhookEndpointBody, { url: formField(form, 'url').trim(), events: form.getAll('events') });
      const endpoint = { tenant_id: ctx.state.user!.tenant_id, environment, url: body.url, events: body.events };
      const saved = await applied(runner, await changeWebhookEndpoint(endpointDeps, endpoint, userContext(ctx, clock)));
      if (saved.secret === null) return redirectTo(ctx, '/dashboard/settings#webhooks', `Endpoint ${environment} salvo. O segredo de assinatura não mudou.`);
      renderPage(ctx, 'settings-webhook-secret', { environment, url: body.url, secret: saved.secret, previousValidUntil: null }, { title: 'Segredo do webhook', nav: 'configuracoes' });
    });
  });

  /** The explicit rotation: the new secret shown this once; the previous one still signs for the overlap. */
  router.post('/settings/webhooks/:environment/rotate', ...admin, async (ctx) => {
    const environment = environmentParam(ctx);
    await onForm(ctx, `webhook-${environment}`, async () => {
      const current = (await endpointsOf(ctx.state.user!.tenant_id))[environment];
      if (!current) throw new ApiError('invalid_request', 'Configure o endpoint deste ambiente antes de trocar o segredo.');
      const rotated = await applied(runner, await rotateWebhookSecret(log, services.secretKey, { tenant_id: ctx.state.user!.tenant_id, environment }, userContext(ctx, clock)));
      renderPage(ctx, 'settings-webhook-secret', { environment, url: current.url, secret: rotated.secret, previousValidUntil: when(rotated.previous_valid_until) }, { title: 'Segredo do webhook', nav: 'configuracoes' });
    });
  });

  router.post('/settings/webhook-deliveries/:delivery_id/redeliver', ...admin, async (ctx) => {
    const id = ctx.params['delivery_id'] ?? '';
    const delivery = isUuid(id) ? await getWebhookDelivery(readStore, id) : null;
    if (!delivery || delivery.tenant_id !== ctx.state.user!.tenant_id) throw new ApiError('webhook_delivery_not_found', 'Entrega não encontrada.');
    await applied(runner, await redeliver(services, id, { kind: 'user', user_id: ctx.state.user!.user_id, tenant_id: ctx.state.user!.tenant_id }, userContext(ctx, clock)));
    redirectTo(ctx, '/dashboard/settings#entregas', 'Nova tentativa de entrega pedida.');
  });

  router.post('/settings/policy', ...admin, (ctx) =>
    onForm(ctx, 'policy', async () => {
      const changes = decodeBody(UpdateTenantBody, settingsBody(await readForm(ctx)));
      await applied(runner, await changeTenantSettings(services, ctx.state.user!.tenant_id, changes, userContext(ctx, clock)));
      redirectTo(ctx, '/dashboard/settings#politica', 'Configurações salvas.');
    }),
  );

  return router;
}
