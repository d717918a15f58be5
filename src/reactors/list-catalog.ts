import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ListImporter } from '../adapters/lists/importers/port.js';
import { listBlobKey } from '../commands/lists.js';
import { loadState } from '../commands/handle-command.js';
import { listDecider, listStream, type ListState } from '../domain/list/decider.js';
import { ListEvent, type ListVersionImportedData } from '../domain/list/events.js';
import type { ListEntry } from '../domain/screening/entry.js';
import { buildIndex, type ScreeningIndex } from '../domain/screening/match/index.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../domain/screening/match/weights.js';
import { isEventOf } from '../domain/shared/events.js';
import { errorText, type Logger } from '../logger.js';
import type { Processor } from '../processing/runner.js';

export interface LoadedVersion {
  version: ListVersionImportedData;
  entries: readonly ListEntry[];
  /** entry id -> content hash, for the next version's delta */
  hashes: ReadonlyMap<string, string>;
}

export interface ListCatalogDeps {
  log: EventLog;
  blobs: BlobStore;
  importers: ReadonlyMap<string, ListImporter>;
  logger: Logger;
}

/**
 * The loaded lists of this instance: for every list, its stream's state and the entries of its
 * active version, parsed again from the version's raw files in the blob store. Built on start
 * from the stored versions, and on every instance again whenever any instance imports a new
 * version (it sees `ListVersionImported` in the log). An in-memory read model: requests wait for
 * it like for the other projections, so a version answered as imported is the one searched.
 */
export class ListCatalog implements Processor {
  readonly id = 'projection:list-catalog';
  readonly kind = 'projection' as const;
  /** rebuilt from the streams on every start: nothing to resume */
  readonly startAt = 'head' as const;
  private readonly states = new Map<string, ListState>();
  private readonly loaded = new Map<string, LoadedVersion>();
  private readonly listeners: ((listId: string, version: LoadedVersion) => void)[] = [];
  private searchIndex: ScreeningIndex | null = null;

  constructor(private readonly deps: ListCatalogDeps) {}

  async start(): Promise<void> {
    for (const listId of this.deps.importers.keys()) await this.refresh(listId);
    this.reindex();
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const touched = new Set<string>();
    for (const event of events) if (isEventOf(ListEvent)(event)) touched.add(event.data.list_id);
    let loaded = false;
    for (const listId of touched) loaded = (await this.refresh(listId)) || loaded;
    if (loaded) this.reindex();
  }

  private reindex(): void {
    const entries = [...this.loaded.values()].flatMap((v) => v.entries);
    // fixed weights, not the loaded lists' frequencies: an answer then depends only on the versions it
    // names, so verify-run re-derives it from those versions alone
    this.searchIndex = entries.length > 0 ? buildIndex(entries, { weights: DEFAULT_TOKEN_WEIGHTS }) : null;
  }

  /** Told of every version loaded (the screening index rebuilds from it). */
  onLoaded(listener: (listId: string, version: LoadedVersion) => void): void {
    this.listeners.push(listener);
  }

  /** The search index over every loaded list's entries, rebuilt whenever a version loads; null when none is loaded. */
  index(): ScreeningIndex | null {
    return this.searchIndex;
  }

  state(listId: string): ListState {
    return this.states.get(listId) ?? listDecider.initialState;
  }

  version(listId: string): LoadedVersion | null {
    return this.loaded.get(listId) ?? null;
  }

  listIds(): string[] {
    return [...this.deps.importers.keys()];
  }

  /** Reads the list's stream; loads its active version when it is new here. True when one was loaded. */
  private async refresh(listId: string): Promise<boolean> {
    const { state } = await loadState(this.deps.log, listStream(listId), listDecider);
    this.states.set(listId, state);
    const active = state.active;
    if (!active || this.loaded.get(listId)?.version.version_id === active.version_id) return false;
    const importer = this.deps.importers.get(listId);
    if (!importer) return false;
    try {
      const files = await Promise.all(
        active.files.map(async (f) => {
          const blob = await this.deps.blobs.get(listBlobKey(f.sha256));
          if (!blob) throw new Error(`raw file ${f.name} of version ${active.version_id} is missing from the blob store`);
          return { name: f.name, data: blob.data };
        }),
      );
      const parsed = await importer.parse(files);
      const version: LoadedVersion = { version: active, entries: parsed.entries, hashes: new Map(parsed.entries.map((e) => [e.entry_id, e.content_hash])) };
      this.loaded.set(listId, version);
      for (const listener of this.listeners) listener(listId, version);
      return true;
    } catch (error) {
      // the previous version keeps serving
      this.deps.logger.error('list version not loaded', { list_id: listId, version_id: active.version_id, error: errorText(error) });
      return false;
    }
  }
}
