import * as E from 'fp-ts/lib/Either.js';
import { hmacHex } from '../adapters/crypto.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId, isUuid } from '../adapters/ids.js';
import { accountIdFor } from './users.js';
import { addCalendarDays, endOfNextBusinessDay, isCalendarDate } from '../domain/calendar/business-days.js';
import { DomainError } from '../domain/shared/decider.js';
import { isReasonCode, OTHER_REASON } from '../domain/siscoaf/cc4001.js';
import { suspicionDecider, suspicionStream, type OpenedCase, type SuspicionCommand } from '../domain/suspicion/decider.js';
import { SuspicionEvent, type OperationParty, type SuspicionEventOf, type SuspicionOrigin, type SuspiciousOperation } from '../domain/suspicion/events.js';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../domain/values/document.js';
import type { Environment } from '../domain/values/scopes.js';
import { isEventOf } from '../domain/shared/events.js';
import { loadCustomer, loadRun, loadUser } from './aggregates.js';
import { mayActOn, type Caller } from './caller.js';
import { loadComplianceSettings, loadHolidays } from './compliance-settings.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';

/** The read-model lookups the case commands use: an alert id gives its customer (queries/lookups.ts). */
export interface SuspicionLookups {
  alertOwner(alertId: string): Promise<{ alert_id: string; customer_id: string; tenant_id: string } | null>;
}

export interface SuspicionDeps {
  log: EventLog;
  secretKey: string;
  lookups: SuspicionLookups;
}

/** Days from the operation to select it, and from the selection to analyse it (Circular 3.978 art. 43 §1, D1/D2). */
export const SELECTION_DAYS = 45;
export const ANALYSIS_DAYS = 45;

export const caseNotFound = () => new DomainError('case_not_found', 'Caso não encontrado.', 'case_id');
const invalid = (param: string, message: string) => new DomainError('invalid_request', message, param);

/** The case as its stream says, when the caller may see it (another tenant's case is not found). */
export async function visibleSuspicionCase(log: EventLog, caseId: string, caller: Caller): Promise<E.Either<DomainError, OpenedCase>> {
  if (!isUuid(caseId)) return E.left(caseNotFound());
  const { state } = await loadState(log, suspicionStream(caseId), suspicionDecider);
  return state.status === 'none' || !mayActOn(caller, state.tenant_id) ? E.left(caseNotFound()) : E.right(state);
}

/** The case's events (personal fields unsealed, or erased), for the detail, the dossier and the communication. */
export async function suspicionHistory(log: EventLog, caseId: string): Promise<SuspicionEvent[]> {
  return (await log.readStream(suspicionStream(caseId))).filter(isEventOf(SuspicionEvent));
}

export const openedOf = (events: readonly SuspicionEvent[]): SuspicionEventOf<'SuspicionCaseOpened'>['data'] | null => {
  const opened = events.find((e) => e.type === 'SuspicionCaseOpened');
  return opened ? (opened as SuspicionEventOf<'SuspicionCaseOpened'>).data : null;
};

/** Who acts: a dashboard user, an API key, or the operator (naming, optionally, the tenant's analyst it acts for). */
export const actorOf = (caller: Caller, analyst?: string | null): string =>
  caller.kind === 'user' ? `user:${caller.user_id}` : caller.kind === 'key' ? `api_key:${caller.key_id}` : analyst ? `user:${analyst}` : 'operator';

/**
 * The analyst the operator API names (`analyst`: a user id or e-mail): an active dashboard user of
 * the case's tenant, else 400 analyst_not_found.
 */
export async function resolveAnalyst(log: EventLog, tenantId: string, analyst: string): Promise<E.Either<DomainError, string>> {
  const named = analyst.trim();
  const userId = isUuid(named) ? named : named.includes('@') ? await accountIdFor(log, tenantId, named) : null;
  const user = userId ? await loadUser(log, userId) : null;
  if (!user || user.tenant_id !== tenantId || user.status !== 'active') {
    return E.left(new DomainError('analyst_not_found', 'analyst deve ser o user_id ou o e-mail de um usuário ativo do painel desta empresa.', 'analyst'));
  }
  return E.right(user.user_id);
}

export interface OpenCaseInput {
  tenant_id: string;
  environment: Environment;
  origin: SuspicionOrigin;
  customer_id?: string | null | undefined;
  external_id?: string | null | undefined;
  occurred_at?: string | null | undefined;
  operation?: SuspiciousOperation | undefined;
  reason_codes: string[];
  other_reason?: string | null | undefined;
  description?: string | null | undefined;
  analyst?: string | null | undefined;
}

