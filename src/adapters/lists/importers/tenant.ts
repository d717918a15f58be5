import { parse } from 'csv-parse/sync';
import type { EntryDocument, EntrySchema, ListEntry } from '../../../domain/screening/entry.js';
import { EntrySchema as EntrySchemaCodec } from '../../../domain/screening/entry.js';
import { visibleText } from '../../../domain/values/invisible.js';
import { isCountryCode } from '../../../domain/values/country.js';
import { isPartialDate } from '../../../domain/values/partial-date.js';
import { brDate, brDocument, decodeText, fold } from './br-common.js';
import { derivedEntryId, ListFileError, withContentHash, type ListFile, type ListImporter, type ParsedList } from './port.js';

/** The columns of a tenant list's CSV (screening.md section 4); only `name` is required. */
export const TENANT_LIST_COLUMNS = ['name', 'schema', 'doc', 'birth_date', 'country', 'aliases', 'notes'] as const;
type Column = (typeof TENANT_LIST_COLUMNS)[number];

/** a tenant's file is its own data: every bad row is reported, up to this many */
const MAX_REPORTED = 10;
const MAX_NAME = 500;

/**
 * A tenant list's CSV: header `name,schema,doc,birth_date,country,aliases,notes` (any order,
 * optional columns may be left out; `;` accepted as separator, as spreadsheets in Brazil save),
 * aliases separated by `|`. Unlike the official lists, whose quirks are tolerated row by row, a
 * tenant's own file is refused whole when a row is wrong, naming the lines: a blocklist that
 * silently lost a row would screen nobody for it.
 */
export function tenantListImporter(listId: string): ListImporter {
  return {
    list_id: listId,
    worker: { module: import.meta.url, name: 'tenantListImporter', args: [listId] },
    async parse(files: readonly ListFile[]): Promise<ParsedList> {
      const csvs = files.length === 1 ? files : files.filter((f) => /\.(csv|txt)$/i.test(f.name));
      const [file] = csvs;
      if (!file || csvs.length > 1) throw new ListFileError(listId, `expected one CSV file, got ${files.map((f) => f.name).join(', ') || 'none'}`);
      return { entries: parseTenantCsv(listId, file), published_at: null };
    },
  };
}

function parseTenantCsv(listId: string, file: ListFile): ListEntry[] {
  const text = decodeText(file.data);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(',') || !firstLine.includes(';') ? ',' : ';';
  let records: string[][];
  try {
    records = parse(text, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw new ListFileError(listId, `${file.name} is not a readable CSV (${(error as Error).message.slice(0, 200)})`);
  }
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  if (!header || header.every((h) => h === '')) throw new ListFileError(listId, `${file.name} is empty`);
  const unknown = header.filter((h) => !(TENANT_LIST_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) throw new ListFileError(listId, `unknown column(s) ${unknown.map((u) => `"${u.slice(0, 40)}"`).join(', ')}; the header is ${TENANT_LIST_COLUMNS.join(',')}`);
  if (!header.includes('name')) throw new ListFileError(listId, `the header lacks the column name (${TENANT_LIST_COLUMNS.join(',')})`);
  if (new Set(header).size !== header.length) throw new ListFileError(listId, 'a column appears twice in the header');

  const problems: string[] = [];
  const entries = new Map<string, ListEntry>();
  for (const [i, cells] of records.slice(1).entries()) {
    const line = i + 2;
    if (cells.length > header.length && cells.slice(header.length).some((c) => c !== '')) {
      problems.push(`line ${line}: ${cells.length} cells for ${header.length} columns`);
      continue;
    }
    const cell = (column: Column): string => cells[header.indexOf(column)] ?? '';
    const row = rowEntry(listId, cell);
    if (typeof row === 'string') problems.push(`line ${line}: ${row}`);
    else if (!entries.has(row.entry_id)) entries.set(row.entry_id, row);
    if (problems.length >= MAX_REPORTED) break;
  }
  if (problems.length > 0) throw new ListFileError(listId, problems.join('; '));
  return [...entries.values()];
}

/** The entry of one row, or what is wrong with it. */
function rowEntry(listId: string, cell: (column: Column) => string): ListEntry | string {
  const name = visibleText(cell('name'));
  if (!/\p{L}/u.test(name)) return 'name is empty';
  if (name.length > MAX_NAME) return `name is longer than ${MAX_NAME} characters`;
  const rawDoc = cell('doc');
  const doc: EntryDocument | null = rawDoc ? brDocument(rawDoc) : null;
  if (rawDoc && (!doc || doc.type === 'other' || (doc.masked && doc.type !== 'cpf'))) return 'doc must be a valid CPF or CNPJ, or a CPF masked as ***.456.789-**';
  const rawSchema = cell('schema').toLowerCase();
  const schema: EntrySchema | null = rawSchema ? (EntrySchemaCodec.is(rawSchema) ? rawSchema : null) : doc?.type === 'cpf' ? 'person' : doc?.type === 'cnpj' ? 'company' : null;
  if (!schema) return rawSchema ? `schema must be one of ${Object.keys(EntrySchemaCodec.keys).join(', ')}` : 'schema is empty and there is no doc to tell a person from a company';
  const rawBirth = cell('birth_date');
  const birth = rawBirth ? (isPartialDate(rawBirth, ['year']) ? rawBirth : brDate(rawBirth)) : null;
  if (rawBirth && !birth) return 'birth_date must be YYYY, YYYY-MM-DD or DD/MM/YYYY';
  const country = cell('country').toUpperCase();
  if (country && !isCountryCode(country)) return 'country must be an ISO 3166 alpha-2 code';
  const aliases = cell('aliases').split('|').map(visibleText).filter((a) => /\p{L}/u.test(a));
  if (aliases.some((a) => a.length > MAX_NAME)) return `an alias is longer than ${MAX_NAME} characters`;
  const notes = cell('notes') || null;
  return withContentHash({
    list_id: listId,
    // the same person or company on two rows is one entry (a masked CPF is not unique: with the name)
    entry_id: derivedEntryId(listId, doc && !doc.masked ? doc.value : `${doc?.value ?? ''}:${fold(name)}`, schema),
    schema,
    names: [{ name, kind: 'primary' }, ...aliases.filter((a) => fold(a) !== fold(name)).map((a) => ({ name: a, kind: 'alias' as const }))],
    documents: doc ? [doc] : [],
    birth_dates: birth ? [birth] : [],
    countries: country ? [country] : [],
    sanctions: [],
    listed_on: null,
    remarks: notes,
  });
}
