import { nationalHolidays } from '../../../src/domain/calendar/business-days.js';
import { cnoDecider, cnoDueAt, type CnoCommand } from '../../../src/domain/cno/decider.js';
import type { CnoEvent, CnoReceipt } from '../../../src/domain/cno/events.js';
import { expect } from 'chai';
import { spec } from '../../helpers/decider-spec.js';

const HOLIDAYS = [2025, 2026, 2027, 2028].flatMap((y) => nationalHolidays(y).map((h) => h.date));
const CNPJ = '11222333000181';
const JAN1 = '2026-01-01T03:00:00.000Z';
const RECEIPT: CnoReceipt = { case_id: 'c1', num_ocorrencia: '2025-0001', numero_coaf: '123456', sent_at: '2025-05-02T14:00:00.000Z', receipt_matched_at: '2025-05-03T10:00:00.000Z' };

const open = (year = 2025, receipts: readonly CnoReceipt[] = [], holidays = HOLIDAYS, now = JAN1): CnoCommand => ({
  type: 'OpenCnoTask',
  tenant_id: 't1',
  cnpj: CNPJ,
  entity_name: 'Banco Exemplo S.A.',
  year,
  receipts,
  holidays,
  now,
});
const opened = (requirement: 'required' | 'not_required', due: string | null, receipts: CnoReceipt[] = [], year = 2025, now = JAN1): CnoEvent => ({
  type: 'CnoTaskOpened',
  data: { tenant_id: 't1', cnpj: CNPJ, entity_name: 'Banco Exemplo S.A.', year, requirement, due_at: due, receipts, opened_at: now },
});
const send = (protocol: string, sentAt = '2026-01-12T15:00:00.000Z', now = '2026-01-12T16:00:00.000Z'): CnoCommand => ({ type: 'RecordCnoSent', protocol, sent_at: sentAt, by: 'Ana Compliance', note: null, now });
const sent = (protocol: string): CnoEvent => ({
  type: 'CnoSentRecorded',
  data: { protocol, sent_at: '2026-01-12T15:00:00.000Z', by: 'Ana Compliance', note: null, recorded_at: '2026-01-12T16:00:00.000Z' },
});

describe('annual negative communication (CNO, Circular 3.978 art. 54)', () => {
  const cno = spec(cnoDecider);

  describe('the clock: the end of the 10th business day of January, in Brasília', () => {
    it('2025: 1 January 2026 (Thursday) is a holiday, so the 10th business day is 15/01/2026', () => {
      expect(cnoDueAt(2025, HOLIDAYS)).to.equal('2026-01-16T02:59:59.999Z');
    });
    it('2026: 1 January 2027 is a Friday holiday, then two weekends: 15/01/2027', () => {
      expect(cnoDueAt(2026, HOLIDAYS)).to.equal('2027-01-16T02:59:59.999Z');
    });
    it('2027: 1 January 2028 is a Saturday: 14/01/2028', () => {
      expect(cnoDueAt(2027, HOLIDAYS)).to.equal('2028-01-15T02:59:59.999Z');
    });
    it("an institution's own holiday in January moves the deadline one business day", () => {
      expect(cnoDueAt(2026, [...HOLIDAYS, '2027-01-11'])).to.equal('2027-01-19T02:59:59.999Z');
    });
  });

  describe('opening on 1 January', () => {
    it('nothing communicated in the year: required, due on the 10th business day', () => {
      cno.given([]).when(open()).then([opened('required', '2026-01-16T02:59:59.999Z')]);
    });
    it('communications sent in the year: not required, with their receipts as proof', () => {
      cno.given([]).when(open(2025, [RECEIPT])).then([opened('not_required', null, [RECEIPT])]);
    });
    it('opened once: a second run, even after a late communication, changes nothing about the past year', () => {
      cno.given([opened('required', '2026-01-16T02:59:59.999Z')]).when(open(2025, [RECEIPT], HOLIDAYS, '2026-01-05T12:00:00.000Z')).thenNothing();
    });
  });

  describe('recording the Siscoaf protocol', () => {
    const required = opened('required', '2026-01-16T02:59:59.999Z');
    it('records protocol, date, who and note', () => {
      cno.given([required]).when(send('SISCOAF-2026-000123')).then([sent('SISCOAF-2026-000123')]);
    });
    it('the same protocol again changes nothing; another protocol is refused', () => {
      cno.given([required, sent('SISCOAF-2026-000123')]).when(send('SISCOAF-2026-000123')).thenNothing();
      cno.given([required, sent('SISCOAF-2026-000123')]).when(send('OUTRO')).thenError('cno_already_recorded');
    });
    it('refused when not required, without a protocol, with a future sent_at, or without a task', () => {
      cno.given([opened('not_required', null, [RECEIPT])]).when(send('P1')).thenError('cno_not_required');
      cno.given([required]).when(send('  ')).thenError('invalid_request', (e) => expect(e.param).to.equal('protocol'));
      cno.given([required]).when(send('P1', '2026-01-13T00:00:00.000Z')).thenError('invalid_date', (e) => expect(e.param).to.equal('sent_at'));
      cno.given([]).when(send('P1')).thenError('not_found');
    });
  });
});
