import type { EntryDocument } from '../../../domain/screening/entry.js';
import {
  childrenNamed, clean, decodeText, declaredXmlEncoding, dmyDate, Drafts, entryDocument, isoDateOf, isoYear, readCsv, sanctionOf,
  streamXmlRecords, toAlpha2, yearRange, type EntryDraft, type XmlNode,
} from './foreign-common.js';
import { ListFileError, type ListFile, type ListImporter, type ParsedList } from './port.js';

/*
 * EU Financial Sanctions Files (LAYOUTS.md section 3): the CSV 1.1 (`;`, one row per entity and
 * name, address, birth date, identification or citizenship, grouped by Entity_LogicalId) or the
 * XML 1.1 (one `sanctionEntity` each). Both give the same entries, except that only the XML says
 * which aliases are weak (`strong="false"`).
 */

const LIST_ID = 'eu_fsf';

export const euFsfImporter: ListImporter = {
  list_id: LIST_ID,
  parse: async (files) => parseEu(files),
};

/* One entity's parts, whichever format they come from. */
interface Regulation { programme: string | null; organisationType: string | null; numberTitle: string | null; publicationDate: string | null }
interface Entity { designationDate: string | null; remark: string | null; subject: string | null; euReference: string | null; unReference: string | null }
interface Name { wholeName: string | null; firstName: string | null; middleName: string | null; lastName: string | null; weak: boolean }
interface Birth { date: string | null; year: string | null; from: string | null; to: string | null; country: string | null }
interface Identification { number: string | null; latinNumber: string | null; typeCode: string | null; country: string | null }

function parseEu(files: readonly ListFile[]): ParsedList {
  const file = files.find((f) => /\.xml$/i.test(f.name)) ?? files.find((f) => /\.csv$/i.test(f.name)) ?? files[0];
  if (!file || file.data.length === 0) throw new ListFileError(LIST_ID, 'no EU sanctions file (fsf.csv or fsf.xml)');
  const text = decodeText(file.data, declaredXmlEncoding(file.data));
  return text.trimStart().startsWith('<') ? parseXml(text) : parseCsvFile(text);
}

// ---------------------------------------------------------------------------------------------
// CSV 1.1

const REQUIRED_COLUMNS = ['Entity_LogicalId', 'Entity_SubjectType_ClassificationCode', 'NameAlias_WholeName', 'Identification_Number'];

function parseCsvFile(text: string): ParsedList {
  const [header, ...rows] = readCsv(LIST_ID, text, ';');
  const index = new Map((header ?? []).map((name, i) => [name.trim(), i]));
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) throw new ListFileError(LIST_ID, `not the EU FSF CSV 1.1 layout: no column ${missing.join(', ')}`);
  const width = header!.length;
  const drafts = new Drafts();
  let skipped = 0;
  let publishedAt: string | null = null;
  for (const row of rows) {
    const col = (name: string): string | null => clean(row[index.get(name) ?? -1]);
    const id = col('Entity_LogicalId');
    // Values are unquoted: a `;` inside one shifts every later column, and the columns at the
    // end are mostly empty, so only the count of fields tells. Such a row is left out.
    if (!id || row.length !== width) {
      skipped++;
      continue;
    }
    publishedAt ??= dmyDate(col('fileGenerationDate')) ?? isoDateOf(col('fileGenerationDate'));
    const draft = drafts.getOrCreate(id);
    applyEntity(draft, {
      designationDate: col('Entity_DesignationDate'), remark: col('Entity_Remark'), subject: col('Entity_SubjectType_ClassificationCode') ?? col('Entity_SubjectType'),
      euReference: col('Entity_EU_ReferenceNumber'), unReference: col('Entity_UnitedNationId'),
    });
    applyRegulation(draft, col('Entity_DesignationDate'), {
      programme: col('Entity_Regulation_Programme'), organisationType: col('Entity_Regulation_OrganisationType'),
      numberTitle: col('Entity_Regulation_NumberTitle'), publicationDate: col('Entity_Regulation_PublicationDate'),
    });
    // The CSV has no `strong` column: only a remark can say an alias is of low quality.
    applyName(draft, {
      wholeName: col('NameAlias_WholeName'), firstName: col('NameAlias_FirstName'), middleName: col('NameAlias_MiddleName'),
      lastName: col('NameAlias_LastName'), weak: /low quality/i.test(col('NameAlias_Remark') ?? ''),
    });
    applyBirth(draft, {
      date: col('BirthDate_BirthDate'), year: col('BirthDate_Year'), from: col('BirthDate_YearRangeFrom'), to: col('BirthDate_YearRangeTo'),
      country: col('BirthDate_CountryIso2Code'),
    });
    applyIdentification(draft, {
      number: col('Identification_Number'), latinNumber: col('Identification_LatinNumber'), typeCode: col('Identification_TypeCode'),
      country: col('Identification_CountryIso2Code'),
    });
    draft.country(toAlpha2(col('Address_CountryIso2Code')), toAlpha2(col('Citizenship_CountryIso2Code')));
  }
  if (rows.length > 0 && skipped * 2 > rows.length) throw new ListFileError(LIST_ID, `most rows do not have the ${width} fields of the header`);
  const { entries, unnamed } = drafts.entries(LIST_ID);
  return { entries, published_at: publishedAt, skipped: skipped + unnamed };
}

// ---------------------------------------------------------------------------------------------
// XML 1.1 (default namespace http://eu.europa.ec/fpi/fsd/export; elements read by name)

