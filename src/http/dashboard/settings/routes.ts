import Router from '@koa/router';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { CnpjRegister } from '../../../adapters/cnpj-register/port.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import { isUuid } from '../../../adapters/ids.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { changeTenantSettings, createApiKey, revokeApiKey } from '../../../commands/tenants.js';
import { changeWebhookEndpoint, redeliver, rotateWebhookSecret } from '../../../commands/webhooks.js';
import type { WebhookUrlProblem } from '../../../commands/run-requests.js';
import { listTenantKeys } from '../../../projections/api-keys.js';
import { getTenant } from '../../../projections/tenants.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import { findWebhookDeliveries, getWebhookDelivery } from '../../../projections/webhook-deliveries.js';
import { webhookEndpoints } from '../../../queries/history.js';
import type { ListSearch } from '../../../domain/screening/port.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { listStatusView, tenantListView } from '../../screening-views.js';
import { when } from '../present.js';
import { redirectTo, renderPage } from '../render.js';
import { readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { apiKeyForm, environmentParam, keyIdParam, revokeConfirmed, settingsForm, webhookForm } from './forms.js';
import { settingsPage, webhookSecretPage, type SettingsProblem } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export interface SettingsScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  secretKey: string;
  /** the check a webhook URL passes before it is saved */
  webhookUrlProblem: WebhookUrlProblem;
  listCatalog: ListSearch;
  cnpjRegister: CnpjRegister | null;
}

const DELIVERY_LOG_SIZE = 50;

/** The page, with a refused form's message in its own section when there is one. */
async function showSettings(deps: SettingsScreenDeps, ctx: Ctx, problem: SettingsProblem | null = null): Promise<void> {
  const { readStore, listCatalog } = deps;
  const user = ctx.state.user!;
  const now = deps.clock.now();
  const [tenant, keys, endpoints, deliveries, own, global, register] = await Promise.all([
    getTenant(readStore, user.tenant_id),
    listTenantKeys(readStore, user.tenant_id),
    webhookEndpoints(deps.log, user.tenant_id),
    findWebhookDeliveries(readStore, { tenant_id: user.tenant_id }, DELIVERY_LOG_SIZE),
    readStore.find<TemplateDoc>('templates', { where: { tenant_id: user.tenant_id }, limit: 500 }),
    readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
    deps.cnpjRegister?.current() ?? null,
  ]);
  if (!tenant) throw new ApiError('tenant_not_found', 'Conta não encontrada.');
  const lists = [...listCatalog.listIds().map((id) => listStatusView(listCatalog, id, now)), ...listCatalog.tenantListsOf(user.tenant_id).map((list) => tenantListView(listCatalog, list))];
  const page = settingsPage({ tenant, keys, endpoints, deliveries, templates: [...own, ...global], lists, register, canEdit: user.role === 'admin', problem, now });
  renderPage(ctx, 'settings', page, { title: 'Configurações', nav: 'configuracoes', status: problem?.error.status ?? 200 });
}

/**
 * Settings: API keys, the webhook endpoints and their delivery log, the tenant's decision
 * policy, and the lists' freshness. Every user reads the page; only admins change anything,
 * and a secret (a new key, a webhook secret) is shown once, in the answer to the form that made it.
 */
export function settingsRouter(deps: SettingsScreenDeps): Router<DashboardState> {
  const router = new Router<DashboardState>();
  router.get('/settings', requireUser(), (ctx) => showSettings(deps, ctx));
  keyRoutes(router, deps);
  webhookRoutes(router, deps);
  return router;
}

/** Runs a form's action; its refusal (a 4xx) comes back on the settings page, in the form's section. */
const onForm = (deps: SettingsScreenDeps) => async (ctx: Ctx, section: string, action: () => Promise<void>) => {
  try {
    await action();
  } catch (thrown) {
    if (!(thrown instanceof ApiError) || thrown.status >= 500 || thrown.code === 'not_found') throw thrown;
    // the form comes back as typed, its message beside the field it names
    await showSettings(deps, ctx, { section, error: thrown, typed: ctx.state.form ?? null });
  }
};

const admin = () => [requireUser(), requireRole('admin')] as const;

