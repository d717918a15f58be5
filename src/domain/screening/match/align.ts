import type { PreparedName } from './prepare.js';
import { type Agreement, jaroWinkler, type PreparedToken, type TokenMatch, type TokenSimilarity, tokenSimilarity } from './similarity.js';
import { transliterationKeys } from './translit.js';
import type { TokenWeights } from './weights.js';

/**
 * Token alignment of two names (screening.md section 2): each token is used at most once, pairs
 * taken best first; the name score is the weighted share of agreement:
 *
 *   raw = Σ pairs (similarity × weight) / (Σ pairs weight + Σ unpaired tokens (cost × weight))
 *
 * What an unpaired token costs depends on where it sits (issue 26): a customer's record usually
 * holds more names than the list (a second surname, a father's name), so a query word the entry
 * lacks costs little; a middle name of the entry the query lacks costs little too (records drop
 * them, UN publishes four-part names); the entry's first or last word missing costs the most (the
 * given name or the family name: the first surname of "MADURO MOROS, Nicolas", where the lists say
 * which words are surnames). A word on each side left unpaired is a substitution, which costs
 * the most. Titles (Dr., Sheikh) weigh nothing; a suffix present on one
 * side only (Jr., Filho) is neutral, two different suffixes (Filho × Neto) lower the score; legal
 * forms left unpaired cost nothing (a company changes its legal form; LLC and Ltd name one company).
 */

export interface AlignedPair {
  /** token positions; two on one side for a compound ("Abdul Rahman" / "Abdulrahman"); pairs in no particular order */
  query: readonly number[];
  entry: readonly number[];
  score: number;
  how: Agreement;
  weight: number;
}

export interface NameAlignment {
  score: number;
  pairs: readonly AlignedPair[];
  unmatchedQuery: readonly number[];
  unmatchedEntry: readonly number[];
  /** both names carry suffixes and they differ (Filho / Neto) */
  suffixConflict: boolean;
  /** only one name carries a suffix (José Silva / José Silva Júnior): neutral, shown in the explanation */
  suffixOneSided: boolean;
  /** per query token: its share of the denominator (0 when paired: the pair carries it) */
  queryCost: readonly number[];
  /** per entry token: its share of the denominator when unpaired */
  entryCost: readonly number[];
  /** the score before the suffix factor and the cap */
  raw: number;
  /** the score as one name contained in the other (`containment`), 0 where it is not */
  contained: number;
  /** some word or number agrees: particles, legal forms and initials never match alone */
  coreMatched: boolean;
}

/** a query word the entry lacks (an extra surname, father's name, company word) */
export const QUERY_MISS_COST = 0.3;
/** an entry word between its first and last words that the query lacks (dropped middle names) */
export const ENTRY_MIDDLE_MISS_COST = 0.2;
/** all the middle words the query lacks cost at most this together (UN names run to six words) */
export const ENTRY_MIDDLE_MISS_CAP = 0.5;
/** the entry's first or last word missing from the query (its given name or family name) */
export const ENTRY_EDGE_MISS_COST = 0.7;
/** kept for retrieval's estimate: the least an unpaired entry word costs */
export const ENTRY_MISS_COST = ENTRY_MIDDLE_MISS_COST;
/** below this, two tokens are not a pair */
export const PAIR_FLOOR = 0.6;
export const SUFFIX_CONFLICT_FACTOR = 0.75;
/**
 * A word on each side left unpaired is not an omission but a substitution (Ana do Rosário
 * Guimarães / Ana do Nascimento Guimarães, Banco Central / Banco Nacional): evidence of another
 * person or company. As many words as the shorter side has unpaired cost this much, on both sides.
 */
export const SUBSTITUTION_COST = 0.8;
/** the most a name without any agreeing word can score */
export const NO_CORE_CAP = 0.2;
const COMPOUND_SCORE = 0.95;

function pairWeight(q: PreparedToken, e: PreparedToken, weights: TokenWeights): number {
  // an initial is as good as the word it stands for, at the reduced score INITIAL_SCORE
  if (q.kind === 'initial' && e.kind !== 'initial') return weights.weight(e.text, e.kind);
  if (e.kind === 'initial' && q.kind !== 'initial') return weights.weight(q.text, q.kind);
  return (weights.weight(q.text, q.kind) + weights.weight(e.text, e.kind)) / 2;
}

