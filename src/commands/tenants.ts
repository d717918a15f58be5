import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newId, randomToken } from '../adapters/ids.js';
import { DomainError } from '../domain/shared/decider.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import type { TenantSettingsChanges } from '../domain/tenant/events.js';
import type { Environment, Scope, SubjectType } from '../domain/values/scopes.js';
import { hashApiKey } from '../adapters/crypto.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';
import { ledgerCommand } from './ledger.js';
import { visibleTo } from '../domain/template/decider.js';
import { loadTemplate } from './aggregates.js';

export interface Written<T> {
  value: T;
  position: number | null;
}

const now = (context: CommandContext) => context.metadata.occurred_at;

export async function createTenant(
  log: EventLog,
  input: { name: string; facial_verification_master: boolean },
  context: CommandContext,
): Promise<E.Either<DomainError, Written<{ tenant_id: string }>>> {
  const tenantId = newId();
  const own = { ...context, metadata: { ...context.metadata, tenant_id: tenantId } };
  const result = await handleCommand(log, tenantStream(tenantId), tenantDecider, { type: 'CreateTenant', tenant_id: tenantId, ...input, now: now(context) }, own);
  return E.map((r: { position: number | null }) => ({ value: { tenant_id: tenantId }, position: r.position }))(result);
}

export interface NewApiKey {
  name: string;
  environment: Environment;
  scopes: Scope[];
  subject_type: SubjectType | null;
  rate_limit_per_minute: number | null;
}

/** Creates a key and returns it once: only its SHA-256 is stored (the key has 256 bits of entropy). */
export async function createApiKey(log: EventLog, tenantId: string, input: NewApiKey, context: CommandContext) {
  const keyId = newId();
  const apiKey = `sk_${input.environment === 'live' ? 'live' : 'test'}_${randomToken(32)}`;
  const result = await handleCommand(
    log,
    tenantStream(tenantId),
    tenantDecider,
    {
      type: 'CreateApiKey',
      key_id: keyId,
      ...input,
      key_hash: hashApiKey(apiKey),
      key_hint: `${apiKey.slice(0, 8)}…${apiKey.slice(-4)}`,
      now: now(context),
    },
    context,
  );
  return E.map((r: { position: number | null }) => ({ value: { key_id: keyId, api_key: apiKey }, position: r.position }))(result);
}

export async function revokeApiKey(log: EventLog, tenantId: string, keyId: string, context: CommandContext) {
  const result = await handleCommand(log, tenantStream(tenantId), tenantDecider, { type: 'RevokeApiKey', key_id: keyId, now: now(context) }, context);
  return E.map((r: { position: number | null }) => r.position)(result);
}

export async function addCredits(log: EventLog, tenantId: string, input: { amount: number; reason: string }, context: CommandContext) {
  const tenant = await loadState(log, tenantStream(tenantId), tenantDecider);
  if (tenant.state.status !== 'active') return E.left<DomainError, Written<{ balance: number }>>(tenantNotFound());
  const result = await ledgerCommand(log, { type: 'AddCredits', tenant_id: tenantId, ...input, now: now(context) }, context);
  return E.map((r: { position: number | null; state: { balance: number } }) => ({ value: { balance: r.state.balance }, position: r.position }))(result);
}

const tenantNotFound = () => new DomainError('tenant_not_found', 'No such tenant.');

/**
 * New settings for a tenant; a default template must be one the tenant may use (its own or a
 * global one) and screen the person type it is the default for.
 */
export async function changeTenantSettings(deps: { log: EventLog }, tenantId: string, changes: TenantSettingsChanges, context: CommandContext) {
  for (const type of ['pf', 'pj'] as const) {
    const templateId = changes.default_templates?.[type];
    if (!templateId) continue;
    const template = visibleTo(await loadTemplate(deps.log, templateId), tenantId);
    if (!template || template.definition.subject_type !== type) {
      return E.left(new DomainError('template_not_found', `default_templates.${type} must name a ${type} template of this tenant or a global one.`, `default_templates.${type}`));
    }
  }
  const result = await handleCommand(deps.log, tenantStream(tenantId), tenantDecider, { type: 'ChangeTenantSettings', changes, now: now(context) }, context);
  return E.map((r: { position: number | null }) => r.position)(result);
}
