import { distance } from 'fastest-levenshtein';
import { withoutInvisibles } from '../../values/invisible.js';
import { AMBIGUOUS_COMPANY_WORDS, AMBIGUOUS_LEGAL, COMPANY_WORDS, LEGAL_PHRASES, LONG_LEGAL_WORDS, TRAILING_LEGAL } from './company-words.js';
import { LATIN_CONFUSABLES } from './confusables-latin.js';

/**
 * Names to tokens (screening.md section 2, "Normalization"): invisible characters removed, Unicode
 * NFKD with marks stripped, look-alike letters of other scripts read as the Latin letters they
 * imitate, case folded, punctuation to spaces, numbers kept; "LAST, First" reordered for people;
 * particles, name suffixes, a person's leading titles, company legal forms (with their dots: "S. de
 * R.L. de C.V."), acronyms and initials told apart from the words that identify; abbreviated company
 * words read whole (Intl, Inds.). Every token keeps the characters it was read from, as written, for
 * explanations. Every screening path (index, search, compare, the list sources, monitoring) reads names through
 * `normalizeName`, so a query and a list entry are always cut into the same tokens.
 */

export type TokenKind = 'word' | 'patronymic' | 'number' | 'initial' | 'particle' | 'suffix' | 'legal' | 'honorific';

export interface NameToken {
  /** folded text; for suffixes and legal forms, their canonical symbol (`~jr`, `~ltda`); for company words and titles, their canonical word */
  text: string;
  kind: TokenKind;
  /** the folded text keeping `ç`, which the Portuguese phonetic key needs (Gonçalves: S, not K) */
  spoken: string;
  /**
   * the characters of the name the token came from, as written (invisible characters removed): "Ltd.",
   * "S. de R.L.", "Int'l"; `normalizeName` always sets it, tokens made by hand (a joined pair) may not
   */
  written?: string;
}

export type NameSchema = 'person' | 'company' | 'vessel' | 'aircraft' | 'other';

/** Connectors: kept (they separate given names from surnames) but weighted low, never a match alone. */
const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e', 'y', 'di', 'du', 'del', 'della', 'la', 'le', 'van', 'von', 'der', 'den', 'al', 'el', 'bin', 'ibn', 'bint']);

/** Filho, Júnior and Jr say the same (the son of a namesake); Neto and Sobrinho say something else. */
const SUFFIXES: Record<string, string> = {
  filho: '~jr',
  junior: '~jr',
  jr: '~jr',
  jnr: '~jr',
  fo: '~jr', // "Fº" once folded
  filha: '~filha',
  neto: '~neto',
  neta: '~neta',
  sobrinho: '~sobrinho',
  sobrinha: '~sobrinha',
  ii: '~ii',
  iii: '~iii',
};
/** Suffixes that are also titles or words (Sr. is Señor before a name, Senior after it): a person's last word only. */
const LAST_SUFFIXES: Record<string, string> = { sr: '~sr', snr: '~sr', senior: '~sr', iv: '~iv' };

/**
 * Honorifics, ranks and religious titles that precede a person's name (Mr., Dr., Sheikh, Haji, Col.,
 * Lic.): qualifiers, not name words. Spelling variants read as one canonical title.
 */
