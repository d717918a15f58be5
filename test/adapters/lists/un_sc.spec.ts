import { expect } from 'chai';
import iconv from 'iconv-lite';
import type { ParsedList } from '../../../src/adapters/lists/importers/port.js';
import { unScImporter } from '../../../src/adapters/lists/importers/un_sc.js';
import { entryOf, expectListFileError, fileOf, hashes, sample, sampleBytes } from './foreign-samples.js';

const real = () => sample('un/consolidated.xml');
const realText = () => sampleBytes('un/consolidated.xml').toString('utf8');

/** A one-individual list in the UN layout around `inner`. */
const oneIndividual = (inner: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>') =>
  `${declaration}\n<CONSOLIDATED_LIST dateGenerated="2026-11-20T00:00:00Z"><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID>${inner}</INDIVIDUAL></INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;

describe('UN Security Council consolidated list importer (consolidated.xml)', () => {
  let parsed: ParsedList;
  before(async () => {
    parsed = await unScImporter.parse([real()]);
  });

  it('reads the 730 individuals and 273 entities of the real file, with its generation time', () => {
    expect(parsed.entries).to.have.length(1003);
    expect(parsed.entries.filter((e) => e.schema === 'person')).to.have.length(730);
    expect(parsed.entries.filter((e) => e.schema === 'company')).to.have.length(273);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.published_at).to.equal('2026-02-27T00:00:09.554Z');
  });

  it('maps an individual: name parts joined, alias qualities (Low is weak), birth year, nationality and places, program and listing date', () => {
    const e = entryOf(parsed, '6907995');
    expect(e.list_id).to.equal('un_sc');
    expect(e.schema).to.equal('person');
    expect(e.names).to.deep.equal([
      { name: 'GASTON IYAMUREMYE', kind: 'primary' },
      { name: 'Rumuli', kind: 'weak_alias' },
      { name: 'Byiringiro Victor Rumuli', kind: 'alias' },
      { name: 'Victor Rumuri', kind: 'alias' },
      { name: 'Michel Byiringiro', kind: 'alias' },
    ]);
    expect(e.documents).to.deep.equal([]);
    expect(e.birth_dates).to.deep.equal(['1948']);
    expect(e.countries).to.deep.equal(['RW', 'CD']);
    expect(e.sanctions).to.deep.equal([{ program: 'DRC', authority: 'UN Security Council', category: null, start_date: '2010-12-01', end_date: null, legal_basis: null }]);
    expect(e.listed_on).to.equal('2010-12-01');
    expect(e.remarks).to.match(/^Reference number: CDi\.003\nINTERPOL-UN Security Council Special Notice/);
  });

  it('maps documents with their issuing country, whatever language or line breaks the type is written in', () => {
    expect(entryOf(parsed, '2962519').documents).to.deep.equal([
      { type: 'passport', value: 'F654645', masked: false, country: 'SA' },
      { type: 'national_id', value: '1028745097', masked: false, country: 'SA' },
    ]);
    // `Numéro de passeport `
    expect(entryOf(parsed, '690747').documents).to.deep.equal([{ type: 'passport', value: '381420754', masked: false, country: null }]);
    // `National Identification\n        Number`
    expect(entryOf(parsed, '6908841').documents).to.deep.equal([{ type: 'national_id', value: '00278640', masked: false, country: null }]);
  });

  it('reads the several forms of dates of birth: exact dates, a year, a range of years, a year only in the note; not a Hijri date', () => {
    expect(entryOf(parsed, '6908841').birth_dates).to.deep.equal(['1976-10-05', '1976-10-01', '1976-01-06']);
    expect(entryOf(parsed, '6908996').birth_dates).to.deep.equal(['1987', '1988', '1991', '1992', '1993']);
    expect(entryOf(parsed, '6907996').birth_dates).to.deep.equal(['1973']); // NOTE `Nov. 1973 `
    expect(entryOf(parsed, '2983746').birth_dates).to.include('1977'); // NOTE `Between Aug. and Sep. 1977`
    expect(entryOf(parsed, '2962519').birth_dates).to.deep.equal(['1982-04-19', '1982-04-18']); // and `24/06/1402 (Hijri Calendar)`
  });

  it('keeps the date of a LISTED_ON that carries an offset', () => {
    expect(entryOf(parsed, '6908452').listed_on).to.equal('2015-04-07');
    expect(entryOf(parsed, '6908452').sanctions[0]!.start_date).to.equal('2015-04-07');
  });

  it('maps an entity: f.k.a. aliases are former names, a.k.a. aliases are aliases', () => {
    const e = entryOf(parsed, '6908402');
    expect(e.schema).to.equal('company');
    expect(e.names).to.deep.equal([
      { name: 'ADF', kind: 'primary' },
      { name: 'Allied Democratic Forces', kind: 'alias' },
      { name: 'Forces Démocratiques Alliées-Armée Nationale de Libération de l’Ouganda', kind: 'former' },
      { name: 'ADF/NALU', kind: 'former' },
      { name: 'NALU', kind: 'former' },
    ]);
    expect(e.countries).to.deep.equal(['CD']);
  });

  it('takes the name in its original script as an alias', () => {
    expect(entryOf(parsed, '6908048').names).to.deep.equal([
      { name: 'SADDAM HUSSEIN AL-TIKRITI', kind: 'primary' },
      { name: 'صدام حسين التكريتي', kind: 'alias' },
      { name: 'Abu Ali', kind: 'weak_alias' },
    ]);
  });

  it('ignores the empty placeholder elements', () => {
    const e = entryOf(parsed, '6907993');
    expect(e.names).to.deep.equal([{ name: 'ERIC BADEGE', kind: 'primary' }]);
    expect(e.documents).to.deep.equal([]);
    expect(e.birth_dates).to.deep.equal(['1971']);
  });

  it('drops the indentation of multi-line comments but keeps their lines', () => {
    const remarks = entryOf(parsed, '6908841').remarks!;
    expect(remarks).to.include('Leader of Islamic State in Iraq and the\nLevant');
    expect(remarks).to.not.match(/ \n|\n /);
  });

  it('gives the same ids and hashes on a second parse, and a new hash to the entry whose record changes', async () => {
    expect(hashes(await unScImporter.parse([real()]))).to.deep.equal(hashes(parsed));
    const changed = await unScImporter.parse([fileOf('consolidated.xml', realText().replace('<ALIAS_NAME>Victor Rumuri</ALIAS_NAME>', '<ALIAS_NAME>Victor Rumury</ALIAS_NAME>'))]);
    const [before, after] = [hashes(parsed), hashes(changed)];
    expect([...before].filter(([id, hash]) => after.get(id) !== hash).map(([id]) => id)).to.deep.equal(['6907995']);
  });

  it('accepts the file under another name, and a declared ISO-8859-1 encoding', async () => {
    expect((await unScImporter.parse([{ ...real(), name: 'content' }])).entries).to.have.length(1003);
    const latin1 = iconv.encode(oneIndividual('<FIRST_NAME>JOSÉ</FIRST_NAME><SECOND_NAME>MUÑOZ</SECOND_NAME>', '<?xml version="1.0" encoding="ISO-8859-1"?>'), 'latin1');
    expect((await unScImporter.parse([fileOf('consolidated.xml', latin1)])).entries[0]!.names).to.deep.equal([{ name: 'JOSÉ MUÑOZ', kind: 'primary' }]);
  });

  it('skips and counts a record without DATAID or without any name', async () => {
    const xml = oneIndividual('<FIRST_NAME>A</FIRST_NAME>').replace('<ENTITIES/>', '<ENTITIES><ENTITY><FIRST_NAME>NO ID</FIRST_NAME></ENTITY><ENTITY><DATAID>2</DATAID><FIRST_NAME/></ENTITY></ENTITIES>');
    const result = await unScImporter.parse([fileOf('consolidated.xml', xml)]);
    expect(result.entries.map((e) => e.entry_id)).to.deep.equal(['1']);
    expect(result.skipped).to.equal(2);
  });

  it('refuses a truncated file, an empty one, another XML document or something else than XML', async () => {
    await expectListFileError(unScImporter.parse([fileOf('consolidated.xml', realText().slice(0, 200_000))]), /un_sc: (truncated XML|not readable XML)/);
    await expectListFileError(unScImporter.parse([fileOf('consolidated.xml', '')]), /un_sc: not an XML document/);
    await expectListFileError(unScImporter.parse([sample('eu/fsf.xml', 'consolidated.xml')]), /not the UN consolidated list/);
    await expectListFileError(unScImporter.parse([sample('eu/fsf.csv', 'consolidated.xml')]), /un_sc: not/);
    await expectListFileError(unScImporter.parse([]), /consolidated\.xml is missing/);
  });
});
