import * as t from 'io-ts';
import { boundedString } from '../decode.js';
import { oneOf, PageQuery, PositionCursor, uuidParam } from './shared.js';

/** The input of each operator monitoring-alert operation. */

const STATUSES = ['open', 'delisted', 'resolved'] as const;

export const TenantAlertsParams = t.type({ tenant_id: uuidParam('tenant_id') });
export const ListAlertsQuery = t.partial({
  status: oneOf(STATUSES, `status must be one of ${STATUSES.join(', ')}.`),
  cursor: PositionCursor,
  ...PageQuery,
});
export const AlertIdParams = t.type({ alert_id: uuidParam('alert_id') });
export const ResolveAlertBody = t.type({
  resolution: t.keyof({ true_positive: null, false_positive: null }),
  // blank is refused too: a resolution must say why
  note: boundedString(2000),
});
