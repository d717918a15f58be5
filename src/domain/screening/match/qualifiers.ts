import { maskDocument } from '../../values/document.js';
import type { EntrySchema } from '../entry.js';
import type { BirthDate, PreparedDocument } from './prepare.js';

/**
 * What besides the name says two records are, or are not, the same person or company: documents
 * (screening.md section 2, "Documents") and the qualifiers birth date, country and schema. Each
 * outcome carries its Portuguese explanation.
 */

export type DocumentFeature = 'doc_exact' | 'doc_exact_disagree' | 'doc_masked_agree' | 'doc_masked_disagree';

export interface DocumentOutcome {
  feature: DocumentFeature;
  query: string;
  candidate: string;
  detail: string;
}

/**
 * A qualifier's outcome: the adjustment it proposes to the score (positive when it agrees,
 * negative when it disagrees) before the bounds of `applyQualifiers`, and how much it agrees
 * (1 agrees, 0 disagrees, in between for an approximate agreement).
 */
export interface QualifierOutcome {
  adjustment: number;
  agreement: number;
  query: string;
  candidate: string;
  detail: string;
}

const kindOf = (doc: PreparedDocument): 'CPF' | 'CNPJ' => (doc.value.length === 11 ? 'CPF' : 'CNPJ');
/** documents in explanations are shown masked, as the service shows them everywhere */
const shown = (doc: PreparedDocument): string => (doc.masked ? doc.value : maskDocument(doc.value));

/** fewer visible digits in common than this say nothing */
const MIN_VISIBLE_OVERLAP = 4;

function compareOne(q: PreparedDocument, c: PreparedDocument): DocumentOutcome | null {
  if (q.value.length !== c.value.length) return null;
  const kind = kindOf(q);
  const base = { query: shown(q), candidate: shown(c) };
  if (!q.masked && !c.masked) {
    if (q.value === c.value) return { ...base, feature: 'doc_exact', detail: `${kind} igual nos dois registros` };
    // a branch (filial) shares the company's root, its first 8 digits: the same legal entity
    if (kind === 'CNPJ' && q.value.slice(0, 8) === c.value.slice(0, 8)) {
      return { ...base, feature: 'doc_masked_agree', detail: `CNPJ de outro estabelecimento da mesma empresa (raiz ${q.value.slice(0, 8)} igual)` };
    }
    return { ...base, feature: 'doc_exact_disagree', detail: `${kind} diferente nos dois registros: ${kind === 'CPF' ? 'outra pessoa' : 'outra empresa'}, qualquer que seja o nome` };
  }
  let overlap = 0;
  let differ = 0;
  for (let i = 0; i < q.value.length; i++) {
    const a = q.value[i];
    const b = c.value[i];
    if (a === '*' || b === '*') continue;
    overlap++;
    if (a !== b) differ++;
  }
  if (overlap < MIN_VISIBLE_OVERLAP) return null;
  if (differ === 0) return { ...base, feature: 'doc_masked_agree', detail: `os ${overlap} dígitos visíveis do ${kind} mascarado conferem` };
  return { ...base, feature: 'doc_masked_disagree', detail: `dígitos visíveis do ${kind} mascarado não conferem (${differ} de ${overlap}): homônimo, outra pessoa` };
}

/** Agreement wins over disagreement when an entry lists several documents. */
const PRIORITY: readonly DocumentFeature[] = ['doc_exact', 'doc_masked_agree', 'doc_masked_disagree', 'doc_exact_disagree'];

export function compareDocuments(query: readonly PreparedDocument[], candidate: readonly PreparedDocument[]): DocumentOutcome | null {
  let best: DocumentOutcome | null = null;
  for (const q of query) {
    for (const c of candidate) {
      const outcome = compareOne(q, c);
      if (outcome && (!best || PRIORITY.indexOf(outcome.feature) < PRIORITY.indexOf(best.feature))) best = outcome;
    }
  }
  return best;
}

/**
 * Birth date, country and schema are evidence for and against (issue 26 point 6). The rule,
 * applied by `applyQualifiers` to the name score:
 * - a value missing on either side is neutral: it adds and removes nothing;
 * - birth date: the same full date +0.05; the same year (where a side gives only the year) +0.03;
 *   the same year with another month or day −0.03; one year apart 0 (lists publish approximate
 *   years: "circa 1958"); two to five years apart −0.06; more than five −0.22 (another
 *   generation: a homonym; the one disagreement that may clear an exact name);
 * - country: a country in common +0.02; none in common −0.04;
 * - agreement adds only to a name that already resembles (name score ≥ 0.6): a birth date never
 *   makes a match of unrelated names;
 * - birth date and country together add at most +0.06 and remove at most −0.25, so a country
 *   conflict alone never clears an exact name (1 − 0.04), nor does a birth year a few years
 *   off (1 − 0.06): both leave a match for the analyst, with the disagreement in the explanation;
 * - schema: a person is never a company (−0.4); a company and a vessel or aircraft may share a
 *   name and an owner (−0.1);
 * - the score stays in [0, 1]: an adjustment is cut where it would leave that range.
 */
