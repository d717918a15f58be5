import { jaroWinkler as skyraJaroWinkler } from '@skyra/jaro-winkler';
import { distance as levenshtein } from 'fastest-levenshtein';
import type { TokenKind } from './normalize.js';
import { GENDERED_GIVEN_NAMES } from './translit-tables.js';

/** A token ready to compare: its text, kind and phonetic keys, computed once. */
export interface PreparedToken {
  /** unique among interned tokens (prepare.ts createInterner); -1 for a token made on its own */
  id: number;
  text: string;
  kind: TokenKind;
  /** Portuguese phonetic key (phonetic-pt.ts) */
  key: string;
  /** the same key keeping every vowel */
  voweled: string;
  /** Double Metaphone primary and alternate codes, for foreign names */
  dm: readonly [string, string];
  /** transliteration keys (translit.ts): one name in two romanisations shares one */
  tk: readonly string[];
}

/** How two tokens agree; shown in the explanation of the name alignment. */
export type Agreement = 'exact' | 'transliteration' | 'phonetic' | 'typo' | 'string' | 'initial' | 'compound' | 'gender' | 'none';

export interface TokenMatch {
  score: number;
  how: Agreement;
}

/**
 * Jaro-Winkler with the standard prefix bonus. @skyra/jaro-winkler 1.1.1 counts a common prefix of
 * 4 as 5 (its `getPrefix` returns `++p` after the loop), which lifts every pair sharing four
 * letters; undo that: its value is j + 0.5(1 - j) there, the standard one j + 0.4(1 - j).
 */
export function jaroWinkler(a: string, b: string): number {
  const value = skyraJaroWinkler(a, b);
  if (a === b || a.length < 4 || b.length < 4 || a.slice(0, 4) !== b.slice(0, 4)) return value;
  const jaro = 2 * value - 1;
  return jaro + 0.4 * (1 - jaro);
}

export const PHONETIC_SCORE = 0.95;
export const FOREIGN_PHONETIC_SCORE = 0.9;
export const INITIAL_SCORE = 0.75;
/** one name in two romanisations: below exact, above a typo or a sound-alike */
export const TRANSLITERATION_SCORE = 0.93;
const TYPO_SCORE = 0.9;
const TRANSPOSITION_SCORE = 0.88;
const LONG_TYPO_SCORE = 0.8;

/**
 * Raw Jaro-Winkler rates different surnames sharing letters high (Silva/Silveira 0.92,
 * Pereira/Ferreira 0.9): below 0.8 two words are unrelated, above it the score rises to 0.85, and
 * only typos and phonetic agreement go beyond.
 */
const stringScore = (jw: number): number => (jw < 0.8 ? 0 : (0.85 * (jw - 0.8)) / 0.2);

const isVowel = (c: string | undefined): boolean => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';

const GIVEN = new Set(GENDERED_GIVEN_NAMES);
/** Slavic surnames: Ivanov/Ivanova, Putin/Putina, the feminine adds an "a" to -ov, -ev, -in */
const slavicFeminine = (a: string, b: string): boolean => b.length === a.length + 1 && b.endsWith('a') && b.startsWith(a) && /(?:ov|ev|in|yn)$/.test(a);

/**
 * Given names mark gender in their last vowel (Fabiano/Fabiana, Cristiano/Cristiane) or an added
 * "a" (Daniel/Daniela, Aleksandr/Aleksandra): different people, however close the strings and the
 * foreign phonetic codes are. Only given names (translit-tables.ts) do, a swapped last vowel when
 * one of the two is a given name, an added "a" when both are: in a surname or a company
 * word the same slip is a typo (Magham/Maghma, Naftiran/Naftirna), except the Slavic feminine
 * surname (Ivanov/Ivanova).
 */
export function genderConflict(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  if (slavicFeminine(a, b) || slavicFeminine(b, a)) return true;
  const givenA = GIVEN.has(a);
  const givenB = GIVEN.has(b);
  if (!givenA && !givenB) return false;
  const ea = a[a.length - 1] as string;
  const eb = b[b.length - 1] as string;
  const swapped = (ea === 'o' && (eb === 'a' || eb === 'e')) || (eb === 'o' && (ea === 'a' || ea === 'e'));
  const added = (ea === 'a' && !isVowel(eb)) || (eb === 'a' && !isVowel(ea));
  if (!swapped && !added) return false;
  // Ukrainian and Belarusian -enko/-enka surnames are one name in two transliterations (Lukashenka)
  const enko = (x: string) => x.endsWith('enko') || x.endsWith('enka');
  if (enko(a) && enko(b)) return false;
  if (swapped) return levenshtein(a.slice(0, -1), b.slice(0, -1)) <= 1;
  // an added "a" makes a name of both only when both are names: Nikol is Nikola mistyped
  if (!givenA || !givenB) return false;
  return ea === 'a' ? levenshtein(a.slice(0, -1), b) <= 1 : levenshtein(a, b.slice(0, -1)) <= 1;
}

