import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { isUuid } from '../adapters/ids.js';
import { DomainError } from '../domain/shared/decider.js';
import { usableBy } from '../domain/template/decider.js';
import type { TemplateDefinition } from '../domain/template/events.js';
import { parseDocument } from '../domain/values/document.js';
import type { Environment, SubjectType } from '../domain/values/scopes.js';
import { runDecider, runStream } from '../domain/run/decider.js';
import { loadRun, loadTemplate, loadTenant, loadUser } from './aggregates.js';
import { accountIdFor } from './users.js';
import { mayActOn, type Caller } from './caller.js';
import { forTenant, handleCommand, type CommandContext } from './handle-command.js';
import { queueRun, type QueuedRun } from './runs.js';

/** Where a caller's webhook_url is checked: the endpoint's rules, its host resolved now. */
export type WebhookUrlProblem = (url: string) => Promise<string | null>;

/**
 * A per-call webhook_url gets the endpoint's checks, its host resolved now: a name that points
 * inside is refused at the call, not found out at the first delivery (send time checks again).
 */
export async function webhookUrlRefusal(urlProblem: WebhookUrlProblem, url: string | null, param = 'webhook_url'): Promise<DomainError | null> {
  if (url === null) return null;
  const problem = await urlProblem(url);
  return problem ? new DomainError('invalid_webhook_url', problem, param) : null;
}

/** A key restricted to one person type may not act on the other. */
export function subjectTypeRefusal(allowed: SubjectType | null, type: SubjectType): DomainError | null {
  return allowed && allowed !== type ? new DomainError('subject_type_not_allowed', `This API key is restricted to ${allowed} subjects.`, 'type') : null;
}

export type RunSubject = { type: SubjectType; doc: string } & Record<string, string>;

/** The subject as the template asks for it: document valid for the type, parameters present, nothing unknown. */
export function runSubjectFor(raw: unknown, template: { definition: TemplateDefinition }, allowed: SubjectType | null): E.Either<DomainError, RunSubject> {
  const refuse = (code: string, message: string, param: string, invalid?: string[]) => E.left(new DomainError(code, message, param, invalid ? { invalid_params: invalid } : {}));
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refuse('invalid_parametros', 'subject must be an object with type, doc and the template parameters.', 'subject', ['subject']);
  }
  const subject = raw as Record<string, unknown>;
  const type = subject['type'] ?? template.definition.subject_type;
  if (type !== 'pf' && type !== 'pj') return refuse('invalid_parametros', 'subject.type must be pf or pj.', 'subject.type', ['type']);
  const notAllowed = subjectTypeRefusal(allowed, type);
  if (notAllowed) return E.left(notAllowed);
  if (type !== template.definition.subject_type) {
    return refuse('invalid_document', `This template screens ${template.definition.subject_type} subjects; the subject is ${type}.`, 'subject.type');
  }
  const parsed = parseDocument(type, subject['doc']);
  if ('problem' in parsed) {
    if (parsed.problem === 'missing') return refuse('missing_document', `subject.doc (${type === 'pf' ? 'CPF' : 'CNPJ'}) is required.`, 'subject.doc');
    return refuse('invalid_document', `subject.doc is not a valid ${type === 'pf' ? 'CPF (11 digits)' : 'CNPJ (14 characters: 12 letters or digits, then 2 check digits)'}.`, 'subject.doc');
  }
  const parameters = template.definition.parameters;
  const invalid = [
    ...new Set([
      ...parameters.filter((p) => typeof subject[p] !== 'string' || (subject[p] as string).trim() === ''),
      ...Object.keys(subject).filter((k) => k !== 'type' && k !== 'doc' && !parameters.includes(k)),
      ...parameters.filter((p) => typeof subject[p] === 'string' && (subject[p] as string).length > 500),
    ]),
  ];
  if (invalid.length > 0) return refuse('invalid_parametros', `Subject fields missing, invalid or unknown for this template: ${invalid.join(', ')}.`, 'subject', invalid);
  const fields = Object.fromEntries(parameters.map((p) => [p, String(subject[p]).trim()]));
  return E.right({ ...fields, type, doc: parsed.doc } as RunSubject);
}

export interface RunRequestDeps {
  log: EventLog;
  secretKey: string;
  webhookUrlProblem: WebhookUrlProblem;
}

export interface RunRequest {
  tenant_id: string;
  environment: Environment;
  /** the key's person-type restriction */
  allowed_subject_type: SubjectType | null;
  template_id: string;
  subject: unknown;
  external_id: string | null;
  metadata: Record<string, string>;
  webhook_url: string | null;
}