export const BIRTH_ADJUSTMENTS = { sameDate: 0.05, sameYear: 0.03, sameYearOtherDay: -0.03, nextYear: 0, fewYears: -0.06, otherYear: -0.22 } as const;
export const COUNTRY_ADJUSTMENTS = { agree: 0.02, disagree: -0.04 } as const;
export const SCHEMA_ADJUSTMENTS = { person: -0.4, other: -0.1 } as const;
export const QUALIFIER_BOUNDS = { positive: 0.06, negative: 0.25 } as const;
/** agreement of qualifiers adds only to names scoring at least this */
export const QUALIFIER_MIN_NAME = 0.6;

function birthOutcome(q: BirthDate, c: BirthDate): QualifierOutcome {
  const base = { query: q.text, candidate: c.text };
  if (q.year === c.year) {
    const monthDiffers = q.month !== null && c.month !== null && q.month !== c.month;
    const dayDiffers = q.day !== null && c.day !== null && q.day !== c.day;
    if (monthDiffers || dayDiffers) return { ...base, adjustment: BIRTH_ADJUSTMENTS.sameYearOtherDay, agreement: 0.5, detail: 'mesmo ano de nascimento, dia ou mês diferente' };
    const full = q.day !== null && c.day !== null;
    return full
      ? { ...base, adjustment: BIRTH_ADJUSTMENTS.sameDate, agreement: 1, detail: 'mesma data de nascimento' }
      : { ...base, adjustment: BIRTH_ADJUSTMENTS.sameYear, agreement: 1, detail: 'mesmo ano de nascimento' };
  }
  const apart = Math.abs(q.year - c.year);
  if (apart === 1) return { ...base, adjustment: BIRTH_ADJUSTMENTS.nextYear, agreement: 0.5, detail: 'ano de nascimento difere em 1 (datas aproximadas são comuns nas listas)' };
  if (apart <= 5) return { ...base, adjustment: BIRTH_ADJUSTMENTS.fewYears, agreement: 0, detail: `anos de nascimento diferentes (${q.year} × ${c.year})` };
  return { ...base, adjustment: BIRTH_ADJUSTMENTS.otherYear, agreement: 0, detail: `anos de nascimento muito diferentes (${q.year} × ${c.year})` };
}

/** The entry's birth date closest to the query's; none when either side has none. */
export function compareBirthDates(query: readonly BirthDate[], candidate: readonly BirthDate[]): QualifierOutcome | null {
  let best: QualifierOutcome | null = null;
  for (const q of query) for (const c of candidate) {
    const outcome = birthOutcome(q, c);
    if (!best || outcome.adjustment > best.adjustment) best = outcome;
  }
  return best;
}

export function compareCountries(query: readonly string[], candidate: readonly string[]): QualifierOutcome | null {
  if (query.length === 0 || candidate.length === 0) return null;
  const base = { query: query.join(', '), candidate: candidate.join(', ') };
  return query.some((c) => candidate.includes(c))
    ? { ...base, adjustment: COUNTRY_ADJUSTMENTS.agree, agreement: 1, detail: 'país confere' }
    : { ...base, adjustment: COUNTRY_ADJUSTMENTS.disagree, agreement: 0, detail: 'país diferente' };
}

const SCHEMA_NAMES: Record<EntrySchema, string> = { person: 'pessoa', company: 'empresa', vessel: 'embarcação', aircraft: 'aeronave', other: 'outro' };

/** A person is never a company; a company and a vessel may share a name and an owner. */
export function compareSchemas(query: EntrySchema, candidate: EntrySchema): QualifierOutcome | null {
  if (query === candidate) return null;
  const adjustment = query === 'person' || candidate === 'person' ? SCHEMA_ADJUSTMENTS.person : SCHEMA_ADJUSTMENTS.other;
  return { adjustment, agreement: 0, query, candidate, detail: `tipos diferentes (${SCHEMA_NAMES[query]} × ${SCHEMA_NAMES[candidate]})` };
}

export type QualifierFeature = 'birth_date' | 'country' | 'schema';

/** What each qualifier adds to or removes from the score, after the bounds. */
export interface QualifierContribution {
  feature: QualifierFeature;
  outcome: QualifierOutcome;
  contribution: number;
}

/**
 * The rule above: contributions in order (birth date, country, schema), each cut by what the
 * bounds and the [0, 1] range leave. The score is `nameScore` plus their sum.
 */
export function applyQualifiers(nameScore: number, outcomes: readonly { feature: QualifierFeature; outcome: QualifierOutcome }[]): QualifierContribution[] {
  let positive = nameScore >= QUALIFIER_MIN_NAME ? QUALIFIER_BOUNDS.positive : 0;
  let negative = QUALIFIER_BOUNDS.negative;
  let running = nameScore;
  return outcomes.map(({ feature, outcome }) => {
    let contribution: number;
    if (outcome.adjustment >= 0) {
      contribution = Math.min(outcome.adjustment, positive, 1 - running);
      positive -= contribution;
    } else if (feature === 'schema') {
      contribution = -Math.min(-outcome.adjustment, running);
    } else {
      contribution = -Math.min(-outcome.adjustment, negative, running);
      negative += contribution;
    }
    running += contribution;
    return { feature, outcome, contribution };
  });
}
