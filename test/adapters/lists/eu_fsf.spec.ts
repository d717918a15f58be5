import { expect } from 'chai';
import { euFsfImporter } from '../../../src/adapters/lists/importers/eu_fsf.js';
import type { ParsedList } from '../../../src/adapters/lists/importers/port.js';
import { entryOf, expectListFileError, fileOf, hashes, sample, sampleBytes } from './foreign-samples.js';

const csvText = () => sampleBytes('eu/fsf.csv').toString('utf8').replace(/^\uFEFF/, '');
const xmlText = () => sampleBytes('eu/fsf.xml').toString('utf8');
const csvLines = () => csvText().split('\n').filter((l) => l !== '');

describe('EU Financial Sanctions Files importer (CSV 1.1 and XML 1.1)', () => {
  let fromCsv: ParsedList;
  let fromXml: ParsedList;
  before(async () => {
    fromCsv = await euFsfImporter.parse([sample('eu/fsf.csv')]);
    fromXml = await euFsfImporter.parse([sample('eu/fsf.xml')]);
  });

  it('groups the 20 CSV rows by Entity_LogicalId into 4 entries, dated by fileGenerationDate', () => {
    expect(fromCsv.entries.map((e) => e.entry_id)).to.deep.equal(['990101', '990102', '990103', '990104']);
    expect(fromCsv.skipped).to.equal(0);
    expect(fromCsv.published_at).to.equal('2026-11-20');
  });

  it('maps a person: names (first one primary, Cyrillic one an alias), birth date, passport, citizenship, regulation', () => {
    const e = entryOf(fromCsv, '990101');
    expect(e.list_id).to.equal('eu_fsf');
    expect(e.schema).to.equal('person');
    expect(e.names).to.deep.equal([
      { name: 'Viktor Sergeyevich ORLOV', kind: 'primary' },
      { name: 'Виктор Сергеевич ОРЛОВ', kind: 'alias' },
      { name: 'Victor Orloff', kind: 'alias' },
    ]);
    expect(e.documents).to.deep.equal([{ type: 'passport', value: '722334455', masked: false, country: 'RU' }]);
    expect(e.birth_dates).to.deep.equal(['1971-03-14']);
    expect(e.countries).to.deep.equal(['RU']);
    expect(e.sanctions).to.deep.equal([
      { program: 'UKR', authority: 'Council of the European Union', category: null, start_date: '2022-02-23', end_date: null, legal_basis: 'Regulation 2022/261 (OJ L42I)' },
    ]);
    expect(e.listed_on).to.equal('2022-02-23');
    // The raw quotes inside an unquoted field are text.
    expect(e.remarks).to.equal('EU reference number: EU.9901.41\nDeputy Minister of Defence of the Russian Federation, in charge of "material and technical support".');
  });

  it('maps an enterprise: a Brazilian CNPJ given as regnumber becomes a cnpj in digits; addresses give countries; `\\n` in a remark is a line break', () => {
    const e = entryOf(fromCsv, '990102');
    expect(e.schema).to.equal('company');
    expect(e.names).to.deep.equal([
      { name: 'Sociedade Exportadora Atlântico Sul Ltda.', kind: 'primary' },
      { name: 'SEAS Ltda', kind: 'alias' },
    ]);
    expect(e.documents).to.deep.equal([{ type: 'cnpj', value: '33014556000196', masked: false, country: 'BR' }]);
    expect(e.countries).to.deep.equal(['BR', 'BY']);
    expect(e.remarks).to.equal('EU reference number: EU.9902.77\nFront company exporting dual-use goods under the "Atlântico Sul" trade mark.\nOwned by Viktor Sergeyevich ORLOV (EU.9901.41).');
  });

  it('maps a UN-listed person: a circa year and a full date of birth (unknown country 00 dropped), an expired passport, the UN reference', () => {
    const e = entryOf(fromCsv, '990103');
    expect(e.birth_dates).to.deep.equal(['1965', '1966-01-01']);
    expect(e.countries).to.deep.equal(['EG']);
    expect(e.documents).to.deep.equal([{ type: 'passport', value: 'A1234567', masked: false, country: 'EG' }]);
    expect(e.sanctions[0]).to.include({ program: 'TAQA', authority: 'European Commission' });
    expect(e.remarks).to.equal('EU reference number: EU.9903.12\nUN reference number: QDi.999\n(UNSC RESOLUTION 2368)');
  });

  it('keeps the foreign homonym of a Brazilian test person apart by its own birth date and citizenship', () => {
    const e = entryOf(fromCsv, '990104');
    expect(e.names[0]).to.deep.equal({ name: 'José Carlos da Silva Pereira', kind: 'primary' });
    expect(e.birth_dates).to.deep.equal(['1959-07-30']);
    expect(e.countries).to.deep.equal(['BR']);
    expect(e.documents).to.deep.equal([]);
  });

  it('reads the XML into the same entries, with the weak aliases only the XML marks (strong="false")', () => {
    expect(fromXml.published_at).to.equal('2026-11-20T15:02:11.274+01:00');
    expect(fromXml.skipped).to.equal(0);
    const withoutKinds = (p: ParsedList) => p.entries.map(({ content_hash: _h, names, ...rest }) => ({ ...rest, names: names.map((n) => n.name) }));
    expect(withoutKinds(fromXml)).to.deep.equal(withoutKinds(fromCsv));
    expect(entryOf(fromXml, '990101').names[2]).to.deep.equal({ name: 'Victor Orloff', kind: 'weak_alias' });
    expect(entryOf(fromXml, '990104').names[1]).to.deep.equal({ name: 'Zé Carlos', kind: 'weak_alias' });
    expect(entryOf(fromXml, '990102').content_hash).to.equal(entryOf(fromCsv, '990102').content_hash);
  });

  it('takes a remark saying "low quality" as a weak alias in the CSV', async () => {
    const [header, first] = csvLines();
    const cols = header!.split(';');
    const row = first!.split(';');
    row[cols.indexOf('NameAlias_WholeName')] = 'Vitya';
    row[cols.indexOf('NameAlias_Remark')] = 'Low quality a.k.a.';
    const result = await euFsfImporter.parse([fileOf('fsf.csv', [...csvLines(), row.join(';')].join('\n'))]);
    expect(entryOf(result, '990101').names).to.deep.include({ name: 'Vitya', kind: 'weak_alias' });
  });

  it('is tolerant: no BOM, CRLF, blank lines, trailing separators; a row shifted by a `;` in a value or without id is skipped and counted', async () => {
    const lines = csvLines().map((l) => `${l};`);
    const shifted = lines[1]!.replace('ORLOV;', 'OR;LOV;');
    const noId = lines[1]!.replace(';990101;', ';;');
    const text = [lines[0], '', ...lines.slice(1), shifted, noId, ''].join('\r\n');
    const result = await euFsfImporter.parse([fileOf('fsf.csv', text)]);
    expect(result.entries).to.have.length(4);
    expect(result.skipped).to.equal(2);
    expect(hashes(result)).to.deep.equal(hashes(fromCsv));
  });

  it('refuses a CSV whose rows mostly do not match its header', async () => {
    const [header, ...rows] = csvLines();
    await expectListFileError(euFsfImporter.parse([fileOf('fsf.csv', [header, ...rows.map((r) => `${r};x`)].join('\n'))]), /most rows do not have the 118 fields/);
  });

  it('gives the same ids and hashes on a second parse, and a new hash to the entity whose row changes', async () => {
    expect(hashes(await euFsfImporter.parse([sample('eu/fsf.csv')]))).to.deep.equal(hashes(fromCsv));
    const changed = await euFsfImporter.parse([fileOf('fsf.csv', csvText().replace('722334455', '722334456'))]);
    const [before, after] = [hashes(fromCsv), hashes(changed)];
    expect([...before].filter(([id, hash]) => after.get(id) !== hash).map(([id]) => id)).to.deep.equal(['990101']);
  });

  it('tells the formats apart by content whatever the file is called', async () => {
    expect((await euFsfImporter.parse([sample('eu/fsf.xml', 'content')])).entries).to.have.length(4);
    expect((await euFsfImporter.parse([sample('eu/fsf.csv', 'content')])).entries).to.have.length(4);
  });

  it('refuses a CSV with another header, a truncated XML, another XML document, an empty file', async () => {
    await expectListFileError(euFsfImporter.parse([sample('uk/UK-Sanctions-List.csv', 'fsf.csv')]), /not the EU FSF CSV 1\.1 layout: no column Entity_LogicalId/);
    await expectListFileError(euFsfImporter.parse([fileOf('fsf.xml', xmlText().slice(0, 3000))]), /eu_fsf: (truncated XML|not readable XML)/);
    await expectListFileError(euFsfImporter.parse([sample('un/consolidated.xml', 'fsf.xml')]), /not the EU FSF XML layout/);
    await expectListFileError(euFsfImporter.parse([fileOf('fsf.csv', '')]), /no EU sanctions file/);
  });
});
