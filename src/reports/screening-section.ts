import { isRight } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { LIST_INFO } from '../domain/list/info.js';
import { AGREEMENT_LABELS } from '../domain/screening/match/score.js';
import { badge, date, html, number, type SafeHtml } from './html.js';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/**
 * `data.screening` of a list source's answer (screening.md section 5), as src/adapters/sources/lists.ts
 * records it. Decoded, not cast: the report reads stored events, and a shape it does not know
 * falls back to the generic tables instead of printing half an evidence block.
 */
const ScreeningEvidence = t.intersection([
  // the version of the scoring rules (score.ts MATCHER_VERSION), recorded since issue 26
  t.partial({ matcher_version: t.string }),
  t.type({
    threshold: t.number,
    lists: t.array(
      t.intersection([
        t.type({ list_id: t.string, version_id: t.string, sha256: t.string, published_at: nullable(t.string), entries: t.number }),
        // a tenant list's name (internal_lists)
        t.partial({ name: t.string }),
      ]),
    ),
    candidates: t.array(
      t.intersection([
        t.type({
          list_id: t.string,
          entry_id: t.string,
          name: t.string,
          score: t.number,
          match: t.boolean,
          explanation: t.array(
            t.intersection([
              t.type({ feature: t.string, score: t.number, query: nullable(t.string), candidate: nullable(t.string), detail: t.string }),
              // issue 26: what each line weighs and adds; the name's token alignment and factors, read apart (tokenTable)
              t.partial({ weight: t.number, contribution: t.number, tokens: t.unknown, factors: t.unknown }),
            ]),
          ),
        }),
        // issue 26: the version the entry was found in; below the threshold, why it fell short (older evidence has neither)
        t.partial({ version_id: nullable(t.string), reason: nullable(t.string) }),
      ]),
    ),
  }),
]);
type ScreeningEvidence = t.TypeOf<typeof ScreeningEvidence>;
type Candidate = ScreeningEvidence['candidates'][number];
type Item = Candidate['explanation'][number];

/**
 * The name's token alignment (score.ts TokenExplanation) and its factors. Decoded apart from the
 * evidence: a shape this code does not know only leaves the table out, never the candidate.
 */
const TokenRows = t.array(
  t.type({
    query: nullable(t.string),
    query_normal: nullable(t.string),
    candidate: nullable(t.string),
    candidate_normal: nullable(t.string),
    kind: t.string,
    how: nullable(t.string),
    similarity: nullable(t.number),
    weight: t.number,
    contribution: t.number,
  }),
);
const FactorRows = t.array(t.type({ factor: t.string, value: t.number, detail: t.string }));

/** The share of the threshold from which a candidate is recorded as a near miss (listAnswer's min_score). */
const NEAR_MISS_SHARE = 0.75;

const SCORE = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A score as the examiner reads it: two decimals, pt-BR (0,93). */
export const scoreText = (score: number): string => SCORE.format(score);

export const FEATURE_LABEL: Record<string, string> = {
  name: 'Nome',
  doc_exact: 'Documento igual',
  doc_exact_disagree: 'Documento diferente',
  doc_masked_agree: 'Documento mascarado confere',
  doc_masked_disagree: 'Documento mascarado diverge',
  birth_date: 'Data de nascimento',
  country: 'País',
  schema: 'Tipo de registro',
};

const DOCUMENT_FEATURES = new Set(['doc_exact', 'doc_exact_disagree', 'doc_masked_agree', 'doc_masked_disagree']);

/**
 * A feature's score means different things (score.ts, ExplanationItem): in evidence without
 * contributions a qualifier multiplies the score; with them, every score is in [0, 1] and the
 * contributions add up.
 */
const featureScore = (item: Item): string =>
  item.feature === 'name' || DOCUMENT_FEATURES.has(item.feature) || item.contribution !== undefined ? scoreText(item.score) : `× ${scoreText(item.score)}`;

const EXACT = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
/** A weight or contribution as the examiner recomputes with it: up to 4 decimals, pt-BR, signed with a true minus. */
export const exactText = (x: number): string => EXACT.format(x).replace('-', '−');
/** A term of a sum: negatives in parentheses (0,76 + (−0,04)). */
const term = (x: number): string => (x < 0 ? `(${exactText(x)})` : exactText(x));

/** How a query word agrees with the candidate's (score.ts TokenExplanation.how). */
const HOW_LABEL: Readonly<Record<string, string>> = AGREEMENT_LABELS;
const KIND_LABEL: Record<string, string> = {
  word: 'palavra',
  patronymic: 'patronímico',
  number: 'número',
  initial: 'inicial',
  particle: 'partícula',
  suffix: 'sufixo',
  legal: 'forma jurídica',
  honorific: 'título',
};

