import { expect } from 'chai';
import { caseDecider, type CaseCommand } from '../../src/domain/case/decider.js';
import type { CaseEvent } from '../../src/domain/case/events.js';
import { FREEZE_DEADLINE_HOURS, freezeLate } from '../../src/domain/case/freeze.js';
import { spec } from '../helpers/decider-spec.js';

const T = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const RAISED = '2026-11-27T12:00:00.000Z';
const CONFIRMED = '2026-11-27T12:30:00.000Z';
const SOON = '2026-11-27T13:00:00.000Z';
const NEXT_DAY = '2026-11-28T14:00:00.000Z';
const facts = { alert_id: 'a1', list_id: 'un_sc', entry_id: 'QDi.001', version_id: 'v1', basis: 'Lei 13.810/2019', raised_at: RAISED, confirmed_at: CONFIRMED, confirmed_by: 'user:u1' };
const record = { type: 'RecordCaseFreeze' as const, tenant_id: T, customer_id: C, subject_ref: 'ref', freeze: facts, now: CONFIRMED };
const opened: CaseEvent = { type: 'CaseOpened', data: { tenant_id: T, customer_id: C, subject_ref: 'ref', opened_at: CONFIRMED } };
const recorded: CaseEvent = { type: 'CaseFreezeRecorded', data: { customer_id: C, ...facts, recorded_at: CONFIRMED } };
const closed: CaseEvent = { type: 'CaseClosed', data: { customer_id: C, subject_ref: 'ref', note: 'ok', by: 'user:a', closed_at: CONFIRMED } };
const asset = { kind: 'conta' as const, description: 'Conta corrente 0001-9', amount: 1500.5 };
const measures = (over: Partial<Extract<CaseCommand, { type: 'RecordFreezeMeasures' }>> = {}): CaseCommand => ({
  type: 'RecordFreezeMeasures',
  measures_id: 'm1',
  frozen_at: SOON,
  assets: [asset],
  attempts_blocked: [],
  justification: null,
  by: 'api_key:k1',
  now: SOON,
  ...over,
});
const measured = (over: Partial<Extract<CaseEvent, { type: 'FreezeMeasuresRecorded' }>['data']> = {}): CaseEvent => ({
  type: 'FreezeMeasuresRecorded',
  data: { customer_id: C, subject_ref: 'ref', measures_id: 'm1', alert_id: 'a1', frozen_at: SOON, assets: [asset], attempts_blocked: [], justification: null, late: false, by: 'api_key:k1', recorded_at: SOON, ...over },
});
const file = { blob_key: 'k', sha256: 's', byte_size: 1 };
const draft = (addressee: 'bcb' | 'mjsp' | 'coaf', measuresId: string | null, version = measuresId ? 2 : 1) => ({
  draft_id: `a1.${measuresId ?? 'inicial'}.${addressee}`,
  addressee,
  version,
  alert_id: 'a1',
  measures_id: measuresId,
  late: false,
  json: file,
  pdf: { ...file, page_count: 1 },
});
const drafted = (addressee: 'bcb' | 'mjsp' | 'coaf', measuresId: string | null, version: number, at = CONFIRMED): CaseEvent => ({
  type: 'FreezeCommunicationDrafted',
  data: { customer_id: C, ...draft(addressee, measuresId, version), drafted_at: at },
});