const TITLE_GROUPS: Record<string, readonly string[]> = {
  mr: ['mr', 'mister', 'monsieur', 'herr'],
  mrs: ['mrs', 'madame', 'mme'],
  ms: ['ms', 'miss', 'mlle'],
  dr: ['dr', 'dra', 'doctor', 'doutor', 'doutora', 'doktor'],
  prof: ['prof', 'profa', 'professor', 'professora'],
  sr: ['sr', 'sra', 'srta', 'senor', 'senora', 'senorita', 'senhor', 'senhora', 'snr'],
  dom: ['dom', 'don', 'dona'],
  sir: ['sir', 'lord', 'lady', 'dame'],
  sheikh: ['sheikh', 'shaikh', 'sheik', 'shaykh', 'shaik', 'shiekh', 'cheikh', 'sheikha', 'shaykha'],
  haji: ['haji', 'hajji', 'hadji', 'alhaji', 'alhajji', 'alhaj', 'hajj', 'haj', 'hajja', 'hajjah', 'hajiya'],
  mullah: ['mullah', 'mulla', 'molla', 'mollah'],
  maulana: ['maulana', 'mawlana', 'mawlawi', 'maulvi', 'mawlavi', 'maulavi', 'mawlvi', 'molvi', 'moulvi'],
  mufti: ['mufti'],
  imam: ['imam'],
  ayatollah: ['ayatollah', 'ayatullah', 'hojatoleslam', 'hujjat'],
  col: ['col', 'colonel', 'coronel', 'cel', 'ltcol'],
  gen: ['gen', 'general', 'genl', 'gral'],
  lt: ['lt', 'lieutenant', 'tenente', 'teniente', 'ten'],
  maj: ['maj', 'major', 'mayor'],
  capt: ['capt', 'captain', 'cpt', 'capitan', 'capitao', 'cap'],
  brig: ['brig', 'brigadier'],
  adm: ['adm', 'admiral', 'almirante'],
  lic: ['lic', 'licenciado', 'licenciada', 'licda'],
  ing: ['ing', 'ingeniero', 'ingeniera'],
  eng: ['eng', 'engineer', 'engenheiro', 'engenheira'],
  rev: ['rev', 'reverend', 'revd', 'father', 'padre', 'fr'],
  hon: ['hon', 'honorable', 'honourable'],
  cdr: ['cdr', 'commander', 'comandante', 'cmdr'],
  sgt: ['sgt', 'sergeant', 'sargento'],
};
const TITLES: ReadonlyMap<string, string> = new Map(Object.entries(TITLE_GROUPS).flatMap(([canonical, forms]) => forms.map((f) => [f, canonical] as const)));
/**
 * Titles that are also given names or surnames (Don King, Imam Samudra, Major, Mayor, Lady, Father,
 * Fr, Ten, Cap): a title only before two name words or more, so "Don King" keeps its given name.
 */
const NAME_LIKE_TITLES = new Set(['don', 'dom', 'dona', 'imam', 'major', 'mayor', 'general', 'lady', 'lord', 'dame', 'father', 'padre', 'fr', 'ten', 'cap', 'herr', 'haj', 'hajj', 'sheikh', 'shaikh', 'hon', 'ing', 'eng', 'lic', 'rev', 'sir', 'miss', 'ms', 'gen']);

/** Russian, Ukrainian, Belarusian patronymics (Viktorovich, Ryhoravich, Ivanovna) */
const SLAVIC_PATRONYMIC = /(?:[aeo]vi?t?ch|[oe]vna|[oe]vych|ivna|ichna)$/;
const FATHER_OF = new Set(['bin', 'ibn', 'bint']);

/**
 * A father's name inside a person's name ("Yevgeniy Viktorovich Prigozhin", "Usama bin Muhammad bin
 * Awad bin Ladin") is published by the lists and left out by everyone else: it weighs little.
 * Never the last word, which is the family name (Abramovich, bin Ladin).
 */
function markPatronymics(tokens: NameToken[]): NameToken[] {
  let last = tokens.length - 1;
  while (last > 0 && tokens[last]?.kind !== 'word') last--;
  return tokens.map((t, i) => {
    if (t.kind !== 'word' || i >= last) return t;
    const afterBin = i > 0 && FATHER_OF.has(tokens[i - 1]?.text ?? '');
    return afterBin || (t.text.length >= 7 && SLAVIC_PATRONYMIC.test(t.text)) ? { ...t, kind: 'patronymic' } : t;
  });
}

/** Letters NFKD leaves whole. */
const LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

const CONFUSABLE = new RegExp(`[${[...LATIN_CONFUSABLES.keys()].join('')}]`, 'u');
const LATIN_LETTER = /\p{Script=Latin}/u;
const readsLatin = (c: string): boolean => LATIN_LETTER.test(c) || LATIN_CONFUSABLES.has(c);

