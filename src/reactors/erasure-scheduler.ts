import type { Clock } from '../adapters/clock.js';
import { carryOut, rescheduleIfActive, type ErasureDeps } from '../commands/erasure.js';
import { errorText, type Logger } from '../logger.js';
import type { ErasureDoc } from '../projections/erasures.js';
import { type SubscriptionRunner } from '../processing/runner.js';
import type { Schedule } from '../processing/schedule.js';
import { systemContext } from '../processing/system-context.js';

/** Scheduled erasures read per query: every page is read, so every due erasure runs, however many are scheduled. */
export const ERASURE_PAGE = 1_000;

/**
 * Carries out scheduled erasures once their retention period has passed: on start and then
 * every `intervalMs`, as a schedule (one durable recurring work item, run by one instance at a
 * time). After the read models scrubbed the subject, the store's files are purged.
 */
export class ErasureScheduler {
  /** the recurring run, handed to the processing runtime */
  readonly schedule: Schedule;

  constructor(
    private readonly deps: ErasureDeps,
    private readonly runner: SubscriptionRunner,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs = 3_600_000,
    private readonly pageSize = ERASURE_PAGE,
  ) {
    this.schedule = { id: 'erasures', everyMs: this.intervalMs, timeoutMs: 30 * 60_000, run: () => this.runDue() };
  }

  async runDue(): Promise<number> {
    const now = this.clock.now().toISOString();
    let done = 0;
    for await (const erasure of this.due(now)) {
      try {
        const context = systemContext({ tenant_id: erasure.tenant_id, correlation_id: erasure.erasure_id, at: now }, `erasure:${erasure.erasure_id}`);
        if (await rescheduleIfActive(this.deps, erasure.stream, context)) continue;
        const position = await carryOut(this.deps, erasure.stream, context);
        await this.runner.waitFor(position, 30_000);
        await this.deps.readStore.purge();
        done++;
      } catch (error) {
        this.logger.error('erasure failed', { erasure_id: erasure.erasure_id, error: errorText(error) });
      }
    }
    return done;
  }

  /**
   * Every scheduled erasure due by `now`, read a page at a time (keyset on created_at and id, newest
   * first): one carried out meanwhile leaves the filter without moving the pages after it.
   */
  private async *due(now: string): AsyncGenerator<ErasureDoc> {
    // a held erasure (a legal hold, issue 30) is carried out like a scheduled one once its date passes
    for (const status of ['scheduled', 'held'] as const) yield* this.dueOf(status, now);
  }

  private async *dueOf(status: ErasureDoc['status'], now: string): AsyncGenerator<ErasureDoc> {
    let before: { created_at: string; id: string } | undefined;
    for (;;) {
      const page = await this.deps.readStore.find<ErasureDoc>('erasures', { where: { status }, ...(before ? { before } : {}), limit: this.pageSize });
      // the page is read before any of it is carried out: its erasures change the collection it pages over
      for (const erasure of page.filter((e) => e.due_at <= now)) yield erasure;
      if (page.length < this.pageSize) return;
      const last = page[page.length - 1]!;
      before = { created_at: last.created_at, id: last.stream };
    }
  }
}
