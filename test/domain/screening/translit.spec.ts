import { expect } from 'chai';
import { normalizeName } from '../../../src/domain/screening/match/normalize.js';
import { prepareToken } from '../../../src/domain/screening/match/prepare.js';
import { genderConflict, tokenSimilarity } from '../../../src/domain/screening/match/similarity.js';
import { koreanSyllable, romanisationSkeleton, transliterationKeys } from '../../../src/domain/screening/match/translit.js';

const word = (text: string) => prepareToken({ text, kind: 'word', spoken: text });
const shareKey = (a: string, b: string) => transliterationKeys(a).some((k) => transliterationKeys(b).includes(k));
const sim = (a: string, b: string, known?: (t: string) => boolean) => tokenSimilarity(word(a), word(b), known);

/** every two words of a group share a key */
function expectOneName(group: readonly string[]): void {
  for (const a of group) for (const b of group) expect(shareKey(a, b), `${a}/${b}: ${transliterationKeys(a).join(',')} | ${transliterationKeys(b).join(',')}`).to.equal(true);
}

describe('screening matcher: transliteration keys', () => {
  it('joins the romanisations of Arabic and Persian name words', () => {
    const groups = [
      ['mohammed', 'muhammad', 'mohamed', 'mohammad', 'muhammed', 'mohamad', 'mehmet'],
      ['ahmed', 'ahmad', 'ahmet'],
      ['hussein', 'husayn', 'hossein', 'hussain', 'husain'],
      ['youssef', 'yusuf', 'yousef', 'yussef'],
      ['osama', 'usama'],
      ['omar', 'umar'],
      ['hassan', 'hasan'],
      ['mahmoud', 'mahmud'],
      ['khaled', 'khalid'],
      ['saeed', 'said', 'sayed'],
      ['abdullah', 'abdallah', 'abdulla'],
      ['abdul', 'abdel', 'abdol', 'abd'],
      ['abdulrahman', 'abdelrahman', 'abdurrahman', 'abdalrahman'],
      ['qasim', 'kassem', 'qassem', 'kasim'],
      ['jafar', 'jaafar'],
      ['abu', 'abou', 'abo'],
      ['bin', 'ben', 'ibn'],
      ['qaddafi', 'gadhafi', 'kadhafi'],
    ];
    for (const g of groups) expectOneName(g);
  });

  it('derives unlisted Arabic spellings by the skeleton rules', () => {
    // not in any table: doubled letters, ou/u, e/i in the last syllable, q/k, dh/z, final h
    expect(romanisationSkeleton('abdelkader')).to.equal(romanisationSkeleton('abdelqadir'));
    expect(romanisationSkeleton('ramadhan')).to.equal(romanisationSkeleton('ramazan'));
    expect(romanisationSkeleton('fatimah')).to.equal(romanisationSkeleton('fatima'));
    expect(romanisationSkeleton('nourredine')).to.not.equal(''); // stays a key
    expect(shareKey('abdelkader', 'abdulqadir')).to.equal(true); // an abd-al compound
  });

  it('keeps different names apart', () => {
    for (const [a, b] of [
      ['hassan', 'hussein'],
      ['omar', 'amir'],
      ['said', 'saad'],
      ['hamas', 'tamas'],
      ['ali', 'alia'],
      ['aleksandr', 'aleksandra'],
      ['yevgeniy', 'yevgeniya'],
      ['kim', 'kin'],
      ['silva', 'silveira'],
      ['teles', 'tales'],
    ] as const) {
      expect(shareKey(a, b), `${a}/${b}`).to.equal(false);
    }
  });

  it('joins the Cyrillic romanisations, and a word in Cyrillic script with its Latin spellings', () => {
    const groups = [
      ['yevgeniy', 'evgeny', 'evgenii', 'yevgeny'],
      ['aleksandr', 'alexander', 'aleksander'],
      ['sergei', 'sergey', 'sergiy'],
      ['yuriy', 'yuri', 'iouri'],
      ['dmitriy', 'dmitry', 'dmitri'],
      ['smirnov', 'smirnoff'],
      ['zelensky', 'zelenskiy', 'zelenskii', 'zelenski'],
    ];
    for (const g of groups) expectOneName(g);
    // normalize.ts folds й to и: "Сергей" reaches the keys as "сергеи"
    const [cyrillic] = normalizeName('Сергей', 'person');
    expect(shareKey(cyrillic?.text as string, 'sergey')).to.equal(true);
    expect(shareKey('евгении', 'evgeny')).to.equal(true);
    expect(shareKey('иванов', 'ivanoff')).to.equal(true);
  });

  it('joins Korean surnames and given-name syllables across McCune-Reischauer, Revised Romanization and common spellings', () => {
    const groups = [
      ['pak', 'park', 'bak', '박'],
      ['ri', 'rhee', 'lee', 'yi', 'li', '이'],
      ['choe', 'choi', '최'],
      ['kim', 'gim', '김'],
      ['jon', 'jeon', 'chon', 'chun'],
      ['jong', 'jeong', 'chong'],
      ['sin', 'shin'],
      ['oh', '오'],
      ['hyon', 'hyun'],
      ['mun', 'moon'],
      ['kang', 'gang'],
      ['jang', 'chang'],
      ['jo', 'cho'],
      ['chol', 'cheol', 'chul'],
      ['yong', 'yeong', 'young'],
      ['song', 'seong', 'sung'],
      ['un', 'eun', 'woon'],
      ['sok', 'seok', 'suk'],
      ['ryong', 'ryeong', 'ryung'],
      ['hui', 'hee'],
      ['hyok', 'hyeok'],
      ['myong', 'myeong', 'myung'],
      ['kwang', 'gwang'],
    ];
    for (const g of groups) expectOneName(g);
    expect(koreanSyllable('pedro')).to.equal(null); // not one syllable
    expect(shareKey('김정은', 'gimjeongeun')).to.equal(false); // a joined Latin name is the scorer's compound
  });

  it('joins Chinese surnames in Pinyin, Wade-Giles and Hong Kong spellings', () => {
    const groups = [
      ['zhang', 'chang'],
      ['zhou', 'chou'],
      ['zhao', 'chao'],
      ['zheng', 'cheng'],
      ['xu', 'hsu'],
      ['xie', 'hsieh'],
      ['huang', 'hwang', 'wong'],
      ['wang', 'wong'],
      ['liu', 'lau', 'liew'],
      ['guo', 'kuo', 'kwok'],
      ['jiang', 'chiang'],
      ['qin', 'chin'],
      ['xiao', 'hsiao'],
      ['zhu', 'chu'],
      ['gao', 'kao'],
      ['lin', 'lim'],
      ['chen', 'chan'],
    ];
    for (const g of groups) expectOneName(g);
    expect(shareKey('huang', 'wang')).to.equal(false); // Wong is both, they are not one
  });

  it('gives few keys per word', () => {
    for (const w of ['silva', 'muhammad', 'chang', 'park', 'сергеи', '김정은', 'abdulrahman', 'x', '']) expect(transliterationKeys(w).length, w).to.be.at.most(6);
  });
});

