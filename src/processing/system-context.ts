import type { EventMetadata } from '../adapters/event-store/port.js';

/**
 * What caused a system command: an event a reactor reacts to (its tenant, time and correlation
 * carry on; it is the causation), or a piece of work named by its correlation id (a run, a work
 * item, a delivery), with its tenant, the time of the step and, when known, the event behind it.
 */
export type SystemCause =
  | { event: { id: string; metadata: EventMetadata } }
  | { correlation_id: string; tenant_id: string | null; at: Date | string; causation_id?: string | null; actor?: string };

/** A command's context (`CommandContext` of the write side, by shape). */
export interface SystemContext {
  metadata: EventMetadata;
  commandId: string;
}

/**
 * The context of a command the service issues itself (no request, no key). `step` is the step's
 * command id: it seeds the event ids, so the same step done again appends the same ids.
 */
export function systemContext(cause: SystemCause, step: string): SystemContext {
  if ('event' in cause) return { metadata: { ...cause.event.metadata, actor: 'system', request_id: null, causation_id: cause.event.id }, commandId: step };
  const occurred_at = typeof cause.at === 'string' ? cause.at : cause.at.toISOString();
  return {
    metadata: { tenant_id: cause.tenant_id, actor: cause.actor ?? 'system', request_id: null, occurred_at, correlation_id: cause.correlation_id, causation_id: cause.causation_id ?? null },
    commandId: step,
  };
}