/**
 * Look-alike letters (Cyrillic Е, Greek Ο; UTS #39 confusables.txt) read as the Latin letters they
 * imitate, as the eye reads a name spoofed to slip past screening (`ЕRIC BADЕGЕ`, `ВАNСО NАСIОNАL`).
 * A word is folded only when every letter in it is Latin or a look-alike, and only in a name that
 * reads as Latin: one with a Latin letter somewhere, or spelt with look-alikes alone. A name written
 * in Cyrillic or Greek (Сергей Иванов, Νίκος Παππάς) keeps its letters and still matches the lists'
 * Cyrillic and Greek aliases: nothing is transliterated, before or now. No real name mixes scripts
 * inside a word, so a mixed word can only be a spoof. The one cost: a name spelt only with
 * look-alike capitals (ВЕРА) reads as Latin (BEPA), on the query and the list side alike.
 */
function latinSkeleton(text: string): string {
  if (!CONFUSABLE.test(text)) return text;
  const letters = text.match(/\p{L}/gu) ?? [];
  if (!letters.some((c) => LATIN_LETTER.test(c)) && !letters.every((c) => LATIN_CONFUSABLES.has(c))) return text;
  return text.replace(/\p{L}+/gu, (word) => {
    const chars = [...word];
    return chars.every(readsLatin) ? chars.map((c) => LATIN_CONFUSABLES.get(c) ?? c).join('') : word;
  });
}

/** A text and, for each of its UTF-16 units, the span [from, to) of the original it was read from; null: the same place. */
interface Mapped {
  text: string;
  from: number[] | null;
  to: number[] | null;
}
const fromAt = (m: Mapped, i: number): number => (m.from ? (m.from[i] ?? 0) : i);
const toAt = (m: Mapped, i: number): number => (m.to ? (m.to[i] ?? 0) : i + 1);
/** printable ASCII without apostrophes: folds character for character */
const PLAIN_ASCII = /^[\x20-\x26\x28-\x5F\x61-\x7E]*$/;

const APOSTROPHES = /['’ʼ`´]/g;
const MARKS = /\p{M}/gu;
const IS_MARK = /^\p{M}/u;
const CEDILLA = /([cC])\u0327/g;
const FOLDED_LETTERS = /[ßøłæœđðþı]/;

/** One letter with its marks, alone: invisibles removed, apostrophes joined, NFKD, marks stripped but the cedilla. */
const foldCluster = (cluster: string): string =>
  withoutInvisibles(cluster)
    .replace(/~/g, ' ')
    .replace(APOSTROPHES, '')
    .normalize('NFKD')
    .replace(CEDILLA, (_, c: string) => (c === 'c' ? 'ç' : 'Ç'))
    .replace(MARKS, '');

const asciiWord = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/** The same change applied code point by code point, each output unit keeping the span of its input. */
function perCodePoint(m: Mapped, change: (c: string) => string): Mapped {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < m.text.length; ) {
    const c = String.fromCodePoint(m.text.codePointAt(i) as number);
    const out = change(c);
    text += out;
    for (let k = 0; k < out.length; k++) {
      from.push(fromAt(m, i));
      to.push(toAt(m, i + c.length - 1));
    }
    i += c.length;
  }
  return { text, from, to };
}

/** A text of the same length as `m`'s, read from the same places; another length maps every unit to the whole name. */
const retext = (m: Mapped, text: string): Mapped =>
  text.length === m.text.length ? { ...m, text } : { text, from: Array<number>(text.length).fill(0), to: Array<number>(text.length).fill(toAt(m, m.text.length - 1)) };

/**
 * `fold`, keeping where every character came from: letter by letter (each with its combining marks),
 * so a token can show the characters it was read from.
 */
