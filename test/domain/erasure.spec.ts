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

  describe('under a legal hold (Circular 3.978 art. 67, issue 30)', () => {
    const HOLD = { basis: 'Circular BCB 3.978/2020, art. 67', record_class: 'customer_kyc' as const, until: '2037-01-01T03:00:00.000Z' };
    const LATER_HOLD = { ...HOLD, until: '2047-01-01T03:00:00.000Z' };
    const heldRequest: ErasureCommand = { ...(request('e1', 'LGPD art. 18, VI', HOLD.until) as Extract<ErasureCommand, { type: 'RequestErasure' }>), legal_hold: HOLD };
    const held: ErasureEvent = { type: 'ErasureRequested', data: { ...(requested('e1', 'LGPD art. 18, VI', HOLD.until).data as object), legal_hold: HOLD } as never };
    const extend = (hold = LATER_HOLD): ErasureCommand => ({ type: 'RescheduleErasure', last_activity: ACTIVE, due_at: hold.until, now: HOLD.until, legal_hold: hold });
    const extended: ErasureEvent = { type: 'ErasureRescheduled', data: { erasure_id: 'e1', last_activity: ACTIVE, due_at: LATER_HOLD.until, rescheduled_at: HOLD.until, legal_hold: LATER_HOLD } };

    it('records the hold with the request, even with a legal basis', () => {
      erasure.given([]).when(heldRequest).then([held]);
    });
    it('moves a held erasure later whatever its basis, only later, and once per date', () => {
      erasure.given([held]).when(extend()).then([extended]);
      erasure.given([held, extended]).when(extend()).thenNothing();
      erasure.given([held]).when(extend(HOLD)).thenNothing();
    });
  });
});
