/**
 * Dates as lists publish them: a year (`1990`), a month (`1990-07`) or a day (`1990-07-14`),
 * each a real one (no month 13, no 30 February). The one date check of the service's qualifiers
 * and list files.
 */
const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** Whether year, month and day name a day of the (proleptic Gregorian) calendar. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  // day 0 of the next month is the last day of this one
  return Number.isInteger(year) && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type DatePrecision = 'year' | 'month' | 'day';

/** Whether `value` is a real date at one of the precisions allowed (all three unless told). */
export function isPartialDate(value: unknown, allowed: readonly DatePrecision[] = ['year', 'month', 'day']): value is string {
  const m = typeof value === 'string' ? PARTIAL_DATE.exec(value) : null;
  if (!m) return false;
  const [, year, month, day] = m;
  const precision: DatePrecision = day !== undefined ? 'day' : month !== undefined ? 'month' : 'year';
  if (!allowed.includes(precision)) return false;
  return isCalendarDay(Number(year), month === undefined ? 1 : Number(month), day === undefined ? 1 : Number(day));
}
