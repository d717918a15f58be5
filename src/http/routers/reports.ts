import Router from '@koa/router';
import { storedReport } from '../../queries/reports.js';
import type { Config } from '../../config.js';
import type { EventLog } from '../../adapters/event-store/event-log.js';
import type { ReadDeps } from '../deps.js';
import { decodeInput } from '../decode.js';
import { FILE_URL_TTL_SECONDS, signFileToken } from '../file-tokens.js';
import { requireScope } from '../middleware/auth.js';
import { ReportModeQuery, RunIdParams } from '../operations/runs.js';
import { orThrow } from '../outcome.js';
import { reportFileName } from '../report-params.js';
import type { RequestState } from '../state.js';
import { keyRun } from './runs.js';

/** Public GET report: a 302 to a signed URL, valid one hour, for a report already generated. */
export function reportsRouter(services: ReadDeps & { log: EventLog; config: Pick<Config, 'publicBaseUrl'>; secretKey: string }): Router<RequestState> {
  const { readStore, clock, config } = services;
  const router = new Router<RequestState>();

  router.get('/bureau/runs/:run_id/report', requireScope('runs:read'), async (ctx) => {
    const { run_id: runId } = decodeInput(RunIdParams, ctx.params);
    const { mode } = decodeInput(ReportModeQuery, ctx.query);
    const report = orThrow(await storedReport(services.log, await keyRun(readStore, ctx.state, runId), mode));
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
