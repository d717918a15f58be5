import type { ListEntry } from '../entry.js';
import { ENTRY_MIDDLE_MISS_CAP, ENTRY_MISS_COST, PAIR_FLOOR, QUERY_MISS_COST } from './align.js';
import type { NameToken } from './normalize.js';
import { createInterner, lookupInterner, type PreparedEntry, type PreparedRecord, prepareEntry, prepareQuery, type ScreeningQuery, type TokenInterner } from './prepare.js';
import { assessPrepared, type Comparison, DEFAULT_THRESHOLD, explainAssessment, scoreOf } from './score.js';
import { memoizedSimilarity, type PreparedToken, type TokenSimilarity } from './similarity.js';
import { type TokenWeights, tokenWeightsFromCounts } from './weights.js';

/**
 * An in-memory blocking index over prepared entries: a query is scored only against the names
 * that share a blocking key with one of its words (the word itself, its Portuguese phonetic key,
 * its Double Metaphone codes, or the word with one letter deleted, which finds typos and swapped
 * letters) or a document. Built once per set of loaded list versions (start-up, a new version);
 * a search changes nothing a later one could notice (it reuses scratch arrays and a cache of token
 * similarities, both invisible in its answers).
 */

export interface ScreeningIndex {
  entries: readonly PreparedEntry[];
  weights: TokenWeights;
  /** per indexed name: its entry's position in `entries` */
  nameEntry: Int32Array;
  /** per indexed name: the sum of its words' weights, to estimate what a partial match leaves out */
  nameWeight: Float32Array;
  /** word token -> the names holding it */
  postings: Map<PreparedToken, Int32Array>;
  /** blocking key -> the distinct word tokens having it */
  keys: Map<string, PreparedToken[]>;
  /** document key -> entry positions */
  documents: Map<string, Int32Array>;
  names: number;
  /** the index's own tokens for a query's words, so its similarity cache serves every search */
  queryInterner: TokenInterner;
  /** the same for the joined pairs of a query's neighbouring words */
  joinedInterner: TokenInterner;
  /** the tokens that are two neighbouring words of a name joined */
  joined: ReadonlySet<PreparedToken>;
  /** token similarity memoized across searches (a cache: answers are the same either way) */
  similarity: TokenSimilarity;
}

export interface SearchOptions {
  /** only entries of these lists; all when absent */
  lists?: readonly string[];
  threshold?: number;
  /** results at or above this score are returned (default: the threshold); below it, near misses */
  min_score?: number;
  /** at most this many results (default 10) */
  limit?: number;
}

export interface SearchResult extends Comparison {
  entry: ListEntry;
}

const isWord = (t: PreparedToken): boolean => t.kind === 'word' || t.kind === 'patronymic';
const joinable = (t: PreparedToken | undefined): t is PreparedToken => t !== undefined && (isWord(t) || t.kind === 'particle');

/**
 * Two neighbouring words written as one ("Jong Un" / "Jongun", "Al Qaida" / "Alqaida"): a name is
 * also reachable by its joined pairs, and a query's joined pairs look up single words, so
 * retrieval finds what the scorer's compound pairs would accept. Joined tokens are looked up
 * exactly: they carry no typo keys, which would multiply the index. `at` is the left word's position.
 */
function joinedPairs(tokens: readonly PreparedToken[]): { pair: NameToken; at: number }[] {
  const out: { pair: NameToken; at: number }[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i] as PreparedToken;
    const b = tokens[i + 1] as PreparedToken;
    if (!joinable(a) || !joinable(b) || (a.kind === 'particle' && b.kind === 'particle')) continue;
    out.push({ pair: { text: a.text + b.text, kind: 'word', spoken: a.text + b.text }, at: i });
  }
  return out;
}
const joinedKeys = (t: PreparedToken): string[] => [`w:${t.text}`];
/** A joined pair compares by its letters alone: no phonetic keys to compute for tens of thousands of them. */
const joinedToken = (token: NameToken): PreparedToken => ({ id: -1, text: token.text, kind: 'word', key: '', voweled: '', dm: ['', ''], tk: [] });


