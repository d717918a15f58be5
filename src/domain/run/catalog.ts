import type { SubjectType } from '../values/scopes.js';

/** The source catalog of decisions section 3: which checks each source answers, and at what cost. */
export const SOURCE_IDS = [
  'receita_cpf',
  'receita_cnpj',
  'sanctions',
  'pep',
  'partners',
  'ceis_cnep',
  'slave_labor_list',
  'legal_proceedings',
  'negative_media',
  'internal_lists',
  'bcb_restrictions',
  'environmental_embargoes',
  'tax_debts',
] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export type RiskDimension = 'cadastral' | 'sanctions' | 'reputational' | 'corporate' | 'legal';

export interface SourceSpec {
  id: SourceId;
  label: string;
  subjects: readonly SubjectType[];
  group: { id: string; label: string };
  checks: readonly { id: string; label: string }[];
  dimension: RiskDimension;
  /** credits per execution; a cached answer costs nothing */
  cost: number;
  /** seconds an answer may be reused; 0 never */
  cacheTtlSeconds: number;
  /** typical duration of a live call, for estimated_seconds */
  typicalSeconds: number;
}

const DAY = 24 * 3600;
const GROUPS = {
  cadastral: { id: 'cadastral', label: 'Dados cadastrais' },
  sanctions: { id: 'sanctions', label: 'Sanções e listas restritivas' },
  reputational: { id: 'reputational', label: 'Reputação' },
  corporate: { id: 'corporate', label: 'Quadro societário' },
  legal: { id: 'legal', label: 'Processos judiciais' },
  fiscal: { id: 'fiscal', label: 'Situação fiscal' },
} as const;

