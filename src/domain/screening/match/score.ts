import type { EntrySchema, ListEntry } from '../entry.js';
import { alignNames, CONTAINED_EXTRA_COST, CONTAINED_MAX_COST, type NameAlignment, NO_CORE_CAP, SUFFIX_CONFLICT_FACTOR } from './align.js';
import type { NameToken } from './normalize.js';
import {
  type CandidateRecord,
  nameTokens,
  prepareEntry,
  type PreparedName,
  type PreparedRecord,
  prepareQuery,
  prepareRecord,
  type ScreeningQuery,
} from './prepare.js';
import {
  applyQualifiers,
  compareBirthDates,
  compareCountries,
  compareDocuments,
  compareSchemas,
  type DocumentFeature,
  type DocumentOutcome,
  type QualifierContribution,
  type QualifierFeature,
  type QualifierOutcome,
} from './qualifiers.js';
import { type Agreement, type TokenSimilarity, tokenSimilarity } from './similarity.js';
import { DEFAULT_TOKEN_WEIGHTS, type TokenWeights } from './weights.js';

export { prepareEntry, prepareQuery, prepareRecord };
export type { CandidateRecord, ScreeningQuery };

/**
 * The default match threshold: the threshold with the best F1 on the `tune` split of
 * test/fixtures/screening/eval-pairs.json (F1 0.989 there), checked on the held-out split by
 * test/domain/screening/accuracy.spec.ts; scripts/bench-matching.ts prints both. Below it a
 * candidate is a near miss. A template rule may set `match_threshold` per check.
 */
export const DEFAULT_THRESHOLD = 0.8;

/**
 * The version of the scoring rules, recorded with every list source's answer: a run re-derived
 * by verify-run is compared only under the rules it was recorded with. Changes whenever a score
 * can change (costs, qualifiers, similarity, normalisation); it is the date of the change.
 */
export const MATCHER_VERSION = '2026-11-27';

export type FeatureName = 'name' | DocumentFeature | 'birth_date' | 'country' | 'schema';

/**
 * One token's part in the name score: a pair (both sides), or a token left unpaired (one side).
 * The name's raw score is Σ contribution / Σ weight over its tokens.
 */
export interface TokenExplanation {
  /** the word(s) as written in the query; null for an entry token left unpaired */
  query: string | null;
  /** their normal form (folded, legal forms and suffixes as canonical symbols) */
  query_normal: string | null;
  candidate: string | null;
  candidate_normal: string | null;
  kind: string;
  /** how the pair agrees; null for an unpaired token */
  how: Agreement | null;
  similarity: number | null;
  /** its share of the denominator: the pair's weight, or what the unpaired token costs */
  weight: number;
  /** its share of the numerator: similarity × weight, 0 unpaired */
  contribution: number;
}

/** What multiplies the name's raw score: two different suffixes, a weak alias's cap, no word agreeing. */
export interface NameFactor {
  factor: 'containment' | 'suffix_conflict' | 'weak_alias' | 'no_core';
  value: number;
  detail: string;
}

/**
 * One line of an explanation. The score recomputes from the lines: it is the sum of their
 * `contribution`s. `score`: for `name` the similarity of the best name; for documents and
 * qualifiers how much they agree (1 agree, 0 disagree, between for an approximate agreement).
 * `weight`: for `name` 1; for a qualifier the most it may move the score (its proposed
 * adjustment, before the bounds); for a document 1.
 */
export interface ExplanationItem {
  feature: FeatureName;
  score: number;
  query: string | null;
  candidate: string | null;
  detail: string;
  weight: number;
  contribution: number;
  /** `name` only: the token alignment, each token with its weight and contribution */
  tokens?: TokenExplanation[];
  /** `name` only: what multiplied the raw score */
  factors?: NameFactor[];
}

export interface Comparison {
  score: number;
  match: boolean;
  /** the candidate's name that matched best */
  name: string;
  explanation: ExplanationItem[];
  /** when it does not match: why it fell short of the threshold, in Portuguese */
  reason: string | null;
}

export interface CompareOptions {
  threshold?: number;
  weights?: TokenWeights;
  /** a memoized token similarity when one query meets many candidates */
  similarity?: TokenSimilarity;
}

