import type { TemplateDefinition } from './events.js';

/** The reference templates of decisions sections 4 and 5: the demo tenant's defaults. */
export const REFERENCE_PF: TemplateDefinition = {
  name: 'PF padrão',
  subject_type: 'pf',
  parameters: ['name'],
  sources: [
    { source_id: 'receita_cpf', tier: 1 },
    { source_id: 'sanctions', tier: 1 },
    { source_id: 'pep', tier: 2 },
    { source_id: 'legal_proceedings', tier: 2 },
    { source_id: 'negative_media', tier: 3 },
  ],
  rules: [
    { check_id: 'sanctions_hit', on_invalid: 'block' },
    { check_id: 'civil_proceedings', on_invalid: 'info' },
  ],
  risk_thresholds: { medio: 30, alto: 60 },
};

export const REFERENCE_PJ: TemplateDefinition = {
  name: 'PJ padrão',
  subject_type: 'pj',
  parameters: ['name'],
  sources: [
    { source_id: 'receita_cnpj', tier: 1 },
    { source_id: 'sanctions', tier: 1 },
    { source_id: 'ceis_cnep', tier: 1 },
    { source_id: 'slave_labor_list', tier: 1 },
    { source_id: 'bcb_restrictions', tier: 1 },
    // an embargo on land is a finding to review, not a reason to reject on its own: tier 2 (pend)
    { source_id: 'environmental_embargoes', tier: 2 },
    { source_id: 'partners', tier: 2 },
    { source_id: 'legal_proceedings', tier: 2 },
    { source_id: 'tax_debts', tier: 2 },
    { source_id: 'negative_media', tier: 3 },
  ],
  rules: [{ check_id: 'civil_proceedings', on_invalid: 'review' }],
  risk_thresholds: { medio: 30, alto: 60 },
};
