/**
 * A synthetic Receita Federal CNPJ dump (../shared/data/cnpj/LAYOUT.md) for benchmarks and tests:
 *
 *   npm run cnpj:gen -- <dir> [--scale 0.01] [--seed 1]
 *
 * `--scale 1` is the real register's size (about 60 M establishments, 56 M companies, 25 M
 * partners, 40 M Simples rows); 0.01 is a hundredth. The layout is the real one: ten files of
 * each main kind split by básico, Simples.zip, the six lookup tables; no header, `;`, every field
 * quoted, ISO-8859-1, one CSV per zip. Seeded and deterministic: every company is a pure function
 * of (seed, index), so rows are streamed file by file and never held in memory, and a partner
 * naming another company of the dump computes that company instead of looking it up.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { ZipFile } from 'yazl';
import { withCheckDigits } from '../src/domain/values/document.js';

/** The real register's row counts (2026), multiplied by the scale. */
export const FULL = { establishments: 60_000_000, companies: 56_000_000, partners: 25_000_000, simples: 40_000_000 };
const SPLIT = 10;

export interface DumpCounts {
  empresas: number;
  estabelecimentos: number;
  socios: number;
  simples: number;
  lookups: Record<string, number>;
}

// ---- lookup tables: real codes and descriptions, accents included (ISO-8859-1 is the point) ----

