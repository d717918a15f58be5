import anyAscii from 'any-ascii';
import { ARABIC_GROUPS, CHINESE_SURNAMES, KOREAN_SURNAMES } from './translit-tables.js';

/**
 * Transliteration keys: one name word as English, French, German and Russian-style romanisations
 * of Arabic, Persian, Cyrillic, Korean and Chinese write it. Two words sharing a key are one name
 * written two ways (Mohammed/Muhammad, Yevgeniy/Evgeny, Pak/Park, Zhang/Chang). Keys come from
 * rules (a romanisation skeleton, a Korean syllable fold) and from tables (translit-tables.ts) for
 * spellings no rule derives. A word in another script (Cyrillic, Hangul, Greek) is read through
 * its any-ascii transliteration first, so "Сергей" and "Sergey" share a key.
 *
 * Namespaces: `t:` a table group (a word both frequent in the lists and in a group agrees by the
 * table only), `r:` the skeleton, `a:` an abd-al compound, `k:` Korean, `c:` Chinese.
 */

const NO_KEYS: readonly string[] = Object.freeze([]);

function invert(groups: Readonly<Record<string, readonly string[]>>, prefix: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [group, words] of Object.entries(groups)) {
    for (const w of words) {
      const list = out.get(w) ?? [];
      list.push(prefix + group);
      out.set(w, list);
    }
  }
  return out;
}
const ARABIC = invert(ARABIC_GROUPS, 't:');
const KOREAN = invert(KOREAN_SURNAMES, 'k:@');
const CHINESE = invert(CHINESE_SURNAMES, 'c:');

/**
 * The romanisation skeleton, shared by Arabic, Persian and Cyrillic names: what English, French
 * and German spellings of one letter have in common (BGN/PCGN and ALA-LC tables against the
 * popular spellings). Consonant digraphs to one letter (kh, gh, dh, ph, q, x, tz, dj), y as i,
 * ou/oo as u, ee as i, o as u (Arabic has no o: Omar/Umar, Osama/Usama), e in the last closed
 * syllable as i (Khaled/Khalid, Kassem/Qasim), ei/ey as ai (Hossein/Husayn), the Russian endings
 * -iy/-ii/-y/-ei as -i and -off/-ow as -ov, -nder/-ter as -ndr/-tr (Aleksander/Aleksandr, Peter/Petr),
 * a leading ye as e (Yevgeniy/Evgeny), a final h after a vowel dropped, doubled letters as one.
 */
export function romanisationSkeleton(word: string): string {
  // one pass for the letters and digraphs, doubled letters collapsed; no regular expression
  // (this runs on every word of every list when an index is built)
  let w = '';
  let last = '';
  const put = (c: string) => {
    if (c !== last) w += c;
    last = c;
  };
  for (let i = 0; i < word.length; i++) {
    const c = word[i] as string;
    const n = word[i + 1];
    if (c === 'x') {
      put('k');
      put('s');
    } else if (c === 'd' && n === 'z' && word[i + 2] === 'h') {
      put('j');
      i += 2;
    } else if (c === 'd' && n === 'j') {
      put('j');
      i++;
    } else if (n === 'h' && (c === 'k' || c === 'g' || c === 'd' || c === 'p')) {
      put(c === 'k' ? 'x' : c === 'g' ? 'g' : c === 'd' ? 'z' : 'f');
      i++;
    } else if (c === 'c' && n === 'k') {
      put('k');
      i++;
    } else if (c === 't' && n === 'z') {
      put('t');
      put('s');
      i++;
    } else if (c === 'q') put('k');
    else if (c === 'y') put('i');
    else if (c === 'o' && (n === 'u' || n === 'o')) {
      put('u');
      i++;
    } else if (c === 'e' && n === 'e') {
      put('i');
      i++;
    } else put(c);
  }
  // the ends of the word
  const len = w.length;
  if (len > 1 && w[len - 1] === 'h' && isVowel(w[len - 2])) w = w.slice(0, -1);
  if (w.endsWith('of') || w.endsWith('ow')) w = `${w.slice(0, -1)}v`;
  else if (w.endsWith('nder') || w.endsWith('ter')) w = `${w.slice(0, -2)}r`;
  else if (w.endsWith('ei') || w.endsWith('ij')) w = `${w.slice(0, -2)}i`;
  if (w.startsWith('ie')) w = w.slice(1);
  let lastVowel = w.length - 1;
  while (lastVowel >= 0 && !isVowel(w[lastVowel])) lastVowel--;
  if (lastVowel >= 0 && lastVowel < w.length - 1 && w[lastVowel] === 'e') w = `${w.slice(0, lastVowel)}i${w.slice(lastVowel + 1)}`;
  // ei before a consonant as ai, o as u, doubled letters again
  let out = '';
  last = '';
  for (let i = 0; i < w.length; i++) {
    let c = w[i] as string;
    if (c === 'o') c = 'u';
    else if (c === 'e' && w[i + 1] === 'i' && !isVowel(w[i + 2])) c = 'a';
    if (c !== last) out += c;
    last = c;
  }
  return out;
}

