import * as E from 'fp-ts/lib/Either.js';
import { DomainError } from '../shared/decider.js';
import type { BlockedAttempt, CaseEvent, CaseFreezeRecordedData, FreezeAddressee, FreezeAsset, FreezeCommunicationDraftedData } from './events.js';

/**
 * "Sem demora" is "imediatamente ou dentro de algumas horas" (Lei 13.810/2019, art. 2º, V). The
 * service reads "algumas horas" as at most 24: a freeze that took effect, or whose measures were
 * first recorded, more than 24 hours after the alert was not done at once, and Decreto 9.825/2019,
 * art. 6º, requires the institution to tell the MJSP (DRCI) with its justification.
 */
export const FREEZE_DEADLINE_HOURS = 24;
const HOUR_MS = 3_600_000;

/** The case's part about a confirmed freeze. */
export interface CaseFreezeState {
  /** the freezes recorded, by alert id; `current` is the last */
  freezes: Readonly<Record<string, CaseFreezeRecordedData>>;
  current: string | null;
  /** measures ids recorded for the current freeze */
  measures: readonly string[];
  /** drafts by id: addressee and version */
  drafts: Readonly<Record<string, { addressee: FreezeAddressee; version: number }>>;
}

export const noFreeze: CaseFreezeState = { freezes: {}, current: null, measures: [], drafts: {} };

export type FreezeCommand =
  | { type: 'RecordFreezeMeasures'; measures_id: string; frozen_at: string; assets: FreezeAsset[]; attempts_blocked: BlockedAttempt[]; justification: string | null; by: string; now: string }
  | { type: 'DraftFreezeCommunications'; drafts: Omit<FreezeCommunicationDraftedData, 'customer_id' | 'drafted_at'>[]; now: string }
  | { type: 'MarkFreezeCommunicationSent'; draft_id: string; sent_at: string; protocol: string; by: string; now: string };

export const NO_FREEZE = new DomainError('freeze_not_confirmed', 'Este cliente não tem bloqueio por sanções confirmado por um analista.', 'customer_id');

/** Late: frozen, or told to the service for the first time, more than FREEZE_DEADLINE_HOURS after the alert. */
export function freezeLate(raisedAt: string, frozenAt: string, now: string, first: boolean): boolean {
  const raised = Date.parse(raisedAt);
  const over = (at: string) => Date.parse(at) - raised > FREEZE_DEADLINE_HOURS * HOUR_MS;
  return over(frozenAt) || (first && over(now));
}

const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));

function checkMeasures(command: Extract<FreezeCommand, { type: 'RecordFreezeMeasures' }>, late: boolean): DomainError | null {
  if (!isInstant(command.frozen_at)) return new DomainError('invalid_date', 'frozen_at deve ser uma data e hora ISO 8601 com fuso (ex.: 2026-11-27T12:00:00Z).', 'frozen_at');
  if (Date.parse(command.frozen_at) > Date.parse(command.now)) return new DomainError('invalid_date', 'frozen_at não pode estar no futuro.', 'frozen_at');
  const attempt = command.attempts_blocked.findIndex((a) => !isInstant(a.at));
  if (attempt >= 0) return new DomainError('invalid_date', 'Cada tentativa bloqueada precisa de data e hora ISO 8601 com fuso.', `attempts_blocked[${attempt}].at`);
  const amounts = [...command.assets, ...command.attempts_blocked].some((a) => a.amount !== null && (!Number.isFinite(a.amount) || a.amount < 0));
  if (amounts) return new DomainError('invalid_request', 'Os valores (amount) devem ser números não negativos, em reais.', 'amount');
  if ([...command.assets, ...command.attempts_blocked].some((a) => a.description.trim() === '')) return new DomainError('invalid_request', 'Descreva cada ativo e cada tentativa bloqueada.', 'description');
  if (late && !command.justification?.trim()) {
    return new DomainError(
      'invalid_request',
      `O bloqueio não foi feito sem demora (mais de ${FREEZE_DEADLINE_HOURS} horas após o alerta): informe a justificativa exigida pelo Decreto 9.825/2019, art. 6º.`,
      'justification',
    );
  }
  return null;
}