const CNAES: ReadonlyArray<readonly [string, string]> = [
  ['4711302', 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados'],
  ['4712100', 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - minimercados, mercearias e armazéns'],
  ['5611201', 'Restaurantes e similares'],
  ['5620104', 'Fornecimento de alimentos preparados preponderantemente para consumo domiciliar'],
  ['4781400', 'Comércio varejista de artigos do vestuário e acessórios'],
  ['9602501', 'Cabeleireiros, manicure e pedicure'],
  ['4930202', 'Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal, interestadual e internacional'],
  ['6201501', 'Desenvolvimento de programas de computador sob encomenda'],
  ['6204000', 'Consultoria em tecnologia da informação'],
  ['7319002', 'Promoção de vendas'],
  ['8211300', 'Serviços combinados de escritório e apoio administrativo'],
  ['4399103', 'Obras de alvenaria'],
  ['4520001', 'Serviços de manutenção e reparação mecânica de veículos automotores'],
  ['6462000', 'Holdings de instituições não-financeiras'],
  ['6463800', 'Outras sociedades de participação, exceto holdings'],
  ['6911701', 'Serviços advocatícios'],
  ['8630503', 'Atividade médica ambulatorial restrita a consultas'],
  ['4744099', 'Comércio varejista de materiais de construção em geral'],
  ['4723700', 'Comércio varejista de bebidas'],
  ['9430800', 'Atividades de associações de defesa de direitos sociais'],
  ['8411600', 'Administração pública em geral'],
  ['6422100', 'Bancos múltiplos, com carteira comercial'],
  ['1091102', 'Fabricação de produtos de padaria e confeitaria com predominância de produção própria'],
  ['7020400', 'Atividades de consultoria em gestão empresarial, exceto consultoria técnica específica'],
  ['4639701', 'Comércio atacadista de produtos alimentícios em geral'],
  ['8121400', 'Limpeza em prédios e em domicílios'],
  ['4321500', 'Instalação e manutenção elétrica'],
  ['7490104', 'Atividades de intermediação e agenciamento de serviços e negócios em geral, exceto imobiliários'],
  ['8599604', 'Treinamento em desenvolvimento profissional e gerencial'],
  ['4789099', 'Comércio varejista de outros produtos não especificados anteriormente'],
];

const MOTIVOS: ReadonlyArray<readonly [string, string]> = [
  ['00', 'SEM MOTIVO'],
  ['01', 'EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA'],
  ['02', 'INCORPORACAO'],
  ['03', 'FUSAO'],
  ['04', 'CISAO TOTAL'],
  ['05', 'ENCERRAMENTO DA FALENCIA'],
  ['06', 'ENCERRAMENTO DA LIQUIDACAO'],
  ['07', 'ELEVACAO A MATRIZ'],
  ['08', 'TRANSPASSE'],
  ['09', 'NAO INICIO DE ATIVIDADE'],
  ['10', 'EXTINCAO PELO ENCERRAMENTO DA LIQUIDACAO JUDICIAL'],
  ['21', 'PEDIDO DE BAIXA INDEFERIDA'],
  ['63', 'OMISSÃO DE DECLARAÇÕES'],
  ['71', 'INAPTIDÃO (LEI 11.941/2009 ART.54)'],
  ['73', 'OMISSÃO CONTUMAZ'],
  ['80', 'BAIXA REGISTRADA NA JUNTA, INDEFERIDA NA RFB'],
];

/** code, name, UF, DDD */
const MUNICIPIOS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['7107', 'SÃO PAULO', 'SP', '11'],
  ['6001', 'RIO DE JANEIRO', 'RJ', '21'],
  ['4123', 'BELO HORIZONTE', 'MG', '31'],
  ['9701', 'BRASÍLIA', 'DF', '61'],
  ['7535', 'CURITIBA', 'PR', '41'],
  ['8801', 'PORTO ALEGRE', 'RS', '51'],
  ['3849', 'SALVADOR', 'BA', '71'],
  ['1389', 'FORTALEZA', 'CE', '85'],
  ['2531', 'RECIFE', 'PE', '81'],
  ['0255', 'MANAUS', 'AM', '92'],
  ['0427', 'BELÉM', 'PA', '91'],
  ['9373', 'GOIÂNIA', 'GO', '62'],
  ['8105', 'FLORIANÓPOLIS', 'SC', '48'],
  ['5705', 'VITÓRIA', 'ES', '27'],
  ['0921', 'SÃO LUÍS', 'MA', '98'],
  ['2051', 'JOÃO PESSOA', 'PB', '83'],
  ['2785', 'MACEIÓ', 'AL', '82'],
  ['7087', 'SÃO JOSÉ DOS CAMPOS', 'SP', '12'],
  ['6291', 'CAMPINAS', 'SP', '19'],
  ['7097', 'RIBEIRÃO PRETO', 'SP', '16'],
  ['4733', 'UBERLÂNDIA', 'MG', '34'],
  ['8319', 'JOINVILLE', 'SC', '47'],
  ['7745', 'LONDRINA', 'PR', '43'],
  ['1761', 'NATAL', 'RN', '84'],
  ['1219', 'TERESINA', 'PI', '86'],
  ['9051', 'CAMPO GRANDE', 'MS', '67'],
  ['9067', 'CUIABÁ', 'MT', '65'],
  ['0001', 'PORTO VELHO', 'RO', '69'],
  ['3105', 'ARACAJU', 'SE', '79'],
  ['0605', 'MACAPÁ', 'AP', '96'],
];
/** Receita's municipality of establishments abroad */
const EXTERIOR = ['9707', 'EXTERIOR', 'EX', ''] as const;

const NATUREZAS: ReadonlyArray<readonly [string, string]> = [
  ['2135', 'Empresário (Individual)'],
  ['2062', 'Sociedade Empresária Limitada'],
  ['2054', 'Sociedade Anônima Fechada'],
  ['2046', 'Sociedade Anônima Aberta'],
  ['2305', 'Empresa Individual de Responsabilidade Limitada (de Natureza Empresária)'],
  ['2240', 'Sociedade Simples Limitada'],
  ['2143', 'Cooperativa'],
  ['3999', 'Associação Privada'],
  ['3069', 'Fundação Privada'],
  ['1031', 'Órgão Público do Poder Executivo Municipal'],
  ['1244', 'Município'],
  ['2321', 'Sociedade Unipessoal de Advocacia'],
  ['2151', 'Empresa Domiciliada no Exterior'],
];

const PAISES: ReadonlyArray<readonly [string, string]> = [
  ['105', 'BRASIL'],
  ['249', 'ESTADOS UNIDOS'],
  ['607', 'PORTUGAL'],
  ['063', 'ARGENTINA'],
  ['023', 'ALEMANHA'],
  ['245', 'ESPANHA'],
  ['275', 'FRANÇA'],
  ['386', 'ITÁLIA'],
  ['399', 'JAPÃO'],
  ['160', 'CHINA, REPÚBLICA POPULAR'],
  ['628', 'REINO UNIDO'],
  ['845', 'URUGUAI'],
  ['586', 'PARAGUAI'],
  ['158', 'CHILE'],
  ['169', 'COLÔMBIA'],
  ['767', 'SUÍÇA'],
  ['573', 'PAÍSES BAIXOS (HOLANDA)'],
  ['149', 'CANADÁ'],
  ['497', 'LUXEMBURGO'],
  ['137', 'CAYMAN, ILHAS'],
];

const QUALIFICACOES: ReadonlyArray<readonly [string, string]> = [
  ['00', 'Não informada'],
  ['05', 'Administrador'],
  ['08', 'Conselheiro de Administração'],
  ['09', 'Curador'],
  ['10', 'Diretor'],
  ['13', 'Liquidante'],
  ['14', 'Mãe'],
  ['15', 'Pai'],
  ['16', 'Presidente'],
  ['17', 'Procurador'],
  ['18', 'Secretário'],
  ['22', 'Sócio'],
  ['23', 'Sócio Capitalista'],
  ['28', 'Sócio-Gerente'],
  ['30', 'Sócio Menor (Assistido/Representado)'],
  ['31', 'Sócio Ostensivo'],
  ['37', 'Sócio Pessoa Jurídica Domiciliado no Exterior'],
  ['38', 'Sócio Pessoa Física Residente no Exterior'],
  ['49', 'Sócio-Administrador'],
  ['50', 'Empresário'],
  ['54', 'Fundador'],
  ['65', 'Titular Pessoa Física Residente ou Domiciliado no Brasil'],
];

const FIRST = ['JOSÉ', 'JOÃO', 'ANTÔNIO', 'FRANCISCO', 'CARLOS', 'PAULO', 'PEDRO', 'LUCAS', 'LUIZ', 'MARCOS', 'MARIA', 'ANA', 'FRANCISCA', 'ANTÔNIA', 'ADRIANA', 'JULIANA', 'MÁRCIA', 'FERNANDA', 'PATRÍCIA', 'ALINE', 'CONCEIÇÃO', 'SEBASTIÃO', 'RAIMUNDA', 'THAÍS', 'VINÍCIUS'];
const SURNAMES = ['SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA', 'LIMA', 'GOMES', 'COSTA', 'RIBEIRO', 'MARTINS', 'CARVALHO', 'ARAÚJO', 'GONÇALVES', 'MAGALHÃES', 'CONCEIÇÃO', 'BRAGANÇA', 'DAMASCENO', 'ASSUNÇÃO', 'FALCÃO'];
const TRADES = ['COMÉRCIO DE ALIMENTOS', 'SERVIÇOS', 'TRANSPORTES', 'CONSTRUÇÕES', 'TECNOLOGIA', 'CONSULTORIA', 'DISTRIBUIDORA', 'INDÚSTRIA E COMÉRCIO', 'PARTICIPAÇÕES', 'EMPREENDIMENTOS'];
const STREETS = ['DAS FLORES', 'SETE DE SETEMBRO', 'BARÃO DO RIO BRANCO', 'DOM PEDRO II', 'SÃO JOÃO', 'PAULISTA', 'GETÚLIO VARGAS', 'TIRADENTES', 'DA CONCEIÇÃO', 'MARECHAL DEODORO'];
const BAIRROS = ['CENTRO', 'JARDIM AMÉRICA', 'VILA MARIANA', 'BOA VISTA', 'SÃO CRISTÓVÃO', 'SANTA CECÍLIA', 'LIBERDADE', 'PARQUE SÃO JORGE', 'INDUSTRIAL'];
const TIPOS_LOGRADOURO = ['RUA', 'AVENIDA', 'TRAVESSA', 'ALAMEDA', 'ESTRADA', 'PRAÇA', 'RODOVIA'];
const FOREIGN_NAMES = ['JOHN SMITH', 'MARIE DUBOIS', 'HANS MÜLLER', 'GIUSEPPE ROSSI', 'ACME HOLDINGS LLC', 'NORDIC INVEST AB', 'IBERIA CAPITAL S.L.', 'TOKYO TRADING K.K.'];
const FOREIGN_CITIES = ['MIAMI', 'LISBOA', 'BUENOS AIRES', 'MADRID', 'GENÈVE'];

// ---- deterministic randomness, one stream per (seed, company) ----

/** mulberry32: tiny, fast, good enough for synthetic data */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mix = (seed: number, index: number, salt: number): number => Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35) ^ Math.imul(salt, 0x27d4eb2f);

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const digits = (r: Rand, n: number): string => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const date = (r: Rand, fromYear: number, toYear: number): string => `${fromYear + Math.floor(r() * (toYear - fromYear + 1))}${pad(1 + Math.floor(r() * 12), 2)}${pad(1 + Math.floor(r() * 28), 2)}`;
const personName = (r: Rand): string => `${pick(r, FIRST)} ${pick(r, SURNAMES)} ${pick(r, SURNAMES)}`;
const cpf = (r: Rand): string => withCheckDigits(digits(r, 9));
/** as the dump publishes a PF partner's CPF: the first three and the last two digits hidden */
const maskedCpf = (full: string): string => `***${full.slice(3, 9)}**`;

