import { expect } from 'chai';
import type { ParsedList } from '../../../src/adapters/lists/importers/port.js';
import { ukFcdoImporter } from '../../../src/adapters/lists/importers/uk_fcdo.js';
import { entryOf, expectListFileError, fileOf, hashes, sample, sampleBytes } from './foreign-samples.js';

const real = () => sample('uk/UK-Sanctions-List.csv');
const realText = () => sampleBytes('uk/UK-Sanctions-List.csv').toString('utf8');

/** The sample's lines, the report date first and the header second (no value spans lines in the first rows used). */
const lines = () => realText().split('\n');

describe('UK Sanctions List importer (FCDO CSV)', () => {
  let parsed: ParsedList;
  before(async () => {
    parsed = await ukFcdoImporter.parse([real()]);
  });

  it('groups the 13 rows by Unique ID into 5 designations, dated by the report date line', () => {
    expect(parsed.entries.map((e) => e.entry_id)).to.deep.equal(['RUS9901', 'RUS9902', 'RUS9903', 'AFG9904', 'GHR9905']);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.published_at).to.equal('2026-11-20');
  });

  it('maps an individual: primary name from its parts, variation and good-quality alias, non-latin name; passport, birth date, countries, regime and measures', () => {
    const e = entryOf(parsed, 'RUS9901');
    expect(e.list_id).to.equal('uk_fcdo');
    expect(e.schema).to.equal('person');
    expect(e.names).to.deep.equal([
      { name: 'Viktor Sergeyevich ORLOV', kind: 'primary' },
      { name: 'Victor Sergeevich ORLOV', kind: 'alias' },
      { name: 'Victor ORLOFF', kind: 'alias' },
      { name: 'Виктор Сергеевич ОРЛОВ', kind: 'alias' },
    ]);
    expect(e.documents).to.deep.equal([{ type: 'passport', value: '722334455', masked: false, country: null }]);
    expect(e.birth_dates).to.deep.equal(['1971-03-14']);
    expect(e.countries).to.deep.equal(['RU']);
    expect(e.sanctions).to.deep.equal([
      {
        program: 'The Russia (Sanctions) (EU Exit) Regulations 2019', authority: 'UK FCDO', category: 'Asset freeze; Director disqualification sanction; Travel Ban',
        start_date: '2022-02-24', end_date: null, legal_basis: null,
      },
    ]);
    expect(e.listed_on).to.equal('2022-02-24');
    expect(e.remarks).to.match(/^Viktor Sergeyevich ORLOV is an "involved person"/);
  });

  it('maps an entity: a CNPJ as business registration number becomes a cnpj; an address per row; a statement with a line break', () => {
    const e = entryOf(parsed, 'RUS9902');
    expect(e.schema).to.equal('company');
    expect(e.names).to.deep.equal([
      { name: 'SOCIEDADE EXPORTADORA ATLÂNTICO SUL LTDA', kind: 'primary' },
      { name: 'SEAS LTDA', kind: 'alias' },
    ]);
    expect(e.documents).to.deep.equal([{ type: 'cnpj', value: '33014556000196', masked: false, country: 'BR' }]);
    expect(e.countries).to.deep.equal(['BR', 'BY']);
    expect(e.remarks).to.equal('Front company that exports dual-use goods to Russia.\nOwned or controlled by Viktor Sergeyevich ORLOV.\nSubsidiary of: none known. Trading name "Atlântico Sul".');
  });

  it('maps a ship as a vessel with its IMO number and flag, trimming the padded statement', () => {
    const e = entryOf(parsed, 'RUS9903');
    expect(e.schema).to.equal('vessel');
    expect(e.names.map((n) => n.name)).to.deep.equal(['AURORA BOREAL', 'NORDIC AURORA']);
    expect(e.documents).to.deep.equal([{ type: 'other', value: 'IMO9876543', masked: false, country: null }]);
    expect(e.countries).to.deep.equal(['GA']);
    expect(e.remarks).to.match(/^AURORA BOREAL \(IMO 9876543\) is involved/);
    expect(e.remarks).to.match(/port in the UK\.$/);
  });

  it('maps a UN designation: a low-quality alias is weak, `dd/mm/1968` is the year 1968, the UN reference is kept', () => {
    const e = entryOf(parsed, 'AFG9904');
    expect(e.names).to.deep.equal([
      { name: 'Abdul Ghani AKHUNDZADA', kind: 'primary' },
      { name: 'Ghani AKHUND', kind: 'weak_alias' },
    ]);
    expect(e.birth_dates).to.deep.equal(['1968']);
    expect(e.sanctions[0]).to.include({ authority: 'UN Security Council', start_date: '2001-02-23' });
    expect(e.remarks).to.equal('UN reference number: TAi.199\nBelieved to be in Afghanistan/Pakistan border area.');
  });

  it('keeps the foreign homonym of a Brazilian test person with its own birth date', () => {
    const e = entryOf(parsed, 'GHR9905');
    expect(e.names).to.deep.equal([
      { name: 'José Carlos DA SILVA PEREIRA', kind: 'primary' },
      { name: 'ZÉ CARLOS', kind: 'weak_alias' },
    ]);
    expect(e.birth_dates).to.deep.equal(['1959-07-30']);
    expect(e.countries).to.deep.equal(['BR', 'PY']);
  });

  it('is tolerant: BOM, CRLF, no report line, any case of name types, a day placeholder, HTML entities; a row without id is skipped and counted', async () => {
    const [, header, first] = lines();
    const cols = header!.split(',');
    const row = (values: Record<string, string>) => cols.map((c) => (values[c] ?? '').includes(',') ? `"${values[c]}"` : (values[c] ?? '')).join(',');
    const text = [
      header,
      row({ 'Unique ID': 'XXX0001', 'Name 6': 'DOE', 'Name 1': 'John', 'Name type': 'PRIMARY NAME', 'Designation Type': 'individual', 'D.O.B': 'dd/05/1968', 'UK Statement of Reasons': 'Tom &amp; Jerry&#39;s &quot;firm&quot;' }),
      row({ 'Unique ID': 'XXX0001', 'Name 6': 'DOE', 'Name 1': 'Johnny', 'Name type': 'alias', 'Alias strength': 'LOW QUALITY A.K.A', 'Designation Type': 'individual' }),
      '',
      row({ 'Unique ID': '', 'Name 6': 'NOBODY', 'Name type': 'Primary Name' }),
      first,
    ].join('\r\n');
    const result = await ukFcdoImporter.parse([fileOf('UK-Sanctions-List.csv', `\uFEFF${text}`)]);
    expect(result.published_at).to.equal(null);
    expect(result.skipped).to.equal(1);
    const e = entryOf(result, 'XXX0001');
    expect(e.names).to.deep.equal([
      { name: 'John DOE', kind: 'primary' },
      { name: 'Johnny DOE', kind: 'weak_alias' },
    ]);
    expect(e.birth_dates).to.deep.equal(['1968']);
    expect(e.remarks).to.equal('Tom & Jerry\'s "firm"');
    expect(entryOf(result, 'RUS9901').names[0]!.name).to.equal('Viktor Sergeyevich ORLOV');
  });

  it('gives the same ids and hashes on a second parse, and a new hash to the designation whose row changes', async () => {
    expect(hashes(await ukFcdoImporter.parse([real()]))).to.deep.equal(hashes(parsed));
    const changed = await ukFcdoImporter.parse([fileOf('UK-Sanctions-List.csv', realText().replace('IMO9876543', 'IMO9876544'))]);
    const [before, after] = [hashes(parsed), hashes(changed)];
    expect([...before].filter(([id, hash]) => after.get(id) !== hash).map(([id]) => id)).to.deep.equal(['RUS9903']);
  });

  it('refuses a CSV with another header, an empty file, a file that is not CSV', async () => {
    await expectListFileError(ukFcdoImporter.parse([sample('eu/fsf.csv', 'UK-Sanctions-List.csv')]), /not the UK Sanctions List CSV layout: no column Unique ID/);
    await expectListFileError(ukFcdoImporter.parse([fileOf('UK-Sanctions-List.csv', '')]), /no UK Sanctions List CSV/);
    await expectListFileError(ukFcdoImporter.parse([sample('un/consolidated.xml', 'UK-Sanctions-List.csv')]), /uk_fcdo: not/);
  });
});