interface Candidate {
  q: number;
  e: number;
  score: number;
  how: Agreement;
  weight: number;
}

/**
 * The pair matrix of one alignment, reused (JavaScript runs one alignment at a time): a search
 * aligns dozens of names, and per-pair objects would be garbage the moment it ends.
 */
let matrix = { size: 0, score: new Float64Array(0), weight: new Float64Array(0), match: [] as TokenMatch[] };
function matrixFor(cells: number) {
  if (matrix.size < cells) {
    const size = Math.max(cells, 256);
    matrix = { size, score: new Float64Array(size), weight: new Float64Array(size), match: new Array<TokenMatch>(size) };
  }
  return matrix;
}

/** a title (Dr., Sheikh): never paired, weighs nothing */
const isTitle = (t: PreparedToken): boolean => t.kind === 'honorific';

/** Pairs taken best first: the best agreement, then the heavier pair, then the nearer position. */
function greedyPairs(qt: readonly PreparedToken[], et: readonly PreparedToken[], weights: TokenWeights, similarity: TokenSimilarity, freeQ: readonly boolean[], freeE: readonly boolean[]): Candidate[] {
  const n = qt.length;
  const m = et.length;
  const { score, weight, match } = matrixFor(n * m);
  for (let q = 0; q < n; q++) {
    for (let e = 0; e < m; e++) {
      const a = qt[q] as PreparedToken;
      const b = et[e] as PreparedToken;
      const k = q * m + e;
      if (isTitle(a) || isTitle(b) || !freeQ[q] || !freeE[e]) {
        score[k] = -1;
        continue;
      }
      const found = similarity(a, b);
      score[k] = found.score >= PAIR_FLOOR ? found.score : -1;
      if (found.score >= PAIR_FLOOR) {
        weight[k] = pairWeight(a, b, weights);
        match[k] = found;
      }
    }
  }
  const chosen: Candidate[] = [];
  for (;;) {
    let best = -1;
    for (let k = 0; k < n * m; k++) {
      const sk = score[k] as number;
      if (sk < 0) continue;
      if (best < 0) {
        best = k;
        continue;
      }
      const sb = score[best] as number;
      const better =
        sk > sb ||
        (sk === sb && ((weight[k] as number) > (weight[best] as number) || (weight[k] === weight[best] && Math.abs(Math.floor(k / m) - (k % m)) < Math.abs(Math.floor(best / m) - (best % m)))));
      if (better) best = k;
    }
    if (best < 0) return chosen;
    const q = Math.floor(best / m);
    const e = best % m;
    chosen.push({ q, e, score: score[best] as number, how: (match[best] as TokenMatch).how, weight: weight[best] as number });
    for (let x = 0; x < m; x++) score[q * m + x] = -1; // the query token is used
    for (let y = 0; y < n; y++) score[y * m + e] = -1; // the entry token is used
  }
}

const joinable = (t: PreparedToken | undefined): t is PreparedToken => t !== undefined && (t.kind === 'word' || t.kind === 'particle');
/** Two neighbours joined as one word, letter for letter, within a slip, or in another romanisation (Abd Allah / Abdullah). */
function sameCompound(left: PreparedToken, right: PreparedToken, whole: PreparedToken): boolean {
  if (whole.text[0] !== left.text[0]) return false;
  const joined = left.text + right.text;
  if (Math.abs(joined.length - whole.text.length) <= 1 && (joined === whole.text || (whole.text.length >= 8 && jaroWinkler(joined, whole.text) >= 0.95))) return true;
  return whole.tk.length > 0 && transliterationKeys(joined).some((k) => whole.tk.includes(k));
}

/**
 * A word written as its neighbours of the other side joined, letter for letter ("Kwangil" /
 * "Kwang-Il", "Johnkachiu" / "John Ka-chiu", "Abdulrahman" / "Abdul Rahman"): paired before any
 * other pair, or a part alone ("Kwang", 0.6 by string distance) would take the word first.
 */
