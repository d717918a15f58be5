import type { EntryName, EntrySchema } from '../../../domain/screening/entry.js';
import { clean, decodeText, dmyDate, Drafts, entryDocument, isoDay, readCsv, sanctionOf, toAlpha2, type EntryDraft } from './foreign-common.js';
import { ListFileError, type ListFile, type ListImporter, type ParsedList } from './port.js';

/*
 * UK Sanctions List, FCDO CSV (LAYOUTS.md section 4): a `Report Date: 20-Nov-2026` line, then
 * the header; one row per name and per address of a designation, grouped by `Unique ID`.
 */

const LIST_ID = 'uk_fcdo';

export const ukFcdoImporter: ListImporter = {
  list_id: LIST_ID,
  parse: async (files) => parseUk(files),
};

const REQUIRED_COLUMNS = ['Unique ID', 'Name 6', 'Name type', 'Designation Type'];
const NAME_PARTS = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'];
const SCHEMAS: Record<string, EntrySchema> = { individual: 'person', entity: 'company', ship: 'vessel' };
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function parseUk(files: readonly ListFile[]): ParsedList {
  const file = files.find((f) => /\.csv$/i.test(f.name)) ?? files[0];
  if (!file || file.data.length === 0) throw new ListFileError(LIST_ID, 'no UK Sanctions List CSV');
  const records = readCsv(LIST_ID, decodeText(file.data), ',');
  // The header is row 2 after the report date; found by name in case that line goes away.
  const headerAt = records.slice(0, 5).findIndex((r) => r.some((v) => v.trim() === 'Unique ID'));
  const header = records[headerAt]?.map((v) => v.trim()) ?? [];
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (headerAt < 0 || missing.length > 0) throw new ListFileError(LIST_ID, `not the UK Sanctions List CSV layout: no column ${missing.join(', ')}`);
  const index = new Map(header.map((name, i) => [name, i]));
  const drafts = new Drafts();
  let skipped = 0;
  for (const row of records.slice(headerAt + 1)) {
    const col = (name: string): string | null => clean(row[index.get(name) ?? -1]);
    const id = col('Unique ID');
    if (!id) {
      skipped++;
      continue;
    }
    fromRow(drafts.getOrCreate(id), col, row, index);
  }
  const { entries, unnamed } = drafts.entries(LIST_ID);
  return { entries, published_at: reportDate(records.slice(0, headerAt)), skipped: skipped + unnamed };
}

function fromRow(draft: EntryDraft, col: (name: string) => string | null, row: string[], index: Map<string, number>): void {
  draft.schema = SCHEMAS[col('Designation Type')?.toLowerCase() ?? ''] ?? 'other';
  draft.name(NAME_PARTS.map(col).filter(Boolean).join(' '), nameKind(col('Name type'), col('Alias strength')));
  draft.name(col('Name non-latin script'), 'alias');
  const designated = dmyDate(col('Date Designated'));
  draft.listed_on = designated ?? draft.listed_on;
  draft.sanction(sanctionOf({
    program: col('Regime Name'),
    authority: col('Designation source')?.toUpperCase() === 'UN' ? 'UN Security Council' : 'UK FCDO',
    category: [...new Set((col('Sanctions Imposed') ?? '').split('|').map(clean).filter(Boolean))].join('; '),
    start_date: designated,
  }));
  for (const dob of split(col('D.O.B'))) draft.birthDate(dmyDate(dob));
  draft.country(...countries(col('Nationality(/ies)')), toAlpha2(col('Address Country')), toAlpha2(col('Country of birth')));
  draft.country(toAlpha2(col('Current believed flag of ship')));
  for (const passport of split(col('Passport number'), /\|/)) draft.document(entryDocument('passport', passport, null));
  for (const id of split(col('National Identifier number'), /\|/)) draft.document(entryDocument('national_id', id, null));
  for (const reg of split(col('Business registration number (s)'), /\|/)) draft.document(entryDocument('other', reg, null));
  draft.document(col('IMO number') ? entryDocument('other', col('IMO number')!, null) : null);
  const unReference = col('UN Reference Number');
  draft.remark(unReference ? `UN reference number: ${unReference}` : null);
  for (const name of ['UK Statement of Reasons', 'Other Information']) draft.remark(htmlUnescape(row[index.get(name) ?? -1]));
}

/** `Primary Name`, `Primary Name Variation`, `Alias` (weak when `Low quality a.k.a`), any case. */
function nameKind(type: string | null, strength: string | null): EntryName['kind'] {
  const t = type?.toLowerCase() ?? '';
  if (t === 'primary name') return 'primary';
  return t === 'alias' && /low quality/i.test(strength ?? '') ? 'weak_alias' : 'alias';
}

const split = (value: string | null, separator: RegExp = /[|;,]/): string[] =>
  (value ?? '').split(separator).map(clean).filter((v): v is string => v !== null);

/** Several nationalities may be numbered (`(1) Afghanistan (2) Pakistan`) or separated. */
function countries(value: string | null): (string | null)[] {
  const whole = toAlpha2(value);
  if (whole || !value) return [whole];
  return split(value.replace(/\(\d+\)/g, '|'), /[|;,]/).map(toAlpha2);
}

/** `Report Date: 20-Nov-2026` as 2026-11-20. */
function reportDate(lines: string[][]): string | null {
  for (const line of lines) {
    const m = /Report Date:\s*(\d{1,2})-([A-Za-z]{3})-(\d{4})/i.exec(line.join(','));
    const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) + 1 : 0;
    if (m && month > 0) return isoDay(m[3]!, month, m[1]!);
  }
  return null;
}

/* The statements of reasons may carry HTML entities (OpenSanctions unescapes them too). */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function htmlUnescape(value: string | undefined): string | undefined {
  return value?.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? all;
  });
}
