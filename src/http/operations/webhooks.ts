import * as t from 'io-ts';
import { Environment } from '../../domain/values/scopes.js';
import { WebhookEventType } from '../../domain/webhook/events.js';
import { checkedString, parsed } from '../decode.js';
import { ApiError } from '../errors.js';
import { oneOf, uuidParam } from './shared.js';

/** The input of each operator webhook operation. */

export const WebhookEndpointParams = t.type({
  tenant_id: uuidParam('tenant_id'),
  environment: checkedString('environment', Environment.is, 'invalid_request', 'environment must be live or sandbox.') as t.Type<Environment, string, unknown>,
});
export const SetWebhookEndpointBody = t.type({ url: t.string, events: t.array(WebhookEventType) });

export const TenantDeliveriesParams = t.type({ tenant_id: uuidParam('tenant_id') });
export const ListWebhookDeliveriesQuery = t.partial({
  event_id: checkedString('event id', (s) => /^evt_[0-9a-f]{32}$/.test(s), 'invalid_request', 'event_id must be an event id (evt_ and 32 hex characters).'),
  status: oneOf(['pending', 'succeeded', 'failed'] as const, 'status must be pending, succeeded or failed.'),
  // up to 100, and 100 when absent (the delivery log is read whole more often than paged)
  limit: parsed('limit', (raw) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 100) throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 100.', 'limit');
    return value;
  }),
});

export const DeliveryIdParams = t.type({ delivery_id: uuidParam('delivery_id') });