function exactCompounds(
  whole: readonly PreparedToken[],
  split: readonly PreparedToken[],
  freeWhole: boolean[],
  freeSplit: boolean[],
  weights: TokenWeights,
): readonly { whole: number; split: number[]; weight: number }[] {
  let found: { whole: number; split: number[]; weight: number }[] | null = null;
  for (let w = 0; w < whole.length; w++) {
    const token = whole[w] as PreparedToken;
    if (!freeWhole[w] || token.kind !== 'word' || token.text.length < 4) continue;
    search: for (let s = 0; s + 1 < split.length; s++) {
      // the parts read along the word, without building the joined string
      let offset = 0;
      for (let k = s; k < Math.min(split.length, s + 3); k++) {
        const part = split[k];
        if (!freeSplit[k] || !joinable(part) || !token.text.startsWith(part.text, offset)) continue search;
        offset += part.text.length;
        if (k > s && offset === token.text.length) {
          const parts = Array.from({ length: k - s + 1 }, (_, i) => s + i);
          for (const i of parts) freeSplit[i] = false;
          freeWhole[w] = false;
          const splitWeight = Math.max(...parts.map((i) => weights.weight((split[i] as PreparedToken).text, (split[i] as PreparedToken).kind)));
          (found ??= []).push({ whole: w, split: parts, weight: (weights.weight(token.text, token.kind) + splitWeight) / 2 });
          break search;
        }
      }
    }
  }
  return found ?? NO_COMPOUNDS;
}
const NO_COMPOUNDS: readonly { whole: number; split: number[]; weight: number }[] = [];

/** One token against two neighbours of the other side ("Abdelrahman" / "Abdel Rahman", "Alqaida" / "Al Qaida"). */
function compoundPairs(
  whole: readonly PreparedToken[],
  split: readonly PreparedToken[],
  freeWhole: boolean[],
  freeSplit: boolean[],
  weights: TokenWeights,
): { whole: number; split: [number, number]; weight: number }[] {
  const found: { whole: number; split: [number, number]; weight: number }[] = [];
  for (let w = 0; w < whole.length; w++) {
    const token = whole[w] as PreparedToken;
    if (!freeWhole[w] || token.kind !== 'word') continue;
    for (let s = 0; s + 1 < split.length; s++) {
      const left = split[s];
      const right = split[s + 1];
      if (!freeSplit[s] || !freeSplit[s + 1] || !joinable(left) || !joinable(right)) continue;
      if (!sameCompound(left, right, token)) continue;
      freeWhole[w] = false;
      freeSplit[s] = false;
      freeSplit[s + 1] = false;
      const splitWeight = Math.max(weights.weight(left.text, left.kind), weights.weight(right.text, right.kind));
      found.push({ whole: w, split: [s, s + 1], weight: (weights.weight(token.text, token.kind) + splitWeight) / 2 });
      break;
    }
  }
  return found;
}

const free = (length: number, pairs: readonly AlignedPair[], side: 'query' | 'entry'): boolean[] => {
  const out = new Array<boolean>(length).fill(true);
  for (const p of pairs) for (const i of p[side]) out[i] = false;
  return out;
};
function indicesOf(flags: readonly boolean[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i]) out.push(i);
  return out;
}
/** words, numbers and initials: what a substitution is made of (not particles, legal forms, suffixes, titles) */
const isNameWord = (t: PreparedToken): boolean => t.kind === 'word' || t.kind === 'patronymic' || t.kind === 'number' || t.kind === 'initial';

/**
 * One name wholly inside the other: every word of one side paired, however many the other side
 * adds (Hamed Dehghan / Hamed Ahmad Ali Dehghan Chenari, Bunyan Damascus / Bunyan Damascus Private
 * Joint Stock Company). Records and lists both add and drop names; a name found whole, with
 * enough identifying weight (two words at least, worth CONTAINED_MIN_WEIGHT: not two of the most
 * common words) and, for a person found inside a longer listed name, its family name among them,
 * is evidence however much the other side says besides. Its score: the pairs'
 * agreement, less CONTAINED_EXTRA_COST per word of the other side left over (at most
 * CONTAINED_MAX_COST in all). The alignment keeps the higher of this and the weighted share.
 */
