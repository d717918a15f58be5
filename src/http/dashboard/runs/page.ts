import { listName } from '../hits/page.js';
import type { RunDoc } from '../../../projections/runs.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import type { Subject } from '../../../queries/history.js';
import type { RunReportModel } from '../../../reports/run-model.js';
import { scoreText, screeningEvidence } from '../../../reports/screening-section.js';
import { sourceLabel } from '../../../reports/source-sections.js';
import { BAND_LABEL, CHECK_STATUS_LABEL, DECISION_LABEL, ENVIRONMENT_LABEL, FEATURE_LABEL, REVIEW_DECISIONS, SEVERITY_LABEL, STATUS_LABEL, label } from '../labels.js';
import { maskedDoc, nameText, nextPageLink, userEmail, when } from '../present.js';

export const RUNS_PAGE_SIZE = 50;

export const awaitsReview = (run: Pick<RunDoc, 'status' | 'manual_review'>): boolean => run.status === 'pending_review' || (run.status === 'partial' && run.manual_review);

/** The list page: one page of runs (PAGE_SIZE + 1 found says there is more), whom each screened, the filters. */
/** A run as a row of a list (the runs list, a customer's runs). */
export function runRow(run: RunDoc) {
  return {
    id: run.run_id,
    created: when(run.created_at),
    status: run.status,
    statusLabel: label(STATUS_LABEL, run.status),
    decision: run.decision ? label(DECISION_LABEL, run.decision) : '—',
    band: run.risk_band ? label(BAND_LABEL, run.risk_band) : '—',
  };
}

export function runsPage(input: { found: readonly RunDoc[]; subjects: ReadonlyMap<string, Subject>; templates: readonly TemplateDoc[]; filters: { status: string; environment: string; template: string } }) {
  const { found, subjects, filters } = input;
  const { status, environment, template } = filters;
  const runs = found.slice(0, RUNS_PAGE_SIZE);
  const last = runs[runs.length - 1];
  const more = nextPageLink('/dashboard/runs', { status, environment, template }, found.length, RUNS_PAGE_SIZE, last && { created_at: last.created_at, id: last.run_id });
  return {
    rows: runs.map((run) => ({
      ...runRow(run),
      bandClass: run.risk_band ?? '',
      template: `${run.template_name} v${run.template_version}`,
      environment: label(ENVIRONMENT_LABEL, run.environment),
      name: nameText(subjects.get(run.run_id)?.name),
      doc: maskedDoc(subjects.get(run.run_id)?.doc),
    })),
    filters: { status, environment, template },
    statuses: STATUS_LABEL,
    environments: ENVIRONMENT_LABEL,
    templates: input.templates.map((t) => ({ id: t.template_id, name: `${t.definition.name} (v${t.version})` })),
    more,
  };
}

/** Everything the run page prints, from the report's model of the run (the same facts as the PDF). */
export function runPage(model: RunReportModel, users: ReadonlyMap<string, { email: string }>, canAct: boolean) {
  const { run, analysis, detail } = model;
  const review = run.review;
  const proposal = run.review_proposal ?? null;
  return {
    run: {
      id: run.run_id,
      status: run.status,
      statusLabel: label(STATUS_LABEL, run.status),
      decision: run.decision ? label(DECISION_LABEL, run.decision) : '—',
      decisionClass: run.decision ?? '',
      operative: run.operative_decision ? label(DECISION_LABEL, run.operative_decision) : '—',
      band: run.risk_band ? label(BAND_LABEL, run.risk_band) : '—',
      bandClass: run.risk_band ?? '',
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
    subject: { name: model.subject.erased ? 'dados apagados' : nameText(model.subject.name), doc: model.subject.erased ? 'dados apagados' : maskedDoc(model.subject.doc), type: run.subject_type },
    findings: analysis.findings.map((f) => ({ ...f, severityLabel: label(SEVERITY_LABEL, f.severity) })),
    reviewReasons: analysis.review_reasons,
    dimensions: analysis.risk_dimensions.map((d) => ({ ...d, bandLabel: label(BAND_LABEL, d.band) })),
    sources: detail.map((s) => ({
      id: s.source_id,
      label: sourceLabel(s.source_id),
      status: s.status,
      statusLabel: label(CHECK_STATUS_LABEL, s.status),
      error: s.error_message ?? s.error_code,
      checks: s.checks.map((c) => ({ ...c, statusLabel: label(CHECK_STATUS_LABEL, c.status) })),
    })),
    screening: screeningOf(run),
    review: review && {
      decision: label(DECISION_LABEL, review.decision),
      note: review.note,
      by: review.reviewed_by ? userEmail(users, review.reviewed_by) : 'API do operador',
      proposedBy: review.proposed_by ? userEmail(users, review.proposed_by) : null,
      at: when(review.reviewed_at),
    },
    proposal: proposal && {
      by: userEmail(users, proposal.proposed_by),
      verb: proposal.decision === 'rejected' ? 'reprovar' : 'aprovar',
      decision: proposal.decision,
      note: proposal.note,
      at: when(proposal.proposed_at),
    },
    decisions: REVIEW_DECISIONS,
    canReview: canAct && awaitsReview(model.run),
  };
}

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
