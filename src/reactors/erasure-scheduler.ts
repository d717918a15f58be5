import type { Clock } from '../adapters/clock.js';
import { carryOut, rescheduleIfActive, type ErasureDeps } from '../commands/erasure.js';
import { errorText, type Logger } from '../logger.js';
import type { ErasureDoc } from '../projections/erasures.js';
import { type SubscriptionRunner } from '../processing/runner.js';

/**
 * Carries out scheduled erasures once their retention period has passed: on start and then
 * every `intervalMs`. After the read models scrubbed the subject, the store's files are purged.
 */
export class ErasureScheduler {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: ErasureDeps,
    private readonly runner: SubscriptionRunner,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs = 3_600_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runDue(), this.intervalMs);
    this.timer.unref();
  }

  async runDue(): Promise<number> {
    const now = this.clock.now().toISOString();
    const scheduled = await this.deps.readStore.find<ErasureDoc>('erasures', { where: { status: 'scheduled' }, limit: 10_000 });
    let done = 0;
    for (const erasure of scheduled.filter((e) => e.due_at <= now)) {
      try {
        const context = {
          metadata: { tenant_id: erasure.tenant_id, actor: 'system', request_id: null, occurred_at: now, correlation_id: erasure.erasure_id, causation_id: null },
          commandId: `erasure:${erasure.erasure_id}`,
        };
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

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
