import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { Decider } from '../shared/decider.js';

/**
 * A tenant's own list (a blocklist): created by the operator for one tenant, its versions
 * uploaded as CSV and recorded on `list-<list_id>` like an official list's, searched only for
 * that tenant (screening.md sections 3 and 4).
 */
export const TenantListCreated = t.type({
  type: t.literal('TenantListCreated'),
  data: t.type({ list_id: t.string, tenant_id: t.string, name: t.string, created_at: t.string }),
});
export const TenantListEvent = TenantListCreated;
export type TenantListEvent = t.TypeOf<typeof TenantListEvent>;
export type TenantList = TenantListEvent['data'];

/**
 * Every tenant list, in one stream: creating one is rare (an operator action), and each instance
 * reads the whole registry on start to know which lists to load.
 */
export const TENANT_LISTS_STREAM = 'tenant-lists';

const TENANT_LIST_ID = /^tl_[0-9a-f]{20}$/;
export const isTenantListId = (value: unknown): value is string => typeof value === 'string' && TENANT_LIST_ID.test(value);

/**
 * A tenant list's id from its tenant and its name (case and spacing aside): creating the same
 * list twice is the same list, and the id tells nothing about the tenant.
 */
export const tenantListId = (tenantId: string, name: string): string =>
  `tl_${createHash('sha256').update(`${tenantId}\u0000${normalListName(name)}`).digest('hex').slice(0, 20)}`;

export const normalListName = (name: string): string => name.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

export type TenantListsState = ReadonlyMap<string, TenantList>;

export type TenantListCommand = { type: 'CreateTenantList'; tenant_id: string; name: string; now: string };

/** Creating a list that exists (same tenant, same name) records nothing: the caller answers with the existing one. */
export const tenantListsDecider: Decider<TenantListCommand, TenantListsState, TenantListEvent> = {
  initialState: new Map(),
  codec: TenantListEvent,
  decide(command, state) {
    const listId = tenantListId(command.tenant_id, command.name);
    if (state.has(listId)) return E.right([]);
    return E.right([{ type: 'TenantListCreated', data: { list_id: listId, tenant_id: command.tenant_id, name: command.name.replace(/\s+/g, ' ').trim(), created_at: command.now } }]);
  },
  evolve(state, event) {
    return new Map(state).set(event.data.list_id, event.data);
  },
};