// ---- the companies ----

type Kind = 'mei' | 'ltda' | 'sa' | 'assoc' | 'publico' | 'holding';

interface Company {
  index: number;
  basico: string;
  kind: Kind;
  razao: string;
  natureza: string;
  /** how many filiais besides the matriz */
  filiais: number;
  /** the companies of the dump among its partners (chains, cycles, plain holdings) */
  pjPartners: number[];
  simples: boolean;
}

interface Plan {
  seed: number;
  companies: number;
  /** chance that a non-MEI company has filiais (1-3 of them) */
  filialChance: number;
  /** chance that a non-MEI company has a Simples row (every MEI has one) */
  simplesChance: number;
  /** PF/foreign partners per non-MEI company, on average */
  partnersPerCompany: number;
}

const MEI_SHARE = 0.68;
/** companies at these offsets of every thousand hold each other's shares: 100→101→102→103→104 */
const CHAIN = [100, 104] as const;
/** and these form a cycle: 200→201→202→200 */
const CYCLE = [200, 202] as const;

/** A bijection of 0..10^8-1 so básicos look scattered; one in 101 companies gets a letter (alphanumeric CNPJ). */
export function basicoOf(index: number): string {
  const numeric = pad((index * 38_462_917 + 1_234_567) % 100_000_000, 8);
  // a letter for the first digit keeps it unique: no numeric básico has a letter
  return index % 101 === 3 ? `${String.fromCharCode(65 + Number(numeric[0]))}${numeric.slice(1)}` : numeric;
}

