import { jaroWinkler as skyraJaroWinkler } from '@skyra/jaro-winkler';
import { expect } from 'chai';
import { createInterner, prepareToken } from '../../../src/domain/screening/match/prepare.js';
import { portuguesePhoneticKey } from '../../../src/domain/screening/match/phonetic-pt.js';
import { genderConflict, jaroWinkler, memoizedSimilarity, tokenSimilarity } from '../../../src/domain/screening/match/similarity.js';

const word = (text: string) => prepareToken({ text: text.replace(/ç/g, 'c'), kind: 'word', spoken: text });

describe('screening matcher: Portuguese phonetic key', () => {
  it('codes words by the rules of Brazilian spelling', () => {
    const table: [string, string][] = [
      ['coelho', 'K1O'], // LH
      ['carvalho', 'KRV1O'],
      ['cunha', 'K3A'], // NH
      ['pinheiro', 'P3RO'],
      ['chaves', 'XVS'], // CH
      ['xavier', 'XVR'],
      ['nascimento', 'NSMNTO'], // SC before E/I
      ['nassimento', 'NSMNTO'],
      ['queiroz', 'KRS'], // QU, Z
      ['keiroz', 'KRS'],
      ['gonçalves', 'GNSLVS'], // Ç
      ['cecilia', 'SSLA'], // C before E/I
      ['sesilia', 'SSLA'],
      ['gilberto', 'JLBRTO'], // G before E/I
      ['guilherme', 'G1RME'], // GU before E/I
      ['wagner', 'VGNR'], // W/V
      ['vagner', 'VGNR'],
      ['yasmin', 'ISMN'], // Y/I
      ['iasmin', 'ISMN'],
      ['souza', 'SSA'], // Z/S
      ['sousa', 'SSA'],
      ['jardim', 'JRDN'], // final M/N
      ['jardin', 'JRDN'],
      ['campos', 'KNPS'], // M before a consonant
      ['helena', 'ELNA'], // silent H
      ['elena', 'ELNA'],
      ['thiago', 'TGO'],
      ['tiago', 'TGO'],
      ['raphael', 'RFL'],
      ['rafael', 'RFL'],
      ['schmidt', 'XMDT'],
    ];
    for (const [w, key] of table) expect(portuguesePhoneticKey(w), w).to.equal(key);
  });

  it('keeps every vowel when asked, for short keys that collide', () => {
    expect(portuguesePhoneticKey('maria')).to.equal(portuguesePhoneticKey('moura'));
    expect(portuguesePhoneticKey('maria', { vowels: true })).to.equal('MARIA');
    expect(portuguesePhoneticKey('moura', { vowels: true })).to.equal('MOURA');
    expect(portuguesePhoneticKey('kauã'.normalize('NFD').replace(/\p{M}/gu, ''), { vowels: true })).to.equal(portuguesePhoneticKey('caua', { vowels: true }));
  });

  it('keeps the final vowel: Fabiano and Fabiana differ, so do Mario and Maria', () => {
    expect(portuguesePhoneticKey('fabiano')).to.equal('FBNO');
    expect(portuguesePhoneticKey('fabiana')).to.equal('FBNA');
    expect(portuguesePhoneticKey('mario')).to.not.equal(portuguesePhoneticKey('maria'));
  });
});