/** Reason codes: each a Carta Circular 4.001 indicator or `outra_situacao`, which needs its text. */
export function checkReasons(codes: readonly string[], otherReason: string | null | undefined): DomainError | null {
  if (codes.length === 0) return invalid('reason_codes', 'Informe ao menos um enquadramento da Carta Circular 4.001 (CC4001-<inciso>.<alínea>) ou outra_situacao.');
  const bad = codes.find((code) => code !== OTHER_REASON && !isReasonCode(code));
  if (bad !== undefined) return invalid('reason_codes', `Enquadramento desconhecido: ${bad}. Use um código CC4001-<inciso>.<alínea> da Carta Circular 4.001 ou outra_situacao.`);
  if (codes.includes(OTHER_REASON) && (otherReason ?? '').trim() === '') return invalid('other_reason', 'Com outra_situacao, descreva a situação em other_reason.');
  return null;
}

function checkParty(party: OperationParty, i: number, tpEnv: readonly string[]): DomainError | null {
  const at = `operation.parties[${i}]`;
  if (party.name.trim() === '') return invalid(`${at}.name`, 'Informe o nome do envolvido.');
  if (party.document !== null) {
    const doc = normalizeDocument(party.document);
    const ok = party.person_type === 'PF' ? isValidCpf(doc) : isValidCnpj(doc);
    if (!ok) return invalid(`${at}.document`, `${party.person_type === 'PF' ? 'CPF' : 'CNPJ'} inválido (dígitos verificadores): ${party.document}.`);
  }
  if (party.tp_env !== null && !tpEnv.includes(party.tp_env)) {
    return invalid(`${at}.tp_env`, `Tipo de envolvimento ${party.tp_env} não está na tabela TpEnv desta empresa (configurações de compliance).`);
  }
  if (!Number.isInteger(party.public_servant) || party.public_servant < 0 || party.public_servant > 4) return invalid(`${at}.public_servant`, 'public_servant vai de 0 a 4 (ServPub do Siscoaf).');
  if (party.account_opened_on !== null && !isCalendarDate(party.account_opened_on)) return invalid(`${at}.account_opened_on`, 'Data de abertura da conta no formato AAAA-MM-DD.');
  return null;
}

/** The operation: whole reais (no cents), a calendar date, and parties with valid documents and TpEnv codes of the tenant. */
export function checkOperation(operation: SuspiciousOperation, tpEnv: readonly string[]): DomainError | null {
  if (typeof operation.value !== 'number' || !Number.isInteger(operation.value) || operation.value < 0) {
    return invalid('operation.value', 'O valor vai em reais inteiros, sem centavos (ex.: 50000), e não pode ser negativo.');
  }
  if (!isCalendarDate(operation.date)) return invalid('operation.date', 'A data da operação vai no formato AAAA-MM-DD.');
  if (operation.type.trim() === '') return invalid('operation.type', 'Informe o tipo da operação.');
  for (const [i, party] of operation.parties.entries()) {
    const problem = checkParty(party, i, tpEnv);
    if (problem) return problem;
  }
  return null;
}

interface Origin {
  customer_id: string | null;
  subject_ref: string | null;
  occurred_at: string | null;
}

/** What an alert or a run gives the case: its customer and when it happened; another tenant's is not found. */
async function originFacts(deps: SuspicionDeps, input: OpenCaseInput): Promise<E.Either<DomainError, Origin>> {
  const { kind, ref } = input.origin;
  if (kind === 'alert') {
    const owner = ref ? await deps.lookups.alertOwner(ref) : null;
    const customer = owner && owner.tenant_id === input.tenant_id ? await loadCustomer(deps.log, owner.customer_id) : null;
    const alert = customer?.alerts[ref!];
    if (!customer || !alert) return E.left(new DomainError('alert_not_found', 'Alerta não encontrado nesta empresa.', 'origin.ref'));
    return E.right({ customer_id: customer.customer_id, subject_ref: customer.subject_ref, occurred_at: alert.raised_at });
  }
  if (kind === 'run') {
    const run = ref ? await loadRun(deps.log, ref) : null;
    if (!run || run.run.tenant_id !== input.tenant_id) return E.left(new DomainError('run_not_found', 'Consulta não encontrada nesta empresa.', 'origin.ref'));
    return E.right({ customer_id: run.run.customer_id, subject_ref: run.run.subject_ref, occurred_at: run.run.created_at });
  }
  if (!input.customer_id) return E.right({ customer_id: null, subject_ref: null, occurred_at: null });
  const customer = await loadCustomer(deps.log, input.customer_id);
  if (!customer || customer.tenant_id !== input.tenant_id || customer.environment !== input.environment) {
    return E.left(new DomainError('customer_not_found', 'Cliente não encontrado nesta empresa.', 'customer_id'));
  }
  return E.right({ customer_id: customer.customer_id, subject_ref: customer.subject_ref, occurred_at: null });
}