describe('screening matcher: token similarity across romanisations, first letters and gender', () => {
  it('agrees on a shared transliteration key at 0.93, above a typo and below exact', () => {
    for (const [a, b] of [
      ['mohammed', 'muhammad'],
      ['yevgeniy', 'evgeny'],
      ['pak', 'park'],
      ['сергеи', 'sergey'],
      ['zhang', 'chang'],
      ['hossein', 'husayn'],
    ] as const) {
      expect(sim(a, b), `${a}/${b}`).to.deep.equal({ score: 0.93, how: 'transliteration' });
    }
  });

  it('agrees across a particle and a word: bin, ben, ibn', () => {
    const particle = (text: string) => prepareToken({ text, kind: 'particle', spoken: text });
    expect(tokenSimilarity(particle('bin'), word('ben'))).to.deep.equal({ score: 0.93, how: 'transliteration' });
    expect(tokenSimilarity(word('ben'), particle('ibn'))).to.deep.equal({ score: 0.93, how: 'transliteration' });
    expect(tokenSimilarity(particle('bin'), particle('ibn'))).to.deep.equal({ score: 0.93, how: 'transliteration' });
    expect(tokenSimilarity(particle('da'), word('silva')).score).to.equal(0);
  });

  it('lets two names frequent in the lists agree by a table only, not by the skeleton', () => {
    const known = (t: string) => ['moura', 'mora', 'omar', 'umar'].includes(t);
    expect(sim('moura', 'mora').how).to.equal('transliteration'); // nothing known: one skeleton
    expect(sim('moura', 'mora', known).how).to.not.equal('transliteration');
    expect(sim('omar', 'umar', known).how).to.equal('transliteration');
  });

  it('applies the gender rule to given names only: a slip at the end of a surname or company word is a typo', () => {
    expect(genderConflict('magham', 'maghma')).to.equal(false);
    expect(genderConflict('naftiran', 'naftirna')).to.equal(false);
    expect(sim('magham', 'maghma')).to.deep.equal({ score: 0.88, how: 'typo' });
    expect(genderConflict('nikol', 'nikola')).to.equal(false); // an added "a" to a word that is no name: a slip
    expect(genderConflict('fabian', 'fabiana')).to.equal(false);
    expect(sim('naftiran', 'naftirna').score).to.be.at.least(0.88);
    for (const [a, b] of [
      ['fabiano', 'fabiana'],
      ['daniel', 'daniela'],
      ['cristiano', 'cristiane'],
      ['aleksandr', 'aleksandra'],
      ['yevgeniy', 'yevgeniya'],
      ['ivanov', 'ivanova'],
    ] as const) {
      expect(sim(a, b), `${a}/${b}`).to.deep.equal({ score: 0, how: 'gender' });
    }
  });

  it('takes a wrong first letter for another word unless the two sound alike', () => {
    expect(sim('hamas', 'tamas').score).to.equal(0);
    expect(sim('silva', 'pilva').score).to.equal(0);
    expect(sim('catarina', 'katarina').how).to.equal('phonetic'); // C/K
    expect(sim('felipe', 'phelipe').score).to.be.at.least(0.9); // PH/F
    expect(sim('ygor', 'igor').how).to.equal('phonetic'); // Y/I, the same vowels
    expect(sim('helena', 'elena').how).to.equal('phonetic'); // silent H
    expect(sim('silva', 'silba').how).to.equal('typo'); // the same slip after the first letter
  });

  it('trusts a Double Metaphone agreement only for close strings: a sound-alike never beats the real name', () => {
    expect(sim('izadi', 'yazdi').score).to.equal(0); // ISDI and AST for both, another first letter and other vowels, jw 0.78
    expect(sim('izadi', 'izady').score).to.be.at.least(0.9);
    // another first letter and two letters more: another name, whatever the codes say
    expect(sim('ana', 'juana').score).to.equal(0);
    // the codes drop vowels: AMN, SHR; the names are others
    expect(sim('ayman', 'amin').score).to.be.below(0.6); // below the pair floor
    expect(sim('zuhairi', 'zawahiri').score).to.be.below(0.6); // below the pair floor
    expect(sim('elena', 'helena').score).to.be.at.least(0.9);
  });
});
