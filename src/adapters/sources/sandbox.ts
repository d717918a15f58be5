import { setTimeout as delay } from 'node:timers/promises';
import { SOURCES, type SourceId } from '../../domain/run/catalog.js';
import { normalizeDocument, withCheckDigits } from '../../domain/values/document.js';
import type { SubjectType } from '../../domain/values/scopes.js';
import type { CheckAnswer, Severity } from '../../domain/run/answers.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from './port.js';
import type { Inscription, PgfnSystem } from '../pgfn-register/port.js';
import { minTotalOf, taxDebtsAnswer } from './tax-debts.js';
import {
  CAPITAIS_SOCIAIS,
  CITIES,
  CIVIL_SUBJECTS,
  CNAES,
  CNPJ_SITUATIONS,
  COMPANY_ACTIVITIES,
  CRIMINAL_SUBJECTS,
  DEFAULT_CNAES,
  DEFAULT_PARTNERS,
  FANTASY_NAMES,
  FIRST_NAMES,
  FIXTURES,
  MEDIA_OUTLETS,
  MEDIA_STORIES,
  NATUREZAS_JURIDICAS,
  NEIGHBORHOODS,
  PEP_ROLES,
  PROCEEDING_STATUSES,
  SANCTION_LISTS,
  SANCTION_PROGRAMS,
  STREETS,
  SURNAMES,
  fixtureFor,
  type Fixture,
  type PartnerShape,
} from './fixtures.js';

/**
 * The sandbox source: answers from the fixtures of decisions section 5. Everything is derived
 * from the document (never from a clock or a random generator), so the same document always
 * gets the same answer, and the checks are computed from the data so findings and data agree.
 */
export class SandboxSource implements Source {
  constructor(private readonly options: { latencyMs: number }) {}

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    try {
      const spec = SOURCES[request.source_id];
      const { type } = request.subject;
      if (!spec.subjects.includes(type)) return errorAnswer('unsupported_subject', `${spec.id} does not answer for ${type} subjects.`);
      const doc = normalizeDocument(String(request.subject.doc));
      const fixture = fixtureFor(type, doc);
      try {
        await delay(Math.max(0, fixture.latencyMs ?? this.options.latencyMs), undefined, { signal });
      } catch {
        return errorAnswer('timeout', 'The query was aborted before the source answered.');
      }
      return answer(request.source_id, { type, doc, fixture, name: nameOf(request.subject.name, type, doc), minTotal: minTotalOf(request) });
    } catch {
      return errorAnswer('source_unavailable', 'The sandbox source failed unexpectedly.');
    }
  }
}

interface Subject {
  type: SubjectType;
  doc: string;
  fixture: Fixture;
  name: string;
  /** the template's tax_debts threshold, in reais */
  minTotal: number;
}

type Built = { data: Record<string, unknown>; checks: CheckAnswer[] };

function answer(source: SourceId, subject: Subject): SourceAnswer {
  const { fixture } = subject;
  if (fixture.unavailable === 'all' || fixture.unavailable?.includes(source)) {
    return errorAnswer('source_unavailable', `${SOURCES[source].label} is unavailable (sandbox fixture).`);
  }
  const built: Built = fixture.noRecord?.includes(source)
    ? {
        data: {},
        checks: SOURCES[source].checks.map((check) => ({ check_id: check.id, status: 'NO_DATA', result_code: 'no_record', result_label: 'Nenhum registro encontrado na fonte' })),
      }
    : BUILDERS[source](subject);
  return { status: 'ANSWERED', ...built, error_code: null, error_message: null };
}

const valid = (check_id: string, result_code: string, result_label: string): CheckAnswer => ({ check_id, status: 'VALID', result_code, result_label });

const invalid = (check_id: string, severity: Severity, result_code: string, result_label: string, title: string, detail: string): CheckAnswer => ({
  check_id,
  status: 'INVALID',
  result_code,
  result_label,
  severity,
  title,
  detail,
});

