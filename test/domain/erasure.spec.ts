import { erasureDecider, type ErasureCommand } from '../../src/domain/erasure/decider.js';
import type { ErasureEvent } from '../../src/domain/erasure/events.js';
import { spec } from '../helpers/decider-spec.js';

const T0 = '2026-01-10T12:00:00.000Z';
const DUE = '2031-01-10T12:00:00.000Z';
const LATER = '2031-01-11T12:00:00.000Z';
const ACTIVE = '2027-03-01T09:00:00.000Z';
const NEW_DUE = '2032-03-01T09:00:00.000Z';
const REFS = ['subj_live', 'subj_sandbox'];

const request = (id: string, legalBasis: string | null = null, due = DUE): ErasureCommand => ({
  type: 'RequestErasure',
  erasure_id: id,
  tenant_id: 't1',
  subject_refs: REFS,
  legal_basis: legalBasis,
  due_at: due,
  now: T0,
});
const requested = (id: string, legalBasis: string | null = null, due = DUE): ErasureEvent => ({
  type: 'ErasureRequested',
  data: { erasure_id: id, tenant_id: 't1', subject_refs: REFS, legal_basis: legalBasis, requested_at: T0, due_at: due },
});
const reschedule = (lastActivity = ACTIVE, due = NEW_DUE, now = LATER): ErasureCommand => ({ type: 'RescheduleErasure', last_activity: lastActivity, due_at: due, now });
const rescheduled = (id: string, lastActivity = ACTIVE, due = NEW_DUE): ErasureEvent => ({
  type: 'ErasureRescheduled',
  data: { erasure_id: id, last_activity: lastActivity, due_at: due, rescheduled_at: LATER },
});
const record: ErasureCommand = { type: 'RecordErasure', customer_ids: ['c1'], run_ids: ['r1', 'r2'], now: LATER };
const erased = (id: string): ErasureEvent => ({
  type: 'SubjectErased',
  data: { erasure_id: id, tenant_id: 't1', subject_refs: REFS, customer_ids: ['c1'], run_ids: ['r1', 'r2'], erased_at: LATER },
});

describe('erasure decider', () => {
  const erasure = spec(erasureDecider);

  it('records a request, a second request for the subject too, and the same request once', () => {
    erasure.given([]).when(request('e1')).then([requested('e1')]);
    erasure.given([requested('e1')]).when(request('e2', 'LGPD art. 16', T0)).then([requested('e2', 'LGPD art. 16', T0)]);
    erasure.given([requested('e1')]).when(request('e1')).thenNothing();
    erasure.given([requested('e1'), requested('e2')]).when(request('e1')).thenNothing();
    // a subject erased and requested again is requested again
    erasure.given([requested('e1'), erased('e1')]).when(request('e2')).then([requested('e2')]);
  });

  it('reschedules to the end of retention after a later activity, once per activity, in the name of the first request', () => {
    erasure.given([requested('e1')]).when(reschedule()).then([rescheduled('e1')]);
    erasure.given([requested('e1'), rescheduled('e1')]).when(reschedule()).thenNothing();
    const again = '2028-05-01T00:00:00.000Z';
    erasure.given([requested('e1'), rescheduled('e1')]).when(reschedule(again, '2033-05-01T00:00:00.000Z')).then([rescheduled('e1', again, '2033-05-01T00:00:00.000Z')]);
    erasure.given([requested('e1'), requested('e2')]).when(reschedule()).then([rescheduled('e1')]);
  });

  it('does not reschedule without a request, with a legal basis on the first request, or to a due date already passed', () => {
    erasure.given([]).when(reschedule()).thenNothing();
    erasure.given([requested('e1', 'LGPD art. 16')]).when(reschedule()).thenNothing();
    erasure.given([requested('e1')]).when(reschedule(ACTIVE, LATER, LATER)).thenNothing();
    erasure.given([requested('e1')]).when(reschedule(ACTIVE, T0, LATER)).thenNothing();
  });

  it('records the erasure of the last request, once; a request after an erasure is erased again', () => {
    erasure.given([requested('e1')]).when(record).then([erased('e1')]);
    erasure.given([requested('e1'), rescheduled('e1')]).when(record).then([erased('e1')]);
    erasure.given([requested('e1'), requested('e2')]).when(record).then([erased('e2')]);
    erasure.given([requested('e1'), erased('e1')]).when(record).thenNothing();
    erasure.given([requested('e1'), erased('e1'), requested('e2')]).when(record).then([erased('e2')]);
    erasure.given([]).when(record).thenNothing();
  });
});
