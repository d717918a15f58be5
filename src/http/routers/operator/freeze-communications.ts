import Router from '@koa/router';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import { OPERATOR } from '../../../commands/caller.js';
import { markFreezeCommunicationSent, recordFreezeMeasures } from '../../../commands/freeze-communications.js';
import { freezeCommunicationFile, freezeCommunications, type FreezeCommunications } from '../../../queries/freeze-communications.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { CaseIdParams } from '../../operations/cases.js';
import { CommunicationFileParams, CommunicationParams, FreezeMeasuresBody, MarkSentBody } from '../../operations/freeze.js';
import { applied, orThrow } from '../../outcome.js';
import type { RequestState } from '../../state.js';

/** The case's freeze communications as the operator API shows them: drafts newest first, files as links. */
export function communicationsView(caseId: string, found: FreezeCommunications) {
  const base = `/operator/v1/cases/${caseId}/communications`;
  return {
    object: 'freeze_communications',
    case_id: caseId,
    freeze: found.freeze,
    measures: found.measures,
    data: [...found.drafts].reverse().map((d) => ({
      object: 'freeze_communication',
      ...d,
      json: { ...d.json, url: `${base}/${d.draft_id}/json` },
      pdf: { ...d.pdf, url: `${base}/${d.draft_id}/pdf` },
    })),
  };
}

/**
 * Operator API on a case's sanctions freeze (issue 29): the drafts of its communications to BCB,
 * MJSP and COAF (JSON and PDF), the measures the institution took, and each draft's sending.
 */
export function operatorFreezeCommunicationsRouter(services: WriteDeps & { blobStore: BlobStore }): Router<RequestState> {
  const { log, runner, clock, blobStore } = services;
  const router = new Router<RequestState>();
  const view = async (caseId: string) => communicationsView(caseId, orThrow(await freezeCommunications(log, caseId, OPERATOR)));

  router.get('/cases/:case_id/communications', async (ctx) => {
    ctx.body = await view(decodeInput(CaseIdParams, ctx.params).case_id);
  });

  router.get('/cases/:case_id/communications/:draft_id/:format', async (ctx) => {
    const { case_id, draft_id, format } = decodeInput(CommunicationFileParams, ctx.params);
    const file = orThrow(await freezeCommunicationFile({ log, blobStore }, case_id, draft_id, format as 'pdf' | 'json', OPERATOR));
    ctx.set('Content-Type', file.contentType);
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
    ctx.set('X-Content-SHA256', file.sha256);
    ctx.body = file.data;
  });

  router.post('/cases/:case_id/freeze_measures', jsonBody(), async (ctx) => {
    const { case_id } = decodeInput(CaseIdParams, ctx.params);
    const body = decodeBody(FreezeMeasuresBody, ctx.state.body);
    await applied(runner, await recordFreezeMeasures(log, case_id, body, OPERATOR, commandContext(ctx, clock, null)));
    ctx.status = 201;
    ctx.body = await view(case_id);
  });

  router.post('/cases/:case_id/communications/:draft_id/sent', jsonBody(), async (ctx) => {
    const { case_id, draft_id } = decodeInput(CommunicationParams, ctx.params);
    const body = decodeBody(MarkSentBody, ctx.state.body);
    await applied(runner, await markFreezeCommunicationSent(log, case_id, { draft_id, ...body }, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = await view(case_id);
  });

  return router;
}
