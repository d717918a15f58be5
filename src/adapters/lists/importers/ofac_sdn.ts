import type { EntryDocument, EntryName, EntrySchema } from '../../../domain/screening/entry.js';
import { clean, countryOfPlace, decodeText, Drafts, entryDocument, findFile, proseDates, readCsv, sanctionOf, toAlpha2, type EntryDraft } from './foreign-common.js';
import { ListFileError, type ListFile, type ListImporter, type ParsedList } from './port.js';

/*
 * OFAC SDN, legacy CSV set (LAYOUTS.md section 1): sdn.csv + alt.csv + add.csv, and
 * sdn_comments.csv continuing remarks cut at 1,000 characters. No header; `-0- ` is null;
 * identity documents, birth dates, nationalities and weak aliases live in the remarks.
 * The consolidated (non-SDN) files have the same layouts under `cons_*` names.
 */

const LIST_ID = 'ofac_sdn';

const FILES = {
  sdn: ['sdn.csv', 'cons_prim.csv'],
  add: ['add.csv', 'cons_add.csv'],
  alt: ['alt.csv', 'cons_alt.csv'],
  comments: ['sdn_comments.csv', 'cons_comments.csv'],
} as const;

/** `-0- ` (with its trailing space) is OFAC's null. */
const value = (field: string | undefined): string | null => {
  const v = clean(field);
  return v === '-0-' ? null : v;
};

const SCHEMAS: Record<string, EntrySchema> = { individual: 'person', vessel: 'vessel', aircraft: 'aircraft' };

export const ofacSdnImporter: ListImporter = {
  list_id: LIST_ID,
  parse: async (files) => parseOfac(files),
};

function parseOfac(files: readonly ListFile[]): ParsedList {
  const sdn = rowsOf(files, 'sdn', 12, true)!;
  const alt = rowsOf(files, 'alt', 5, true)!;
  const add = rowsOf(files, 'add', 6, true)!;
  const comments = rowsOf(files, 'comments', 2, false);
  let skipped = sdn.skipped + alt.skipped + add.skipped + (comments?.skipped ?? 0);

  const spill = new Map<string, string>();
  for (const [ent, text] of comments?.rows ?? []) spill.set(ent!, (spill.get(ent!) ?? '') + (text ?? ''));

  const drafts = new Drafts();
  for (const row of sdn.rows) {
    const draft = drafts.getOrCreate(row[0]!);
    // A remark cut at 1,000 characters goes on in sdn_comments.csv mid-word: joined as is.
    fromSdnRow(draft, row, (row[11] ?? '') + (spill.get(row[0]!) ?? ''));
  }
  for (const [ent, , type, name, remarks] of alt.rows) {
    const draft = drafts.get(ent!);
    if (!draft) skipped++;
    else draft.name(value(name), altKind(value(type), value(remarks)));
  }
  for (const [ent, , , , country] of add.rows) {
    const draft = drafts.get(ent!);
    if (!draft) skipped++;
    else draft.country(toAlpha2(value(country)));
  }
  const { entries, unnamed } = drafts.entries(LIST_ID);
  // The CSV set states no publication date.
  return { entries, published_at: null, skipped: skipped + unnamed };
}

/** The valid rows of one file (numeric id first, enough columns); a file mostly not so is refused. */
function rowsOf(files: readonly ListFile[], kind: keyof typeof FILES, columns: number, required: boolean): { rows: string[][]; skipped: number } | null {
  const file = findFile(files, FILES[kind]);
  if (!file) {
    if (required) throw new ListFileError(LIST_ID, `${FILES[kind][0]} is missing`);
    return null;
  }
  const records = readCsv(LIST_ID, decodeText(file.data), ',');
  const rows = records.filter((r) => r.length >= columns && /^\s*\d+\s*$/.test(r[0] ?? '')).map((r) => [r[0]!.trim(), ...r.slice(1)]);
  if ((kind === 'sdn' && rows.length === 0) || rows.length * 2 < records.length) {
    throw new ListFileError(LIST_ID, `${file.name} is not in the OFAC ${FILES[kind][0]} layout (${columns} columns, no header)`);
  }
  return { rows, skipped: records.length - rows.length };
}

function fromSdnRow(draft: EntryDraft, row: string[], remarks: string): void {
  const [, name, type, programs, , callSign, , , , flag] = row;
  draft.schema = SCHEMAS[value(type)?.toLowerCase() ?? ''] ?? 'company';
  draft.name(value(name), 'primary');
  for (const program of (value(programs) ?? '').split('] [')) {
    if (clean(program)) draft.sanction(sanctionOf({ program, authority: 'OFAC' }));
  }
  draft.document(value(callSign) ? entryDocument('other', `Call Sign ${value(callSign)}`, null) : null);
  draft.country(toAlpha2(value(flag)));
  const text = value(remarks);
  draft.remark(text);
  if (text) for (const fact of text.replace(/\.\s*$/, '').split(/;\s*/)) fromRemark(draft, fact.trim().replace(/^alt\.\s+/i, ''));
}

/** alt.csv types: aka, fka (former), nka (now known as: a current name). */
function altKind(type: string | null, remarks: string | null): EntryName['kind'] {
  if (type?.toLowerCase() === 'fka') return 'former';
  return remarks && /low quality|weak/i.test(remarks) ? 'weak_alias' : 'alias';
}

/* Quoted a.k.a.s in the remarks are not in alt.csv: OFAC's low-quality ("weak") aliases. */
const REMARK_NAME_KINDS: Record<string, EntryName['kind']> = { a: 'weak_alias', f: 'former', n: 'alias' };