/**
 * A weak alias (OFAC's "weak a.k.a.", UN's "Low" quality: a nickname, a single common word) never
 * alerts on its own: its name score is capped below the default threshold, and only agreeing
 * evidence (birth date, country, a document) can carry it over.
 */
export const WEAK_ALIAS_CAP = 0.75;
/** A masked CPF agreeing adds half of what the name leaves, when the name already resembles. */
const MASKED_AGREE_SHARE = 0.5;
const MASKED_AGREE_MIN_NAME = 0.6;

/** What a comparison found, before it is put into words. */
export interface Assessment {
  /** the sum of the contributions, each rounded to 4 decimals */
  score: number;
  nameScore: number;
  best: { name: PreparedName; alignment: NameAlignment; factors: readonly NameFactor[] } | null;
  query: PreparedName | null;
  document: DocumentOutcome | null;
  documentContribution: number;
  qualifiers: QualifierContribution[];
  schemas: { query: EntrySchema; candidate: EntrySchema };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
const decimal = (x: number): string => x.toFixed(2).replace('.', ',');
const signed = (x: number): string => (x > 0 ? `+${decimal(x)}` : x < 0 ? `−${decimal(-x)}` : decimal(0));

const NO_FACTORS: readonly NameFactor[] = [];

function nameFactors(name: PreparedName, a: NameAlignment): { score: number; factors: readonly NameFactor[] } {
  const capped = !a.coreMatched || name.kind === 'weak_alias';
  if (!a.suffixConflict && !capped && a.contained <= a.raw) return { score: a.raw, factors: NO_FACTORS };
  const factors: NameFactor[] = [];
  let score = a.raw;
  if (a.contained > a.raw && a.raw > 0) {
    factors.push({ factor: 'containment', value: a.contained / a.raw, detail: `um nome inteiro contido no outro: ${decimal(a.contained)} (as palavras a mais custam ${decimal(CONTAINED_EXTRA_COST)} cada, até ${decimal(CONTAINED_MAX_COST)})` });
    score = a.contained;
  }
  if (a.suffixConflict) {
    factors.push({ factor: 'suffix_conflict', value: SUFFIX_CONFLICT_FACTOR, detail: 'sufixos diferentes (ex.: Filho × Neto): outra geração' });
    score *= SUFFIX_CONFLICT_FACTOR;
  }
  if (!a.coreMatched && score > NO_CORE_CAP) {
    factors.push({ factor: 'no_core', value: NO_CORE_CAP / score, detail: `nenhuma palavra do nome confere (partículas, formas jurídicas e iniciais não bastam): limitado a ${decimal(NO_CORE_CAP)}` });
    score = NO_CORE_CAP;
  }
  if (name.kind === 'weak_alias' && score > WEAK_ALIAS_CAP) {
    factors.push({ factor: 'weak_alias', value: WEAK_ALIAS_CAP / score, detail: `alias fraco: limitado a ${decimal(WEAK_ALIAS_CAP)}, nunca alerta sozinho` });
    score = WEAK_ALIAS_CAP;
  }
  return { score, factors };
}

function bestName(query: PreparedRecord, candidate: PreparedRecord, weights: TokenWeights, similarity: TokenSimilarity): Pick<Assessment, 'best' | 'query' | 'nameScore'> {
  let found: Pick<Assessment, 'best' | 'query' | 'nameScore'> = { best: null, query: query.names[0] ?? null, nameScore: 0 };
  for (const q of query.names) {
    for (const name of candidate.names) {
      const alignment = alignNames(q, name, weights, similarity, candidate.schema === 'person');
      // alignment.score is the name's score but for the weak alias cap: no better, no factors to build
      if (found.best && Math.min(alignment.score, name.kind === 'weak_alias' ? WEAK_ALIAS_CAP : 1) <= found.nameScore) continue;
      const { score, factors } = nameFactors(name, alignment);
      if (!found.best || score > found.nameScore) found = { best: { name, alignment, factors }, query: q, nameScore: score };
    }
  }
  return found;
}

function assess(query: PreparedRecord, candidate: PreparedRecord, weights: TokenWeights, similarity: TokenSimilarity): Assessment {
  const names = bestName(query, candidate, weights, similarity);
  const nameScore = round(names.nameScore);
  const outcomes: { feature: QualifierFeature; outcome: QualifierOutcome }[] = [];
  const birth = compareBirthDates(query.birth_dates, candidate.birth_dates);
  if (birth) outcomes.push({ feature: 'birth_date', outcome: birth });
  const country = compareCountries(query.countries, candidate.countries);
  if (country) outcomes.push({ feature: 'country', outcome: country });
  const schema = compareSchemas(query.schema, candidate.schema);
  if (schema) outcomes.push({ feature: 'schema', outcome: schema });
  const qualifiers = applyQualifiers(nameScore, outcomes).map((q) => ({ ...q, contribution: round(q.contribution) }));
  const running = qualifiers.reduce((s, q) => s + q.contribution, nameScore);

  const document = compareDocuments(query.documents, candidate.documents);
  let documentContribution = 0;
  switch (document?.feature) {
    case 'doc_exact':
      documentContribution = 1 - running;
      break;
    case 'doc_exact_disagree':
    case 'doc_masked_disagree':
      documentContribution = -running; // below any threshold
      break;
    case 'doc_masked_agree':
      if (nameScore >= MASKED_AGREE_MIN_NAME) documentContribution = (1 - running) * MASKED_AGREE_SHARE;
      break;
    case undefined:
      break;
  }
  documentContribution = round(documentContribution);
  return { ...names, nameScore, score: round(running + documentContribution), document, documentContribution, qualifiers, schemas: { query: query.schema, candidate: candidate.schema } };
}

const SYMBOLS: Record<string, string> = {
  '~jr': 'Filho/Júnior',
  '~neto': 'Neto',
  '~neta': 'Neta',
  '~sobrinho': 'Sobrinho',
  '~sobrinha': 'Sobrinha',
  '~filha': 'Filha',
  '~ii': 'II',
  '~iii': 'III',
  '~iv': 'IV',
  '~sr': 'Sr./Sênior',
  '~lp': 'LP/KG',
  '~ltda': 'Ltda',
  '~sa': 'S.A.',
  '~eireli': 'EIRELI',
  '~me': 'ME/EPP',
  '~cia': 'Cia',
  '~ind': 'Ind.',
  '~com': 'Com.',
};
/**
 * The tokens as written in the name: normalized again for the few results explained (keeping
 * them on 150,000 prepared names would cost memory for nothing); the normal form (a symbol in
 * words) where the normaliser does not say.
 */
function writtenTokens(name: PreparedName, schema: EntrySchema): (i: number) => string {
  let tokens = writtenByName.get(name);
  if (!tokens) writtenByName.set(name, (tokens = nameTokens(name.name, schema)));
  return (i) => tokens[i]?.written ?? SYMBOLS[name.tokens[i]?.text ?? ''] ?? name.tokens[i]?.text ?? '';
}
/** a name's tokens as written, kept while its prepared name lives (an entry's: the index's lifetime; a query's: its search) */
const writtenByName = new WeakMap<PreparedName, NameToken[]>();
const normal = (name: PreparedName, i: number): string => name.tokens[i]?.text ?? '';
/** How two tokens agree, in the words of the explanations and the reports. */
export const AGREEMENT_LABELS: Readonly<Record<Agreement, string>> = {
  exact: 'igual',
  transliteration: 'transliteração',
  phonetic: 'fonética',
  typo: 'erro de digitação',
  string: 'grafia próxima',
  initial: 'inicial',
  compound: 'nome composto',
  gender: 'gênero diferente',
  none: 'sem semelhança',
};
const KIND: Record<string, string> = { primary: 'nome principal', alias: 'alias', weak_alias: 'alias fraco', former: 'nome anterior' };

/** Each token's part in the name score, pairs in the query's order, then the tokens left unpaired. */
function tokenRows(query: PreparedName, name: PreparedName, a: NameAlignment, schemas: Assessment['schemas']): TokenExplanation[] {
  const pairs = [...a.pairs].sort((x, y) => (x.query[0] ?? 0) - (y.query[0] ?? 0));
  const writtenQuery = writtenTokens(query, schemas.query);
  const writtenName = writtenTokens(name, schemas.candidate);
  const written = (n: PreparedName, i: number) => (n === query ? writtenQuery(i) : writtenName(i));
  const side = (n: PreparedName, at: readonly number[]) => ({ text: at.map((i) => written(n, i)).join(' '), normal: at.map((i) => normal(n, i)).join(' ') });
  const rows: TokenExplanation[] = pairs.map((p) => {
    const q = side(query, p.query);
    const e = side(name, p.entry);
    return { query: q.text, query_normal: q.normal, candidate: e.text, candidate_normal: e.normal, kind: query.tokens[p.query[0] as number]?.kind ?? 'word', how: p.how, similarity: round(p.score), weight: round(p.weight), contribution: round(p.score * p.weight) };
  });
  for (const i of a.unmatchedQuery) {
    rows.push({ query: written(query, i), query_normal: normal(query, i), candidate: null, candidate_normal: null, kind: query.tokens[i]?.kind ?? 'word', how: null, similarity: null, weight: round(a.queryCost[i] ?? 0), contribution: 0 });
  }
  for (const i of a.unmatchedEntry) {
    rows.push({ query: null, query_normal: null, candidate: written(name, i), candidate_normal: normal(name, i), kind: name.tokens[i]?.kind ?? 'word', how: null, similarity: null, weight: round(a.entryCost[i] ?? 0), contribution: 0 });
  }
  return rows;
}

/** The name's detail: the token alignment with weights, then what was left out and why the score is capped. */
function nameDetail(name: PreparedName, rows: readonly TokenExplanation[], a: NameAlignment, factors: readonly NameFactor[]): string {
  const parts = rows
    .filter((r) => r.how !== null)
    .map((r) => `${r.query} ~ ${r.candidate} (${AGREEMENT_LABELS[r.how as Agreement]} ${decimal(r.similarity ?? 0)}, peso ${decimal(r.weight)}${r.kind === 'particle' ? ', partícula' : ''})`);
  const lines = [`${KIND[name.kind] ?? name.kind}; alinhamento: ${parts.length ? parts.join('; ') : 'nenhum token em comum'}`];
  const unpaired = (rs: readonly TokenExplanation[], pick: (r: TokenExplanation) => string | null) =>
    rs.map((r) => (r.kind === 'honorific' ? `${pick(r)} (título, ignorado)` : r.weight > 0 ? `${pick(r)} (custo ${decimal(r.weight)})` : `${pick(r)} (sem custo)`)).join(', ');
  const extraQuery = rows.filter((r) => r.how === null && r.candidate === null);
  const extraEntry = rows.filter((r) => r.how === null && r.query === null);
  if (extraQuery.length) lines.push(`sem par na consulta: ${unpaired(extraQuery, (r) => r.query)}`);
  if (extraEntry.length) lines.push(`sem par no candidato: ${unpaired(extraEntry, (r) => r.candidate)}`);
  if (a.suffixOneSided) lines.push('sufixo em só um dos nomes: não altera a pontuação, mas pode ser outra geração');
  for (const f of factors) lines.push(`${f.detail} (× ${f.value.toFixed(4).replace('.', ',')})`);
  return lines.join('. ');
}

function explain(a: Assessment): ExplanationItem[] {
  const items: ExplanationItem[] = [];
  if (a.best && a.query) {
    const rows = tokenRows(a.query, a.best.name, a.best.alignment, a.schemas);
    items.push({
      feature: 'name',
      score: a.nameScore,
      query: a.query.name,
      candidate: a.best.name.name,
      detail: nameDetail(a.best.name, rows, a.best.alignment, a.best.factors),
      weight: 1,
      contribution: a.nameScore,
      tokens: rows,
      factors: a.best.factors.map((f) => ({ ...f, value: round(f.value) })),
    });
  } else {
    items.push({ feature: 'name', score: 0, query: a.query?.name ?? null, candidate: null, detail: 'o candidato não tem nome para comparar', weight: 1, contribution: 0, tokens: [], factors: [] });
  }
  if (a.document) {
    const agrees = a.document.feature === 'doc_exact' || a.document.feature === 'doc_masked_agree';
    items.push({ feature: a.document.feature, score: agrees ? 1 : 0, query: a.document.query, candidate: a.document.candidate, detail: a.document.detail, weight: 1, contribution: a.documentContribution });
  }
  for (const { feature, outcome, contribution } of a.qualifiers) {
    const cut = round(outcome.adjustment) !== contribution ? ` (limitado a ${signed(contribution)})` : '';
    items.push({ feature, score: outcome.agreement, query: outcome.query, candidate: outcome.candidate, detail: `${outcome.detail}: ${signed(outcome.adjustment)}${cut}`, weight: Math.abs(outcome.adjustment), contribution });
  }
  return items;
}

/** Why a candidate fell short: the gap, then what cost the most (unpaired words, weak pairs, caps, qualifiers). */
function shortfall(a: Assessment, items: readonly ExplanationItem[], threshold: number): string {
  const reasons: { cost: number; text: string }[] = [];
  const name = items.find((i) => i.feature === 'name');
  for (const r of name?.tokens ?? []) {
    // the detail's words: "sem par na consulta" lists the query's words left unpaired, "no candidato" the candidate's
    if (r.how === null && r.weight > 0) reasons.push({ cost: r.weight, text: r.query !== null ? `sem par na consulta: ${r.query} (custo ${decimal(r.weight)})` : `sem par no candidato: ${r.candidate} (custo ${decimal(r.weight)})` });
    else if (r.how !== null && (r.similarity ?? 1) < 1) reasons.push({ cost: r.weight - r.contribution, text: `${r.query} ~ ${r.candidate}: ${AGREEMENT_LABELS[r.how]} ${decimal(r.similarity ?? 0)}` });
  }
  for (const f of name?.factors ?? []) reasons.push({ cost: 1 - f.value, text: f.detail });
  for (const i of items) if (i.feature !== 'name' && i.contribution < 0) reasons.push({ cost: -i.contribution, text: i.detail });
  if (!a.best) reasons.push({ cost: 1, text: 'o candidato não tem nome para comparar' });
  const top = reasons.sort((x, y) => y.cost - x.cost).slice(0, 3).map((r) => r.text);
  const gap = `${decimal(Math.max(0.01, threshold - a.score))} abaixo do limiar ${decimal(threshold)}`;
  return top.length ? `${gap}: ${top.join('; ')}` : gap;
}

const similarityFor =
  (weights: TokenWeights): TokenSimilarity =>
  (a, b) =>
    tokenSimilarity(a, b, (text) => weights.known(text));

/** The comparison without its explanation text, for ranking many candidates. */
export const assessPrepared = (query: PreparedRecord, candidate: PreparedRecord, options: CompareOptions = {}): Assessment =>
  assess(query, candidate, options.weights ?? DEFAULT_TOKEN_WEIGHTS, options.similarity ?? similarityFor(options.weights ?? DEFAULT_TOKEN_WEIGHTS));

/** The score as compare() reports it (4 decimals), from an assessment. */
export const scoreOf = (a: Assessment): number => round(a.score);

export function explainAssessment(a: Assessment, threshold: number = DEFAULT_THRESHOLD): Comparison {
  const score = scoreOf(a);
  const explanation = explain(a);
  const match = score >= threshold;
  return { score, match, name: a.best?.name.name ?? '', explanation, reason: match ? null : shortfall(a, explanation, threshold) };
}

export const comparePrepared = (query: PreparedRecord, candidate: PreparedRecord, options: CompareOptions = {}): Comparison =>
  explainAssessment(assessPrepared(query, candidate, options), options.threshold);

const isListEntry = (candidate: ListEntry | CandidateRecord): candidate is ListEntry => Array.isArray((candidate as ListEntry).names);

/**
 * Query against a list entry (every name tried, the best kept) or a plain record. A query whose
 * doc is not a CPF/CNPJ compares as one without a doc: callers validate documents first.
 */
export function compare(query: ScreeningQuery, candidate: ListEntry | CandidateRecord, options: CompareOptions = {}): Comparison {
  const schema: EntrySchema = query.schema;
  const prepared = isListEntry(candidate) ? prepareEntry(candidate) : prepareRecord(candidate, schema);
  return comparePrepared(prepareQuery(query), prepared, options);
}
