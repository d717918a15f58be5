import type { BlobStore } from '../adapters/blob-store/port.js';
import { systemClock, type Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { lastPollRecord } from '../adapters/lists/poll-history.js';
import { tenantListImporter } from '../adapters/lists/importers/tenant.js';
import type { ListImporter } from '../adapters/lists/importers/port.js';
import { versionEntries } from '../adapters/lists/parsed-cache.js';
import type { ListWorkers } from '../adapters/lists/worker-pool.js';
import { slicer } from '../adapters/slices.js';
import { listDecider, listStream, type ListState } from '../domain/list/decider.js';
import { ListEvent } from '../domain/list/events.js';
import { isPollStream } from '../domain/list/poll.js';
import { TENANT_LISTS_STREAM, TenantListCreated, tenantListsDecider, type TenantList } from '../domain/list/tenant-lists.js';
import type { ListEntry } from '../domain/screening/entry.js';
import type { ListSearch, LoadedVersion } from '../domain/screening/port.js';
import { indexSteps, type ScreeningIndex, searchAll, type SearchOptions, type SearchResult } from '../domain/screening/match/index.js';
import { createInterner, prepareEntry, type PreparedEntry, type ScreeningQuery } from '../domain/screening/match/prepare.js';
import type { PreparedToken } from '../domain/screening/match/similarity.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../domain/screening/match/weights.js';
import type { Decider, DomainEvent } from '../domain/shared/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { errorText, type Logger } from '../logger.js';
import type { Processor } from '../processing/runner.js';

export type { LoadedVersion } from '../domain/screening/port.js';

export interface ListCatalogDeps {
  log: EventLog;
  blobs: BlobStore;
  /** the official lists' importers, by list id */
  importers: ReadonlyMap<string, ListImporter>;
  logger: Logger;
  /** the longest stretch an index build holds the event loop before letting other work run */
  sliceMs?: number;
  /** where the lists' poll streams are looked for (today's, then back) */
  clock?: Clock;
  /** the worker threads that read stored versions (none: read on this thread) */
  workers?: ListWorkers;
}

/** Builds an index in slices of `sliceMs`, the event loop free between them. */
export async function buildIndexInSlices(entries: readonly (ListEntry | PreparedEntry)[], sliceMs: number, tokens?: Map<string, PreparedToken>): Promise<ScreeningIndex> {
  // fixed weights, not the loaded lists' frequencies: an answer then depends only on the versions it
  // names (verify-run re-derives it from those alone), and indexes built apart score alike
  const steps = indexSteps(entries, { weights: DEFAULT_TOKEN_WEIGHTS, tokens });
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/**
 * The loaded lists of this instance: for every list (the official ones and every tenant's own),
 * its stream's state and the entries of its active version, parsed again from the version's raw
 * files in the blob store, with search indexes over them: one over all the official lists, one
 * per tenant list (searched only for its tenant). One index per official list would answer
 * otherwise: a search scores the best candidates of each index, so near misses differ.
 *
 * Built on start from the stored versions (start-up waits for it: a run must not screen against
 * nothing); afterwards, whenever any instance records a new version, every instance sees the event,
 * updates the list's state at once and loads the version in the background: its entries read on a
 * worker thread and handed over in chunks, then indexed in slices, so the instance keeps answering
 * meanwhile; the previous index serves until the new one is complete. `settled()` waits for the
 * loads under way.
 */
export class ListCatalog implements Processor, ListSearch {
  readonly id = 'projection:list-catalog';
  readonly kind = 'projection' as const;
  /** rebuilt from the streams on every start: nothing to resume */
  readonly startAt = 'head' as const;
  private readonly states = new Map<string, ListState>();
  private readonly loaded = new Map<string, LoadedVersion>();
  private readonly tenantLists = new Map<string, TenantList>();
  private officialIndex: ScreeningIndex | null = null;
  /** the official lists' tokens, interned once for every version: an unchanged list's prepared entries serve every rebuild */
  private readonly officialTokens = new Map<string, PreparedToken>();
  /** per official list, its loaded version's entries prepared for the index */
  private readonly prepared = new Map<string, { version_id: string; entries: PreparedEntry[] }>();
  private readonly tenantIndexes = new Map<string, ScreeningIndex>();
  /** per list, the version whose entries the serving index holds: it lags `loaded` while a new one is indexed */
  private readonly indexed = new Map<string, LoadedVersion>();
  /** lists whose state changed and whose active version may need loading */
  private readonly dirty = new Set<string>();
  private loading: Promise<void> = Promise.resolve();
  /** while start() loads the stored versions, before anything is served */
  private starting = false;
  private readonly sliceMs: number;

  constructor(private readonly deps: ListCatalogDeps) {
    this.sliceMs = deps.sliceMs ?? 10;
  }

  /** The worker threads reading list files in this instance (imports use them too). */
  get workers(): ListWorkers | undefined {
    return this.deps.workers;
  }

  /** Stops the worker threads (on the service's stop). */
  async close(): Promise<void> {
    await this.deps.workers?.close();
  }

  async start(): Promise<void> {
    const state = await this.fold(TENANT_LISTS_STREAM, tenantListsDecider);
    for (const list of state.values()) this.tenantLists.set(list.list_id, list);
    for (const listId of [...this.deps.importers.keys(), ...this.tenantLists.keys()]) {
      await this.refreshState(listId);
      this.dirty.add(listId);
    }
    // nothing is served until start-up ends: the stored versions are read on this thread, at once
    // (the worker's chunks keep the event loop free for requests, which cost time when none can come)
    this.starting = true;
    try {
      await this.schedule();
    } finally {
      this.starting = false;
    }
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const touched = new Set<string>();
    for (const event of events) {
      if (isEventOf(TenantListCreated)(event)) this.tenantLists.set(event.data.list_id, event.data);
      // a poll record (issue 29) changes only the list's poll status: applied as it comes, no re-read, no load
      else if (isEventOf(ListEvent)(event) && isPollStream(event.stream)) this.states.set(event.data.list_id, listDecider.evolve(this.state(event.data.list_id), event));
      else if (isEventOf(ListEvent)(event)) touched.add(event.data.list_id);
    }
    for (const listId of touched) {
      await this.refreshState(listId);
      this.dirty.add(listId);
    }
    if (touched.size > 0) void this.schedule();
  }

  /** Resolves once the versions recorded so far are loaded and indexed (or failed to, and were logged). */
  settled(): Promise<void> {
    return this.loading;
  }

  /** The index over every loaded official list; null when none is loaded. */
  index(): ScreeningIndex | null {
    return this.officialIndex;
  }

  /** The names the serving indexes hold, over every list. */
  indexedNames(): number {
    let names = this.officialIndex?.names ?? 0;
    for (const index of this.tenantIndexes.values()) names += index.names;
    return names;
  }

  /**
   * The best entries for `query` among `lists` (default: the official lists and the tenant's
   * own), best first. Another tenant's list is never searched, whatever `lists` says.
   */
  search(tenantId: string | null, query: ScreeningQuery, options: SearchOptions & { lists?: readonly string[] }): SearchResult[] {
    const wanted = options.lists ?? this.listIdsFor(tenantId);
    const visible = wanted.filter((id) => this.isVisible(id, tenantId));
    const indexes: ScreeningIndex[] = [];
    if (this.officialIndex && visible.some((id) => this.deps.importers.has(id))) indexes.push(this.officialIndex);
    for (const id of visible) {
      const index = this.tenantIndexes.get(id);
      if (index) indexes.push(index);
    }
    return indexes.length > 0 ? searchAll(indexes, query, { ...options, lists: visible }) : [];
  }

  state(listId: string): ListState {
    return this.states.get(listId) ?? listDecider.initialState;
  }

  version(listId: string): LoadedVersion | null {
    return this.loaded.get(listId) ?? null;
  }

  /** The version a search reads now (the serving index's), which evidence must name; null before the first index. */
  searchedVersion(listId: string): LoadedVersion | null {
    return this.indexed.get(listId) ?? null;
  }

  /** The official lists. */
  listIds(): string[] {
    return [...this.deps.importers.keys()];
  }

  /** What a tenant may search: the official lists, then its own (null: the official lists only). */
  listIdsFor(tenantId: string | null): string[] {
    return [...this.listIds(), ...this.tenantListsOf(tenantId).map((l) => l.list_id)];
  }

  tenantListsOf(tenantId: string | null): TenantList[] {
    return tenantId === null ? [] : [...this.tenantLists.values()].filter((l) => l.tenant_id === tenantId).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.list_id.localeCompare(b.list_id));
  }

  /** The tenant owning a tenant list; null for an official or unknown list. */
  ownerOf(listId: string): string | null {
    return this.tenantLists.get(listId)?.tenant_id ?? null;
  }

  /** Every tenant's lists: for the operator only. */
  allTenantLists(): TenantList[] {
    return [...this.tenantLists.values()].sort((a, b) => a.tenant_id.localeCompare(b.tenant_id) || a.created_at.localeCompare(b.created_at));
  }

  /** A tenant list as its owner sees it; null for an unknown list or another tenant's. */
  tenantList(listId: string, tenantId: string): TenantList | null {
    const list = this.tenantLists.get(listId);
    return list && list.tenant_id === tenantId ? list : null;
  }

  /** The importer of a list's files: the official list's, or the tenant CSV reader. */
  importerFor(listId: string): ListImporter | null {
    return this.deps.importers.get(listId) ?? (this.tenantLists.has(listId) ? tenantListImporter(listId) : null);
  }

  private isVisible(listId: string, tenantId: string | null): boolean {
    return this.deps.importers.has(listId) || (tenantId !== null && this.tenantLists.get(listId)?.tenant_id === tenantId);
  }

  /** The list's stream, and its last poll record (on `listpoll-<list_id>-<day>`), in the order they were written. */
  private async refreshState(listId: string): Promise<void> {
    const history = await this.deps.log.readStream(listStream(listId));
    const poll = await lastPollRecord(this.deps.log, listId, (this.deps.clock ?? systemClock).now());
    const events = [...history.filter(isEventOf(ListEvent)), ...(poll ? [poll] : [])].sort((a, b) => a.position - b.position);
    this.states.set(listId, events.reduce(listDecider.evolve, listDecider.initialState));
  }

  /** A stream's state (read here, not through the write side: a projection does not depend on commands). */
  private async fold<S, Ev extends DomainEvent>(stream: string, decider: Decider<unknown, S, Ev>): Promise<S> {
    const history = await this.deps.log.readStream(stream);
    return history.filter(isEventOf(decider.codec)).reduce(decider.evolve, decider.initialState);
  }

  /** Loads the dirty lists' versions after the loads already under way: one load at a time. */
  private schedule(): Promise<void> {
    this.loading = this.loading
      .then(() => this.loadDirty())
      .catch((error: unknown) => this.deps.logger.error('list index not rebuilt', { error: errorText(error) }));
    return this.loading;
  }

  private async loadDirty(): Promise<void> {
    const lists = [...this.dirty];
    this.dirty.clear();
    let official = false;
    for (const listId of lists) {
      if (!(await this.load(listId))) continue;
      if (this.deps.importers.has(listId)) official = true;
      else await this.reindexTenantList(listId);
    }
    if (official) await this.reindexOfficial();
  }

  /**
   * The official index built again over every loaded list, in the lists' order: the lists whose
   * version changed are prepared (normalized, phonetic keys), the others' prepared entries reused,
   * so the index answers exactly as one built from scratch over the same versions.
   */
  private async reindexOfficial(): Promise<void> {
    const versions = this.listIds().flatMap((id) => this.loaded.get(id) ?? []);
    const lists: PreparedEntry[][] = [];
    for (const v of versions) lists.push(await this.preparedOf(v));
    const entries = await concatInSlices(lists, this.sliceMs);
    this.officialIndex = entries.length > 0 ? await buildIndexInSlices(entries, this.sliceMs, this.officialTokens) : null;
    for (const v of versions) this.indexed.set(v.version.list_id, v);
  }

  /** A loaded version's entries prepared for the index, once per version (in slices). */
  private async preparedOf(loaded: LoadedVersion): Promise<PreparedEntry[]> {
    const listId = loaded.version.list_id;
    const known = this.prepared.get(listId);
    if (known?.version_id === loaded.version.version_id) return known.entries;
    const intern = createInterner(this.officialTokens);
    const slice = slicer(this.sliceMs);
    const entries: PreparedEntry[] = [];
    for (const [i, entry] of loaded.entries.entries()) {
      entries.push(prepareEntry(entry, intern));
      if (i % 256 === 0) await slice.pause();
    }
    this.prepared.set(listId, { version_id: loaded.version.version_id, entries });
    return entries;
  }

  private async reindexTenantList(listId: string): Promise<void> {
    const loaded = this.loaded.get(listId);
    const entries = loaded?.entries ?? [];
    if (entries.length > 0) this.tenantIndexes.set(listId, await buildIndexInSlices(entries, this.sliceMs));
    else this.tenantIndexes.delete(listId);
    if (loaded) this.indexed.set(listId, loaded);
  }

  /** Loads the list's active version when it is new here. True when one was loaded. */
  private async load(listId: string): Promise<boolean> {
    const active = this.state(listId).active;
    if (!active || this.loaded.get(listId)?.version.version_id === active.version_id) return false;
    const importer = this.importerFor(listId);
    if (!importer) return false;
    try {
      const entries = await versionEntries(this.deps.blobs, importer, active, this.starting ? undefined : this.deps.workers);
      this.loaded.set(listId, { version: active, entries, hashes: await hashesInSlices(entries, this.sliceMs) });
      return true;
    } catch (error) {
      // the previous version keeps serving
      this.deps.logger.error('list version not loaded', { list_id: listId, version_id: active.version_id, error: errorText(error) });
      return false;
    }
  }
}

/** The lists' entries one after the other, copied in slices of the event loop. */
async function concatInSlices<T>(lists: readonly (readonly T[])[], sliceMs: number): Promise<T[]> {
  const slice = slicer(sliceMs);
  const out: T[] = [];
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      out.push(list[i]!);
      if (i % 4096 === 0) await slice.pause();
    }
  }
  return out;
}

/** entry id -> content hash, built in slices of the event loop. */
async function hashesInSlices(entries: readonly ListEntry[], sliceMs: number): Promise<Map<string, string>> {
  const slice = slicer(sliceMs);
  const hashes = new Map<string, string>();
  for (const [i, e] of entries.entries()) {
    hashes.set(e.entry_id, e.content_hash);
    if (i % 1024 === 0) await slice.pause();
  }
  return hashes;
}
