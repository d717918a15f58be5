import type { Clock } from '../adapters/clock.js';
import { DEFAULT_CNPJ_DOWNLOAD, downloadAndImport, latestMonth, type CnpjDownloadOptions } from '../adapters/cnpj-register/download.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import type { Config } from '../config.js';
import { errorText, type Logger } from '../logger.js';
import * as t from 'io-ts';
import { workKind } from '../processing/reactor.js';
import type { WorkHandler, WorkResult, Worker } from '../processing/worker.js';

export const CNPJ_REFRESH_WORK = 'cnpj-refresh';
/** The Receita publishes once a month on no fixed day: the folder is looked at daily. */
const CHECK_EVERY_MS = 24 * 3600_000;
/** After a failure (unreachable, a corrupt file, a refused import), the next try; the downloaded files stay for it. */
const RETRY_AFTER_FAILURE_MS = 3600_000;

export interface CnpjRefreshDeps {
  config: Config['cnpj'];
  clock: Clock;
  logger: Logger;
  work: Pick<Worker, 'schedule'>;
  /** the month being served (`YYYY-MM`), null when none was ever imported */
  currentMonth: () => Promise<string | null>;
  /** loads a downloaded month directory; resolves once the month is the one served */
  importDir: (dir: string, month: string) => Promise<unknown>;
  download?: CnpjDownloadOptions;
}

/** The one item: its fixed id makes every instance's `schedule()` record the same item. */
const CnpjRefreshWork = workKind(CNPJ_REFRESH_WORK, t.type({}));
const refreshItem = (dueAt: number): NewWorkItem => CnpjRefreshWork.item(CNPJ_REFRESH_WORK, {}, dueAt);

/**
 * The scheduled monthly fetch of the CNPJ register as one work item, so exactly one instance (the
 * holder of its lease) downloads and imports, and a crash only delays it: the next execution
 * resumes the download where the files stand. An execution looks for the folder's latest month;
 * one newer than the month served is downloaded, imported, and its zips deleted. It runs again a
 * day later, or an hour later after a failure, which is logged with URLs and file names only (the
 * dump's rows never reach a log).
 */
export class CnpjRefresher implements WorkHandler {
  readonly workKind = CNPJ_REFRESH_WORK;
  /** a month is several gigabytes from a slow server: the lease is renewed all along */
  readonly timeoutMs = 24 * 3600_000;
  /** failures are retried on a schedule, never set aside */
  readonly maxAttempts = Number.MAX_SAFE_INTEGER;

  constructor(private readonly deps: CnpjRefreshDeps) {}

  /** Records the refresh item unless the fetch is off (the default) or one is recorded already. */
  async schedule(): Promise<void> {
    if (!this.deps.config.fetch) return;
    await this.deps.work.schedule([refreshItem(this.deps.clock.now().getTime())]);
  }

  async execute(_item: WorkItem, signal: AbortSignal): Promise<WorkResult> {
    const now = this.deps.clock.now().getTime();
    if (!this.deps.config.fetch) return { done: true };
    const { url, dir } = this.deps.config;
    const options = { ...(this.deps.download ?? DEFAULT_CNPJ_DOWNLOAD), signal };
    let month: string | null = null;
    try {
      month = await latestMonth(url, options);
      const current = await this.deps.currentMonth();
      if (current !== null && month <= current) return { again_at: now + CHECK_EVERY_MS };
      this.deps.logger.info('cnpj register: downloading a new month', { month, url });
      const { files } = await downloadAndImport(url, month, dir, this.deps.importDir, options);
      this.deps.logger.info('cnpj register: month imported', { month, files: files.length });
      return { again_at: now + CHECK_EVERY_MS };
    } catch (error) {
      // a stop or the worker's timeout: released as is, the next execution resumes
      if (signal.aborted) throw error;
      this.deps.logger.warn('cnpj register refresh failed', { month, url, reason: errorText(error) });
      return { again_at: now + RETRY_AFTER_FAILURE_MS };
    }
  }
}
