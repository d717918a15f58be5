import { defaultSettings } from '../../src/domain/tenant/decider.js';
import { tenantsProjection, type TenantDoc } from '../../src/projections/tenants.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';
const created = { tenant_id: 't1', name: 'Acme', facial_verification_master: true, created_at: T0 };
const createdDoc: TenantDoc = { tenant_id: 't1', name: 'Acme', balance: 0, settings: defaultSettings(true), onboarding_profiles: {}, created_at: T0, updated_at: T0 };

describe('tenants projection', () => {
  const tenants = projectionSpec(tenantsProjection);

  it('a new tenant has the default settings and no credits', () => {
    const at = eventLog();
    tenants.given([at('tenant-t1', 'TenantCreated', created)]).then({ t1: createdDoc }).andReplayChangesNothing();
  });

  it('settings changes merge (default templates per type), onboarding profiles point to templates', () => {
    const at = eventLog();
    tenants
      .given([
        at('tenant-t1', 'TenantCreated', created),
        at('tenant-t1', 'TenantSettingsChanged', { tenant_id: 't1', changes: { default_templates: { pf: 'tpl-pf' }, rate_limit_per_minute: 100 }, changed_at: T1 }),
        at('tenant-t1', 'TenantSettingsChanged', { tenant_id: 't1', changes: { default_templates: { pj: 'tpl-pj' }, auto_decision_policy: { baixo: 'aprovado' } }, changed_at: T2 }),
        at('tenant-t1', 'OnboardingProfileSet', { tenant_id: 't1', slug: 'padrao', template_id: 'tpl-pf', set_at: T2 }),
        at('tenant-t1', 'OnboardingProfileSet', { tenant_id: 't1', slug: 'padrao', template_id: 'tpl-2', set_at: T2 }),
      ])
      .then({
        t1: {
          ...createdDoc,
          settings: { ...defaultSettings(true), default_templates: { pf: 'tpl-pf', pj: 'tpl-pj' }, rate_limit_per_minute: 100, auto_decision_policy: { baixo: 'aprovado' } },
          onboarding_profiles: { padrao: 'tpl-2' },
          updated_at: T2,
        },
      })
      .andReplayChangesNothing();
  });

  it('the balance is the one the last ledger event carries, whatever the movement', () => {
    const at = eventLog();
    const events = [
      at('tenant-t1', 'TenantCreated', created),
      at('ledger-t1', 'CreditsAdded', { tenant_id: 't1', amount: 10, reason: 'x', balance: 10, added_at: T1 }),
      at('ledger-t1', 'CreditsReserved', { tenant_id: 't1', charge_id: 'r1', amount: 8, balance: 2, reserved_at: T1 }),
      at('ledger-t1', 'CreditsCaptured', { tenant_id: 't1', charge_id: 'r1', amount: 5, released: 3, balance: 5, captured_at: T2 }),
    ];
    tenants.given(events).then({ t1: { ...createdDoc, balance: 5 } }).andReplayChangesNothing();
    tenants
      .given([...events, at('ledger-t1', 'CreditsReleased', { tenant_id: 't1', charge_id: 'r2', amount: 4, balance: 9, released_at: T2 })])
      .then({ t1: { ...createdDoc, balance: 9 } });
    // keys live in their own read model: the tenant document does not change for them
    tenants.given([events[0]!, at('tenant-t1', 'ApiKeyRevoked', { tenant_id: 't1', key_id: 'k', key_hash: 'h', revoked_at: T2 })]).then({ t1: createdDoc });
  });

  it('ledger events before the tenant exists make no document', () => {
    const at = eventLog();
    tenants.given([at('ledger-t1', 'CreditsAdded', { tenant_id: 't1', amount: 10, reason: 'x', balance: 10, added_at: T1 })]).then({ t1: null });
  });
});
