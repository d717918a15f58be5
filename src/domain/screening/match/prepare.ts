import { doubleMetaphone } from 'double-metaphone';
import { isValidCnpj, isValidCpf } from '../../values/document.js';
import { withoutInvisibles } from '../../values/invisible.js';
import type { EntryDocument, EntryName, EntrySchema, ListEntry } from '../entry.js';
import { normalizeName, type NameToken } from './normalize.js';
import { portuguesePhoneticKey } from './phonetic-pt.js';
import type { PreparedToken } from './similarity.js';
import { transliterationKeys } from './translit.js';

/**
 * Queries, plain records and list entries in the form the scorer compares: every name's tokens
 * with their phonetic keys, documents reduced to their characters, birth dates parsed. An entry is prepared
 * once when its list is loaded, so one comparison only reads.
 */

/** What is screened: a customer, a counterparty, an analyst's search. */
export interface ScreeningQuery {
  schema: EntrySchema;
  name: string;
  /** YYYY-MM-DD, YYYY-MM or YYYY */
  birth_date?: string | null;
  /** ISO 3166 alpha-2 */
  country?: string | null;
  /** more countries the subject is tied to (nationality and address), `country` among them */
  countries?: readonly string[] | null;
  /** CPF or CNPJ, formatted or not */
  doc?: string | null;
}

/** A plain record to compare with (POST /screening/compare): its doc may be masked as lists publish it. */
export interface CandidateRecord {
  schema?: EntrySchema;
  name: string;
  birth_date?: string | null;
  country?: string | null;
  doc?: string | null;
}

export interface PreparedName {
  name: string;
  kind: EntryName['kind'];
  tokens: readonly PreparedToken[];
  /**
   * A person's family name, where the name says which it is: "MADURO MOROS, Nicolas" is Nicolas
   * of the Maduro family (Hispanic names put the mother's surname last). Absent, the last word.
   */
  family?: number;
}

/** A CPF (11 digits) or CNPJ (14, letters upper case), masked positions as `*`. */
export interface PreparedDocument {
  value: string;
  masked: boolean;
}

export interface BirthDate {
  text: string;
  year: number;
  month: number | null;
  day: number | null;
}

export interface PreparedRecord {
  schema: EntrySchema;
  names: readonly PreparedName[];
  documents: readonly PreparedDocument[];
  birth_dates: readonly BirthDate[];
  countries: readonly string[];
}

export interface PreparedEntry extends PreparedRecord {
  entry: ListEntry;
}

/** Shares one token object per distinct token across a whole index (150,000 names, far fewer words). */
export type TokenInterner = (token: NameToken) => PreparedToken;

const tokenId = (token: NameToken): string => `${token.kind}:${token.spoken}`;

/** Interned tokens' ids, unique across interners so a memo keyed by them never confuses two. */
let nextTokenId = 0;

/** Interns into `tokens`: the same word is one object everywhere. */
export function createInterner(tokens: Map<string, PreparedToken> = new Map(), prepare: (token: NameToken) => PreparedToken = prepareToken): TokenInterner {
  return (token) => {
    const id = tokenId(token);
    let prepared = tokens.get(id);
    if (!prepared) {
      prepared = { ...prepare(token), id: nextTokenId++ };
      tokens.set(id, prepared);
    }
    return prepared;
  };
}

/** Finds in `tokens` without adding: a query reuses the index's tokens and leaves it as it was. */
export const lookupInterner =
  (tokens: ReadonlyMap<string, PreparedToken>, prepare: (token: NameToken) => PreparedToken = prepareToken): TokenInterner =>
  (token) =>
    tokens.get(tokenId(token)) ?? prepare(token);

const NO_KEYS: readonly string[] = Object.freeze([]);

export function prepareToken(token: NameToken): PreparedToken {
  // particles get transliteration keys too: bin, ben and ibn are one word
  if (token.kind === 'particle') return { id: -1, text: token.text, kind: token.kind, key: '', voweled: '', dm: ['', ''], tk: transliterationKeys(token.text).filter((k) => k.startsWith('t:')) };
  if (token.kind !== 'word' && token.kind !== 'patronymic') return { id: -1, text: token.text, kind: token.kind, key: '', voweled: '', dm: ['', ''], tk: NO_KEYS };
  return {
    id: -1,
    text: token.text,
    kind: token.kind,
    key: portuguesePhoneticKey(token.spoken),
    voweled: portuguesePhoneticKey(token.spoken, { vowels: true }),
    dm: doubleMetaphone(token.text),
    tk: transliterationKeys(token.text),
  };
}

/**
 * The longest published names (IRGC units, DPRK banks) have about 15 words; beyond 32 a "name" is
 * text, and comparing it word by word against every entry would only cost time.
 */
export const MAX_NAME_TOKENS = 32;