function companyOf(plan: Plan, index: number): Company {
  const r = rng(mix(plan.seed, index, 1));
  const offset = index % 1000;
  const inChain = offset >= CHAIN[0] && offset <= CHAIN[1];
  const inCycle = offset >= CYCLE[0] && offset <= CYCLE[1];
  const roll = r();
  const kind: Kind = inChain || inCycle ? 'holding' : roll < MEI_SHARE ? 'mei' : roll < 0.9 ? 'ltda' : roll < 0.95 ? 'sa' : roll < 0.99 ? 'assoc' : 'publico';
  const basico = basicoOf(index);
  const owner = personName(r);
  const surname = pick(r, SURNAMES);
  const razao =
    kind === 'mei' ? `${owner} ${cpf(r)}`
    : kind === 'ltda' ? `${surname} ${pick(r, TRADES)} LTDA`
    : kind === 'sa' ? `${surname} ${pick(r, TRADES)} S.A.`
    : kind === 'assoc' ? `ASSOCIAÇÃO DOS MORADORES DO ${pick(r, BAIRROS)}`
    : kind === 'publico' ? `MUNICÍPIO DE ${pick(r, MUNICIPIOS)[1]}`
    : `${surname} PARTICIPAÇÕES LTDA`;
  const natureza = { mei: '2135', ltda: pick(r, ['2062', '2062', '2240', '2305']), sa: pick(r, ['2054', '2046']), assoc: '3999', publico: '1244', holding: '2062' }[kind];
  const filiais = kind !== 'mei' && r() < plan.filialChance ? 1 + Math.floor(r() * 3) : 0;
  const pjPartners: number[] = [];
  const link = (target: number) => target >= 0 && target < plan.companies && pjPartners.push(target);
  if (inChain && offset < CHAIN[1]) link(index + 1);
  if (inCycle) link(offset === CYCLE[1] ? index - (CYCLE[1] - CYCLE[0]) : index + 1);
  // a few ordinary companies owned by another company of the dump, which must not be a MEI
  if (kind === 'ltda' && r() < 0.05) {
    const target = Math.floor(r() * plan.companies);
    if (target !== index && companyKind(plan, target) !== 'mei') link(target);
  }
  const simples = kind === 'mei' || (kind !== 'publico' && r() < plan.simplesChance);
  return { index, basico, kind, razao, natureza, filiais, pjPartners, simples };
}

