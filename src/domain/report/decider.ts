import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { ReportEvent, type ReportGeneratedData, type ReportMode } from './events.js';

export const reportStream = (runId: string, mode: ReportMode): string => `report-${runId}-${mode}`;

export type ReportState = { status: 'none' } | { status: 'generated'; report: ReportGeneratedData };

export type ReportCommand = { type: 'RecordReport'; report: ReportGeneratedData };

/** One report per run and mode: the first one recorded stands; a later one changes nothing. */
export const reportDecider: Decider<ReportCommand, ReportState, ReportEvent> = {
  initialState: { status: 'none' },
  codec: ReportEvent,
  decide(command, state) {
    switch (command.type) {
      case 'RecordReport':
        return state.status === 'generated' ? E.right([]) : E.right([{ type: 'ReportGenerated', data: command.report }]);
      default: {
        const _exhaustive: never = command.type;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    return event.type === 'ReportGenerated' && state.status === 'none' ? { status: 'generated', report: event.data } : state;
  },
};
