import type { SourceId } from '../../domain/run/catalog.js';
import type { SubjectType } from '../../domain/values/scopes.js';

/**
 * Sandbox fixtures (decisions section 5): what each document's sources find, written as what
 * differs from a clean subject. The sandbox source derives the data from these traits and the
 * checks from the data, so a finding always has the data that explains it.
 */

/** A partner of a company: a natural person, or a company with partners of its own. */
export type PartnerShape = 'pf' | { pj: readonly PartnerShape[] };

export type CnpjSituation = 'ATIVA' | 'INAPTA' | 'SUSPENSA' | 'BAIXADA';

export interface Fixture {
  type: SubjectType;
  /** every source takes this long, whatever latency the sandbox runs with */
  latencyMs?: number;
  /** sources that fail technically; 'all' for every source */
  unavailable?: readonly SourceId[] | 'all';
  /** sources with no record of the subject: every check NO_DATA */
  noRecord?: readonly SourceId[];
  /** receita_cnpj situação cadastral; ATIVA when absent */
  cnpjSituation?: CnpjSituation;
  /** hits on international sanctions lists */
  sanctionMatches?: number;
  pep?: boolean;
  /** the company's partner tree; DEFAULT_PARTNERS when absent */
  partners?: readonly PartnerShape[];
  /** how many level-1 partners are on a sanctions list */
  sanctionedPartners?: number;
  civilProceedings?: number;
  criminalProceedings?: number;
  adverseMedia?: number;
  /** inscriptions in the PGFN dívida ativa (tax_debts, issue 31), the first one repeated for a co-debtor */
  taxDebts?: number;
}

/** Three natural persons, the partners of a default company. */
export const DEFAULT_PARTNERS: readonly PartnerShape[] = ['pf', 'pf', 'pf'];
export const DEFAULT_CNAES = 2;

/** 12 partners over 3 levels: 4 at level 1, 6 at level 2, 2 at level 3. */
const HOLDING_TREE: readonly PartnerShape[] = [
  'pf',
  'pf',
  { pj: ['pf', 'pf', { pj: ['pf', 'pf'] }] },
  { pj: ['pf', 'pf', 'pf'] },
];

/** The first document of each type is also how every unlisted document of that type answers. */
export const FIXTURES: Readonly<Record<string, Fixture>> = {
  '00000000191': { type: 'pf' },
  '00000000272': { type: 'pf', sanctionMatches: 1 },
  '00000000353': { type: 'pf', pep: true },
  '00000000434': { type: 'pf', unavailable: ['legal_proceedings'] },
  '00000000515': { type: 'pf', unavailable: ['receita_cpf'] },
  '00000000604': { type: 'pf', unavailable: 'all' },
  '00000000787': { type: 'pf', adverseMedia: 2 },
  '00000000868': { type: 'pf', latencyMs: 3000 },
  '00000000949': { type: 'pf', noRecord: ['receita_cpf'] },
  '00000001082': { type: 'pf', taxDebts: 1 },
  '00000001000136': { type: 'pj' },
  '00000002000180': { type: 'pj', cnpjSituation: 'INAPTA' },
  '00000003000125': { type: 'pj', sanctionedPartners: 1 },
  '00000004000170': { type: 'pj', civilProceedings: 40, partners: HOLDING_TREE },
  '00000005000114': { type: 'pj', taxDebts: 3 },
};

const DEFAULT_DOC: Readonly<Record<SubjectType, string>> = { pf: '00000000191', pj: '00000001000136' };

export function fixtureFor(type: SubjectType, doc: string): Fixture {
  const listed = FIXTURES[doc];
  return listed && listed.type === type ? listed : (FIXTURES[DEFAULT_DOC[type]] as Fixture);
}

// Word lists the sandbox draws names and details from, deterministically per document.

export const FIRST_NAMES = [
  'Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João',
  'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sofia', 'Thiago', 'Vanessa', 'Wagner',
] as const;

export const SURNAMES = [
  'Almeida', 'Barbosa', 'Cardoso', 'Dias', 'Ferreira', 'Gomes', 'Lima', 'Martins', 'Nascimento', 'Oliveira',
  'Pereira', 'Ribeiro', 'Santos', 'Teixeira', 'Vieira', 'Souza', 'Costa', 'Rocha', 'Moreira', 'Carvalho',
] as const;

export const COMPANY_ACTIVITIES = [
  'Comércio de Alimentos', 'Serviços de Tecnologia', 'Transportes', 'Participações', 'Engenharia',
  'Distribuidora de Bebidas', 'Consultoria Empresarial', 'Importação e Exportação', 'Construções', 'Logística',
] as const;

export const FANTASY_NAMES = ['Prime', 'Horizonte', 'Aurora', 'Vértice', 'Atlântico', 'Cerrado', 'Nova Era', 'Pioneira', 'Delta', 'Raiz'] as const;

export const NATUREZAS_JURIDICAS = [
  '206-2 - Sociedade Empresária Limitada',
  '205-4 - Sociedade Anônima Fechada',
  '230-5 - Empresa Individual de Responsabilidade Limitada',
] as const;

export const CAPITAIS_SOCIAIS = [50_000, 100_000, 250_000, 500_000, 1_000_000, 5_000_000] as const;

