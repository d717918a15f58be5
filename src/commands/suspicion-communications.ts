import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import { brasiliaDate, endOfNthBusinessDayAfter } from '../domain/calendar/business-days.js';
import type { ReportingEntity } from '../domain/compliance/settings.js';
import { reservationDecider } from '../domain/reservation/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { ERASED } from '../domain/shared/personal.js';
import { buildCancelamento, buildLote, buildRetificacao, encodeLatin1, SiscoafBuildError } from '../domain/siscoaf/build.js';
import { cc4001Item, OTHER_REASON } from '../domain/siscoaf/cc4001.js';
import { parseReceipt, parseValidationResponse, SiscoafParseError } from '../domain/siscoaf/parse.js';
import type { Cancellation, Involved, Occurrence, Rectification, SiscoafIssue } from '../domain/siscoaf/types.js';
import { validateCancellation, validateOccurrence, validateRectification } from '../domain/siscoaf/validate.js';
import { loteCommunicationId, suspicionDecider, suspicionStream, type CommunicationState, type OpenedCase } from '../domain/suspicion/decider.js';
import type { CommunicationContent, OperationParty, SuspicionEvent, SuspicionEventOf } from '../domain/suspicion/events.js';
import { siscoafWorkDecider, siscoafWorkStream } from '../domain/suspicion/siscoaf-work.js';
import { mayActOn, type Caller } from './caller.js';
import { loadComplianceSettings, loadHolidays, type ComplianceSettings } from './compliance-settings.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';
import { actingAnalyst, actorOf, onSuspicionCase, openedOf, suspicionHistory, visibleSuspicionCase } from './suspicion.js';

export interface CommunicationDeps {
  log: EventLog;
  blobStore: BlobStore;
}

/** What an analyst may change in the occurrence before export; the rest comes from the case and the settings. */
export interface CommunicationEdit {
  reporting_cnpj?: string | undefined;
  det?: string | undefined;
  cod_enq?: string[] | undefined;
  vl_cred?: string | undefined;
  vl_deb?: string | undefined;
  vl_prov?: string | undefined;
  vl_prop?: string | undefined;
  analyst?: string | null | undefined;
}