/** POST /bureau/runs: the tenant's usable template, the subject it asks for, the webhook's host, then the run queued. */
export async function requestRun(deps: RunRequestDeps, request: RunRequest, context: CommandContext): Promise<E.Either<DomainError, QueuedRun>> {
  const template = isUuid(request.template_id) ? usableBy(await loadTemplate(deps.log, request.template_id), request.tenant_id) : null;
  if (!template) return E.left(new DomainError('template_not_found', 'No published, active template with this id for the account.', 'template_id'));
  const subject = runSubjectFor(request.subject, template, request.allowed_subject_type);
  if (E.isLeft(subject)) return subject;
  const badUrl = await webhookUrlRefusal(deps.webhookUrlProblem, request.webhook_url);
  if (badUrl) return E.left(badUrl);
  const { tenant_id, environment, external_id, metadata, webhook_url } = request;
  return queueRun(deps.log, deps.secretKey, { tenant_id, environment, template, subject: subject.right, external_id, metadata, webhook_url, customer_id: null }, context);
}

const runNotFound = () => new DomainError('run_not_found', 'No such run.', 'run_id');

/**
 * The analyst the operator API names (`analyst`: a user id or e-mail): an active dashboard user
 * of the run's tenant, else 400 analyst_not_found (another tenant's user is not told apart).
 */
async function operatorAnalyst(log: EventLog, tenantId: string, analyst: string): Promise<E.Either<DomainError, string>> {
  const named = analyst.trim();
  const userId = isUuid(named) ? named : named.includes('@') ? await accountIdFor(log, tenantId, named) : null;
  const user = userId ? await loadUser(log, userId) : null;
  if (!user || user.tenant_id !== tenantId || user.status !== 'active') {
    return E.left(new DomainError('analyst_not_found', 'analyst must be the user_id or e-mail of an active dashboard user of the run\'s account.', 'analyst'));
  }
  return E.right(user.user_id);
}

/**
 * A review of a run the caller may see (404 run_not_found otherwise): the analyst's decision.
 * A dashboard user decides as themself; the operator API names the analyst (`analyst`, required
 * when the tenant has four-eyes). With four-eyes on, a rejection, any decision on an `alto` run
 * and an approval overriding an automatic rejection or block are first a proposal; it becomes
 * the decision when another analyst confirms it (the decider refuses the proposer).
 */
export async function reviewRun(
  deps: { log: EventLog },
  runId: string,
  input: { decision: 'approved' | 'rejected'; note: string; analyst?: string | undefined },
  caller: Caller,
  context: CommandContext,
): Promise<E.Either<DomainError, { outcome: 'reviewed' | 'proposed'; position: number | null }>> {
  const run = await loadRun(deps.log, runId);
  if (!run || !mayActOn(caller, run.run.tenant_id)) return E.left(runNotFound());
  const tenantId = run.run.tenant_id;
  const fourEyes = (await loadTenant(deps.log, tenantId))?.settings.four_eyes ?? false;
  let reviewer: string | undefined;
  if (caller.kind === 'user') reviewer = caller.user_id;
  else if (input.analyst !== undefined && input.analyst.trim() !== '') {
    const analyst = await operatorAnalyst(deps.log, tenantId, input.analyst);
    if (E.isLeft(analyst)) return analyst;
    reviewer = analyst.right;
  } else if (fourEyes) {
    return E.left(new DomainError('analyst_required', 'This account requires two analysts (four-eyes): analyst (the user_id or e-mail of the analyst deciding) is required.', 'analyst'));
  }
  const command = {
    type: 'ReviewRun' as const,
    decision: input.decision,
    note: input.note,
    now: context.metadata.occurred_at,
    four_eyes: fourEyes,
    ...(reviewer === undefined ? {} : { reviewer }),
  };
  const result = await handleCommand(deps.log, runStream(runId), runDecider, command, forTenant(context, tenantId));
  return E.map((r: { events: readonly { type: string }[]; position: number | null }) => ({
    outcome: r.events.some((event) => event.type === 'RunReviewed') ? ('reviewed' as const) : ('proposed' as const),
    position: r.position,
  }))(result);
}

/** The cancellation of a run the caller may see (404 run_not_found otherwise). */
export async function cancelRun(deps: { log: EventLog }, runId: string, caller: Caller, context: CommandContext) {
  const run = await loadRun(deps.log, runId);
  if (!run || !mayActOn(caller, run.run.tenant_id)) return E.left(runNotFound());
  return handleCommand(deps.log, runStream(runId), runDecider, { type: 'CancelRun', now: context.metadata.occurred_at }, forTenant(context, run.run.tenant_id));
}
