import type { EntryDocument, EntryName } from '../../../domain/screening/entry.js';
import {
  childrenNamed, childText, clean, countryOfPlace, decodeText, declaredXmlEncoding, Drafts, entryDocument, findFile, isoDateOf, isoYear,
  sanctionOf, streamXmlRecords, toAlpha2, yearRange, type XmlNode,
} from './foreign-common.js';
import { ListFileError, type ListFile, type ListImporter, type ParsedList } from './port.js';

/*
 * UN Security Council consolidated list (LAYOUTS.md section 2): `<CONSOLIDATED_LIST>` with
 * `INDIVIDUALS/INDIVIDUAL` and `ENTITIES/ENTITY`, id `DATAID`. Empty placeholder elements are
 * common and mean nothing; values carry stray spaces and line breaks.
 */

const LIST_ID = 'un_sc';

export const unScImporter: ListImporter = {
  list_id: LIST_ID,
  parse: async (files) => parseUn(files),
};

function parseUn(files: readonly ListFile[]): ParsedList {
  // Fetched from its URL the file is consolidated.xml; uploaded alone it may be named anything.
  const file = findFile(files, ['consolidated.xml']) ?? (files.length === 1 ? files[0] : undefined);
  if (!file) throw new ListFileError(LIST_ID, 'consolidated.xml is missing');
  const drafts = new Drafts();
  let skipped = 0;
  const text = decodeText(file.data, declaredXmlEncoding(file.data));
  const isRecord = (name: string) => name === 'INDIVIDUAL' || name === 'ENTITY';
  const root = streamXmlRecords(LIST_ID, text, isRecord, (node) => {
    if (!fromRecord(drafts, node)) skipped++;
  });
  if (root.name !== 'CONSOLIDATED_LIST') throw new ListFileError(LIST_ID, `not the UN consolidated list (root <${root.name}>)`);
  const { entries, unnamed } = drafts.entries(LIST_ID);
  return { entries, published_at: clean(root.attrs['dateGenerated']), skipped: skipped + unnamed };
}

function fromRecord(drafts: Drafts, node: XmlNode): boolean {
  const id = childText(node, 'DATAID');
  if (!id) return false;
  const draft = drafts.getOrCreate(id);
  const individual = node.name === 'INDIVIDUAL';
  draft.schema = individual ? 'person' : 'company';
  draft.name(['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((n) => childText(node, n)).filter(Boolean).join(' '), 'primary');
  draft.name(childText(node, 'NAME_ORIGINAL_SCRIPT'), 'alias');
  for (const alias of childrenNamed(node, individual ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
    draft.name(childText(alias, 'ALIAS_NAME'), aliasKind(childText(alias, 'QUALITY')));
  }
  const listedOn = isoDateOf(childText(node, 'LISTED_ON'));
  draft.listed_on = listedOn;
  draft.sanction(sanctionOf({ program: childText(node, 'UN_LIST_TYPE'), authority: 'UN Security Council', start_date: listedOn }));
  for (const nationality of childrenNamed(node, 'NATIONALITY')) draft.country(...values(nationality).map(toAlpha2));
  for (const address of childrenNamed(node, individual ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) draft.country(toAlpha2(childText(address, 'COUNTRY')));
  for (const place of childrenNamed(node, 'INDIVIDUAL_PLACE_OF_BIRTH')) draft.country(countryOfPlace(childText(place, 'COUNTRY')));
  for (const dob of childrenNamed(node, 'INDIVIDUAL_DATE_OF_BIRTH')) draft.birthDate(...birthDates(dob));
  for (const doc of childrenNamed(node, 'INDIVIDUAL_DOCUMENT')) draft.document(document(doc));
  // The committee's reference (QDi.314) is how UN notices and other lists cite the entry.
  const reference = childText(node, 'REFERENCE_NUMBER');
  draft.remark(reference ? `Reference number: ${reference}` : null);
  draft.remark(node.children.find((c) => c.name === 'COMMENTS1')?.text);
  return true;
}

const values = (node: XmlNode): string[] => childrenNamed(node, 'VALUE').map((v) => clean(v.text)).filter((v): v is string => v !== null);

/** Individuals: Good / Low (weak) quality; entities: a.k.a. / f.k.a. in the same element. */
function aliasKind(quality: string | null): EntryName['kind'] {
  const q = quality?.toLowerCase() ?? '';
  if (q === 'low') return 'weak_alias';
  return q.startsWith('f.k.a') ? 'former' : 'alias';
}

/** `DATE`, `YEAR`, `FROM_YEAR`+`TO_YEAR`, or only a `NOTE` like `Nov. 1973` (its year). */
function birthDates(dob: XmlNode): string[] {
  const date = isoDateOf(childText(dob, 'DATE'));
  if (date) return [date];
  const year = isoYear(childText(dob, 'YEAR'));
  if (year) return [year];
  const range = yearRange(childText(dob, 'FROM_YEAR'), childText(dob, 'TO_YEAR'));
  if (range.length > 0) return range;
  // Only a Gregorian year in the note counts: `24/06/1402 (Hijri Calendar)` is no 1402.
  const noted = /\b(19|20)\d{2}\b/.exec(childText(dob, 'NOTE') ?? '');
  return noted ? [noted[0]] : [];
}

function document(doc: XmlNode): EntryDocument | null {
  const number = childText(doc, 'NUMBER');
  if (!number) return null;
  const label = childText(doc, 'TYPE_OF_DOCUMENT') ?? '';
  const type: EntryDocument['type'] = /pass(port|eport)|pasaporte/i.test(label)
    ? 'passport'
    : /national identi|identity card|national id/i.test(label)
      ? 'national_id'
      : 'other';
  return entryDocument(type, number, toAlpha2(childText(doc, 'ISSUING_COUNTRY') ?? childText(doc, 'COUNTRY_OF_ISSUE')));
}
