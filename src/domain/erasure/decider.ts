import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { Decider } from '../shared/decider.js';
import { ErasureEvent, type ErasureLegalHold, type ErasureRequested } from './events.js';

export { erasureStream } from './events.js';

type Request = t.TypeOf<typeof ErasureRequested>['data'];

/**
 * `requested` until the stream's last event records the erasure. The first request sets the
 * retention rule a reschedule follows; the last one is what an erasure carries out.
 */
export type ErasureState =
  | { status: 'none' }
  | {
      status: 'requested' | 'erased';
      first: Request;
      last: Request;
      /** every request recorded, by id: the same request twice is recorded once */
      request_ids: readonly string[];
      /** the last activities a reschedule was recorded for */
      rescheduled_for: readonly string[];
      /** when the erasure is due now, after any reschedule */
      due_at: string;
      /** the legal hold the last request or reschedule recorded, if any */
      legal_hold: ErasureLegalHold | null;
    };

export type ErasureCommand =
  | { type: 'RequestErasure'; erasure_id: string; tenant_id: string; subject_refs: readonly string[]; legal_basis: string | null; due_at: string; now: string; legal_hold?: ErasureLegalHold | null }
  | { type: 'RescheduleErasure'; last_activity: string; due_at: string; now: string; legal_hold?: ErasureLegalHold | null }
  | { type: 'RecordErasure'; customer_ids: readonly string[]; run_ids: readonly string[]; now: string };

/**
 * A data subject's erasure. A request is always recorded (a later one for the same subject
 * replaces the schedule) but the same request twice once; a reschedule applies only without a
 * legal basis and to a later due date; the erasure is recorded once per request.
 */
export const erasureDecider: Decider<ErasureCommand, ErasureState, ErasureEvent> = {
  initialState: { status: 'none' },
  codec: ErasureEvent,

  decide(command, state) {
    switch (command.type) {
      case 'RequestErasure': {
        if (state.status !== 'none' && state.request_ids.includes(command.erasure_id)) return E.right([]);
        const { erasure_id, tenant_id, subject_refs, legal_basis, due_at, now, legal_hold } = command;
        const data = { erasure_id, tenant_id, subject_refs: [...subject_refs], legal_basis, requested_at: now, due_at };
        return E.right([{ type: 'ErasureRequested', data: legal_hold ? { ...data, legal_hold } : data }]);
      }
      case 'RescheduleErasure': {
        if (state.status === 'none' || command.due_at <= command.now) return E.right([]);
        // a legal hold moves the erasure whatever the request's basis, and only later
        const held = command.legal_hold ?? null;
        if (held ? command.due_at <= state.due_at : state.first.legal_basis || state.rescheduled_for.includes(command.last_activity)) return E.right([]);
        const data = { erasure_id: state.first.erasure_id, last_activity: command.last_activity, due_at: command.due_at, rescheduled_at: command.now };
        return E.right([{ type: 'ErasureRescheduled', data: held ? { ...data, legal_hold: held } : data }]);
      }
      case 'RecordErasure': {
        if (state.status !== 'requested') return E.right([]);
        const { erasure_id, tenant_id, subject_refs } = state.last;
        return E.right([
          { type: 'SubjectErased', data: { erasure_id, tenant_id, subject_refs, customer_ids: [...command.customer_ids], run_ids: [...command.run_ids], erased_at: command.now } },
        ]);
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ErasureRequested':
        return state.status === 'none'
          ? { status: 'requested', first: event.data, last: event.data, request_ids: [event.data.erasure_id], rescheduled_for: [], due_at: event.data.due_at, legal_hold: event.data.legal_hold ?? null }
          : { ...state, status: 'requested', last: event.data, request_ids: [...state.request_ids, event.data.erasure_id], due_at: event.data.due_at, legal_hold: event.data.legal_hold ?? null };
      case 'ErasureRescheduled':
        // any event after the erasure but the erasure itself leaves the subject to erase again
        return state.status === 'none'
          ? state
          : {
              ...state,
              status: 'requested',
              rescheduled_for: [...state.rescheduled_for, event.data.last_activity],
              due_at: event.data.due_at,
              legal_hold: event.data.legal_hold ?? state.legal_hold,
            };
      case 'SubjectErased':
        return state.status === 'none' ? state : { ...state, status: 'erased' };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
};
