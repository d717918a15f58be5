import { isCountryCode } from '../values/country.js';
import type { ScreeningQuery } from './match/prepare.js';

/**
 * What a subject was registered with, as the screening engine takes it: the run's subject
 * (RunQueued), a monitored customer's profile. `nationality` is stored as sent (free text):
 * an ISO 3166-1 alpha-2 code or a Brazilian's "brasileira" counts; `address_country` is the
 * country of the customer's address (a Brazilian address: BR).
 */
export interface ScreenedSubject {
  type: 'pf' | 'pj';
  name?: unknown;
  doc?: unknown;
  birth_date?: unknown;
  nationality?: unknown;
  address_country?: unknown;
}

const BRAZILIAN = /^(brasil(eir[oa])?|brazil(ian)?)$/i;

/** A nationality as sent, as a country code; null when it reads as none. */
export function nationalityCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (isCountryCode(text.toUpperCase()) && text.length === 2) return text.toUpperCase();
  return BRAZILIAN.test(text) ? 'BR' : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' && value !== '[erased]' ? value : null);

/**
 * The one mapping from a subject to the query every list source, monitoring and the run's
 * re-derivation search with: name, document, a person's birth date and the countries it is
 * tied to (nationality, then the address's). Null without a name to search.
 */
export function subjectScreeningQuery(subject: ScreenedSubject): ScreeningQuery | null {
  const name = text(subject.name);
  if (!name) return null;
  const person = subject.type === 'pf';
  const countries = person ? [nationalityCountry(subject.nationality), text(subject.address_country)] : [text(subject.address_country)];
  const unique = [...new Set(countries.filter((c): c is string => c !== null))];
  return {
    schema: person ? 'person' : 'company',
    name,
    doc: text(subject.doc),
    birth_date: person ? text(subject.birth_date) : null,
    country: unique[0] ?? null,
    ...(unique.length > 1 ? { countries: unique } : {}),
  };
}

/** The screening fields of a customer's profile as a run's subject carries them (absent ones left out). */
export function customerScreeningFields(type: 'pf' | 'pj', profile: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  if (type === 'pf' && typeof profile['birth_date'] === 'string') fields['birth_date'] = profile['birth_date'];
  if (type === 'pf' && typeof profile['nationality'] === 'string') fields['nationality'] = profile['nationality'];
  if (typeof profile['address'] === 'object' && profile['address'] !== null) fields['address_country'] = 'BR';
  return fields;
}
