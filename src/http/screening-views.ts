import type { ListImportOutcome } from '../commands/lists.js';
import type { ScreeningSearch } from '../queries/screening.js';
import type { SearchResult } from '../domain/screening/match/index.js';
import type { Comparison } from '../domain/screening/match/score.js';
import type { ListState } from '../domain/list/decider.js';
import { defaultPollSeconds, LIST_INFO } from '../domain/list/info.js';
import { isStale } from '../domain/list/poll.js';
import type { TenantList } from '../domain/list/tenant-lists.js';
import type { ListSearch as ListCatalog } from '../domain/screening/port.js';

/** The active version and the last check of a list's stream, as every list view shows them. */
const versionFields = (state: ListState) => ({
  version_id: state.active?.version_id ?? null,
  published_at: state.active?.published_at ?? null,
  imported_at: state.active?.imported_at ?? null,
  last_checked_at: state.last_checked_at,
  last_error: state.last_error,
  entries: state.active?.entries ?? 0,
});

/**
 * One list's freshness as `GET /api/v1/screening/lists` and the operator API show it, with its
 * polling (additive, issue 29): the period the last poll ran under (else the list's default), when
 * the poller looks again, the failures in a row. Stale: no successful check within
 * max(3 periods, 15 minutes) (`isStale`).
 */
export function listStatusView(catalog: ListCatalog, listId: string, now: Date) {
  const state = catalog.state(listId);
  const pollSeconds = state.poll_seconds ?? defaultPollSeconds(listId);
  return {
    list_id: listId,
    publisher: LIST_INFO[listId]?.publisher ?? listId,
    ...versionFields(state),
    stale: isStale(state.last_checked_at, now, pollSeconds * 1000),
    poll_seconds: pollSeconds,
    next_check_at: state.next_check_at,
    consecutive_failures: state.consecutive_failures,
  };
}

/** A tenant's own list: its name and active version; never stale (the tenant uploads it, nothing fetches it). */
export function tenantListView(catalog: ListCatalog, list: TenantList) {
  return { list_id: list.list_id, tenant_id: list.tenant_id, name: list.name, publisher: 'tenant', created_at: list.created_at, ...versionFields(catalog.state(list.list_id)), stale: false };
}

/** A version upload's answer: the new version, or (same content) the version active now. */
export function listVersionView(catalog: ListCatalog, result: Exclude<ListImportOutcome, { outcome: 'refused' }>) {
  if (result.outcome === 'imported') return { list_id: result.list_id, version_id: result.version_id, sha256: result.sha256, entries: result.entries, delta: result.delta };
  const active = catalog.version(result.list_id)?.version;
  return { list_id: result.list_id, version_id: active?.version_id ?? null, sha256: result.sha256, entries: active?.entries ?? 0, delta: active?.delta ?? null };
}

/**
 * `POST /screening/search`: the query as searched, each result with its entry and the version of
 * the list it was found in, and the list versions used.
 */
export function screeningResultView(search: ScreeningSearch, livemode: boolean) {
  const versionOf = new Map(search.versions.map(({ version: v }) => [v.list_id, v.version_id]));
  const versionId = (listId: string): string => {
    const id = versionOf.get(listId);
    // every list searched has its loaded version in search.versions: an entry without one is a bug, never a blank in evidence
    if (id === undefined) throw new Error(`screening search: no loaded version for list ${listId}`);
    return id;
  };
  return {
    object: 'screening_result',
    query: search.query,
    threshold: search.threshold,
    results: search.results.map((r: SearchResult & { reason?: string | null }) => ({
      list_id: r.entry.list_id,
      version_id: versionId(r.entry.list_id),
      entry_id: r.entry.entry_id,
      schema: r.entry.schema,
      name: r.name,
      names: r.entry.names,
      score: r.score,
      match: r.match,
      // why a result below the threshold fell short (a matcher that gives no reason leaves it out)
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
      explanation: r.explanation,
      entry: r.entry,
    })),
    lists: search.versions.map(({ version: v }) => ({ list_id: v.list_id, version_id: v.version_id, published_at: v.published_at, imported_at: v.imported_at, entries: v.entries })),
    warnings: search.not_loaded.map((listId) => ({ code: 'list_not_loaded', list_id: listId, message: `List ${listId} is not loaded: it was not searched.` })),
    livemode,
  };
}

/** `POST /screening/compare`. */
export function screeningComparisonView({ threshold, comparison }: { threshold: number; comparison: Comparison }, livemode: boolean) {
  return { object: 'screening_comparison', score: comparison.score, match: comparison.match, threshold, explanation: comparison.explanation, reason: comparison.reason, livemode };
}
