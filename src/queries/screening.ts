import * as E from 'fp-ts/lib/Either.js';
import type { EntrySchema } from '../domain/screening/entry.js';
import type { SearchResult } from '../domain/screening/match/index.js';
import { compare, DEFAULT_THRESHOLD, type Comparison } from '../domain/screening/match/score.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../domain/screening/match/weights.js';
import { DomainError } from '../domain/shared/decider.js';
import type { ListSearch as ListCatalog, LoadedVersion } from '../domain/screening/port.js';

/** A screened record as it was searched: qualifiers absent are null, the document already checked. */
export interface ScreenedRecord {
  schema: EntrySchema;
  name: string;
  birth_date: string | null;
  country: string | null;
  doc: string | null;
}

export interface ScreeningSearch {
  query: ScreenedRecord;
  threshold: number;
  results: SearchResult[];
  /** the versions of the lists searched, as they were when searched */
  versions: LoadedVersion[];
  /** the lists asked for (or searched by default) that have no loaded version: searched as empty, never a silent "nada consta" */
  not_loaded: string[];
}

type Record = { name: string; birth_date?: string | null | undefined; country?: string | null | undefined; doc?: string | null | undefined };

const screened = (schema: EntrySchema, record: Record): ScreenedRecord => ({
  schema,
  name: record.name,
  birth_date: record.birth_date ?? null,
  country: record.country ?? null,
  doc: record.doc ?? null,
});

/**
 * An analyst's search over the lists a tenant may see: the official ones and its own. Another
 * tenant's list is as unknown here as a list that does not exist.
 */
export function searchScreening(
  catalog: Pick<ListCatalog, 'listIdsFor' | 'search' | 'searchedVersion'>,
  tenantId: string,
  request: Record & { schema: EntrySchema; lists?: readonly string[] | undefined; threshold?: number | undefined; limit?: number | undefined },
): E.Either<DomainError, ScreeningSearch> {
  const searchable = catalog.listIdsFor(tenantId);
  for (const listId of request.lists ?? []) if (!searchable.includes(listId)) return E.left(new DomainError('invalid_list', `Unknown list: ${String(listId).slice(0, 64)}.`, 'lists'));
  const lists = request.lists ?? searchable;
  const threshold = request.threshold ?? DEFAULT_THRESHOLD;
  const query = screened(request.schema, request);
  const results = catalog.search(tenantId, query, { lists, threshold, limit: request.limit ?? 10 });
  const versions = lists.map((id) => catalog.searchedVersion(id)).filter((v) => v !== null);
  const notLoaded = [...new Set(lists)].filter((id) => catalog.searchedVersion(id) === null);
  // none of the searched lists loaded: an empty answer would read as "nada consta"
  if (lists.length > 0 && versions.length === 0) {
    return E.left(new DomainError('lists_not_loaded', `No list searched is loaded: ${notLoaded.join(', ')}. Import them (npm run lists -- import <list_id> <file>, or POST /operator/v1/lists/{list_id}/versions) and search again.`, 'lists', { missing_lists: notLoaded }));
  }
  return E.right({ query, threshold, results, versions, not_loaded: notLoaded });
}

/** Two records compared with the default threshold and weights, the candidate possibly masked. */
export function compareScreeningRecords(request: { schema: EntrySchema; query: Record; candidate: Record }): { threshold: number; comparison: Comparison } {
  const comparison = compare(screened(request.schema, request.query), screened(request.schema, request.candidate), { threshold: DEFAULT_THRESHOLD, weights: DEFAULT_TOKEN_WEIGHTS });
  return { threshold: DEFAULT_THRESHOLD, comparison };
}
