import Router from '@koa/router';
import { resolveAlert } from '../../../commands/alerts.js';
import { explainedAlert } from '../../../queries/alerts.js';
import { readLookups } from '../../../queries/lookups.js';
import { ALERTS, getAlert, type AlertDoc } from '../../../projections/monitoring-alerts.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { AlertIdParams, ListAlertsQuery, ResolveAlertBody, TenantAlertsParams } from '../../operations/alerts.js';
import { applied, orThrow } from '../../outcome.js';
import { encodeCursor, findPage } from '../../paging.js';
import type { RequestState } from '../../state.js';

/** Fields of issue 29 read as their defaults on alerts projected before them: no freeze, no evidence, no deliveries. */
const alertView = (doc: AlertDoc) => ({
  object: 'monitoring_alert',
  ...doc,
  freeze_required: doc.freeze_required ?? false,
  legal_basis: doc.legal_basis ?? null,
  evidence: doc.evidence ?? null,
  deliveries: doc.deliveries ?? [],
  livemode: doc.environment === 'live',
});

/** Operator API: monitoring alerts, listed per tenant and resolved by an analyst (screening.md section 6). */
export function operatorAlertsRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  router.get('/tenants/:tenant_id/alerts', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantAlertsParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const { status, cursor, ...page } = decodeInput(ListAlertsQuery, ctx.query);
    const found = await findPage<AlertDoc>(readStore, ALERTS, { tenant_id: tenantId, ...(status ? { status } : {}) }, page, cursor);
    const last = found.data[found.data.length - 1];
    ctx.body = { data: found.data.map(alertView), has_more: found.hasMore, next_cursor: found.hasMore && last ? encodeCursor({ created_at: last.created_at, id: last.alert_id }) : null };
  });

  router.get('/alerts/:alert_id', async (ctx) => {
    const { alert, explanation } = orThrow(await explainedAlert(services, decodeInput(AlertIdParams, ctx.params).alert_id));
    ctx.body = { ...alertView(alert), explanation };
  });

  router.post('/alerts/:alert_id/resolve', jsonBody(), async (ctx) => {
    const { alert_id } = decodeInput(AlertIdParams, ctx.params);
    const body = decodeBody(ResolveAlertBody, ctx.state.body);
    const resolved = await applied(runner, await resolveAlert({ log: services.log, lookups: readLookups(readStore) }, alert_id, body, commandContext(ctx, clock, null)));
    ctx.body = alertView((await getAlert(readStore, resolved.alert_id))!);
  });

  return router;
}
