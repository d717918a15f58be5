import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { isUuid, newId } from '../adapters/ids.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { DomainError } from '../domain/shared/decider.js';
import { getTemplate } from '../projections/templates.js';
import { getTenant } from '../projections/tenants.js';
import { templateDecider, templateStream } from '../domain/template/decider.js';
import type { TemplateDefinition } from '../domain/template/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

export async function createTemplate(
  log: EventLog,
  input: { tenant_id: string | null; definition: TemplateDefinition; published: boolean; active: boolean },
  context: CommandContext,
): Promise<E.Either<DomainError, { template_id: string; position: number | null }>> {
  const templateId = newId();
  const result = await handleCommand(
    log,
    templateStream(templateId),
    templateDecider,
    { type: 'CreateTemplate', template_id: templateId, ...input, now: context.metadata.occurred_at },
    { ...context, metadata: { ...context.metadata, tenant_id: input.tenant_id } },
  );
  return E.map((r: { position: number | null }) => ({ template_id: templateId, position: r.position }))(result);
}

export async function changeTemplate(
  log: EventLog,
  templateId: string,
  change: { definition?: TemplateDefinition; published?: boolean; active?: boolean },
  context: CommandContext,
): Promise<E.Either<DomainError, number | null>> {
  let position: number | null = null;
  if (change.definition) {
    const revised = await handleCommand(log, templateStream(templateId), templateDecider, { type: 'ReviseTemplate', definition: change.definition, now: context.metadata.occurred_at }, {
      ...context,
      commandId: `${context.commandId}:revise`,
    });
    if (E.isLeft(revised)) return revised;
    position = revised.right.position ?? position;
  }
  if (change.published !== undefined || change.active !== undefined) {
    const changed = await handleCommand(
      log,
      templateStream(templateId),
      templateDecider,
      { type: 'ChangeAvailability', ...(change.published !== undefined ? { published: change.published } : {}), ...(change.active !== undefined ? { active: change.active } : {}), now: context.metadata.occurred_at },
      { ...context, commandId: `${context.commandId}:availability` },
    );
    if (E.isLeft(changed)) return changed;
    position = changed.right.position ?? position;
  }
  return E.right(position);
}

export async function setOnboardingProfile(log: EventLog, tenantId: string, slug: string, templateId: string, context: CommandContext) {
  const result = await handleCommand(log, tenantStream(tenantId), tenantDecider, { type: 'SetOnboardingProfile', slug, template_id: templateId, now: context.metadata.occurred_at }, context);
  return E.map((r: { position: number | null }) => r.position)(result);
}

/** A template for one tenant (which must exist) or a global one. */
export async function createTenantTemplate(
  deps: { log: EventLog; readStore: ReadStore },
  input: { tenant_id: string | null; definition: TemplateDefinition; published: boolean; active: boolean },
  context: CommandContext,
) {
  if (input.tenant_id !== null && (!isUuid(input.tenant_id) || !(await getTenant(deps.readStore, input.tenant_id)))) {
    return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  }
  return createTemplate(deps.log, input, context);
}

/** A template's revision: the fields sent replace the current definition's, availability apart. */
export async function reviseTemplate(
  deps: { log: EventLog; readStore: ReadStore },
  templateId: string,
  change: Partial<TemplateDefinition> & { published?: boolean; active?: boolean },
  context: CommandContext,
) {
  const current = await getTemplate(deps.readStore, templateId);
  if (!current) return E.left(templateNotFound());
  const { published, active, ...contents } = change;
  const definition = Object.keys(contents).length > 0 ? { ...current.definition, ...contents } : undefined;
  const own = forTenant(context, current.tenant_id);
  return changeTemplate(deps.log, templateId, { ...(definition ? { definition } : {}), ...(published !== undefined ? { published } : {}), ...(active !== undefined ? { active } : {}) }, own);
}

/** An onboarding profile naming a template the tenant may use (its own or a global one). */
export async function setTenantOnboardingProfile(deps: { log: EventLog; readStore: ReadStore }, tenantId: string, slug: string, templateId: string, context: CommandContext) {
  const template = isUuid(templateId) ? await getTemplate(deps.readStore, templateId) : null;
  if (!template || (template.tenant_id !== null && template.tenant_id !== tenantId)) {
    return E.left(new DomainError('template_not_found', 'No template with this id for the tenant.', 'template_id'));
  }
  return setOnboardingProfile(deps.log, tenantId, slug, templateId, context);
}

export const templateNotFound = () => new DomainError('not_found', 'No such template.', 'template_id');
