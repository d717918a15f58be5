import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { isUuid } from '../../../adapters/ids.js';
import { handleCommand } from '../../../commands/handle-command.js';
import { customerDecider, customerStream } from '../../../domain/customer/decider.js';
import { MonitoringAlertRaised } from '../../../domain/customer/events.js';
import { isEventOf } from '../../../domain/shared/events.js';
import { ALERTS, getAlert, type AlertDoc } from '../../../projections/monitoring-alerts.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { boundedString, decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { decodeCursor, encodeCursor, findPage } from '../../paging.js';
import type { RequestState } from '../../state.js';

const ResolveBody = t.type({ resolution: t.keyof({ true_positive: null, false_positive: null }), note: boundedString(2000) });
const STATUSES = ['open', 'delisted', 'resolved'];

const alertView = (doc: AlertDoc) => ({ object: 'monitoring_alert', ...doc, livemode: doc.environment === 'live' });

/** Operator API: monitoring alerts, listed per tenant and resolved by an analyst (screening.md section 6). */
export function operatorAlertsRouter(services: Pick<Services, 'log' | 'readStore' | 'runner' | 'clock'>): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const alertParam = async (raw: string) => {
    if (!isUuid(raw)) throw new ApiError('invalid_id', 'alert_id must be a UUID.', 'alert_id');
    const alert = await getAlert(readStore, raw);
    if (!alert) throw new ApiError('alert_not_found', 'No such alert.', 'alert_id');
    return alert;
  };

  router.get('/tenants/:tenant_id/alerts', async (ctx) => {
    const tenantId = ctx.params['tenant_id']!;
    if (!isUuid(tenantId)) throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
    if (!(await getTenant(readStore, tenantId))) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    const status = ctx.query['status'];
    if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status))) throw new ApiError('invalid_request', `status must be one of ${STATUSES.join(', ')}.`, 'status');
    const before = ctx.query['cursor'] !== undefined ? decodeCursor(ctx.query['cursor']) : undefined;
    const page = await findPage<AlertDoc>(readStore, ALERTS, { tenant_id: tenantId, ...(status ? { status } : {}) }, ctx.query, before);
    const last = page.data[page.data.length - 1];
    ctx.body = { data: page.data.map(alertView), has_more: page.hasMore, next_cursor: page.hasMore && last ? encodeCursor({ created_at: last.created_at, id: last.alert_id }) : null };
  });

  /** One alert with the explanation of its score (read from the customer's stream, where it is sealed). */
  router.get('/alerts/:alert_id', async (ctx) => {
    const alert = await alertParam(ctx.params['alert_id']!);
    const raised = (await log.readStream(customerStream(alert.customer_id))).filter(isEventOf(MonitoringAlertRaised)).find((e) => e.data.alert_id === alert.alert_id);
    ctx.body = { ...alertView(alert), explanation: raised?.data.explanation ?? null };
  });

  router.post('/alerts/:alert_id/resolve', jsonBody(), async (ctx) => {
    const alert = await alertParam(ctx.params['alert_id']!);
    const body = decodeBody(ResolveBody, ctx.state.body);
    if (body.note.trim() === '') throw new ApiError('invalid_request', 'note must say why.', 'note');
    const context = commandContext(ctx, clock, alert.tenant_id);
    const result = await handleCommand(log, customerStream(alert.customer_id), customerDecider, { type: 'ResolveAlert', alert_id: alert.alert_id, resolution: body.resolution, note: body.note, now: context.metadata.occurred_at }, context);
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    ctx.body = alertView((await getAlert(readStore, alert.alert_id))!);
  });

  return router;
}
