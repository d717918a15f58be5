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

/** A qualifier's outcome: the factor it applies to the score (1 when it agrees). */
export interface QualifierOutcome {
  factor: number;
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

export const BIRTH_FACTORS = { sameYearOtherDay: 0.85, nextYear: 0.85, otherYear: 0.7 } as const;

function birthOutcome(q: BirthDate, c: BirthDate): QualifierOutcome {
  const base = { query: q.text, candidate: c.text };
  if (q.year === c.year) {
    const monthDiffers = q.month !== null && c.month !== null && q.month !== c.month;
    const dayDiffers = q.day !== null && c.day !== null && q.day !== c.day;
    if (monthDiffers || dayDiffers) return { ...base, factor: BIRTH_FACTORS.sameYearOtherDay, detail: 'mesmo ano de nascimento, dia ou mês diferente' };
    const full = q.day !== null && c.day !== null;
    return { ...base, factor: 1, detail: full ? 'mesma data de nascimento' : 'mesmo ano de nascimento' };
  }
  if (Math.abs(q.year - c.year) === 1) return { ...base, factor: BIRTH_FACTORS.nextYear, detail: 'ano de nascimento difere em 1 (datas aproximadas são comuns nas listas)' };
  return { ...base, factor: BIRTH_FACTORS.otherYear, detail: `anos de nascimento diferentes (${q.year} × ${c.year})` };
}

/** The entry's birth date closest to the query's; none when either side has none. */
export function compareBirthDates(query: readonly BirthDate[], candidate: readonly BirthDate[]): QualifierOutcome | null {
  let best: QualifierOutcome | null = null;
  for (const q of query) for (const c of candidate) {
    const outcome = birthOutcome(q, c);
    if (!best || outcome.factor > best.factor) best = outcome;
  }
  return best;
}

export const COUNTRY_MISMATCH_FACTOR = 0.9;

export function compareCountries(query: readonly string[], candidate: readonly string[]): QualifierOutcome | null {
  if (query.length === 0 || candidate.length === 0) return null;
  const base = { query: query.join(', '), candidate: candidate.join(', ') };
  return query.some((c) => candidate.includes(c))
    ? { ...base, factor: 1, detail: 'país confere' }
    : { ...base, factor: COUNTRY_MISMATCH_FACTOR, detail: 'país diferente' };
}

const SCHEMA_NAMES: Record<EntrySchema, string> = { person: 'pessoa', company: 'empresa', vessel: 'embarcação', aircraft: 'aeronave', other: 'outro' };
export const SCHEMA_FACTORS = { person: 0.6, other: 0.85 } as const;

/** A person is never a company; a company and a vessel may share a name and an owner. */
export function compareSchemas(query: EntrySchema, candidate: EntrySchema): QualifierOutcome | null {
  if (query === candidate) return null;
  const factor = query === 'person' || candidate === 'person' ? SCHEMA_FACTORS.person : SCHEMA_FACTORS.other;
  return { factor, query, candidate, detail: `tipos diferentes (${SCHEMA_NAMES[query]} × ${SCHEMA_NAMES[candidate]})` };
}
