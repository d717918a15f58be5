import { expect } from 'chai';
import { isCountryCode } from '../../src/domain/values/country.js';
import { isCalendarDay, isPartialDate } from '../../src/domain/values/partial-date.js';

describe('qualifier values: partial dates and country codes', () => {
  it('a partial date is a real year, month or day', () => {
    for (const ok of ['1990', '1990-02', '1990-12-31', '2000-02-29']) expect(isPartialDate(ok), ok).to.equal(true);
    for (const bad of ['1990-13-45', '1990-02-30', '1900-02-29', '1990-13', '1990-00', '1990-01-00', '90-01-01', '1990-1-1', '', ' 1990', 19900101]) expect(isPartialDate(bad), String(bad)).to.equal(false);
  });

  it('the precisions allowed can be narrowed', () => {
    expect(isPartialDate('1990', ['year'])).to.equal(true);
    expect(isPartialDate('1990-02', ['year', 'day'])).to.equal(false);
    expect(isPartialDate('1990-02-28', ['year', 'day'])).to.equal(true);
  });

  it('a calendar day knows month lengths and leap years', () => {
    expect([isCalendarDay(2024, 2, 29), isCalendarDay(2023, 2, 29), isCalendarDay(2023, 4, 31), isCalendarDay(2023, 12, 31)]).to.deep.equal([true, false, false, true]);
  });

  it('a country is an assigned ISO 3166-1 alpha-2 code in upper case', () => {
    for (const ok of ['BR', 'US', 'PT', 'RU']) expect(isCountryCode(ok), ok).to.equal(true);
    for (const bad of ['ZZ', 'AA', 'XX', 'XK', 'QM', 'br', 'BRA', '', null]) expect(isCountryCode(bad), String(bad)).to.equal(false);
  });
});
