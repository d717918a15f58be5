import { isRight } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { LIST_INFO } from '../domain/list/info.js';
import { badge, date, html, number, type SafeHtml } from './html.js';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/**
 * `data.screening` of a list source's answer (screening.md section 5), as src/adapters/sources/lists.ts
 * records it. Decoded, not cast: the report reads stored events, and a shape it does not know
 * falls back to the generic tables instead of printing half an evidence block.
 */
const ScreeningEvidence = t.type({
  threshold: t.number,
  lists: t.array(
    t.intersection([
      t.type({ list_id: t.string, version_id: t.string, sha256: t.string, published_at: nullable(t.string), entries: t.number }),
      // a tenant list's name (internal_lists)
      t.partial({ name: t.string }),
    ]),
  ),
  candidates: t.array(
    t.type({
      list_id: t.string,
      entry_id: t.string,
      name: t.string,
      score: t.number,
      match: t.boolean,
      explanation: t.array(t.type({ feature: t.string, score: t.number, query: nullable(t.string), candidate: nullable(t.string), detail: t.string })),
    }),
  ),
});
type ScreeningEvidence = t.TypeOf<typeof ScreeningEvidence>;
type Candidate = ScreeningEvidence['candidates'][number];

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

/** A feature's score means different things (score.ts, ExplanationItem): a qualifier multiplies the score. */
const featureScore = (feature: string, score: number): string => (feature === 'name' || DOCUMENT_FEATURES.has(feature) ? scoreText(score) : `× ${scoreText(score)}`);

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
  return html`<p><strong>Limiar de correspondência:</strong> ${scoreText(threshold)}. Candidatos com pontuação a partir de ${scoreText(minScore)} (75% do limiar) são registrados, mesmo abaixo do limiar, para conferência.</p>
<h4>Versões das listas consultadas</h4>${listsTable(lists)}
<h4>Candidatos</h4>${
    candidates.length === 0
      ? html`<p>${badge('Nada consta', 'ok')} Nenhum candidato com pontuação ≥ ${scoreText(minScore)} nas listas acima: nada consta.</p>`
      : html`<p>${
          hits === 0
            ? html`${badge('Nada consta', 'ok')} Nenhum candidato atingiu o limiar de ${scoreText(threshold)}: nada consta. ${candidates.length} candidato(s) abaixo do limiar, exibido(s) para conferência.`
            : html`${badge(`${hits} candidato(s) acima do limiar`, 'bad')} ${candidates.length} candidato(s) registrado(s), do mais ao menos semelhante.`
        }</p>${candidates.map((c, i) => candidateCard(c, i))}
<p class="small muted">Pontuação na explicação: nome, a similaridade do melhor nome; documento, 1 (confere) ou 0 (diverge); demais fatores (×) multiplicam a pontuação (1,00 não altera).</p>`
  }`;
}

function listsTable(lists: ScreeningEvidence['lists']): SafeHtml {
  if (lists.length === 0) return html`<p class="muted">Nenhuma versão de lista registrada na resposta.</p>`;
  return html`<table class="compact"><thead><tr><th style="width:24%">Lista</th><th>Versão</th><th style="width:17%">SHA-256</th><th style="width:13%">Publicada em</th><th style="width:10%">Entradas</th></tr></thead><tbody>${lists.map(
    (l) => html`<tr><td>${listName(l.list_id, l.name)}</td><td class="mono">${l.version_id}</td><td class="mono" title="${l.sha256}">${l.sha256.slice(0, 12)}…</td><td>${date(l.published_at)}</td><td>${number(l.entries)}</td></tr>`,
  )}</tbody></table>
<p class="small muted">SHA-256 completo de cada versão (uma por linha, para conferência com os arquivos da lista):${lists.map((l) => html`<br>${l.list_id}: <span class="mono">${l.sha256}</span>`)}</p>`;
}

function candidateCard(c: Candidate, i: number): SafeHtml {
  return html`<div class="card"><div class="head"><span>${i + 1}. ${c.name}</span>${c.match ? badge('Acima do limiar', 'bad') : badge('Abaixo do limiar', 'neutral')}</div>
<div class="small">Lista ${c.list_id} · entrada <span class="mono">${c.entry_id}</span> · pontuação <strong>${scoreText(c.score)}</strong></div>
<table class="compact" style="margin:1mm 0 0"><thead><tr><th style="width:17%">Fator</th><th style="width:8%">Pontuação</th><th style="width:19%">Consulta</th><th style="width:19%">Candidato</th><th>Detalhe</th></tr></thead><tbody>${c.explanation.map(
    (e) => html`<tr><td>${FEATURE_LABEL[e.feature] ?? e.feature}</td><td>${featureScore(e.feature, e.score)}</td><td>${e.query ?? '—'}</td><td>${e.candidate ?? '—'}</td><td>${e.detail}</td></tr>`,
  )}</tbody></table></div>`;
}
