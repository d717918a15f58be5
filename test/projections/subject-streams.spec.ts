import { subjectStreamsProjection } from '../../src/projections/subject-streams.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';

describe('subject streams projection', () => {
  const subjects = projectionSpec(subjectStreamsProjection);

  it("lists each stream that names the subject once, with the tenant and the last activity's time", () => {
    const at = eventLog();
    subjects
      .given([
        at('customer-c1', 'CustomerRegistered', { customer_id: 'c1', subject_ref: 'subj_x' }, { occurred_at: T0 }),
        at('run-r1', 'RunQueued', { run_id: 'r1', subject_ref: 'subj_x' }, { occurred_at: T1 }),
        at('run-r1', 'SourceAnswered', { run_id: 'r1', subject_ref: 'subj_x' }, { occurred_at: T1 }),
        at('customer-c1', 'DocumentUploaded', { customer_id: 'c1', subject_ref: 'subj_x' }, { occurred_at: T2 }),
        at('run-r2', 'RunQueued', { run_id: 'r2', subject_ref: 'subj_y' }, { tenant_id: 't2', occurred_at: T2 }),
        // events without a subject reference are not read
        at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: 'c1', started_at: T2 }),
      ])
      .then({
        subj_x: { subject_ref: 'subj_x', tenant_id: 't1', streams: ['customer-c1', 'run-r1'], last_activity: T2 },
        subj_y: { subject_ref: 'subj_y', tenant_id: 't2', streams: ['run-r2'], last_activity: T2 },
      })
      .andReplayChangesNothing();
  });

  it('an event without a tenant keeps the tenant already known', () => {
    const at = eventLog();
    subjects
      .given([at('run-r1', 'RunQueued', { subject_ref: 'subj_x' }, { occurred_at: T0 }), at('erasure-k', 'ErasureRequested', { subject_ref: 'subj_x' }, { tenant_id: null, occurred_at: T1 })])
      .then({ subj_x: { subject_ref: 'subj_x', tenant_id: 't1', streams: ['run-r1', 'erasure-k'], last_activity: T1 } });
  });
});
