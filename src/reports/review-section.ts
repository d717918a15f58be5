import { DECISION_LABEL, dateTime, html, label, type SafeHtml } from './html.js';
import { automaticOutcomeText } from './review-text.js';
import type { RunReportModel } from './run-model.js';

/** An analyst as the report names them: the e-mail looked up, else the id kept by the event. */
const analystName = (model: RunReportModel, id: string | undefined): string => (id ? (model.analysts?.[id] ?? model.analysts?.[`user:${id}`] ?? id) : 'operador da plataforma (API)');

/**
 * The analyst's decision (issue 28): the decision, who proposed it and when with the note, who
 * confirmed (decided) it and when with the note, and the automatic outcome it replaced.
 */
export function analystDecisionSection(model: RunReportModel): SafeHtml {
  const review = model.run.review;
  if (!review) return html``;
  const proposal = review.proposed_by
    ? html`<tr><th>Proposta por</th><td>${analystName(model, review.proposed_by)}${review.proposed_at ? html`, em ${dateTime(review.proposed_at)}` : ''}</td></tr>
<tr><th>Nota da proposta</th><td>${review.proposal_note ?? '—'}</td></tr>
<tr><th>Confirmada por</th><td>${analystName(model, review.reviewed_by)}, em ${dateTime(review.reviewed_at)}</td></tr>`
    : html`<tr><th>Decidida por</th><td>${analystName(model, review.reviewed_by)}, em ${dateTime(review.reviewed_at)}</td></tr>`;
  return html`<div class="analyst-decision" data-section="analyst-decision"><h3>Decisão do analista</h3>
<table class="kv"><tr><th>Decisão</th><td><strong>${label(DECISION_LABEL, review.decision)}</strong></td></tr>
${proposal}
<tr><th>${review.proposed_by ? 'Nota da confirmação' : 'Nota'}</th><td>${review.note}</td></tr>
<tr><th>Resultado automático</th><td>${review.automatic ? automaticOutcomeText(review.automatic) : 'não registrado (decisão anterior a este registro)'}</td></tr></table></div>`;
}
