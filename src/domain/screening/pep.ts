import type { EntryPep, ListEntry, PepRole } from './entry.js';

/**
 * Who is a politically exposed person, and until when (Res. COAF 40/2021 art. 1; Circular BCB
 * 3.978 art. 27 §5): a person holding a listed office, and for five years after leaving it (the
 * CGU's `data fim carência`). After the end of the grace period the person is no longer a PEP: a
 * list entry of an ex-PEP is not an `is_pep` finding. Days are Brasília days.
 */

/** Years a person stays a PEP after leaving office. */
export const PEP_GRACE_YEARS = 5;

/** YYYY-MM-DD + n years (29/02 -> 28/02 of a common year). */
export function plusYears(day: string, years: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const year = Number(m[1]) + years;
  const month = Number(m[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${m[2]}-${String(Math.min(Number(m[3]), last)).padStart(2, '0')}`;
}

/** The end of grace of an office: as published, else the end of office + 5 years; null while in office. */
export const endOfGrace = (endOfOffice: string | null, published: string | null): string | null =>
  published ?? (endOfOffice ? plusYears(endOfOffice, PEP_GRACE_YEARS) : null);

const BRASILIA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Brasília day (YYYY-MM-DD) of an instant (ISO string or Date). */
export const brasiliaDay = (instant: string | Date): string => BRASILIA_DAY.format(typeof instant === 'string' ? new Date(instant) : instant);

/** 2027-12-31 -> 31/12/2027 (the same text as reports/html.ts `date`). */
export const ddmmyyyy = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** An office makes its holder a PEP on `day`: held (no end of office) or within the grace period, inclusive. */
export function roleActive(role: PepRole, day: string): boolean {
  if (role.end_of_office === null) return true;
  const grace = endOfGrace(role.end_of_office, role.end_of_grace);
  return grace === null || day <= grace;
}

export type PepStatus =
  | {
      pep: true;
      /** the offices that make the person a PEP on the day */
      roles: PepRole[];
      /** the last day of PEP status; null while any office is held */
      until: string | null;
    }
  | {
      pep: false;
      /** the day the last grace period ended */
      since: string | null;
      roles: PepRole[];
    };

/**
 * The PEP status on `day` of a person with these offices. Without offices (an entry cached before
 * the typed `pep` block) the listing alone says PEP, with no end known.
 */
export function pepStatusOn(pep: EntryPep | undefined, day: string): PepStatus {
  const roles = pep?.roles ?? [];
  if (roles.length === 0) return { pep: true, roles: [], until: null };
  const active = roles.filter((r) => roleActive(r, day));
  if (active.length === 0) {
    const ends = roles.map((r) => endOfGrace(r.end_of_office, r.end_of_grace)).filter((d): d is string => d !== null).sort();
    return { pep: false, since: ends[ends.length - 1] ?? null, roles };
  }
  const held = active.some((r) => r.end_of_office === null);
  const until = held ? null : active.map((r) => endOfGrace(r.end_of_office, r.end_of_grace)!).sort().pop()!;
  return { pep: true, roles: active, until };
}

/** "PEP até 31/12/2027" or "em exercício" (an office still held). */
export const pepUntilText = (until: string | null): string => (until === null ? 'em exercício' : `PEP até ${ddmmyyyy(until)}`);

/** "VEREADOR (VEREAD) — MUN. DE ANÁPOLIS-GO" for each office, joined with "; ". */
export function rolesText(roles: readonly PepRole[]): string {
  return roles
    .map((r) => [r.role ?? r.sigla ?? 'cargo não informado', r.role && r.sigla ? ` (${r.sigla})` : '', r.organ ? ` — ${r.organ}` : ''].join(''))
    .join('; ');
}

/** The PEP status of a list entry on the day of `instant`. */
export const entryPepStatus = (entry: Pick<ListEntry, 'pep'>, instant: string | Date): PepStatus => pepStatusOn(entry.pep, brasiliaDay(instant));