const defaultOperation = (occurredAt: string, kind: string): SuspiciousOperation => ({
  type: kind === 'alert' ? 'alerta_de_monitoramento' : kind === 'run' ? 'consulta' : 'situacao',
  value: 0,
  date: occurredAt.slice(0, 10),
  channel: '',
  parties: [],
});

function checkOpening(input: OpenCaseInput, tpEnv: readonly string[], now: string): DomainError | null {
  const reasons = checkReasons(input.reason_codes, input.other_reason);
  if (reasons) return reasons;
  if (input.occurred_at != null && (Number.isNaN(Date.parse(input.occurred_at)) || Date.parse(input.occurred_at) > Date.parse(now))) {
    return invalid('occurred_at', 'occurred_at deve ser um instante ISO 8601 (ex.: 2026-11-20T14:00:00Z) que não esteja no futuro.');
  }
  if (input.operation) return checkOperation(input.operation, tpEnv);
  return null;
}

/**
 * Opens a case pending selection: from the tenant's own report (public API), an alert, a run or
 * an analyst. Its selection clock runs 45 days from when the situation happened (the alert's
 * raising, the run, the operation's date or `occurred_at`). Validated before anything is written.
 */
export async function openSuspicionCase(deps: SuspicionDeps, input: OpenCaseInput, caller: Caller, context: CommandContext) {
  if (!mayActOn(caller, input.tenant_id)) return E.left(new DomainError('tenant_not_found', 'Empresa não encontrada.', 'tenant_id'));
  const settings = await loadComplianceSettings(deps.log, input.tenant_id);
  const problem = checkOpening(input, settings.tp_env.map((e) => e.code), context.metadata.occurred_at);
  if (problem) return E.left(problem);
  const origin = await originFacts(deps, input);
  if (E.isLeft(origin)) return origin;
  const caseId = deterministicId(`suspicion:${context.commandId}`);
  const now = context.metadata.occurred_at;
  const fromOperation = input.operation ? `${input.operation.date}T03:00:00.000Z` : null;
  const occurredAt = new Date(input.occurred_at ?? origin.right.occurred_at ?? fromOperation ?? now).toISOString();
  const subjectRef = origin.right.subject_ref ?? hmacHex(deps.secretKey, `suspicion|${input.tenant_id}|${caseId}`);
  const opened: SuspicionEventOf<'SuspicionCaseOpened'>['data'] = {
    case_id: caseId,
    tenant_id: input.tenant_id,
    environment: input.environment,
    subject_ref: subjectRef,
    customer_id: origin.right.customer_id,
    origin: input.origin,
    external_id: input.external_id ?? null,
    occurred_at: occurredAt,
    operation: input.operation ?? defaultOperation(occurredAt, input.origin.kind),
    reason_codes: [...new Set(input.reason_codes)],
    other_reason: input.reason_codes.includes(OTHER_REASON) ? input.other_reason!.trim() : null,
    description: (input.description ?? '').trim() || null,
    selection_due_at: addCalendarDays(occurredAt, SELECTION_DAYS),
    opened_by: actorOf(caller, input.analyst),
    opened_at: now,
  };
  const result = await handleCommand(deps.log, suspicionStream(caseId), suspicionDecider, { type: 'OpenSuspicionCase', opened, now }, forTenant(context, input.tenant_id));
  return E.map((r: { position: number | null }) => ({ case_id: caseId, subject_ref: subjectRef, position: r.position }))(result);
}

/** Runs a command on a case the caller may see; the answer is the position written up to. */
export async function onSuspicionCase(log: EventLog, caseId: string, caller: Caller, context: CommandContext, command: (state: OpenedCase) => SuspicionCommand | DomainError) {
  const found = await visibleSuspicionCase(log, caseId, caller);
  if (E.isLeft(found)) return found;
  const built = command(found.right);
  if (built instanceof DomainError) return E.left(built);
  const result = await handleCommand(log, suspicionStream(caseId), suspicionDecider, built, forTenant(context, found.right.tenant_id));
  return E.map((r: { position: number | null; events: readonly SuspicionEvent[] }) => ({ position: r.position, events: r.events }))(result);
}

/** The analyst acting (a dashboard user is themself; the operator may name one), as `user:<id>` or `operator`. */
export async function actingAnalyst(log: EventLog, tenantId: string, caller: Caller, analyst: string | null | undefined): Promise<E.Either<DomainError, string | null>> {
  if (caller.kind === 'user') return E.right(caller.user_id);
  if (analyst === undefined || analyst === null || analyst.trim() === '') return E.right(null);
  return resolveAnalyst(log, tenantId, analyst);
}

