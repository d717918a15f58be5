import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import type { EntryDocument, EntrySanction, EntrySchema, ListEntry, ListId } from '../../../domain/screening/entry.js';
import { isValidCnpj, isValidCpf, normalizeDocument } from '../../../domain/values/document.js';
import { visibleText, withoutInvisibles } from '../../../domain/values/invisible.js';
import { isCalendarDay } from '../../../domain/values/partial-date.js';
import { derivedEntryId, ListFileError, withContentHash, type ListFile } from './port.js';

/**
 * What the Brazilian importers share: decoding, `;` CSV read by header name, and the values
 * every Brazilian list writes the same way (CPF/CNPJ, dd/mm/yyyy dates, "Sem Informação").
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The CGU says ISO-8859-1 and the MTE writes Windows-1252; Windows-1252 reads both (they only
 * differ on 0x80-0x9F, control codes in ISO-8859-1, and a CGU header has a 0x96 `–`). A file
 * that is valid UTF-8 (a re-saved or future edition, BOM or not) is read as UTF-8.
 */
export function decodeText(data: Buffer): string {
  try {
    return utf8.decode(data).replace(/^\uFEFF/, '');
  } catch {
    return iconv.decode(data, 'win1252');
  }
}

/** The one CSV of a list: the caller gives the files of the upload or of the zip. */
export function pickCsv(listId: ListId, files: readonly ListFile[]): ListFile {
  const csvs = files.length === 1 ? files : files.filter((f) => /\.(csv|txt)$/i.test(f.name));
  const [file] = csvs;
  if (!file || csvs.length > 1) throw new ListFileError(listId, `expected one CSV file, got ${files.map((f) => f.name).join(', ') || 'none'}`);
  if (file.data.every((byte) => byte <= 0x20)) throw new ListFileError(listId, `${file.name} is empty`);
  return file;
}

/** `20261120_CEIS.csv` -> 2026-11-20; a month-only name (`202610_PEP.csv`) states no day: null. */
export function publishedFromName(name: string): string | null {
  const m = /(?:^|\D)(\d{4})(\d{2})(\d{2})_[^/\\]*$/.exec(name);
  return m ? isoDate(m[1], m[2], m[3]) : null;
}

/** Header names compared without accents, case, `_` or repeated spaces (`DETALHAMENTO  DO`). */
export const columnKey = (name: string): string => fold(name.replace(/_/g, ' '));

/**
 * Upper case without accents or invisible characters and with single spaces: how names and headers
 * are compared (the keys of entities and columns; screening itself reads names through the
 * matcher's `normalizeName`).
 */
export const fold = (text: string): string =>
  withoutInvisibles(text).normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();

/** A cell as the entry keeps it: trimmed, single spaces, no invisible characters, and null for the placeholders of "no value". */
export function clean(raw: string | undefined): string | null {
  const text = visibleText(raw ?? '');
  // folding every cell would cost more than the rest of the parse: only short s/n words can be a placeholder
  return text === '' || (text.length <= 15 && /^[sn]/i.test(text) && NO_VALUE.has(fold(text))) ? null : text;
}
const NO_VALUE = new Set(['SEM INFORMACAO', 'NAO INFORMADA', 'NAO INFORMADO', 'NAO SE APLICA']);

/** One data row, read by column (or the first of alternative names present); null when empty or absent. */
export type Row = (column: string | readonly string[]) => string | null;

export interface Table {
  /** the records after the header; null for one of the wrong width (a broken row, or a footer line) */
  rows: (Row | null)[];
  /** the lines above the header (the MTE's legacy banner) */
  preamble: string[][];
  /** records the CSV parser could not read */
  skipped: number;
}

interface TableOptions {
  /** column names the file must have, each with its alternatives: `['NOME PEP', 'NOME']` */
  required: readonly (string | readonly string[])[];
  /** finds the header among leading banner lines; default: the first record */
  isHeader?: (keys: readonly string[]) => boolean;
}

/**
 * The records of a `;` CSV by header name. RFC-4180 quoting is optional per field (CGU quotes
 * everything, the MTE nothing), blank lines and trailing separators are ignored, a record
 * with fewer or extra non-empty cells is a null row; a missing header or column, or a quote
 * left open (the file was cut), makes the whole file unreadable.
 */
