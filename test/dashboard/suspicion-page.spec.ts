import { expect } from 'chai';
import { OTHER_REASON } from '../../src/domain/siscoaf/cc4001.js';
import { reasonLabel, runningClock, suspicionQueuePage, type SuspicionRowInput } from '../../src/http/dashboard/suspicion/page.js';
import { when } from '../../src/http/dashboard/present.js';

describe('dashboard: the Casos COAF queue as a view model', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const D = 86_400_000;
  const at = (days: number) => new Date(now.getTime() + days * D).toISOString();
  const clocks = { selection_due_at: null, analysis_due_at: null, communication_due_at: null, amendment_justification_after: null };
  const row = (id: string, over: Partial<SuspicionRowInput>): SuspicionRowInput => ({
    case_id: id,
    status: 'pending_selection',
    origin: { kind: 'alert', ref: 'a1' },
    reason_codes: ['CC4001-I.a'],
    other_reason: null,
    clocks,
    overdue: false,
    communication_status: null,
    occurred_at: at(-40),
    ...over,
  });

  const cases = [
    row('far', { clocks: { ...clocks, selection_due_at: at(20) } }),
    row('near', { clocks: { ...clocks, selection_due_at: at(3) } }),
    row('late', { status: 'in_analysis', clocks: { ...clocks, selection_due_at: at(-50), analysis_due_at: at(-2) }, overdue: true }),
    row('done', { status: 'closed', clocks: { ...clocks, selection_due_at: at(-50) } }),
  ];

  it('puts the overdue first, then the nearest due, then the cases without a running clock', () => {
    const page = suspicionQueuePage({ cases, filters: { status: '', overdue: false }, now });
    expect(page.rows.map((r) => r.id)).to.deep.equal(['late', 'near', 'far', 'done']);
    expect(page.rows[0]!.clock).to.include({ name: 'analysis_due_at', due: 'vencido há 2 dias', overdue: true, when: when(at(-2)) });
    expect(page.rows[1]!.clock).to.include({ name: 'selection_due_at', due: 'vence em 3 dias', overdue: false });
    expect(page.rows[1]!.clock!.basis).to.match(/art\. 39/);
    expect(page.rows[3]!.clock).to.equal(null);
  });

  it('filters by status and by overdue', () => {
    expect(suspicionQueuePage({ cases, filters: { status: 'pending_selection', overdue: false }, now }).rows.map((r) => r.id)).to.deep.equal(['near', 'far']);
    expect(suspicionQueuePage({ cases, filters: { status: '', overdue: true }, now }).rows.map((r) => r.id)).to.deep.equal(['late']);
  });

  it('labels statuses and reasons in pt-BR, the code kept for the tooltip', () => {
    const page = suspicionQueuePage({ cases, filters: { status: '', overdue: false }, now });
    expect(page.rows[1]!.status).to.deep.equal({ code: 'pending_selection', text: 'Aguardando seleção' });
    const reason = page.rows[1]!.reasons[0]!;
    expect(reason.code).to.equal('CC4001-I.a');
    expect(reason.text).to.not.contain('CC4001');
    expect(reason.text.length).to.be.at.most(61);
    expect(reason.title).to.contain('CC4001-I.a');
    expect(reasonLabel(OTHER_REASON, 'fracionamento em lotérica')).to.deep.equal({ code: OTHER_REASON, text: 'Outra situação', title: 'outra_situacao: fracionamento em lotérica' });
  });

  it('runs the communication clock only while the communication is not sent', () => {
    const decided = { status: 'decided', clocks: { ...clocks, communication_due_at: at(1) } };
    expect(runningClock({ ...decided, communication_status: 'xml_generated' })).to.equal('communication_due_at');
    expect(runningClock({ ...decided, communication_status: 'sent' })).to.equal(null);
    expect(runningClock({ ...decided, communication_status: null })).to.equal(null);
  });
});