function foldMapped(original: string): Mapped {
  if (PLAIN_ASCII.test(original)) return { text: original.replace(/~/g, ' ').toLowerCase(), from: null, to: null };
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  const n = original.length;
  for (let i = 0; i < n; ) {
    const code = original.charCodeAt(i);
    let j = i + (code >= 0xd800 && code <= 0xdbff && i + 1 < n ? 2 : 1);
    // the combining marks after a letter are part of it
    while (j < n && original.charCodeAt(j) >= 0x300) {
      const cp = original.codePointAt(j) as number;
      if (!IS_MARK.test(String.fromCodePoint(cp))) break;
      j += cp > 0xffff ? 2 : 1;
    }
    let piece: string;
    if (j === i + 1 && code < 0x80) {
      if (code === 126) piece = ' ';
      else if (code === 39 || code === 96) piece = '';
      else if (code < 32 || code === 127) piece = code >= 9 && code <= 13 ? ' ' : '';
      else piece = original[i] as string;
    } else {
      piece = foldCluster(original.slice(i, j));
    }
    // "Fº" is Filho, "Mª" Maria, when the F or M starts a word
    const cluster = j === i + 1 ? original[i] : '';
    const prev = original[i - 1];
    if ((cluster === 'º' || cluster === '°' || cluster === 'ª') && i > 0 && (i < 2 || !asciiWord(original.charCodeAt(i - 2))) && text.endsWith(prev as string)) {
      const whole = cluster === 'ª' ? (prev === 'M' || prev === 'm' ? 'maria' : undefined) : prev === 'F' || prev === 'f' ? ' filho ' : undefined;
      if (whole) {
        text = text.slice(0, -1);
        from.pop();
        to.pop();
        piece = whole;
        i -= 1;
      }
    }
    text += piece;
    for (let k = 0; k < piece.length; k++) {
      from.push(i);
      to.push(j);
    }
    i = j;
  }
  let m: Mapped = { text, from, to };
  // before lower case: the capital Cyrillic В is a B, its small в is not a b
  const skeleton = latinSkeleton(m.text);
  if (skeleton !== m.text) m = retext(m, skeleton);
  const lower = m.text.toLowerCase();
  m = lower.length === m.text.length ? { ...m, text: lower } : perCodePoint(m, (c) => c.toLowerCase());
  return FOLDED_LETTERS.test(m.text) ? perCodePoint(m, (c) => LETTERS[c] ?? c) : m;
}

/**
 * Invisible characters removed, NFKD, marks stripped except the cedilla, look-alikes read as Latin,
 * case folded; apostrophes join (D'Ávila: davila).
 */
export const fold = (text: string): string => foldMapped(text).text;

const isSuffixPart = (part: string): boolean => {
  const words = part.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length > 0 && words.every((w) => SUFFIXES[w] !== undefined || LAST_SUFFIXES[w] !== undefined);
};

/** "SILVA, José da" -> "José da SILVA"; a trailing ", Jr." stays a suffix at the end. */
function reorderLastFirst(m: Mapped): Mapped {
  const { text } = m;
  if (!text.includes(',')) return m;
  const parts: [number, number][] = [];
  let start = 0;
  for (let k = text.indexOf(','); k >= 0; k = text.indexOf(',', start)) {
    parts.push([start, k]);
    start = k + 1;
  }
  parts.push([start, text.length]);
  const part = (p: [number, number] | undefined): string => (p ? text.slice(p[0], p[1]) : '');
  const tail: [number, number][] = [];
  while (parts.length > 2 && isSuffixPart(part(parts.at(-1)))) tail.unshift(parts.pop() as [number, number]);
  if (parts.length !== 2 || isSuffixPart(part(parts[1])) || !part(parts[1]).trim()) return m;
  const out: Mapped = { text: '', from: [], to: [] };
  for (const [a, b] of [parts[1] as [number, number], parts[0] as [number, number], ...tail]) {
    if (out.text) {
      out.text += ' ';
      (out.from as number[]).push(0);
      (out.to as number[]).push(0);
    }
    out.text += text.slice(a, b);
    for (let k = a; k < b; k++) {
      (out.from as number[]).push(fromAt(m, k));
      (out.to as number[]).push(toAt(m, k));
    }
  }
  return out;
}

/** A run of letters, digits or an ampersand, as found in the folded name. */
interface RawToken {
  /** folded, keeping ç */
  spoken: string;
  /** folded, ç as c */
  text: string;
  start: number;
  end: number;
  /** a dot right after it ("Ltd.", "J.") */
  dotted: boolean;
  /** what separates it from the next token */
  after: string;
  amp: boolean;
}

