import type { ReadStore } from '../adapters/read-store/port.js';
import { isEventOf } from '../domain/shared/events.js';
import { applySettings, defaultSettings, type TenantSettings } from '../domain/tenant/decider.js';
import { TenantEvent } from '../domain/tenant/events.js';
import { LedgerEvent } from '../domain/ledger/events.js';
import type { Projection } from './projector.js';

export interface TenantDoc extends Record<string, unknown> {
  tenant_id: string;
  name: string;
  balance: number;
  settings: TenantSettings;
  /** onboarding profile slug -> template id */
  onboarding_profiles: Record<string, string>;
  created_at: string;
  updated_at: string;
}

const isTenantOrLedgerEvent = isEventOf(TenantEvent, LedgerEvent);

/** Tenants with their settings and credit balance (read by auth on every request). */
export const tenantsProjection: Projection<TenantDoc> = {
  name: 'tenants',
  collection: 'tenants',
  indexes: [],
  documentIds: (event) => (isTenantOrLedgerEvent(event) ? [event.data.tenant_id] : []),
  evolve(doc, event) {
    if (!isTenantOrLedgerEvent(event)) return doc;
    switch (event.type) {
      case 'TenantCreated':
        return {
          tenant_id: event.data.tenant_id,
          name: event.data.name,
          balance: doc?.balance ?? 0,
          settings: defaultSettings(event.data.facial_verification_master),
          onboarding_profiles: {},
          created_at: event.data.created_at,
          updated_at: event.data.created_at,
        };
      case 'TenantSettingsChanged':
        return doc && { ...doc, settings: applySettings(doc.settings, event.data.changes), updated_at: event.data.changed_at };
      case 'OnboardingProfileSet':
        return doc && { ...doc, onboarding_profiles: { ...doc.onboarding_profiles, [event.data.slug]: event.data.template_id } };
      case 'CreditsAdded':
      case 'CreditsReserved':
      case 'CreditsCaptured':
      case 'CreditsReleased':
        // ledger events carry the balance after them, so the document cannot drift from the stream
        return doc && { ...doc, balance: event.data.balance };
      default:
        return doc;
    }
  },
};

export const getTenant = async (store: ReadStore, tenantId: string): Promise<TenantDoc | null> =>
  (await store.get<TenantDoc>('tenants', tenantId))?.doc ?? null;
