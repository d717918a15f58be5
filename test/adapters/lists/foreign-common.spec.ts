import { expect } from 'chai';
import {
  countryOfPlace, decodeText, dmyDate, entryDocument, EntryDraft, isoDateOf, proseDates, toAlpha2, yearRange,
} from '../../../src/adapters/lists/importers/foreign-common.js';

describe('foreign lists: shared parsing helpers', () => {
  it('reads birth dates written in English prose, keeping only what the entry model can hold', () => {
    expect(proseDates('19 Jun 1951')).to.deep.equal(['1951-06-19']);
    expect(proseDates('1948')).to.deep.equal(['1948']);
    expect(proseDates('circa 1951')).to.deep.equal(['1951']);
    expect(proseDates('Mar 1954')).to.deep.equal(['1954']);
    expect(proseDates('1960 to 1962')).to.deep.equal(['1960', '1961', '1962']);
    expect(proseDates('01 Jan 1961 to 31 Dec 1962')).to.deep.equal(['1961', '1962']);
    expect(proseDates('circa 1951-1952')).to.deep.equal(['1951', '1952']);
    expect(proseDates('31 Feb 1950')).to.deep.equal([]);
    expect(proseDates('unknown')).to.deep.equal([]);
  });

  it('keeps the ends of a long range of years and every year of a short one', () => {
    expect(yearRange('1977', '1985')).to.deep.equal(['1977', '1978', '1979', '1980', '1981', '1982', '1983', '1984', '1985']);
    expect(yearRange(1950, 1990)).to.deep.equal(['1950', '1990']);
    expect(yearRange('1973', null)).to.deep.equal(['1973']);
  });

  it('reads dd/mm/yyyy dates, with placeholders, and ISO dates with an offset', () => {
    expect(dmyDate('14/03/1971')).to.equal('1971-03-14');
    expect(dmyDate('dd/mm/1968')).to.equal('1968');
    expect(dmyDate('dd/05/1968')).to.equal('1968');
    expect(dmyDate('31/02/1968')).to.equal(null);
    expect(isoDateOf('2015-04-07-04:00')).to.equal('2015-04-07');
  });

  it('names countries as ISO alpha-2 from the spellings OFAC, the UN and the EU use', () => {
    expect(toAlpha2('Egypt')).to.equal('EG');
    expect(toAlpha2('Korea, North')).to.equal('KP');
    expect(toAlpha2("Democratic People's Republic of Korea")).to.equal('KP');
    expect(toAlpha2('Iran (Islamic Republic of)')).to.equal('IR');
    expect(toAlpha2('Burma')).to.equal('MM');
    expect(toAlpha2('Region: Crimea')).to.equal('UA');
    expect(toAlpha2('RU')).to.equal('RU');
    expect(toAlpha2('00')).to.equal(null);
    expect(toAlpha2('undetermined')).to.equal(null);
    expect(countryOfPlace('Giza, Egypt')).to.equal('EG');
    expect(countryOfPlace('Pyongyang, Korea, North')).to.equal('KP');
    expect(countryOfPlace('Khartoum Sudan')).to.equal('SD');
    expect(countryOfPlace('Democratic Republic of the Congo')).to.equal('CD');
    expect(countryOfPlace('Veracruz')).to.equal(null);
  });

  it('decodes UTF-8 with or without BOM, falls back to Windows-1252, drops the Ctrl-Z end of file', () => {
    expect(decodeText(Buffer.from('\uFEFFJosé', 'utf8'))).to.equal('José');
    expect(decodeText(Buffer.from('José', 'utf8'))).to.equal('José');
    expect(decodeText(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x20, 0x96, 0x20, 0x92]))).to.equal('José – ’');
    expect(decodeText(Buffer.from('a\r\n\u001a', 'latin1'))).to.equal('a\r\n');
  });

  it('makes a Brazilian CPF or CNPJ a cpf/cnpj in digits, and leaves other numbers as published', () => {
    expect(entryDocument('other', '33.014.556/0001-96', null)).to.deep.equal({ type: 'cnpj', value: '33014556000196', masked: false, country: 'BR' });
    expect(entryDocument('national_id', '41827593628', 'BR')).to.deep.equal({ type: 'cpf', value: '41827593628', masked: false, country: 'BR' });
    expect(entryDocument('other', '33.014.556/0001-97', null)).to.deep.equal({ type: 'other', value: '33.014.556/0001-97', masked: false, country: null });
    expect(entryDocument('passport', ' AB 123 ', 'EG')).to.deep.equal({ type: 'passport', value: 'AB 123', masked: false, country: 'EG' });
    expect(entryDocument('passport', '  ', 'EG')).to.equal(null);
  });

  it('makes an alphanumeric CNPJ, in its own format or stated as Brazilian, a cnpj in upper case', () => {
    expect(entryDocument('other', '12.abc.345/01de-35', null)).to.deep.equal({ type: 'cnpj', value: '12ABC34501DE35', masked: false, country: 'BR' });
    expect(entryDocument('tax_id', '12ABC34501DE35', 'BR')).to.deep.equal({ type: 'cnpj', value: '12ABC34501DE35', masked: false, country: 'BR' });
    expect(entryDocument('tax_id', '12ABC34501DE35', 'DE')).to.deep.equal({ type: 'tax_id', value: '12ABC34501DE35', masked: false, country: 'DE' });
  });

  it('keeps a name once with its strongest kind, and names a primary when the list marks none', () => {
    const draft = new EntryDraft('1');
    draft.name('ACME', 'weak_alias');
    draft.name(' ACME ', 'alias');
    draft.name('ACME TRADING', 'alias');
    expect(draft.toEntry('x').names).to.deep.equal([
      { name: 'ACME', kind: 'primary' },
      { name: 'ACME TRADING', kind: 'alias' },
    ]);
  });
});
