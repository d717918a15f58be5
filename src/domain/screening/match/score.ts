import type { EntrySchema, ListEntry } from '../entry.js';
import { alignNames, type NameAlignment } from './align.js';
import {
  type CandidateRecord,
  prepareEntry,
  type PreparedName,
  type PreparedRecord,
  prepareQuery,
  prepareRecord,
  type ScreeningQuery,
} from './prepare.js';
import { compareBirthDates, compareCountries, compareDocuments, compareSchemas, type DocumentFeature, type DocumentOutcome, type QualifierOutcome } from './qualifiers.js';
import { type Agreement, type PreparedToken, type TokenSimilarity, tokenSimilarity } from './similarity.js';
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

export type FeatureName = 'name' | DocumentFeature | 'birth_date' | 'country' | 'schema';

/**
 * One line of an explanation. `score`: for `name` the similarity of the best name; for documents
 * 1 (agree) or 0 (disagree); for qualifiers the factor applied to the score (1 = no change).
 */
export interface ExplanationItem {
  feature: FeatureName;
  score: number;
  query: string | null;
  candidate: string | null;
  detail: string;
}

export interface Comparison {
  score: number;
  match: boolean;
  /** the candidate's name that matched best */
  name: string;
  explanation: ExplanationItem[];
}

export interface CompareOptions {
  threshold?: number;
  weights?: TokenWeights;
  /** a memoized token similarity when one query meets many candidates */
  similarity?: TokenSimilarity;
}

/** A weak alias (OFAC's quoted a.k.a., UN's "Low" quality) is less reliable than a name. */
export const WEAK_ALIAS_FACTOR = 0.9;
/** A masked CPF agreeing adds half of what the name leaves, when the name already resembles. */
const MASKED_AGREE_SHARE = 0.5;
const MASKED_AGREE_MIN_NAME = 0.6;

/** What a comparison found, before it is put into words. */
export interface Assessment {
  score: number;
  nameScore: number;
  best: { name: PreparedName; alignment: NameAlignment } | null;
  query: PreparedName | null;
  document: DocumentOutcome | null;
  qualifiers: { feature: 'birth_date' | 'country' | 'schema'; outcome: QualifierOutcome }[];
}

function bestName(query: PreparedRecord, candidate: PreparedRecord, weights: TokenWeights, similarity: TokenSimilarity): Pick<Assessment, 'best' | 'query' | 'nameScore'> {
  let found: Pick<Assessment, 'best' | 'query' | 'nameScore'> = { best: null, query: query.names[0] ?? null, nameScore: 0 };
  for (const q of query.names) {
    for (const name of candidate.names) {
      const alignment = alignNames(q, name, weights, similarity);
      const score = alignment.score * (name.kind === 'weak_alias' ? WEAK_ALIAS_FACTOR : 1);
      if (!found.best || score > found.nameScore) found = { best: { name, alignment }, query: q, nameScore: score };
    }
  }
  return found;
}

function assess(query: PreparedRecord, candidate: PreparedRecord, weights: TokenWeights, similarity: TokenSimilarity): Assessment {
  const names = bestName(query, candidate, weights, similarity);
  const document = compareDocuments(query.documents, candidate.documents);
  const qualifiers: Assessment['qualifiers'] = [];
  const birth = compareBirthDates(query.birth_dates, candidate.birth_dates);
  if (birth) qualifiers.push({ feature: 'birth_date', outcome: birth });
  const country = compareCountries(query.countries, candidate.countries);
  if (country) qualifiers.push({ feature: 'country', outcome: country });
  const schema = compareSchemas(query.schema, candidate.schema);
  if (schema) qualifiers.push({ feature: 'schema', outcome: schema });

  let score = qualifiers.reduce((s, q) => s * q.outcome.factor, names.nameScore);
  switch (document?.feature) {
    case 'doc_exact':
      score = 1;
      break;
    case 'doc_exact_disagree':
    case 'doc_masked_disagree':
      score = 0; // below any threshold
      break;
    case 'doc_masked_agree':
      if (names.nameScore >= MASKED_AGREE_MIN_NAME) score += (1 - score) * MASKED_AGREE_SHARE;
      break;
    case undefined:
      break;
  }
  return { ...names, score, document, qualifiers };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
const decimal = (x: number): string => x.toFixed(2).replace('.', ',');

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
const show = (t: PreparedToken | undefined): string => (t ? (SYMBOLS[t.text] ?? t.text) : '');
const HOW: Record<Agreement, string> = {
  exact: 'igual',
  phonetic: 'fonética',
  typo: 'erro de digitação',
  string: 'grafia próxima',
  initial: 'inicial',
  compound: 'nome composto',
  gender: 'gênero diferente',
  none: 'sem semelhança',
};
const KIND: Record<string, string> = { primary: 'nome principal', alias: 'alias', weak_alias: 'alias fraco', former: 'nome anterior' };

/** The name's detail: the token alignment, then what was left out and why the score is capped. */
function nameDetail(query: PreparedName, name: PreparedName, a: NameAlignment): string {
  const qt = query.tokens;
  const et = name.tokens;
  const parts = [...a.pairs].sort((x, y) => (x.query[0] ?? 0) - (y.query[0] ?? 0)).map((p) => {
    const q = p.query.map((i) => show(qt[i])).join(' ');
    const e = p.entry.map((i) => show(et[i])).join(' ');
    const kind = p.query.length === 1 && qt[p.query[0] as number]?.kind === 'particle' ? ', partícula' : '';
    return `${q} ~ ${e} (${HOW[p.how]} ${decimal(p.score)}${kind})`;
  });
  const lines = [`${KIND[name.kind] ?? name.kind}; alinhamento: ${parts.length ? parts.join('; ') : 'nenhum token em comum'}`];
  if (a.unmatchedQuery.length) lines.push(`sem par na consulta: ${a.unmatchedQuery.map((i) => show(qt[i])).join(', ')}`);
  if (a.unmatchedEntry.length) lines.push(`sem par no candidato: ${a.unmatchedEntry.map((i) => show(et[i])).join(', ')}`);
  if (a.suffixConflict) lines.push('sufixos diferentes (ex.: Filho × Neto): outra geração');
  if (a.suffixOneSided) lines.push('sufixo em só um dos nomes: pode ser outra geração');
  if (!a.coreMatched) lines.push('nenhuma palavra do nome confere (partículas, formas jurídicas e iniciais não bastam)');
  if (name.kind === 'weak_alias') lines.push(`alias fraco: × ${decimal(WEAK_ALIAS_FACTOR)}`);
  return lines.join('. ');
}

function explain(a: Assessment): ExplanationItem[] {
  const items: ExplanationItem[] = [];
  if (a.best && a.query) {
    items.push({ feature: 'name', score: round(a.nameScore), query: a.query.name, candidate: a.best.name.name, detail: nameDetail(a.query, a.best.name, a.best.alignment) });
  } else {
    items.push({ feature: 'name', score: 0, query: a.query?.name ?? null, candidate: null, detail: 'o candidato não tem nome para comparar' });
  }
  if (a.document) {
    const agrees = a.document.feature === 'doc_exact' || a.document.feature === 'doc_masked_agree';
    items.push({ feature: a.document.feature, score: agrees ? 1 : 0, query: a.document.query, candidate: a.document.candidate, detail: a.document.detail });
  }
  for (const { feature, outcome } of a.qualifiers) {
    items.push({ feature, score: outcome.factor, query: outcome.query, candidate: outcome.candidate, detail: outcome.detail });
  }
  return items;
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
  return { score, match: score >= threshold, name: a.best?.name.name ?? '', explanation: explain(a) };
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
