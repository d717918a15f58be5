import { BAND_LABEL, DECISION_LABEL, STATUS_LABEL, label } from './html.js';

/** The engine's outcome an analyst's decision replaced, as RunReviewed keeps it. */
export interface AutomaticOutcomeFacts {
  status: string;
  decision: string;
  operative_decision: string;
  risk_band: string | null;
  manual_review?: boolean;
}

/**
 * The automatic outcome in words, for the run page, the customer's history and the report:
 * "Bloqueada · decisão Reprovado · faixa de risco não calculada".
 */
export function automaticOutcomeText(automatic: AutomaticOutcomeFacts): string {
  const operative = automatic.operative_decision !== automatic.decision ? ` (operacional: ${label(DECISION_LABEL, automatic.operative_decision)})` : '';
  const band = automatic.risk_band ? `faixa de risco ${label(BAND_LABEL, automatic.risk_band)}` : 'faixa de risco não calculada';
  return `${label(STATUS_LABEL, automatic.status)} · decisão ${label(DECISION_LABEL, automatic.decision)}${operative} · ${band}`;
}
