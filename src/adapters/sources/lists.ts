import { listDisplayName } from '../../domain/list/info.js';
import type { ListVersionImportedData } from '../../domain/list/events.js';
import type { SearchOptions, SearchResult } from '../../domain/screening/match/index.js';
import type { ScreeningQuery } from '../../domain/screening/match/prepare.js';
import { DEFAULT_THRESHOLD, MATCHER_VERSION } from '../../domain/screening/match/score.js';
import type { ListSearch as LoadedLists } from '../../domain/screening/port.js';
import { subjectScreeningQuery } from '../../domain/screening/subject-query.js';
import { judged, type RememberedDisposition } from '../../domain/screening/disposition.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from './port.js';
import { pepCheck, pepOf, type PepContext } from './pep.js';

/** The sources served from the loaded lists (screening.md section 5), with their check and severity. */
export const LIST_SOURCES: Readonly<Record<string, { lists: readonly string[]; check: string; severity: 'critical' | 'high'; title: string }>> = {
  sanctions: { lists: ['ofac_sdn', 'un_sc', 'eu_fsf', 'uk_fcdo'], check: 'sanctions_hit', severity: 'critical', title: 'Consta em lista de sanções' },
  pep: { lists: ['br_pep'], check: 'is_pep', severity: 'high', title: 'Pessoa exposta politicamente' },
  ceis_cnep: { lists: ['br_ceis', 'br_cnep', 'br_cepim', 'br_tcu_inabilitados', 'br_tcu_inidoneos'], check: 'ceis_cnep_listed', severity: 'high', title: 'Consta no CEIS, CNEP, CEPIM ou nas listas do TCU' },
  slave_labor_list: { lists: ['br_trabalho_escravo'], check: 'slave_labor_listed', severity: 'critical', title: 'Consta no Cadastro de Empregadores (trabalho análogo ao de escravo)' },
  bcb_restrictions: { lists: ['br_bcb_qgi', 'br_bcb_qgp'], check: 'bcb_barred', severity: 'critical', title: 'Inabilitado ou proibido pelo Banco Central' },
  environmental_embargoes: { lists: ['br_ibama_embargos'], check: 'environmental_embargo', severity: 'high', title: 'Embargo ambiental do IBAMA em vigor' },
  /** the run's tenant's own lists (none here: they are the tenant's) */
  internal_lists: { lists: [], check: 'internal_list_hit', severity: 'high', title: 'Consta em lista interna' },
};

/** Searches entries of the given lists (the catalog for a tenant, or indexes rebuilt by verify-run). */
export type ListSearch = (query: ScreeningQuery, options: SearchOptions & { lists: readonly string[] }) => SearchResult[];


/** recorded per answer, at most: this many hits and, apart, this many near misses */
const CANDIDATES = 5;
/** results searched to split into hits and near misses, so hits never crowd the near misses out */
const SEARCHED = 20;

/** A gap or threshold as the reason text shows it: 2 decimals, 4 when that would read 0,00. */
const decimal = (x: number): string => x.toFixed(x !== 0 && Math.abs(x) < 0.01 ? 4 : 2).replace('.', ',');

/**
 * Why a candidate is below the threshold: the matcher's own sentence (`reason`, naming what fell
 * short), or, from a matcher that gives none, how far below the threshold its score is.
 */
export function nearMissReason(result: { score: number; reason?: string | null | undefined }, threshold: number): string {
  if (typeof result.reason === 'string' && result.reason !== '') return result.reason;
  // the score as recorded (4 decimals): 0,7964 must not read as the threshold 0,80
  return `${decimal(Math.max(0, threshold - result.score))} abaixo do limiar ${decimal(threshold)}: pontuação ${result.score.toFixed(4).replace('.', ',')}.`;
}

/**
 * Live keys' answers for the list sources, from this instance's loaded lists; every other source
 * goes to `fallback` (the provider protocol). A hit is the best entry at or above the threshold:
 * INVALID with a finding naming the list, the entry, the matched name and the score. The answer's
 * data records the version of every list used and the best candidates with their explanations,
 * so the run's events show what was screened against what.
 */
