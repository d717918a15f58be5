import { withoutInvisibles } from '../../values/invisible.js';
import { LATIN_CONFUSABLES } from './confusables-latin.js';

/**
 * Names to tokens (screening.md section 2, "Normalization"): invisible characters removed, Unicode
 * NFKD with marks stripped, look-alike letters of other scripts read as the Latin letters they
 * imitate, case folded, punctuation to spaces, numbers kept; "LAST, First" reordered for people;
 * particles, name suffixes, company legal forms and initials told apart from the words that identify.
 * Every screening path (index, search, compare, the list sources, monitoring) reads names through
 * `normalizeName`, so a query and a list entry are always cut into the same tokens.
 */

export type TokenKind = 'word' | 'patronymic' | 'number' | 'initial' | 'particle' | 'suffix' | 'legal';

export interface NameToken {
  /** folded text; for suffixes and legal forms, their canonical symbol (`~jr`, `~ltda`) */
  text: string;
  kind: TokenKind;
  /** the folded text keeping `ç`, which the Portuguese phonetic key needs (Gonçalves: S, not K) */
  spoken: string;
}

export type NameSchema = 'person' | 'company' | 'vessel' | 'aircraft' | 'other';

/** Connectors: kept (they separate given names from surnames) but weighted low, never a match alone. */
const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e', 'y', 'di', 'du', 'del', 'della', 'la', 'le', 'van', 'von', 'der', 'den', 'al', 'el', 'bin', 'ibn', 'bint']);

/** Filho, Júnior and Jr say the same (the son of a namesake); Neto and Sobrinho say something else. */
const SUFFIXES: Record<string, string> = {
  filho: '~jr',
  junior: '~jr',
  jr: '~jr',
  fo: '~jr', // "Fº" once folded
  filha: '~filha',
  neto: '~neto',
  neta: '~neta',
  sobrinho: '~sobrinho',
  sobrinha: '~sobrinha',
  ii: '~ii',
  iii: '~iii',
};

/** Legal forms and their variants by canonical symbol; a company keeps its identity without them. */
const LEGAL_FORMS: Record<string, readonly string[]> = {
  '~ltda': ['ltda', 'limitada', 'ltd', 'limited', 'llc', 'gmbh', 'ooo', 'sarl', 'srl', 'bv'],
  '~sa': ['sa', 'inc', 'incorporated', 'corp', 'corporation', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'zao', 'oao', 'pao', 'ao', 'ag', 'plc', 'nv', 'spa'],
  '~eireli': ['eireli'],
  // size qualifiers a company changes as it grows (ME -> EPP): one symbol
  '~me': ['me', 'epp', 'mei'],
  '~cia': ['cia', 'companhia', 'compania', 'company', 'co'],
  '~ind': ['ind', 'industria', 'industrias'],
  '~com': ['com', 'comercio'],
};
const LEGAL: ReadonlyMap<string, string> = new Map(Object.entries(LEGAL_FORMS).flatMap(([symbol, forms]) => forms.map((f) => [f, symbol] as const)));
/** Short forms that are also ordinary words or names (Sá, Me, Co): legal forms only at the end or abbreviated. */
const AMBIGUOUS_LEGAL = new Set(['sa', 'me', 'co', 'ao', 'ag', 'nv', 'spa', 'com', 'ind', 'bv']);

/** Multi-word and punctuated legal forms, read before punctuation is gone (S.A., S/A, & Cia). */
const LEGAL_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bs\s*\.?\s*a\s*\.?\s*r\s*\.?\s*l\b\.?/g, ' ~ltda '],
  [/\bs\s*\.\s*p\s*\.\s*a\b\.?/g, ' ~sa '],
  [/\bl\s*\.\s*l\s*\.\s*c\b\.?/g, ' ~ltda '],
  [/\bs\s*[./]\s*a\b\.?/g, ' ~sa '],
  [/(?:&|\be\b)\s*cia\b\.?/g, ' ~cia '],
  [/\bsociedade\s+anonima\b/g, ' ~sa '],
  [/\bsociedade\s+limitada\b/g, ' ~ltda '],
  [/\bempresa\s+individual\s+de\s+responsabilidade\s+limitada\b/g, ' ~eireli '],
  [/\bempresa\s+de\s+pequeno\s+porte\b/g, ' ~me '],
  [/\bmicro\s*empresa\b/g, ' ~me '],
  [/\b(?:(?:public|closed|open)\s+)?joint[\s-]+stock\s+company\b/g, ' ~sa '],
  [/\blimited\s+liability\s+company\b/g, ' ~ltda '],
];

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

