import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { fetchListFiles, ListFetchError, type ListFetchOptions, type Validators } from '../adapters/lists/fetcher.js';
import type { UnpackLimits } from '../adapters/lists/files.js';
import type { ListImporter } from '../adapters/lists/importers/port.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import { handleCommand } from '../commands/handle-command.js';
import { importListVersion } from '../commands/lists.js';
import { listDecider, listStream } from '../domain/list/decider.js';
import { LIST_INFO } from '../domain/list/info.js';
import type { ListRefresh, ListSearch } from '../domain/screening/port.js';
import { errorText, type Logger } from '../logger.js';
import * as t from 'io-ts';
import { workKind } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import type { WorkHandler, WorkResult, Worker } from '../processing/worker.js';

export const LIST_REFRESH_WORK = 'list-refresh';
/** After a failed fetch, the next try (the last good version keeps serving meanwhile). */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

export interface ListRefreshDeps {
  log: EventLog;
  blobs: BlobStore;
  importers: ReadonlyMap<string, ListImporter>;
  catalog: Pick<ListSearch, 'settled' | 'version'>;
  clock: Clock;
  logger: Logger;
  urls: Readonly<Record<string, readonly string[]>>;
  fetch: ListFetchOptions;
  /** the bounds of the fetched files once unzipped */
  unpack?: UnpackLimits;
  work: Pick<Worker, 'schedule'>;
}

/** one item per official list */
const ListRefreshWork = workKind(LIST_REFRESH_WORK, t.type({ list_id: t.string }));
const refreshItem = (listId: string, dueAt: number, rearm = false): NewWorkItem => ListRefreshWork.item(`list-refresh:${listId}`, { list_id: listId }, dueAt, rearm);

/**
 * Scheduled fetching of the official lists: one work item per list, so exactly one instance
 * fetches a list at a time and a crash or a stop only delays the next fetch. An execution fetches
 * the list's files (conditional GET, timeout, size cap, retries), imports them like an upload,
 * and asks to run again after the list's refresh period. A failure (unreachable, hanging, cut
 * short, unreadable, refused) is recorded on the list's stream and the last good version keeps
 * serving; start-up never waits for any of it.
 */
export class ListRefresher implements WorkHandler, ListRefresh {
  readonly workKind = LIST_REFRESH_WORK;
  readonly timeoutMs: number;
  /** failures are recorded and retried on a schedule, never set aside */
  readonly maxAttempts = Number.MAX_SAFE_INTEGER;
  /** the last answers' validators, per URL: conditional GETs within this process's life */
  private readonly validators = new Map<string, Validators[string]>();

  constructor(private readonly deps: ListRefreshDeps) {
    this.timeoutMs = deps.fetch.timeoutMs * (deps.fetch.retries + 1) * 4 + 60_000;
  }

  /** Records a refresh item for every list that has none yet (every instance may: one item each). */
  async schedule(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    await this.deps.work.schedule([...this.deps.importers.keys()].filter((id) => (this.deps.urls[id] ?? []).length > 0).map((id) => refreshItem(id, now)));
  }

  /** The operator's "fetch now". */
  async refreshNow(listId: string): Promise<void> {
    await this.deps.work.schedule([refreshItem(listId, this.deps.clock.now().getTime(), true)]);
  }

  async execute(item: WorkItem): Promise<WorkResult> {
    const listId = ListRefreshWork.decode(item).list_id;
    const importer = this.deps.importers.get(listId);
    const templates = this.deps.urls[listId] ?? [];
    if (!importer || templates.length === 0) return { done: true };
    const now = this.deps.clock.now();
    const period = (LIST_INFO[listId]?.refresh_hours ?? 24) * 3600_000;
    const context = (step: string) => systemContext({ tenant_id: null, correlation_id: item.id, at: now }, `${item.id}:${now.getTime()}:${step}`);
    const failed = async (url: string, reason: string): Promise<WorkResult> => {
      this.deps.logger.warn('list fetch failed', { list_id: listId, reason });
      await handleCommand(this.deps.log, listStream(listId), listDecider, { type: 'RecordFetchFailure', list_id: listId, url, reason, now: now.toISOString() }, context('failed'));
      return { again_at: now.getTime() + Math.min(period, RETRY_AFTER_FAILURE_MS) };
    };
    let fetched;
    try {
      fetched = await fetchListFiles(templates, Object.fromEntries(this.validators), now, this.deps.fetch);
    } catch (error) {
      if (error instanceof ListFetchError) return failed(error.url, error.reason);
      return failed(templates[0]!, errorText(error));
    }
    if (fetched.kind === 'not_modified') {
      await handleCommand(this.deps.log, listStream(listId), listDecider, { type: 'RecordCheck', list_id: listId, now: now.toISOString() }, context('checked'));
      return { again_at: now.getTime() + period };
    }
    // the delta is counted against the active version: let a load under way finish first
    await this.deps.catalog.settled();
    const imported = await importListVersion(
      { log: this.deps.log, blobs: this.deps.blobs, importer, active: (id) => this.deps.catalog.version(id)?.hashes ?? null, limits: this.deps.unpack },
      { files: fetched.files, source: { kind: 'url', url: fetched.urls.join(' ') }, force: false },
      context('import'),
    );
    if (E.isLeft(imported)) return failed(fetched.urls.join(' '), imported.left.message);
    // remembered only once the content is recorded: a failed import is fetched in full next time
    for (const [url, v] of Object.entries(fetched.validators)) this.validators.set(url, v);
    return { again_at: now.getTime() + period };
  }
}
