import { casesProjection, type CaseDoc } from '../../src/projections/cases.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const C = 'c1';
const T0 = '2026-11-27T10:00:00.000Z';
const T1 = '2026-11-27T11:00:00.000Z';
const T2 = '2026-11-27T12:00:00.000Z';
const run = { kind: 'run', item_id: 'r1', reasons: ['run_blocked', 'sanctions_hit'], risk_band: 'alto', score: null, environment: 'live' };
const doc = { kind: 'document', item_id: 'd1', reasons: ['document_pending'], risk_band: null, score: null, environment: 'live' };

describe('cases projection', () => {
  const cases = projectionSpec(casesProjection);

  it('one document per customer: items and reasons as they come and go, priority recomputed, status and assignee; replays change nothing', () => {
    const at = eventLog();
    const events = [
      at(`case-${C}`, 'CaseOpened', { tenant_id: 't1', customer_id: C, subject_ref: 'ref', opened_at: T0 }),
      at(`case-${C}`, 'CaseItemAdded', { customer_id: C, item: run, added_at: T0 }),
      at(`case-${C}`, 'CaseItemAdded', { customer_id: C, item: doc, added_at: T1 }),
      at(`case-${C}`, 'CaseAssigneeChanged', { customer_id: C, assignee: 'u1', by: 'user:lead', changed_at: T1 }),
      at(`case-${C}`, 'CaseItemResolved', { customer_id: C, kind: 'run', item_id: 'r1', resolved_at: T2 }),
    ];
    const expected: CaseDoc = {
      case_id: C,
      tenant_id: 't1',
      customer_id: C,
      status: 'in_progress',
      active: true,
      assignee: 'u1',
      priority: 'baixa',
      items: [{ ...doc, added_at: T1 } as CaseDoc['items'][number]],
      reasons: ['document_pending'],
      opened_at: T0,
      created_at: T0,
      updated_at: T2,
      escalated_at: null,
      closed_at: null,
    };
    const step = cases.given(events).then({ [C]: expected }).andReplayChangesNothing();
    const before = cases.given(events.slice(0, 3));
    before.then({ [C]: { ...expected, status: 'open', assignee: null, priority: 'alta', items: [{ ...run, added_at: T0 }, { ...doc, added_at: T1 }] as CaseDoc['items'], reasons: ['run_blocked', 'sanctions_hit', 'document_pending'], updated_at: T1 } });
    const later = [
      at(`case-${C}`, 'CaseEscalated', { customer_id: C, subject_ref: 'ref', note: 'n', by: 'user:u1', escalated_at: T2 }),
      at(`case-${C}`, 'CaseItemResolved', { customer_id: C, kind: 'document', item_id: 'd1', resolved_at: T2 }),
      at(`case-${C}`, 'CaseClosed', { customer_id: C, subject_ref: 'ref', note: 'ok', by: 'user:u1', closed_at: T2 }),
    ];
    cases.given(later, step.documents).then({ [C]: { ...expected, status: 'closed', active: false, items: [], reasons: [], escalated_at: T2, closed_at: T2 } });
  });
});
