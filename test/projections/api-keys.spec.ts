import { apiKeysProjection, type ApiKeyDoc } from '../../src/projections/api-keys.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const created = {
  tenant_id: 't1',
  key_id: 'k1',
  name: 'prod',
  environment: 'live',
  scopes: ['runs:read'],
  subject_type: 'pf',
  rate_limit_per_minute: 60,
  key_hash: 'hash-1',
  key_hint: 'sk_live_…abcd',
  created_at: T0,
};
const keyDoc: ApiKeyDoc = {
  tenant_id: 't1',
  key_id: 'k1',
  name: 'prod',
  environment: 'live',
  scopes: ['runs:read'],
  subject_type: 'pf',
  rate_limit_per_minute: 60,
  key_hint: 'sk_live_…abcd',
  created_at: T0,
  revoked_at: null,
};

describe('api keys projection', () => {
  const keys = projectionSpec(apiKeysProjection);

  it('a key is stored under its hash, without the hash in the document; revocation stamps it', () => {
    const at = eventLog();
    const created1 = at('tenant-t1', 'ApiKeyCreated', created);
    keys.given([created1]).then({ 'hash-1': keyDoc }).andReplayChangesNothing();
    keys
      .given([created1, at('tenant-t1', 'ApiKeyRevoked', { tenant_id: 't1', key_id: 'k1', key_hash: 'hash-1', revoked_at: T1 })])
      .then({ 'hash-1': { ...keyDoc, revoked_at: T1 } })
      .andReplayChangesNothing();
  });

  it('other tenant events are not read; a revocation of an unknown key makes no document', () => {
    const at = eventLog();
    keys.given([at('tenant-t1', 'TenantCreated', { tenant_id: 't1', name: 'Acme', facial_verification_master: false, created_at: T0 })]).then({});
    keys.given([at('tenant-t1', 'ApiKeyRevoked', { tenant_id: 't1', key_id: 'k9', key_hash: 'hash-9', revoked_at: T1 })]).then({ 'hash-9': null });
  });
});