const BUILDERS: Readonly<Record<SourceId, (subject: Subject) => Built>> = {
  receita_cpf: ({ doc, name }) => {
    const d = new Draw(`${doc}:receita_cpf`);
    const birthYear = d.between(1950, 2002);
    return {
      data: {
        name,
        birth_date: d.date(birthYear, birthYear),
        situacao_cadastral: 'REGULAR',
        inscricao_data: d.date(birthYear, Math.min(birthYear + 25, 2024)),
      },
      checks: [valid('cpf_regular', 'regular', 'CPF regular'), valid('name_match', 'match', 'Nome confere'), valid('not_deceased', 'no_death_record', 'Sem registro de óbito')],
    };
  },

  receita_cnpj: ({ doc, name, fixture }) => {
    const d = new Draw(`${doc}:receita_cnpj`);
    const city = d.pick(CITIES);
    const openedIn = d.between(1990, 2020);
    const situacao = fixture.cnpjSituation ?? 'ATIVA';
    const data: Record<string, unknown> = {
      razao_social: name,
      nome_fantasia: `${d.pick(FANTASY_NAMES)} ${d.pick(COMPANY_ACTIVITIES)}`,
      situacao_cadastral: situacao,
      abertura: d.date(openedIn, openedIn),
      natureza_juridica: d.pick(NATUREZAS_JURIDICAS),
      capital_social: d.pick(CAPITAIS_SOCIAIS),
      cnaes: d.distinct(CNAES, DEFAULT_CNAES).map((cnae, i) => ({ ...cnae, primary: i === 0 })),
      endereco: {
        logradouro: d.pick(STREETS),
        numero: String(d.between(10, 3000)),
        bairro: d.pick(NEIGHBORHOODS),
        municipio: city.municipio,
        uf: city.uf,
        cep: `${city.cep}${d.digits(3)}-${d.digits(3)}`,
      },
    };
    let active = valid('cnpj_active', 'ativa', 'CNPJ ativo');
    if (situacao !== 'ATIVA') {
      const { label, motivo } = CNPJ_SITUATIONS[situacao];
      data.data_situacao = d.date(openedIn + 1, 2025);
      data.motivo_situacao = motivo;
      active = invalid('cnpj_active', 'critical', situacao.toLowerCase(), label, `${label} na Receita Federal`, `Situação cadastral ${situacao} desde ${String(data.data_situacao)}: ${motivo}.`);
    }
    return { data, checks: [active, valid('name_match', 'match', 'Razão social confere')] };
  },

  partners: ({ doc, fixture }) => {
    const partners = partnerTree(doc, fixture.partners ?? DEFAULT_PARTNERS);
    partners
      .filter((partner) => partner.level === 1)
      .slice(0, fixture.sanctionedPartners ?? 0)
      .forEach((partner) => partner.sanctions_lists.push(new Draw(`${partner.doc}:sanctions`).pick(SANCTION_LISTS)));
    const listed = partners.filter((partner) => partner.sanctions_lists.length > 0);
    const first = listed[0];
    const sanctions = first
      ? invalid(
          'partners_sanctions',
          'high',
          'partner_listed',
          listed.length === 1 ? 'Sócio em lista de sanções' : `${listed.length} sócios em listas de sanções`,
          'Sócio em lista de sanções',
          `${first.name} (${first.role}, nível ${first.level}, ${first.share_percent}% do capital) consta na lista ${first.sanctions_lists.join(', ')}.`,
        )
      : valid('partners_sanctions', 'not_listed', 'Nenhum sócio em listas de sanções');
    return { data: { partners }, checks: [sanctions, valid('partners_pep', 'no_pep', 'Nenhum sócio exposto politicamente')] };
  },

  sanctions: ({ doc, name, fixture }) => {
    const matches = range(fixture.sanctionMatches ?? 0).map((i) => {
      const d = new Draw(`${doc}:sanctions:${i}`);
      return { list: d.pick(SANCTION_LISTS), name, program: d.pick(SANCTION_PROGRAMS), reference: `REF-${d.digits(6)}`, listed_on: d.date(2010, 2024), score: d.between(90, 99) / 100 };
    });
    const first = matches[0];
    const hit = first
      ? invalid(
          'sanctions_hit',
          'critical',
          'listed',
          'Consta em lista de sanções',
          'Correspondência em lista de sanções',
          `${first.list} (${first.program}), referência ${first.reference}, incluído em ${first.listed_on.split('-').reverse().join('/')}, similaridade de ${Math.round(first.score * 100)}%.`,
        )
      : valid('sanctions_hit', 'not_listed', 'Não consta');
    return { data: { lists_checked: [...SANCTION_LISTS], matches }, checks: [hit] };
  },

  pep: ({ doc, fixture }) => {
    if (!fixture.pep) return { data: { is_pep: false }, checks: [valid('is_pep', 'not_pep', 'Não consta como PEP')] };
    const d = new Draw(`${doc}:pep`);
    const { role, organ } = d.pick(PEP_ROLES);
    const city = d.pick(CITIES);
    const data = { is_pep: true, role, organ: `${organ} (${city.municipio}/${city.uf})`, since: d.date(2015, 2023) };
    return {
      data,
      checks: [invalid('is_pep', 'high', 'pep', 'Pessoa exposta politicamente', 'Pessoa exposta politicamente', `${data.role}, ${data.organ}, desde ${data.since}.`)],
    };
  },

  ceis_cnep: () => ({ data: { records: [] }, checks: [valid('ceis_cnep_listed', 'not_listed', 'Não consta')] }),

  slave_labor_list: () => ({
    data: { listed: false, list: 'Cadastro de Empregadores que tenham submetido trabalhadores a condições análogas à de escravo (MTE)' },
    checks: [valid('slave_labor_listed', 'not_listed', 'Não consta')],
  }),

  bcb_restrictions: () => ({
    data: { listed: false, lists: ['BCB – Quadro Geral de Inabilitados', 'BCB – Quadro Geral de Proibidos'], administrators: [] },
    checks: [valid('bcb_barred', 'not_listed', 'Não consta')],
  }),

  environmental_embargoes: () => ({ data: { listed: false, embargoes: [] }, checks: [valid('environmental_embargo', 'not_listed', 'Nenhum embargo em vigor')] }),

  // the tenant's own lists answer this source in both environments (services.ts); without them, nothing listed
  internal_lists: () => ({ data: {}, checks: [valid('internal_list_hit', 'not_listed', 'Não consta')] }),

  legal_proceedings: ({ doc, fixture }) => {
    const proceedings = [
      ...range(fixture.civilProceedings ?? 0).map((i) => proceeding(new Draw(`${doc}:civil:${i}`), 'civil')),
      ...range(fixture.criminalProceedings ?? 0).map((i) => proceeding(new Draw(`${doc}:criminal:${i}`), 'criminal')),
    ].sort((a, b) => b.date.localeCompare(a.date) || a.number.localeCompare(b.number));
    const criminal = proceedings.filter((p) => p.kind === 'criminal');
    const civil = proceedings.filter((p) => p.kind === 'civil');
    return {
      data: { proceedings },
      checks: [
        criminal.length === 0
          ? valid('criminal_proceedings', 'none', 'Nada consta')
          : invalid('criminal_proceedings', 'critical', 'proceedings_found', plural(criminal.length, 'processo criminal', 'processos criminais'), 'Processos criminais', summarize(criminal)),
        civil.length === 0
          ? valid('civil_proceedings', 'none', 'Nada consta')
          : invalid('civil_proceedings', civilSeverity(civil.length), 'proceedings_found', plural(civil.length, 'processo cível', 'processos cíveis'), 'Processos cíveis', summarize(civil)),
      ],
    };
  },

  tax_debts: (subject) => {
    const { status: _status, error_code: _code, error_message: _message, ...built } = taxDebtsAnswer({ quarter: SANDBOX_QUARTER, imported_at: null }, sandboxDebts(subject), subject.minTotal);
    return built;
  },

  negative_media: ({ doc, name, fixture }) => {
    const count = fixture.adverseMedia ?? 0;
    const items = range(count)
      .map((i) => {
        const d = new Draw(`${doc}:media:${i}`);
        const story = MEDIA_STORIES[i % MEDIA_STORIES.length] as (typeof MEDIA_STORIES)[number];
        return { title: story.title.replaceAll('{name}', name), outlet: d.pick(MEDIA_OUTLETS), date: d.date(2019, 2025), summary: story.summary.replaceAll('{name}', name) };
      })
      .sort((a, b) => b.date.localeCompare(a.date));
    const latest = items[0];
    const media = latest
      ? invalid('adverse_media', 'high', 'adverse_found', plural(count, 'notícia desabonadora', 'notícias desabonadoras'), 'Mídia negativa', `${plural(count, 'notícia desabonadora', 'notícias desabonadoras')}; a mais recente: "${latest.title}" (${latest.outlet}, ${latest.date}).`)
      : valid('adverse_media', 'none', 'Nenhuma notícia desabonadora');
    return { data: { items }, checks: [media] };
  },
};

