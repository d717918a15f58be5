import Router from '@koa/router';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { disposeRunHit } from '../../../commands/hit-dispositions.js';
import { loadState } from '../../../commands/handle-command.js';
import { runDecider, runStream } from '../../../domain/run/decider.js';
import { recordedCandidates } from '../../../domain/screening/disposition.js';
import type { ListSearch } from '../../../domain/screening/port.js';
import { getHitDispositions } from '../../../projections/hit-dispositions.js';
import { getRun, type RunDoc } from '../../../projections/runs.js';
import { runRecord } from '../../../queries/history.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { idParam } from '../present.js';
import { tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { runPage } from '../runs/page.js';
import { hitDispositionForm } from './forms.js';
import { hitsView, type HitFormState, type HitsView } from './page.js';


export interface HitsScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  listCatalog: Pick<ListSearch, 'version' | 'tenantList'>;
}

/** A run's list hits as its page shows them: the entry, the customer beside it, the disposition and its form. */
export async function runHits(deps: HitsScreenDeps, run: RunDoc, canAct: boolean, form: HitFormState | null = null): Promise<HitsView> {
  const { state } = await loadState(deps.log, runStream(run.run_id), runDecider);
  const subject = state.status === 'none' ? {} : (state.run.subject as Record<string, unknown>);
  return hitsView({
    candidates: recordedCandidates(run.answers),
    entryOf: (listId, entryId) => deps.listCatalog.version(listId)?.entries.find((e) => e.entry_id === entryId) ?? null,
    tenantListName: (listId) => deps.listCatalog.tenantList(listId, run.tenant_id)?.name ?? null,
    subject,
    dispositions: await getHitDispositions(deps.readStore, run.run_id),
    form,
    canAct,
  });
}

/** The hits of a run: an analyst's disposition of each (issue 28), remembered for the run's customer. */
export function hitsRouter(deps: HitsScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock } = deps;
  const router = new Router<DashboardState>();

  router.post('/runs/:run_id/hits/disposition', requireUser(), requireRole('analyst', 'admin'), async (ctx) => {
    const user = ctx.state.user!;
    const runId = idParam(ctx.params['run_id'], 'run_not_found', 'Execução não encontrada.');
    const run = await getRun(readStore, runId);
    if (!run || run.tenant_id !== user.tenant_id) throw new ApiError('run_not_found', 'Execução não encontrada.', 'run_id');
    const form = hitDispositionForm(await readForm(ctx));
    if (!form.valid) {
      // the page again, the errors next to the fields and what was typed kept
      const model = await runRecord(log, run.run_id, 'completo', clock.now().toISOString());
      const users = await tenantUsers(readStore, run.tenant_id);
      const hits = await runHits(deps, run, true, form);
      renderPage(ctx, 'run', { ...runPage(model, users, { canAct: true, user_id: user.user_id }), hits }, { title: `Execução ${run.run_id}`, nav: 'execucoes', status: 400 });
      return;
    }
    const request = { list_id: form.list_id, entry_id: form.entry_id, disposition: form.disposition as 'true_match' | 'false_positive', reason: form.reason.trim(), by: user.email };
    const entryHash = (listId: string, entryId: string) => deps.listCatalog.version(listId)?.hashes.get(entryId) ?? null;
    const result = await disposeRunHit({ log, entryHash }, run.run_id, user.tenant_id, request, userContext(ctx, clock));
    await applied(runner, result);
    redirectTo(ctx, `/dashboard/runs/${run.run_id}#resultados-listas`, request.disposition === 'true_match' ? 'Resultado confirmado como match verdadeiro.' : 'Resultado descartado como falso positivo.');
  });

  return router;
}
