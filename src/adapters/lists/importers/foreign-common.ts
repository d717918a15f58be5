import { createRequire } from 'node:module';
import { parse as parseCsv } from 'csv-parse/sync';
import countries from 'i18n-iso-countries';
import iconv from 'iconv-lite';
import sax from 'sax';
import type { EntryDocument, EntryName, EntrySanction, EntrySchema, ListEntry } from '../../../domain/screening/entry.js';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../../../domain/values/document.js';
import { visibleText, withoutInvisibles } from '../../../domain/values/invisible.js';
import { ListFileError, withContentHash, type ListFile } from './port.js';

/* Helpers shared by the importers of the foreign lists (OFAC, UN, EU, UK). */

countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

// ---------------------------------------------------------------------------------------------
// Files and text

/** The file whose base name (any folder, any case) is one of `names`. */
export function findFile(files: readonly ListFile[], names: readonly string[]): ListFile | undefined {
  const wanted = names.map((n) => n.toLowerCase());
  return files.find((f) => wanted.includes(baseName(f.name)));
}

const baseName = (name: string): string => (name.split(/[\\/]/).pop() ?? name).toLowerCase();

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a published file: a UTF-8 BOM says UTF-8; otherwise strict UTF-8, falling back
 * to Windows-1252 (a superset of ISO-8859-1 for printable text) when the bytes are not UTF-8.
 * OFAC ends its CSVs with a DOS end-of-file byte (0x1A), which is no content.
 */
export function decodeText(data: Buffer, declared?: string | null): string {
  let text: string;
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) text = data.subarray(3).toString('utf8');
  else if (declared && !/^utf-?8$/i.test(declared) && iconv.encodingExists(declared)) text = iconv.decode(data, declared);
  else {
    try {
      text = utf8.decode(data);
    } catch {
      text = iconv.decode(data, 'win1252');
    }
  }
  return text.replace(/\u001a+\s*$/, '');
}

/** Records of a delimited file, tolerant: stray quotes inside fields, ragged rows, blank lines. */
export function readCsv(listId: string, text: string, delimiter: string): string[][] {
  try {
    return parseCsv(text, { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: ['\r\n', '\n'] }) as string[][];
  } catch (err) {
    throw new ListFileError(listId, `not a readable CSV: ${(err as Error).message}`);
  }
}

/** Trimmed, inner whitespace (line breaks included) collapsed, invisible characters gone; null when empty. */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = visibleText(value);
  return v === '' ? null : v;
}

/** Free text: line breaks kept, but not the indentation or padding around them; null when empty. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const v = value.split(/\r?\n/).map((line) => line.replace(/[ \t]+/g, ' ').trim()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return v === '' ? null : v;
}

// ---------------------------------------------------------------------------------------------
// XML

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Text of the first child named `name`, cleaned. */
export const childText = (node: XmlNode, name: string): string | null => clean(node.children.find((c) => c.name === name)?.text);
export const childrenNamed = (node: XmlNode, name: string): XmlNode[] => node.children.filter((c) => c.name === name);

/** The encoding an XML declaration states, if any. */
export const declaredXmlEncoding = (data: Buffer): string | null =>
  /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(data.subarray(0, 200).toString('latin1'))?.[1] ?? null;

/**
 * Streams an XML document and hands over, one at a time, each element whose name `isRecord`
 * accepts, as a small tree: memory stays bounded by one record, time linear in the file.
 * Returns the root element's name and attributes. Malformed or truncated XML throws.
 */