/** Just the kind, without building the whole company (the first draw of its stream). */
function companyKind(plan: Plan, index: number): Kind {
  const offset = index % 1000;
  if ((offset >= CHAIN[0] && offset <= CHAIN[1]) || (offset >= CYCLE[0] && offset <= CYCLE[1])) return 'holding';
  return rng(mix(plan.seed, index, 1))() < MEI_SHARE ? 'mei' : 'ltda';
}

/** The full CNPJ of a company's matriz, as a PJ partner names it. */
const matrizCnpj = (basico: string): string => withCheckDigits(`${basico}0001`);

// ---- rows ----

/** every field quoted; a quote inside is doubled, as CSV readers expect */
const line = (fields: readonly string[]): string => `${fields.map((f) => `"${f.replaceAll('"', '""')}"`).join(';')}\n`;

function empresaRow(c: Company, r: Rand): string {
  const responsavel = { mei: '50', ltda: '49', sa: '10', assoc: '16', publico: '05', holding: '49' }[c.kind];
  const capital = c.kind === 'mei' ? 1000 * (1 + Math.floor(r() * 20)) : c.kind === 'publico' ? 0 : Math.floor(r() * 5_000_000);
  const cents = c.kind === 'sa' ? pad(Math.floor(r() * 100), 2) : '00';
  const porte = c.kind === 'mei' ? '01' : pick(r, ['01', '03', '05', '00']);
  const ente = c.kind === 'publico' ? pick(r, ['UNIÃO', `${pick(r, MUNICIPIOS)[1]} - ${pick(r, MUNICIPIOS)[2]}`]) : '';
  return line([c.basico, c.razao, c.natureza, responsavel, `${capital},${cents}`, porte, ente]);
}

function situacao(r: Rand): [string, string] {
  const roll = r();
  if (roll < 0.7) return ['02', '00'];
  if (roll < 0.9) return ['08', pick(r, ['01', '01', '01', '02', '03', '80'])];
  if (roll < 0.97) return ['04', pick(r, ['63', '71', '73'])];
  if (roll < 0.99) return ['03', '21'];
  return ['01', '11'];
}

function establishmentRows(c: Company, r: Rand): string {
  let out = '';
  const abroad = c.index % 997 === 11;
  for (let k = 0; k <= c.filiais; k += 1) {
    // an alphanumeric company's filiais get letters in the ordem too
    const ordem = k === 0 ? '0001' : /[A-Z]/.test(c.basico) ? `A${pad(k + 1, 3)}` : pad(k + 1, 4);
    const dv = withCheckDigits(`${c.basico}${ordem}`).slice(12);
    const [sit, motivo] = situacao(r);
    const city = abroad ? EXTERIOR : pick(r, MUNICIPIOS);
    const cnae = c.kind === 'holding' ? '6462000' : c.kind === 'publico' ? '8411600' : c.kind === 'assoc' ? '9430800' : pick(r, CNAES)[0];
    const secundarios = Array.from({ length: Math.floor(r() * 4) }, () => pick(r, CNAES)[0]).filter((s) => s !== cnae);
    const especial = r() < 0.002 ? ['RECUPERACAO JUDICIAL', date(r, 2015, 2026)] : ['', ''];
    const fantasia = r() < 0.45 ? `${pick(r, SURNAMES)} ${pick(r, ['EXPRESS', 'MODAS', 'BAR E LANCHES', 'AUTO PEÇAS', 'INFORMÁTICA', 'MATERIAIS'])}` : '';
    const phone = () => (r() < 0.5 ? `9${digits(r, 8)}` : digits(r, 8));
    out += line([
      c.basico, ordem, dv, k === 0 ? '1' : '2', fantasia, sit, date(r, 2005, 2026), motivo,
      abroad ? pick(r, FOREIGN_CITIES) : '', abroad ? pick(r, PAISES.slice(1))[0] : '', date(r, 1966, 2026), cnae, [...new Set(secundarios)].join(','),
      pick(r, TIPOS_LOGRADOURO), pick(r, STREETS), r() < 0.05 ? 'S/N' : String(1 + Math.floor(r() * 3000)), r() < 0.3 ? `SALA ${1 + Math.floor(r() * 1500)}` : '', pick(r, BAIRROS),
      abroad ? '' : digits(r, 8), city[2], city[0], city[3], city[3] ? phone() : '', '', '', '', '',
      r() < 0.6 ? `contato${c.index}@exemplo.com.br` : '', especial[0]!, especial[1]!,
    ]);
  }
  return out;
}