// Tax debts

const SANDBOX_QUARTER = '2026_trimestre_02';
const DEBT_SYSTEMS: readonly PgfnSystem[] = ['nao_previdenciario', 'previdenciario', 'fgts'];
const RECEITAS: Readonly<Record<PgfnSystem, string>> = { nao_previdenciario: 'Receita da dívida ativa - COFINS', previdenciario: 'CONTRIBUICAO NAO REPASSADA', fgts: 'Contribuições FGTS' };

/** The fixture's inscriptions, one per system in turn; a company's first one repeated for its branch as SOLIDARIO (counted once). */
function sandboxDebts({ doc, type, name, fixture }: Subject): Inscription[] {
  const debts = range(fixture.taxDebts ?? 0).map((i): Inscription => {
    const d = new Draw(`${doc}:tax_debts:${i}`);
    const system = DEBT_SYSTEMS[i % DEBT_SYSTEMS.length] as PgfnSystem;
    return {
      system,
      numero: system === 'fgts' ? `FGSP${d.digits(9)}` : d.digits(system === 'previdenciario' ? 9 : 13),
      documento: type === 'pj' ? doc : `***${doc.slice(3, 9)}**`,
      tipo_pessoa: type,
      tipo_devedor: 'principal',
      nome: name,
      uf_devedor: 'SP',
      unidade_responsavel: 'SAO PAULO',
      tipo_situacao: 'Em cobrança',
      situacao: 'ATIVA AJUIZADA',
      receita: RECEITAS[system],
      data_inscricao: d.date(2018, 2025),
      ajuizado: true,
      valor: d.between(1_000_00, 500_000_00) / 100,
    };
  });
  const first = debts[0];
  if (first && type === 'pj') debts.splice(1, 0, { ...first, documento: `${doc.slice(0, 8)}0002${doc.slice(12)}`, tipo_devedor: 'solidario' });
  return debts;
}