/**
 * Invisible characters removed, NFKD, marks stripped except the cedilla, look-alikes read as Latin,
 * case folded; apostrophes join (D'Ávila: davila).
 */
export function fold(text: string): string {
  const unmarked = withoutInvisibles(text)
    .replace(/~/g, ' ')
    .replace(/\b([Ff])[º°]/g, ' filho ')
    .replace(/\b[Mm]ª/g, 'maria') // "Mª do Carmo"
    .replace(/['’ʼ`´]/g, '')
    .normalize('NFKD')
    .replace(/([cC])\u0327/g, (_, c: string) => (c === 'c' ? 'ç' : 'Ç'))
    .replace(/\p{M}/gu, '');
  // before lower case: the capital Cyrillic В is a B, its small в is not a b
  return latinSkeleton(unmarked)
    .toLowerCase()
    .replace(/[ßøłæœđðþı]/g, (c) => LETTERS[c] ?? c);
}

const isSuffixPart = (part: string): boolean => {
  const words = part.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length > 0 && words.every((w) => SUFFIXES[w] !== undefined);
};

/** "SILVA, José da" -> "José da SILVA"; a trailing ", Jr." stays a suffix at the end. */
function reorderLastFirst(folded: string): string {
  const parts = folded.split(',');
  if (parts.length < 2) return folded;
  const tail: string[] = [];
  while (parts.length > 2 && isSuffixPart(parts[parts.length - 1] as string)) tail.unshift(parts.pop() as string);
  if (parts.length !== 2 || isSuffixPart(parts[1] as string) || !(parts[1] as string).trim()) return folded;
  return [parts[1], parts[0], ...tail].join(' ');
}

interface RawToken {
  spoken: string;
  dotted: boolean;
}

function classify(raw: readonly RawToken[], schema: NameSchema): NameToken[] {
  const companyLike = schema !== 'person';
  // the trailing run of legal forms, where the ambiguous short ones count too
  let trailingFrom = raw.length;
  if (companyLike) {
    while (trailingFrom > 1) {
      const t = raw[trailingFrom - 1] as RawToken;
      if (!(t.spoken.startsWith('~') || LEGAL.has(t.spoken) || t.spoken === 'e')) break;
      trailingFrom--;
    }
  }
  return raw.map(({ spoken, dotted }, i) => {
    const text = spoken.replace(/ç/g, 'c');
    if (/^\d+$/.test(text)) return { text, kind: 'number', spoken };
    if (text.startsWith('~')) return { text, kind: 'legal', spoken: text };
    const legal = companyLike ? LEGAL.get(text) : undefined;
    if (legal && (!AMBIGUOUS_LEGAL.has(text) || dotted || i >= trailingFrom)) return { text: legal, kind: 'legal', spoken: legal };
    const suffix = i > 0 ? SUFFIXES[text] : undefined;
    if (suffix) return { text: suffix, kind: 'suffix', spoken: suffix };
    if (text.length === 1 && !/\d/.test(text)) {
      // "e" and "y" are "and", unless abbreviated ("E. Souza" is Eduardo or Elisa)
      return (text === 'e' || text === 'y') && !dotted ? { text, kind: 'particle', spoken } : { text, kind: 'initial', spoken };
    }
    if (PARTICLES.has(text)) return { text, kind: 'particle', spoken };
    return { text, kind: 'word', spoken };
  });
}

/** The tokens of a name, in reading order (given names first for people). */
export function normalizeName(name: string, schema: NameSchema): NameToken[] {
  let folded = fold(name);
  if (schema === 'person') folded = reorderLastFirst(folded);
  else for (const [pattern, symbol] of LEGAL_PHRASES) folded = folded.replace(pattern, symbol);
  folded = folded.replace(/&/g, ' e ');
  const raw: RawToken[] = [];
  for (const m of folded.matchAll(/[\p{L}\p{N}ç~]+(\.)?/gu)) {
    raw.push({ spoken: m[0].replace(/\.$/, ''), dotted: m[1] !== undefined });
  }
  const tokens = classify(raw, schema);
  return schema === 'person' ? markPatronymics(tokens) : tokens;
}

/** The normalized text of a name: its tokens joined by single spaces. */
export const normalizedText = (name: string, schema: NameSchema): string =>
  normalizeName(name, schema)
    .map((t) => t.text)
    .join(' ');
