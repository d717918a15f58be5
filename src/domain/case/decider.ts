import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { CaseEvent, type CaseItem, type CaseItemKind } from './events.js';
import { decideFreeze, evolveFreeze, NO_FREEZE, noFreeze, type CaseFreezeState, type FreezeCommand, type FreezeFacts } from './freeze.js';
import { casePriority, type CasePriority } from './priority.js';

export const caseStream = (customerId: string): string => `case-${customerId}`;

export type CaseStatus = 'open' | 'in_progress' | 'escalated' | 'closed';

export interface OpenItem extends CaseItem {
  added_at: string;
}

export type CaseState =
  | { status: 'none' }
  | {
      status: CaseStatus;
      tenant_id: string;
      customer_id: string;
      subject_ref: string;
      assignee: string | null;
      /** the items still needing an analyst, by `<kind>:<item_id>` */
      items: Record<string, OpenItem>;
      /** every item the case ever had (a resolved one coming back is added again) */
      seen: string[];
      priority: CasePriority;
      /** a confirmed sanctions freeze, its measures and communications (issue 29) */
      freeze: CaseFreezeState;
    };

interface Base {
  now: string;
}
export type CaseCommand =
  | (Base & { type: 'AddCaseItem'; tenant_id: string; customer_id: string; subject_ref: string; item: CaseItem })
  | (Base & { type: 'ResolveCaseItem'; kind: CaseItemKind; item_id: string })
  | (Base & { type: 'AssignCaseTo'; assignee: string | null; by: string })
  | (Base & { type: 'CommentCase'; comment_id: string; text: string; author: string })
  | (Base & { type: 'EscalateCase'; note: string; by: string })
  | (Base & { type: 'CloseCase'; note: string; by: string })
  | (Base & { type: 'RecordCaseFreeze'; tenant_id: string; customer_id: string; subject_ref: string; freeze: FreezeFacts })
  | FreezeCommand;

export const itemKey = (kind: CaseItemKind, itemId: string): string => `${kind}:${itemId}`;

const NOT_FOUND = new DomainError('case_not_found', 'Caso não encontrado.', 'case_id');
const CLOSED = new DomainError('case_closed', 'Este caso está encerrado.', 'case_id');
const noteRequired = (what: string) => new DomainError('invalid_request', `Escreva uma nota para ${what}.`, 'note');

type Opened = Exclude<CaseState, { status: 'none' }>;

function addItem(command: Extract<CaseCommand, { type: 'AddCaseItem' }>, state: CaseState): CaseEvent[] {
  const { customer_id, item, now } = command;
  const added: CaseEvent = { type: 'CaseItemAdded', data: { customer_id, item, added_at: now } };
  if (state.status === 'none') return [{ type: 'CaseOpened', data: { tenant_id: command.tenant_id, customer_id, subject_ref: command.subject_ref, opened_at: now } }, added];
  // at-least-once delivery: the same item already open is nothing new
  if (state.items[itemKey(item.kind, item.item_id)]) return [];
  if (state.status === 'closed') return [{ type: 'CaseReopened', data: { customer_id, reopened_at: now } }, added];
  return [added];
}

/** A confirmed freeze: recorded once per alert, opening the case (or reopening a closed one) as an item does. */
function recordFreeze(command: Extract<CaseCommand, { type: 'RecordCaseFreeze' }>, state: CaseState): CaseEvent[] {
  const { customer_id, now } = command;
  const recorded: CaseEvent = { type: 'CaseFreezeRecorded', data: { customer_id, ...command.freeze, recorded_at: now } };
  if (state.status === 'none') return [{ type: 'CaseOpened', data: { tenant_id: command.tenant_id, customer_id, subject_ref: command.subject_ref, opened_at: now } }, recorded];
  if (state.freeze.freezes[command.freeze.alert_id]) return [];
  if (state.status === 'closed') return [{ type: 'CaseReopened', data: { customer_id, reopened_at: now } }, recorded];
  return [recorded];
}

type CaseWork = Exclude<CaseCommand, { type: 'AddCaseItem' } | { type: 'RecordCaseFreeze' } | FreezeCommand>;

