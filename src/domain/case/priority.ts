import type { CaseItem } from './events.js';

export type CasePriority = 'alta' | 'media' | 'baixa';

/** Reason codes that make a case urgent: a sanctions list (the customer's own or a partner's, or the tenant's internal list). */
const HIGH_REASONS = new Set(['sanctions_hit', 'partners_sanctions', 'internal_list_hit', 'bcb_barred']);
/** Reason codes of a politically exposed person or a punished company, slave labour, adverse findings. */
const MEDIUM_REASONS = new Set(['is_pep', 'partners_pep', 'ceis_cnep_listed', 'slave_labor_listed', 'environmental_embargo']);

/**
 * The case's priority, recomputed from its open items whenever one comes or goes:
 * - alta: a sanctions hit, an item of risk alto, or a match score of 0.9 or more;
 * - media: a PEP, CEIS/CNEP or slave-labour finding, or an item of risk medio;
 * - baixa: anything else (a pending document, a partial run without findings).
 */
export function casePriority(items: readonly CaseItem[]): CasePriority {
  if (items.some((i) => i.risk_band === 'alto' || (i.score ?? 0) >= 0.9 || i.reasons.some((r) => HIGH_REASONS.has(r)))) return 'alta';
  if (items.some((i) => i.risk_band === 'medio' || i.reasons.some((r) => MEDIUM_REASONS.has(r)))) return 'media';
  return 'baixa';
}

/** The reason code of a monitoring alert, from the kind of list it was raised on. */
export function alertReason(listId: string): string {
  if (listId === 'br_pep') return 'is_pep';
  if (['br_ceis', 'br_cnep', 'br_cepim', 'br_ceaf'].includes(listId)) return 'ceis_cnep_listed';
  // the TCU's inidôneos and inabilitados answer the same check (ceis_cnep)
  if (['br_tcu_inabilitados', 'br_tcu_inidoneos'].includes(listId)) return 'ceis_cnep_listed';
  if (listId === 'br_trabalho_escravo') return 'slave_labor_listed';
  if (listId === 'br_bcb_qgi' || listId === 'br_bcb_qgp') return 'bcb_barred';
  if (listId === 'br_ibama_embargos') return 'environmental_embargo';
  if (['ofac_sdn', 'un_sc', 'eu_fsf', 'uk_fcdo'].includes(listId)) return 'sanctions_hit';
  // a tenant's own list
  return 'internal_list_hit';
}
