import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { OPERATOR } from '../../../commands/caller.js';
import { assignCases, assignCaseTo, closeCase, commentCase, escalateCase } from '../../../commands/cases.js';
import type { CaseDoc } from '../../../projections/cases.js';
import { caseDetail, casesPage, type CaseDetail } from '../../../queries/cases.js';
import { readLookups } from '../../../queries/lookups.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { AssignCaseBody, AssignCasesBody, CaseIdParams, CaseNoteBody, CommentCaseBody, ListCasesQuery, TenantCasesParams } from '../../operations/cases.js';
import { applied, orThrow } from '../../outcome.js';
import { encodeCursor } from '../../paging.js';
import type { RequestState } from '../../state.js';

const itemView = (item: CaseDoc['items'][number]) => ({ ...item, open: true });

export const caseView = (doc: CaseDoc) => ({ object: 'case', ...doc, items: doc.items.map(itemView) });

const detailView = (detail: CaseDetail) => ({
  ...caseView(detail.case),
  items: detail.items,
  history: detail.history,
  comments: detail.comments,
  awaiting_confirmation: Object.entries(detail.proposals).map(([run_id, proposed_by]) => ({ run_id, proposed_by })),
});

const BULK_MAX = 100;

/** Operator API: the case of each customer (its items, assignee, comments, escalation and closing). */
export function operatorCasesRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock, log } = services;
  const deps = { log, lookups: readLookups(readStore) };
  const router = new Router<RequestState>();
  const detail = async (caseId: string) => detailView(orThrow(await caseDetail(services, caseId, OPERATOR)));

  router.get('/tenants/:tenant_id/cases', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantCasesParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const { status, assignee, priority, cursor, limit } = decodeInput(ListCasesQuery, ctx.query);
    const filter = { status, priority, ...(assignee === undefined ? {} : { assignee: assignee === 'none' ? null : assignee }) };
    const page = await casesPage(readStore, tenantId, filter, limit ?? 20, cursor);
    const last = page.data[page.data.length - 1];
    ctx.body = { data: page.data.map(caseView), has_more: page.hasMore, next_cursor: page.hasMore && last ? encodeCursor({ created_at: last.created_at, id: last.case_id }) : null };
  });

  router.get('/cases/:case_id', async (ctx) => {
    ctx.body = await detail(decodeInput(CaseIdParams, ctx.params).case_id);
  });

  router.post('/cases/:case_id/comments', jsonBody(), async (ctx) => {
    const { case_id } = decodeInput(CaseIdParams, ctx.params);
    const body = decodeBody(CommentCaseBody, ctx.state.body);
    await applied(runner, await commentCase(deps, case_id, body, OPERATOR, commandContext(ctx, clock, null)));
    ctx.status = 201;
    ctx.body = await detail(case_id);
  });

  router.post('/cases/:case_id/assign', jsonBody(), async (ctx) => {
    const { case_id } = decodeInput(CaseIdParams, ctx.params);
    const { assignee } = decodeBody(AssignCaseBody, ctx.state.body);
    await applied(runner, await assignCaseTo(deps, case_id, assignee, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = await detail(case_id);
  });

  router.post('/tenants/:tenant_id/cases/assign', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantCasesParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const { case_ids, assignee } = decodeBody(AssignCasesBody, ctx.state.body);
    if (case_ids.length === 0 || case_ids.length > BULK_MAX) throw new ApiError('invalid_request', `case_ids must list 1 to ${BULK_MAX} cases.`, 'case_ids');
    const ids = [...new Set<string>(case_ids)];
    const result = await assignCases(deps, tenantId, ids, assignee, OPERATOR, commandContext(ctx, clock, tenantId));
    await applied(runner, result);
    const docs = E.isRight(result) ? await Promise.all(ids.map((id) => caseDetail(services, id, OPERATOR))) : [];
    ctx.body = { data: docs.flatMap((d) => (E.isRight(d) ? [caseView(d.right.case)] : [])) };
  });

  router.post('/cases/:case_id/escalate', jsonBody(), async (ctx) => {
    const { case_id } = decodeInput(CaseIdParams, ctx.params);
    const { note } = decodeBody(CaseNoteBody, ctx.state.body);
    await applied(runner, await escalateCase(deps, case_id, note, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = await detail(case_id);
  });

  router.post('/cases/:case_id/close', jsonBody(), async (ctx) => {
    const { case_id } = decodeInput(CaseIdParams, ctx.params);
    const { note } = decodeBody(CaseNoteBody, ctx.state.body);
    await applied(runner, await closeCase(deps, case_id, note, OPERATOR, commandContext(ctx, clock, null)));
    ctx.body = await detail(case_id);
  });

  return router;
}