/** `KYC-<yyyy>-<12 upper hex of the case id>`: ≤ 80 characters, no spaces (M18 C01). */
export const numOcorrencia = (caseId: string, openedAt: string): string => `KYC-${brasiliaDate(openedAt).slice(0, 4)}-${caseId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** NumOcorrencia is unique forever per reporting CNPJ (errors 503/504): one reservation stream per pair. */
export const numOcorrenciaStream = (cnpj: string, num: string): string => `siscoafnum-${cnpj}-${num}`;

const dmy = (date: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : '');
const todayDmy = (now: string): string => dmy(brasiliaDate(now));
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
const text = (value: unknown): string => (typeof value === 'string' && value !== ERASED ? value : '');

type Decided = SuspicionEventOf<'SuspicionCaseDecided'>['data'];
type Prepared = SuspicionEventOf<'SuspicionCommunicationPrepared'>['data'];

function involved(party: OperationParty, entity: ReportingEntity): Involved {
  const digits = (party.document ?? '').replace(/\D/g, '');
  return {
    CPFCNPJEnv: digits === '' ? party.person_type : digits.padStart(party.person_type === 'PF' ? 11 : 14, '0'),
    NmEnv: party.name,
    TpEnv: party.tp_env ?? '',
    AgNumEnv: party.branch ?? '',
    AgNomeEnv: party.branch ? (party.branch === entity.ag_num ? entity.ag_nome : '') : '',
    NumConta: party.account ?? '',
    DtAbConta: party.account_opened_on ? dmy(party.account_opened_on) : '',
    DtAtuaCad: '',
    PObrigada: party.obliged_person ? '1' : '0',
    PEP: party.pep ? '1' : '0',
    ServPub: String(party.public_servant),
  };
}

/** Det prefilled: the description, each reason with its Carta Circular 4.001 text, and the decision's rationale. */
export function prefilledDet(description: string, reasonCodes: readonly string[], otherReason: string, rationale: string): string {
  const reasons = reasonCodes.map((code) => (code === OTHER_REASON ? `- Outra situação: ${otherReason}` : `- ${code}: ${cc4001Item(code)?.text ?? ''}`));
  return [description, reasons.length ? `Enquadramento (Carta Circular BCB 4.001/2020):\n${reasons.join('\n')}` : '', rationale ? `Fundamentação: ${rationale}` : '']
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}

const entityFor = (settings: ComplianceSettings, cnpj: string | undefined): ReportingEntity | undefined =>
  cnpj ? settings.reporting_entities.find((e) => e.cnpj === cnpj) : (settings.reporting_entities.find((e) => e.default) ?? settings.reporting_entities[0]);

/** The occurrence built from the case, the reporting entity and the CC4001→CodEnq mapping, with the analyst's edits. */
function buildOccurrence(events: readonly SuspicionEvent[], state: OpenedCase, entity: ReportingEntity, settings: ComplianceSettings, edit: CommunicationEdit): Occurrence {
  const opened = openedOf(events)!;
  const decided = [...events].reverse().find((e) => e.type === 'SuspicionCaseDecided')?.data as Decided | undefined;
  const operation = typeof opened.operation === 'object' ? opened.operation : null;
  const reasons = decided?.reason_codes ?? opened.reason_codes;
  const mapped = [...new Set(reasons.map((code) => settings.cc4001_cod_enq[code]).filter((c): c is string => typeof c === 'string' && c !== ''))];
  const date = dmy(operation?.date ?? brasiliaDate(opened.occurred_at));
  return {
    NumOcorrencia: numOcorrencia(state.case_id, opened.opened_at),
    CPFCNPJCom: entity.cnpj,
    DtInicio: date,
    DtFim: date,
    AgNum: entity.ag_num,
    AgNome: entity.ag_nome,
    AgMun: entity.ag_mun,
    AgUF: entity.ag_uf,
    Det: edit.det ?? prefilledDet(text(opened.description), reasons, text(decided?.other_reason ?? opened.other_reason), text(decided?.rationale)),
    VlCred: edit.vl_cred ?? String(operation?.value ?? 0),
    VlDeb: edit.vl_deb ?? '0',
    VlProv: edit.vl_prov ?? '0',
    VlProp: edit.vl_prop ?? '0',
    CodEnq: edit.cod_enq ?? mapped,
    ENVOLVIDOS: (operation?.parties ?? []).map((p) => involved(p, entity)),
  };
}

const validationContext = (settings: ComplianceSettings, now: string) => ({ today: brasiliaDate(now), tpEnv: settings.tp_env.map((e) => e.code), codEnq: settings.cod_enq.map((e) => e.code) });

/** The manual's rules a communication breaks (empty: it may be exported). */
export function communicationIssues(content: CommunicationContent, kind: Prepared['kind'], settings: ComplianceSettings, now: string): SiscoafIssue[] {
  if (kind === 'cancelamento') return validateCancellation(content as Cancellation);
  if (kind === 'retificacao') return validateRectification(content as Rectification, validationContext(settings, now));
  return validateOccurrence(content as Occurrence, validationContext(settings, now));
}

/** Claims the NumOcorrencia for the case under the reporting CNPJ (another case holding it: 409). */
async function claimNumber(log: EventLog, cnpj: string, num: string, caseId: string, context: CommandContext): Promise<DomainError | null> {
  const now = context.metadata.occurred_at;
  const claimed = await handleCommand(log, numOcorrenciaStream(cnpj, num), reservationDecider, { type: 'Reserve', owner_id: caseId, now }, { ...context, commandId: `${context.commandId}:numocorrencia` });
  return E.isLeft(claimed) ? new DomainError('invalid_communication_status', `O NumOcorrencia ${num} já foi usado por outra comunicação deste CNPJ.`, 'communication', { num_ocorrencia: num }) : null;
}

/** The last prepared content of each communication of the case. */
export function preparedContents(events: readonly SuspicionEvent[]): Record<string, Prepared> {
  const out: Record<string, Prepared> = {};
  for (const e of events) if (e.type === 'SuspicionCommunicationPrepared') out[e.data.communication_id] = e.data;
  return out;
}

/**
 * Prepares (or edits, before it is sent) the case's batch: the occurrence from the case, the
 * default reporting entity (or the one named) and the CC4001→CodEnq table; the NumOcorrencia is
 * claimed for good. Recorded even when the manual's rules find problems: the answer lists them,
 * and the export refuses until they are fixed.
 */
export async function prepareCommunication(deps: CommunicationDeps, caseId: string, edit: CommunicationEdit, caller: Caller, context: CommandContext) {
  const found = await visibleSuspicionCase(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  const state = found.right;
  const settings = await loadComplianceSettings(deps.log, state.tenant_id);
  const entity = entityFor(settings, edit.reporting_cnpj);
  if (!entity) return E.left(new DomainError('invalid_request', edit.reporting_cnpj ? `CNPJ comunicante ${edit.reporting_cnpj} não está entre as entidades das configurações de compliance.` : 'Cadastre a entidade comunicante (CNPJ, agência) nas configurações de compliance antes de preparar a comunicação.', 'reporting_cnpj'));
  const who = await actingAnalyst(deps.log, state.tenant_id, caller, edit.analyst);
  if (E.isLeft(who)) return who;
  const occurrence = buildOccurrence(await suspicionHistory(deps.log, caseId), state, entity, settings, edit);
  if (state.decision === 'comunicar' && state.status !== 'closed') {
    const refused = await claimNumber(deps.log, entity.cnpj, occurrence.NumOcorrencia, caseId, context);
    if (refused) return E.left(refused);
  }
  const now = context.metadata.occurred_at;
  const result = await onSuspicionCase(deps.log, caseId, caller, context, () => ({
    type: 'PrepareCommunication',
    communication_id: loteCommunicationId(caseId),
    kind: 'lote',
    num_ocorrencia: occurrence.NumOcorrencia,
    reporting_cnpj: entity.cnpj,
    occurrence,
    justification: null,
    by: actorOf(caller, who.right),
    now,
  }));
  return E.map((r: { position: number | null }) => ({ position: r.position, communication_id: loteCommunicationId(caseId), occurrence, issues: communicationIssues(occurrence, 'lote', settings, now) }))(result);
}

export interface AmendmentInput {
  justification?: string | null | undefined;
  /** the cancellation's MOTIVO */
  reason?: string | undefined;
  edit?: CommunicationEdit | undefined;
  analyst?: string | null | undefined;
}

/**
 * A rectification (the whole communication again with its NumeroCOAF) or a cancellation of the
 * sent batch: only once its receipt is matched; past the 5th business day after sending, justified.
 */
export async function amendCommunication(deps: CommunicationDeps, caseId: string, kind: 'retificacao' | 'cancelamento', input: AmendmentInput, caller: Caller, context: CommandContext) {
  const found = await visibleSuspicionCase(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  const state = found.right;
  const who = await actingAnalyst(deps.log, state.tenant_id, caller, input.analyst);
  if (E.isLeft(who)) return who;
  const primary = state.primary ? state.communications[state.primary] : undefined;
  const events = await suspicionHistory(deps.log, caseId);
  const before = state.primary ? preparedContents(events)[state.primary] : undefined;
  if (kind === 'cancelamento' && (input.reason ?? '').trim() === '') return E.left(new DomainError('invalid_request', 'Informe o motivo do cancelamento.', 'reason'));
  const settings = await loadComplianceSettings(deps.log, state.tenant_id);
  const entity = entityFor(settings, primary?.reporting_cnpj);
  const communicationId = deterministicId(`suspicion-amendment:${context.commandId}`);
  const content = (): CommunicationContent => {
    if (kind === 'cancelamento') return { NUMEROORIGEM: primary!.num_ocorrencia, NUMEROCOAF: primary!.numero_coaf ?? '', AUTENTICACAO: primary!.autenticacao ?? '', MOTIVO: input.reason!.trim() };
    const base = entity && before && typeof before.occurrence === 'object' ? { ...(before.occurrence as Occurrence), ...editOf(buildOccurrence(events, state, entity, settings, input.edit ?? {}), input.edit ?? {}) } : ({} as Occurrence);
    return { ...base, NumeroCOAF: primary?.numero_coaf ?? '' };
  };
  const result = await onSuspicionCase(deps.log, caseId, caller, context, () => ({
    type: 'PrepareCommunication',
    communication_id: communicationId,
    kind,
    num_ocorrencia: primary?.num_ocorrencia ?? '',
    reporting_cnpj: primary?.reporting_cnpj ?? '',
    occurrence: primary && primary.numero_coaf ? content() : ({} as CommunicationContent),
    justification: input.justification ?? null,
    by: actorOf(caller, who.right),
    now: context.metadata.occurred_at,
  }));
  return E.map((r: { position: number | null }) => ({ position: r.position, communication_id: communicationId }))(result);
}

/** The fields an edit names, taken from the rebuilt occurrence (the rest stays as sent). */
function editOf(rebuilt: Occurrence, edit: CommunicationEdit): Partial<Occurrence> {
  const out: Partial<Occurrence> = {};
  if (edit.det !== undefined) out.Det = rebuilt.Det;
  if (edit.cod_enq !== undefined) out.CodEnq = rebuilt.CodEnq;
  if (edit.vl_cred !== undefined) out.VlCred = rebuilt.VlCred;
  if (edit.vl_deb !== undefined) out.VlDeb = rebuilt.VlDeb;
  if (edit.vl_prov !== undefined) out.VlProv = rebuilt.VlProv;
  if (edit.vl_prop !== undefined) out.VlProp = rebuilt.VlProp;
  return out;
}

function xmlOf(prepared: Prepared, date: string): string {
  if (prepared.kind === 'cancelamento') return buildCancelamento([prepared.occurrence as Cancellation], date);
  if (prepared.kind === 'retificacao') return buildRetificacao([prepared.occurrence as Rectification], date);
  return buildLote([prepared.occurrence as Occurrence], date);
}

/** The communication a file operation is about: the one named, else the latest not yet sent, else the batch. */
function targetOf(state: OpenedCase, communicationId: string | undefined): CommunicationState | undefined {
  if (communicationId) return state.communications[communicationId];
  const all = Object.values(state.communications);
  return all.reverse().find((c) => c.prepared_at !== null && ['pending', 'xml_generated', 'rejected'].includes(c.status)) ?? (state.primary ? state.communications[state.primary] : undefined);
}

export const siscoafBlobKey = (tenantId: string, caseId: string, communicationId: string, sha: string) => `siscoaf/${tenantId}/${caseId}/${communicationId.replace(/[^A-Za-z0-9_-]/g, '_')}-${sha}.xml`;

/**
 * The Siscoaf file of a communication (ISO-8859-1): prepared from the case first when it never was;
 * refused with the manual's problems (409 communication_invalid) until they are fixed. Each new
 * file is stored as a blob and its hash recorded; once sent, the file sent is answered again.
 */
export async function exportCommunication(deps: CommunicationDeps, caseId: string, input: { communication_id?: string | undefined }, caller: Caller, context: CommandContext) {
  let found = await visibleSuspicionCase(deps.log, caseId, caller);
  if (E.isLeft(found)) return found;
  if (found.right.decision !== 'comunicar') return E.left(new DomainError('invalid_case_status', 'Só um caso decidido por comunicar tem arquivo do Siscoaf.', 'case_id'));
  const primary = found.right.primary ? found.right.communications[found.right.primary] : undefined;
  if (primary && primary.prepared_at === null && input.communication_id === undefined) {
    const prepared = await prepareCommunication(deps, caseId, {}, caller, { ...context, commandId: `${context.commandId}:prepare` });
    if (E.isLeft(prepared)) return prepared;
    found = await visibleSuspicionCase(deps.log, caseId, caller);
    if (E.isLeft(found)) return found;
  }
  const state = found.right;
  const target = targetOf(state, input.communication_id);
  if (!target || target.prepared_at === null) return E.left(new DomainError('communication_not_found', 'Comunicação não encontrada neste caso.', 'communication_id'));
  if (!['pending', 'xml_generated', 'rejected'].includes(target.status) && target.file_sha256) return storedFile(deps, state, target);
  const prepared = preparedContents(await suspicionHistory(deps.log, caseId))[target.communication_id]!;
  if (typeof prepared.occurrence !== 'object') return E.left(new DomainError('invalid_communication_status', 'O conteúdo desta comunicação foi apagado (LGPD).', 'communication_id'));
  const now = context.metadata.occurred_at;
  const settings = await loadComplianceSettings(deps.log, state.tenant_id);
  const issues = communicationIssues(prepared.occurrence, prepared.kind, settings, now);
  if (issues.length > 0) return E.left(new DomainError('communication_invalid', `A comunicação não passa nas regras do manual do Siscoaf (${issues.length} ${issues.length === 1 ? 'problema' : 'problemas'}): corrija antes de gerar o arquivo.`, 'communication', { issues }));
  let xml: Buffer;
  try {
    xml = encodeLatin1(xmlOf(prepared, todayDmy(now)));
  } catch (error) {
    if (error instanceof SiscoafBuildError) return E.left(new DomainError('communication_invalid', error.message, 'communication', { issues: [] }));
    throw error;
  }
  const sha = sha256(xml);
  const blobKey = siscoafBlobKey(state.tenant_id, caseId, target.communication_id, sha);
  if (target.file_sha256 !== sha) await deps.blobStore.put(blobKey, xml, 'application/xml; charset=ISO-8859-1');
  const by = actorOf(caller);
  const written = await onSuspicionCase(deps.log, caseId, caller, context, () => ({ type: 'ExportCommunication', communication_id: target.communication_id, batch_id: deterministicId(`siscoaf-batch:${sha}`), blob_key: blobKey, file_sha256: sha, by, now }));
  return E.map((r: { position: number | null }) => ({ position: r.position, xml, file_name: `siscoaf-${prepared.num_ocorrencia}-${prepared.kind}.xml`, sha256: sha }))(written);
}

async function storedFile(deps: CommunicationDeps, state: OpenedCase, target: CommunicationState) {
  const blob = await deps.blobStore.get(siscoafBlobKey(state.tenant_id, state.case_id, target.communication_id, target.file_sha256!));
  if (!blob) return E.left(new DomainError('storage_failed', 'O arquivo enviado não foi encontrado no armazenamento.'));
  return E.right({ position: null, xml: blob.data, file_name: `siscoaf-${target.num_ocorrencia}-${target.kind}.xml`, sha256: target.file_sha256! });
}

/** The file was uploaded to Siscoaf (`sent_at`, default now): the amendment clock runs to the 5th business day after it. */
export async function markCommunicationSent(log: EventLog, caseId: string, input: { communication_id?: string | undefined; sent_at?: string | undefined; analyst?: string | null | undefined }, caller: Caller, context: CommandContext) {
  const found = await visibleSuspicionCase(log, caseId, caller);
  if (E.isLeft(found)) return found;
  const now = context.metadata.occurred_at;
  const sentAt = input.sent_at === undefined ? now : new Date(input.sent_at).toISOString();
  if (input.sent_at !== undefined && (Number.isNaN(Date.parse(input.sent_at)) || sentAt > now)) return E.left(new DomainError('invalid_request', 'sent_at deve ser um instante ISO 8601 que não esteja no futuro.', 'sent_at'));
  const who = await actingAnalyst(log, found.right.tenant_id, caller, input.analyst);
  if (E.isLeft(who)) return who;
  const target = input.communication_id ? found.right.communications[input.communication_id] : Object.values(found.right.communications).reverse().find((c) => c.status === 'xml_generated') ?? targetOf(found.right, undefined);
  const holidays = await loadHolidays(log, found.right.tenant_id);
  return onSuspicionCase(log, caseId, caller, context, () => ({
    type: 'MarkCommunicationSent',
    communication_id: target?.communication_id ?? input.communication_id ?? '',
    sent_at: sentAt,
    amendment_justification_after: endOfNthBusinessDayAfter(sentAt, 5, holidays),
    by: actorOf(caller, who.right),
    now,
  }));
}

const parseFailure = (error: unknown): DomainError => {
  if (error instanceof SiscoafParseError) return new DomainError('invalid_siscoaf_file', error.message, 'file');
  throw error;
};

/**
 * The validation answer Siscoaf gave for a file (RESPOSTA, STATUS 1 accepted, 2 rejected):
 * matched by NumOcorrencia to the case's sent communications; a rejection is work to redo.
 */
export async function recordSiscoafResponse(log: EventLog, caseId: string, file: Buffer, caller: Caller, context: CommandContext) {
  const found = await visibleSuspicionCase(log, caseId, caller);
  if (E.isLeft(found)) return found;
  let parsed: ReturnType<typeof parseValidationResponse>;
  try {
    parsed = parseValidationResponse(file);
  } catch (error) {
    return E.left(parseFailure(error));
  }
  const sent = Object.values(found.right.communications).filter((c) => c.sent_at !== null);
  const origins = new Set(parsed.messages.map((m) => m.origin));
  const target = sent.reverse().find((c) => origins.size === 0 || origins.has(c.num_ocorrencia));
  if (!target) return E.left(new DomainError('receipt_unmatched', 'A resposta do Siscoaf não corresponde a nenhuma comunicação enviada deste caso.', 'file'));
  const errors = parsed.messages.filter((m) => origins.size === 0 || m.origin === target.num_ocorrencia).map((m) => ({ code: m.error, description: m.description }));
  return onSuspicionCase(log, caseId, caller, context, () => ({ type: 'RecordSiscoafResponse', communication_id: target.communication_id, status: parsed.status, errors, file_sha256: sha256(file), by: actorOf(caller), now: context.metadata.occurred_at }));
}

export interface ReceiptOutcome {
  matched: { numero_origem: string; case_id: string; communication_id: string; numero_coaf: string }[];
  unmatched: { numero_origem: string; numero_coaf: string; autenticacao: string; valor: string; status: string }[];
  position: number | null;
}

/** Which case holds a NumOcorrencia under one of the tenant's reporting CNPJs (its reservation stream names it). */
async function caseOfNumber(log: EventLog, cnpjs: readonly string[], num: string): Promise<string | null> {
  for (const cnpj of cnpjs) {
    const { state } = await loadState(log, numOcorrenciaStream(cnpj, num), reservationDecider);
    if (state.owner) return state.owner;
  }
  return null;
}

/**
 * A LOTERECIBO answer of the tenant: each NUMEROORIGEM matched to its case's communication (the
 * NumeroCOAF and authentication recorded); a file matching none is refused (400 receipt_unmatched);
 * the items of a partly matched file no communication claims are kept as work on `siscoaf-<tenant_id>`.
 */
export async function recordSiscoafReceipts(log: EventLog, tenantId: string, file: Buffer, caller: Caller, context: CommandContext): Promise<E.Either<DomainError, ReceiptOutcome>> {
  if (!mayActOn(caller, tenantId)) return E.left(new DomainError('tenant_not_found', 'Empresa não encontrada.', 'tenant_id'));
  let items: ReturnType<typeof parseReceipt>['items'];
  try {
    items = parseReceipt(file).items;
  } catch (error) {
    return E.left(parseFailure(error));
  }
  const cnpjs = (await loadComplianceSettings(log, tenantId)).reporting_entities.map((e) => e.cnpj);
  const plan: { item: (typeof items)[number]; state: OpenedCase; communication: CommunicationState }[] = [];
  const unmatched: ReceiptOutcome['unmatched'] = [];
  for (const item of items) {
    const caseId = await caseOfNumber(log, cnpjs, item.numeroOrigem);
    const state = caseId ? (await loadState(log, suspicionStream(caseId), suspicionDecider)).state : null;
    const communication = state && state.status !== 'none' && state.tenant_id === tenantId ? Object.values(state.communications).reverse().find((c) => c.num_ocorrencia === item.numeroOrigem && c.sent_at !== null) : undefined;
    if (state && state.status !== 'none' && communication) plan.push({ item, state, communication });
    else unmatched.push({ numero_origem: item.numeroOrigem, numero_coaf: item.numeroCoaf, autenticacao: item.autenticacao, valor: item.valor, status: item.status });
  }
  if (plan.length === 0) return E.left(new DomainError('receipt_unmatched', 'O recibo do Siscoaf não corresponde a nenhuma comunicação enviada desta empresa (confira o NUMEROORIGEM de cada item).', 'file', { unmatched }));
  return applyReceipt(log, tenantId, file, plan, unmatched, caller, context);
}

async function applyReceipt(
  log: EventLog,
  tenantId: string,
  file: Buffer,
  plan: { item: ReturnType<typeof parseReceipt>['items'][number]; state: OpenedCase; communication: CommunicationState }[],
  unmatched: ReceiptOutcome['unmatched'],
  caller: Caller,
  context: CommandContext,
): Promise<E.Either<DomainError, ReceiptOutcome>> {
  const receiptSha = sha256(file);
  const now = context.metadata.occurred_at;
  let position: number | null = null;
  const matched: ReceiptOutcome['matched'] = [];
  for (const [i, { item, state, communication }] of plan.entries()) {
    const { numeroCoaf, autenticacao, valor, status } = item;
    const command = { type: 'MatchSiscoafReceipt' as const, communication_id: communication.communication_id, numero_coaf: numeroCoaf, autenticacao, valor, status, receipt_sha256: receiptSha, now };
    const result = await handleCommand(log, suspicionStream(state.case_id), suspicionDecider, command, forTenant({ ...context, commandId: `${context.commandId}:${i}` }, tenantId));
    if (E.isLeft(result)) return result;
    position = result.right.position ?? position;
    matched.push({ numero_origem: item.numeroOrigem, case_id: state.case_id, communication_id: communication.communication_id, numero_coaf: numeroCoaf });
  }
  if (unmatched.length > 0) {
    const command = { type: 'RecordUnmatchedReceiptItems' as const, tenant_id: tenantId, receipt_sha256: receiptSha, items: unmatched, by: actorOf(caller), now };
    const kept = await handleCommand(log, siscoafWorkStream(tenantId), siscoafWorkDecider, command, forTenant({ ...context, commandId: `${context.commandId}:unmatched` }, tenantId));
    if (E.isLeft(kept)) return kept;
    position = kept.right.position ?? position;
  }
  return E.right({ matched, unmatched, position });
}

/** The tenant's Siscoaf work that belongs to no case: receipt items no communication claimed. */
export async function unmatchedReceiptItems(log: EventLog, tenantId: string) {
  const { state } = await loadState(log, siscoafWorkStream(tenantId), siscoafWorkDecider);
  return Object.entries(state.receipts).flatMap(([sha, r]) => r.items.map((item) => ({ ...item, receipt_sha256: sha, recorded_at: r.recorded_at })));
}
