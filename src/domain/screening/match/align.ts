import type { PreparedName } from './prepare.js';
import { type Agreement, jaroWinkler, type PreparedToken, type TokenMatch, type TokenSimilarity, tokenSimilarity } from './similarity.js';
import type { TokenWeights } from './weights.js';

/**
 * Token alignment of two names (screening.md section 2): each token is used at most once, pairs
 * taken best first; the name score is the weighted share of agreement, where a query token left
 * without a pair costs more than an entry token (an entry's extra names are often an alias's or a
 * full registry name's; a query word the entry lacks is evidence of another person).
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
  /** only one name carries a suffix (José Silva / José Silva Neto: often father and son) */
  suffixOneSided: boolean;
  /** some word or number agrees: particles, legal forms and initials never match alone */
  coreMatched: boolean;
}

export const QUERY_MISS_COST = 1;
export const ENTRY_MISS_COST = 0.5;
/** below this, two tokens are not a pair */
export const PAIR_FLOOR = 0.6;
export const SUFFIX_CONFLICT_FACTOR = 0.7;
export const SUFFIX_ONE_SIDED_FACTOR = 0.85;
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

/** Pairs taken best first: the best agreement, then the heavier pair, then the nearer position. */
function greedyPairs(qt: readonly PreparedToken[], et: readonly PreparedToken[], weights: TokenWeights, similarity: TokenSimilarity): Candidate[] {
  const n = qt.length;
  const m = et.length;
  const { score, weight, match } = matrixFor(n * m);
  for (let q = 0; q < n; q++) {
    for (let e = 0; e < m; e++) {
      const a = qt[q] as PreparedToken;
      const b = et[e] as PreparedToken;
      const found = similarity(a, b);
      const k = q * m + e;
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
function sameCompound(left: string, right: string, whole: string): boolean {
  const length = left.length + right.length;
  if (whole[0] !== left[0] || Math.abs(length - whole.length) > 1) return false;
  const joined = left + right;
  return joined === whole || (whole.length >= 8 && jaroWinkler(joined, whole) >= 0.95);
}

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
      if (!sameCompound(left.text, right.text, token.text)) continue;
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
const hasSuffix = (tokens: readonly PreparedToken[], at: readonly number[]): boolean => at.some((i) => tokens[i]?.kind === 'suffix');

export function alignNames(query: PreparedName, entry: PreparedName, weights: TokenWeights, similarity: TokenSimilarity = tokenSimilarity): NameAlignment {
  const qt = query.tokens;
  const et = entry.tokens;
  const pairs: AlignedPair[] = greedyPairs(qt, et, weights, similarity).map((c) => ({ query: [c.q], entry: [c.e], score: c.score, how: c.how, weight: c.weight }));
  const freeQ = free(qt.length, pairs, 'query');
  const freeE = free(et.length, pairs, 'entry');
  if (pairs.length < Math.min(qt.length, et.length)) {
    for (const c of compoundPairs(qt, et, freeQ, freeE, weights)) pairs.push({ query: [c.whole], entry: c.split, score: COMPOUND_SCORE, how: 'compound', weight: c.weight });
    for (const c of compoundPairs(et, qt, freeE, freeQ, weights)) pairs.push({ query: c.split, entry: [c.whole], score: COMPOUND_SCORE, how: 'compound', weight: c.weight });
  }
  const unmatchedQuery = indicesOf(freeQ);
  const unmatchedEntry = indicesOf(freeE);
  let agreed = 0;
  let total = 0;
  for (const p of pairs) {
    agreed += p.score * p.weight;
    total += p.weight;
  }
  for (const i of unmatchedQuery) total += QUERY_MISS_COST * weights.weight((qt[i] as PreparedToken).text, (qt[i] as PreparedToken).kind);
  for (const i of unmatchedEntry) total += ENTRY_MISS_COST * weights.weight((et[i] as PreparedToken).text, (et[i] as PreparedToken).kind);
  let score = total > 0 ? agreed / total : 0;

  const suffixQuery = hasSuffix(qt, unmatchedQuery);
  const suffixEntry = hasSuffix(et, unmatchedEntry);
  const suffixConflict = suffixQuery && suffixEntry;
  const suffixOneSided = suffixQuery !== suffixEntry;
  if (suffixConflict) score *= SUFFIX_CONFLICT_FACTOR;
  if (suffixOneSided) score *= SUFFIX_ONE_SIDED_FACTOR;
  const coreMatched = pairs.some((p) => p.query.some((i) => qt[i]?.kind === 'word' || qt[i]?.kind === 'number'));
  if (!coreMatched) score = Math.min(score, NO_CORE_CAP);
  return { score, pairs, unmatchedQuery, unmatchedEntry, suffixConflict, suffixOneSided, coreMatched };
}
