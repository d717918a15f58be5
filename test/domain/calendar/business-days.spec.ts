import { expect } from 'chai';
import {
  addBusinessDays,
  addCalendarDays,
  brasiliaDate,
  easterSunday,
  endOfBrasiliaDay,
  endOfNextBusinessDay,
  endOfNthBusinessDayAfter,
  isBusinessDay,
  isCalendarDate,
  nationalHolidays,
  nthBusinessDayOfYear,
} from '../../../src/domain/calendar/business-days.js';

/** The national seed's dates for a few years around the ones a test crosses. */
const seed = (...years: number[]): string[] => years.flatMap((year) => nationalHolidays(year).map((h) => h.date));
const HOLIDAYS = seed(2023, 2024, 2025, 2026, 2027, 2028);

describe('business days in Brasília (issue 30: the calendar of the Circular BCB 3.978 clocks)', () => {
  describe('the national seed', () => {
    it('computes Easter by the Gregorian algorithm', () => {
      expect(easterSunday(2024)).to.equal('2024-03-31');
      expect(easterSunday(2025)).to.equal('2025-04-20');
      expect(easterSunday(2026)).to.equal('2026-04-05');
      expect(easterSunday(2027)).to.equal('2027-03-28');
      expect(easterSunday(2038)).to.equal('2038-04-25'); // the latest possible date
      expect(easterSunday(2285)).to.equal('2285-03-22'); // the earliest possible date
    });

    it('given 2026: the fixed holidays, Sexta-feira da Paixão as national, Carnaval and Corpus Christi as banking holidays', () => {
      const year = nationalHolidays(2026);
      const byDate = Object.fromEntries(year.map((h) => [h.date, h]));
      expect(year.map((h) => h.date)).to.deep.equal([
        '2026-01-01', '2026-02-16', '2026-02-17', '2026-04-03', '2026-04-21', '2026-05-01', '2026-06-04',
        '2026-09-07', '2026-10-12', '2026-11-02', '2026-11-15', '2026-11-20', '2026-12-25',
      ]);
      expect(byDate['2026-04-03']).to.deep.equal({ date: '2026-04-03', name: 'Sexta-feira da Paixão', kind: 'nacional' });
      expect(byDate['2026-02-16']!.kind).to.equal('bancario');
      expect(byDate['2026-02-17']!.kind).to.equal('bancario');
      expect(byDate['2026-06-04']).to.deep.equal({ date: '2026-06-04', name: 'Corpus Christi', kind: 'bancario' });
      expect(byDate['2026-01-01']!.kind).to.equal('nacional');
    });

    it('has 20/11 (Lei 14.759/2023) from 2024 only', () => {
      expect(nationalHolidays(2023).map((h) => h.date)).not.to.include('2023-11-20');
      expect(nationalHolidays(2024).map((h) => h.date)).to.include('2024-11-20');
      expect(nationalHolidays(2025).find((h) => h.date === '2025-11-20')?.name).to.equal('Dia Nacional de Zumbi e da Consciência Negra');
    });

    it('refuses a year that is not one', () => {
      expect(() => nationalHolidays(2025.5)).to.throw(RangeError);
    });
  });

  describe('isBusinessDay', () => {
    it('is Monday to Friday except the holidays given', () => {
      expect(isBusinessDay('2026-11-27', HOLIDAYS)).to.equal(true); // Friday
      expect(isBusinessDay('2026-11-28', HOLIDAYS)).to.equal(false); // Saturday
      expect(isBusinessDay('2026-11-29', HOLIDAYS)).to.equal(false); // Sunday
      expect(isBusinessDay('2026-02-17', HOLIDAYS)).to.equal(false); // Carnaval Tuesday
      expect(isBusinessDay('2026-02-18', HOLIDAYS)).to.equal(true); // Ash Wednesday: a business day
      expect(isBusinessDay('2026-02-17', [])).to.equal(true); // the calendar is data: without it, a Tuesday
    });

    it('refuses a date that is not one', () => {
      expect(() => isBusinessDay('2026-02-30', HOLIDAYS)).to.throw(RangeError);
      expect(() => isBusinessDay('27/11/2026', HOLIDAYS)).to.throw(RangeError);
      expect(isCalendarDate('2028-02-29')).to.equal(true);
      expect(isCalendarDate('2027-02-29')).to.equal(false);
    });
  });

  describe('addBusinessDays', () => {
    it('given a Friday, when 1 business day is added, then it is the Monday', () => {
      expect(addBusinessDays('2026-11-27', 1, HOLIDAYS)).to.equal('2026-11-30');
    });

    it('skips Carnaval Monday and Tuesday', () => {
      expect(addBusinessDays('2026-02-13', 1, HOLIDAYS)).to.equal('2026-02-18');
    });

    it('skips Sexta-feira da Paixão, computed from Easter', () => {
      expect(addBusinessDays('2025-04-17', 1, HOLIDAYS)).to.equal('2025-04-22'); // 18 Paixão, 21 Tiradentes
    });

    it('skips 20/11 from 2024 but not in 2023', () => {
      expect(addBusinessDays('2024-11-19', 1, HOLIDAYS)).to.equal('2024-11-21');
      expect(addBusinessDays('2023-11-17', 1, HOLIDAYS)).to.equal('2023-11-20');
    });

    it('counts backwards for a negative n, and gives the date back for 0', () => {
      expect(addBusinessDays('2026-02-18', -1, HOLIDAYS)).to.equal('2026-02-13');
      expect(addBusinessDays('2026-11-28', 0, HOLIDAYS)).to.equal('2026-11-28');
    });

    it('refuses a fractional n', () => {
      expect(() => addBusinessDays('2026-11-27', 1.5, HOLIDAYS)).to.throw(RangeError);
    });
  });

  describe('endOfNextBusinessDay (art. 48 §2, D4)', () => {
    it('given a decision on Wednesday 30/12/2026, then the communication is due at the end of Thursday 31/12 (not a holiday)', () => {
      expect(endOfNextBusinessDay('2026-12-30T15:00:00.000Z', HOLIDAYS)).to.equal(endOfBrasiliaDay('2026-12-31'));
      expect(endOfBrasiliaDay('2026-12-31')).to.equal('2027-01-01T02:59:59.999Z');
    });

    it('given a decision on Thursday 31/12/2026, then it is due at the end of Monday 04/01/2027 (1/1 holiday, then a weekend)', () => {
      expect(endOfNextBusinessDay('2026-12-31T15:00:00.000Z', HOLIDAYS)).to.equal('2027-01-05T02:59:59.999Z');
    });

    it('given a decision on Friday 31/12/2027, then it is due at the end of Monday 03/01/2028', () => {
      expect(endOfNextBusinessDay('2027-12-31T12:00:00.000Z', HOLIDAYS)).to.equal(endOfBrasiliaDay('2028-01-03'));
    });

    it('takes the Brasília date of the instant: 01:00 UTC on a Saturday is still Friday evening in Brasília', () => {
      // Friday 27/11/2026 22:00 in Brasília → next business day Monday 30/11
      expect(endOfNextBusinessDay('2026-11-28T01:00:00.000Z', HOLIDAYS)).to.equal(endOfBrasiliaDay('2026-11-30'));
      // Saturday 28/11/2026 00:00 in Brasília → Monday 30/11 as well
      expect(endOfNextBusinessDay('2026-11-28T03:00:00.000Z', HOLIDAYS)).to.equal(endOfBrasiliaDay('2026-11-30'));
      // Monday 30/11/2026 02:59 UTC is still Sunday in Brasília → Monday 30/11 is the next business day
      expect(endOfNextBusinessDay('2026-11-30T02:59:00.000Z', HOLIDAYS)).to.equal(endOfBrasiliaDay('2026-11-30'));
    });

    it('given a decision on the Friday before Carnaval, then it is due at the end of Ash Wednesday', () => {
      expect(endOfNextBusinessDay('2026-02-13T18:00:00.000Z', HOLIDAYS)).to.equal('2026-02-19T02:59:59.999Z');
    });
  });

  describe('endOfNthBusinessDayAfter (art. 51, D6: the 5th business day after sending)', () => {
    it('given a communication sent on Monday 30/03/2026, then the 5th business day skips Sexta-feira da Paixão', () => {
      // 31/03, 01/04, 02/04, (03/04 Paixão), 06/04, 07/04
      expect(endOfNthBusinessDayAfter('2026-03-30T13:00:00.000Z', 5, HOLIDAYS)).to.equal(endOfBrasiliaDay('2026-04-07'));
    });

    it('given a communication sent on 17/11/2025, then the 5th business day skips 20/11', () => {
      // 18, 19, (20 Consciência Negra), 21, 24, 25
      expect(endOfNthBusinessDayAfter('2025-11-17T13:00:00.000Z', 5, HOLIDAYS)).to.equal(endOfBrasiliaDay('2025-11-25'));
    });
  });

  describe('nthBusinessDayOfYear (art. 54, D7: the CNO by the 10th business day of January)', () => {
    for (const year of [2024, 2025, 2026, 2027]) {
      it(`given ${year}, then the 10th business day is 15/01 (1/1 is January's only holiday)`, () => {
        expect(nthBusinessDayOfYear(year, 10, HOLIDAYS)).to.equal(`${year}-01-15`);
      });
    }

    it('counts 1 as the first business day of the year', () => {
      expect(nthBusinessDayOfYear(2027, 1, HOLIDAYS)).to.equal('2027-01-04');
      expect(nthBusinessDayOfYear(2026, 1, HOLIDAYS)).to.equal('2026-01-02');
    });

    it('follows a tenant calendar with a January holiday of its own', () => {
      expect(nthBusinessDayOfYear(2026, 10, [...HOLIDAYS, '2026-01-12'])).to.equal('2026-01-16');
    });

    it('refuses n below 1', () => {
      expect(() => nthBusinessDayOfYear(2026, 0, HOLIDAYS)).to.throw(RangeError);
    });
  });

  describe('calendar days and Brasília dates', () => {
    it('adds n × 24 hours (D1, D2, D8: "45 dias")', () => {
      expect(addCalendarDays('2026-01-10T12:00:00.000Z', 45)).to.equal('2026-02-24T12:00:00.000Z');
      expect(addCalendarDays('2026-12-20T03:00:00Z', 30)).to.equal('2027-01-19T03:00:00.000Z');
    });

    it('gives the Brasília date of an instant (UTC-03:00)', () => {
      expect(brasiliaDate('2026-01-01T02:59:59.999Z')).to.equal('2025-12-31');
      expect(brasiliaDate('2026-01-01T03:00:00.000Z')).to.equal('2026-01-01');
      expect(brasiliaDate('2026-01-01T00:30:00-03:00')).to.equal('2026-01-01');
      expect(() => brasiliaDate('yesterday')).to.throw(RangeError);
    });

    it('ends a Brasília day at 23:59:59.999 -03:00', () => {
      expect(endOfBrasiliaDay('2026-11-27')).to.equal('2026-11-28T02:59:59.999Z');
      expect(brasiliaDate(endOfBrasiliaDay('2026-11-27'))).to.equal('2026-11-27');
    });
  });
});