/** API keys and the decision policy. */
function keyRoutes(router: Router<DashboardState>, deps: SettingsScreenDeps): void {
  const { log, runner, clock } = deps;
  const form = onForm(deps);

  router.post('/settings/api-keys', ...admin(), (ctx) =>
    form(ctx, 'keys', async () => {
      const key = apiKeyForm(await readForm(ctx));
      const written = await applied(runner, await createApiKey(log, ctx.state.user!.tenant_id, key, userContext(ctx, clock)));
      // the only time the key is ever shown: in this answer, never stored, never redirected
      const shown = { key: { name: key.name, environment: key.environment, scopes: key.scopes, api_key: written.value.api_key } };
      renderPage(ctx, 'settings-key-created', shown, { title: 'Chave criada', nav: 'configuracoes', status: 201 });
    }),
  );

  router.post('/settings/api-keys/:key_id/revoke', ...admin(), async (ctx) => {
    const keyId = keyIdParam(ctx);
    // a live key stops production at once: revoked only with its confirmation box ticked (no script: the CSP forbids it)
    const live = (await listTenantKeys(deps.readStore, ctx.state.user!.tenant_id)).some((k) => k.key_id === keyId && k.environment === 'live');
    if (live && !revokeConfirmed(await readForm(ctx))) {
      const error = new ApiError('invalid_request', 'Marque a confirmação para revogar uma chave de produção: as integrações que a usam param na hora.', `confirm-${keyId}`);
      return showSettings(deps, ctx, { section: 'keys', error });
    }
    // the command reads the user's own tenant's keys: another tenant's key id is unknown there (404)
    await applied(runner, await revokeApiKey(log, ctx.state.user!.tenant_id, keyId, userContext(ctx, clock)));
    redirectTo(ctx, '/dashboard/settings#chaves', 'Chave revogada: deixa de funcionar imediatamente.');
  });

  router.post('/settings/policy', ...admin(), (ctx) =>
    form(ctx, 'policy', async () => {
      const changes = settingsForm(await readForm(ctx));
      await applied(runner, await changeTenantSettings({ log }, ctx.state.user!.tenant_id, changes, userContext(ctx, clock)));
      redirectTo(ctx, '/dashboard/settings#politica', 'Configurações salvas.');
    }),
  );
}

/** Webhook endpoints, their secret's rotation, and redelivery. */
function webhookRoutes(router: Router<DashboardState>, deps: SettingsScreenDeps): void {
  const { log, readStore, runner, clock, secretKey } = deps;
  const form = onForm(deps);
  const endpointDeps = { log, readStore, secretKey, webhookUrlProblem: deps.webhookUrlProblem };

  /** Saves URL and events; the signing secret stays, except on an environment's first save (shown this once). */
  router.post('/settings/webhooks/:environment', ...admin(), async (ctx) => {
    const environment = environmentParam(ctx);
    await form(ctx, `webhook-${environment}`, async () => {
      const body = webhookForm(await readForm(ctx));
      const endpoint = { tenant_id: ctx.state.user!.tenant_id, environment, url: body.url, events: body.events };
      const saved = await applied(runner, await changeWebhookEndpoint(endpointDeps, endpoint, userContext(ctx, clock)));
      if (saved.secret === null) return redirectTo(ctx, '/dashboard/settings#webhooks', `Endpoint ${environment} salvo. O segredo de assinatura não mudou.`);
      renderPage(ctx, 'settings-webhook-secret', webhookSecretPage(environment, body.url, saved.secret, null), { title: 'Segredo do webhook', nav: 'configuracoes' });
    });
  });

  /** The explicit rotation: the new secret shown this once; the previous one still signs for the overlap. */
  router.post('/settings/webhooks/:environment/rotate', ...admin(), async (ctx) => {
    const environment = environmentParam(ctx);
    await form(ctx, `webhook-${environment}`, async () => {
      const current = (await webhookEndpoints(log, ctx.state.user!.tenant_id))[environment];
      if (!current) throw new ApiError('invalid_request', 'Configure o endpoint deste ambiente antes de trocar o segredo.');
      const rotated = await applied(runner, await rotateWebhookSecret(log, secretKey, { tenant_id: ctx.state.user!.tenant_id, environment }, userContext(ctx, clock)));
      const page = webhookSecretPage(environment, current.url, rotated.secret, when(rotated.previous_valid_until));
      renderPage(ctx, 'settings-webhook-secret', page, { title: 'Segredo do webhook', nav: 'configuracoes' });
    });
  });

  router.post('/settings/webhook-deliveries/:delivery_id/redeliver', ...admin(), async (ctx) => {
    const id = ctx.params['delivery_id'] ?? '';
    const delivery = isUuid(id) ? await getWebhookDelivery(readStore, id) : null;
    if (!delivery || delivery.tenant_id !== ctx.state.user!.tenant_id) throw new ApiError('webhook_delivery_not_found', 'Entrega não encontrada.');
    await applied(runner, await redeliver({ log }, id, { kind: 'user', user_id: ctx.state.user!.user_id, tenant_id: ctx.state.user!.tenant_id }, userContext(ctx, clock)));
    redirectTo(ctx, '/dashboard/settings#entregas', 'Nova tentativa de entrega pedida.');
  });
}
