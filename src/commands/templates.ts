import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { newId } from '../adapters/ids.js';
import type { DomainError } from '../domain/shared/decider.js';
import { templateDecider, templateStream } from '../domain/template/decider.js';
import type { TemplateDefinition } from '../domain/template/events.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { handleCommand, type CommandContext } from './handle-command.js';

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