export function readTable(listId: ListId, file: ListFile, options: TableOptions): Table {
  let skipped = 0;
  const records = parseCsv(listId, file, () => skipped++);
  const at = options.isHeader ? records.findIndex((r) => options.isHeader!(r.map(columnKey))) : 0;
  const header = records[at]?.map(columnKey);
  if (!header) throw new ListFileError(listId, `${file.name} has no header line`);
  // a trailing separator on the header line alone must not make every row one cell short
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const missing = options.required.filter((names) => !alternatives(names).some((n) => header.includes(columnKey(n))));
  if (missing.length > 0) throw new ListFileError(listId, `${file.name} lacks the column(s) ${missing.map((n) => alternatives(n)[0]).join(', ')}`);
  const index = new Map(header.map((key, i) => [key, i] as const).reverse());
  const positions = new Map<string, number>();
  const position = (column: string | readonly string[]): number => {
    const names = alternatives(column);
    let i = positions.get(names.join('|'));
    if (i === undefined) positions.set(names.join('|'), (i = names.map((n) => index.get(columnKey(n))).find((j) => j !== undefined) ?? -1));
    return i;
  };
  const rows = records.slice(at + 1).map((cells): Row | null => {
    const wrongWidth = cells.length < header.length || cells.slice(header.length).some((c) => c.trim() !== '');
    return wrongWidth ? null : (column) => clean(cells[position(column)]);
  });
  return { rows, preamble: records.slice(0, at), skipped };
}

const alternatives = (names: string | readonly string[]): readonly string[] => (typeof names === 'string' ? [names] : names);

function parseCsv(listId: ListId, file: ListFile, onSkip: () => void): string[][] {
  let unclosed = false;
  const records = parse(decodeText(file.data), {
    delimiter: ';',
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error?.code === 'CSV_QUOTE_NOT_CLOSED') unclosed = true;
      else onSkip();
      return undefined;
    },
  }) as string[][];
  if (unclosed) throw new ListFileError(listId, `${file.name} ends inside a quoted field (truncated file?)`);
  return records;
}

/** `dd/mm/yyyy` (or `yyyy-mm-dd`) of a real calendar day -> `YYYY-MM-DD`; anything else null. */
export function brDate(raw: string | null): string | null {
  const m = raw ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null;
  if (!m) return null;
  return raw!.includes('/') ? isoDate(m[3], m[2]?.padStart(2, '0'), m[1]?.padStart(2, '0')) : isoDate(m[1], m[2], m[3]);
}

