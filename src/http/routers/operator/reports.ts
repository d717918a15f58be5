import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../../adapters/ids.js';
import { ReportGenerator } from '../../../commands/reports.js';
import { TERMINAL } from '../../../domain/run/decider.js';
import { getRun } from '../../../projections/runs.js';
import type { Services } from '../../../services.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { reportMode } from '../../report-params.js';
import type { RequestState } from '../../state.js';

/**
 * Operator API: generating a run's report (decisions section 2). 201 with the report's record
 * when this call generated it, 200 with the same record when it already existed.
 */
export function operatorReportsRouter(services: Services): Router<RequestState> {
  const { readStore, clock } = services;
  const generator = new ReportGenerator({ log: services.log, blobs: services.blobStore, renderer: services.pdfRenderer });
  const router = new Router<RequestState>();

  router.post('/runs/:run_id/report', async (ctx) => {
    const runId = ctx.params['run_id']!;
    if (!isUuid(runId)) throw new ApiError('invalid_id', 'run_id must be a UUID.', 'run_id');
    const mode = reportMode(ctx.query['mode']);
    const run = await getRun(readStore, runId);
    if (!run) throw new ApiError('run_not_found', 'No such run.', 'run_id');
    if (!TERMINAL.includes(run.status)) throw new ApiError('run_not_terminal', `Reports exist only for terminal runs; this run is ${run.status}.`, 'run_id');
    const result = await generator.generate(runId, mode, commandContext(ctx, clock, run.tenant_id, `:report:${mode}`));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    const { report, created } = result.right;
    ctx.status = created ? 201 : 200;
    ctx.body = {
      object: 'report',
      run_id: report.run_id,
      mode: report.mode,
      sha256: report.sha256,
      byte_size: report.byte_size,
      page_count: report.page_count,
      generated_at: report.generated_at,
      history: report.history,
    };
  });

  return router;
}