// Partners

interface Partner {
  doc: string;
  type: SubjectType;
  name: string;
  role: string;
  share_percent: number;
  level: number;
  /** the company this partner holds a share of */
  parent_doc: string;
  since: string;
  sanctions_lists: string[];
  pep: boolean;
}

/** The partner tree of a company, depth first: each company partner is followed by its own partners. */
function partnerTree(companyDoc: string, shapes: readonly PartnerShape[]): Partner[] {
  const used = new Set<string>([companyDoc, ...Object.keys(FIXTURES)]);
  const out: Partner[] = [];
  const walk = (parent: string, members: readonly PartnerShape[], level: number): void => {
    const shares = splitShares(new Draw(`${parent}:shares`), members.length);
    members.forEach((shape, i) => {
      const d = new Draw(`${parent}:partner:${i}`);
      const type: SubjectType = shape === 'pf' ? 'pf' : 'pj';
      const doc = uniqueDoc(d, type, used);
      out.push({
        doc,
        type,
        name: type === 'pf' ? personName(d) : companyName(d),
        role: type === 'pj' ? 'Sócio Pessoa Jurídica' : i === 0 ? 'Sócio-Administrador' : 'Sócio',
        share_percent: shares[i] as number,
        level,
        parent_doc: parent,
        since: d.date(2000, 2022),
        sanctions_lists: [],
        pep: false,
      });
      if (shape !== 'pf') walk(doc, shape.pj, level + 1);
    });
  };
  walk(companyDoc, shapes, 1);
  return out;
}

/** Whole percentages summing to 100, the remainder going to the first partner. */
function splitShares(d: Draw, count: number): number[] {
  const weights = range(count).map(() => d.between(1, 4));
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((100 * w) / total));
  if (shares.length > 0) shares[0] = (shares[0] as number) + 100 - shares.reduce((a, b) => a + b, 0);
  return shares;
}