export const CONTAINED_MIN_WEIGHT = 1.6;
export const CONTAINED_EXTRA_COST = 0.04;
export const CONTAINED_MAX_COST = 0.15;
function containment(
  qt: readonly PreparedToken[],
  et: readonly PreparedToken[],
  unmatchedQuery: readonly number[],
  unmatchedEntry: readonly number[],
  pairs: readonly AlignedPair[],
  weightOf: (t: PreparedToken) => number,
): number {
  let leftQ = 0;
  let leftE = 0;
  for (const i of unmatchedQuery) if (isNameWord(qt[i] as PreparedToken)) leftQ++;
  for (const i of unmatchedEntry) if (isNameWord(et[i] as PreparedToken)) leftE++;
  if (leftQ > 0 && leftE > 0) return 0;
  // the side wholly paired: its paired words' weight and agreement
  const side: 'query' | 'entry' = leftQ === 0 ? 'query' : 'entry';
  const tokens = side === 'query' ? qt : et;
  let words = 0;
  let weight = 0;
  let agreed = 0;
  for (const p of pairs) {
    let named = false;
    let w = 0;
    for (const i of p[side]) {
      const t = tokens[i] as PreparedToken;
      if (isNameWord(t) && t.kind !== 'initial') named = true;
      w += weightOf(t);
    }
    if (!named) continue;
    words += p[side].length;
    weight += w;
    agreed += p.score * w;
  }
  if (words < 2 || weight < CONTAINED_MIN_WEIGHT) return 0;
  return (agreed / weight) * (1 - Math.min(CONTAINED_MAX_COST, CONTAINED_EXTRA_COST * (leftQ + leftE)));
}

const NONE_SWAPPED: readonly number[] = [];
/** One side's unpaired name words, heaviest first: a substitution replaced the first of them. */
function unpairedWords(tokens: readonly PreparedToken[], unmatched: readonly number[], weightOf: (t: PreparedToken) => number): readonly number[] {
  if (unmatched.length === 0) return NONE_SWAPPED;
  const words = unmatched.filter((i) => isNameWord(tokens[i] as PreparedToken));
  if (words.length > 1) words.sort((x, y) => weightOf(tokens[y] as PreparedToken) - weightOf(tokens[x] as PreparedToken));
  return words;
}

/** The positions of a name's first and last words (its given name and family name, for a person). */
function edgeWords(tokens: readonly PreparedToken[]): [number, number] {
  let first = -1;
  let last = -1;
  for (let i = 0; i < tokens.length; i++) {
    const kind = (tokens[i] as PreparedToken).kind;
    if (kind !== 'word' && kind !== 'number') continue;
    if (first < 0) first = i;
    last = i;
  }
  return [first, last];
}
const hasSuffix = (tokens: readonly PreparedToken[], at: readonly number[]): boolean => at.some((i) => tokens[i]?.kind === 'suffix');

