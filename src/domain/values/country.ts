import { getAlpha2Codes } from 'i18n-iso-countries/index.js';

/** User-assigned ranges of ISO 3166-1 (AA, QM-QZ, XA-XZ, ZZ): XK, which the package lists, is one of them. */
const USER_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
// Intl.DisplayNames will not do: it names ZZ "Unknown Region" and EU "European Union". The
// package's index.js is the code list alone; its main entry also loads every locale's names.
const COUNTRIES: ReadonlySet<string> = new Set(Object.keys(getAlpha2Codes()).filter((code) => !USER_ASSIGNED.test(code)));

/**
 * An assigned ISO 3166-1 alpha-2 code in upper case (`BR`, `US`): the one country check of the
 * service (FX counterparties, screening qualifiers, tenant-list CSVs).
 */
export const isCountryCode = (value: unknown): value is string => typeof value === 'string' && COUNTRIES.has(value);