const NO_REPRESENTATIVE = ['***000000**', '', '00'] as const;

function partnerRows(plan: Plan, c: Company, r: Rand): string {
  if (c.kind === 'mei') return '';
  let out = '';
  for (const target of c.pjPartners) {
    const other = companyOf(plan, target);
    out += line([c.basico, '1', other.razao, matrizCnpj(other.basico), '22', date(r, 1995, 2026), '', ...NO_REPRESENTATIVE, '0']);
  }
  // PF and foreign partners: about partnersPerCompany on average, at least one unless a PJ partner holds it all
  const extra = r() < plan.partnersPerCompany - 1 ? 2 + (r() < 0.15 ? 1 : 0) : c.pjPartners.length > 0 && r() < 0.5 ? 0 : 1;
  for (let k = 0; k < extra; k += 1) {
    const roll = r();
    if (roll < 0.04) {
      // a foreign partner, represented in Brazil by a procurador
      const name = pick(r, FOREIGN_NAMES);
      const pj = /LLC|AB|S\.L\.|K\.K\./.test(name);
      out += line([c.basico, '3', name, '', pj ? '37' : '38', date(r, 1995, 2026), pick(r, PAISES.slice(1))[0], maskedCpf(cpf(r)), personName(r), '17', pj ? '0' : String(4 + Math.floor(r() * 5))]);
    } else if (roll < 0.06) {
      // a minor, represented by a parent
      out += line([c.basico, '2', personName(r), maskedCpf(cpf(r)), '30', date(r, 2010, 2026), '', maskedCpf(cpf(r)), personName(r), pick(r, ['14', '15']), pick(r, ['1', '2'])]);
    } else {
      const qualificacao = { ltda: pick(r, ['49', '49', '22', '05']), sa: pick(r, ['10', '16', '08']), assoc: pick(r, ['16', '18', '54']), publico: '05', holding: '49', mei: '50' }[c.kind];
      out += line([c.basico, '2', personName(r), maskedCpf(cpf(r)), qualificacao, date(r, 1980, 2026), '', ...NO_REPRESENTATIVE, String(3 + Math.floor(r() * 7))]);
    }
  }
  return out;
}

function simplesRow(c: Company, r: Rand): string {
  if (!c.simples) return '';
  const opcao = date(r, 2007, 2025);
  const excluded = r() < 0.2;
  const mei = c.kind === 'mei';
  return line([c.basico, excluded ? 'N' : 'S', opcao, excluded ? date(r, 2015, 2026) : '0', mei ? (excluded ? 'N' : 'S') : 'N', mei ? opcao : '0', mei && excluded ? date(r, 2015, 2026) : '0']);
}

// ---- writing ----

/** Rows batched into chunks of about 1 MB, encoded ISO-8859-1 (Node's latin1 is exactly that). */
async function* encoded(rows: Iterable<string>): AsyncGenerator<Buffer> {
  let batch = '';
  for (const row of rows) {
    batch += row;
    if (batch.length >= 1 << 20) {
      yield Buffer.from(batch, 'latin1');
      batch = '';
    }
  }
  if (batch) yield Buffer.from(batch, 'latin1');
}

/** A zip holding one CSV streamed from `rows`; the fixed mtime keeps the bytes deterministic. */
async function writeZip(path: string, entry: string, rows: Iterable<string>): Promise<void> {
  const zip = new ZipFile();
  zip.addReadStream(Readable.from(encoded(rows)), entry, { mtime: new Date(Date.UTC(2026, 0, 1)) });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await finished(out);
}