describe('case decider: a confirmed sanctions freeze and its communications (issue 29)', () => {
  const kase = spec(caseDecider);

  it('records a confirmed freeze once, opening the case, or reopening a closed one', () => {
    kase.given([]).when(record).then([opened, recorded]);
    kase.given([opened, recorded]).when(record).thenNothing();
    kase.given([opened, closed]).when(record).then([{ type: 'CaseReopened', data: { customer_id: C, reopened_at: CONFIRMED } }, recorded]);
  });

  it('records the measures on a confirmed freeze; without one they are refused (freeze_not_confirmed)', () => {
    kase.given([opened, recorded]).when(measures()).then([measured()]);
    kase.given([opened, recorded, measured()]).when(measures()).thenNothing();
    kase.given([]).when(measures()).thenError('freeze_not_confirmed');
    kase.given([opened]).when(measures()).thenError('freeze_not_confirmed');
  });

  it(`a freeze done more than ${FREEZE_DEADLINE_HOURS} hours after the alert, or first recorded that late, needs the justification of Decreto 9.825 art. 6`, () => {
    expect(freezeLate(RAISED, SOON, SOON, true)).to.equal(false);
    expect(freezeLate(RAISED, NEXT_DAY, NEXT_DAY, false)).to.equal(true);
    expect(freezeLate(RAISED, SOON, NEXT_DAY, true)).to.equal(true);
    expect(freezeLate(RAISED, SOON, NEXT_DAY, false)).to.equal(false);
    kase.given([opened, recorded]).when(measures({ frozen_at: NEXT_DAY, now: NEXT_DAY })).thenError('invalid_request');
    kase
      .given([opened, recorded])
      .when(measures({ frozen_at: NEXT_DAY, now: NEXT_DAY, justification: ' Conta encontrada só na conciliação. ' }))
      .then([measured({ frozen_at: NEXT_DAY, recorded_at: NEXT_DAY, justification: 'Conta encontrada só na conciliação.', late: true })]);
    // a correction of measures recorded in time, later, is not a late freeze
    kase.given([opened, recorded, measured()]).when(measures({ measures_id: 'm2', now: NEXT_DAY })).then([measured({ measures_id: 'm2', recorded_at: NEXT_DAY })]);
  });

  it('refuses a freeze time in the future or malformed, a blank description, a negative amount', () => {
    kase.given([opened, recorded]).when(measures({ frozen_at: NEXT_DAY })).thenError('invalid_date');
    kase.given([opened, recorded]).when(measures({ frozen_at: '27/11/2026' })).thenError('invalid_date');
    kase.given([opened, recorded]).when(measures({ assets: [{ ...asset, description: ' ' }] })).thenError('invalid_request');
    kase.given([opened, recorded]).when(measures({ assets: [{ ...asset, amount: -1 }] })).thenError('invalid_request');
    kase.given([opened, recorded]).when(measures({ attempts_blocked: [{ at: 'ontem', description: 'PIX', amount: 10 }] })).thenError('invalid_date');
  });

  it('numbers the drafts per addressee, a new version on each measures, never the same draft twice', () => {
    const three = (m: string | null) => ({ type: 'DraftFreezeCommunications' as const, drafts: [draft('bcb', m), draft('mjsp', m), draft('coaf', m)], now: CONFIRMED });
    kase.given([opened, recorded]).when(three(null)).then([drafted('bcb', null, 1), drafted('mjsp', null, 1), drafted('coaf', null, 1)]);
    const first = [opened, recorded, drafted('bcb', null, 1), drafted('mjsp', null, 1), drafted('coaf', null, 1)];
    kase.given(first).when(three(null)).thenNothing();
    kase.given([...first, measured()]).when(three('m1')).then([drafted('bcb', 'm1', 2), drafted('mjsp', 'm1', 2), drafted('coaf', 'm1', 2)]);
    // files printing a version another drafting took meanwhile are refused, to be drafted again
    kase.given([opened, recorded]).when(three('m1')).thenError('concurrent_update');
  });

  it('marks a draft as sent with its date and protocol; an unknown draft, a blank protocol, a future date are refused', () => {
    const given = [opened, recorded, drafted('coaf', null, 1)];
    const sent = { type: 'MarkFreezeCommunicationSent' as const, draft_id: 'a1.inicial.coaf', sent_at: SOON, protocol: ' SISCOAF-123 ', by: 'user:u1', now: SOON };
    kase.given(given).when(sent).then([{ type: 'FreezeCommunicationSent', data: { customer_id: C, draft_id: 'a1.inicial.coaf', addressee: 'coaf', version: 1, sent_at: SOON, protocol: 'SISCOAF-123', by: 'user:u1', recorded_at: SOON } }]);
    kase.given(given).when({ ...sent, draft_id: 'a1.inicial.bcb' }).thenError('not_found');
    kase.given(given).when({ ...sent, protocol: '  ' }).thenError('invalid_request');
    kase.given(given).when({ ...sent, sent_at: NEXT_DAY }).thenError('invalid_date');
  });
});
