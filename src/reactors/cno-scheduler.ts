import type { Clock } from '../adapters/clock.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { openCnoTasks, type CnoDeps } from '../commands/cno.js';
import { errorText, type Logger } from '../logger.js';
import type { SubscriptionRunner } from '../processing/runner.js';
import type { Schedule } from '../processing/schedule.js';
import { systemContext } from '../processing/system-context.js';
import type { TenantDoc } from '../projections/tenants.js';

/**
 * Opens the annual negative communication tasks (Circular 3.978 art. 54) of the year just ended:
 * every hour as a schedule, and at start, so 1 January is never missed (an instance down then
 * opens them when it starts). Opening is idempotent per stream: most runs of the year open nothing.
 */
export class CnoScheduler {
  readonly schedule: Schedule;

  constructor(
    private readonly deps: CnoDeps & { readStore: ReadStore },
    private readonly runner: Pick<SubscriptionRunner, 'waitFor'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs = 3_600_000,
  ) {
    this.schedule = { id: 'cno', everyMs: this.intervalMs, timeoutMs: 30 * 60_000, run: () => this.runDue() };
  }

  /** Opens what is due for every tenant; returns how many tasks were opened. */
  async runDue(): Promise<number> {
    const now = this.clock.now().toISOString();
    let opened = 0;
    for (const { doc: tenant } of await this.deps.readStore.listCollection<TenantDoc>('tenants')) {
      try {
        const context = systemContext({ tenant_id: tenant.tenant_id, correlation_id: `cno:${tenant.tenant_id}`, at: now }, `cno:${tenant.tenant_id}`);
        const result = await openCnoTasks(this.deps, tenant, context);
        opened += result.opened;
        // the tasks are listed from their read model as soon as this run ends
        if (result.position !== null) await this.runner.waitFor(result.position, 30_000);
      } catch (error) {
        this.logger.error('annual negative communication tasks not opened', { tenant_id: tenant.tenant_id, error: errorText(error) });
      }
    }
    return opened;
  }
}
