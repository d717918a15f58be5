import { expect } from 'chai';
import { tenantDecider } from '../../src/domain/tenant/decider.js';
import type { TenantEvent } from '../../src/domain/tenant/events.js';
import { spec } from '../helpers/decider-spec.js';

const T = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-11-22T12:00:00.000Z';
const created: TenantEvent = { type: 'TenantCreated', data: { tenant_id: T, name: 'Acme', facial_verification_master: false, created_at: NOW } };
const keyCreated: TenantEvent = {
  type: 'ApiKeyCreated',
  data: {
    tenant_id: T,
    key_id: 'k1',
    name: 'backend',
    environment: 'live',
    scopes: ['runs:read'],
    subject_type: null,
    rate_limit_per_minute: null,
    key_hash: 'h1',
    key_hint: 'sk_live_…abcd',
    created_at: NOW,
  },
};
const createKey = {
  type: 'CreateApiKey' as const,
  key_id: 'k1',
  name: 'backend',
  environment: 'live' as const,
  scopes: ['runs:read' as const],
  subject_type: null,
  rate_limit_per_minute: null,
  key_hash: 'h1',
  key_hint: 'sk_live_…abcd',
  now: NOW,
};

describe('tenant decider', () => {
  const tenant = spec(tenantDecider);

  it('creates a tenant once', () => {
    tenant.given([]).when({ type: 'CreateTenant', tenant_id: T, name: 'Acme', facial_verification_master: false, now: NOW }).then([created]);
    tenant.given([created]).when({ type: 'CreateTenant', tenant_id: T, name: 'Acme', facial_verification_master: false, now: NOW }).thenError('tenant_already_exists');
  });

  it('changes settings, and decides nothing when nothing changes', () => {
    tenant
      .given([created])
      .when({ type: 'ChangeTenantSettings', changes: { billing_suspended: true }, now: NOW })
      .then([{ type: 'TenantSettingsChanged', data: { tenant_id: T, changes: { billing_suspended: true }, changed_at: NOW } }]);
    tenant.given([created]).when({ type: 'ChangeTenantSettings', changes: { billing_suspended: false, api_channel_enabled: true }, now: NOW }).thenNothing();
  });

  it('refuses every command on a tenant that does not exist', () => {
    tenant.given([]).when({ type: 'ChangeTenantSettings', changes: {}, now: NOW }).thenError('tenant_not_found');
    tenant.given([]).when(createKey).thenError('tenant_not_found');
    tenant.given([]).when({ type: 'RevokeApiKey', key_id: 'k1', now: NOW }).thenError('tenant_not_found');
  });

  it('creates a key carrying only its hash', () => {
    tenant.given([created]).when(createKey).then([keyCreated]);
  });

  it('revokes a key once; a second revocation decides nothing; an unknown key is refused', () => {
    const revoked: TenantEvent = { type: 'ApiKeyRevoked', data: { tenant_id: T, key_id: 'k1', key_hash: 'h1', revoked_at: NOW } };
    tenant.given([created, keyCreated]).when({ type: 'RevokeApiKey', key_id: 'k1', now: NOW }).then([revoked]);
    tenant.given([created, keyCreated, revoked]).when({ type: 'RevokeApiKey', key_id: 'k1', now: NOW }).thenNothing();
    tenant.given([created]).when({ type: 'RevokeApiKey', key_id: 'k9', now: NOW }).thenError('api_key_not_found');
  });

  it('merges default templates per type when folding settings', () => {
    const events: TenantEvent[] = [
      created,
      { type: 'TenantSettingsChanged', data: { tenant_id: T, changes: { default_templates: { pf: 'a' } }, changed_at: NOW } },
      { type: 'TenantSettingsChanged', data: { tenant_id: T, changes: { default_templates: { pj: 'b' } }, changed_at: NOW } },
    ];
    const state = events.reduce(tenantDecider.evolve, tenantDecider.initialState);
    expect(state.status === 'active' && state.settings.default_templates).to.deep.equal({ pf: 'a', pj: 'b' });
  });
});

describe('folding an unknown event type', () => {
  it('leaves the state as it was (an event type this version does not know is ignored, not taken as the state)', () => {
    const state = [created].reduce(tenantDecider.evolve, tenantDecider.initialState);
    const after = tenantDecider.evolve(state, { type: 'SomethingNewer', data: {} } as unknown as TenantEvent);
    expect(after).to.deep.equal(state);
  });
});

describe('the tenant folded from its stream', () => {
  it("keeps the tenant's name (the password policy compares passwords with it) and its four-eyes setting", () => {
    const state = [created].reduce(tenantDecider.evolve, tenantDecider.initialState);
    expect(state).to.include({ status: 'active', tenant_id: T, name: 'Acme' });
    const fourEyes: TenantEvent = { type: 'TenantSettingsChanged', data: { tenant_id: T, changes: { four_eyes: true }, changed_at: NOW } } as TenantEvent;
    const after = tenantDecider.evolve(state, fourEyes);
    expect(after.status === 'active' && after.settings.four_eyes).to.equal(true);
    expect(after).to.include({ name: 'Acme' });
  });
});