function isoDate(year?: string, month?: string, day?: string): string | null {
  return isCalendarDay(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : null;
}

/**
 * A CPF or CNPJ cell as a document: digits only, masked positions kept as `*` (`***.456.789-**`
 * -> `***456789**`). A full number is a cpf/cnpj only when its check digits are right: a
 * number with wrong check digits (a typo, a foreign registration, a 7- or 9-digit id) is kept
 * as `other`, as published, so it can never make an exact-document match with someone else.
 * An alphanumeric CNPJ (IN RFB 2.229/2024) keeps its letters, upper-cased.
 */
export function brDocument(raw: string | null): EntryDocument | null {
  if (!raw) return null;
  // letters are otherwise dropped as noise around the digits ("CPF: …"); only a whole valid CNPJ keeps them
  const alphanumeric = normalizeDocument(raw);
  if (/[A-Z]/.test(alphanumeric) && isValidCnpj(alphanumeric)) return { type: 'cnpj', value: alphanumeric, masked: false, country: 'BR' };
  const value = raw.replace(/[^\d*]/g, '');
  if (!/\d/.test(value)) return null;
  if (value.includes('*')) {
    const type = value.length === 11 ? 'cpf' : value.length === 14 ? 'cnpj' : 'other';
    return { type, value, masked: true, country: type === 'other' ? null : 'BR' };
  }
  // 000.000.000-00 and the like pass mod 11 but are no one's number
  const real = !/^(\d)\1*$/.test(value);
  if (real && value.length === 11 && isValidCpf(value)) return { type: 'cpf', value, masked: false, country: 'BR' };
  if (real && value.length === 14 && isValidCnpj(value)) return { type: 'cnpj', value, masked: false, country: 'BR' };
  return { type: 'other', value: raw, masked: false, country: null };
}

/** A cell that names someone: it has letters (CEIS puts CNPJs and process numbers in names). */
export const isName = (text: string | null): text is string => text !== null && /\p{L}.*\p{L}/su.test(text);

/** The entity a row is about: its document; a masked CPF is not unique, so with the name. */
export function entityKey(document: EntryDocument | null, name: string): string {
  if (!document) return `name:${fold(name)}`;
  return document.masked ? `doc:${document.value}:${fold(name)}` : `doc:${document.value}`;
}

export const schemaOf = (document: EntryDocument | null): EntrySchema =>
  document?.type === 'cpf' ? 'person' : document?.type === 'cnpj' ? 'company' : 'other';

/** Several legal bases in one cell (`;;` in CNEP, `;` in CEAF), written one way. */
export const legalBasis = (raw: string | null): string | null =>
  raw === null ? null : raw.split(/;+/).map((s) => s.trim()).filter(Boolean).join('; ') || null;

/** What one published row says about its person or company. */
export interface RowFacts {
  /** the entity the row belongs to (`entityKey`): its rows merge into one entry */
  key: string;
  /** sorts the rows of one entity, so a file in another order gives the same entries */
  order: string;
  schema: EntrySchema;
  /** the row's name first */
  names: readonly string[];
  documents: readonly EntryDocument[];
  countries: readonly string[];
  sanctions: readonly EntrySanction[];
  listed_on: string | null;
  remark: string | null;
}

/**
 * One entry per entity, in the order entities first appear. Names, documents and sanctions
 * are unions without repeats (two rows with the same sanction under two codes give one
 * sanction); the primary name is that of the entity's first row in `order`.
 */
export function entriesFrom<F extends RowFacts>(listId: ListId, facts: readonly F[], more?: (rows: readonly F[]) => Pick<ListEntry, 'pep'>): ListEntry[] {
  const groups = new Map<string, F[]>();
  for (const row of facts) {
    const group = groups.get(row.key);
    if (group) group.push(row);
    else groups.set(row.key, [row]);
  }
  return [...groups].map(([key, rows]) => entryOf(listId, key, rows.sort((a, b) => compare(a.order, b.order)), more));
}

function entryOf<F extends RowFacts>(listId: ListId, key: string, rows: readonly F[], more?: (rows: readonly F[]) => Pick<ListEntry, 'pep'>): ListEntry {
  const names = unique(rows.flatMap((r) => r.names), fold);
  const sanctions = unique(rows.flatMap((r) => r.sanctions), sanctionKey).sort((a, b) => compare(sanctionKey(a), sanctionKey(b)));
  const listedOn = rows.map((r) => r.listed_on).filter((d): d is string => d !== null).sort()[0] ?? null;
  const remarks = unique(rows.map((r) => r.remark).filter((r): r is string => r !== null), (r) => r);
  return withContentHash({
    list_id: listId,
    entry_id: derivedEntryId(listId, key),
    schema: rows.find((r) => r.schema !== 'other')?.schema ?? 'other',
    names: names.map((name, i) => ({ name, kind: i === 0 ? 'primary' : 'alias' })),
    documents: unique(rows.flatMap((r) => r.documents), (d) => `${d.type}:${d.value}`),
    birth_dates: [],
    countries: unique(rows.flatMap((r) => r.countries), (c) => c).sort(),
    sanctions,
    listed_on: listedOn,
    remarks: remarks.length > 0 ? remarks.join('\n') : null,
    // a list's own typed block (br_pep's offices)
    ...more?.(rows),
  });
}

const sanctionKey = (s: EntrySanction): string =>
  [s.start_date, s.end_date, s.program, s.category, s.authority, s.legal_basis].map((v) => v ?? '').join('\u001f');

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function unique<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `label: value` parts of a remark, without the empty ones. */
export const labelled = (parts: readonly (readonly [string, string | null])[]): string =>
  parts.filter(([, v]) => v !== null).map(([label, v]) => (label ? `${label}: ${v}` : v)).join('; ');