export class ListSource implements Source {
  /**
   * @param only the list sources this one answers (the others go to `fallback`): live keys
   *   answer all of them; sandbox keys keep their fixtures and only `internal_lists` comes
   *   from the tenant's own lists
   */
  constructor(
    private readonly catalog: Pick<LoadedLists, 'search' | 'searchedVersion' | 'tenantListsOf'>,
    private readonly fallback: Source,
    private readonly only: readonly string[] = Object.keys(LIST_SOURCES),
    private readonly threshold = DEFAULT_THRESHOLD,
  ) {}

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    const served = LIST_SOURCES[request.source_id];
    if (!served || !this.only.includes(request.source_id)) return this.fallback.query(request, signal);
    const own = request.source_id === 'internal_lists' ? this.catalog.tenantListsOf(request.tenant_id) : [];
    const listIds = request.source_id === 'internal_lists' ? own.map((l) => l.list_id) : served.lists;
    // the versions the index searched holds (a newer one may be loaded and still indexing)
    const versions = listIds.map((id) => this.catalog.searchedVersion(id)).filter((v) => v !== null);
    if (versions.length === 0) {
      return request.source_id === 'internal_lists'
        ? errorAnswer('list_not_loaded', 'The tenant has no internal list with a loaded version.')
        : errorAnswer('list_not_loaded', `None of the lists of ${request.source_id} is loaded (${served.lists.join(', ')}).`);
    }
    const search: ListSearch = (query, options) => this.catalog.search(request.tenant_id, query, options);
    const pep = request.source_id === 'pep' ? { as_of: request.now ?? new Date().toISOString(), relationships: request.pep_relationships ?? [] } : undefined;
    return listAnswer(request.source_id, search, versions.map((v) => v.version), request.subject, this.threshold, new Map(own.map((l) => [l.list_id, l.name])), request.memory ?? [], pep);
  }
}

/** How a candidate records the analyst's disposition that held for its content: `cleared` (false positive) or `confirmed` (true match). */
function analystVerdict(d: RememberedDisposition | null) {
  if (!d) return {};
  const verdict = { disposition: d.disposition, reason: d.reason, by: d.by, at: d.at };
  return d.disposition === 'false_positive' ? { cleared: verdict } : { confirmed: verdict };
}

/**
 * A list source's answer for a subject, from an index over (at least) the given list versions:
 * the same function answers a live run and re-derives it for `verify-run` from the stored versions.
 */