async function withActor(log: EventLog, caseId: string, caller: Caller, analyst: string | null | undefined): Promise<E.Either<DomainError, { state: OpenedCase; by: string; analyst: string | null }>> {
  const found = await visibleSuspicionCase(log, caseId, caller);
  if (E.isLeft(found)) return found;
  const who = await actingAnalyst(log, found.right.tenant_id, caller, analyst);
  if (E.isLeft(who)) return who;
  return E.right({ state: found.right, by: actorOf(caller, who.right), analyst: who.right });
}

export async function selectSuspicionCase(log: EventLog, caseId: string, input: { note?: string | null; analyst?: string | null }, caller: Caller, context: CommandContext) {
  const actor = await withActor(log, caseId, caller, input.analyst);
  if (E.isLeft(actor)) return actor;
  const now = context.metadata.occurred_at;
  return onSuspicionCase(log, caseId, caller, context, () => ({ type: 'SelectSuspicionCase', by: actor.right.by, note: input.note ?? null, analysis_due_at: addCalendarDays(now, ANALYSIS_DAYS), now }));
}

export async function dismissSuspicionCase(log: EventLog, caseId: string, input: { reason: string; analyst?: string | null }, caller: Caller, context: CommandContext) {
  const actor = await withActor(log, caseId, caller, input.analyst);
  if (E.isLeft(actor)) return actor;
  return onSuspicionCase(log, caseId, caller, context, () => ({ type: 'DismissSuspicionCase', by: actor.right.by, reason: input.reason, now: context.metadata.occurred_at }));
}

export async function noteSuspicionCase(log: EventLog, caseId: string, input: { text: string; analyst?: string | null }, caller: Caller, context: CommandContext) {
  const actor = await withActor(log, caseId, caller, input.analyst);
  if (E.isLeft(actor)) return actor;
  const noteId = deterministicId(`suspicion-note:${context.commandId}`);
  return onSuspicionCase(log, caseId, caller, context, () => ({ type: 'NoteSuspicionCase', note_id: noteId, text: input.text, author: actor.right.by, now: context.metadata.occurred_at }));
}

export interface DecisionInput {
  decision: 'comunicar' | 'nao_comunicar';
  rationale: string;
  reason_codes: string[];
  other_reason?: string | null | undefined;
  analyst?: string | null | undefined;
}

/**
 * The decision (art. 43): under the tenant's four-eyes (compliance settings `cos_four_eyes`) a
 * proposal that another analyst confirms; the operator API must then name the analyst. To
 * communicate, the communication clock runs to the end of the next business day (art. 48 §2).
 */
export async function decideSuspicionCase(log: EventLog, caseId: string, input: DecisionInput, caller: Caller, context: CommandContext) {
  const found = await visibleSuspicionCase(log, caseId, caller);
  if (E.isLeft(found)) return found;
  const tenantId = found.right.tenant_id;
  const reasons = checkReasons(input.reason_codes, input.other_reason);
  if (reasons) return E.left(reasons);
  const settings = await loadComplianceSettings(log, tenantId);
  const who = await actingAnalyst(log, tenantId, caller, input.analyst);
  if (E.isLeft(who)) return who;
  if (settings.cos_four_eyes && who.right === null) {
    return E.left(new DomainError('analyst_required', 'Esta empresa exige dois analistas (quatro olhos): informe em analyst o user_id ou o e-mail de quem decide.', 'analyst'));
  }
  const now = context.metadata.occurred_at;
  const holidays = await loadHolidays(log, tenantId);
  return onSuspicionCase(log, caseId, caller, context, () => ({
    type: 'DecideSuspicionCase',
    decision: input.decision,
    rationale: input.rationale,
    reason_codes: [...new Set(input.reason_codes)],
    other_reason: input.reason_codes.includes(OTHER_REASON) ? (input.other_reason ?? null) : null,
    by: actorOf(caller, who.right),
    four_eyes: settings.cos_four_eyes,
    communication_due_at: endOfNextBusinessDay(now, holidays),
    now,
  }));
}

export async function closeSuspicionCase(log: EventLog, caseId: string, input: { note: string; analyst?: string | null }, caller: Caller, context: CommandContext) {
  const actor = await withActor(log, caseId, caller, input.analyst);
  if (E.isLeft(actor)) return actor;
  return onSuspicionCase(log, caseId, caller, context, () => ({ type: 'CloseSuspicionCase', note: input.note, by: actor.right.by, now: context.metadata.occurred_at }));
}