export const CNAES = [
  { code: '4711-3/02', description: 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados' },
  { code: '6201-5/01', description: 'Desenvolvimento de programas de computador sob encomenda' },
  { code: '4930-2/02', description: 'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal, interestadual e internacional' },
  { code: '6462-0/00', description: 'Holdings de instituições não-financeiras' },
  { code: '7112-0/00', description: 'Serviços de engenharia' },
  { code: '4635-4/02', description: 'Comércio atacadista de cerveja, chope e refrigerante' },
  { code: '7020-4/00', description: 'Atividades de consultoria em gestão empresarial, exceto consultoria técnica específica' },
  { code: '4619-2/00', description: 'Representantes comerciais e agentes do comércio de mercadorias em geral não especializado' },
] as const;

export const STREETS = ['Rua das Flores', 'Avenida Paulista', 'Rua XV de Novembro', 'Avenida Brasil', 'Rua da Consolação', 'Avenida Afonso Pena', 'Rua Sete de Setembro'] as const;
export const NEIGHBORHOODS = ['Centro', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cecília', 'Savassi'] as const;

/** Cities with their UF, CEP prefix, state court (`tr`: its code in CNJ numbers) and the preposition of "Vara ... de/do". */
export const CITIES = [
  { municipio: 'São Paulo', de: 'de', uf: 'SP', cep: '01', tribunal: 'TJSP', tr: '26' },
  { municipio: 'Campinas', de: 'de', uf: 'SP', cep: '13', tribunal: 'TJSP', tr: '26' },
  { municipio: 'Rio de Janeiro', de: 'do', uf: 'RJ', cep: '20', tribunal: 'TJRJ', tr: '19' },
  { municipio: 'Belo Horizonte', de: 'de', uf: 'MG', cep: '30', tribunal: 'TJMG', tr: '13' },
  { municipio: 'Curitiba', de: 'de', uf: 'PR', cep: '80', tribunal: 'TJPR', tr: '16' },
  { municipio: 'Porto Alegre', de: 'de', uf: 'RS', cep: '90', tribunal: 'TJRS', tr: '21' },
  { municipio: 'Salvador', de: 'de', uf: 'BA', cep: '40', tribunal: 'TJBA', tr: '05' },
  { municipio: 'Recife', de: 'do', uf: 'PE', cep: '50', tribunal: 'TJPE', tr: '17' },
] as const;

export const CNPJ_SITUATIONS: Readonly<Record<Exclude<CnpjSituation, 'ATIVA'>, { label: string; motivo: string }>> = {
  INAPTA: { label: 'CNPJ inapto', motivo: 'Omissão de declarações' },
  SUSPENSA: { label: 'CNPJ suspenso', motivo: 'Inconsistência cadastral' },
  BAIXADA: { label: 'CNPJ baixado', motivo: 'Extinção por encerramento de liquidação voluntária' },
};

export const SANCTION_LISTS = ['OFAC SDN', 'ONU CSNU', 'União Europeia', 'UK HMT', 'Interpol (difusão vermelha)'] as const;
export const SANCTION_PROGRAMS = ['SDGT', 'Narcotráfico (SDNTK)', 'Resolução 1267 (Al-Qaida)', 'Lavagem de dinheiro'] as const;

export const PEP_ROLES = [
  { role: 'Secretário Municipal de Obras', organ: 'Prefeitura Municipal' },
  { role: 'Deputado Estadual', organ: 'Assembleia Legislativa' },
  { role: 'Diretor de Agência Reguladora', organ: 'Agência Nacional de Transportes Terrestres' },
  { role: 'Vereador', organ: 'Câmara Municipal' },
] as const;

export const CIVIL_SUBJECTS = [
  'Cobrança', 'Indenização por dano moral', 'Execução de título extrajudicial', 'Rescisão contratual',
  'Ação monitória', 'Despejo por falta de pagamento', 'Revisão contratual', 'Obrigação de fazer',
] as const;
export const CRIMINAL_SUBJECTS = ['Estelionato', 'Lavagem de dinheiro', 'Falsidade ideológica', 'Crime contra a ordem tributária'] as const;
export const PROCEEDING_STATUSES = ['Em andamento', 'Em andamento', 'Suspenso', 'Em grau de recurso', 'Arquivado'] as const;

export const MEDIA_OUTLETS = ['Folha do Comércio', 'Jornal da Cidade', 'Portal Economia Hoje', 'Gazeta Regional', 'Revista Negócios'] as const;
/** `{name}` is replaced by the subject's name. */
export const MEDIA_STORIES = [
  { title: '{name} é alvo de operação contra lavagem de dinheiro', summary: 'Polícia Federal cumpriu mandados de busca em endereços ligados a {name} em investigação sobre movimentações atípicas.' },
  { title: 'Ministério Público denuncia {name} por fraude em licitação', summary: 'A denúncia aponta direcionamento de contratos públicos e pagamentos a empresas de fachada.' },
  { title: 'Consumidores acusam {name} de calote', summary: 'Reclamações em órgãos de defesa do consumidor relatam serviços pagos e não prestados.' },
  { title: '{name} é citado em CPI sobre desvio de recursos', summary: 'Relatório preliminar menciona transferências sem justificativa a pessoas ligadas a {name}.' },
] as const;