export interface GenerateOptions {
  scale: number;
  seed?: number;
}

/** Writes the dump into `dir` and returns its row counts. */
export async function generateDump(dir: string, options: GenerateOptions): Promise<DumpCounts> {
  const companies = Math.max(1, Math.round(FULL.companies * options.scale));
  const nonMei = 1 - MEI_SHARE;
  const plan: Plan = {
    seed: options.seed ?? 1,
    companies,
    filialChance: Math.min(1, (FULL.establishments - FULL.companies) / FULL.companies / nonMei / 2),
    simplesChance: Math.max(0, (FULL.simples / FULL.companies - MEI_SHARE) / nonMei),
    partnersPerCompany: FULL.partners / FULL.companies / nonMei,
  };
  await mkdir(dir, { recursive: true });
  const counts: DumpCounts = { empresas: 0, estabelecimentos: 0, socios: 0, simples: 0, lookups: {} };
  const rowsOf = (text: string): number => (text ? text.split('\n').length - 1 : 0);
  /** each company's rows, kind by kind, from the company's own stream (salt per kind) */
  function* perCompany(from: number, to: number, salt: number, row: (c: Company, r: Rand) => string, count: (n: number) => void): Generator<string> {
    for (let i = from; i < to; i += 1) {
      const text = row(companyOf(plan, i), rng(mix(plan.seed, i, salt)));
      count(rowsOf(text));
      if (text) yield text;
    }
  }
  const D = 'D61011';
  for (let part = 0; part < SPLIT; part += 1) {
    const from = Math.floor((companies * part) / SPLIT);
    const to = Math.floor((companies * (part + 1)) / SPLIT);
    await writeZip(join(dir, `Empresas${part}.zip`), `K3241.K03200Y${part}.${D}.EMPRECSV`, perCompany(from, to, 2, empresaRow, (n) => (counts.empresas += n)));
    await writeZip(join(dir, `Estabelecimentos${part}.zip`), `K3241.K03200Y${part}.${D}.ESTABELE`, perCompany(from, to, 3, establishmentRows, (n) => (counts.estabelecimentos += n)));
    await writeZip(join(dir, `Socios${part}.zip`), `K3241.K03200Y${part}.${D}.SOCIOCSV`, perCompany(from, to, 4, (c, r) => partnerRows(plan, c, r), (n) => (counts.socios += n)));
  }
  await writeZip(join(dir, 'Simples.zip'), `F.K03200$W.SIMPLES.CSV.${D}`, perCompany(0, companies, 5, simplesRow, (n) => (counts.simples += n)));
  const lookups: Record<string, [string, ReadonlyArray<readonly string[]>]> = {
    Cnaes: ['CNAECSV', CNAES],
    Motivos: ['MOTICSV', MOTIVOS],
    Municipios: ['MUNICCSV', [...MUNICIPIOS, EXTERIOR]],
    Naturezas: ['NATJUCSV', NATUREZAS],
    Paises: ['PAISCSV', PAISES],
    Qualificacoes: ['QUALSCSV', QUALIFICACOES],
  };
  for (const [name, [suffix, table]] of Object.entries(lookups)) {
    await writeZip(join(dir, `${name}.zip`), `F.K03200$Z.${D}.${suffix}`, table.map(([code, description]) => line([code!, description!])));
    counts.lookups[name] = table.length;
  }
  return counts;
}

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at]!.includes('=') ? args[at]!.slice(name.length + 3) : args[at + 1];
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dir = args.find((a, i) => !a.startsWith('--') && !(i > 0 && /^--(scale|seed)$/.test(args[i - 1]!)));
  const scale = Number(argument('scale') ?? '0.001');
  const seed = Number(argument('seed') ?? '1');
  if (!dir || !(scale > 0 && scale <= 1.5) || !Number.isSafeInteger(seed)) {
    console.error('usage: npm run cnpj:gen -- <dir> [--scale 0.01] [--seed 1]   (scale in (0, 1.5])');
    return 2;
  }
  const started = Date.now();
  const counts = await generateDump(dir, { scale, seed });
  process.stdout.write(`${JSON.stringify({ dir, scale, seed, ...counts, seconds: Math.round((Date.now() - started) / 100) / 10 })}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