/** Blocking keys of a word; deletions only for words long enough to carry a typo. */
function blockingKeys(t: PreparedToken): string[] {
  const keys = [`w:${t.text}`];
  for (const k of t.tk) keys.push(`t:${k}`);
  if (t.key.length >= 2) keys.push(`p:${t.key}`);
  for (const code of new Set(t.dm)) if (code.length >= 2) keys.push(`m:${code}`);
  if (t.text.length >= 4) {
    keys.push(`d:${t.text}`);
    for (let i = 0; i < t.text.length; i++) keys.push(`d:${t.text.slice(0, i)}${t.text.slice(i + 1)}`);
  }
  return keys;
}

/** Entry documents under keys a full query CPF/CNPJ looks up: itself, a CPF's visible middle, a CNPJ's root. */
function documentKeys(value: string, masked: boolean): string[] {
  if (masked) return [`k:${value}`];
  return value.length === 14 ? [`d:${value}`, `r:${value.slice(0, 8)}`] : [`d:${value}`];
}
function queryDocumentKeys(value: string, masked: boolean): string[] {
  if (masked) return [`k:${value}`];
  return value.length === 11 ? [`d:${value}`, `k:***${value.slice(3, 9)}**`] : [`d:${value}`, `r:${value.slice(0, 8)}`];
}

/** remembered token pairs: 2^20 slots of 10 bytes */
const SIMILARITY_CACHE_SLOTS = 1 << 20;

const pushTo = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};


export interface IndexOptions {
  weights?: TokenWeights;
  /**
   * The interned tokens the entries were prepared with (`createInterner(tokens)`), when they come
   * already prepared: a query then finds them. Entries prepared once keep serving the next index
   * built over them (a new version of one list prepares only its own entries).
   */
  tokens?: Map<string, PreparedToken>;
}

/**
 * Indexes `entries`; token weights come from their names' word frequencies (idf) unless given.
 * Entries arrive as published or already prepared. Synchronous: for small sets and tools; a
 * service rebuilding a large index drives `indexSteps` itself, freeing its event loop between steps.
 */
