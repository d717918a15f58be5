import type { CheckAnswer, CheckStatus, Severity } from './answers.js';
import type { RuleAction, TemplateDefinition } from '../template/events.js';
import { isSourceId, SOURCES, type RiskDimension, type SourceId } from './catalog.js';

/** A source's answer as recorded on the run. */
export interface RecordedAnswer {
  source_id: string;
  tier: 1 | 2 | 3;
  status: 'ANSWERED' | 'ERROR';
  checks: CheckAnswer[];
  data: Record<string, unknown>;
  error_code: string | null;
  error_message: string | null;
  cached: boolean;
  duration_ms: number;
  cost: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer as an event carries it: the findings' texts apart, so they can be sealed alone. */
export function splitTexts(answer: RecordedAnswer): Omit<RecordedAnswer, 'checks'> & { checks: CheckAnswer[]; check_texts: Record<string, { title?: string; detail?: string }> } {
  const texts: Record<string, { title?: string; detail?: string }> = {};
  const checks = answer.checks.map(({ title, detail, ...check }) => {
    if (title !== undefined || detail !== undefined) texts[check.check_id] = { ...(title !== undefined ? { title } : {}), ...(detail !== undefined ? { detail } : {}) };
    return check;
  });
  return { ...answer, checks, check_texts: texts };
}

/**
 * An answer as read back from its event, texts merged into their checks. After a subject's
 * erasure the sealed data and texts read as the erased marker: they fold as empty.
 */
export function readableAnswer<A extends { checks: unknown; data: unknown; check_texts?: unknown }>(event: A): Omit<A, 'check_texts'> & { checks: CheckAnswer[]; data: Record<string, unknown> } {
  const { check_texts, ...answer } = event;
  const texts = isRecord(check_texts) ? check_texts : {};
  const checks = (Array.isArray(answer.checks) ? (answer.checks as CheckAnswer[]) : []).map((c) => ({ ...c, ...(isRecord(texts[c.check_id]) ? (texts[c.check_id] as object) : {}) }));
  return { ...answer, checks, data: isRecord(answer.data) ? answer.data : {} };
}

export type Band = 'baixo' | 'medio' | 'alto';
export type Decision = 'approved' | 'rejected' | 'review';
export type TerminalStatus = 'completed' | 'blocked' | 'pending_review' | 'partial' | 'failed';

export interface ChecksSummary {
  total: number;
  valid: number;
  invalid: number;
  no_data: number;
  error: number;
}

export interface Outcome {
  status: TerminalStatus;
  decision: Decision | null;
  operative_decision: Decision | 'hold' | null;
  risk_band: Band | null;
  manual_review: boolean;
  summary_message: string;
  checks_summary: ChecksSummary;
  /** credits of executed, non-cached, non-ERROR sources */
  cost: number;
}

export interface Hit {
  action: RuleAction;
  tier: 1 | 2 | 3;
  source_id: string;
  check: CheckAnswer;
}

const SEVERITY_WEIGHT: Record<Severity, number> = { info: 0, low: 10, medium: 25, high: 50, critical: 100 };

/** The rule for a check: the template's, else by tier (1 block, 2 pend, 3 info). */
export function actionFor(template: TemplateDefinition, checkId: string, tier: 1 | 2 | 3): RuleAction {
  return template.rules.find((r) => r.check_id === checkId)?.on_invalid ?? (tier === 1 ? 'block' : tier === 2 ? 'pend' : 'info');
}

export function hitsOf(template: TemplateDefinition, answer: RecordedAnswer): Hit[] {
  if (answer.status !== 'ANSWERED') return [];
  return answer.checks
    .filter((c) => c.status === 'INVALID')
    .map((check) => ({ action: actionFor(template, check.check_id, answer.tier), tier: answer.tier, source_id: answer.source_id, check }));
}

/** Does this answer short-circuit the run? */
export const isBlockHit = (template: TemplateDefinition, answer: RecordedAnswer): boolean =>
  hitsOf(template, answer).some((h) => h.action === 'block');

/** A source's status: ERROR when it failed, else INVALID if any check is, else VALID if any, else NO_DATA. */
export function sourceStatus(answer: RecordedAnswer | undefined): CheckStatus {
  if (!answer) return 'NO_DATA';
  if (answer.status === 'ERROR') return 'ERROR';
  const statuses = answer.checks.map((c) => c.status);
  if (statuses.includes('INVALID')) return 'INVALID';
  if (statuses.includes('VALID')) return 'VALID';
  if (statuses.includes('ERROR')) return 'ERROR';
  return 'NO_DATA';
}

/** Every catalog check of the template's sources, counted by status (abandoned ones as no_data). */
export function checksSummary(template: TemplateDefinition, answers: Readonly<Record<string, RecordedAnswer>>): ChecksSummary {
  const summary: ChecksSummary = { total: 0, valid: 0, invalid: 0, no_data: 0, error: 0 };
  for (const { source_id } of template.sources) {
    if (!isSourceId(source_id)) continue;
    const answer = answers[source_id];
    for (const check of SOURCES[source_id].checks) {
      summary.total++;
      const status = answer?.status === 'ERROR' ? 'ERROR' : (answer?.checks.find((c) => c.check_id === check.id)?.status ?? 'NO_DATA');
      if (status === 'VALID') summary.valid++;
      else if (status === 'INVALID') summary.invalid++;
      else if (status === 'ERROR') summary.error++;
      else summary.no_data++;
    }
  }
  return summary;
}

export interface DimensionScore {
  id: RiskDimension;
  score: number;
  band: Band;
}

export function bandOf(score: number, thresholds: { medio: number; alto: number }): Band {
  return score < thresholds.medio ? 'baixo' : score < thresholds.alto ? 'medio' : 'alto';
}

/** Each finding adds its severity weight to its source's dimension, capped at 100. */
export function riskDimensions(template: TemplateDefinition, answers: Readonly<Record<string, RecordedAnswer>>): DimensionScore[] {
  const scores = new Map<RiskDimension, number>();
  for (const { source_id } of template.sources) if (isSourceId(source_id)) scores.set(SOURCES[source_id].dimension, 0);
  for (const answer of Object.values(answers)) {
    if (!isSourceId(answer.source_id)) continue;
    const dimension = SOURCES[answer.source_id].dimension;
    for (const hit of hitsOf(template, answer)) {
      scores.set(dimension, Math.min(100, (scores.get(dimension) ?? 0) + SEVERITY_WEIGHT[hit.check.severity ?? 'medium']));
    }
  }
  return [...scores].map(([id, score]) => ({ id, score, band: bandOf(score, template.risk_thresholds) }));
}

const BAND_ORDER: Band[] = ['baixo', 'medio', 'alto'];
const worst = (bands: Band[]): Band => bands.reduce((w, b) => (BAND_ORDER.indexOf(b) > BAND_ORDER.indexOf(w) ? b : w), 'baixo');

const MESSAGES: Record<TerminalStatus, (decision: Decision | null) => string> = {
  completed: (d) =>
    d === 'review' ? 'Análise concluída com apontamentos que pedem revisão.' : d === 'rejected' ? 'Análise concluída: reprovado.' : 'Análise concluída: aprovado, sem restrições impeditivas.',
  blocked: () => 'Reprovado: restrição crítica encontrada; análise interrompida.',
  pending_review: () => 'Pendente de revisão manual por um analista.',
  partial: (d) => `Análise parcial: algumas fontes falharam tecnicamente; resultado ${d === 'review' ? 'com apontamentos' : 'aprovado'} com base nas fontes que responderam.`,
  failed: () => 'Falha técnica antes de uma análise significativa; reenvie a consulta.',
};

/**
 * The outcome of a finished run (decisions section 4), first match wins: a block hit
 * (blocked); every source ERROR (failed); some ERROR (partial); a pend hit (pending_review);
 * a review hit (completed, review); else completed, approved.
 */
export function evaluate(template: TemplateDefinition, answers: Readonly<Record<string, RecordedAnswer>>): Outcome {
  const all = Object.values(answers);
  const hits = all.flatMap((a) => hitsOf(template, a));
  const errors = all.filter((a) => a.status === 'ERROR');
  const summary = checksSummary(template, answers);
  const cost = all.filter((a) => a.status === 'ANSWERED' && !a.cached).reduce((sum, a) => sum + a.cost, 0);
  const pend = hits.some((h) => h.action === 'pend');
  const review = hits.some((h) => h.action === 'review');
  const tier1Error = errors.some((a) => a.tier === 1);
  const band = worst(riskDimensions(template, answers).map((d) => d.band));
  const outcome = (status: TerminalStatus, decision: Decision | null, risk: Band | null): Outcome => ({
    status,
    decision,
    operative_decision: decision === null ? null : tier1Error ? 'hold' : decision,
    risk_band: risk,
    manual_review: pend && status !== 'blocked' && status !== 'failed',
    summary_message: MESSAGES[status](decision),
    checks_summary: summary,
    cost,
  });

  if (hits.some((h) => h.action === 'block')) return outcome('blocked', 'rejected', null);
  if (all.length === 0 || errors.length === all.length) return outcome('failed', null, null);
  if (errors.length > 0) return outcome('partial', pend || review ? 'review' : 'approved', band);
  if (pend) return outcome('pending_review', 'review', band);
  if (review) return outcome('completed', 'review', band);
  return outcome('completed', 'approved', band);
}

/** Seconds until the slowest enabled source typically answers: a polling hint. */
export function estimatedSeconds(template: TemplateDefinition): number {
  return Math.max(1, ...template.sources.map((s) => (isSourceId(s.source_id) ? SOURCES[s.source_id].typicalSeconds : 1)));
}

/** The most a run of this template can cost: reserved at creation. */
export function maximumCost(template: TemplateDefinition): number {
  return template.sources.reduce((sum, s) => sum + (isSourceId(s.source_id) ? SOURCES[s.source_id].cost : 0), 0);
}

export const sourceSpec = (id: string) => (isSourceId(id) ? SOURCES[id as SourceId] : null);