export function streamXmlRecords(listId: string, text: string, isRecord: (name: string) => boolean, onRecord: (node: XmlNode) => void): { name: string; attrs: Record<string, string> } {
  const parser = sax.parser(true, { trim: false, normalize: false });
  let root: { name: string; attrs: Record<string, string> } | null = null;
  const stack: XmlNode[] = [];
  let depthOutside = 0;
  parser.onopentag = (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    if (!root) root = { name: localName(tag.name), attrs };
    const name = localName(tag.name);
    if (stack.length > 0 || isRecord(name)) {
      const node: XmlNode = { name, attrs, children: [], text: '' };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    } else depthOutside++;
  };
  parser.onclosetag = () => {
    if (stack.length === 0) {
      depthOutside--;
      return;
    }
    const node = stack.pop()!;
    if (stack.length === 0) onRecord(node);
  };
  parser.ontext = (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.oncdata = parser.ontext;
  try {
    parser.write(text).close();
  } catch (err) {
    throw new ListFileError(listId, `not readable XML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!root) throw new ListFileError(listId, 'not an XML document');
  if (depthOutside !== 0 || stack.length !== 0) throw new ListFileError(listId, 'truncated XML');
  return root;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

// ---------------------------------------------------------------------------------------------
// Countries

/* Names the publishers use that the ISO English names do not cover (OFAC, UN, UK spellings). */
const COUNTRY_ALIASES: Record<string, string | null> = {
  'korea, north': 'KP', 'korea, south': 'KR', "democratic people's republic of korea": 'KP', 'north korea': 'KP', dprk: 'KP', 'british virgin islands': 'VG', 'virgin islands, british': 'VG',
  'republic of korea': 'KR', burma: 'MM', syria: 'SY', 'west bank': 'PS', gaza: 'PS', palestinian: 'PS',
  'state of palestine': 'PS', 'occupied palestinian territories': 'PS', 'bahamas, the': 'BS', 'the gambia': 'GM',
  'congo, democratic republic of the': 'CD', 'democratic republic of the congo': 'CD', 'congo, republic of the': 'CG',
  congo: 'CG', 'cote d ivoire': 'CI', "cote d'ivoire": 'CI', "côte d'ivoire": 'CI', laos: 'LA', moldova: 'MD',
  brunei: 'BN', macau: 'MO', macao: 'MO', crimea: 'UA', 'northern mali': 'ML', eritrean: 'ER', 'iran (islamic republic of)': 'IR',
  'united kingdom of great britain and northern ireland': 'GB', 'united kingdom': 'GB', uk: 'GB', 'türkiye': 'TR', turkey: 'TR',
  'china, hong kong special administrative region': 'HK', 'viet nam': 'VN', vietnam: 'VN', 'united republic of tanzania': 'TZ',
  'russian federation': 'RU', russia: 'RU', 'syrian arab republic': 'SY', 'united states of america': 'US', 'united states': 'US',
  'bolivia (plurinational state of)': 'BO', 'venezuela (bolivarian republic of)': 'VE', 'lao people\'s democratic republic': 'LA',
  'republic of moldova': 'MD', 'kosovo': 'XK', 'cabo verde': 'CV', 'macedonia, the former yugoslav republic of': 'MK',
  'north macedonia': 'MK', 'czech republic': 'CZ', 'swaziland': 'SZ', 'eswatini': 'SZ', 'netherlands antilles': null,
  'bosnia-herzegovina': 'BA', macedonia: 'MK', drc: 'CD', 'gaza strip': 'PS', 'palestinian territories': 'PS',
  'palestinian authority': 'PS', 'the philippines': 'PH', phillipines: 'PH', england: 'GB', scotland: 'GB', wales: 'GB',
  'comoros islands': 'KM', 'st kitts and nevis': 'KN', usa: 'US', 'u.s.a.': 'US', uae: 'AE', 'ivory coast': 'CI',
  undetermined: null, unknown: null, 'former soviet union': null, na: null, 'kafia kingi': null,
};

const countryCache = new Map<string, string | null>();

const fold = (name: string): string => withoutInvisibles(name).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/* Every English name and alias of every country, folded, built once: a lookup is then O(1). */
const ISO_NAMES = new Map<string, string>(
  Object.entries(countries.getNames('en', { select: 'all' })).flatMap(([code, names]) => names.map((n) => [fold(n), code] as [string, string])),
);

/** ISO 3166 alpha-2 of a country as a publisher names it (or of an alpha-2 code), else null. */
export function toAlpha2(name: string | null | undefined): string | null {
  const key = clean(name)?.toLowerCase().replace(/^(region|possibly):\s*|^possibly\s+/, '');
  if (!key) return null;
  const cached = countryCache.get(key);
  if (cached !== undefined) return cached;
  const code = lookupCountry(key);
  countryCache.set(key, code);
  return code;
}

/**
 * The country a place names last (`Giza, Egypt`, `Pyongyang, Korea, North`, `Khartoum Sudan`):
 * its last two comma parts (OFAC writes `Korea, North`), its last part, else its last three,
 * two or one words (whole names first: `Democratic Republic of the Congo` is not `Congo`).
 */
export function countryOfPlace(place: string | null | undefined): string | null {
  const exact = toAlpha2(place);
  if (exact) return exact;
  const parts = (place ?? '').replace(/[()]/g, ' ').split(',');
  const lastTwo = parts.length > 1 ? toAlpha2(parts.slice(-2).join(',')) : null;
  if (lastTwo) return lastTwo;
  const last = clean(parts.at(-1));
  if (!last) return null;
  const whole = toAlpha2(last);
  if (whole) return whole;
  const words = last.split(' ');
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const code = toAlpha2(words.slice(-n).join(' '));
    if (code) return code;
  }
  return null;
}

function lookupCountry(key: string): string | null {
  if (key in COUNTRY_ALIASES) return COUNTRY_ALIASES[key] ?? null;
  if (/^[a-z]{2}$/.test(key)) return countries.isValid(key.toUpperCase()) ? key.toUpperCase() : null;
  return ISO_NAMES.get(fold(key)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Dates

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

/** `YYYY-MM-DD` when the parts make a real calendar day, else null. */
export function isoDay(year: number | string, month: number | string, day: number | string): string | null {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (![y, m, d].every(Number.isInteger) || y < 1800 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A plausible four-digit year as text, else null. */
export function isoYear(year: number | string | null | undefined): string | null {
  const y = Number(year);
  return Number.isInteger(y) && y >= 1800 && y <= 2200 ? String(y) : null;
}

/** `YYYY-MM-DD` from an ISO date or time (`2015-04-07-04:00` included), else null. */
export function isoDateOf(value: string | null | undefined): string | null {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? isoDay(m[1]!, m[2]!, m[3]!) : null;
}

/** `dd/mm/yyyy` as `YYYY-MM-DD`; placeholder day or month (`dd/mm/1968`) keeps the year only. */
export function dmyDate(value: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2}|dd)\/(\d{1,2}|mm)\/(\d{4})\s*$/i.exec(value ?? '');
  if (!m) return null;
  if (/^\d+$/.test(m[1]!) && /^\d+$/.test(m[2]!)) return isoDay(m[3]!, m[2]!, m[1]!);
  return isoYear(m[3]);
}

/**
 * Every year of a range when it is short (a matcher compares years), else its two ends: a
 * "1960 to 1990" range says little more than its ends.
 */
export function yearRange(from: string | number | null | undefined, to: string | number | null | undefined): string[] {
  const [a, b] = [isoYear(from), isoYear(to)];
  if (!a || !b) return [a, b].filter((y): y is string => y !== null);
  const [lo, hi] = Number(a) <= Number(b) ? [Number(a), Number(b)] : [Number(b), Number(a)];
  if (hi - lo > 10) return [String(lo), String(hi)];
  return Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));
}

/**
 * Birth dates written in English prose, as OFAC does: `19 Jun 1951`, `Mar 1954`, `1948`,
 * `circa 1951`, `1960 to 1962`, `01 Jan 1960 to 31 Dec 1962`, `circa 1951-1952`. A month without
 * its day, or a range, keeps only years (the entry model has no month precision). Unreadable
 * text gives [].
 */
export function proseDates(text: string): string[] {
  const t = text.replace(/\b(circa|approximately|approx\.?|about)\b/gi, ' ').trim();
  const range = /^(.*?)\s*(?:\bto\b|-|–)\s*(.*)$/i.exec(t);
  if (range && /\d{4}/.test(range[1]!) && /\d{4}/.test(range[2]!)) {
    // Born somewhere between two dates: the years are what is known.
    const [a, b] = [proseDates(range[1]!), proseDates(range[2]!)];
    return yearRange(a[0]?.slice(0, 4), b[0]?.slice(0, 4));
  }
  const dmy = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(t);
  if (dmy) {
    const month = MONTHS[dmy[2]!.slice(0, 3).toLowerCase()];
    const day = month ? isoDay(dmy[3]!, month, dmy[1]!) : null;
    return day ? [day] : [];
  }
  const my = /^([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(t);
  if (my) return MONTHS[my[1]!.slice(0, 3).toLowerCase()] ? [my[2]!].filter((y) => isoYear(y)) : [];
  const y = /^(\d{4})$/.exec(t);
  return y && isoYear(y[1]) ? [y[1]!] : [];
}

// ---------------------------------------------------------------------------------------------
// Documents

/**
 * A document as the entry model wants it. A Brazilian CPF or CNPJ (valid check digits, stated
 * as Brazilian or written in its own format) becomes `cpf`/`cnpj` unpunctuated (an alphanumeric
 * CNPJ upper-cased), so the matcher can compare it exactly with a customer's document.
 */
export function entryDocument(type: EntryDocument['type'], rawValue: string, country: string | null): EntryDocument | null {
  const value = clean(rawValue);
  if (!value) return null;
  const cpfShaped = /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(value);
  const cnpjShaped = /^[\dA-Z]{2}\.[\dA-Z]{3}\.[\dA-Z]{3}\/[\dA-Z]{4}-\d{2}$/i.test(value);
  const brazilian = country === 'BR' || cpfShaped || cnpjShaped;
  if (brazilian && type !== 'passport') {
    if (isValidCnpj(value)) return { type: 'cnpj', value: normalizeDocument(value), masked: false, country: 'BR' };
    if (isValidCpf(value)) return { type: 'cpf', value: normalizeDocument(value), masked: false, country: 'BR' };
  }
  return { type, value, masked: false, country };
}

// ---------------------------------------------------------------------------------------------
// Building an entry from rows spread over a file

const KIND_RANK: Record<EntryName['kind'], number> = { primary: 0, alias: 1, former: 2, weak_alias: 3 };

/**
 * What is known so far of one entry. Values come in the publisher's order and are kept once:
 * the same name, document or date repeated on several rows is one.
 */
export class EntryDraft {
  schema: EntrySchema = 'other';
  listed_on: string | null = null;
  private readonly names = new Map<string, EntryName>();
  private readonly documents = new Map<string, EntryDocument>();
  private readonly birthDates = new Set<string>();
  private readonly countrySet = new Set<string>();
  private readonly sanctions = new Map<string, EntrySanction>();
  private readonly remarks: string[] = [];

  constructor(readonly entryId: string) {}

  /** A name; one seen before keeps its strongest kind (a primary stays primary). */
  name(raw: string | null | undefined, kind: EntryName['kind']): void {
    const name = clean(raw);
    if (!name) return;
    const known = this.names.get(name);
    if (!known || KIND_RANK[kind] < KIND_RANK[known.kind]) this.names.set(name, { name, kind });
  }

  hasPrimary(): boolean {
    return [...this.names.values()].some((n) => n.kind === 'primary');
  }

  document(doc: EntryDocument | null): void {
    if (!doc) return;
    const key = `${doc.type}\u001f${doc.value}`;
    const known = this.documents.get(key);
    if (!known || (known.country === null && doc.country !== null)) this.documents.set(key, doc);
  }

  birthDate(...dates: (string | null | undefined)[]): void {
    for (const d of dates) if (d) this.birthDates.add(d);
  }

  country(...codes: (string | null | undefined)[]): void {
    for (const c of codes) if (c) this.countrySet.add(c);
  }

  sanction(sanction: EntrySanction): void {
    const { program, authority, category, start_date, end_date, legal_basis } = sanction;
    this.sanctions.set([program, authority, category, start_date, end_date, legal_basis].join('\u001f'), sanction);
  }

  remark(text: string | null | undefined): void {
    const t = cleanText(text);
    if (t && !this.remarks.includes(t)) this.remarks.push(t);
  }

  hasNames(): boolean {
    return this.names.size > 0;
  }

  toEntry(listId: string): ListEntry {
    const names = [...this.names.values()];
    // A publisher that marks no primary name still names the entry: its first name is it.
    if (names.length > 0 && !names.some((n) => n.kind === 'primary')) names[0] = { ...names[0]!, kind: 'primary' };
    return withContentHash({
      list_id: listId,
      entry_id: this.entryId,
      schema: this.schema,
      names,
      documents: [...this.documents.values()],
      birth_dates: [...this.birthDates],
      countries: [...this.countrySet],
      sanctions: [...this.sanctions.values()],
      listed_on: this.listed_on,
      remarks: this.remarks.length > 0 ? this.remarks.join('\n') : null,
    });
  }
}

/** Drafts by entry id, in the order the file first names them. */
export class Drafts {
  private readonly byId = new Map<string, EntryDraft>();

  get(entryId: string): EntryDraft | undefined {
    return this.byId.get(entryId);
  }

  getOrCreate(entryId: string): EntryDraft {
    let draft = this.byId.get(entryId);
    if (!draft) this.byId.set(entryId, (draft = new EntryDraft(entryId)));
    return draft;
  }

  /** The entries; drafts that never got a name cannot be screened and are counted as skipped. */
  entries(listId: string): { entries: ListEntry[]; unnamed: number } {
    const drafts = [...this.byId.values()];
    const named = drafts.filter((d) => d.hasNames());
    return { entries: named.map((d) => d.toEntry(listId)), unnamed: drafts.length - named.length };
  }
}

/** A sanction with every field the entry model has, null where the list says nothing. */
export const sanctionOf = (fields: Partial<EntrySanction>): EntrySanction => ({
  program: clean(fields.program),
  authority: clean(fields.authority),
  category: clean(fields.category),
  start_date: fields.start_date ?? null,
  end_date: fields.end_date ?? null,
  legal_basis: clean(fields.legal_basis),
});