function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Typing slips: one letter off (a substitution only in words of 5 letters or more), two swapped. */
function typoScore(a: string, b: string): number {
  const shortest = Math.min(a.length, b.length);
  if (shortest < 4 || Math.abs(a.length - b.length) > 2) return 0;
  const d = levenshtein(a, b);
  if (d === 1 && (a.length !== b.length || shortest >= 5)) return TYPO_SCORE;
  if (isTransposition(a, b)) return TRANSPOSITION_SCORE;
  if (d === 2 && shortest >= 8) return LONG_TYPO_SCORE;
  return 0;
}

/**
 * One word has a final vowel syllable the other lacks: Matos/Mattoso, Barros/Barroso, Husain/Husaini
 * are different names. A final e (Ruth/Rute, Edith/Edite) or h (Haniyeh/Haniya) is only spelling.
 */
const addedSyllable = (a: string, b: string): boolean => (/[aiou]$/.test(a) && /[^aeiouh]$/.test(b)) || (/[aiou]$/.test(b) && /[^aeiouh]$/.test(a));

/**
 * Double Metaphone agreement: its codes drop every vowel, so an added final syllable vetoes it,
 * and a code of two sounds says little (Maria, Moura, Mira are all MR) unless the strings are
 * close too (Ruth/Rute, Haniyeh/Haniya). Its codes are loose (Izadi and Yazdi are both AST, Ayman
 * and Amin AMN, Zuhairi and Zawahiri SHR): the strings must be close (jw >= 0.85, 0.88 with
 * another first letter, and then of lengths at most one apart); spellings further apart agree
 * only by the transliteration keys, which know which spellings are one name.
 */
function foreignPhoneticAgrees(a: PreparedToken, b: PreparedToken, jw: number): boolean {
  const [a1, a2] = a.dm;
  const [b1, b2] = b.dm;
  if (jw < (a.text[0] === b.text[0] ? 0.85 : 0.88)) return false;
  // another first letter: at most one letter more or less (Elena/Helena; not Ana/Juana)
  if (a.text[0] !== b.text[0] && Math.abs(a.text.length - b.text.length) > 1) return false;
  if (a1.length < 2 || (a1.length === 2 && jw < 0.85) || !(a1 === b1 || (a2 !== '' && a2 === b1) || (b2 !== '' && a1 === b2))) return false;
  return !addedSyllable(a.text, b.text);
}

/** Whether a word is a name of its own (frequent in the lists), not a slip of another. */
export type KnownName = (text: string) => boolean;
const NOTHING_KNOWN: KnownName = () => false;

/**
 * Transliteration keys shared. Two names both frequent in the lists agree by a table only: the
 * skeleton (`r:`) folds vowels, and Moura and Mora are two Portuguese names.
 */
function transliterationAgrees(a: readonly string[], b: readonly string[], distinctNames: boolean): boolean {
  for (const key of a) {
    if (distinctNames && key.charCodeAt(0) === 114 /* r */) continue;
    if (b.includes(key)) return true;
  }
  return false;
}

function wordSimilarity(a: PreparedToken, b: PreparedToken, known: KnownName): TokenMatch {
  if (genderConflict(a.text, b.text)) return GENDER;
  // two names both frequent in the lists, one letter apart, are two names: Maria and Márcia,
  // Nilson and Gilson; only sounding alike makes them one
  const distinctNames = known(a.text) && known(b.text);
  const jw = jaroWinkler(a.text, b.text);
  // a slip seldom hits the first letter: Hamas and Tamas are two words unless they sound alike
  const sameStart = a.text[0] === b.text[0];
  // short keys collide (Maria, Moura, Mira: MRA); their vowels tell them apart. Another first
  // letter must spell the same sounds, vowels too (Ygor/Igor, Catarina/Katarina; not Izadi/Yazdi)
  if (a.key.length >= 2 && a.key === b.key && (a.key.length > 3 && sameStart ? jw >= 0.7 : a.voweled === b.voweled)) return PHONETIC;
  // one name in two romanisations (Mohammed/Muhammad, Pak/Park): below the Portuguese key, above a slip
  if (transliterationAgrees(a.tk, b.tk, distinctNames)) return TRANSLITERATION;
  const typo = distinctNames || !sameStart ? 0 : typoScore(a.text, b.text);
  if (foreignPhoneticAgrees(a, b, jw) && typo < FOREIGN_PHONETIC_SCORE) return FOREIGN_PHONETIC;
  if (distinctNames || !sameStart) return NONE;
  const byString = stringScore(jw);
  return typo >= byString ? (typo > 0 ? match(typo, 'typo') : NONE) : match(byString, 'string');
}

