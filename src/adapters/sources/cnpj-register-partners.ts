import type { PartnerRecord, RegisterView } from '../cnpj-register/port.js';
import { entryPepStatus, pepUntilText, rolesText } from '../../domain/screening/pep.js';
import type { CheckAnswer } from '../../domain/run/answers.js';
import type { ListVersionImportedData } from '../../domain/list/events.js';
import type { SearchOptions, SearchResult } from '../../domain/screening/match/index.js';
import type { ScreeningQuery } from '../../domain/screening/match/prepare.js';
import { noRecord, registerOf } from './cnpj-register-cadastral.js';
import { LIST_SOURCES } from './lists.js';
import type { SourceAnswer } from './port.js';

/**
 * The `partners` source from the register's QSA: every partner with its qualification, entry
 * date, age band and legal representative; corporate partners followed down to MAX_LEVEL; every
 * partner at every level screened against the sanctions lists, natural persons also against
 * br_pep. The register has no shares: `share_percent` is null and the report shows "—".
 */

export const MAX_LEVEL = 3;
const CANDIDATES = 3;

export interface PartnersInput {
  view: RegisterView;
  /** the subject's CNPJ, normalised */
  cnpj: string;
  search: (query: ScreeningQuery, options: SearchOptions & { lists: readonly string[] }) => SearchResult[];
  /** the loaded version of a list, null when it is not loaded */
  version: (listId: string) => ListVersionImportedData | null;
  threshold: number;
  signal: AbortSignal;
  /** the run's clock: a partner is a PEP until the end of grace on this day (now when absent) */
  as_of?: string;
}

const TYPES = { '1': 'pj', '2': 'pf', '3': 'estrangeiro' } as const;

const AGE_BANDS: Readonly<Record<string, string>> = {
  '0': 'Não se aplica',
  '1': '0 a 12 anos',
  '2': '13 a 20 anos',
  '3': '21 a 30 anos',
  '4': '31 a 40 anos',
  '5': '41 a 50 anos',
  '6': '51 a 60 anos',
  '7': '61 a 70 anos',
  '8': '71 a 80 anos',
  '9': 'Mais de 80 anos',
};

interface Candidate {
  list_id: string;
  /** the version of the list the entry was found in */
  version_id: string | null;
  entry_id: string;
  name: string;
  score: number;
  match: boolean;
  explanation: SearchResult['explanation'];
  /** below the threshold: why it fell short */
  reason?: string;
}

/** A partner in the sandbox's PartnerNode shape (src/reports/partner-graph.ts) plus what the register adds. */
export interface RegisterPartner {
  /** a company's full CNPJ; a person's CPF masked as published; null for a foreign partner */
  doc: string | null;
  type: 'pf' | 'pj' | 'estrangeiro';
  name: string;
  role: string;
  share_percent: null;
  level: number;
  parent_doc: string;
  since: string | null;
  age_band: string | null;
  country: string | null;
  legal_representative: { cpf: string | null; name: string | null; role: string | null } | null;
  sanctions_lists: string[];
  pep: boolean;
  /** the best list candidates with their explanations: what this partner was screened against */
  candidates: Candidate[];
  /** why a corporate partner's own partners are not listed below it */
  note?: string;
  /** a PEP hit's offices and until when, or since when an ex-PEP (not a finding) */
  pep_status?: { pep: boolean; until: string | null; since: string | null; roles: string };
}

interface Family {
  lists: string[];
  loaded: ListVersionImportedData[];
}

function family(input: PartnersInput, lists: readonly string[]): Family {
  return { lists: [...lists], loaded: lists.map(input.version).filter((v): v is ListVersionImportedData => v !== null) };
}

export async function partnersAnswer(input: PartnersInput): Promise<SourceAnswer> {
  const { view, cnpj } = input;
  if (!(await view.establishment(cnpj))) return noRecord(view, ['partners_sanctions', 'partners_pep']);
  const partners = await partnerTree(input);
  const sanctions = family(input, LIST_SOURCES['sanctions']!.lists);
  const pep = family(input, LIST_SOURCES['pep']!.lists);
  for (const partner of partners) screen(input, partner, sanctions, pep);
  const data = {
    partners,
    register: registerOf(view),
    // not `screening`: the report reads that key as one list source's evidence
    partner_screening: {
      threshold: input.threshold,
      lists: [...sanctions.loaded, ...pep.loaded].map((v) => ({ list_id: v.list_id, version_id: v.version_id, sha256: v.sha256, published_at: v.published_at, entries: v.entries })),
    },
  };
  return { status: 'ANSWERED', checks: [sanctionsCheck(partners, sanctions), pepCheck(partners, pep)], data, error_code: null, error_message: null };
}