export function alignNames(query: PreparedName, entry: PreparedName, weights: TokenWeights, similarity: TokenSimilarity = tokenSimilarity, person = false): NameAlignment {
  const qt = query.tokens;
  const et = entry.tokens;
  const pairs: AlignedPair[] = [];
  let freeQ = new Array<boolean>(qt.length).fill(true);
  let freeE = new Array<boolean>(et.length).fill(true);
  if (qt.length !== et.length) {
    for (const c of exactCompounds(qt, et, freeQ, freeE, weights)) pairs.push({ query: [c.whole], entry: c.split, score: 1, how: 'compound', weight: c.weight });
    for (const c of exactCompounds(et, qt, freeE, freeQ, weights)) pairs.push({ query: c.split, entry: [c.whole], score: 1, how: 'compound', weight: c.weight });
  }
  for (const c of greedyPairs(qt, et, weights, similarity, freeQ, freeE)) pairs.push({ query: [c.q], entry: [c.e], score: c.score, how: c.how, weight: c.weight });
  freeQ = free(qt.length, pairs, 'query');
  freeE = free(et.length, pairs, 'entry');
  if (pairs.length < Math.min(qt.length, et.length)) {
    for (const c of compoundPairs(qt, et, freeQ, freeE, weights)) pairs.push({ query: [c.whole], entry: c.split, score: COMPOUND_SCORE, how: 'compound', weight: c.weight });
    for (const c of compoundPairs(et, qt, freeE, freeQ, weights)) pairs.push({ query: c.split, entry: [c.whole], score: COMPOUND_SCORE, how: 'compound', weight: c.weight });
  }
  const unmatchedQuery = indicesOf(freeQ);
  const unmatchedEntry = indicesOf(freeE);
  const queryCost = new Array<number>(qt.length).fill(0);
  const entryCost = new Array<number>(et.length).fill(0);
  let agreed = 0;
  let total = 0;
  for (const p of pairs) {
    agreed += p.score * p.weight;
    total += p.weight;
  }
  const weightOf = (t: PreparedToken) => weights.weight(t.text, t.kind);
  // substitutions: the heaviest unpaired words of each side, as many as the shorter side has
  const wordsQ = unmatchedEntry.length ? unpairedWords(qt, unmatchedQuery, weightOf) : NONE_SWAPPED;
  const wordsE = wordsQ.length ? unpairedWords(et, unmatchedEntry, weightOf) : NONE_SWAPPED;
  const substitutions = Math.min(wordsQ.length, wordsE.length);
  const swappedQ = substitutions ? wordsQ.slice(0, substitutions) : NONE_SWAPPED;
  const swappedE = substitutions ? wordsE.slice(0, substitutions) : NONE_SWAPPED;
  for (const i of unmatchedQuery) {
    const t = qt[i] as PreparedToken;
    const cost = t.kind === 'legal' || t.kind === 'suffix' ? 0 : swappedQ.includes(i) ? SUBSTITUTION_COST : QUERY_MISS_COST;
    queryCost[i] = cost * weightOf(t);
    total += queryCost[i] as number;
  }
  const [first, last] = edgeWords(et);
  // where the list says which words are surnames, any of them paired is the family found:
  // the others cost as middle names (Joel Avila / RUELAS AVILA, Joel Efren)
  const surnameFrom = entry.family ?? last;
  const family = pairs.some((p) => p.entry.some((i) => i >= surnameFrom)) ? -1 : surnameFrom;
  let middle = 0;
  for (const i of unmatchedEntry) {
    const t = et[i] as PreparedToken;
    if (t.kind === 'legal' || t.kind === 'suffix') continue;
    const edge = i === first || i === family;
    const swapped = swappedE.includes(i);
    entryCost[i] = (swapped ? SUBSTITUTION_COST : edge ? ENTRY_EDGE_MISS_COST : ENTRY_MIDDLE_MISS_COST) * weightOf(t);
    if (!edge && !swapped) middle += entryCost[i] as number;
  }
  // dropped middle names together cost at most ENTRY_MIDDLE_MISS_CAP, shared in proportion
  const shrink = middle > ENTRY_MIDDLE_MISS_CAP ? ENTRY_MIDDLE_MISS_CAP / middle : 1;
  for (const i of unmatchedEntry) {
    if (shrink !== 1 && i !== first && i !== family && !swappedE.includes(i)) entryCost[i] = (entryCost[i] as number) * shrink;
    total += entryCost[i] as number;
  }
  const raw = total > 0 ? agreed / total : 0;
  // a person's given names alone, found inside a longer listed name, are not the person
  const contained = person && family >= 0 && unmatchedEntry.length > 0 ? 0 : containment(qt, et, unmatchedQuery, unmatchedEntry, pairs, weightOf);
  let score = Math.max(raw, contained);

  const suffixQuery = hasSuffix(qt, unmatchedQuery);
  const suffixEntry = hasSuffix(et, unmatchedEntry);
  const suffixConflict = suffixQuery && suffixEntry;
  const suffixOneSided = suffixQuery !== suffixEntry;
  if (suffixConflict) score *= SUFFIX_CONFLICT_FACTOR;
  const coreMatched = pairs.some((p) => p.query.some((i) => qt[i]?.kind === 'word' || qt[i]?.kind === 'number' || qt[i]?.kind === 'patronymic'));
  if (!coreMatched) score = Math.min(score, NO_CORE_CAP);
  return { score, raw, contained, pairs, unmatchedQuery, unmatchedEntry, queryCost, entryCost, suffixConflict, suffixOneSided, coreMatched };
}