const NONE: TokenMatch = { score: 0, how: 'none' };
const GENDER: TokenMatch = { score: 0, how: 'gender' };
const TRANSLITERATION: TokenMatch = { score: TRANSLITERATION_SCORE, how: 'transliteration' };
const PHONETIC: TokenMatch = { score: PHONETIC_SCORE, how: 'phonetic' };
const FOREIGN_PHONETIC: TokenMatch = { score: FOREIGN_PHONETIC_SCORE, how: 'phonetic' };
const PARTICLE_SLIP: TokenMatch = { score: 0.8, how: 'string' };
/** patronymics compare as the words they are; they only weigh less */
const isWord = (t: PreparedToken): boolean => t.kind === 'word' || t.kind === 'patronymic';
const EXACT: TokenMatch = { score: 1, how: 'exact' };
const INITIAL: TokenMatch = { score: INITIAL_SCORE, how: 'initial' };

export type TokenSimilarity = (a: PreparedToken, b: PreparedToken) => TokenMatch;

/**
 * Answers are shared, immutable objects (scores rounded to 0.001): a search compares thousands of
 * pairs and the memo keeps them, so a new object per pair would only feed the garbage collector.
 */
const SHARED: Record<'typo' | 'string', TokenMatch[]> = { typo: [], string: [] };
function match(score: number, how: 'typo' | 'string'): TokenMatch {
  const thousandths = Math.round(score * 1000);
  return (SHARED[how][thousandths] ??= Object.freeze({ score: thousandths / 1000, how }));
}

/** Every answer is one of few shared objects: a memo stores its number. */
const CODES = new Map<TokenMatch, number>();
const ANSWERS: TokenMatch[] = [];
function codeOf(answer: TokenMatch): number {
  let code = CODES.get(answer);
  if (code === undefined) {
    code = ANSWERS.push(answer) - 1;
    CODES.set(answer, code);
  }
  return code;
}

/**
 * tokenSimilarity remembering its answers across searches: an index's tokens are shared objects
 * with ids, so the same pairs come back query after query (Maria against Mariana). The memo is
 * an open-addressing table in typed arrays, emptied when 3/4 full: millions of remembered pairs
 * would otherwise be millions of small objects for the garbage collector to walk. Tokens without
 * an id (a query word no list has) are compared afresh.
 */
/** ids from 2^26 on (after thousands of index rebuilds in one process) are compared afresh */
const MAX_ID = 0x4000000;

export function memoizedSimilarity(capacity = 1 << 20, known: KnownName = NOTHING_KNOWN): TokenSimilarity {
  const size = 2 ** Math.ceil(Math.log2(capacity));
  const mask = size - 1;
  const keys = new Float64Array(size).fill(-1);
  const codes = new Uint16Array(size);
  let used = 0;
  return (a, b) => {
    if (a.id < 0 || b.id < 0 || a.id >= MAX_ID || b.id >= MAX_ID) return tokenSimilarity(a, b, known);
    const key = a.id * MAX_ID + b.id;
    let slot = (Math.imul(a.id, 0x9e3779b1) ^ Math.imul(b.id, 0x85ebca6b)) & mask;
    while (keys[slot] !== -1) {
      if (keys[slot] === key) return ANSWERS[codes[slot] as number] as TokenMatch;
      slot = (slot + 1) & mask;
    }
    const answer = tokenSimilarity(a, b, known);
    if (used >= (size * 3) / 4) {
      keys.fill(-1);
      used = 0;
      slot = (Math.imul(a.id, 0x9e3779b1) ^ Math.imul(b.id, 0x85ebca6b)) & mask;
    }
    keys[slot] = key;
    codes[slot] = codeOf(answer);
    used++;
    return answer;
  };
}

/**
 * The similarity of two tokens in [0, 1]; tokens of unrelated kinds never agree. `known` tells
 * names frequent in the loaded lists (TokenWeights.known).
 */
export function tokenSimilarity(a: PreparedToken, b: PreparedToken, known: KnownName = NOTHING_KNOWN): TokenMatch {
  if (isWord(a) && isWord(b)) return a.text === b.text ? EXACT : wordSimilarity(a, b, known);
  if ((a.kind === 'initial' && isWord(b)) || (isWord(a) && b.kind === 'initial')) return a.text[0] === b.text[0] ? INITIAL : NONE;
  // bin, ben, ibn: a particle on one side, a word on the other
  if ((a.kind === 'particle' && isWord(b)) || (isWord(a) && b.kind === 'particle')) return a.tk.length > 0 && transliterationAgrees(a.tk, b.tk, false) ? TRANSLITERATION : NONE;
  if (a.kind !== b.kind) return NONE;
  if (a.text === b.text) return EXACT;
  if (a.kind === 'particle' && transliterationAgrees(a.tk, b.tk, false)) return TRANSLITERATION;
  // "do Carmo" and "da Carmo" differ by a slip more often than by a person
  return a.kind === 'particle' ? PARTICLE_SLIP : NONE;
}
