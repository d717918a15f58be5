import type { ListState } from '../list/decider.js';
import type { ListVersionImportedData } from '../list/events.js';
import type { TenantList } from '../list/tenant-lists.js';
import type { ListEntry } from './entry.js';
import type { SearchOptions, SearchResult } from './match/index.js';
import type { ScreeningQuery } from './match/prepare.js';

/** A list version as this instance loaded it: the version recorded and its parsed entries. */
export interface LoadedVersion {
  version: ListVersionImportedData;
  entries: readonly ListEntry[];
  /** entry id -> content hash, for the next version's delta */
  hashes: ReadonlyMap<string, string>;
}

/**
 * The loaded lists as screening reads them (the list catalog is behind it): what a tenant may
 * search, the search itself, and the versions a search reads, which evidence must name.
 */
export interface ListSearch {
  /** The best entries for `query` among `lists` (default: what the tenant may search); another tenant's list never. */
  search(tenantId: string | null, query: ScreeningQuery, options: SearchOptions & { lists?: readonly string[] }): SearchResult[];
  /** Resolves once the versions recorded so far are loaded and indexed. */
  settled(): Promise<void>;
  state(listId: string): ListState;
  /** The list's loaded active version; null when none is loaded. */
  version(listId: string): LoadedVersion | null;
  /** The version a search reads now (the serving index's); null before the first index. */
  searchedVersion(listId: string): LoadedVersion | null;
  /** The official lists. */
  listIds(): string[];
  /** What a tenant may search: the official lists, then its own (null: the official lists only). */
  listIdsFor(tenantId: string | null): string[];
  tenantListsOf(tenantId: string | null): TenantList[];
  /** A tenant list as its owner sees it; null for an unknown list or another tenant's. */
  tenantList(listId: string, tenantId: string): TenantList | null;
  /** The tenant owning a tenant list; null for an official or unknown list. */
  ownerOf(listId: string): string | null;
}

/** The operator's "fetch now" of an official list (the scheduled refresh is behind it). */
export interface ListRefresh {
  refreshNow(listId: string): Promise<void>;
}
