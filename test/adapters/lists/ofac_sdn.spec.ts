import { expect } from 'chai';
import { ofacSdnImporter } from '../../../src/adapters/lists/importers/ofac_sdn.js';
import type { ListFile, ParsedList } from '../../../src/adapters/lists/importers/port.js';
import { entryOf, expectListFileError, fileOf, hashes, sample, sampleBytes } from './foreign-samples.js';

/** The real 2021 SDN publication (LAYOUTS.md section 1). */
const realFiles = (): ListFile[] => ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'].map((name) => sample(`ofac/${name}`));

/** The real set with sdn.csv replaced. */
const withSdn = (data: string | Buffer): ListFile[] => realFiles().map((f) => (f.name === 'sdn.csv' ? fileOf('sdn.csv', data) : f));

const SANCTION = { authority: 'OFAC', category: null, start_date: null, end_date: null, legal_basis: null };

describe('OFAC SDN importer (sdn.csv, alt.csv, add.csv, sdn_comments.csv)', () => {
  let parsed: ParsedList;
  before(async () => {
    parsed = await ofacSdnImporter.parse(realFiles());
  });

  it('reads every entry of the real publication, none skipped (the trailing Ctrl-Z is no row), with no publication date', () => {
    expect(parsed.entries).to.have.length(8976);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.published_at).to.equal(null);
    const schemas = parsed.entries.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e.schema]: (acc[e.schema] ?? 0) + 1 }), {});
    expect(schemas).to.deep.equal({ person: 4620, vessel: 406, aircraft: 277, company: 3673 });
  });

  it('maps an individual: primary name, alt.csv aliases, passports, birth date, place of birth from the remarks', () => {
    const e = entryOf(parsed, '2676');
    expect(e.list_id).to.equal('ofac_sdn');
    expect(e.schema).to.equal('person');
    expect(e.names).to.deep.equal([
      { name: 'AL ZAWAHIRI, Dr. Ayman', kind: 'primary' },
      { name: 'AL-ZAWAHIRI, Ayman', kind: 'alias' },
      { name: 'SALIM, Ahmad Fuad', kind: 'alias' },
      { name: 'AL-ZAWAHIRI, Aiman Muhammad Rabi', kind: 'alias' },
    ]);
    expect(e.documents).to.deep.equal([
      { type: 'passport', value: '1084010', masked: false, country: 'EG' },
      { type: 'passport', value: '19820215', masked: false, country: null },
    ]);
    expect(e.birth_dates).to.deep.equal(['1951-06-19']);
    expect(e.countries).to.deep.equal(['EG']);
    expect(e.sanctions).to.deep.equal([{ program: 'SDGT', ...SANCTION }]);
    expect(e.listed_on).to.equal(null);
    expect(e.remarks).to.equal('DOB 19 Jun 1951; POB Giza, Egypt; Passport 1084010 (Egypt); alt. Passport 19820215; Operational and Military Leader of JIHAD GROUP.');
    expect(e.content_hash).to.match(/^[0-9a-f]{64}$/);
  });

  it("takes the quoted a.k.a.s of the remarks as weak aliases and the addresses' countries", () => {
    const e = entryOf(parsed, '306');
    expect(e.schema).to.equal('company');
    expect(e.names).to.deep.equal([
      { name: 'BANCO NACIONAL DE CUBA', kind: 'primary' },
      { name: 'BNC', kind: 'weak_alias' },
      { name: 'NATIONAL BANK OF CUBA', kind: 'alias' },
    ]);
    expect(e.countries).to.have.members(['CH', 'ES', 'JP', 'PA']);
  });

  it('splits several programs joined by "] ["', () => {
    expect(entryOf(parsed, '28263').sanctions.map((s) => s.program)).to.deep.equal(['DPRK3', 'CYBER2']);
  });

  it('maps identity documents of every kind the remarks use, with their country, issue and expiry dates left out', () => {
    const e = entryOf(parsed, '12300');
    expect(e.documents).to.deep.include.members([
      { type: 'national_id', value: '7548733', masked: false, country: 'CO' },
      { type: 'national_id', value: '172489729-1', masked: false, country: 'EC' },
      { type: 'passport', value: 'AL720622', masked: false, country: 'CO' },
      { type: 'tax_id', value: 'CIVJ650513LJA', masked: false, country: 'MX' },
      { type: 'national_id', value: 'CIVJ650513HNEFLR06', masked: false, country: 'MX' },
    ]);
    expect(e.birth_dates).to.deep.equal(['1965-05-13', '1968-04-13', '1964-07-07']);
    expect(e.countries).to.deep.equal(['CO', 'MX']);
  });

  it('appends sdn_comments.csv to remarks cut at 1,000 characters, mid-word, without a separator', () => {
    const cut = entryOf(parsed, '28263');
    expect(cut.names).to.deep.include({ name: 'snowsjohn', kind: 'weak_alias' });
    expect(cut.remarks).to.match(/a\.k\.a\. 'snowsjohn'; Linked To: LAZARUS GROUP\.$/);
    // A document that only the continuation holds is read too.
    expect(entryOf(parsed, '28264').documents).to.deep.include({ type: 'national_id', value: '210302198701102136', masked: false, country: 'CN' });
    expect(entryOf(parsed, '12300').remarks).to.match(/Linked To: R D I S\.A\.$/);
  });

  it('maps a vessel: its former name (f.k.a. in the remarks), call sign and flag', () => {
    const e = entryOf(parsed, '4243');
    expect(e.schema).to.equal('vessel');
    expect(e.names).to.deep.equal([
      { name: 'SAND SWAN', kind: 'primary' },
      { name: 'ANA I', kind: 'former' },
    ]);
    expect(e.documents).to.deep.equal([{ type: 'other', value: 'Call Sign P3QG3', masked: false, country: null }]);
    expect(e.countries).to.deep.equal(['CY']);
  });

  it('maps an aircraft with its construction and serial numbers', () => {
    const e = entryOf(parsed, '15431');
    expect(e.schema).to.equal('aircraft');
    expect(e.documents.map((d) => [d.type, d.value])).to.deep.equal([
      ['other', '8401'],
      ['other', '1023409321'],
    ]);
  });

  it('reads birth dates in their several forms: circa, year ranges, date ranges, month and year', () => {
    expect(entryOf(parsed, '7782').birth_dates).to.deep.equal(['1951']);
    expect(entryOf(parsed, '15496').birth_dates).to.deep.equal(['1929', '1930']);
    expect(entryOf(parsed, '15962').birth_dates).to.deep.equal(['1961', '1962']);
    expect(entryOf(parsed, '8170').birth_dates).to.deep.equal(['1947-03-18', '1949']);
    expect(entryOf(parsed, '11648').birth_dates).to.deep.equal(['1964', '1962-08-28']);
  });

  it('reads nationalities as OFAC spells countries ("Korea, North")', () => {
    expect(entryOf(parsed, '11648').countries).to.deep.equal(['KP']);
  });

  it('takes fka names from alt.csv as former and nka names as aliases', () => {
    const nka = entryOf(parsed, '8244');
    expect(nka.names).to.deep.include({ name: 'NUEVO CONTINENTE S.A.', kind: 'alias' });
    const kinds = parsed.entries.flatMap((e) => e.names).reduce<Record<string, number>>((acc, n) => ({ ...acc, [n.kind]: (acc[n.kind] ?? 0) + 1 }), {});
    expect(kinds.former).to.be.greaterThan(369);
    expect(kinds.weak_alias).to.be.greaterThan(2300);
  });

  it('gives the same ids and hashes on a second parse', async () => {
    const again = await ofacSdnImporter.parse(realFiles());
    expect(hashes(again)).to.deep.equal(hashes(parsed));
  });

  it('changes the hash of an entry whose row changes, and only that one', async () => {
    const changed = await ofacSdnImporter.parse(withSdn(sampleBytes('ofac/sdn.csv').toString('latin1').replace('DOB 19 Jun 1951', 'DOB 19 Jun 1952')));
    expect(entryOf(changed, '2676').birth_dates).to.deep.equal(['1952-06-19']);
    const [before, after] = [hashes(parsed), hashes(changed)];
    const differing = [...before].filter(([id, hash]) => after.get(id) !== hash).map(([id]) => id);
    expect(differing).to.deep.equal(['2676']);
  });

  it('is tolerant: blank lines, trailing separators, CRLF or LF, Windows-1252 bytes; a row it cannot read is skipped and counted', async () => {
    const sdn = Buffer.concat([
      Buffer.from('\r\n10,"ALPHA, Jose","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970; nationality Brazil.",\r\n\r\n', 'latin1'),
      Buffer.from('11,"BRAVO LTDA",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n', 'latin1'),
      Buffer.from('not a row at all\n', 'latin1'),
      Buffer.from([0x31, 0x32, 0x2c, 0x22, 0x43, 0x41, 0x46, 0xc9, 0x22]), // 12,"CAFÉ" in Windows-1252, too few columns
      Buffer.from('\r\n13,"JOS\xc9 CARLOS","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\x1a', 'latin1'),
    ]);
    const alt = fileOf('alt.csv', '10,1,"aka","ALFA, Jose",-0- \r\n999,2,"aka","NOBODY",-0- \r\n');
    const result = await ofacSdnImporter.parse([fileOf('sdn.csv', sdn), alt, fileOf('add.csv', '11,1,-0- ,"Sao Paulo","Brazil",-0- \r\n')]);
    expect(result.entries.map((e) => e.entry_id)).to.deep.equal(['10', '11', '13']);
    expect(result.skipped).to.equal(3); // the prose line, the short row, the alias of an unknown entry
    expect(entryOf(result, '10').names).to.deep.equal([
      { name: 'ALPHA, Jose', kind: 'primary' },
      { name: 'ALFA, Jose', kind: 'alias' },
    ]);
    expect(entryOf(result, '10').countries).to.deep.equal(['BR']);
    expect(entryOf(result, '11').countries).to.deep.equal(['BR']);
    expect(entryOf(result, '13').names[0]!.name).to.equal('JOSÉ CARLOS');
  });

  it('accepts the files under any folder and case, and the consolidated (cons_*) names', async () => {
    const renamed = realFiles().map((f) => ({ ...f, name: `SDN_ENHANCED/${f.name.toUpperCase()}` }));
    expect((await ofacSdnImporter.parse(renamed)).entries).to.have.length(8976);
    const cons = [fileOf('cons_prim.csv', '1,"X CORP",-0- ,"NS-PLC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n'), fileOf('cons_alt.csv', ''), fileOf('cons_add.csv', '')];
    expect((await ofacSdnImporter.parse(cons)).entries.map((e) => e.names[0]!.name)).to.deep.equal(['X CORP']);
  });

  it('refuses a file that is not the OFAC layout, an empty sdn.csv, or a missing required file', async () => {
    await expectListFileError(ofacSdnImporter.parse(withSdn(sampleBytes('uk/UK-Sanctions-List.csv'))), /sdn\.csv is not in the OFAC sdn\.csv layout/);
    await expectListFileError(ofacSdnImporter.parse(withSdn('ent_num,SDN_Name,SDN_Type\r\n')), /not in the OFAC/);
    await expectListFileError(ofacSdnImporter.parse(withSdn('')), /sdn\.csv/);
    await expectListFileError(ofacSdnImporter.parse(realFiles().filter((f) => f.name !== 'alt.csv')), /alt\.csv is missing/);
    const altSwapped = realFiles().map((f) => (f.name === 'alt.csv' ? fileOf('alt.csv', sampleBytes('ofac/sdn_comments.csv')) : f));
    await expectListFileError(ofacSdnImporter.parse(altSwapped), /alt\.csv/);
  });

  it('parses the whole real set in well under the time a refresh allows', async () => {
    const started = performance.now();
    await ofacSdnImporter.parse(realFiles());
    expect(performance.now() - started).to.be.below(10_000);
  });
});