/** The freeze recorded: once per alert; a case not opened yet is opened, a closed one reopened (case decider). */
export type FreezeFacts = Omit<CaseFreezeRecordedData, 'customer_id' | 'recorded_at'>;

/** The freeze commands on an opened case (the case is opened by RecordCaseFreeze in the decider). */
export function decideFreeze(command: FreezeCommand, state: CaseFreezeState, ids: { customer_id: string; subject_ref: string }): E.Either<DomainError, CaseEvent[]> {
  const freeze = state.current ? state.freezes[state.current] : undefined;
  if (!freeze) return E.left(NO_FREEZE);
  const { customer_id } = ids;
  switch (command.type) {
    case 'RecordFreezeMeasures': {
      if (state.measures.includes(command.measures_id)) return E.right([]);
      const late = freezeLate(freeze.raised_at, command.frozen_at, command.now, state.measures.length === 0);
      const refused = checkMeasures(command, late);
      if (refused) return E.left(refused);
      const { type: _t, now, justification, ...measures } = command;
      return E.right([
        { type: 'FreezeMeasuresRecorded', data: { customer_id, subject_ref: ids.subject_ref, ...measures, alert_id: freeze.alert_id, justification: justification?.trim() || null, late, recorded_at: now } },
      ]);
    }
    case 'DraftFreezeCommunications': {
      const versions: Partial<Record<FreezeAddressee, number>> = {};
      for (const d of Object.values(state.drafts)) versions[d.addressee] = Math.max(versions[d.addressee] ?? 0, d.version);
      // at-least-once: a draft already recorded is not drafted again
      const fresh = command.drafts.filter((d) => !state.drafts[d.draft_id]);
      // the files print their version: one drafted meanwhile makes them wrong, to be drafted again
      if (fresh.some((d) => d.version !== (versions[d.addressee] ?? 0) + 1)) return E.left(new DomainError('concurrent_update', 'Outra versão desta comunicação foi gerada ao mesmo tempo.', 'version'));
      return E.right(fresh.map((d): CaseEvent => ({ type: 'FreezeCommunicationDrafted', data: { customer_id, ...d, drafted_at: command.now } })));
    }
    case 'MarkFreezeCommunicationSent': {
      const draft = state.drafts[command.draft_id];
      if (!draft) return E.left(new DomainError('not_found', 'Rascunho de comunicação não encontrado.', 'draft_id'));
      if (command.protocol.trim() === '') return E.left(new DomainError('invalid_request', 'Informe o número do protocolo (ex.: o do Siscoaf).', 'protocol'));
      if (!isInstant(command.sent_at)) return E.left(new DomainError('invalid_date', 'sent_at deve ser uma data e hora ISO 8601 com fuso.', 'sent_at'));
      if (Date.parse(command.sent_at) > Date.parse(command.now)) return E.left(new DomainError('invalid_date', 'A data de envio não pode estar no futuro.', 'sent_at'));
      const { addressee, version } = draft;
      return E.right([
        { type: 'FreezeCommunicationSent', data: { customer_id, draft_id: command.draft_id, addressee, version, sent_at: command.sent_at, protocol: command.protocol.trim(), by: command.by, recorded_at: command.now } },
      ]);
    }
  }
}

/** The freeze part of the case's state after one of its events. */
export function evolveFreeze(state: CaseFreezeState, event: CaseEvent): CaseFreezeState {
  switch (event.type) {
    case 'CaseFreezeRecorded':
      return { ...state, freezes: { ...state.freezes, [event.data.alert_id]: event.data }, current: event.data.alert_id, measures: [] };
    case 'FreezeMeasuresRecorded':
      return { ...state, measures: [...state.measures, event.data.measures_id] };
    case 'FreezeCommunicationDrafted':
      return { ...state, drafts: { ...state.drafts, [event.data.draft_id]: { addressee: event.data.addressee, version: event.data.version } } };
    default:
      return state;
  }
}
