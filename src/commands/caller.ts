/**
 * Who asks for a command: the operator (acts on any tenant's data), a dashboard user or an API
 * key (each acts on its own tenant's data only). One function per operation takes it as data
 * and makes the check itself, so no edge can forget it.
 */
export type Caller = { kind: 'operator' } | { kind: 'user'; user_id: string; tenant_id: string } | { kind: 'key'; key_id: string; tenant_id: string };

export const OPERATOR: Caller = { kind: 'operator' };

/** Whether the caller may see and act on data of this tenant (another tenant's data does not exist for it). */
export const mayActOn = (caller: Caller, tenantId: string | null): boolean => caller.kind === 'operator' || caller.tenant_id === tenantId;