/**
 * The QSA depth first, each corporate partner followed by its own partners. A company already on
 * the path above is a leaf (a cycle: A holds B holds A), so is one already expanded elsewhere
 * in the tree (its partners are listed once), and one the register does not have.
 */
async function partnerTree(input: PartnersInput): Promise<RegisterPartner[]> {
  const { view } = input;
  const out: RegisterPartner[] = [];
  const expanded = new Set<string>();
  const walk = async (basico: string, parentDoc: string, level: number, path: ReadonlySet<string>): Promise<void> => {
    expanded.add(basico);
    for (const row of await view.partners(basico)) {
      if (input.signal.aborted) throw new Error('aborted');
      const partner = node(row, parentDoc, level);
      out.push(partner);
      if (partner.type !== 'pj' || !partner.doc) continue;
      const child = partner.doc.slice(0, 8);
      if (path.has(child)) partner.note = 'Participação circular: esta empresa já aparece acima na cadeia; seus sócios não são repetidos.';
      else if (expanded.has(child)) partner.note = 'Quadro societário já detalhado em outro ramo da estrutura.';
      else if (level >= MAX_LEVEL) partner.note = `Nível máximo de ${MAX_LEVEL} níveis atingido: sócios desta empresa não consultados.`;
      else {
        const name = await view.companyName(child);
        if (name === null) {
          partner.note = `Empresa não encontrada no cadastro da Receita Federal (publicação ${view.month.month}): quadro societário desconhecido.`;
          continue;
        }
        if (!partner.name) partner.name = name;
        await walk(child, partner.doc, level + 1, new Set(path).add(child));
      }
    }
  };
  await walk(input.cnpj.slice(0, 8), input.cnpj, 1, new Set([input.cnpj.slice(0, 8)]));
  return out;
}

function node(row: PartnerRecord, parentDoc: string, level: number): RegisterPartner {
  const rep = row.representante;
  return {
    doc: row.documento,
    type: TYPES[row.identificador],
    name: row.nome,
    role: row.qualificacao?.description ?? (row.qualificacao ? `Qualificação ${row.qualificacao.code}` : 'Sócio'),
    share_percent: null,
    level,
    parent_doc: parentDoc,
    since: row.data_entrada,
    age_band: row.faixa_etaria === null ? null : (AGE_BANDS[row.faixa_etaria] ?? row.faixa_etaria),
    country: row.pais?.description ?? row.pais?.code ?? null,
    // the register publishes the representative's CPF masked already (`***456789**`)
    legal_representative: rep ? { cpf: rep.cpf, name: rep.nome, role: rep.qualificacao?.description ?? rep.qualificacao?.code ?? null } : null,
    sanctions_lists: [],
    pep: false,
    candidates: [],
  };
}

/**
 * One partner against the loaded lists. A person's CPF goes as published, masked: the engine
 * compares its visible digits with a list's masked CPF (a homonym whose digits disagree is not a
 * hit) and never guesses the hidden ones. A foreign partner may be a person or a company: it is
 * searched as both, so the schema qualifier does not hide either.
 */
