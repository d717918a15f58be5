import type { ReadStore } from '../adapters/read-store/port.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Environment, Scope, SubjectType } from '../domain/values/scopes.js';
import { ApiKeyCreated, ApiKeyRevoked } from '../domain/tenant/events.js';
import type { Projection } from './projector.js';

/** An API key as auth needs it, stored under the key's hash; the key itself is never stored. */
export interface ApiKeyDoc extends Record<string, unknown> {
  key_id: string;
  tenant_id: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  subject_type: SubjectType | null;
  rate_limit_per_minute: number | null;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}

const isKeyEvent = isEventOf(ApiKeyCreated, ApiKeyRevoked);

export const apiKeysProjection: Projection<ApiKeyDoc> = {
  name: 'api_keys',
  collection: 'api_keys',
  indexes: [{ fields: ['key_id'], unique: true }, { fields: ['tenant_id'] }],
  documentIds(event) {
    return isKeyEvent(event) ? [event.data.key_hash] : [];
  },
  evolve(doc, event) {
    if (!isKeyEvent(event)) return doc;
    switch (event.type) {
      case 'ApiKeyCreated': {
        const { key_hash: _hash, ...key } = event.data;
        return { ...key, revoked_at: null };
      }
      case 'ApiKeyRevoked':
        return doc && { ...doc, revoked_at: event.data.revoked_at };
      default:
        return doc;
    }
  },
};


export const listTenantKeys = (store: ReadStore, tenantId: string) =>
  store.find<ApiKeyDoc>('api_keys', { where: { tenant_id: tenantId }, limit: 1000 });