export function listAnswer(
  sourceId: string,
  search: ListSearch,
  versions: readonly ListVersionImportedData[],
  subject: SourceRequest['subject'],
  threshold: number = DEFAULT_THRESHOLD,
  /** a tenant list's name, which a finding shows instead of its id */
  names: ReadonlyMap<string, string> = new Map(),
  /** the customer's dispositions (SourceRequest.memory): a hit on an entry cleared with this content is not a hit */
  memory: readonly RememberedDisposition[] = [],
  /** the `pep` source: the run's clock (a PEP stays one until the end of grace) and the customer's declared relationships */
  pepContext?: PepContext,
): SourceAnswer {
  const served = LIST_SOURCES[sourceId]!;
  // what the subject was registered with (birth date, nationality, address), as search and monitoring query
  const query = subjectScreeningQuery(subject);
  const found = query ? search(query, { lists: versions.map((v) => v.list_id), threshold, min_score: threshold * 0.75, limit: SEARCHED }) : [];
  // best first, as searched: the best hits, then the best near misses
  const candidates = [...found.filter((c) => c.match).slice(0, CANDIDATES), ...found.filter((c) => !c.match).slice(0, CANDIDATES)];
  const judgedOf = (c: (typeof candidates)[number]) => judged(memory, c.entry.list_id, c.entry.entry_id, c.entry.content_hash);
  const isCleared = (c: (typeof candidates)[number]) => c.match && judgedOf(c)?.disposition === 'false_positive';
  // an ex-PEP (grace ended on the run's day) is listed but no longer a PEP: not a hit
  const pepFacts = pepContext ? pepOf(candidates, pepContext, search, versions, threshold) : null;
  const hit = candidates.find((c) => c.match && !isCleared(c) && pepFacts?.expired.has(c.entry.entry_id) !== true) ?? null;
  const applied = candidates.map(judgedOf).filter((d) => d !== null);
  const versionOf = new Map(versions.map((v) => [v.list_id, v.version_id]));
  const data = {
    screening: {
      threshold,
      matcher_version: MATCHER_VERSION,
      lists: versions.map((v) => ({ list_id: v.list_id, ...(names.has(v.list_id) ? { name: names.get(v.list_id) } : {}), version_id: v.version_id, sha256: v.sha256, published_at: v.published_at, entries: v.entries })),
      candidates: candidates.map((c) => ({
        list_id: c.entry.list_id,
        // the version the entry was found in (the index holds one version per list)
        version_id: versionOf.get(c.entry.list_id) ?? null,
        entry_id: c.entry.entry_id,
        name: c.name,
        score: c.score,
        match: c.match,
        ...(c.match ? {} : { reason: nearMissReason(c, threshold) }),
        ...(pepFacts?.status.has(c.entry.entry_id) ? { pep: pepFacts.status.get(c.entry.entry_id) } : {}),
        explanation: c.explanation,
        content_hash: c.entry.content_hash,
        ...analystVerdict(judgedOf(c)),
      })),
      // the dispositions this answer applied, so verify-run derives it again the same
      ...(applied.length > 0 ? { memory: applied } : {}),
      // the day the PEP rule was applied on and the relationships it read, so verify-run applies them again
      ...(pepFacts ? pepFacts.recorded : {}),
    },
  };
  const listLabel = (listId: string) => listDisplayName(listId, names.get(listId));
  const confirmed = hit !== null && judgedOf(hit)?.disposition === 'true_match' ? ' Confirmado pelo analista.' : '';
  const check = hit
    ? {
        check_id: served.check,
        status: 'INVALID' as const,
        result_code: 'listed',
        result_label: 'Consta',
        severity: served.severity,
        title: `${served.title} (${listLabel(hit.entry.list_id)})`,
        detail: `"${hit.name}" na lista ${listLabel(hit.entry.list_id)}${names.has(hit.entry.list_id) ? '' : ` (entrada ${hit.entry.entry_id})`}, pontuação ${hit.score.toFixed(2).replace('.', ',')}.${tcuSanctions(hit.entry)}${confirmed}`,
      }
    : candidates.some(isCleared)
      ? { check_id: served.check, status: 'VALID' as const, result_code: 'cleared_by_analyst', result_label: 'Descartado pelo analista' }
      : { check_id: served.check, status: 'VALID' as const, result_code: 'not_listed', result_label: 'Nada consta' };
  const answered = pepFacts ? pepCheck(check, hit, pepFacts, candidates.some(isCleared)) : check;
  return { status: 'ANSWERED', checks: [answered], data, error_code: null, error_message: null };
}

/** dd/mm/aaaa of a YYYY-MM-DD day */
const day = (iso: string): string => iso.split('-').reverse().join('/');

/**
 * What a TCU entry's finding adds: each acórdão and when its sanction ends (the TCU lists only
 * sanctions in force; the analyst reads the acórdão). Empty for any other list.
 */
export function tcuSanctions(entry: { list_id: string; sanctions: readonly { category: string | null; end_date: string | null }[] }): string {
  if (!entry.list_id.startsWith('br_tcu_')) return '';
  const kind = entry.list_id === 'br_tcu_inidoneos' ? 'inidôneo' : 'inabilitado';
  const parts = entry.sanctions.map((s) => {
    const acordao = /\(Acórdão ([^)]+)\)$/.exec(s.category ?? '')?.[1];
    return `${acordao ? `Acórdão ${acordao}` : 'acórdão não informado'}${s.end_date ? `, sanção até ${day(s.end_date)}` : ''}`;
  });
  return parts.length > 0 ? ` TCU ${kind}: ${parts.join('; ')}.` : ` TCU ${kind}.`;
}
