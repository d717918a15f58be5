import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import type { Environment } from '../values/scopes.js';
import { ALWAYS_DELIVERED, WebhookEndpointEvent, type WebhookEventType } from './events.js';

/**
 * A tenant's webhook endpoints, one per environment. Their own stream rather than the tenant's:
 * the tenant aggregate folds only the event types it knows.
 */
export const webhookEndpointsStream = (tenantId: string): string => `webhook_endpoints-${tenantId}`;

/** How long a rotated-out secret still signs beside the new one, unless the command says otherwise. */
export const DEFAULT_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface WebhookEndpoint {
  url: string;
  events: readonly WebhookEventType[];
  secret_sealed: string;
  set_at: string;
  /** the secret rotated out, still signing until `valid_until` (then never again) */
  previous: { secret_sealed: string; valid_until: string } | null;
}

export interface WebhookEndpointsState {
  endpoints: Readonly<Partial<Record<Environment, WebhookEndpoint>>>;
}

export type WebhookEndpointsCommand =
  /** the operator API's PUT: a new secret each time; on an endpoint already set, a rotation with the overlap */
  | {
      type: 'SetWebhookEndpoint';
      tenant_id: string;
      environment: Environment;
      url: string;
      events: readonly WebhookEventType[];
      secret_sealed: string;
      overlap_ms: number;
      now: string;
    }
  /** the dashboard's save: URL and events only; the secret is used only when there is no endpoint yet */
  | {
      type: 'ChangeWebhookEndpoint';
      tenant_id: string;
      environment: Environment;
      url: string;
      events: readonly WebhookEventType[];
      secret_sealed: string;
      now: string;
    }
  /** an explicit rotation: the new secret signs at once, the current one beside it for the overlap */
  | { type: 'RotateWebhookSecret'; tenant_id: string; environment: Environment; secret_sealed: string; overlap_ms: number; now: string };

/** The subscribed events as stored: the always-delivered ones first, then the rest, once each. */
export function subscribedEvents(requested: readonly WebhookEventType[]): WebhookEventType[] {
  return [...new Set([...ALWAYS_DELIVERED, ...requested])];
}

export const webhookEndpointsDecider: Decider<WebhookEndpointsCommand, WebhookEndpointsState, WebhookEndpointEvent> = {
  initialState: { endpoints: {} },
  codec: WebhookEndpointEvent,

  decide(command, state) {
    const current = state.endpoints[command.environment];
    const rotation = (c: { tenant_id: string; environment: Environment; secret_sealed: string; overlap_ms: number; now: string }, from: WebhookEndpoint): WebhookEndpointEvent => ({
      type: 'WebhookSecretRotated',
      data: {
        tenant_id: c.tenant_id,
        environment: c.environment,
        secret_sealed: c.secret_sealed,
        previous_secret_sealed: from.secret_sealed,
        previous_valid_until: new Date(Date.parse(c.now) + c.overlap_ms).toISOString(),
        rotated_at: c.now,
      },
    });
    const set = (c: { tenant_id: string; environment: Environment; url: string; events: readonly WebhookEventType[]; secret_sealed: string; now: string }): WebhookEndpointEvent => ({
      type: 'WebhookEndpointSet',
      data: { tenant_id: c.tenant_id, environment: c.environment, url: c.url, events: subscribedEvents(c.events), secret_sealed: c.secret_sealed, set_at: c.now },
    });
    /** URL and events as asked, or nothing when they are already so */
    const change = (c: { tenant_id: string; environment: Environment; url: string; events: readonly WebhookEventType[]; now: string }, from: WebhookEndpoint): WebhookEndpointEvent[] => {
      const events = subscribedEvents(c.events);
      const same = from.url === c.url && from.events.length === events.length && events.every((e) => from.events.includes(e));
      return same ? [] : [{ type: 'WebhookEndpointChanged', data: { tenant_id: c.tenant_id, environment: c.environment, url: c.url, events, changed_at: c.now } }];
    };
    switch (command.type) {
      case 'SetWebhookEndpoint':
        // every PUT brings a new secret; the one it replaces keeps signing for the overlap
        return E.right(current ? [...change(command, current), rotation(command, current)] : [set(command)]);
      case 'ChangeWebhookEndpoint':
        // saving never touches the secret of an endpoint already set
        return E.right(current ? change(command, current) : [set(command)]);
      case 'RotateWebhookSecret':
        if (!current) return E.left(new DomainError('invalid_request', 'Configure o endpoint deste ambiente antes de trocar o segredo.', 'environment'));
        return E.right([rotation(command, current)]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WebhookEndpointSet': {
        const { environment, url, events, secret_sealed, set_at } = event.data;
        return { endpoints: { ...state.endpoints, [environment]: { url, events, secret_sealed, set_at, previous: null } } };
      }
      case 'WebhookEndpointChanged': {
        const { environment, url, events, changed_at } = event.data;
        const endpoint = state.endpoints[environment];
        return endpoint ? { endpoints: { ...state.endpoints, [environment]: { ...endpoint, url, events, set_at: changed_at } } } : state;
      }
      case 'WebhookSecretRotated': {
        const { environment, secret_sealed, previous_secret_sealed, previous_valid_until } = event.data;
        const endpoint = state.endpoints[environment];
        if (!endpoint) return state;
        return { endpoints: { ...state.endpoints, [environment]: { ...endpoint, secret_sealed, previous: { secret_sealed: previous_secret_sealed, valid_until: previous_valid_until } } } };
      }
      default:
        return state;
    }
  },
};

/** The sealed secrets that sign at `now`: the current one first, then the previous one while its overlap lasts. */
export function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previous = endpoint.previous && now.getTime() < Date.parse(endpoint.previous.valid_until) ? [endpoint.previous.secret_sealed] : [];
  return [endpoint.secret_sealed, ...previous];
}
