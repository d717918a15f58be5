import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { loadState } from '../commands/handle-command.js';
import { ledgerCommand } from '../commands/ledger.js';
import { runStream } from '../domain/run/decider.js';
import type { TenantDoc } from '../projections/tenants.js';
import { ledgerDecider, ledgerStream } from '../domain/ledger/decider.js';
import { RunEvent } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Processor } from '../processing/runner.js';
import { systemContext } from '../processing/system-context.js';

/**
 * Settles the credits reserved for a live run when it ends: the actual cost is captured and
 * the rest released; a failed or cancelled run costs nothing. Each charge settles once in the
 * ledger, so a replayed event bills nothing twice.
 */
export class BillingReactor implements Processor {
  readonly id = 'reactor:billing';
  readonly kind = 'reactor' as const;

  constructor(private readonly log: EventLog, private readonly readStore: ReadStore) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const event of events.filter(isEventOf(RunEvent))) {
      const tenantId = event.metadata.tenant_id;
      if (!tenantId) continue;
      const context = systemContext({ event }, `billing:${event.id}`);
      if (event.type === 'RunCompleted' && event.data.environment === 'live') {
        await ledgerCommand(this.log, {
          type: 'Capture',
          tenant_id: tenantId,
          charge_id: event.data.run_id,
          amount: event.data.cost,
          now: event.metadata.occurred_at,
        }, context);
      } else if (event.type === 'RunFailed' || event.type === 'RunCancelled') {
        // a sandbox run reserved nothing, so there is nothing to release
        await ledgerCommand(this.log, { type: 'Release', tenant_id: tenantId, charge_id: event.data.run_id, now: event.metadata.occurred_at }, context);
      }
      if ((event.type === 'RunCompleted' || event.type === 'RunFailed') && event.data.environment === 'live') await this.settleRetry(tenantId, event);
    }
  }

  /**
   * A run that ended again after its failed sources were retried (issue 28): the retry's own
   * charge captures what those sources cost now (answered, not cached) and releases the rest.
   */
  private async settleRetry(tenantId: string, event: StoredEvent<Extract<RunEvent, { type: 'RunCompleted' | 'RunFailed' }>>): Promise<void> {
    const history = (await this.log.readStream(runStream(event.data.run_id))).filter(isEventOf(RunEvent));
    const at = history.findIndex((e) => e.id === event.id);
    const retried = history.slice(0, at < 0 ? history.length : at).reverse().find((e) => e.type === 'RunSourcesRetried' || e.type === 'RunCompleted' || e.type === 'RunFailed');
    if (retried?.type !== 'RunSourcesRetried') return;
    const since = history.slice(history.indexOf(retried), at < 0 ? history.length : at);
    const cost = since.reduce((sum, e) => (e.type === 'SourceAnswered' && e.data.status === 'ANSWERED' && !e.data.cached ? sum + e.data.cost : sum), 0);
    const context = systemContext({ event }, `billing:${event.id}:retry`);
    await ledgerCommand(this.log, { type: 'Capture', tenant_id: tenantId, charge_id: retried.data.charge_id, amount: cost, now: event.metadata.occurred_at }, context);
  }

  /**
   * A crash between reserving a run's credits and queueing the run leaves a reservation with no
   * run. On start, reservations older than `graceMs` whose run stream is empty are released.
   */
  async releaseOrphans(now: Date, graceMs = 60_000): Promise<number> {
    let released = 0;
    for (const { doc: tenant } of await this.readStore.listCollection<TenantDoc>('tenants')) {
      const { state } = await loadState(this.log, ledgerStream(tenant.tenant_id), ledgerDecider);
      for (const [chargeId, reservation] of Object.entries(state.reservations)) {
        if (Date.parse(reservation.reserved_at) > now.getTime() - graceMs) continue;
        if ((await this.log.store.readStream(runStream(chargeId))).length > 0) continue;
        const context = systemContext({ tenant_id: tenant.tenant_id, correlation_id: chargeId, at: now }, `orphan:${chargeId}`);
        await ledgerCommand(this.log, { type: 'Release', tenant_id: tenant.tenant_id, charge_id: chargeId, now: context.metadata.occurred_at }, context);
        released++;
      }
    }
    return released;
  }
}