function screen(input: PartnersInput, partner: RegisterPartner, sanctions: Family, pep: Family): void {
  const lists = [...sanctions.loaded.map((v) => v.list_id), ...(partner.type === 'pf' ? pep.loaded.map((v) => v.list_id) : [])];
  if (lists.length === 0 || !partner.name.trim()) return;
  const schemas = partner.type === 'pj' ? (['company'] as const) : partner.type === 'pf' ? (['person'] as const) : (['person', 'company'] as const);
  const options = { lists, threshold: input.threshold, min_score: input.threshold * 0.75, limit: CANDIDATES };
  const best = new Map<string, SearchResult>();
  for (const schema of schemas) {
    for (const result of input.search({ schema, name: partner.name, doc: partner.type === 'estrangeiro' ? null : partner.doc }, options)) {
      const key = `${result.entry.list_id}/${result.entry.entry_id}`;
      if ((best.get(key)?.score ?? -1) < result.score) best.set(key, result);
    }
  }
  const results = [...best.values()].sort((a, b) => b.score - a.score).slice(0, CANDIDATES);
  const versionOf = (listId: string) => [...sanctions.loaded, ...pep.loaded].find((v) => v.list_id === listId)?.version_id ?? null;
  partner.candidates = results.map((r) => ({
    list_id: r.entry.list_id,
    version_id: versionOf(r.entry.list_id),
    entry_id: r.entry.entry_id,
    name: r.name,
    score: r.score,
    match: r.match,
    explanation: r.explanation,
    ...(r.match || !r.reason ? {} : { reason: r.reason }),
  }));
  const hits = results.filter((r) => r.match);
  partner.sanctions_lists = [...new Set(hits.filter((r) => sanctions.lists.includes(r.entry.list_id)).map((r) => r.entry.list_id))];
  const pepHit = hits.find((r) => pep.lists.includes(r.entry.list_id));
  if (pepHit) {
    const status = entryPepStatus(pepHit.entry, input.as_of ?? new Date().toISOString());
    partner.pep_status = status.pep ? { pep: true, until: status.until, since: null, roles: rolesText(status.roles) } : { pep: false, until: null, since: status.since, roles: rolesText(status.roles) };
    // an ex-PEP (grace ended) is listed but no longer a PEP
    partner.pep = status.pep;
  }
}

const decimal = (score: number) => score.toFixed(2).replace('.', ',');

/** "NAME (role, nível N) consta na lista L: entrada E "matched", pontuação 0,93" for a partner's best hit in `lists`. */
function hitText(partner: RegisterPartner, lists: readonly string[]): string {
  const hit = partner.candidates.find((c) => c.match && lists.includes(c.list_id))!;
  return `${partner.name} (${partner.role}, nível ${partner.level}) consta na lista ${hit.list_id}: entrada ${hit.entry_id} "${hit.name}", pontuação ${decimal(hit.score)}`;
}

const notLoaded = (check_id: string, f: Family): CheckAnswer => ({
  check_id,
  status: 'ERROR',
  result_code: 'list_not_loaded',
  result_label: `Nenhuma das listas carregada (${f.lists.join(', ')}): sócios não triados`,
});

function sanctionsCheck(partners: readonly RegisterPartner[], sanctions: Family): CheckAnswer {
  if (sanctions.loaded.length === 0) return notLoaded('partners_sanctions', sanctions);
  const listed = partners.filter((p) => p.sanctions_lists.length > 0);
  if (listed.length === 0) return { check_id: 'partners_sanctions', status: 'VALID', result_code: 'not_listed', result_label: 'Nenhum sócio em listas de sanções' };
  return {
    check_id: 'partners_sanctions',
    status: 'INVALID',
    result_code: 'partner_listed',
    result_label: listed.length === 1 ? 'Sócio em lista de sanções' : `${listed.length} sócios em listas de sanções`,
    severity: 'high',
    title: 'Sócio em lista de sanções',
    detail: `${listed.map((p) => hitText(p, sanctions.lists)).join('; ')}.`,
  };
}

/**
 * A partner who is a PEP: `high`, the severity of the `pep` source's own hit (screening.md
 * section 5): a relationship with a PEP calls for the same enhanced due diligence.
 */
function pepCheck(partners: readonly RegisterPartner[], pep: Family): CheckAnswer {
  if (pep.loaded.length === 0) return notLoaded('partners_pep', pep);
  const peps = partners.filter((p) => p.pep);
  if (peps.length === 0) return { check_id: 'partners_pep', status: 'VALID', result_code: 'no_pep', result_label: 'Nenhum sócio exposto politicamente' };
  return {
    check_id: 'partners_pep',
    status: 'INVALID',
    result_code: 'partner_pep',
    result_label: peps.length === 1 ? 'Sócio exposto politicamente' : `${peps.length} sócios expostos politicamente`,
    severity: 'high',
    title: 'Sócio exposto politicamente',
    detail: `${peps.map((p) => `${hitText(p, pep.lists)} (${pepUntilText(p.pep_status?.until ?? null)}${p.pep_status?.roles ? `: ${p.pep_status.roles}` : ''})`).join('; ')}.`,
  };
}