/** A token in the making: raw tokens `first` to `last`, read as one unless `kind` is unset. */
interface Unit {
  first: number;
  last: number;
  text: string;
  kind?: TokenKind;
  ambiguous?: boolean;
}

const TOKEN = /[\p{L}\p{N}]+|&/gu;
/** pieces of one abbreviated word: cut by dots, slashes or hyphens (S.A., S/A, FZ-LLC) */
const CUT = /^\s*[./-][\s./-]*$/;
const BLANK = /^\s+$/;
/** a dot or slash alone between two letters: inside one abbreviation (U.S.A.) */
const TIGHT = /^[./]$/;
/** letters of an acronym: spaces, dots, slashes or hyphens between (D.G.D., D G D) */
const SPACING = /^[\s./-]*$/;

function lex(m: Mapped): RawToken[] {
  const raw: RawToken[] = [];
  for (const match of m.text.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const previous = raw.at(-1);
    if (previous) previous.after = m.text.slice(previous.end, start);
    raw.push({ spoken: match[0], text: match[0].replace(/ç/g, 'c'), start, end, dotted: m.text[end] === '.', after: '', amp: match[0] === '&' });
  }
  return raw;
}

/** Legal phrases by every prefix of their first word: the first raw token picks the few to try. */
const LEGAL_BY_PREFIX: ReadonlyMap<string, readonly (typeof LEGAL_PHRASES)[number][]> = (() => {
  const map = new Map<string, (typeof LEGAL_PHRASES)[number][]>();
  for (const phrase of LEGAL_PHRASES) {
    const first = phrase.words[0] as string;
    for (let k = 1; k <= first.length; k++) {
      const prefix = first.slice(0, k);
      map.set(prefix, [...(map.get(prefix) ?? []), phrase]);
    }
  }
  return map;
})();

/** The legal phrase `words` read from raw token `p` on: where it ends, and whether it was abbreviated with dots. */
function matchPhrase(words: readonly string[], raw: readonly RawToken[], p: number): { end: number; dotted: boolean; spaced: boolean } | undefined {
  let q = p;
  let dotted = false;
  let spaced = false;
  for (const word of words) {
    const at = raw[q];
    if (!at) return undefined;
    if (word === '&') {
      if (!at.amp) return undefined;
      q++;
      continue;
    }
    let got = '';
    const from = q;
    while (got.length < word.length) {
      const t = raw[q];
      if (!t || t.amp) return undefined;
      if (q > from) {
        const cut = (raw[q - 1] as RawToken).after;
        if (BLANK.test(cut)) spaced = true;
        else if (!CUT.test(cut)) return undefined;
      }
      got += t.text;
      q++;
      if (!word.startsWith(got)) return undefined;
    }
    if (q - from > 1) dotted = true;
  }
  const last = raw[q - 1] as RawToken;
  return { end: q, dotted: (dotted && !spaced) || last.dotted || last.after.trimStart().startsWith('/'), spaced };
}

/** Within one typing slip (an edit or two letters swapped) of a one-word legal form of 5+ letters. */
function legalSlip(text: string): string | undefined {
  for (const [form, symbol] of LONG_LEGAL_WORDS) {
    if (Math.abs(form.length - text.length) > 1 || form[0] !== text[0]) continue;
    if (distance(form, text) <= 1) return symbol;
    if (form.length === text.length) {
      let k = 0;
      while (form[k] === text[k]) k++;
      if (form[k] === text[k + 1] && form[k + 1] === text[k] && form.slice(k + 2) === text.slice(k + 2)) return symbol;
    }
  }
  return undefined;
}

/** "and" between two company words (Ind. e Com., San. ve Tic.) */
const AND = new Set(['e', '&', 'y', 've', 'and', 'et', 'und']);
const NO_PHRASES: readonly (typeof LEGAL_PHRASES)[number][] = [];

