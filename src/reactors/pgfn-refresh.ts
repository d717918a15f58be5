import * as t from 'io-ts';
import type { Clock } from '../adapters/clock.js';
import { DEFAULT_PGFN_DOWNLOAD, downloadAndImportQuarter, latestQuarter, type PgfnDownloadOptions } from '../adapters/pgfn-register/download.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import type { Config } from '../config.js';
import { errorText, type Logger } from '../logger.js';
import { workKind } from '../processing/reactor.js';
import type { WorkHandler, WorkResult, Worker } from '../processing/worker.js';

export const PGFN_REFRESH_WORK = 'pgfn-refresh';
/** A quarter folder appears some time after its quarter (LAYOUTS-BR-2 section 6: when is unconfirmed): looked for monthly. */
const CHECK_EVERY_MS = 30 * 24 * 3600_000;
const RETRY_AFTER_FAILURE_MS = 6 * 3600_000;

export interface PgfnRefreshDeps {
  config: Config['pgfn'];
  clock: Clock;
  logger: Logger;
  work: Pick<Worker, 'schedule'>;
  /** the quarter served, null when none was ever imported */
  currentQuarter: () => Promise<string | null>;
  importDir: (dir: string, quarter: string) => Promise<unknown>;
  download?: PgfnDownloadOptions;
}

const PgfnRefreshWork = workKind(PGFN_REFRESH_WORK, t.type({}));

/**
 * The scheduled check for a new PGFN quarter as one work item (its fixed id: one instance at a
 * time, the holder of its lease), like the CNPJ register's refresher: a quarter newer than the one
 * served is downloaded (resumably), imported and its zips deleted; a failure is logged with URLs
 * and file names only and tried again later, the previous quarter serving meanwhile.
 */
export class PgfnRefresher implements WorkHandler {
  readonly workKind = PGFN_REFRESH_WORK;
  readonly timeoutMs = 24 * 3600_000;
  readonly maxAttempts = Number.MAX_SAFE_INTEGER;

  constructor(private readonly deps: PgfnRefreshDeps) {}

  async schedule(): Promise<void> {
    if (!this.deps.config.fetch) return;
    const item: NewWorkItem = PgfnRefreshWork.item(PGFN_REFRESH_WORK, {}, this.deps.clock.now().getTime());
    await this.deps.work.schedule([item]);
  }

  async execute(_item: WorkItem, signal: AbortSignal): Promise<WorkResult> {
    const now = this.deps.clock.now().getTime();
    if (!this.deps.config.fetch) return { done: true };
    const { url, dir } = this.deps.config;
    const options = { ...(this.deps.download ?? DEFAULT_PGFN_DOWNLOAD), signal };
    let quarter: string | null = null;
    try {
      quarter = await latestQuarter(url, options);
      const current = await this.deps.currentQuarter();
      if (current !== null && quarter <= current) return { again_at: now + CHECK_EVERY_MS };
      this.deps.logger.info('pgfn register: downloading a new quarter', { quarter, url });
      await downloadAndImportQuarter(url, quarter, dir, this.deps.importDir, options);
      this.deps.logger.info('pgfn register: quarter imported', { quarter });
      return { again_at: now + CHECK_EVERY_MS };
    } catch (error) {
      if (signal.aborted) throw error;
      this.deps.logger.warn('pgfn register refresh failed', { quarter, url, reason: errorText(error) });
      return { again_at: now + RETRY_AFTER_FAILURE_MS };
    }
  }
}
