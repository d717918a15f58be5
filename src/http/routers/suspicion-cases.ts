import Router from '@koa/router';
import type { Idempotency } from '../../commands/idempotency.js';
import { openSuspicionCase, type SuspicionLookups } from '../../commands/suspicion.js';
import type { OperationParty, SuspiciousOperation } from '../../domain/suspicion/events.js';
import { findSuspicionCases, getSuspicionCase } from '../../projections/suspicion-cases.js';
import type { WriteDeps } from '../deps.js';
import { decodeBody, decodeInput } from '../decode.js';
import { ApiError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { idempotent } from '../middleware/idempotency.js';
import { CreateSuspicionCaseBody, ListSuspicionCasesQuery, SuspicionCaseIdParams, type OperationBody, type PartyBody } from '../operations/suspicion-cases.js';
import { applied } from '../outcome.js';
import { encodeCursor } from '../paging.js';
import type { RequestState } from '../state.js';
import { publicCaseView } from '../suspicion-views.js';

export interface SuspicionCasesRouterDeps extends WriteDeps {
  idempotency: Idempotency;
  secretKey: string;
  lookups: SuspicionLookups;
}

const party = (p: PartyBody): OperationParty => ({
  document: p.document ?? null,
  person_type: p.person_type,
  name: p.name,
  tp_env: p.tp_env ?? null,
  pep: p.pep ?? false,
  public_servant: (p.public_servant ?? 0) as number,
  obliged_person: p.obliged_person ?? false,
  branch: p.branch ?? null,
  account: p.account ?? null,
  account_opened_on: p.account_opened_on ?? null,
});

/** The body's operation as the case records it (value and public_servant checked by the command, naming the field). */
export const operationOf = (o: OperationBody): SuspiciousOperation => ({ type: o.type, value: o.value as number, date: o.date, channel: o.channel ?? '', parties: o.parties.map(party) });

/**
 * Public regulatory cases (issue 30): the tenant reports a suspicious situation of its own
 * (`cases:write`) and follows its status and clocks (`cases:read`). Nothing here reaches the
 * customer's views, webhooks or reports (Circular 3.978 art. 50: no tipping-off).
 */
export function suspicionCasesRouter(services: SuspicionCasesRouterDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const visible = async (caseId: string, tenantId: string, environment: string) => {
    const doc = await getSuspicionCase(readStore, caseId);
    if (!doc || doc.tenant_id !== tenantId || doc.environment !== environment) throw new ApiError('case_not_found', 'No such case.', 'case_id');
    return doc;
  };

  router.post('/cases', requireScope('cases:write'), jsonBody(), idempotent('POST /api/v1/cases', services.idempotency, clock), async (ctx) => {
    const principal = ctx.state.principal!;
    const body = decodeBody(CreateSuspicionCaseBody, ctx.state.body);
    const input = {
      tenant_id: principal.tenant_id,
      environment: principal.environment,
      origin: { kind: 'report' as const, ref: null },
      customer_id: body.customer_id ?? null,
      external_id: body.external_id ?? null,
      occurred_at: body.occurred_at ?? null,
      operation: operationOf(body.operation),
      reason_codes: body.reason_codes,
      other_reason: body.other_reason ?? null,
      description: body.description ?? null,
    };
    const caller = { kind: 'key' as const, key_id: principal.key_id, tenant_id: principal.tenant_id };
    const opened = await applied(runner, await openSuspicionCase(services, input, caller, commandContext(ctx, clock, principal.tenant_id)));
    ctx.state.piiSubject = opened.subject_ref;
    ctx.status = 201;
    ctx.body = publicCaseView(await visible(opened.case_id, principal.tenant_id, principal.environment), clock.now().toISOString());
  });

  router.get('/cases', requireScope('cases:read'), async (ctx) => {
    const principal = ctx.state.principal!;
    const { status, overdue, cursor, limit } = decodeInput(ListSuspicionCasesQuery, ctx.query);
    const now = clock.now().toISOString();
    const where = { tenant_id: principal.tenant_id, environment: principal.environment, ...(status === undefined ? {} : { status }) };
    const page = await findSuspicionCases(readStore, where, { limit: limit ?? 20, before: cursor, overdue: overdue === undefined ? undefined : overdue === 'true', now });
    const last = page.data[page.data.length - 1];
    ctx.body = {
      data: page.data.map((doc) => publicCaseView(doc, now)),
      has_more: page.hasMore,
      next_cursor: page.hasMore && last ? encodeCursor({ created_at: last.created_at, id: last.case_id }) : null,
      livemode: ctx.state.livemode,
    };
  });

  router.get('/cases/:case_id', requireScope('cases:read'), async (ctx) => {
    const principal = ctx.state.principal!;
    const { case_id } = decodeInput(SuspicionCaseIdParams, ctx.params);
    ctx.body = publicCaseView(await visible(case_id, principal.tenant_id, principal.environment), clock.now().toISOString());
  });

  return router;
}
