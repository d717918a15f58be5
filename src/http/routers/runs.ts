import type Koa from 'koa';
import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { webhookUrlProblem } from '../../adapters/address-policy.js';
import { isUuid } from '../../adapters/ids.js';
import { queueRun } from '../../commands/runs.js';
import { parseDocument } from '../../domain/values/document.js';
import type { SubjectType } from '../../domain/values/scopes.js';
import { getRun, type RunDoc } from '../../projections/runs.js';
import { usableTemplate, type TemplateDoc } from '../../projections/templates.js';
import type { Services } from '../../services.js';
import { ApiError, fromDomainError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { idempotent } from '../middleware/idempotency.js';
import { decodeCursor, encodeCursor, findPage } from '../paging.js';
import { analysisView, detailView, inProgressView, isInProgress, retryAfterSeconds, runSummaryView, runView } from '../run-views.js';
import type { RequestState } from '../state.js';

const RUN_FIELDS = ['template_id', 'subject', 'webhook_url', 'external_id', 'metadata'];
export const RUN_STATUS_FILTERS = ['queued', 'pending', 'running', 'completed', 'blocked', 'pending_review', 'partial', 'failed', 'em_analise', 'cancelado'];

type Body = Record<string, unknown>;

/** The subject as the template asks for it: document valid for the type, parameters present, nothing unknown. */
export function validateSubject(raw: unknown, template: TemplateDoc, state: RequestState): { type: SubjectType; doc: string } & Record<string, string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ApiError('invalid_parametros', 'subject must be an object with type, doc and the template parameters.', 'subject', { invalid_params: ['subject'] });
  }
  const subject = raw as Body;
  const type = subject['type'] ?? template.definition.subject_type;
  if (type !== 'pf' && type !== 'pj') {
    throw new ApiError('invalid_parametros', 'subject.type must be pf or pj.', 'subject.type', { invalid_params: ['type'] });
  }
  assertSubjectTypeAllowed(state, type);
  if (type !== template.definition.subject_type) {
    throw new ApiError('invalid_document', `This template screens ${template.definition.subject_type} subjects; the subject is ${type}.`, 'subject.type');
  }
  const parsed = parseDocument(type, subject['doc']);
  if ('problem' in parsed) {
    if (parsed.problem === 'missing') throw new ApiError('missing_document', `subject.doc (${type === 'pf' ? 'CPF' : 'CNPJ'}) is required.`, 'subject.doc');
    throw new ApiError('invalid_document', `subject.doc is not a valid ${type === 'pf' ? 'CPF (11 digits)' : 'CNPJ (14 digits)'}.`, 'subject.doc');
  }
  const parameters = template.definition.parameters;
  const invalid = [
    ...parameters.filter((p) => typeof subject[p] !== 'string' || (subject[p] as string).trim() === ''),
    ...Object.keys(subject).filter((k) => k !== 'type' && k !== 'doc' && !parameters.includes(k)),
    ...parameters.filter((p) => typeof subject[p] === 'string' && (subject[p] as string).length > 500),
  ];
  if (invalid.length > 0) {
    throw new ApiError('invalid_parametros', `Subject fields missing, invalid or unknown for this template: ${[...new Set(invalid)].join(', ')}.`, 'subject', {
      invalid_params: [...new Set(invalid)],
    });
  }
  const fields = Object.fromEntries(parameters.map((p) => [p, String(subject[p]).trim()]));
  return { ...fields, type, doc: parsed.doc } as { type: SubjectType; doc: string } & Record<string, string>;
}

export function validateExternalId(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) throw new ApiError('invalid_request', 'external_id must be a string of 1 to 255 characters.', 'external_id');
  return value;
}

export function validateMetadata(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ApiError('invalid_request', 'metadata must be an object of string pairs.', 'metadata');
  const entries = Object.entries(value as Body);
  if (entries.length > 10) throw new ApiError('invalid_request', 'metadata holds at most 10 pairs.', 'metadata');
  for (const [key, v] of entries) {
    if (key.length === 0 || key.length > 40) throw new ApiError('invalid_request', 'metadata keys must have 1 to 40 characters.', 'metadata');
    if (typeof v !== 'string' || v.length > 500) throw new ApiError('invalid_request', `metadata.${key} must be a string of at most 500 characters.`, 'metadata');
  }
  return value as Record<string, string>;
}

export function validateWebhookUrl(value: unknown, allowInsecure: boolean): string | null {
  if (value === undefined || value === null) return null;
  const problem = typeof value === 'string' ? webhookUrlProblem(value, allowInsecure) : 'webhook_url must be a string.';
  if (problem) throw new ApiError('invalid_webhook_url', problem, 'webhook_url');
  return value as string;
}

/**
 * A per-call webhook_url gets the endpoint's checks, its host resolved now: a name that points
 * inside is refused at the call, not found out at the first delivery (send time checks again).
 */
export async function assertWebhookHostAllowed(urlProblem: (url: string) => Promise<string | null>, url: string | null): Promise<void> {
  if (url === null) return;
  const problem = await urlProblem(url);
  if (problem) throw new ApiError('invalid_webhook_url', problem, 'webhook_url');
}

