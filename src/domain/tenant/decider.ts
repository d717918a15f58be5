import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import type { Environment, Scope, SubjectType } from '../values/scopes.js';
import { UN_LIST_ID } from '../customer/freeze.js';
import { isListId } from '../screening/entry.js';
import { TenantEvent, type PeriodicReview, type TenantSettingsChanges } from './events.js';

export const tenantStream = (tenantId: string): string => `tenant-${tenantId}`;

export interface TenantSettings {
  api_channel_enabled: boolean;
  facial_verification_master: boolean;
  facial_verification_enabled: boolean;
  default_templates: { pf: string | null; pj: string | null };
  auto_decision_policy: { baixo?: string; medio?: string; alto?: string } | null;
  custom_document_types: string[];
  billing_suspended: boolean;
  rate_limit_per_minute: number | null;
  periodic_review: PeriodicReview;
  /** dashboard reviews: a rejection, or a decision on an `alto` run, needs a second analyst */
  four_eyes: boolean;
  /**
   * The official lists whose monitoring hits require a freeze (issue 29): the UN's always, first,
   * and any other the tenant names; absent on tenants projected before the setting existed.
   */
  sanctions_freeze_lists?: string[];
}

export const defaultSettings = (facialMaster: boolean): TenantSettings => ({
  api_channel_enabled: true,
  facial_verification_master: facialMaster,
  facial_verification_enabled: false,
  default_templates: { pf: null, pj: null },
  auto_decision_policy: null,
  custom_document_types: [],
  billing_suspended: false,
  rate_limit_per_minute: null,
  periodic_review: null,
  four_eyes: false,
  sanctions_freeze_lists: [UN_LIST_ID],
});

/** A tenant's freeze lists as they apply: the UN's always, first, then the others it named, once each. */
export const freezeListsOf = (settings: Pick<TenantSettings, 'sanctions_freeze_lists'>): string[] => [UN_LIST_ID, ...new Set((settings.sanctions_freeze_lists ?? []).filter((id) => id !== UN_LIST_ID))];

export function applySettings(settings: TenantSettings, changes: TenantSettingsChanges): TenantSettings {
  const { default_templates, ...rest } = changes;
  return {
    ...settings,
    ...rest,
    default_templates: { ...settings.default_templates, ...default_templates },
  } as TenantSettings;
}

export type TenantState =
  | { status: 'none' }
  | {
      status: 'active';
      tenant_id: string;
      name: string;
      settings: TenantSettings;
      keys: Readonly<Record<string, { key_hash: string; revoked: boolean }>>;
      onboarding_profiles: Readonly<Record<string, string>>;
    };

export type TenantCommand =
  | { type: 'CreateTenant'; tenant_id: string; name: string; facial_verification_master: boolean; now: string }
  | { type: 'ChangeTenantSettings'; changes: TenantSettingsChanges; now: string }
  | {
      type: 'CreateApiKey';
      key_id: string;
      name: string;
      environment: Environment;
      scopes: Scope[];
      subject_type: SubjectType | null;
      rate_limit_per_minute: number | null;
      key_hash: string;
      key_hint: string;
      now: string;
    }
  | { type: 'RevokeApiKey'; key_id: string; now: string }
  | { type: 'SetOnboardingProfile'; slug: string; template_id: string; now: string };

const notFound = () => E.left(new DomainError('tenant_not_found', 'No such tenant.'));

export const tenantDecider: Decider<TenantCommand, TenantState, TenantEvent> = {
  initialState: { status: 'none' },
  codec: TenantEvent,

  decide(command, state) {
    switch (command.type) {
      case 'CreateTenant':
        if (state.status !== 'none') return E.left(new DomainError('tenant_already_exists', 'The tenant already exists.'));
        return E.right([
          {
            type: 'TenantCreated',
            data: {
              tenant_id: command.tenant_id,
              name: command.name,
              facial_verification_master: command.facial_verification_master,
              created_at: command.now,
            },
          },
        ]);
      case 'ChangeTenantSettings': {
        if (state.status !== 'active') return notFound();
        const freezeLists = command.changes.sanctions_freeze_lists;
        const unknownList = freezeLists?.find((id) => !isListId(id));
        if (unknownList !== undefined) {
          return E.left(new DomainError('invalid_list', `Unknown list: ${unknownList.slice(0, 64)}. A freeze list is an official list id.`, 'sanctions_freeze_lists'));
        }
        // the UN's list cannot be removed: it is kept first whatever the change names
        const changes = freezeLists ? { ...command.changes, sanctions_freeze_lists: freezeListsOf({ sanctions_freeze_lists: freezeLists }) } : command.changes;
        const current: Record<string, unknown> = { ...state.settings, sanctions_freeze_lists: freezeListsOf(state.settings) };
        const changed = Object.entries(changes).some(([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k]));
        if (!changed) return E.right([]);
        return E.right([
          { type: 'TenantSettingsChanged', data: { tenant_id: state.tenant_id, changes, changed_at: command.now } },
        ]);
      }
      case 'CreateApiKey':
        if (state.status !== 'active') return notFound();
        return E.right([
          {
            type: 'ApiKeyCreated',
            data: {
              tenant_id: state.tenant_id,
              key_id: command.key_id,
              name: command.name,
              environment: command.environment,
              scopes: command.scopes,
              subject_type: command.subject_type,
              rate_limit_per_minute: command.rate_limit_per_minute,
              key_hash: command.key_hash,
              key_hint: command.key_hint,
              created_at: command.now,
            },
          },
        ]);
      case 'RevokeApiKey': {
        if (state.status !== 'active') return notFound();
        const key = state.keys[command.key_id];
        if (!key) return E.left(new DomainError('api_key_not_found', 'No such API key for this tenant.'));
        if (key.revoked) return E.right([]);
        return E.right([
          { type: 'ApiKeyRevoked', data: { tenant_id: state.tenant_id, key_id: command.key_id, key_hash: key.key_hash, revoked_at: command.now } },
        ]);
      }
      case 'SetOnboardingProfile':
        if (state.status !== 'active') return notFound();
        if (state.onboarding_profiles[command.slug] === command.template_id) return E.right([]);
        return E.right([
          { type: 'OnboardingProfileSet', data: { tenant_id: state.tenant_id, slug: command.slug, template_id: command.template_id, set_at: command.now } },
        ]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TenantCreated':
        return {
          status: 'active',
          tenant_id: event.data.tenant_id,
          name: event.data.name,
          settings: defaultSettings(event.data.facial_verification_master),
          keys: {},
          onboarding_profiles: {},
        };
      case 'TenantSettingsChanged':
        if (state.status !== 'active') return state;
        return { ...state, settings: applySettings(state.settings, event.data.changes) };
      case 'ApiKeyCreated':
        if (state.status !== 'active') return state;
        return { ...state, keys: { ...state.keys, [event.data.key_id]: { key_hash: event.data.key_hash, revoked: false } } };
      case 'ApiKeyRevoked': {
        if (state.status !== 'active') return state;
        const key = state.keys[event.data.key_id];
        return key ? { ...state, keys: { ...state.keys, [event.data.key_id]: { ...key, revoked: true } } } : state;
      }
      case 'OnboardingProfileSet':
        if (state.status !== 'active') return state;
        return { ...state, onboarding_profiles: { ...state.onboarding_profiles, [event.data.slug]: event.data.template_id } };
      default: {
        // compile-time: every known type is handled; at run time an unknown type changes nothing
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};
