import { expect } from 'chai';
import { fold, type NameSchema, normalizeName, normalizedText } from '../../../src/domain/screening/match/normalize.js';

/** tokens as `text` for words, `kind:text` for the rest */
const tokens = (name: string, schema: NameSchema = 'person') => normalizeName(name, schema).map((t) => (t.kind === 'word' ? t.text : `${t.kind}:${t.text}`));

describe('screening matcher: normalization', () => {
  it('folds Unicode: NFKD, marks stripped, case folded, letters NFKD keeps whole mapped', () => {
    expect(normalizedText('JOSÉ Antônio Conceição Müller', 'person')).to.equal('jose antonio conceicao muller');
    expect(normalizedText('Straße Łódź Ærø', 'person')).to.equal('strasse lodz aero');
    expect(normalizedText('ＪＯＳＥ', 'person')).to.equal('jose'); // full-width letters (NFKD compatibility)
  });

  it('keeps the cedilla for the phonetic key only', () => {
    const [token] = normalizeName('Gonçalves', 'person');
    expect(token).to.deep.equal({ text: 'goncalves', kind: 'word', spoken: 'gonçalves', written: 'Gonçalves' });
  });

  it('turns punctuation into spaces, joins apostrophes, keeps numbers', () => {
    expect(tokens('AL-ZAWAHIRI/Ayman (Cairo)', 'company')).to.deep.equal(['particle:al', 'zawahiri', 'ayman', 'cairo']);
    expect(tokens("D'Ávila O’Brien")).to.deep.equal(['davila', 'obrien']);
    expect(tokens('Transportes 2001 Ltda', 'company')).to.deep.equal(['transportes', 'number:2001', 'legal:~ltda']);
  });

  it('reorders "LAST, First" for people, keeping a trailing suffix at the end', () => {
    expect(tokens('SILVA, José da')).to.deep.equal(['jose', 'particle:da', 'silva']);
    expect(tokens('SILVA, João, Jr.')).to.deep.equal(['joao', 'silva', 'suffix:~jr']);
    expect(tokens('GUZMAN LOERA, Joaquin')).to.deep.equal(['joaquin', 'guzman', 'loera']);
    // a company's comma is not a name order
    expect(tokens('ANGLO-CARIBBEAN CO., LTD.', 'company')).to.deep.equal(['anglo', 'caribbean', 'legal:~cia', 'legal:~ltda']);
  });

  it('keeps Portuguese particles as particles; a lone "e" is "and", "E." an initial', () => {
    expect(tokens('Maria das Dores dos Santos e Silva de Souza do Carmo da Luz')).to.deep.equal([
      'maria', 'particle:das', 'dores', 'particle:dos', 'santos', 'particle:e', 'silva', 'particle:de', 'souza', 'particle:do', 'carmo', 'particle:da', 'luz',
    ]);
    expect(tokens('E. Souza e Silva')).to.deep.equal(['initial:e', 'souza', 'particle:e', 'silva']);
    expect(tokens('J. M. Souza')).to.deep.equal(['initial:j', 'initial:m', 'souza']);
  });

  it('recognizes name suffixes; Filho, Júnior, Jr and Fº are one symbol, Neto and Sobrinho others', () => {
    for (const name of ['José Ribamar Filho', 'José Ribamar Júnior', 'José Ribamar Jr.', 'José Ribamar Fº', 'JOSÉ RIBAMAR F°']) {
      expect(tokens(name), name).to.deep.equal(['jose', 'ribamar', 'suffix:~jr']);
    }
    expect(tokens('José Ribamar Neto')).to.deep.equal(['jose', 'ribamar', 'suffix:~neto']);
    expect(tokens('José Ribamar Sobrinho')).to.deep.equal(['jose', 'ribamar', 'suffix:~sobrinho']);
    // a given name, not a suffix, when it comes first
    expect(tokens('Júnior Souza')).to.deep.equal(['junior', 'souza']);
  });

  it('maps company legal forms and their variants to canonical symbols', () => {
    const table: [string, string[]][] = [
      ['Alfa Ltda', ['~ltda']], ['Alfa LIMITADA', ['~ltda']], ['Alfa Ltd.', ['~ltda']], ['Alfa LLC', ['~ltda']], ['Alfa GmbH', ['~ltda']], ['OOO Alfa', ['~ltda']],
      ['Alfa S.A.', ['~sa']], ['Alfa S/A', ['~sa']], ['Alfa SA', ['~sa']], ['Alfa S. A.', ['~sa']], ['Alfa Sociedade Anônima', ['~sa']],
      ['Alfa Inc.', ['~sa']], ['Alfa Corp', ['~sa']], ['Alfa JSC', ['~sa']], ['Alfa Public Joint Stock Company', ['~sa']],
      ['Alfa EIRELI', ['~eireli']], ['Alfa Ltda - ME', ['~ltda', '~me']], ['Alfa Ltda EPP', ['~ltda', '~me']], ['Alfa MEI', ['~me']],
      ['Cia. Alfa', ['~cia']], ['Companhia Alfa', ['~cia']], ['Alfa & Cia', ['~cia']], ['Alfa e Cia. Ltda.', ['~cia', '~ltda']],
    ];
    for (const [name, forms] of table) {
      const t = normalizeName(name, 'company');
      expect(t.filter((x) => x.kind === 'legal').map((x) => x.text), name).to.deep.equal(forms);
      expect(t.filter((x) => x.kind === 'word').map((x) => x.text), name).to.deep.equal(['alfa']);
    }
  });

  it('keeps ordinary words of company names, and short forms that are names where they are names', () => {
    expect(tokens('Grupo Nova Grande Geral Sistema Ltda', 'company')).to.deep.equal(['grupo', 'nova', 'grande', 'geral', 'sistema', 'legal:~ltda']);
    expect(tokens('Sá Engenharia S.A.', 'company')).to.deep.equal(['sa', 'engenharia', 'legal:~sa']);
    // legal forms are company things: a person's "Sá" is a surname
    expect(tokens('Mem de Sá')).to.deep.equal(['mem', 'particle:de', 'sa']);
  });

  it('marks patronymics inside a person name, never the family name', () => {
    expect(tokens('PRIGOZHIN, Yevgeniy Viktorovich')).to.deep.equal(['yevgeniy', 'patronymic:viktorovich', 'prigozhin']);
    expect(tokens('ABRAMOVICH, Roman Arkadyevich')).to.deep.equal(['roman', 'patronymic:arkadyevich', 'abramovich']);
    expect(tokens('BIN LADIN, Usama bin Muhammad bin Awad')).to.deep.equal([
      'usama', 'particle:bin', 'patronymic:muhammad', 'particle:bin', 'patronymic:awad', 'particle:bin', 'ladin',
    ]);
  });

  it('reads the abbreviation Mª as Maria', () => {
    expect(tokens('Mª do Carmo')).to.deep.equal(['maria', 'particle:do', 'carmo']);
  });

  it('folds without reordering or classifying', () => {
    expect(fold("SILVA, José D'Ávila")).to.equal('silva, jose davila');
  });
});
