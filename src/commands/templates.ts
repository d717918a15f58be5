import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { isUuid, newId } from '../adapters/ids.js';
import { DomainError } from '../domain/shared/decider.js';
import { templateDecider, templateStream, visibleTo } from '../domain/template/decider.js';
import type { TemplateDefinition } from '../domain/template/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { loadTemplate, loadTenant } from './aggregates.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';

export const templateNotFound = () => new DomainError('not_found', 'No such template.', 'template_id');

/** A template for one tenant (which must exist) or a global one. */
export async function createTemplate(
  deps: { log: EventLog },
  input: { tenant_id: string | null; definition: TemplateDefinition; published: boolean; active: boolean },
  context: CommandContext,
): Promise<E.Either<DomainError, { template_id: string; position: number | null }>> {
  if (input.tenant_id !== null && (!isUuid(input.tenant_id) || !(await loadTenant(deps.log, input.tenant_id)))) {
    return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  }
  const templateId = newId();
  const result = await handleCommand(
    deps.log,
    templateStream(templateId),
    templateDecider,
    { type: 'CreateTemplate', template_id: templateId, ...input, now: context.metadata.occurred_at },
    { ...context, metadata: { ...context.metadata, tenant_id: input.tenant_id } },
  );
  return E.map((r: { position: number | null }) => ({ template_id: templateId, position: r.position }))(result);
}

/**
 * A template's revision (404 not_found when there is none): the definition's fields sent replace
 * the current ones (a new version), availability apart.
 */
export async function reviseTemplate(
  deps: { log: EventLog },
  templateId: string,
  change: Partial<TemplateDefinition> & { published?: boolean; active?: boolean },
  context: CommandContext,
): Promise<E.Either<DomainError, number | null>> {
  const current = await loadTemplate(deps.log, templateId);
  if (!current) return E.left(templateNotFound());
  const { published, active, ...contents } = change;
  const own = forTenant(context, current.tenant_id);
  const now = own.metadata.occurred_at;
  let position: number | null = null;
  if (Object.keys(contents).length > 0) {
    const definition = { ...current.definition, ...contents };
    const revised = await handleCommand(deps.log, templateStream(templateId), templateDecider, { type: 'ReviseTemplate', definition, now }, { ...own, commandId: `${own.commandId}:revise` });
    if (E.isLeft(revised)) return revised;
    position = revised.right.position ?? position;
  }
  if (published !== undefined || active !== undefined) {
    const availability = { type: 'ChangeAvailability' as const, ...(published !== undefined ? { published } : {}), ...(active !== undefined ? { active } : {}), now };
    const changed = await handleCommand(deps.log, templateStream(templateId), templateDecider, availability, { ...own, commandId: `${own.commandId}:availability` });
    if (E.isLeft(changed)) return changed;
    position = changed.right.position ?? position;
  }
  return E.right(position);
}

/** An onboarding profile naming a template the tenant may use (its own or a global one). */
export async function setOnboardingProfile(deps: { log: EventLog }, tenantId: string, slug: string, templateId: string, context: CommandContext) {
  const template = isUuid(templateId) ? visibleTo(await loadTemplate(deps.log, templateId), tenantId) : null;
  if (!template) return E.left(new DomainError('template_not_found', 'No template with this id for the tenant.', 'template_id'));
  const result = await handleCommand(deps.log, tenantStream(tenantId), tenantDecider, { type: 'SetOnboardingProfile', slug, template_id: templateId, now: context.metadata.occurred_at }, context);
  return E.map((r: { position: number | null }) => r.position)(result);
}
