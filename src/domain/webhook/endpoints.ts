import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { Environment } from '../values/scopes.js';
import { ALWAYS_DELIVERED, WebhookEndpointEvent, type WebhookEventType } from './events.js';

/**
 * A tenant's webhook endpoints, one per environment. Their own stream rather than the tenant's:
 * the tenant aggregate folds only the event types it knows.
 */
export const webhookEndpointsStream = (tenantId: string): string => `webhook_endpoints-${tenantId}`;

export interface WebhookEndpoint {
  url: string;
  events: readonly WebhookEventType[];
  secret_sealed: string;
  set_at: string;
}

export interface WebhookEndpointsState {
  endpoints: Readonly<Partial<Record<Environment, WebhookEndpoint>>>;
}

export type WebhookEndpointsCommand = {
  type: 'SetWebhookEndpoint';
  tenant_id: string;
  environment: Environment;
  url: string;
  events: readonly WebhookEventType[];
  secret_sealed: string;
  now: string;
};

/** The subscribed events as stored: the always-delivered ones first, then the rest, once each. */
export function subscribedEvents(requested: readonly WebhookEventType[]): WebhookEventType[] {
  return [...new Set([...ALWAYS_DELIVERED, ...requested])];
}

export const webhookEndpointsDecider: Decider<WebhookEndpointsCommand, WebhookEndpointsState, WebhookEndpointEvent> = {
  initialState: { endpoints: {} },
  codec: WebhookEndpointEvent,

  decide(command) {
    switch (command.type) {
      case 'SetWebhookEndpoint':
        // every PUT is a change: it always brings a new secret
        return E.right([
          {
            type: 'WebhookEndpointSet',
            data: {
              tenant_id: command.tenant_id,
              environment: command.environment,
              url: command.url,
              events: subscribedEvents(command.events),
              secret_sealed: command.secret_sealed,
              set_at: command.now,
            },
          },
        ]);
      default: {
        const _exhaustive: never = command.type;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WebhookEndpointSet': {
        const { environment, url, events, secret_sealed, set_at } = event.data;
        return { endpoints: { ...state.endpoints, [environment]: { url, events, secret_sealed, set_at } } };
      }
      default:
        return state;
    }
  },
};