function parseXml(text: string): ParsedList {
  const drafts = new Drafts();
  let skipped = 0;
  const root = streamXmlRecords(LIST_ID, text, (name) => name === 'sanctionEntity', (node) => {
    if (!fromSanctionEntity(drafts, node)) skipped++;
  });
  if (root.name !== 'export') throw new ListFileError(LIST_ID, `not the EU FSF XML layout (root <${root.name}>)`);
  const { entries, unnamed } = drafts.entries(LIST_ID);
  return { entries, published_at: clean(root.attrs['generationDate']), skipped: skipped + unnamed };
}

function fromSanctionEntity(drafts: Drafts, node: XmlNode): boolean {
  const a = (n: XmlNode, name: string): string | null => clean(n.attrs[name]);
  const id = a(node, 'logicalId');
  if (!id) return false;
  const draft = drafts.getOrCreate(id);
  const subject = childrenNamed(node, 'subjectType')[0];
  applyEntity(draft, {
    designationDate: a(node, 'designationDate'), remark: childrenNamed(node, 'remark').map((r) => r.text).join('\n'),
    subject: subject ? (a(subject, 'code') ?? a(subject, 'classificationCode')) : null,
    euReference: a(node, 'euReferenceNumber'), unReference: a(node, 'unitedNationId'),
  });
  for (const r of childrenNamed(node, 'regulation')) {
    applyRegulation(draft, a(node, 'designationDate'), {
      programme: a(r, 'programme'), organisationType: a(r, 'organisationType'), numberTitle: a(r, 'numberTitle'), publicationDate: a(r, 'publicationDate'),
    });
  }
  for (const n of childrenNamed(node, 'nameAlias')) {
    applyName(draft, {
      wholeName: a(n, 'wholeName'), firstName: a(n, 'firstName'), middleName: a(n, 'middleName'), lastName: a(n, 'lastName'),
      weak: a(n, 'strong') === 'false' || childrenNamed(n, 'remark').some((r) => /low quality/i.test(r.text)),
    });
  }
  for (const b of childrenNamed(node, 'birthdate')) {
    applyBirth(draft, { date: a(b, 'birthdate'), year: a(b, 'year'), from: a(b, 'yearRangeFrom'), to: a(b, 'yearRangeTo'), country: a(b, 'countryIso2Code') });
  }
  for (const i of childrenNamed(node, 'identification')) {
    applyIdentification(draft, { number: a(i, 'number'), latinNumber: a(i, 'latinNumber'), typeCode: a(i, 'identificationTypeCode'), country: a(i, 'countryIso2Code') });
  }
  for (const place of [...childrenNamed(node, 'address'), ...childrenNamed(node, 'citizenship')]) draft.country(toAlpha2(a(place, 'countryIso2Code')));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Both formats

function applyEntity(draft: EntryDraft, e: Entity): void {
  draft.schema = /^(person|p)$/i.test(e.subject ?? '') ? 'person' : /^(enterprise|e)$/i.test(e.subject ?? '') ? 'company' : 'other';
  draft.listed_on = isoDateOf(e.designationDate) ?? draft.listed_on;
  draft.remark(e.euReference ? `EU reference number: ${e.euReference}` : null);
  draft.remark(e.unReference ? `UN reference number: ${e.unReference}` : null);
  // The CSV export writes a line break inside a remark as the two characters `\n`.
  draft.remark(e.remark?.replace(/\\n/g, '\n'));
}

const AUTHORITIES: Record<string, string> = { council: 'Council of the European Union', commission: 'European Commission' };

function applyRegulation(draft: EntryDraft, designationDate: string | null, r: Regulation): void {
  if (!r.programme && !r.numberTitle) return;
  draft.sanction(sanctionOf({
    program: r.programme,
    authority: AUTHORITIES[r.organisationType?.toLowerCase() ?? ''] ?? 'European Union',
    start_date: isoDateOf(designationDate) ?? isoDateOf(r.publicationDate),
    legal_basis: r.numberTitle ? `Regulation ${r.numberTitle}` : null,
  }));
}

function applyName(draft: EntryDraft, n: Name): void {
  const name = n.wholeName ?? clean([n.firstName, n.middleName, n.lastName].filter(Boolean).join(' '));
  // The EU marks no primary name: the entity's first strong one is taken as it.
  draft.name(name, n.weak ? 'weak_alias' : draft.hasPrimary() ? 'alias' : 'primary');
}

function applyBirth(draft: EntryDraft, b: Birth): void {
  const date = isoDateOf(b.date);
  const year = isoYear(b.year);
  draft.birthDate(...(date ? [date] : year ? [year] : yearRange(b.from, b.to)));
  draft.country(toAlpha2(b.country));
}

/* EU identification type codes (LAYOUTS.md 3.1) in the entry model's document types. */
const ID_TYPES: Record<string, EntryDocument['type']> = {
  passport: 'passport', id: 'national_id', nationcert: 'national_id', birthcert: 'national_id', electionid: 'national_id',
  residentperm: 'national_id', drivinglicence: 'national_id', travelcardid: 'national_id', ssn: 'national_id', unssn: 'national_id',
  nrn: 'national_id', fiscalcode: 'tax_id', taxid: 'tax_id', euvat: 'tax_id',
};

function applyIdentification(draft: EntryDraft, i: Identification): void {
  const number = i.number ?? i.latinNumber;
  if (!number) return;
  draft.document(entryDocument(ID_TYPES[i.typeCode?.toLowerCase() ?? ''] ?? 'other', number, toAlpha2(i.country)));
}