/** The tokens a name is compared by (at most MAX_NAME_TOKENS), as normalizeName cuts them. */
export const nameTokens = (name: string, schema: EntrySchema): NameToken[] => normalizeName(name.slice(0, MAX_NAME_TOKENS * 40), schema).slice(0, MAX_NAME_TOKENS);

/**
 * The family name's position in "SURNAMES, Given" written names with several surnames: the first
 * surname, after the given names once reordered. Null where the name does not say.
 */
function familyOf(name: string, tokens: readonly NameToken[]): number | null {
  const comma = name.indexOf(',');
  if (comma < 0 || name.indexOf(',', comma + 1) >= 0 || !/\S\s+\S/.test(name.slice(0, comma).trim())) return null;
  const surnames = normalizeName(name.slice(0, comma), 'person');
  const given = normalizeName(name.slice(comma + 1), 'person');
  if (given.length === 0 || surnames.length + given.length !== tokens.length) return null;
  for (let i = given.length; i < tokens.length; i++) if (tokens[i]?.kind === 'word') return i;
  return null;
}

export function prepareName(name: string, kind: EntryName['kind'], schema: EntrySchema, intern: TokenInterner = prepareToken): PreparedName {
  const tokens = nameTokens(name, schema);
  const family = schema === 'person' ? familyOf(name, tokens) : null;
  return family === null ? { name, kind, tokens: tokens.map(intern) } : { name, kind, tokens: tokens.map(intern), family };
}

/**
 * A CPF or CNPJ as comparable characters: punctuation dropped, letters upper-cased, 11 digits or
 * `*` (`***.456.789-**` is `***456789**`) or 14 of which the first 12 may be letters (an
 * alphanumeric CNPJ), with at least 4 positions visible; invisible characters do not count. Anything
 * else compares as no document (passports and foreign ids are not matched here).
 */
export function comparableDocument(value: string | null | undefined): PreparedDocument | null {
  if (!value) return null;
  const compact = withoutInvisibles(value).replace(/[\s.\-/]/g, '').replace(/[a-z]/g, (letter) => letter.toUpperCase());
  if (!/^[\d*]{11}$/.test(compact) && !/^[\dA-Z*]{12}[\d*]{2}$/.test(compact)) return null;
  if (compact.replace(/\*/g, '').length < 4) return null;
  return { value: compact, masked: compact.includes('*') };
}

export function parseBirthDate(text: string | null | undefined): BirthDate | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text?.trim() ?? '');
  if (!m) return null;
  return { text: m[0], year: Number(m[1]), month: m[2] ? Number(m[2]) : null, day: m[3] ? Number(m[3]) : null };
}

const present = <T>(value: T | null): value is T => value !== null;

function prepareRecordFields(
  schema: EntrySchema,
  name: string,
  rest: { birth_date?: string | null; country?: string | null; countries?: readonly string[] | null; doc?: string | null },
  intern: TokenInterner = prepareToken,
): PreparedRecord {
  return {
    schema,
    names: [prepareName(name, 'primary', schema, intern)],
    documents: [comparableDocument(rest.doc)].filter(present),
    birth_dates: [parseBirthDate(rest.birth_date)].filter(present),
    countries: [...new Set([rest.country, ...(rest.countries ?? [])].filter((c): c is string => !!c).map((c) => c.trim().toUpperCase()))],
  };
}

export const prepareQuery = (query: ScreeningQuery, intern: TokenInterner = prepareToken): PreparedRecord => prepareRecordFields(query.schema, query.name, query, intern);

/** A plain candidate; without its own schema it takes the query's. */
export const prepareRecord = (record: CandidateRecord, schema: EntrySchema): PreparedRecord => prepareRecordFields(record.schema ?? schema, record.name, record);

/**
 * The entry's CPFs and CNPJs. An id of another type counts only when it is Brazilian and a valid
 * CPF/CNPJ (a CNPJ published as a registration number); a Turkish national id also has 11 digits,
 * and reading it as a CPF would exclude a true match.
 */
function entryDocument(document: EntryDocument): PreparedDocument | null {
  const prepared = comparableDocument(document.value);
  if (!prepared || document.type === 'cpf' || document.type === 'cnpj') return prepared;
  if (document.type === 'passport' || document.country?.toUpperCase() !== 'BR' || prepared.masked) return null;
  return isValidCpf(prepared.value) || isValidCnpj(prepared.value) ? prepared : null;
}

export function prepareEntry(entry: ListEntry, intern: TokenInterner = prepareToken): PreparedEntry {
  return {
    entry,
    schema: entry.schema,
    names: entry.names.filter((n) => n.name.trim() !== '').map((n) => prepareName(n.name, n.kind, entry.schema, intern)),
    documents: entry.documents.map(entryDocument).filter(present),
    birth_dates: entry.birth_dates.map(parseBirthDate).filter(present),
    countries: entry.countries.map((c) => c.toUpperCase()),
  };
}
