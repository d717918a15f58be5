import { caseRetentionProjection, type CaseRetentionDoc } from '../../src/projections/case-retention.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const CASE = '0c7d1d36-4a59-4c35-9d3b-0e8f0cbb7a11';
const STREAM = `suspicion-${CASE}`;
const opened = {
  case_id: CASE,
  tenant_id: 't1',
  environment: 'live',
  subject_ref: 'ref',
  customer_id: null,
  origin: { kind: 'analyst', ref: null },
  external_id: null,
  occurred_at: '2026-12-31T23:30:00.000Z',
  operation: { type: 'deposito', value: 50000, date: '2026-12-31', channel: 'agencia', parties: [] },
  reason_codes: ['CC4001-I.a'],
  other_reason: null,
  description: null,
  selection_due_at: '2027-02-14T23:30:00.000Z',
  opened_by: 'operator',
  opened_at: '2027-01-05T12:00:00.000Z',
};
/** 31/12/2026 23:30 UTC is 20:30 of 31/12 in Brasília: the operation is of 2026 */
const base: CaseRetentionDoc = {
  case_id: CASE,
  tenant_id: 't1',
  occurred_at: opened.occurred_at,
  operation_retention_until: '2037-01-01T03:00:00.000Z',
  closed_at: null,
  dismissed_at: null,
  retention_until: null,
  created_at: opened.opened_at,
};

describe('case_retention projection (art. 67 clocks of a regulatory case)', () => {
  const retention = projectionSpec(caseRetentionProjection);

  it('an open case: the operation record from 1 January after it (Brasília year); the dossier clock not started', () => {
    const at = eventLog();
    retention.given([at(STREAM, 'SuspicionCaseOpened', opened)]).then({ [CASE]: base }).andReplayChangesNothing();
  });

  it('closed: ten years from the closure, never before the operation record', () => {
    const at = eventLog();
    const events = [at(STREAM, 'SuspicionCaseOpened', opened), at(STREAM, 'SuspicionCaseClosed', { case_id: CASE, subject_ref: 'ref', note: 'x', by: 'operator', closed_at: '2027-03-10T15:00:00.000Z' })];
    retention.given(events).then({ [CASE]: { ...base, closed_at: '2027-03-10T15:00:00.000Z', retention_until: '2037-03-10T15:00:00.000Z' } }).andReplayChangesNothing();
  });

  it('dismissed (no dossier): the operation record', () => {
    const at = eventLog();
    const events = [at(STREAM, 'SuspicionCaseOpened', opened), at(STREAM, 'SuspicionCaseDismissed', { case_id: CASE, subject_ref: 'ref', reason: 'x', by: 'operator', dismissed_at: '2027-01-10T12:00:00.000Z' })];
    retention.given(events).then({ [CASE]: { ...base, dismissed_at: '2027-01-10T12:00:00.000Z', retention_until: '2037-01-01T03:00:00.000Z' } });
  });
});
