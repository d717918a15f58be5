import type Koa from 'koa';
import type { Clock } from '../adapters/clock.js';
import type { EventMetadata } from '../adapters/event-store/port.js';
import type { CommandContext } from '../commands/handle-command.js';
import type { RequestState } from './state.js';

/** Who did it, for which tenant, in which request: the audit metadata of every event a request writes. */
export function commandContext(ctx: Koa.ParameterizedContext<RequestState>, clock: Clock, tenantId: string | null, suffix = ''): CommandContext {
  const principal = ctx.state.principal;
  const metadata: EventMetadata = {
    tenant_id: principal?.tenant_id ?? tenantId,
    actor: principal ? `api_key:${principal.key_id}` : 'operator',
    request_id: ctx.state.requestId,
    occurred_at: clock.now().toISOString(),
    correlation_id: ctx.state.requestId,
    causation_id: null,
  };
  return { metadata, commandId: `${ctx.state.requestId}${suffix}` };
}
