import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { fetchListFiles, ListFetchError, type ListFetchOptions, type ListFetchResult, type PreviousFiles } from '../adapters/lists/fetcher.js';
import { PollRecords } from '../adapters/lists/poll-history.js';
import type { UnpackLimits } from '../adapters/lists/files.js';
import type { ListImporter } from '../adapters/lists/importers/port.js';
import type { ListWorkers } from '../adapters/lists/worker-pool.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import { handleCommand, type CommandContext } from '../commands/handle-command.js';
import { importListVersion } from '../commands/lists.js';
import { listDecider } from '../domain/list/decider.js';
import type { PollFile } from '../domain/list/events.js';
import { defaultPollSeconds } from '../domain/list/info.js';
import { nextCheckAt, pollStream } from '../domain/list/poll.js';
import type { ListRefresh, ListSearch } from '../domain/screening/port.js';
import { errorText, type Logger } from '../logger.js';
import * as t from 'io-ts';
import { workKind } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import type { WorkHandler, WorkResult, Worker } from '../processing/worker.js';

export const LIST_REFRESH_WORK = 'list-refresh';

export interface ListRefreshDeps {
  log: EventLog;
  blobs: BlobStore;
  importers: ReadonlyMap<string, ListImporter>;
  /** with the worker threads that parse a version (the service's pool, closed with it) */
  catalog: Pick<ListSearch, 'settled' | 'version' | 'state'> & { workers?: ListWorkers };
  clock: Clock;
  logger: Logger;
  urls: Readonly<Record<string, readonly string[]>>;
  /** each list's poll period (config `lists.pollSeconds`); a list not named polls at its LIST_INFO default */
  pollSeconds?: Readonly<Record<string, number>>;
  fetch: ListFetchOptions;
  /** the bounds of the fetched files once unzipped */
  unpack?: UnpackLimits;
  work: Pick<Worker, 'schedule'>;
  /** the jitter's source, uniform in [0, 1) (default Math.random) */
  random?: () => number;
  /**
   * lists fetched another way than by their URL templates (the Portal da Transparência API when
   * its key is set): consulted first; the same outcomes, the same records, the same safeguards
   */
  fetchers?: ReadonlyMap<string, ListFetcher>;
  /** the longest one of those fetchers may take (a paced API pass can take minutes) */
  fetcherTimeoutMs?: number;
}

/** One list's fetch strategy: what changed since the last good download (`previous`), or a ListFetchError. */
export type ListFetcher = (previous: PreviousFiles, now: Date) => Promise<ListFetchResult>;

/** one item per official list */
const ListRefreshWork = workKind(LIST_REFRESH_WORK, t.type({ list_id: t.string }));
const refreshItem = (listId: string, dueAt: number, rearm = false): NewWorkItem => ListRefreshWork.item(`list-refresh:${listId}`, { list_id: listId }, dueAt, rearm);

/** What the last poll record says the next poll needs. */
interface Previous {
  files: readonly PollFile[];
  consecutive_failures: number;
  last_checked_at: string | null;
}

type PollOutcome =
  | { kind: 'check'; result: 'not_modified' | 'same_content' | 'new_version'; files: readonly PollFile[]; version_id?: string }
  | { kind: 'failure'; url: string; reason: string };

type Context = (step: string, at?: Date) => CommandContext;

/**
 * Scheduled polling of the official lists (issue 29): one work item per list, so exactly one
 * instance polls a list at a time and a crash or a stop only delays the next poll. A poll is a
 * conditional GET with the validators of the last good download, read from the list's last poll
 * record (so a restart or another instance still sends them): a 304 is a check; a 200 whose
 * bytes hash to the last good download's is a check too, with nothing unzipped or parsed; new
 * bytes are imported like an upload. Each poll leaves one record on `listpoll-<list_id>-<day>`
 * (ListChecked or ListFetchFailed) and asks to run again after the list's period, jittered, or
 * after a backoff when it failed (poll.ts); the last good version keeps serving meanwhile.
 * A version refused, or a file that cannot be read, is not remembered as a good download: the
 * next poll (after the backoff) downloads and reads it again.
 */
export class ListRefresher implements WorkHandler, ListRefresh {
  readonly workKind = LIST_REFRESH_WORK;
  readonly timeoutMs: number;
  /** failures are recorded and retried on a schedule, never set aside */
  readonly maxAttempts = Number.MAX_SAFE_INTEGER;
  private readonly records: PollRecords;

  constructor(private readonly deps: ListRefreshDeps) {
    this.timeoutMs = Math.max(deps.fetch.timeoutMs * (deps.fetch.retries + 1) * 4 + 60_000, deps.fetcherTimeoutMs ?? 0);
    this.records = new PollRecords(deps.log);
  }

  /** Records a refresh item for every list that has none yet (every instance may: one item each). */
  async schedule(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    await this.deps.work.schedule([...this.deps.importers.keys()].filter((id) => this.deps.fetchers?.has(id) || (this.deps.urls[id] ?? []).length > 0).map((id) => refreshItem(id, now)));
  }

  /** The operator's "fetch now". */
  async refreshNow(listId: string): Promise<void> {
    await this.deps.work.schedule([refreshItem(listId, this.deps.clock.now().getTime(), true)]);
  }

  /** A list's poll period in seconds. */
  pollSeconds(listId: string): number {
    return this.deps.pollSeconds?.[listId] ?? defaultPollSeconds(listId);
  }

