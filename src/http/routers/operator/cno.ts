import Router from '@koa/router';
import { recordCnoSent } from '../../../commands/cno.js';
import { cnoStream } from '../../../domain/cno/decider.js';
import { cnoOverdue, listCnoTasks, type CnoTaskDoc } from '../../../projections/cno-tasks.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { CnoTaskParams, RecordCnoSentBody } from '../../operations/cno.js';
import { TenantIdParams } from '../../operations/tenants.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';

/** A task as the operator API answers it. */
export const cnoTaskView = (t: CnoTaskDoc & { overdue: boolean }) => ({
  object: 'annual_negative_communication',
  tenant_id: t.tenant_id,
  cnpj: t.cnpj,
  entity_name: t.entity_name,
  year: t.year,
  status: t.status,
  due_at: t.due_at,
  overdue: t.overdue,
  receipts: t.receipts,
  protocol: t.protocol,
  sent_at: t.sent_at,
  sent_by: t.sent_by,
  note: t.note,
  recorded_at: t.recorded_at,
  opened_at: t.created_at,
});

/**
 * Operator API of the annual negative communication (Circular 3.978 art. 54; regulatory notes
 * 1.12): the tasks with their clock, and the Siscoaf protocol of one the institution sent in
 * Siscoaf's web interface (there is no XML route for the CNO).
 */
export function operatorCnoRouter(services: WriteDeps): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  router.get('/tenants/:tenant_id/annual_negative_communications', async (ctx) => {
    const { tenant_id } = decodeInput(TenantIdParams, ctx.params);
    if (!(await readStore.get('tenants', tenant_id))) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    const tasks = await listCnoTasks(readStore, tenant_id, clock.now().toISOString());
    ctx.body = { object: 'list', data: tasks.map(cnoTaskView) };
  });

  router.post('/tenants/:tenant_id/annual_negative_communications/:year/:cnpj/sent', jsonBody(), async (ctx) => {
    const params = decodeInput(CnoTaskParams, ctx.params);
    const body = decodeBody(RecordCnoSentBody, ctx.state.body);
    const input = { tenant_id: params.tenant_id, year: Number(params.year), cnpj: params.cnpj, protocol: body.protocol, sent_at: body.sent_at, by: body.by, note: body.note ?? null };
    await applied(runner, await recordCnoSent({ log }, input, commandContext(ctx, clock, params.tenant_id)));
    const stream = cnoStream(params.tenant_id, params.cnpj, Number(params.year));
    const task = (await readStore.get<CnoTaskDoc>('cno_tasks', stream))!.doc;
    ctx.body = cnoTaskView({ ...task, overdue: cnoOverdue(task, clock.now().toISOString()) });
  });
  return router;
}
