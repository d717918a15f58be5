import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { endOfBrasiliaDay, nthBusinessDayOfYear } from '../calendar/business-days.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { CnoEvent, type CnoReceipt, type CnoSentRecorded, type CnoTaskOpened } from './events.js';

export { cnoStream } from './events.js';

/** Art. 54: "até dez dias úteis após o encerramento do referido ano". */
export const CNO_BUSINESS_DAYS = 10;

type Task = t.TypeOf<typeof CnoTaskOpened>['data'];
type Sent = t.TypeOf<typeof CnoSentRecorded>['data'];

export type CnoState = { status: 'none' } | { status: 'open'; task: Task } | { status: 'sent'; task: Task; sent: Sent };

export type CnoCommand =
  | {
      type: 'OpenCnoTask';
      tenant_id: string;
      cnpj: string;
      entity_name: string;
      year: number;
      /** the communications of the CNPJ sent in the year, as known when the task opens */
      receipts: readonly CnoReceipt[];
      /** the tenant's holiday dates (all years) */
      holidays: readonly string[];
      now: string;
    }
  | { type: 'RecordCnoSent'; protocol: string; sent_at: string; by: string; note: string | null; now: string };

/** The CNO's deadline for `year`: the end of the 10th business day of the next January, in Brasília. */
export const cnoDueAt = (year: number, holidays: readonly string[]): string => endOfBrasiliaDay(nthBusinessDayOfYear(year + 1, CNO_BUSINESS_DAYS, holidays));

function openTask(command: Extract<CnoCommand, { type: 'OpenCnoTask' }>): CnoEvent {
  const { tenant_id, cnpj, entity_name, year, receipts, holidays, now } = command;
  const required = receipts.length === 0;
  return {
    type: 'CnoTaskOpened',
    data: { tenant_id, cnpj, entity_name, year, requirement: required ? 'required' : 'not_required', due_at: required ? cnoDueAt(year, holidays) : null, receipts: [...receipts], opened_at: now },
  };
}

function recordSent(command: Extract<CnoCommand, { type: 'RecordCnoSent' }>, state: CnoState): E.Either<DomainError, CnoEvent[]> {
  if (state.status === 'none') return E.left(new DomainError('not_found', 'No annual negative communication task for this CNPJ and year.', 'year'));
  if (state.task.requirement === 'not_required') {
    return E.left(new DomainError('cno_not_required', 'Communications were sent to COAF in this year: the annual negative communication is not required.', 'year'));
  }
  const protocol = command.protocol.trim();
  if (protocol === '') return E.left(new DomainError('invalid_request', 'protocol is required: the protocol Siscoaf gave for the declaration.', 'protocol'));
  if (Number.isNaN(Date.parse(command.sent_at))) return E.left(new DomainError('invalid_date', 'sent_at must be an ISO 8601 instant.', 'sent_at'));
  if (command.sent_at > command.now) return E.left(new DomainError('invalid_date', 'sent_at cannot be in the future.', 'sent_at'));
  if (state.status === 'sent') {
    if (state.sent.protocol === protocol) return E.right([]);
    return E.left(new DomainError('cno_already_recorded', `The declaration was already recorded with protocol ${state.sent.protocol}.`, 'protocol'));
  }
  return E.right([{ type: 'CnoSentRecorded', data: { protocol, sent_at: new Date(command.sent_at).toISOString(), by: command.by, note: command.note, recorded_at: command.now } }]);
}

/**
 * One reporting CNPJ's CNO for one year. Opening is decided once, from the communications known
 * on 1 January: a task already open decides nothing, so a later run (or instance) changes nothing
 * and a communication recorded afterwards does not reopen a past year. Recording the Siscoaf
 * protocol: once, for a required task, not in the future; the same protocol again changes nothing.
 */
export const cnoDecider: Decider<CnoCommand, CnoState, CnoEvent> = {
  initialState: { status: 'none' },
  codec: CnoEvent,

  decide(command, state) {
    switch (command.type) {
      case 'OpenCnoTask':
        return E.right(state.status === 'none' ? [openTask(command)] : []);
      case 'RecordCnoSent':
        return recordSent(command, state);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CnoTaskOpened':
        return { status: 'open', task: event.data };
      case 'CnoSentRecorded':
        return state.status === 'none' ? state : { status: 'sent', task: state.task, sent: event.data };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
};
