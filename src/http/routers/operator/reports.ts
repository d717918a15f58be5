import Router from '@koa/router';
import { generateRunReport, ReportGenerator } from '../../../commands/reports.js';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import type { PdfRenderer } from '../../../adapters/pdf/port.js';
import type { Clock } from '../../../adapters/clock.js';
import { decodeInput } from '../../decode.js';
import { commandContext } from '../../metadata.js';
import { ReportModeQuery, RunIdParams } from '../../operations/runs.js';
import { orThrow } from '../../outcome.js';
import type { RequestState } from '../../state.js';

/**
 * Operator API: generating a run's report (decisions section 2). 201 with the report's record
 * when this call generated it, 200 with the same record when it already existed.
 */
export function operatorReportsRouter(services: { log: EventLog; clock: Clock; blobStore: BlobStore; pdfRenderer: PdfRenderer }): Router<RequestState> {
  const { clock } = services;
  const generator = new ReportGenerator({ log: services.log, blobs: services.blobStore, renderer: services.pdfRenderer });
  const router = new Router<RequestState>();

  router.post('/runs/:run_id/report', async (ctx) => {
    const { run_id: runId } = decodeInput(RunIdParams, ctx.params);
    const { mode } = decodeInput(ReportModeQuery, ctx.query);
    const { report, created } = orThrow(await generateRunReport({ log: services.log, generator }, runId, mode, commandContext(ctx, clock, null, `:report:${mode}`)));
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
