import { awaitingAnalyst } from '../../../domain/run/decider.js';
import { listName } from '../hits/page.js';
import type { RunDoc } from '../../../projections/runs.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import type { Subject } from '../../../queries/history.js';
import type { RunReportModel } from '../../../reports/run-model.js';
import { scoreText, screeningEvidence } from '../../../reports/screening-section.js';
import type { SafeHtml } from '../../../reports/html.js';
import { assessedDimensions } from '../../../reports/run-model.js';
import { NOT_ASSESSED, sourceDataSections } from '../../../reports/run-report.js';
import { sourceLabel } from '../../../reports/source-sections.js';
import { BAND_LABEL, CHECK_STATUS_LABEL, DECISION_LABEL, ENVIRONMENT_LABEL, FEATURE_LABEL, REVIEW_DECISIONS, SEVERITY_LABEL, SOURCE_ERROR_LABEL, STATUS_LABEL, SUBJECT_TYPE_LABEL, label } from '../labels.js';
import { maskedDoc, nameText, nextPageLink, userEmail, when } from '../present.js';
import { automaticOutcomeText } from '../../../reports/review-text.js';
import type { SearchTerms } from '../search.js';

export const RUNS_PAGE_SIZE = 50;

/** The run decider's rule (awaitingAnalyst) over the read model's run. */
export const awaitsReview = (run: Pick<RunDoc, 'status' | 'decision' | 'review'>): boolean => awaitingAnalyst({ status: run.status, decision: run.decision, reviewed: Boolean(run.review) });

/** What the analyst typed and what was wrong with it, shown again beside the fields. */
export interface ReviewFormState {
  decision: string;
  note: string;
  errors: Readonly<Record<string, string>>;
}

export const EMPTY_REVIEW_FORM: ReviewFormState = { decision: '', note: '', errors: {} };

/**
 * A run's decision as a person reads it: a run on hold (operative decision `hold`) is never
 * "Aprovado", whatever the automatic decision on the sources that answered; it is "Em espera"
 * with the sources it waits for.
 */
export function decisionText(run: Pick<RunDoc, 'decision' | 'operative_decision' | 'answers'>): { text: string; code: string; tone: string } {
  if (run.operative_decision === 'hold') {
    const failed = Object.values(run.answers)
      .filter((a) => a.status === 'ERROR')
      .map((a) => sourceLabel(a.source_id));
    return { text: `Em espera${failed.length > 0 ? `: sem resposta de ${failed.join(', ')}` : ': fontes críticas pendentes'}`, code: 'hold', tone: 'hold' };
  }
  return run.decision ? { text: label(DECISION_LABEL, run.decision), code: run.decision, tone: run.decision } : { text: '—', code: '', tone: '' };
}

/** A run's risk band; none when nothing scored it: a blocked run stopped before the score (as the report says), a failed one has "Sem avaliação". */
const bandText = (run: Pick<RunDoc, 'risk_band' | 'status'>, short = false) =>
  run.risk_band ? label(BAND_LABEL, run.risk_band) : run.status === 'blocked' ? (short ? 'Não calculada' : 'Não calculada (bloqueada antes da pontuação)') : NOT_ASSESSED;

/** A run as a row of a list (the runs list, a customer's runs). */
export function runRow(run: RunDoc) {
  const decision = decisionText(run);
  return {
    id: run.run_id,
    created: when(run.created_at),
    status: run.status,
    statusLabel: label(STATUS_LABEL, run.status),
    decision: decision.text,
    decisionCode: decision.code,
    decisionClass: decision.tone,
    band: bandText(run, true),
  };
}

export function runsPage(input: {
  found: readonly RunDoc[];
  subjects: ReadonlyMap<string, Subject>;
  templates: readonly TemplateDoc[];
  filters: { status: string; environment: string; template: string };
  terms: Pick<SearchTerms, 'q' | 'from' | 'to'>;
}) {
  const { found, subjects, filters, terms } = input;
  const { status, environment, template } = filters;
  const runs = found.slice(0, RUNS_PAGE_SIZE);
  const last = runs[runs.length - 1];
  const more = nextPageLink('/dashboard/runs', { status, environment, template, q: terms.q, from: terms.from, to: terms.to }, found.length, RUNS_PAGE_SIZE, last && { created_at: last.created_at, id: last.run_id });
  return {
    rows: runs.map((run) => ({
      ...runRow(run),
      bandClass: run.risk_band ?? 'none',
      template: `${run.template_name} v${run.template_version}`,
      environment: label(ENVIRONMENT_LABEL, run.environment),
      name: nameText(subjects.get(run.run_id)?.name),
      doc: maskedDoc(subjects.get(run.run_id)?.doc),
    })),
    filters: { status, environment, template, q: terms.q, from: terms.from, to: terms.to },
    searching: terms.q !== '' || terms.from !== '' || terms.to !== '',
    statuses: STATUS_LABEL,
    environments: ENVIRONMENT_LABEL,
    templates: input.templates.map((t) => ({ id: t.template_id, name: `${t.definition.name} (v${t.version})` })),
    more,
  };
}

