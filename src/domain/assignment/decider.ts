import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { AssignmentEvent, type CaseKind } from './events.js';

export const assignmentStream = (kind: CaseKind, caseId: string): string => `assignment-${kind}-${caseId}`;

export interface AssignmentState {
  assignee: string | null;
}

export interface AssignCase {
  type: 'AssignCase';
  tenant_id: string;
  kind: CaseKind;
  case_id: string;
  assignee: string | null;
  now: string;
}

/** Assigning a case to whoever already has it changes nothing. */
export const assignmentDecider: Decider<AssignCase, AssignmentState, AssignmentEvent> = {
  initialState: { assignee: null },
  codec: AssignmentEvent,
  decide(command, state) {
    if (command.assignee === state.assignee) return E.right([]);
    const { tenant_id, kind, case_id, assignee, now } = command;
    return E.right([{ type: 'CaseAssigned', data: { tenant_id, kind, case_id, assignee, assigned_at: now } }]);
  },
  evolve: (_state, event) => ({ assignee: event.data.assignee }),
};