/** "&", or a small "e" or "y" written between two letters (A e B): "and" */
function isConnector(u: Unit | undefined, raw: readonly RawToken[], original: string, m: Mapped): boolean {
  const t = u && u.kind === undefined ? raw[u.first] : undefined;
  if (!t) return false;
  return t.amp || ((t.text === 'e' || t.text === 'y') && !t.dotted && original[fromAt(m, t.start)] === t.text);
}

const plainUnit = (t: RawToken, i: number): Unit => ({ first: i, last: i, text: t.text });
const isLetter = (u: Unit, raw: readonly RawToken[]): boolean => u.kind === undefined && u.text.length === 1 && /\p{L}/u.test(u.text) && !raw[u.first]?.amp;

/**
 * Company names: legal forms (one token for "S. de R.L. de C.V."), a trailing legal form with one
 * typing slip (Compnay), acronyms joined (D.G.D., J & E), company words read whole (Intl, Inds.).
 */
function companyUnits(raw: readonly RawToken[], original: string, m: Mapped): Unit[] {
  let units: Unit[] = [];
  for (let p = 0; p < raw.length; ) {
    const t = raw[p] as RawToken;
    let hit: Unit | undefined;
    // not from inside an acronym: the S.A of "U.S.A."
    const previous = raw[p - 1];
    const insideAcronym = t.text.length === 1 && previous !== undefined && previous.text.length === 1 && TIGHT.test(previous.after);
    for (const phrase of (!insideAcronym && LEGAL_BY_PREFIX.get(t.text)) || NO_PHRASES) {
      const found = matchPhrase(phrase.words, raw, p);
      if (!found) continue;
      const word = phrase.words.length === 1 ? (phrase.words[0] as string) : '';
      // letters spaced out (S A, S R L) spell a legal form at the end only, or in a longer phrase (S A DE C V)
      // after a comma ("ALFA ONE, C.A."), dotted, it is a legal form wherever it stands
      const afterComma = found.dotted && previous !== undefined && previous.after.includes(',');
      const ambiguous = !afterComma && (TRAILING_LEGAL.has(word) || (word !== '' && found.spaced) || (AMBIGUOUS_LEGAL.has(word) && !found.dotted));
      hit = { first: p, last: found.end - 1, text: phrase.symbol, kind: 'legal', ambiguous };
      break;
    }
    units.push(hit ?? plainUnit(t, p));
    p = hit ? hit.last + 1 : p + 1;
  }
  // the trailing run of legal forms, where the ambiguous short ones and slips count too
  let trailingFrom = units.length;
  while (trailingFrom > 1) {
    const u = units[trailingFrom - 1] as Unit;
    if (u.kind === 'legal' || u.text === 'e' || u.text === '&') {
      trailingFrom--;
      continue;
    }
    const slip = u.kind === undefined && u.text.length >= 5 ? legalSlip(u.text) : undefined;
    if (!slip) break;
    units[trailingFrom - 1] = { ...u, text: slip, kind: 'legal' };
    trailingFrom--;
  }
  if (units.some((u, i) => u.ambiguous && i < trailingFrom)) {
    units = units.flatMap((u, i) => (u.ambiguous && i < trailingFrom ? raw.slice(u.first, u.last + 1).map((t, k) => plainUnit(t, u.first + k)) : [u]));
  }

  // acronyms: two or more single letters, spaced or dotted, or joined by "&" or a small "e"
  const connector = (u: Unit | undefined): boolean => isConnector(u, raw, original, m);
  const letter = (u: Unit | undefined): u is Unit => u !== undefined && isLetter(u, raw) && !connector(u);
  const joined: Unit[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as Unit;
    if (!letter(u)) {
      joined.push(u);
      continue;
    }
    let text = u.text;
    let k = i;
    for (;;) {
      const next = units[k + 1];
      if (letter(next) && SPACING.test((raw[(units[k] as Unit).last] as RawToken).after)) {
        text += next.text;
        k += 1;
      } else if (connector(next) && letter(units[k + 2])) {
        text += (units[k + 2] as Unit).text;
        k += 2;
      } else break;
    }
    joined.push(k > i ? { first: u.first, last: (units[k] as Unit).last, text, kind: 'word' } : u);
    i = k;
  }

  // company words: "Intl" is International; the short ones that are also words only dotted or beside another
  for (let i = 0; i < joined.length; i++) {
    const u = joined[i] as Unit;
    const canonical = u.kind === undefined ? COMPANY_WORDS.get(u.text) : undefined;
    if (!canonical) continue;
    if (AMBIGUOUS_COMPANY_WORDS.has(u.text) && !(raw[u.last] as RawToken).dotted) {
      const before = AND.has(joined[i - 1]?.text ?? '') ? joined[i - 2] : joined[i - 1];
      const after = AND.has(joined[i + 1]?.text ?? '') ? joined[i + 2] : joined[i + 1];
      if (!COMPANY_WORDS.has(before?.text ?? '') && !COMPANY_WORDS.has(after?.text ?? '')) continue;
    }
    joined[i] = { ...u, text: canonical, kind: 'word' };
  }
  return joined;
}