/** Public bureau runs (interface: runs endpoints). */
export function runsRouter(services: Services): Router<RequestState> {
  const { readStore, runner, clock, config } = services;
  const router = new Router<RequestState>();

  /** A run of this key's tenant and environment, or 404 (another tenant's run does not exist for it). */
  const loadRun = async (state: RequestState, runId: string): Promise<RunDoc> => {
    if (!isUuid(runId)) throw new ApiError('invalid_id', 'run_id must be a UUID.', 'run_id');
    const run = await getRun(readStore, runId);
    const principal = state.principal!;
    if (!run || run.tenant_id !== principal.tenant_id || run.environment !== principal.environment) {
      throw new ApiError('run_not_found', 'No such run.', 'run_id');
    }
    assertSubjectTypeAllowed(state, run.subject_type);
    return run;
  };

  router.post('/bureau/runs', requireScope('runs:write'), jsonBody(), idempotent('POST /api/v1/bureau/runs', services.idempotency, clock), async (ctx) => {
    const body = ctx.state.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError('invalid_json', 'The request body must be a JSON object.');
    const fields = body as Body;
    const unknown = Object.keys(fields).find((k) => !RUN_FIELDS.includes(k));
    if (unknown) throw new ApiError('invalid_request', `Unknown field: ${unknown}.`, unknown);
    if (typeof fields['template_id'] !== 'string' || fields['template_id'] === '') {
      throw new ApiError('missing_template_id', 'template_id is required and must be a string.', 'template_id');
    }
    const principal = ctx.state.principal!;
    const template = isUuid(fields['template_id']) ? await usableTemplate(readStore, principal.tenant_id, fields['template_id']) : null;
    if (!template) throw new ApiError('template_not_found', 'No published, active template with this id for the account.', 'template_id');
    const subject = validateSubject(fields['subject'], template, ctx.state);
    const externalId = validateExternalId(fields['external_id']);
    const metadata = validateMetadata(fields['metadata']);
    const webhookUrl = validateWebhookUrl(fields['webhook_url'], config.webhookAllowInsecure);
    await assertWebhookHostAllowed((url) => services.webhooks.endpointUrlProblem(url), webhookUrl);
    const context = commandContext(ctx, clock, principal.tenant_id);
    const queued = await queueRun(
      services.log,
      services.secretKey,
      { tenant_id: principal.tenant_id, environment: principal.environment, template, subject, external_id: externalId, metadata, webhook_url: webhookUrl, customer_id: null },
      context,
    );
    if (E.isLeft(queued)) throw fromDomainError(queued.left);
    await runner.waitFor(queued.right.position);
    ctx.state.piiSubject = `tenant:${principal.tenant_id}`;
    ctx.status = 202;
    ctx.body = { run_id: queued.right.run_id, status: 'queued', estimated_seconds: queued.right.estimated_seconds, livemode: ctx.state.livemode };
  });

  router.get('/bureau/runs', requireScope('runs:read'), async (ctx) => {
    const principal = ctx.state.principal!;
    const q = ctx.query;
    const where: Record<string, string> = { tenant_id: principal.tenant_id, environment: principal.environment };
    for (const field of ['status', 'template_id', 'external_id'] as const) {
      const value = q[field];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value === '') throw new ApiError('invalid_request', `${field} must be a single value.`, field);
      if (field === 'status' && !RUN_STATUS_FILTERS.includes(value)) throw new ApiError('invalid_request', `status must be one of ${RUN_STATUS_FILTERS.join(', ')}.`, 'status');
      where[field] = value;
    }
    if (principal.subject_type) where['subject_type'] = principal.subject_type;
    const before = q['cursor'] === undefined ? undefined : decodeCursor(q['cursor']);
    const { data, hasMore } = await findPage<RunDoc>(readStore, 'runs', where, q, before);
    const last = data[data.length - 1];
    ctx.body = {
      data: data.map(runSummaryView),
      has_more: hasMore,
      // the interface: next_cursor only when has_more is true
      ...(hasMore && last ? { next_cursor: encodeCursor({ created_at: last.created_at, id: last.run_id }) } : {}),
      livemode: ctx.state.livemode,
    };
  });

  /** While a run executes, GET run and GET analysis answer 202 with a polling hint. */
  const finished = (ctx: Koa.ParameterizedContext<RequestState>, run: RunDoc): boolean => {
    if (!isInProgress(run)) return true;
    ctx.status = 202;
    ctx.set('Retry-After', String(retryAfterSeconds(run)));
    ctx.body = inProgressView(run);
    return false;
  };

  router.get('/bureau/runs/:run_id', requireScope('runs:read'), async (ctx) => {
    const run = await loadRun(ctx.state, ctx.params['run_id']!);
    if (finished(ctx, run)) ctx.body = runView(run);
  });

  router.get('/bureau/runs/:run_id/analysis', requireScope('runs:read'), async (ctx) => {
    const run = await loadRun(ctx.state, ctx.params['run_id']!);
    if (finished(ctx, run)) ctx.body = analysisView(run, clock.now());
  });

  router.get('/bureau/runs/:run_id/detail', requireScope('detail:read'), async (ctx) => {
    ctx.body = detailView(await loadRun(ctx.state, ctx.params['run_id']!));
  });

  return router;
}