  async execute(item: WorkItem): Promise<WorkResult> {
    const listId = ListRefreshWork.decode(item).list_id;
    const importer = this.deps.importers.get(listId);
    const templates = this.deps.urls[listId] ?? [];
    const fetcher = this.deps.fetchers?.get(listId);
    if (!importer || (templates.length === 0 && !fetcher)) return { done: true };
    const now = this.deps.clock.now();
    // ids from the poll's start (a retried poll appends the same ids); the time each record's own
    const context: Context = (step, at = now) => systemContext({ tenant_id: null, correlation_id: item.id, at }, `${item.id}:${now.getTime()}:${step}`);
    const previous = await this.previous(listId, now);
    const fetch = fetcher ? () => fetcher(previous.files, now) : () => fetchListFiles(templates, previous.files, now, this.deps.fetch);
    const outcome = await this.poll(importer, fetch, templates[0] ?? listId, previous, now, context);
    const next = await this.record(listId, outcome, previous, now, context);
    return { again_at: next.getTime() };
  }

  private async previous(listId: string, now: Date): Promise<Previous> {
    const last = await this.records.latest(listId, now);
    if (!last) return { files: [], consecutive_failures: 0, last_checked_at: this.deps.catalog.state(listId).last_checked_at };
    const state = listDecider.evolve(listDecider.initialState, last);
    return { files: state.files, consecutive_failures: state.consecutive_failures, last_checked_at: state.last_checked_at };
  }

  /** Downloads what changed and imports it; says what the poll found. */
  private async poll(importer: ListImporter, fetch: () => Promise<ListFetchResult>, where: string, previous: Previous, now: Date, context: Context): Promise<PollOutcome> {
    const started = performance.now();
    let fetched;
    try {
      fetched = await fetch();
    } catch (error) {
      if (error instanceof ListFetchError) return { kind: 'failure', url: error.url, reason: error.reason };
      return { kind: 'failure', url: where, reason: errorText(error) };
    }
    if (fetched.kind === 'not_modified') return { kind: 'check', result: 'not_modified', files: previous.files };
    if (fetched.kind === 'unchanged') return { kind: 'check', result: 'same_content', files: fetched.downloaded };
    const url = fetched.urls.join(' ');
    const fetchedAt = this.deps.clock.now();
    const fileDate = newestDate(fetched.downloaded.map((d) => d.last_modified));
    const source = { kind: 'url' as const, url, fetched_at: fetchedAt.toISOString(), download_ms: Math.round(performance.now() - started), ...(fileDate ? { file_date: fileDate } : {}) };
    // the delta is counted against the active version: let a load under way finish first
    await this.deps.catalog.settled();
    const imported = await importListVersion(
      { log: this.deps.log, blobs: this.deps.blobs, importer, active: (id) => this.deps.catalog.version(id)?.hashes ?? null, limits: this.deps.unpack, workers: this.deps.catalog.workers },
      { files: fetched.files, source, force: false },
      // imported_at is then never before fetched_at (the latency evidence reads both)
      context('import', fetchedAt),
    );
    if (E.isLeft(imported)) return { kind: 'failure', url, reason: imported.left.message };
    const result = imported.right;
    if (result.outcome === 'refused') return { kind: 'failure', url, reason: `refused: ${result.reason}` };
    if (result.outcome === 'unchanged') return { kind: 'check', result: 'same_content', files: fetched.downloaded };
    return { kind: 'check', result: 'new_version', files: fetched.downloaded, version_id: result.version_id };
  }

  /** The poll's record on the list's poll stream of the day; answers when to look again. */
  private async record(listId: string, outcome: PollOutcome, previous: Previous, now: Date, context: Context): Promise<Date> {
    const periodSeconds = this.pollSeconds(listId);
    const failures = outcome.kind === 'check' ? 0 : previous.consecutive_failures + 1;
    const next = nextCheckAt(now, periodSeconds * 1000, failures, (this.deps.random ?? Math.random)());
    const poll = { poll_seconds: periodSeconds, next_check_at: next.toISOString() };
    const at = now.toISOString();
    if (outcome.kind === 'check') {
      const { result, files, version_id } = outcome;
      const command = { type: 'RecordCheck' as const, list_id: listId, now: at, poll: { ...poll, files, result, ...(version_id ? { version_id } : {}) } };
      await handleCommand(this.deps.log, pollStream(listId, now), listDecider, command, context('checked'), { keepState: true });
    } else {
      this.deps.logger.warn('list fetch failed', { list_id: listId, reason: outcome.reason, consecutive_failures: failures, next_check_at: poll.next_check_at });
      const carried = { ...poll, files: previous.files, consecutive_failures: failures, last_checked_at: previous.last_checked_at };
      const command = { type: 'RecordFetchFailure' as const, list_id: listId, url: outcome.url, reason: outcome.reason, now: at, poll: carried };
      await handleCommand(this.deps.log, pollStream(listId, now), listDecider, command, context('failed'), { keepState: true });
    }
    return next;
  }
}

/** The newest of the files' Last-Modified dates, ISO; null when no file has a readable one. */
export function newestDate(headers: readonly (string | null)[]): string | null {
  const times = headers.map((h) => (h ? Date.parse(h) : NaN)).filter((t) => Number.isFinite(t));
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
}
