/**
 * Retention clocks of Circular BCB 3.978/2020, art. 67 (regulatory notes 2.7, 4.1 "Retention
 * clocks", D14, D16, D17). Pure: instants are ISO UTC strings, years counted in Brasília.
 *
 * - customer KYC data (art. 67 I): ten years from 1 January of the year after the relationship
 *   ends. The customer model has no "relationship ended" event, so the customer's last activity
 *   stands for it: while the customer is active the clock keeps moving forward.
 * - operation records (art. 67 III): ten years from 1 January of the year after the operation.
 * - the dossier (art. 67 IV): ten years, from a start the rule does not fix; the notes choose the
 *   later of the case's closure and its customer's KYC clock, so the dossier never goes before
 *   the records it is built on.
 */
import { brasiliaDate } from '../calendar/business-days.js';

/** The minimum retention of every class of art. 67. */
export const RETENTION_YEARS = 10;
export const RETENTION_BASIS = 'Circular BCB 3.978/2020, art. 67';

export type RecordClass = 'customer_kyc' | 'operation' | 'dossier';

/** 00:00 of 1 January of `year` in Brasília (UTC-03:00), as an ISO UTC instant. */
export const startOfBrasiliaYear = (year: number): string => `${String(year).padStart(4, '0')}-01-01T03:00:00.000Z`;

/** The instant until which a record whose clock starts on 1 January after `instant`'s year is kept. */
function tenYearsFromNextJanuary(instant: string): string {
  const year = Number(brasiliaDate(instant).slice(0, 4));
  return startOfBrasiliaYear(year + 1 + RETENTION_YEARS);
}

/** Customer KYC data (art. 67 I): `relationshipEnd` is when the relationship ended, or the customer's last activity. */
export const kycRetentionUntil = (relationshipEnd: string): string => tenYearsFromNextJanuary(relationshipEnd);

/** Operation records (art. 67 III): from 1 January after the operation. */
export const operationRetentionUntil = (operationAt: string): string => tenYearsFromNextJanuary(operationAt);

/**
 * The dossier (art. 67 IV): ten years from the case's closure (or, while open, from `now`: it can
 * only move later), and never before the customer's KYC clock or the operation's.
 */
export function dossierRetentionUntil(input: { closed_at: string | null; now: string; kyc_until: string | null; operation_until: string | null }): string {
  const closure = input.closed_at ?? input.now;
  const fromClosure = addYears(closure, RETENTION_YEARS);
  return latest([fromClosure, input.kyc_until, input.operation_until]);
}

/** The latest of some instants (nulls ignored); throws when there is none. */
export function latest(instants: readonly (string | null)[]): string {
  const present = instants.filter((i): i is string => i !== null).sort();
  if (present.length === 0) throw new RangeError('no instant');
  return present[present.length - 1]!;
}

/** `instant` plus whole calendar years (29 February lands on 1 March). */
export function addYears(instant: string, years: number): string {
  const date = new Date(instant);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

/** A hold on a subject's erasure: the latest clock among its records, with the class that sets it. */
export interface LegalHold {
  until: string;
  record_class: RecordClass;
}

/**
 * The legal hold of a data subject at `now`: the latest retention clock among its records that
 * has not run out yet, or null when every clock has. A tie keeps the first class given.
 */
export function legalHold(clocks: readonly { record_class: RecordClass; until: string }[], now: string): LegalHold | null {
  let hold: LegalHold | null = null;
  for (const clock of clocks) {
    if (clock.until <= now) continue;
    if (hold === null || clock.until > hold.until) hold = { until: clock.until, record_class: clock.record_class };
  }
  return hold;
}

/**
 * The record class a data subject is told holds its data. A dossier is a suspicion case's and
 * naming it would tell the subject a communication to COAF may exist (art. 50: no tipping-off),
 * so the subject hears of the customer record (or the operation record when there is no customer).
 */
export const statedRecordClass = (held: RecordClass, isCustomer: boolean): Exclude<RecordClass, 'dossier'> =>
  held === 'dossier' ? (isCustomer ? 'customer_kyc' : 'operation') : held;