function decideOnCase(command: CaseWork, state: Opened): E.Either<DomainError, CaseEvent[]> {
  const { customer_id, subject_ref } = state;
  switch (command.type) {
    case 'ResolveCaseItem':
      if (!state.items[itemKey(command.kind, command.item_id)]) return E.right([]);
      return E.right([{ type: 'CaseItemResolved', data: { customer_id, kind: command.kind, item_id: command.item_id, resolved_at: command.now } }]);
    case 'AssignCaseTo':
      if (state.status === 'closed') return E.left(CLOSED);
      if (state.assignee === command.assignee) return E.right([]);
      return E.right([{ type: 'CaseAssigneeChanged', data: { customer_id, assignee: command.assignee, by: command.by, changed_at: command.now } }]);
    case 'CommentCase':
      if (command.text.trim() === '') return E.left(new DomainError('invalid_request', 'Escreva o comentário.', 'text'));
      return E.right([{ type: 'CaseCommented', data: { customer_id, subject_ref, comment_id: command.comment_id, text: command.text.trim(), author: command.author, commented_at: command.now } }]);
    case 'EscalateCase':
      if (command.note.trim() === '') return E.left(noteRequired('escalar o caso'));
      if (state.status === 'closed') return E.left(CLOSED);
      if (state.status === 'escalated') return E.left(new DomainError('case_already_escalated', 'Este caso já foi escalado ao oficial de compliance.', 'case_id'));
      return E.right([{ type: 'CaseEscalated', data: { customer_id, subject_ref, note: command.note.trim(), by: command.by, escalated_at: command.now } }]);
    case 'CloseCase': {
      if (command.note.trim() === '') return E.left(noteRequired('encerrar o caso'));
      if (state.status === 'closed') return E.left(CLOSED);
      const open = Object.keys(state.items).length;
      if (open > 0) {
        return E.left(new DomainError('case_has_open_items', `O caso ainda tem ${open === 1 ? '1 item em aberto' : `${open} itens em aberto`}: decida cada um antes de encerrá-lo.`, 'case_id', { open_items: open }));
      }
      return E.right([{ type: 'CaseClosed', data: { customer_id, subject_ref, note: command.note.trim(), by: command.by, closed_at: command.now } }]);
    }
  }
}

/** The status while a case is worked: escalated stays escalated; otherwise in progress when someone has it. */
const workingStatus = (state: Opened, assignee: string | null): CaseStatus => (state.status === 'escalated' ? 'escalated' : assignee ? 'in_progress' : 'open');

function withItems(state: Opened, items: Record<string, OpenItem>): Opened {
  return { ...state, items, priority: casePriority(Object.values(items)) };
}

function evolveOpened(state: Opened, event: CaseEvent): Opened {
  switch (event.type) {
    case 'CaseFreezeRecorded':
    case 'FreezeMeasuresRecorded':
    case 'FreezeCommunicationDrafted':
    case 'FreezeCommunicationSent':
      return { ...state, freeze: evolveFreeze(state.freeze, event) };
    case 'CaseOpened':
      return state;
    case 'CaseReopened':
      return { ...state, status: state.assignee ? 'in_progress' : 'open' };
    case 'CaseItemAdded': {
      const key = itemKey(event.data.item.kind, event.data.item.item_id);
      const next = withItems(state, { ...state.items, [key]: { ...event.data.item, added_at: event.data.added_at } });
      return { ...next, seen: state.seen.includes(key) ? state.seen : [...state.seen, key] };
    }
    case 'CaseItemResolved': {
      const { [itemKey(event.data.kind, event.data.item_id)]: _gone, ...rest } = state.items;
      return withItems(state, rest);
    }
    case 'CaseAssigneeChanged':
      return { ...state, assignee: event.data.assignee, status: workingStatus(state, event.data.assignee) };
    case 'CaseCommented':
      return state;
    case 'CaseEscalated':
      return { ...state, status: 'escalated' };
    case 'CaseClosed':
      return { ...state, status: 'closed' };
  }
}

/**
 * The case of one customer. Items come and go from the reactor (`src/reactors/cases.ts`); the
 * analysts assign, comment, escalate and close. Closing needs a note and no open item left.
 */
export const caseDecider: Decider<CaseCommand, CaseState, CaseEvent> = {
  initialState: { status: 'none' },
  codec: CaseEvent,
  decide(command, state) {
    if (command.type === 'AddCaseItem') return E.right(addItem(command, state));
    if (command.type === 'RecordCaseFreeze') return E.right(recordFreeze(command, state));
    if (state.status === 'none') return command.type === 'ResolveCaseItem' ? E.right([]) : E.left(command.type === 'RecordFreezeMeasures' ? NO_FREEZE : NOT_FOUND);
    switch (command.type) {
      case 'RecordFreezeMeasures':
      case 'DraftFreezeCommunications':
      case 'MarkFreezeCommunicationSent':
        return decideFreeze(command, state.freeze, state);
      default:
        return decideOnCase(command, state);
    }
  },
  evolve(state, event) {
    if (state.status !== 'none') return evolveOpened(state, event);
    if (event.type !== 'CaseOpened') return state;
    const { tenant_id, customer_id, subject_ref } = event.data;
    return { status: 'open', tenant_id, customer_id, subject_ref, assignee: null, items: {}, seen: [], priority: 'baixa', freeze: noFreeze };
  },
};