function uniqueDoc(d: Draw, type: SubjectType, used: Set<string>): string {
  for (;;) {
    const doc = type === 'pf' ? withCheckDigits(d.digits(9)) : withCheckDigits(`${d.digits(8)}0001`);
    if (!used.has(doc)) {
      used.add(doc);
      return doc;
    }
  }
}

// Legal proceedings

interface Proceeding {
  number: string;
  court: string;
  kind: 'civil' | 'criminal';
  subject: string;
  date: string;
  status: string;
  value?: number;
}

function proceeding(d: Draw, kind: 'civil' | 'criminal'): Proceeding {
  const year = d.between(2010, 2025);
  const city = d.pick(CITIES);
  const court = `${city.tribunal} - ${d.between(1, 12)}ª Vara ${kind === 'civil' ? 'Cível' : 'Criminal'} ${city.de} ${city.municipio}`;
  const number = cnjNumber(d.digits(7), year, '8', city.tr, String(d.between(1, 999)).padStart(4, '0'));
  const base = { number, court, kind, subject: d.pick(kind === 'civil' ? CIVIL_SUBJECTS : CRIMINAL_SUBJECTS), date: d.date(year, year), status: d.pick(PROCEEDING_STATUSES) };
  return kind === 'civil' ? { ...base, value: d.between(500_000, 200_000_000) / 100 } : base;
}

/** NNNNNNN-DD.AAAA.J.TR.OOOO with the ISO 7064 mod 97-10 check digits of CNJ Resolution 65/2008. */
function cnjNumber(sequence: string, year: number, segment: string, tribunal: string, origin: string): string {
  const check = 98 - Number(BigInt(`${sequence}${year}${segment}${tribunal}${origin}00`) % 97n);
  return `${sequence}-${String(check).padStart(2, '0')}.${year}.${segment}.${tribunal}.${origin}`;
}

const civilSeverity = (count: number): Severity => (count >= 10 ? 'critical' : count >= 3 ? 'high' : 'medium');

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

function summarize(proceedings: readonly Proceeding[]): string {
  const ongoing = proceedings.filter((p) => p.status !== 'Arquivado').length;
  const total = proceedings.reduce((sum, p) => sum + (p.value ?? 0), 0);
  const head = `${plural(proceedings.length, 'processo', 'processos')}, ${ongoing} não arquivado(s)`;
  return total > 0 ? `${head}; valor total em discussão ${BRL.format(total)}.` : `${head}.`;
}

// Names and deterministic draws

function nameOf(sent: unknown, type: SubjectType, doc: string): string {
  if (typeof sent === 'string' && sent.trim() !== '') return sent.trim();
  const d = new Draw(`${doc}:name`);
  return type === 'pf' ? personName(d) : companyName(d);
}

const personName = (d: Draw): string => `${d.pick(FIRST_NAMES)} ${d.pick(SURNAMES)} ${d.pick(SURNAMES)}`;
const companyName = (d: Draw): string => `${d.pick(SURNAMES)} ${d.pick(COMPANY_ACTIVITIES)} Ltda`;

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;
const range = (count: number): number[] => Array.from({ length: Math.max(0, count) }, (_, i) => i);

/** A stream of numbers seeded by a string (FNV-1a, then mulberry32): the same seed always draws the same values. */
class Draw {
  private state: number;

  constructor(seed: string) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) {
      hash ^= seed.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    this.state = hash;
  }

  /** uniform in [0, 1) */
  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** an integer in [min, max] */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[this.between(0, list.length - 1)] as T;
  }

  /** `count` different elements of `list`, in draw order */
  distinct<T>(list: readonly T[], count: number): T[] {
    const left = [...list];
    return range(Math.min(count, list.length)).map(() => left.splice(this.between(0, left.length - 1), 1)[0] as T);
  }

  digits(count: number): string {
    return range(count)
      .map(() => this.between(0, 9))
      .join('');
  }

  /** YYYY-MM-DD in [fromYear, toYear]; days up to 28 so every month is valid */
  date(fromYear: number, toYear: number): string {
    const year = this.between(fromYear, Math.max(fromYear, toYear));
    return `${year}-${String(this.between(1, 12)).padStart(2, '0')}-${String(this.between(1, 28)).padStart(2, '0')}`;
  }
}
