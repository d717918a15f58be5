import Router from '@koa/router';
import { isUuid } from '../../adapters/ids.js';
import { findReport } from '../../commands/reports.js';
import { TERMINAL } from '../../domain/run/decider.js';
import { getRun } from '../../projections/runs.js';
import type { Services } from '../../services.js';
import { ApiError } from '../errors.js';
import { FILE_URL_TTL_SECONDS, signFileToken } from '../file-tokens.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { reportFileName, reportMode } from '../report-params.js';
import type { RequestState } from '../state.js';

/** Public GET report: a 302 to a signed URL, valid one hour, for a report already generated. */
export function reportsRouter(services: Services): Router<RequestState> {
  const { readStore, clock, config } = services;
  const router = new Router<RequestState>();

  router.get('/bureau/runs/:run_id/report', requireScope('runs:read'), async (ctx) => {
    const runId = ctx.params['run_id']!;
    if (!isUuid(runId)) throw new ApiError('invalid_id', 'run_id must be a UUID.', 'run_id');
    const mode = reportMode(ctx.query['mode']);
    const run = await getRun(readStore, runId);
    const principal = ctx.state.principal!;
    if (!run || run.tenant_id !== principal.tenant_id || run.environment !== principal.environment) throw new ApiError('run_not_found', 'No such run.', 'run_id');
    assertSubjectTypeAllowed(ctx.state, run.subject_type);
    if (!TERMINAL.includes(run.status)) throw new ApiError('run_not_terminal', `Reports exist only for terminal runs; this run is ${run.status}.`, 'run_id');
    const report = await findReport(services.log, runId, mode);
    if (!report) throw new ApiError('report_not_found', `The ${mode} report of this run has not been generated yet.`, 'mode');
    const token = signFileToken(services.secretKey, {
      blob_key: report.blob_key,
      file_name: reportFileName(runId, mode),
      expires_at: Math.floor(clock.now().getTime() / 1000) + FILE_URL_TTL_SECONDS,
    });
    ctx.status = 302;
    ctx.set('Location', `${config.publicBaseUrl}/files/${token}`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url: `${config.publicBaseUrl}/files/${token}`, expires_in: FILE_URL_TTL_SECONDS, livemode: ctx.state.livemode };
  });

  return router;
}
