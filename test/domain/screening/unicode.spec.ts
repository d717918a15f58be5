import { expect } from 'chai';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { buildIndex, search } from '../../../src/domain/screening/match/index.js';
import { fold, normalizeName, normalizedText } from '../../../src/domain/screening/match/normalize.js';
import { comparableDocument } from '../../../src/domain/screening/match/prepare.js';
import { compare } from '../../../src/domain/screening/match/score.js';
import { normalizeDocument } from '../../../src/domain/values/document.js';
import { withoutInvisibles } from '../../../src/domain/values/invisible.js';
import { EVASIONS } from '../../helpers/unicode-evasions.js';

describe('screening matcher: invisible characters and look-alike letters', () => {
  it('every evasion of a listed name folds to the plain name (names in capitals, as the lists publish them)', () => {
    for (const name of ['ERIC BADEGE', 'BANCO NACIONAL DE CUBA', 'ROSANGELA BITENCOURT FARIAS']) {
      for (const [label, evade] of EVASIONS) {
        const evasive = evade(name);
        expect(evasive, label).to.not.equal(name);
        expect(normalizedText(evasive, 'company'), `${label}: ${JSON.stringify(evasive)}`).to.equal(normalizedText(name, 'company'));
      }
    }
  });

  it('the examples of the issue: a word split by an invisible character is one word again', () => {
    expect(normalizeName('ERIC BA\u200BDEGE', 'person').map((t) => t.text)).to.deep.equal(['eric', 'badege']);
    expect(normalizedText('ЕRIC BADЕGЕ', 'person')).to.equal('eric badege');
    expect(normalizedText('ВАNСО NАСIОNАL DЕ СUВА', 'company')).to.equal('banco nacional de cuba');
  });

  it('removes the Default_Ignorable_Code_Point set, formats and controls; a tab or line break still separates words', () => {
    const invisibles = ['\u00AD', '\u034F', '\u061C', '\u115F', '\u17B4', '\u180E', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202E', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\u2066', '\u3164', '\uFE00', '\uFE0F', '\uFEFF', '\uFFA0', '\u{1D173}', '\u{E0001}', '\u{E0041}', '\u{E0100}', '\u{E01EF}', '\u0000', '\u0007', '\u001B', '\u007F'];
    for (const c of invisibles) expect(withoutInvisibles(`BA${c}DEGE`), `U+${c.codePointAt(0)!.toString(16)}`).to.equal('BADEGE');
    expect(normalizedText('ERIC\tBADEGE\r\nJR', 'person')).to.equal('eric badege ~jr');
    expect(normalizedText('ERIC\u00A0BADEGE', 'person')).to.equal('eric badege'); // a visible (no-break) space stays a space
  });

  it('a word mixing Latin with look-alikes is read as Latin; Ukrainian І and palochka read as I, not as l', () => {
    expect(fold('ΜΑRIΑ ЅOUZА')).to.equal('maria souza');
    expect(fold('ЕRІC')).to.equal('eric');
    expect(fold('ЕRӀC')).to.equal('eric');
    expect(fold('Аnna pаulа')).to.equal('anna paula'); // small Cyrillic а and capital А
  });

  it('a name written in Cyrillic or Greek keeps its letters: it still matches its Cyrillic alias, never a Latin word', () => {
    expect(fold('Сергей Иванов')).to.equal('сергеи иванов');
    expect(fold('Νίκος Παππάς')).to.equal('νικος παππας');
    expect(fold('Владимир Путин')).to.equal('владимир путин');
    // a Latin name beside a Cyrillic one: each word as it is written
    expect(fold('Ivan Петров')).to.equal('ivan петров');
    expect(compare({ schema: 'person', name: 'Сергей Иванов' }, { name: 'ИВАНОВ, Сергей' }).match).to.equal(true);
  });

  it('documents: invisible characters inside a CPF or CNPJ are ignored, anything visible still invalidates it', () => {
    expect(normalizeDocument('418.275\u200B.936-28')).to.equal('41827593628');
    expect(normalizeDocument('\uFEFF27.864.519/0001\u2060-74')).to.equal('27864519000174');
    expect(comparableDocument('418\u00AD275936\u200D28')).to.deep.equal({ value: '41827593628', masked: false });
    expect(comparableDocument('***.275\u200B.936-**')).to.deep.equal({ value: '***275936**', masked: true });
    expect(normalizeDocument('418.275x936-28')).to.equal('418275X93628');
  });

  it('the blocking index finds every evasion as it finds the plain name, with the same score', () => {
    const entry = (entry_id: string, name: string, schema: ListEntry['schema']): ListEntry => ({
      list_id: 'ofac_sdn', entry_id, schema, names: [{ name, kind: 'primary' }], documents: [], birth_dates: [], countries: [], sanctions: [], listed_on: null, remarks: null, content_hash: entry_id,
    });
    const plain = buildIndex([entry('e1', 'BADEGE, Eric', 'person'), entry('e2', 'BANCO NACIONAL DE CUBA', 'company'), entry('e3', 'Eric Bandeira', 'person')]);
    for (const [name, schema] of [['ERIC BADEGE', 'person'], ['BANCO NACIONAL DE CUBA', 'company']] as const) {
      const [expected] = search(plain, { schema, name });
      expect(expected, name).to.not.equal(undefined);
      for (const [label, evade] of EVASIONS) {
        const [found] = search(plain, { schema, name: evade(name) });
        expect([found?.entry.entry_id, found?.score], `${label}: query ${JSON.stringify(evade(name))}`).to.deep.equal([expected!.entry.entry_id, expected!.score]);
      }
    }
    // the list side: an entry published with an evasion is found by the plain name
    for (const [label, evade] of EVASIONS) {
      const spoofed = buildIndex([entry('e9', evade('ERIC BADEGE'), 'person')]);
      expect(search(spoofed, { schema: 'person', name: 'Eric Badege' })[0]?.entry.entry_id, `${label}: entry`).to.equal('e9');
    }
  });
});