const listName = (listId: string, name?: string): SafeHtml => {
  const publisher = name !== undefined ? `Lista interna: ${name}` : LIST_INFO[listId]?.publisher;
  return html`${listId}${publisher ? html`<br><span class="muted small">${publisher}</span>` : ''}`;
};

/** An answer's recorded `data.screening`, or null when it has a shape this code cannot read. */
export function screeningEvidence(screening: unknown): ScreeningEvidence | null {
  const decoded = ScreeningEvidence.decode(screening);
  return isRight(decoded) ? decoded.right : null;
}

/**
 * What an examiner needs to see what was screened against what (screening.md section 5): the
 * threshold, the list versions used, and every recorded candidate with its explanation, or
 * the explicit no-hit statement.
 */
export function screeningSection(evidence: ScreeningEvidence): SafeHtml {
  const { threshold, lists } = evidence;
  const minScore = threshold * NEAR_MISS_SHARE;
  const candidates = [...evidence.candidates].sort((a, b) => b.score - a.score);
  const hits = candidates.filter((c) => c.match).length;
  // the version is the date of the rules: shown as a date, the code as a tooltip
  const rules = evidence.matcher_version ? html` Regras de pontuação de <span title="${evidence.matcher_version}">${date(evidence.matcher_version)}</span>.` : '';
  return html`<p><strong>Limiar de correspondência:</strong> ${scoreText(threshold)}. Candidatos com pontuação a partir de ${scoreText(minScore)} (75% do limiar) são registrados, mesmo abaixo do limiar, para conferência.${rules}</p>
<h4>Versões das listas consultadas</h4>${listsTable(lists)}
<h4>Candidatos</h4>${
    candidates.length === 0
      ? html`<p>${badge('Nada consta', 'ok')} Nenhum candidato com pontuação ≥ ${scoreText(minScore)} nas listas acima: nada consta.</p>`
      : html`<p>${
          hits === 0
            ? html`${badge('Nada consta', 'ok')} Nenhum candidato atingiu o limiar de ${scoreText(threshold)}: nada consta. ${candidates.length} candidato(s) abaixo do limiar, exibido(s) para conferência.`
            : html`${badge(`${hits} candidato(s) acima do limiar`, 'bad')} ${candidates.length} candidato(s) registrado(s), do mais ao menos semelhante.`
        }</p>${candidates.map((c, i) => candidateCard(c, i))}
<p class="small muted">${
          candidates.some(hasContributions)
            ? 'Pontuação na explicação: nome, a similaridade do melhor nome; documento e demais fatores, 1 (confere) ou 0 (diverge). A pontuação do candidato é a soma das contribuições de cada fator; a do nome, a soma das contribuições das palavras dividida pela soma dos pesos, multiplicada pelos fatores do nome.'
            : 'Pontuação na explicação: nome, a similaridade do melhor nome; documento, 1 (confere) ou 0 (diverge); demais fatores (×) multiplicam a pontuação (1,00 não altera).'
        }</p>`
  }`;
}

function listsTable(lists: ScreeningEvidence['lists']): SafeHtml {
  if (lists.length === 0) return html`<p class="muted">Nenhuma versão de lista registrada na resposta.</p>`;
  return html`<table class="compact"><thead><tr><th style="width:24%">Lista</th><th>Versão</th><th style="width:17%">SHA-256</th><th style="width:13%">Publicada em</th><th style="width:10%">Entradas</th></tr></thead><tbody>${lists.map(
    (l) => html`<tr><td>${listName(l.list_id, l.name)}</td><td class="mono">${l.version_id}</td><td class="mono" title="${l.sha256}">${l.sha256.slice(0, 12)}…</td><td>${date(l.published_at)}</td><td>${number(l.entries)}</td></tr>`,
  )}</tbody></table>
<p class="small muted">SHA-256 completo de cada versão (uma por linha, para conferência com os arquivos da lista):${lists.map((l) => html`<br>${l.list_id}: <span class="mono">${l.sha256}</span>`)}</p>`;
}

const hasContributions = (c: Candidate): boolean => c.explanation.some((e) => e.contribution !== undefined);

