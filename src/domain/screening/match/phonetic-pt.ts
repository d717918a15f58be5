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
    switch (c) {
      case 'h': // silent: initial H, and after consonants it does not combine with
        break;
      case 'c':
        if (next === 'h') {
          emit('X');
          i++;
        } else if (next !== undefined && FRONT.has(next)) emit('S');
        else if (next !== 'k') emit('K');
        break;
      case 'ç':
        emit('S');
        break;
      case 'q':
        emit('K');
        if (next === 'u') i++;
        break;
      case 'g':
        if (next === 'u' && after !== undefined && FRONT.has(after)) {
          emit('G');
          i++;
        } else emit(next !== undefined && FRONT.has(next) ? 'J' : 'G');
        break;
      case 'l':
        if (next === 'h') {
          emit('1'); // LH, as in Coelho, Carvalho
          i++;
        } else emit('L');
        break;
      case 'n':
        if (next === 'h') {
          emit('3'); // NH, as in Cunha, Pinheiro
          i++;
        } else emit('N');
        break;
      case 'm': // final M and M before a consonant are nasal, like N (Jardim/Jardin, Campos)
        emit(next === undefined || !isVowel(next) ? 'N' : 'M');
        break;
      case 's':
        if (next === 'c' && after !== undefined && FRONT.has(after)) {
          emit('S'); // SC before E/I: Nascimento
          i++;
        } else if (next === 'ç') {
          emit('S');
          i++;
        } else if (next === 'c' && after === 'h') {
          emit('X'); // SCH: Schmidt
          i += 2;
        } else if (next === 'h') {
          emit('X');
          i++;
        } else emit('S');
        break;
      case 'x':
        if (next === 'c' && after !== undefined && FRONT.has(after)) {
          emit('S');
          i++;
        } else emit('X');
        break;
      case 'z':
        emit('S');
        break;
      case 'p':
        if (next === 'h') {
          emit('F');
          i++;
        } else emit('P');
        break;
      case 't':
        if (next === 'h') i++; // TH: Thiago is Tiago
        emit('T');
        break;
      case 'w': // W sounds as V in Brazilian names (Wagner/Vagner)
      case 'v':
        emit('V');
        break;
      default: // b d f j k r
        emit(c.toUpperCase());
    }
  }
  return key;
}