export function buildIndex(entries: Iterable<ListEntry | PreparedEntry>, options: IndexOptions = {}): ScreeningIndex {
  const steps = indexSteps(entries, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** how many units of work (entries, tokens, names) between two chances to yield */
const STEP = 256;

/**
 * The index build as a generator that yields every STEP units of work (a fraction of a
 * millisecond) and returns the index: a 150,000-name index takes seconds, and whoever drives it
 * decides when to let other work run.
 */
export function* indexSteps(entries: Iterable<ListEntry | PreparedEntry>, options: IndexOptions): Generator<void, ScreeningIndex> {
  const tokens = options.tokens ?? new Map<string, PreparedToken>();
  const intern = createInterner(tokens);
  const prepared: PreparedEntry[] = [];
  for (const e of entries) {
    prepared.push('entry' in e ? e : prepareEntry(e, intern));
    if (prepared.length % STEP === 0) yield;
  }

  const nameEntry: number[] = [];
  const counts = new Map<string, number>();
  const postings = new Map<PreparedToken, number[]>();
  const joinedTokens = new Map<string, PreparedToken>();
  const internJoined = createInterner(joinedTokens, joinedToken);
  const documents = new Map<string, number[]>();
  for (const [position, entry] of prepared.entries()) {
    for (const name of entry.names) {
      const id = nameEntry.length;
      nameEntry.push(position);
      for (const token of new Set(name.tokens.filter(isWord))) {
        counts.set(token.text, (counts.get(token.text) ?? 0) + 1);
        pushTo(postings, token, id);
      }
      for (const { pair } of joinedPairs(name.tokens)) {
        const token = internJoined(pair);
        if (postings.get(token)?.at(-1) !== id) pushTo(postings, token, id);
      }
    }
    for (const doc of entry.documents) for (const key of documentKeys(doc.value, doc.masked)) pushTo(documents, key, position);
    if (position % STEP === 0) yield;
  }
  const keys = new Map<string, PreparedToken[]>();
  let tokenCount = 0;
  for (const token of postings.keys()) {
    for (const key of token.key === '' && token.dm[0] === '' ? joinedKeys(token) : blockingKeys(token)) pushTo(keys, key, token);
    if (++tokenCount % STEP === 0) yield;
  }

  const weights = options.weights ?? tokenWeightsFromCounts(counts, nameEntry.length);
  const nameWeight = new Float32Array(nameEntry.length);
  let id = 0;
  for (const [position, entry] of prepared.entries()) {
    for (const name of entry.names) nameWeight[id++] = name.tokens.reduce((s, t) => s + (isWord(t) ? weights.weight(t.text, t.kind) : 0), 0);
    if (position % STEP === 0) yield;
  }

  // the postings as typed arrays, a step at a time too (hundreds of thousands of them)
  const frozen = { postings: new Map<PreparedToken, Int32Array>(), documents: new Map<string, Int32Array>() };
  for (const [token, ids] of postings) if (frozen.postings.set(token, Int32Array.from(ids)).size % STEP === 0) yield;
  for (const [key, ids] of documents) if (frozen.documents.set(key, Int32Array.from(ids)).size % STEP === 0) yield;
  return {
    entries: prepared,
    weights,
    nameEntry: Int32Array.from(nameEntry),
    nameWeight,
    postings: frozen.postings,
    keys,
    documents: frozen.documents,
    names: nameEntry.length,
    queryInterner: lookupInterner(tokens),
    joinedInterner: lookupInterner(joinedTokens, joinedToken),
    joined: new Set(joinedTokens.values()),
    similarity: memoizedSimilarity(SIMILARITY_CACHE_SLOTS, (text) => weights.known(text)),
  };
}

/** how many entries are scored in full, at least: retrieval only estimates, the scorer decides */
const MIN_CANDIDATES = 20;
/**
 * A name reached only through query words worth less than this share of the best reachable
 * score is not a candidate: the estimate is not the score, so the margin keeps near misses.
 */
const PRUNE_MARGIN = 0.85;
/**
 * A name not yet reached is admitted while the words left could still carry it to this share of
 * the minimum score: that bound is the most those words can give (every one agreeing, the query's
 * other words unpaired), so the margin only covers compound pairs the estimate does not see.
 */
const ADMIT_MARGIN = 0.9;

/**
 * Per-search scratch, one slot per name, reused across searches so a search over 150,000 names
 * allocates nothing in proportion to them. Searches run one at a time (JavaScript has one thread):
 * each one stamps the slots it touches with its own serial instead of clearing them. A name's
 * slot is 4 adjacent ints (serial, last crediting word, gain in fixed point, and the name's own
 * word weight in fixed point, set once): the loops over tens of thousands of postings are bound
 * by memory, one cache line per name is what they cost.
 */
interface Scratch {
  serial: number;
  slots: Int32Array;
  touched: Int32Array;
  entrySerial: Int32Array;
  entryBest: Float32Array;
}
const SLOT = 4;
const FIXED = 1 << 20;
const scratches = new WeakMap<ScreeningIndex, Scratch>();
function scratchOf(index: ScreeningIndex): Scratch {
  let s = scratches.get(index);
  if (!s) {
    const slots = new Int32Array(index.names * SLOT);
    for (let id = 0; id < index.names; id++) slots[id * SLOT + 3] = Math.round((index.nameWeight[id] as number) * FIXED);
    s = {
      serial: 0,
      slots,
      touched: new Int32Array(index.names),
      entrySerial: new Int32Array(index.entries.length),
      entryBest: new Float32Array(index.entries.length),
    };
    scratches.set(index, s);
  }
  return s;
}

interface QueryWord {
  /** the entry tokens agreeing with this query word, with what each adds */
  tokens: { token: PreparedToken; gain: number }[];
  /** the most this word can add to a name */
  bound: number;
}

function queryWords(index: ScreeningIndex, query: PreparedRecord, similarity: TokenSimilarity): QueryWord[] {
  const words: QueryWord[] = [];
  /**
   * A word's gain is its own weight times the agreement: what it covers of the query, so a rare
   * look-alike in a name (Frutas for Freitas) never outweighs the word itself. A joined pair of
   * query words looks up single words only (joined pairs of a name would count its words twice)
   * and gains what its parts weigh.
   */
  const lookUp = (q: PreparedToken, keys: readonly string[], weight: number, joined: boolean) => {
    const seen = new Set<PreparedToken>();
    const tokens: QueryWord['tokens'] = [];
    for (const key of keys) {
      for (const token of index.keys.get(key) ?? []) {
        if (seen.has(token) || (joined && index.joined.has(token))) continue;
        seen.add(token);
        const { score } = similarity(q, token);
        if (score >= PAIR_FLOOR) tokens.push({ token, gain: score * weight });
      }
    }
    if (tokens.length) words.push({ tokens, bound: Math.max(...tokens.map((t) => t.gain)) });
  };
  const weightOf = (t: PreparedToken) => index.weights.weight(t.text, t.kind);
  for (const name of query.names) {
    for (const q of name.tokens) if (isWord(q)) lookUp(q, blockingKeys(q), weightOf(q), false);
    for (const { pair, at } of joinedPairs(name.tokens)) {
      const q = index.joinedInterner(pair);
      lookUp(q, joinedKeys(q), Math.max(weightOf(name.tokens[at] as PreparedToken), weightOf(name.tokens[at + 1] as PreparedToken)), true);
    }
  }
  // the rarest, most telling words first: names reached only by common ones may then be skipped
  return words.sort((a, b) => b.bound - a.bound);
}

/**
 * Estimates each reachable name's score from its words' agreement with the query's (the weighted
 * share the alignment computes, without aligning) and keeps the best `wanted` entries.
 */
function candidateEntries(index: ScreeningIndex, query: PreparedRecord, similarity: TokenSimilarity, allowed: (entry: number) => boolean, wanted: number, minScore: number): number[] {
  const s = scratchOf(index);
  if (s.serial === 0x7fffffff) {
    for (let at = 0; at < s.slots.length; at += SLOT) s.slots[at] = 0;
    s.entrySerial.fill(0);
    s.serial = 0;
  }
  const serial = ++s.serial;
  // over the words only: numbers in a name (an MTE row's "27.111.222 JOSÉ …") reach no posting, and
  // counting them here would cap every estimate below the threshold, so a name could not find itself
  const queryWeight = query.names[0]?.tokens.filter(isWord).reduce((sum, t) => sum + index.weights.weight(t.text, t.kind), 0) ?? 0;
  if (queryWeight === 0) return [];
  const words = queryWords(index, query, similarity);
  let remaining = words.reduce((sum, w) => sum + w.bound, 0);
  let touched = 0;
  let credit = 0;
  const { slots, touched: touchedIds } = s;
  const floor = minScore * PRUNE_MARGIN;
  for (const word of words) {
    // the best a name reached only by the words left can score: all of them agreeing, the
    // query's other words unpaired (they cost QUERY_MISS_COST each)
    const reachable = Math.min(remaining, queryWeight);
    const admitNew = reachable / (reachable + QUERY_MISS_COST * (queryWeight - reachable)) >= minScore * ADMIT_MARGIN;
    remaining -= word.bound;
    credit++;
    for (const { token, gain } of word.tokens) {
      const postings = index.postings.get(token);
      if (!postings) continue;
      const fixedGain = Math.round(gain * FIXED);
      for (let i = 0; i < postings.length; i++) {
        const at = (postings[i] as number) * SLOT;
        if (slots[at] !== serial) {
          if (!admitNew) continue;
          slots[at] = serial;
          slots[at + 1] = 0;
          slots[at + 2] = 0;
          touchedIds[touched++] = at / SLOT;
        }
        if (slots[at + 1] === credit) continue; // one query word credits a name once
        slots[at + 1] = credit;
        slots[at + 2] = (slots[at + 2] as number) + fixedGain;
      }
    }
  }
  // best estimate per entry, then the top `wanted` entries (kept sorted, small)
  const top: { entry: number; estimate: number }[] = [];
  // the estimate is at most gain / (gain + QUERY_MISS_COST (queryWeight - gain)): below this gain
  // no name can reach the floor, and its other fields need not be read
  const minFixed = ((floor * QUERY_MISS_COST * queryWeight) / (1 - floor + floor * QUERY_MISS_COST)) * FIXED;
  for (let i = 0; i < touched; i++) {
    const id = touchedIds[i] as number;
    const fixed = slots[id * SLOT + 2] as number;
    if (fixed < minFixed) continue;
    const gain = Math.min(fixed / FIXED, queryWeight);
    const nameWeight = (slots[id * SLOT + 3] as number) / FIXED;
    // the alignment's share, with paired weight taken as the gain and every unpaired entry word
    // a middle name (an estimate, generous, not the score)
    const estimate = gain / (gain + QUERY_MISS_COST * (queryWeight - gain) + Math.min(ENTRY_MISS_COST * Math.max(0, nameWeight - gain), ENTRY_MIDDLE_MISS_CAP));
    if (estimate < floor) continue;
    if (top.length === wanted && estimate <= (top[wanted - 1] as { estimate: number }).estimate) continue;
    const entry = index.nameEntry[id] as number;
    const seen = s.entrySerial[entry] === serial;
    if (seen && (s.entryBest[entry] as number) >= estimate) continue;
    if (!seen && !allowed(entry)) continue;
    s.entrySerial[entry] = serial;
    s.entryBest[entry] = estimate;
    if (seen) {
      const existing = top.findIndex((t) => t.entry === entry);
      if (existing >= 0) top.splice(existing, 1);
    }
    let at = top.length;
    while (at > 0 && (top[at - 1] as { estimate: number }).estimate < estimate) at--;
    top.splice(at, 0, { entry, estimate });
    if (top.length > wanted) top.pop();
  }
  return top.map((t) => t.entry);
}

/** The best entries for `query`, best first; ties in list order. */
export function search(index: ScreeningIndex, query: ScreeningQuery, options: SearchOptions = {}): SearchResult[] {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const minScore = options.min_score ?? threshold;
  const limit = options.limit ?? 10;
  const lists = options.lists ? new Set(options.lists) : null;
  const allowed = (position: number) => !lists || lists.has((index.entries[position] as PreparedEntry).entry.list_id);
  const prepared = prepareQuery(query, index.queryInterner);
  const similarity = index.similarity;

  const positions = new Set(candidateEntries(index, prepared, similarity, allowed, Math.max(MIN_CANDIDATES, limit * 2), minScore));
  for (const doc of prepared.documents) {
    for (const key of queryDocumentKeys(doc.value, doc.masked)) for (const position of index.documents.get(key) ?? []) if (allowed(position)) positions.add(position);
  }
  const scored = [...positions]
    .map((position) => {
      const assessment = assessPrepared(prepared, index.entries[position] as PreparedEntry, { weights: index.weights, similarity });
      return { position, assessment, score: scoreOf(assessment) };
    })
    .filter((s) => s.score >= minScore)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit);
  return scored.map(({ position, assessment }) => ({ ...explainAssessment(assessment, threshold), entry: (index.entries[position] as PreparedEntry).entry }));
}

/**
 * The best entries over several indexes (the official lists' and a tenant's own), best first;
 * ties in the order of the indexes. Scores do not depend on the index an entry sits in when the
 * indexes share their token weights, as the service's do (fixed weights).
 */
export function searchAll(indexes: readonly ScreeningIndex[], query: ScreeningQuery, options: SearchOptions = {}): SearchResult[] {
  if (indexes.length === 1) return search(indexes[0]!, query, options);
  return indexes
    .flatMap((index) => search(index, query, options))
    .map((result, order) => ({ result, order }))
    .sort((a, b) => b.result.score - a.result.score || a.order - b.order)
    .slice(0, options.limit ?? 10)
    .map(({ result }) => result);
}
