import * as E from 'fp-ts/lib/Either.js';
import { createTemplate } from './commands/templates.js';
import { changeTenantSettings, createApiKey, createTenant } from './commands/tenants.js';
import { REFERENCE_PF, REFERENCE_PJ } from './domain/template/reference.js';
import type { CommandContext } from './commands/handle-command.js';
import { SCOPES } from './domain/values/scopes.js';
import { inviteUser } from './commands/users.js';
import type { Clock } from './adapters/clock.js';
import type { EventLog } from './adapters/event-store/event-log.js';
import type { EventStore } from './adapters/event-store/port.js';
import type { Config } from './config.js';
import type { SubscriptionRunner } from './processing/runner.js';

export interface DemoTenant {
  tenant_id: string;
  api_key: string;
  templates: { pf: string; pj: string };
  /** the one-time link that sets the demo admin's dashboard password (72 hours) */
  dashboard: { email: string; user_id: string; invite_token: string };
}

export const DEMO_ADMIN_EMAIL = 'admin@demo.example';

/** The command `npm start` prints to issue the first-start admin's invitation again (a lost link is no dead end). */
export const reissueCommand = (base: string, operatorToken: string, tenantId: string, userId: string): string =>
  `curl -s -X POST -H "Authorization: Bearer ${operatorToken}" ${base}/operator/v1/tenants/${tenantId}/users/${userId}/invite`;

/**
 * On an empty store: tenant "Demo" with a sandbox key holding every scope and the reference
 * templates as its pf and pj defaults (decisions section 1).
 */
/** What the demo seed writes with. */
export interface SeedDeps {
  config: Pick<Config, 'seedDemo'>;
  eventStore: Pick<EventStore, 'readAllPage'>;
  log: EventLog;
  clock: Clock;
  runner: Pick<SubscriptionRunner, 'waitFor'>;
}

/**
 * Whether any tenant was ever created. Not "is the log empty": the list refresher starts with the
 * service and may record a fetch (or its failure) before the seed runs, which must not cost a
 * newcomer the demo tenant. The first tenant of an install sits near the start of its log.
 */
async function anyTenant(eventStore: SeedDeps['eventStore']): Promise<boolean> {
  let after: number | null = null;
  for (;;) {
    const page = await eventStore.readAllPage({ after, limit: 1_000, streamPrefixes: ['tenant-'] });
    if (page.events.some((e) => e.type === 'TenantCreated')) return true;
    if (page.next === null) return false;
    after = page.next;
  }
}

export async function seedDemo(services: SeedDeps): Promise<DemoTenant | null> {
  if (!services.config.seedDemo || (await anyTenant(services.eventStore))) return null;
  const context = (step: string): CommandContext => ({
    metadata: {
      tenant_id: null,
      actor: 'system',
      request_id: null,
      occurred_at: services.clock.now().toISOString(),
      correlation_id: 'seed-demo',
      causation_id: null,
    },
    commandId: `seed-demo:${step}`,
  });
  const tenant = await createTenant(services.log, { name: 'Demo', facial_verification_master: true }, context('tenant'));
  if (E.isLeft(tenant)) throw new Error(`demo seed failed: ${tenant.left.code}`);
  const tenantId = tenant.right.value.tenant_id;
  const key = await createApiKey(
    services.log,
    tenantId,
    { name: 'Demo sandbox key', environment: 'sandbox', scopes: [...SCOPES], subject_type: null, rate_limit_per_minute: null },
    { ...context('key'), metadata: { ...context('key').metadata, tenant_id: tenantId } },
  );
  if (E.isLeft(key)) throw new Error(`demo seed failed: ${key.left.code}`);
  const templates: Record<string, string> = {};
  for (const definition of [REFERENCE_PF, REFERENCE_PJ]) {
    const created = await createTemplate(services, { tenant_id: tenantId, definition, published: true, active: true }, context(`template-${definition.subject_type}`));
    if (E.isLeft(created)) throw new Error(`demo seed failed: ${created.left.code}`);
    templates[definition.subject_type] = created.right.template_id;
  }
  const defaults = await changeTenantSettings(services, tenantId, { default_templates: { pf: templates['pf']!, pj: templates['pj']! } }, {
    ...context('defaults'),
    metadata: { ...context('defaults').metadata, tenant_id: tenantId },
  });
  if (E.isLeft(defaults)) throw new Error(`demo seed failed: ${defaults.left.code}`);
  const admin = await inviteUser(services.log, { tenant_id: tenantId, email: DEMO_ADMIN_EMAIL, role: 'admin' }, { ...context('admin'), metadata: { ...context('admin').metadata, tenant_id: tenantId } });
  if (E.isLeft(admin)) throw new Error(`demo seed failed: ${admin.left.code}`);
  await services.runner.waitFor(admin.right.position ?? defaults.right);
  return {
    tenant_id: tenantId,
    api_key: key.right.value.api_key,
    templates: { pf: templates['pf']!, pj: templates['pj']! },
    dashboard: { email: DEMO_ADMIN_EMAIL, user_id: admin.right.value.user_id, invite_token: admin.right.value.token },
  };
}
