/**
 * Business days ("dias úteis") in Brasília, for the clocks of Circular BCB 3.978 (issue 30,
 * regulatory notes section 0: D4, D5, D6, D7, D9 count business days; D1, D2, D8 calendar days).
 *
 * Pure. A date is a 'YYYY-MM-DD' string meaning a day in Brasília (America/Sao_Paulo); an instant is
 * an ISO 8601 UTC string. Brasília is UTC-03:00 all year since Decreto 9.772/2019 ended daylight
 * saving, so a fixed offset is exact for every instant from 2019 on (older summer instants would be
 * one hour off, which no clock of this product reaches back to).
 *
 * Holidays are data: the national seed below is where a tenant's calendar starts, and the tenant
 * edits its own versioned copy (src/commands/compliance-settings.ts `loadHolidays`), so every
 * function takes the list of holiday dates it must skip.
 */

export interface Holiday {
  date: string;
  name: string;
  kind: 'nacional' | 'bancario' | 'institucional';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Brasília's offset from UTC, in milliseconds (UTC-03:00, no daylight saving since 2019). */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (no 31/02). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value;
}

/** Midnight UTC of a date, as a number of milliseconds; throws a RangeError on anything but a real date. */
function dateMs(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  return Date.parse(`${date}T00:00:00.000Z`);
}

const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function instantMs(instant: string): number {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${instant}`);
  return ms;
}

/** The day in Brasília ('YYYY-MM-DD') on which an instant falls. */
export function brasiliaDate(instant: string): string {
  return dateOf(instantMs(instant) + BRASILIA_OFFSET_MS);
}

/** The last millisecond of a Brasília day (23:59:59.999 at UTC-03:00), as an ISO UTC instant. */
export function endOfBrasiliaDay(date: string): string {
  return new Date(dateMs(date) + DAY_MS - 1 - BRASILIA_OFFSET_MS).toISOString();
}

/** `instant` plus `days` × 24 hours (D1, D2, D8 count calendar days: "45 dias"). */
export function addCalendarDays(instant: string, days: number): string {
  return new Date(instantMs(instant) + days * DAY_MS).toISOString();
}

/**
 * Easter Sunday of a Gregorian year, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
 * Computed here rather than taken from a library: no maintained package does only this, and the
 * holiday packages found carry their own fixed holiday tables, which the tenant's versioned
 * calendar replaces.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateOf(Date.UTC(year, month - 1, day));
}

const FIXED: readonly { md: string; name: string; from?: number }[] = [
  { md: '01-01', name: 'Confraternização Universal' },
  { md: '04-21', name: 'Tiradentes' },
  { md: '05-01', name: 'Dia do Trabalho' },
  { md: '09-07', name: 'Independência do Brasil' },
  { md: '10-12', name: 'Nossa Senhora Aparecida' },
  { md: '11-02', name: 'Finados' },
  { md: '11-15', name: 'Proclamação da República' },
  // Lei 14.759/2023: national holiday from 2024 on
  { md: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', from: 2024 },
  { md: '12-25', name: 'Natal' },
];

/**
 * The national seed of a year, sorted by date: the fixed national holidays of Lei 662/1949 (as
 * amended), Lei 6.802/1980 and Lei 14.759/2023 (20/11 from 2024), Sexta-feira da Paixão (Easter − 2),
 * and, as 'bancario' (days without banking business across the country), Carnaval Monday and Tuesday
 * (Easter − 48, − 47) and Corpus Christi (Easter + 60).
 */
export function nationalHolidays(year: number): Holiday[] {
  if (!Number.isInteger(year) || year < 1900 || year > 9999) throw new RangeError(`not a year: ${year}`);
  const easter = dateMs(easterSunday(year));
  const moved = (days: number): string => dateOf(easter + days * DAY_MS);
  const fixed: Holiday[] = FIXED.filter((f) => f.from === undefined || year >= f.from).map((f) => ({ date: `${year}-${f.md}`, name: f.name, kind: 'nacional' }));
  const movable: Holiday[] = [
    { date: moved(-48), name: 'Carnaval (segunda-feira)', kind: 'bancario' },
    { date: moved(-47), name: 'Carnaval (terça-feira)', kind: 'bancario' },
    { date: moved(-2), name: 'Sexta-feira da Paixão', kind: 'nacional' },
    { date: moved(60), name: 'Corpus Christi', kind: 'bancario' },
  ];
  return [...fixed, ...movable].sort((x, y) => x.date.localeCompare(y.date));
}

function isBusinessMs(ms: number, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(ms).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(dateOf(ms));
}

/** Monday to Friday and not one of `holidays`. */
export function isBusinessDay(date: string, holidays: readonly string[]): boolean {
  return isBusinessMs(dateMs(date), new Set(holidays));
}

/**
 * The date `n` business days after `date` (before it when `n` is negative); `date` itself is not
 * counted, so 1 is the next business day even when `date` is one. `n` = 0 gives `date` back.
 */
export function addBusinessDays(date: string, n: number, holidays: readonly string[]): string {
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of business days: ${n}`);
  const set = new Set(holidays);
  const step = n < 0 ? -DAY_MS : DAY_MS;
  let ms = dateMs(date);
  for (let left = Math.abs(n); left > 0; ) {
    ms += step;
    if (isBusinessMs(ms, set)) left -= 1;
  }
  return dateOf(ms);
}

/**
 * The end (23:59:59.999 Brasília, as an ISO UTC instant) of the `n`-th business day after the
 * Brasília date of `instant` (D6: the 5th business day after sending).
 */
export function endOfNthBusinessDayAfter(instant: string, n: number, holidays: readonly string[]): string {
  return endOfBrasiliaDay(addBusinessDays(brasiliaDate(instant), n, holidays));
}

/** The end of the next business day after the Brasília date of `instant` (art. 48 §2, D4; art. 49, D5). */
export function endOfNextBusinessDay(instant: string, holidays: readonly string[]): string {
  return endOfNthBusinessDayAfter(instant, 1, holidays);
}

/** The `n`-th business day of `year` (1 = the first), e.g. the 10th of January for the CNO (art. 54, D7). */
export function nthBusinessDayOfYear(year: number, n: number, holidays: readonly string[]): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`not a positive number of business days: ${n}`);
  if (!Number.isInteger(year) || year < 1900 || year > 9999) throw new RangeError(`not a year: ${year}`);
  return addBusinessDays(`${year - 1}-12-31`, n, holidays);
}
