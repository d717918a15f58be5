import { expect } from 'chai';
import { caseDecider } from '../../src/domain/case/decider.js';
import type { CaseEvent, CaseItem } from '../../src/domain/case/events.js';
import { alertReason, casePriority } from '../../src/domain/case/priority.js';
import { spec } from '../helpers/decider-spec.js';

const T = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const NOW = '2026-11-27T12:00:00.000Z';
const item = (over: Partial<CaseItem> = {}): CaseItem => ({ kind: 'run', item_id: 'r1', reasons: ['run_pending_review'], risk_band: 'baixo', score: null, environment: 'sandbox', ...over });
const opened: CaseEvent = { type: 'CaseOpened', data: { tenant_id: T, customer_id: C, subject_ref: 'ref', opened_at: NOW } };
const added = (i: CaseItem = item()): CaseEvent => ({ type: 'CaseItemAdded', data: { customer_id: C, item: i, added_at: NOW } });
const resolved: CaseEvent = { type: 'CaseItemResolved', data: { customer_id: C, kind: 'run', item_id: 'r1', resolved_at: NOW } };
const closed: CaseEvent = { type: 'CaseClosed', data: { customer_id: C, subject_ref: 'ref', note: 'ok', by: 'user:a', closed_at: NOW } };
const escalated: CaseEvent = { type: 'CaseEscalated', data: { customer_id: C, subject_ref: 'ref', note: 'suspeito', by: 'user:a', escalated_at: NOW } };
const add = (i: CaseItem = item()) => ({ type: 'AddCaseItem' as const, tenant_id: T, customer_id: C, subject_ref: 'ref', item: i, now: NOW });

describe('case decider', () => {
  const kase = spec(caseDecider);

  it('opens the case with its first item, adds the next ones once, and reopens a closed case when a new item comes', () => {
    kase.given([]).when(add()).then([opened, added()]);
    kase.given([opened, added()]).when(add()).then([]);
    kase.given([opened, added()]).when(add(item({ kind: 'alert', item_id: 'a1' }))).then([added(item({ kind: 'alert', item_id: 'a1' }))]);
    kase.given([opened, added(), resolved, closed]).when(add(item({ item_id: 'r2' }))).then([
      { type: 'CaseReopened', data: { customer_id: C, reopened_at: NOW } },
      added(item({ item_id: 'r2' })),
    ]);
  });

  it('resolves an open item once; resolving on no case changes nothing', () => {
    const resolve = { type: 'ResolveCaseItem' as const, kind: 'run' as const, item_id: 'r1', now: NOW };
    kase.given([opened, added()]).when(resolve).then([resolved]);
    kase.given([opened, added(), resolved]).when(resolve).then([]);
    kase.given([]).when(resolve).then([]);
  });

  it('assigns and unassigns; status follows (open, in_progress), escalated stays escalated; a closed case is not assigned', () => {
    const assign = (assignee: string | null) => ({ type: 'AssignCaseTo' as const, assignee, by: 'user:lead', now: NOW });
    const changed = (assignee: string | null): CaseEvent => ({ type: 'CaseAssigneeChanged', data: { customer_id: C, assignee, by: 'user:lead', changed_at: NOW } });
    kase.given([opened, added()]).when(assign('u1')).then([changed('u1')]);
    kase.given([opened, added(), changed('u1')]).when(assign('u1')).then([]);
    kase.given([opened, added(), resolved, closed]).when(assign('u1')).thenError('case_closed');
    kase.given([]).when(assign('u1')).thenError('case_not_found');
    const fold = (events: CaseEvent[]) => events.reduce(caseDecider.evolve, caseDecider.initialState);
    expect(fold([opened, added()]).status).to.equal('open');
    expect(fold([opened, added(), changed('u1')]).status).to.equal('in_progress');
    expect(fold([opened, added(), changed('u1'), changed(null)]).status).to.equal('open');
    expect(fold([opened, added(), escalated, changed('u1')]).status).to.equal('escalated');
  });

  it('escalates with a note, once; closes with a note and no open item left (case_has_open_items otherwise)', () => {
    const escalate = (note: string) => ({ type: 'EscalateCase' as const, note, by: 'user:a', now: NOW });
    const close = (note: string) => ({ type: 'CloseCase' as const, note, by: 'user:a', now: NOW });
    kase.given([opened, added()]).when(escalate(' suspeito ')).then([escalated]);
    kase.given([opened, added()]).when(escalate('  ')).thenError('invalid_request');
    kase.given([opened, added(), escalated]).when(escalate('de novo')).thenError('case_already_escalated');
    kase.given([opened, added()]).when(close('ok')).thenError('case_has_open_items');
    kase.given([opened, added(), resolved]).when(close('')).thenError('invalid_request');
    kase.given([opened, added(), resolved]).when(close('ok')).then([closed]);
    kase.given([opened, added(), resolved, closed]).when(close('ok')).thenError('case_closed');
  });

  it('records comments (blank refused)', () => {
    const comment = (text: string) => ({ type: 'CommentCase' as const, comment_id: 'c1', text, author: 'user:a', now: NOW });
    kase.given([opened, added()]).when(comment('Liguei para o cliente')).then([
      { type: 'CaseCommented', data: { customer_id: C, subject_ref: 'ref', comment_id: 'c1', text: 'Liguei para o cliente', author: 'user:a', commented_at: NOW } },
    ]);
    kase.given([opened, added()]).when(comment(' ')).thenError('invalid_request');
  });

  it('derives the priority from the open items and recomputes it as they come and go', () => {
    expect(casePriority([item({ reasons: ['sanctions_hit'] })])).to.equal('alta');
    expect(casePriority([item({ risk_band: 'alto' })])).to.equal('alta');
    expect(casePriority([item({ kind: 'alert', score: 0.9, reasons: ['internal_list_hit'] })])).to.equal('alta');
    expect(casePriority([item({ reasons: ['is_pep'] })])).to.equal('media');
    expect(casePriority([item({ risk_band: 'medio' })])).to.equal('media');
    expect(casePriority([item({ kind: 'document', reasons: ['document_pending'], risk_band: null })])).to.equal('baixa');
    expect([alertReason('ofac_sdn'), alertReason('br_pep'), alertReason('br_cnep'), alertReason('tl_x')]).to.deep.equal(['sanctions_hit', 'is_pep', 'ceis_cnep_listed', 'internal_list_hit']);
    // the TCU lists answer ceis_cnep: an alert on them is a punished-company finding, not a tenant list's
    expect([alertReason('br_tcu_inabilitados'), alertReason('br_tcu_inidoneos')]).to.deep.equal(['ceis_cnep_listed', 'ceis_cnep_listed']);
    const fold = (events: CaseEvent[]) => events.reduce(caseDecider.evolve, caseDecider.initialState);
    const high = added(item({ item_id: 'r1', reasons: ['sanctions_hit'] }));
    const low = added(item({ kind: 'document', item_id: 'd1', reasons: ['document_pending'], risk_band: null }));
    const state = fold([opened, low, high]);
    expect(state.status !== 'none' && state.priority).to.equal('alta');
    const after = fold([opened, low, high, resolved]);
    expect(after.status !== 'none' && after.priority).to.equal('baixa');
  });
});