/** Leading titles of a person (Dr., Sheikh, Col.), never every word; a title that is also a name only before two words. */
function markTitles(units: Unit[], raw: readonly RawToken[]): void {
  for (let k = 0; k < units.length; k++) {
    const u = units[k] as Unit;
    // the article of a title is the title's ("Al-Haj", "El Sheikh")
    const article = (u.text === 'al' || u.text === 'el') && TITLES.has(units[k + 1]?.text ?? '');
    const at = article ? (units[k + 1] as Unit) : u;
    const title = TITLES.get(at.text);
    if (!title) return;
    let words = 0;
    for (let r = k + (article ? 2 : 1); r < units.length; r++) if (!PARTICLES.has((units[r] as Unit).text)) words++;
    if (words < (NAME_LIKE_TITLES.has(at.text) && !(raw[at.first] as RawToken).dotted ? 2 : 1)) return;
    if (article) units[k++] = { ...u, kind: 'honorific' };
    units[k] = { ...at, text: title, kind: 'honorific' };
  }
}

/** The tokens of a name, in reading order (given names first for people). */
export function normalizeName(name: string, schema: NameSchema): NameToken[] {
  const person = schema === 'person';
  let m = foldMapped(name);
  if (person) m = reorderLastFirst(m);
  const raw = lex(m);
  const units = person ? raw.map(plainUnit) : companyUnits(raw, name, m);
  if (person) markTitles(units, raw);
  const last = units.length - 1;
  const tokens = units.map((u, i): NameToken => {
    const first = raw[u.first] as RawToken;
    const end = raw[u.last] as RawToken;
    const written = withoutInvisibles(name.slice(fromAt(m, first.start), toAt(m, end.dotted ? end.end : end.end - 1))).trim() || first.spoken;
    if (u.kind) return { text: u.text, kind: u.kind, spoken: u.kind === 'word' && u.first === u.last && u.text === first.text ? first.spoken : u.text, written };
    const { text, spoken } = first;
    if (first.amp) return { text: 'e', kind: 'particle', spoken: 'e', written };
    if (/^\d+$/.test(text)) return { text, kind: 'number', spoken, written };
    const suffix = i > 0 ? (SUFFIXES[text] ?? (person && i === last ? LAST_SUFFIXES[text] : undefined)) : undefined;
    if (suffix) return { text: suffix, kind: 'suffix', spoken: suffix, written };
    if (text.length === 1 && !/\d/.test(text)) {
      // "e" and "y" are "and", unless abbreviated ("E. Souza" is Eduardo or Elisa); in a company a lone letter is a word
      if ((text === 'e' || text === 'y') && !first.dotted) return { text, kind: 'particle', spoken, written };
      return { text, kind: person ? 'initial' : 'word', spoken, written };
    }
    if (PARTICLES.has(text)) return { text, kind: 'particle', spoken, written };
    return { text, kind: 'word', spoken, written };
  });
  return person ? markPatronymics(tokens) : tokens;
}

/** The normalized text of a name: its tokens joined by single spaces. */
export const normalizedText = (name: string, schema: NameSchema): string =>
  normalizeName(name, schema)
    .map((t) => t.text)
    .join(' ');
