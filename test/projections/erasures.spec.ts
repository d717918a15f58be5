import { erasuresProjection, type ErasureDoc } from '../../src/projections/erasures.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-23T12:00:00.000Z';
const DUE = '2031-11-22T12:00:00.000Z';
const LATER_DUE = '2031-11-23T12:00:00.000Z';

const requested = { erasure_id: 'e1', tenant_id: 't1', subject_refs: ['subj_x', 'subj_y'], legal_basis: null, requested_at: T0, due_at: DUE };
const scheduled: ErasureDoc = { erasure_id: 'e1', stream: 'erasure-k1', tenant_id: 't1', status: 'scheduled', due_at: DUE, legal_basis: null, legal_hold: null, created_at: T0 };

describe('erasures projection', () => {
  const erasures = projectionSpec(erasuresProjection);

  it('a request is scheduled for its due date, keyed by its stream', () => {
    const at = eventLog();
    erasures.given([at('erasure-k1', 'ErasureRequested', requested)]).then({ 'erasure-k1': scheduled }).andReplayChangesNothing();
  });

  it('a request under a legal hold is held until its date, with the hold as told to the subject (issue 30)', () => {
    const at = eventLog();
    const hold = { basis: 'Circular BCB 3.978/2020, art. 67', record_class: 'customer_kyc', until: '2037-01-01T03:00:00.000Z' };
    const events = [at('erasure-k1', 'ErasureRequested', { ...requested, legal_basis: 'LGPD', due_at: hold.until, legal_hold: hold })];
    const held = { ...scheduled, status: 'held' as const, legal_basis: 'LGPD', due_at: hold.until, legal_hold: hold } as ErasureDoc;
    const first = erasures.given(events).then({ 'erasure-k1': held });
    const later = { ...hold, until: '2047-01-01T03:00:00.000Z' };
    erasures
      .given([at('erasure-k1', 'ErasureRescheduled', { erasure_id: 'e1', last_activity: T1, due_at: later.until, rescheduled_at: T1, legal_hold: later })], first.documents)
      .then({ 'erasure-k1': { ...held, due_at: later.until, legal_hold: later } as ErasureDoc });
  });

  it('activity after the request moves the due date; the erasure carried out is erased', () => {
    const at = eventLog();
    const events = [
      at('erasure-k1', 'ErasureRequested', requested),
      at('erasure-k1', 'ErasureRescheduled', { erasure_id: 'e1', last_activity: T1, due_at: LATER_DUE, rescheduled_at: T1 }),
    ];
    const rescheduled = erasures.given(events).then({ 'erasure-k1': { ...scheduled, due_at: LATER_DUE } });
    erasures
      .given([at('erasure-k1', 'SubjectErased', { erasure_id: 'e1', tenant_id: 't1', subject_refs: ['subj_x'], customer_ids: [], run_ids: [], erased_at: LATER_DUE })], rescheduled.documents)
      .then({ 'erasure-k1': { ...scheduled, due_at: LATER_DUE, status: 'erased' } })
      .andReplayChangesNothing(events);
  });

  it('events of other streams are not read; a reschedule before any request makes no document', () => {
    const at = eventLog();
    erasures.given([at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: null, started_at: T0 })]).then({});
    erasures.given([at('erasure-k1', 'ErasureRescheduled', { erasure_id: 'e1', last_activity: T1, due_at: LATER_DUE, rescheduled_at: T1 })]).then({ 'erasure-k1': null });
  });
});