export const SOURCES: Readonly<Record<SourceId, SourceSpec>> = {
  receita_cpf: {
    id: 'receita_cpf',
    label: 'Receita Federal (CPF)',
    subjects: ['pf'],
    group: GROUPS.cadastral,
    checks: [
      { id: 'cpf_regular', label: 'CPF regular' },
      { id: 'name_match', label: 'Nome confere' },
      { id: 'not_deceased', label: 'Sem registro de óbito' },
    ],
    dimension: 'cadastral',
    cost: 1,
    cacheTtlSeconds: DAY,
    typicalSeconds: 3,
  },
  receita_cnpj: {
    id: 'receita_cnpj',
    label: 'Receita Federal (CNPJ)',
    subjects: ['pj'],
    group: GROUPS.cadastral,
    checks: [
      { id: 'cnpj_active', label: 'CNPJ ativo' },
      { id: 'name_match', label: 'Razão social confere' },
    ],
    dimension: 'cadastral',
    cost: 1,
    cacheTtlSeconds: DAY,
    typicalSeconds: 3,
  },
  sanctions: {
    id: 'sanctions',
    label: 'Listas de sanções (OFAC, ONU, UE, CSNU)',
    subjects: ['pf', 'pj'],
    group: GROUPS.sanctions,
    checks: [{ id: 'sanctions_hit', label: 'Presença em listas de sanções' }],
    dimension: 'sanctions',
    cost: 1,
    cacheTtlSeconds: 0,
    typicalSeconds: 2,
  },
  pep: {
    id: 'pep',
    label: 'Pessoas Expostas Politicamente',
    subjects: ['pf'],
    group: GROUPS.reputational,
    checks: [{ id: 'is_pep', label: 'Pessoa exposta politicamente' }],
    dimension: 'reputational',
    cost: 1,
    cacheTtlSeconds: 0,
    typicalSeconds: 2,
  },
  partners: {
    id: 'partners',
    label: 'Quadro de sócios e administradores',
    subjects: ['pj'],
    group: GROUPS.corporate,
    checks: [
      { id: 'partners_sanctions', label: 'Sócios em listas de sanções' },
      { id: 'partners_pep', label: 'Sócios expostos politicamente' },
    ],
    dimension: 'corporate',
    cost: 2,
    cacheTtlSeconds: DAY,
    typicalSeconds: 8,
  },
  ceis_cnep: {
    id: 'ceis_cnep',
    label: 'CEIS / CNEP (CGU) e listas do TCU',
    // screening.md section 5: CEIS and CNEP list people by CPF too
    subjects: ['pf', 'pj'],
    group: GROUPS.sanctions,
    checks: [{ id: 'ceis_cnep_listed', label: 'Empresa inidônea ou punida' }],
    dimension: 'sanctions',
    cost: 1,
    cacheTtlSeconds: 0,
    typicalSeconds: 2,
  },
  slave_labor_list: {
    id: 'slave_labor_list',
    label: 'Cadastro de empregadores (trabalho escravo)',
    subjects: ['pf', 'pj'],
    group: GROUPS.reputational,
    checks: [{ id: 'slave_labor_listed', label: 'Presença na lista de trabalho escravo' }],
    dimension: 'reputational',
    cost: 1,
    cacheTtlSeconds: 0,
    typicalSeconds: 2,
  },
  legal_proceedings: {
    id: 'legal_proceedings',
    label: 'Processos judiciais',
    subjects: ['pf', 'pj'],
    group: GROUPS.legal,
    checks: [
      { id: 'criminal_proceedings', label: 'Processos criminais' },
      { id: 'civil_proceedings', label: 'Processos cíveis' },
    ],
    dimension: 'legal',
    cost: 3,
    cacheTtlSeconds: DAY,
    typicalSeconds: 12,
  },
  negative_media: {
    id: 'negative_media',
    label: 'Mídia negativa',
    subjects: ['pf', 'pj'],
    group: GROUPS.reputational,
    checks: [{ id: 'adverse_media', label: 'Notícias desabonadoras' }],
    dimension: 'reputational',
    cost: 2,
    cacheTtlSeconds: 0,
    typicalSeconds: 6,
  },
  // screening.md section 5: the tenant's own lists, served by the service itself at no cost
  internal_lists: {
    id: 'internal_lists',
    label: 'Listas internas',
    subjects: ['pf', 'pj'],
    group: GROUPS.sanctions,
    checks: [{ id: 'internal_list_hit', label: 'Presença em lista interna' }],
    dimension: 'sanctions',
    cost: 0,
    cacheTtlSeconds: 0,
    typicalSeconds: 1,
  },
  // issue 31: the central bank's bars (QGI/QGP); for a PJ also its partners and administrators from the
  // CNPJ register. Free, like the internal lists: a regulatory bar every onboarding must look at.
  bcb_restrictions: {
    id: 'bcb_restrictions',
    label: 'Banco Central (inabilitados e proibidos)',
    subjects: ['pf', 'pj'],
    group: GROUPS.sanctions,
    checks: [{ id: 'bcb_barred', label: 'Inabilitado ou proibido pelo Banco Central' }],
    dimension: 'sanctions',
    cost: 0,
    cacheTtlSeconds: 0,
    typicalSeconds: 2,
  },
  // issue 31: IBAMA's embargoes in force; a public list screened like ceis_cnep and slave_labor_list, so the same cost 1
  environmental_embargoes: {
    id: 'environmental_embargoes',
    label: 'IBAMA (áreas embargadas)',
    subjects: ['pf', 'pj'],
    group: GROUPS.reputational,
    checks: [{ id: 'environmental_embargo', label: 'Embargo ambiental do IBAMA' }],
    dimension: 'reputational',
    cost: 1,
    cacheTtlSeconds: 0,
    typicalSeconds: 2,
  },
  // issue 31: the PGFN dívida ativa da União, open data the service loads each quarter and answers from
  // its own copy, so it costs nothing, like internal_lists and bcb_restrictions; never cached: its finding
  // depends on the template's threshold (`min_total`), so an answer made under one template is not another's
  tax_debts: {
    id: 'tax_debts',
    label: 'Dívida ativa da União (PGFN)',
    subjects: ['pf', 'pj'],
    group: GROUPS.fiscal,
    checks: [{ id: 'tax_debts_found', label: 'Débitos inscritos em dívida ativa da União' }],
    dimension: 'legal',
    cost: 0,
    cacheTtlSeconds: 0,
    typicalSeconds: 1,
  },
};

export const isSourceId = (value: string): value is SourceId => (SOURCE_IDS as readonly string[]).includes(value);