/** The viewer of the run page: whether they may decide, and who they are (four-eyes: the proposer waits). */
export interface RunViewer {
  canAct: boolean;
  user_id: string;
}

/** Everything the run page prints, from the report's model of the run (the same facts as the PDF). */
export function runPage(model: RunReportModel, users: ReadonlyMap<string, { email: string }>, viewer: RunViewer, form: ReviewFormState = EMPTY_REVIEW_FORM) {
  const { run, analysis, detail } = model;
  const decision = decisionText(run);
  const assessed = assessedDimensions(run);
  return {
    run: {
      id: run.run_id,
      status: run.status,
      statusLabel: label(STATUS_LABEL, run.status),
      decision: run.decision ? label(DECISION_LABEL, run.decision) : '—',
      decisionCode: run.decision ?? '',
      decisionClass: run.decision ?? '',
      operative: decision.text,
      operativeCode: run.operative_decision ?? '',
      band: bandText(run),
      bandClass: run.risk_band ?? 'none',
      summary: run.summary_message,
      checks: run.checks_summary,
      template: { id: model.template.template_id, name: model.template.definition.name, version: model.template.version },
      environment: label(ENVIRONMENT_LABEL, run.environment),
      created: when(run.created_at),
      completed: when(run.completed_at),
      customerId: run.customer_id,
      externalId: run.external_id,
      terminal: ['completed', 'blocked', 'partial', 'failed', 'cancelado'].includes(run.status),
    },
    subject: {
      name: model.subject.erased ? 'dados apagados' : nameText(model.subject.name),
      doc: model.subject.erased ? 'dados apagados' : maskedDoc(model.subject.doc),
      type: run.subject_type,
      typeLabel: SUBJECT_TYPE_LABEL[run.subject_type],
    },
    findings: analysis.findings.map((f) => ({ ...f, severityLabel: label(SEVERITY_LABEL, f.severity) })),
    reviewReasons: analysis.review_reasons,
    dimensions: analysis.risk_dimensions.map((d) =>
      assessed.has(d.id)
        ? { ...d, score: String(d.score), bandLabel: label(BAND_LABEL, d.band), bandClass: d.band }
        : { ...d, score: '—', band: '', bandLabel: NOT_ASSESSED, bandClass: 'none', detail: 'Nenhuma fonte desta dimensão respondeu.' },
    ),
    // a source that failed says so once, in "Fontes e respostas"
    sourceData: sourceDataSections(model)
      .filter((s) => !s.failed)
      .map((s) => ({ id: s.source_id, label: s.label, html: forScreen(s.html) })),
    sources: detail.map((s) => ({
      id: s.source_id,
      label: sourceLabel(s.source_id),
      status: s.status,
      statusLabel: label(CHECK_STATUS_LABEL, s.status),
      // an unconfigured source names the setting and the command that checks it (its message is pt-BR)
      error: s.error_code === 'source_not_configured' && s.error_message ? s.error_message : s.error_code ? (SOURCE_ERROR_LABEL[s.error_code] ?? 'Falha técnica na fonte.') : s.error_message,
      errorDetail: [s.error_code, s.error_message].filter(Boolean).join(': '),
      checks: s.checks.map((c) => ({ ...c, statusLabel: label(CHECK_STATUS_LABEL, c.status) })),
    })),
    screening: screeningOf(run),
    ...reviewPart(run, users, viewer, form),
  };
}

const isOwn = (by: string, userId: string) => by === userId || by === `user:${userId}`;

/**
 * The analyst's part of the run page: the decision made (both analysts, both notes, the
 * automatic outcome), or the four-eyes proposal (its proposer waits, without a form; another
 * analyst gets a confirmation form naming the proposer), or the form, without a default decision.
 */
