/**
 * A phonetic key for Portuguese (Brazilian) names, written by hand: no installed or common
 * library fits. Double Metaphone and Soundex are English rules (they read "ch" as K, drop the
 * final vowel, and so cannot tell Fabiano from Fabiana); the Metaphone-pt ports found on
 * registries are unmaintained and lack the final vowel too. Foreign names get the installed
 * `double-metaphone` instead (see similarity.ts).
 *
 * Metaphone-style: consonants are coded by sound, vowels are dropped except the first letter and
 * the LAST one, which marks gender in given names (Fabiano FBNO, Fabiana FBNA are different
 * people). Input: one token, lower case, marks stripped except the cedilla (`ç`).
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
const FRONT = new Set(['e', 'i']);
const isVowel = (c: string | undefined): boolean => c !== undefined && VOWELS.has(c);

/**
 * With `vowels`, every vowel is kept as written: short keys collide (Maria, Moura, Mira are all
 * MRA) and the vowels then tell them apart, while Kauã/Cauã (KAUA) still agree.
 */
export function portuguesePhoneticKey(token: string, { vowels = false }: { vowels?: boolean } = {}): string {
  // y sounds as i; doubled letters (ss, rr, ll, tt, mm) are one sound in names' spellings.
  const w = token
    .replace(/[^a-zç]/g, '')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1')
    .replace(/^h/, ''); // silent: Helena is Elena, and keeps its first vowel
  let key = '';
  let last = '';
  const emit = (code: string) => {
    // the same sound twice in a row (sz, zs) is one; a vowel in between resets (Sousa: SSA)
    if (code !== last) key += code;
    last = code;
  };
  for (let i = 0; i < w.length; i++) {
    const c = w[i] as string;
    const next = w[i + 1];
    const after = w[i + 2];
    if (isVowel(c)) {
      if (vowels || i === 0 || i === w.length - 1) emit(c.toUpperCase());
      last = '';
      continue;
    }
    const { code, skip } = consonant(c, next, after);
    if (code) emit(code);
    i += skip;
  }
  return key;
}

const front = (c: string | undefined): boolean => c !== undefined && FRONT.has(c);
const sound = (code: string | null, skip = 0) => ({ code, skip });

/** The sound of consonant `c` before `next` and `after` (null: silent), and how many following letters it takes with it. */
function consonant(c: string, next: string | undefined, after: string | undefined): { code: string | null; skip: number } {
  switch (c) {
    case 'h': // silent: initial H, and after consonants it does not combine with
      return sound(null);
    case 'c':
      if (next === 'h') return sound('X', 1);
      if (front(next)) return sound('S');
      return sound(next === 'k' ? null : 'K');
    case 'ç':
    case 'z':
      return sound('S');
    case 'q':
      return sound('K', next === 'u' ? 1 : 0);
    case 'g':
      if (next === 'u' && front(after)) return sound('G', 1);
      return sound(front(next) ? 'J' : 'G');
    case 'l':
      return next === 'h' ? sound('1', 1) : sound('L'); // LH, as in Coelho, Carvalho
    case 'n':
      return next === 'h' ? sound('3', 1) : sound('N'); // NH, as in Cunha, Pinheiro
    case 'm': // final M and M before a consonant are nasal, like N (Jardim/Jardin, Campos)
      return sound(next === undefined || !isVowel(next) ? 'N' : 'M');
    case 's':
      if (next === 'c' && front(after)) return sound('S', 1); // SC before E/I: Nascimento
      if (next === 'ç') return sound('S', 1);
      if (next === 'c' && after === 'h') return sound('X', 2); // SCH: Schmidt
      return next === 'h' ? sound('X', 1) : sound('S');
    case 'x':
      return next === 'c' && front(after) ? sound('S', 1) : sound('X');
    case 'p':
      return next === 'h' ? sound('F', 1) : sound('P');
    case 't':
      return sound('T', next === 'h' ? 1 : 0); // TH: Thiago is Tiago
    case 'w': // W sounds as V in Brazilian names (Wagner/Vagner)
    case 'v':
      return sound('V');
    default: // b d f j k r
      return sound(c.toUpperCase());
  }
}