/** One `;`-separated fact of the remarks: the ones that say who the entry is feed the entry. */
function fromRemark(draft: EntryDraft, fact: string): void {
  let m: RegExpExecArray | null;
  if ((m = /^DOB:?\s+(.+)$/i.exec(fact))) draft.birthDate(...proseDates(m[1]!));
  else if ((m = /^POB:?\s+(.+)$/i.exec(fact))) draft.country(countryOfPlace(m[1]));
  else if ((m = /^(?:nationality|citizen)(?: of)?:?\s+(.+)$/i.exec(fact))) draft.country(toAlpha2(m[1]));
  else if ((m = /^(a|f|n)\.k\.a\.,?\s+'?(.+?)'?$/i.exec(fact))) draft.name(m[2], REMARK_NAME_KINDS[m[1]!.toLowerCase()]!);
  else draft.document(remarkDocument(fact, draft.schema));
}

/** Labels as OFAC writes them (longest first, so `Registration ID` is not read as `Registration`). */
const labels = (alternatives: string[]): RegExp =>
  new RegExp(`^(?:${[...alternatives].sort((a, b) => b.length - a.length).join('|')}):?\\s+(?=\\S)`, 'i');

/* Identity facts of the remarks, most specific first (`Identification Number IMO ...` is a ship's). */
const DOCUMENT_LABELS: [RegExp, EntryDocument['type']][] = [
  [/^(?:Identification Number|Company Number)\s+(?=IMO\b)/i, 'other'],
  [labels(['(?:Diplomatic |Official |Service )?Passport(?: Booklet)?(?: No\\.?| Number)?', 'Travel Document Number']), 'passport'],
  [
    labels([
      'Cedula No\\.?', 'National ID No\\.?', 'National Foreign ID Number', 'National Identification Number', 'Identification Number',
      'Personal ID Card', 'Turkish Identification Number', "Citizen's Card Number", 'Kenyan ID No\\.?', 'Tazkira National ID Card',
      'Numero de Identidad', 'Residency Number', 'Birth Certificate Number', 'LE Number', 'Electoral Registry No\\.?',
      'Credencial electoral', 'Immigration No\\.?', 'VisaNumberID', "Driver's License No\\.?", 'Cartilla de Servicio Militar Nacional',
      'I\\.F\\.E\\.', 'C\\.U\\.R\\.P\\.(?: #)?', 'C\\.U\\.I\\.P\\.', 'C\\.U\\.I\\.', 'D\\.N\\.I\\.', 'SSN',
      'CNP \\(Personal Numerical Code\\)', 'CPF',
    ]),
    'national_id',
  ],
  [
    labels([
      'Tax ID No\\.?', 'NIT #', 'R\\.F\\.C\\.(?: #)?', 'RFC', 'RUC #', 'RIF #', 'RTN', 'V\\.A\\.T\\. Number', 'US FEIN',
      'Italian Fiscal Code', 'C\\.U\\.I\\.T\\.', 'C\\.I\\.F\\.', 'CNPJ', 'Numero Unico de Identificacao Tributaria \\(NUIT\\)',
    ]),
    'tax_id',
  ],
  [
    labels([
      'Registration Number', 'Registration ID', 'Company Number', 'UK Company Number', 'Business Registration Number',
      'Business Registration Document #(?: CUD:)?', 'Business Number', 'Commercial Registry Number', 'Folio Mercantil No\\.?',
      'Matricula Mercantil No\\.?', 'Government Gazette Number', 'C\\.R\\. No\\.?', 'Trade License No\\.?',
      'Chamber of Commerce Number', 'Dubai Chamber of Commerce Membership No\\.?', 'Certificate of Incorporation Number',
      'Registered Charity No\\.?', 'D-U-N-S Number', 'Legal Entity Number', 'Enterprise Number', 'Public Registration Number',
      'Branch Unit Number', 'United Social Credit Code Certificate \\(USCCC\\)', 'Unified Social Credit Code \\(USCC\\)',
      'SWIFT/BIC', 'BIK \\(RU\\)', 'Vessel Registration Identification', 'MMSI', "Aircraft Manufacturer's Serial Number \\(MSN\\)",
      'Aircraft Construction Number \\(also called L/N or S/N or F/N\\)', 'Aircraft Tail Number', 'Previous Aircraft Tail Number',
      'Aircraft Serial Identification', 'Aircraft Mode S Transponder Code', 'Pilot License Number', 'SRE Permit No\\.?', 'File Number',
    ]),
    'other',
  ],
];

/** `Passport 1084010 (Egypt) issued 1999 expires 2004` -> passport `1084010`, EG. */
function remarkDocument(fact: string, schema: EntrySchema): EntryDocument | null {
  for (const [pattern, labelType] of DOCUMENT_LABELS) {
    const m = pattern.exec(fact);
    if (!m) continue;
    let rest = fact.slice(m[0].length).split(/\s+(?:issued|expires?|expiring|expiration|valid)\b/i)[0]!;
    let country: string | null = null;
    const paren = /\s*\(([^()]*)\)\s*$/.exec(rest);
    if (paren && (country = toAlpha2(paren[1]))) rest = rest.slice(0, paren.index);
    // An `Identification Number` of a company or a ship is a registration, not a national id.
    const type = labelType === 'national_id' && schema !== 'person' ? 'other' : labelType;
    return /[0-9A-Za-z]/.test(rest) ? entryDocument(type, rest, country) : null;
  }
  return null;
}