function candidateCard(c: Candidate, i: number): SafeHtml {
  const weighted = hasContributions(c);
  const name = c.explanation.find((e) => e.feature === 'name');
  return html`<div class="card"><div class="head"><span>${i + 1}. ${c.name}</span>${c.match ? badge('Acima do limiar', 'bad') : badge('Abaixo do limiar', 'neutral')}</div>
<div class="small">Lista ${c.list_id}${c.version_id ? html` · versão <span class="mono">${c.version_id}</span>` : ''} · entrada <span class="mono">${c.entry_id}</span> · pontuação <strong>${scoreText(c.score)}</strong></div>${
    !c.match && c.reason ? html`<div class="small reason"><strong>Motivo:</strong> ${c.reason}</div>` : ''
  }
<table class="compact" style="margin:1mm 0 0"><thead><tr><th style="width:17%">Fator</th><th style="width:8%">Pontuação</th>${
    weighted ? html`<th style="width:7%">Peso</th><th style="width:9%">Contribuição</th>` : ''
  }<th style="width:19%">Consulta</th><th style="width:19%">Candidato</th><th>Detalhe</th></tr></thead><tbody>${c.explanation.map(
    (e) =>
      html`<tr><td>${FEATURE_LABEL[e.feature] ?? e.feature}</td><td>${featureScore(e)}</td>${
        weighted ? html`<td>${e.weight !== undefined ? exactText(e.weight) : '—'}</td><td>${e.contribution !== undefined ? exactText(e.contribution) : '—'}</td>` : ''
      }<td>${e.query ?? '—'}</td><td>${e.candidate ?? '—'}</td><td>${e.detail}</td></tr>`,
  )}</tbody></table>${weighted ? scoreSum(c) : ''}${name ? tokenTable(name) : ''}</div>`;
}

/** The candidate's score as the sum of its lines' contributions, written out. */
function scoreSum(c: Candidate): SafeHtml {
  const parts = c.explanation.filter((e) => e.contribution !== undefined).map((e) => e.contribution as number);
  const sum = parts.reduce((a, b) => a + b, 0);
  return html`<p class="small" style="margin:1mm 0 0">Pontuação = soma das contribuições: ${parts.map(term).join(' + ')} = ${exactText(sum)}${
    Math.abs(sum - c.score) > 0.0002 ? html` <span class="muted">(pontuação registrada: ${exactText(c.score)})</span>` : ''
  }.</p>`;
}

/**
 * The name's token alignment, so the name's score recomputes by hand: each query word as written
 * and in normal form beside the candidate's, how they agree, the similarity, weight and
 * contribution; Σ contributions / Σ weights, then each factor.
 */
function tokenTable(item: Item): SafeHtml {
  if (item.tokens === undefined) return html``;
  const decoded = TokenRows.decode(item.tokens);
  if (!isRight(decoded) || decoded.right.length === 0) return html``;
  const rows = decoded.right;
  const factorsDecoded = item.factors === undefined ? null : FactorRows.decode(item.factors);
  const factors = factorsDecoded && isRight(factorsDecoded) ? factorsDecoded.right : [];
  const weight = rows.reduce((a, r) => a + r.weight, 0);
  const contribution = rows.reduce((a, r) => a + r.contribution, 0);
  const raw = weight > 0 ? contribution / weight : 0;
  const final = factors.reduce((a, f) => a * f.value, raw);
  const word = (written: string | null, normal: string | null) => (written === null ? html`<span class="muted">—</span>` : html`${written}${normal !== null && normal !== written ? html`<br><span class="mono muted">${normal}</span>` : ''}`);
  return html`<h4 style="margin:2mm 0 1mm">Alinhamento das palavras do nome</h4>
<table class="compact tokens"><thead><tr><th style="width:19%">Consulta<br><span class="muted">forma normal</span></th><th style="width:19%">Candidato<br><span class="muted">forma normal</span></th><th style="width:11%">Tipo</th><th style="width:15%">Concordância</th><th style="width:11%">Similaridade</th><th style="width:10%">Peso</th><th>Contribuição</th></tr></thead><tbody>${rows.map(
    (r) =>
      html`<tr><td>${word(r.query, r.query_normal)}</td><td>${word(r.candidate, r.candidate_normal)}</td><td>${KIND_LABEL[r.kind] ?? r.kind}</td><td>${r.how === null ? 'sem par' : (HOW_LABEL[r.how] ?? r.how)}</td><td>${r.similarity === null ? '—' : exactText(r.similarity)}</td><td>${exactText(r.weight)}</td><td>${exactText(r.contribution)}</td></tr>`,
  )}<tr><td colspan="5"><strong>Soma</strong></td><td><strong>${exactText(weight)}</strong></td><td><strong>${exactText(contribution)}</strong></td></tr></tbody></table>
<p class="small" style="margin:0">Nome: ${exactText(contribution)} ÷ ${exactText(weight)} = ${exactText(raw)}${factors.map((f) => html` × ${exactText(f.value)} <span class="muted">(${f.detail})</span>`)}${
    factors.length > 0 ? html` = ${exactText(final)}` : ''
  }${Math.abs(final - item.score) > 0.001 ? html` <span class="muted">(similaridade registrada: ${exactText(item.score)})</span>` : ''}.</p>`;
}