function reviewPart(run: RunDoc, users: ReadonlyMap<string, { email: string }>, viewer: RunViewer, form: ReviewFormState) {
  const review = run.review;
  const proposal = run.review_proposal ?? null;
  const open = viewer.canAct && awaitsReview(run);
  const mine = proposal !== null && isOwn(proposal.proposed_by, viewer.user_id);
  return {
    review: review && {
      decision: label(DECISION_LABEL, review.decision),
      note: review.note,
      by: review.reviewed_by ? userEmail(users, review.reviewed_by) : 'API do operador',
      proposedBy: review.proposed_by ? userEmail(users, review.proposed_by) : null,
      proposalNote: review.proposal_note ?? null,
      proposedAt: review.proposed_at ? when(review.proposed_at) : null,
      at: when(review.reviewed_at),
      automatic: review.automatic ? automaticOutcomeText(review.automatic) : null,
    },
    proposal: proposal && {
      by: userEmail(users, proposal.proposed_by),
      verb: proposal.decision === 'rejected' ? 'reprovar' : 'aprovar',
      decision: proposal.decision,
      decisionLabel: label(DECISION_LABEL, proposal.decision),
      note: proposal.note,
      at: when(proposal.proposed_at),
      mine,
    },
    decisions: REVIEW_DECISIONS,
    canReview: open && !mine,
    confirming: open && proposal !== null && !mine,
    form,
    // issue 28: a held run's failed sources can be asked again, until an analyst decides it
    failedSources: failedSourceLabels(run),
    canRetry: viewer.canAct && run.status === 'partial' && !review && !proposal && failedSourceLabels(run).length > 0,
  };
}

/** The sources of a run that ended with a technical failure, as the page names them. */
const failedSourceLabels = (run: RunDoc): string[] => Object.values(run.answers).filter((a) => a.status === 'ERROR').map((a) => sourceLabel(a.source_id));

/** Each list source's recorded screening: the list versions and every candidate with its explanation. */
function screeningOf(run: RunDoc) {
  return Object.values(run.answers).flatMap((answer) => {
    const evidence = screeningEvidence(answer.data['screening']);
    if (!evidence) return [];
    return [
      {
        source: sourceLabel(answer.source_id),
        threshold: scoreText(evidence.threshold),
        lists: evidence.lists.map((l) => ({ id: l.list_id, name: l.name ?? null, label: listName(l.list_id, l.name ?? null), version: l.version_id, entries: l.entries })),
        candidates: [...evidence.candidates]
          .sort((a, b) => b.score - a.score)
          .map((c) => ({
            name: c.name,
            list: c.list_id,
            // issue 28: the list by its name, the id a tooltip
            listLabel: listName(c.list_id, evidence.lists.find((l) => l.list_id === c.list_id)?.name ?? null),
            entry: c.entry_id,
            score: scoreText(c.score),
            match: c.match,
            // issue 26: the version the entry was found in, and why a near miss fell short (older runs have neither)
            version: c.version_id ?? null,
            reason: c.match ? null : (c.reason ?? null),
            explanation: c.explanation.map((e) => ({
              feature: FEATURE_LABEL[e.feature] ?? e.feature,
              score: scoreText(e.score),
              contribution: e.contribution === undefined ? null : scoreText(e.contribution),
              query: e.query ?? '—',
              candidate: e.candidate ?? '—',
              detail: e.detail,
            })),
          })),
      },
    ];
  });
}

/**
 * An analyst's decision on a run, as the customer's history says it: the decision, who decided
 * and who proposed it (by e-mail), and the automatic outcome it replaced.
 */
export function reviewedText(detail: Readonly<Record<string, string | null>>, users: ReadonlyMap<string, { email: string }>): string {
  const by = detail['reviewed_by'] ? userEmail(users, detail['reviewed_by']) : 'operador da plataforma';
  const proposed = detail['proposed_by'] ? `, proposta por ${userEmail(users, detail['proposed_by'])}` : '';
  const automatic =
    detail['automatic_status'] && detail['automatic_decision'] && detail['automatic_operative_decision']
      ? ` (resultado automático: ${automaticOutcomeText({ status: detail['automatic_status'], decision: detail['automatic_decision'], operative_decision: detail['automatic_operative_decision'], risk_band: detail['automatic_risk_band'] ?? null })})`
      : '';
  return `Decisão do analista: ${label(DECISION_LABEL, detail['decision'])} por ${by}${proposed}${automatic}`;
}

/**
 * The report's markup on a screen whose policy refuses inline styles: the `style` attributes the
 * report code writes (widths for paper) are dropped. Data inside it is escaped by the report's
 * `html` tag, so no attribute of a source's or a person's text can be matched here.
 */
function forScreen(markup: SafeHtml): string {
  return markup.value.replace(/ style="[^"]*"/g, '');
}