describe('screening matcher: token similarity', () => {
  it('uses the standard Jaro-Winkler prefix bonus (the library counts a prefix of 4 as 5)', () => {
    expect(skyraJaroWinkler('abcdef', 'abcdxy')).to.be.closeTo(0.8889, 1e-4);
    expect(jaroWinkler('abcdef', 'abcdxy')).to.be.closeTo(0.8667, 1e-4);
    expect(jaroWinkler('martha', 'marhta')).to.be.closeTo(0.9611, 1e-4);
    expect(jaroWinkler('silva', 'silva')).to.equal(1);
  });

  it('agrees on the Portuguese phonetic key, on Double Metaphone for foreign names, and on typing slips', () => {
    expect(tokenSimilarity(word('souza'), word('sousa'))).to.deep.equal({ score: 0.95, how: 'phonetic' });
    expect(tokenSimilarity(word('qaddafi'), word('gadhafi'))).to.deep.equal({ score: 0.9, how: 'phonetic' });
    expect(tokenSimilarity(word('carvalho'), word('carvalo'))).to.deep.equal({ score: 0.9, how: 'typo' });
    expect(tokenSimilarity(word('martins'), word('matrins'))).to.deep.equal({ score: 0.88, how: 'typo' }); // swapped letters
  });

  it('tells apart different names that strings alone find close', () => {
    for (const [a, b] of [['pereira', 'ferreira'], ['silva', 'silveira'], ['santos', 'santana'], ['matos', 'mattoso']] as const) {
      expect(tokenSimilarity(word(a), word(b)).score, `${a}/${b}`).to.be.below(0.6);
    }
  });

  it('takes two names both frequent in the lists, one letter apart, for two names: only sounding alike joins them', () => {
    const known = (text: string) => ['maria', 'marcia', 'pinto', 'pinho', 'souza', 'sousa'].includes(text);
    expect(tokenSimilarity(word('maria'), word('marcia'), known)).to.deep.equal({ score: 0, how: 'none' });
    expect(tokenSimilarity(word('pinto'), word('pinho'), known).score).to.equal(0);
    expect(tokenSimilarity(word('pinto'), word('pinho')).how).to.equal('typo'); // nothing known: a slip
    expect(tokenSimilarity(word('souza'), word('sousa'), known).how).to.equal('phonetic');
  });

  it('trusts a two-sound Double Metaphone code only for close strings', () => {
    expect(tokenSimilarity(word('maria'), word('moura')).score).to.be.below(0.6); // MR, and MRA for both keys
    expect(tokenSimilarity(word('kaua'), word('caua'))).to.deep.equal({ score: 0.95, how: 'phonetic' }); // KA, same vowels
    expect(tokenSimilarity(word('haniyeh'), word('haniya'))).to.deep.equal({ score: 0.9, how: 'phonetic' }); // HN
  });

  it('never pairs gender-marked given names, however close', () => {
    for (const [a, b] of [['fabiano', 'fabiana'], ['cristiano', 'cristiane'], ['daniel', 'daniela'], ['luis', 'luisa'], ['ivanov', 'ivanova']] as const) {
      expect(genderConflict(a, b), `${a}/${b}`).to.equal(true);
      expect(tokenSimilarity(word(a), word(b)), `${a}/${b}`).to.deep.equal({ score: 0, how: 'gender' });
    }
    expect(genderConflict('lukashenko', 'lukashenka')).to.equal(false); // one surname, two transliterations
    expect(genderConflict('luciana', 'luciane')).to.equal(false);
  });

  it('aligns an initial with a word of the same letter, at reduced score', () => {
    const initial = prepareToken({ text: 'j', kind: 'initial', spoken: 'j' });
    expect(tokenSimilarity(initial, word('joao'))).to.deep.equal({ score: 0.75, how: 'initial' });
    expect(tokenSimilarity(initial, word('pedro')).score).to.equal(0);
  });

  it('remembers answers without changing them, also once its table fills and is emptied', () => {
    const intern = createInterner();
    const words = ['silva', 'silvia', 'sylva', 'silvaa', 'souza', 'sousa', 'souzza', 'carvalho', 'carvalo', 'carvallho', 'qaddafi', 'gadhafi', 'kadafi', 'maria', 'mario'];
    const tokens = words.map((w) => intern({ text: w, kind: 'word', spoken: w }));
    const memo = memoizedSimilarity(16); // 12 pairs before it empties: long probe chains
    for (let round = 0; round < 3; round++) {
      for (const a of tokens) for (const b of tokens) expect(memo(a, b), `${a.text}/${b.text}`).to.deep.equal(tokenSimilarity(a, b));
    }
  });

  it('interns one token object per word', () => {
    const intern = createInterner();
    expect(intern({ text: 'silva', kind: 'word', spoken: 'silva' })).to.equal(intern({ text: 'silva', kind: 'word', spoken: 'silva' }));
  });
});