const isVowel = (c: string | undefined): boolean => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';

/** "Abdulrahman", "Abdelrahman", "Abdurrahman", "Abdalrahman": abd, the article, then the name. */
function abdCompound(word: string): string | null {
  const m = /^abd[aeiou]?l?(.{3,})$/.exec(word);
  if (!m || ARABIC.has(word)) return null;
  return `a:${romanisationSkeleton((m[1] as string).replace(/^(.)\1/, '$1'))}`;
}

/**
 * One Korean syllable as McCune-Reischauer, the Revised Romanization and passports write it,
 * folded: initial g/k, b/p, d/t, j/ch, s/sh as one; eo, o, u, eu, oo as o (Chol/Cheol/Chul,
 * Un/Eun); yeo, yo, yu, you as yo (Myong/Myeong/Myung); ee as i (Hee). Null when the word is not
 * one syllable.
 */
const KOREAN_INITIAL: Readonly<Record<string, string>> = { tch: 'j', ch: 'j', jj: 'j', j: 'j', kk: 'k', k: 'k', g: 'k', pp: 'p', p: 'p', b: 'p', tt: 't', t: 't', d: 't', ss: 's', sh: 's', s: 's', n: 'n', m: 'm', h: 'h', r: 'r', l: 'l', '': '' };
const KOREAN_VOWEL: Readonly<Record<string, string>> = {
  a: 'a', ae: 'e', e: 'e', ya: 'ya', yae: 'ye', ye: 'ye', eo: 'o', o: 'o', u: 'o', eu: 'o', oo: 'o', ou: 'o',
  yeo: 'yo', yo: 'yo', yu: 'yo', you: 'yo', yoo: 'yo', wa: 'wa', wo: 'wo', woo: 'o', wi: 'wi', i: 'i', ee: 'i', ui: 'ui',
};
const KOREAN_FINAL: Readonly<Record<string, string>> = { ng: 'ng', n: 'n', m: 'm', l: 'l', r: 'l', k: 'k', g: 'k', p: 'p', b: 'p', t: 't', d: 't', h: '', '': '' };
const KOREAN_SYLLABLE = /^(tch|ch|jj|kk|pp|tt|ss|sh|[jkgpbtdsnmhrl]|)(yeo|yae|you|yoo|woo|ya|ye|ae|eo|eu|oo|ou|yo|yu|wa|wo|wi|ee|ui|[aeiou])(ng|[nmlrkgpbtdh]|)$/;

export function koreanSyllable(word: string): string | null {
  const m = KOREAN_SYLLABLE.exec(word);
  if (!m) return null;
  const fold = (KOREAN_INITIAL[m[1] as string] as string) + (KOREAN_VOWEL[m[2] as string] as string) + (KOREAN_FINAL[m[3] as string] as string);
  // Hee and Hui are one syllable (희)
  return fold === 'hui' ? 'hi' : fold;
}

function koreanKeys(word: string, out: string[]): void {
  const table = KOREAN.get(word);
  if (table) {
    for (const key of table) {
      out.push(key);
      const canonical = koreanSyllable(key.slice(3));
      if (canonical) out.push(`k:${canonical}`);
    }
  }
  const own = koreanSyllable(word);
  if (own) out.push(`k:${own}`);
}

const LATIN = /^[a-z]+$/;
const HANGUL = /[\uac00-\ud7a3]/;

function push(out: string[], key: string): void {
  if (!out.includes(key)) out.push(key);
}

/**
 * The transliteration keys of one folded word (lower case, no marks). Cheap: a few regular
 * expressions over a short string and three table lookups.
 */
export function transliterationKeys(text: string): readonly string[] {
  const out: string[] = [];
  let word = text;
  if (!LATIN.test(text)) {
    const ascii = anyAscii(text);
    if (HANGUL.test(text)) {
      // Hangul: one key for the syllables (김정은 → Gim Jeong Eun)
      const syllables = ascii.split(/(?=[A-Z])/).map((s) => koreanSyllable(s.toLowerCase()) ?? s.toLowerCase());
      if (syllables.length > 1) return [`k:${syllables.join('')}`];
    }
    word = ascii.toLowerCase().replace(/[^a-z]/g, '');
    if (word === '') return NO_KEYS;
  }
  for (const key of ARABIC.get(word) ?? NO_KEYS) push(out, key);
  const compound = abdCompound(word);
  if (compound) push(out, compound);
  const keys: string[] = [];
  koreanKeys(word, keys);
  for (const key of keys) push(out, key);
  for (const key of CHINESE.get(word) ?? NO_KEYS) push(out, key);
  if (word.length >= 3) push(out, `r:${romanisationSkeleton(word)}`);
  return out;
}
