import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { assignCase } from '../../../commands/assignments.js';
import { queueSection, type QueueFilter } from '../../../queries/case-queue.js';
import { readLookups } from '../../../queries/lookups.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { KIND_NAMES } from '../labels.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { csrfGuard, readForm, requireRole, requireUser, safeNext, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { assignForm, caseParams, queueFilters } from './forms.js';
import { SECTIONS, queuePage } from './page.js';

export interface QueueScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
}

/** The case queue (the dashboard's home) and assigning a case to a person of the team. */
export function queueRouter(deps: QueueScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock } = deps;
  const router = new Router<DashboardState>();

  router.get('/', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const { only, assignee, environment, cursor } = queueFilters(ctx);
    const filter: QueueFilter = { tenantId: user.tenant_id, environment, assignee, userId: user.user_id };
    const users = await tenantUsers(readStore, user.tenant_id);
    const now = clock.now();
    const sections = [];
    for (const section of SECTIONS.filter((s) => only === '' || s.filter === only)) sections.push(await queueSection(deps, section.kind, filter, cursor));
    const page = queuePage({ sections, filters: { kind: only, assignee, environment }, users, user, now, back: ctx.originalUrl });
    renderPage(ctx, 'queue', page, { title: 'Fila de casos', nav: 'fila' });
  });

  router.post('/cases/:kind/:case_id/assign', requireUser(), csrfGuard(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const { kind, caseId } = caseParams(ctx);
    const form = assignForm(await readForm(ctx));
    const result = await assignCase({ log, lookups: readLookups(readStore) }, { kind, case_id: caseId, assignee: form.assignee }, user.tenant_id, userContext(ctx, clock));
    // another tenant's case and an unknown one read the same
    if (E.isLeft(result) && result.left.code.endsWith('_not_found')) throw new ApiError('not_found', 'Caso não encontrado.');
    await applied(runner, result);
    const who = form.assignee === null ? null : (await tenantUsers(readStore, user.tenant_id)).get(form.assignee)?.email;
    redirectTo(ctx, safeNext(form.back), who ? `Caso (${KIND_NAMES[kind]}) atribuído a ${who}.` : `Caso (${KIND_NAMES[kind]}) devolvido à fila, sem responsável.`);
  });

  return router;
}
