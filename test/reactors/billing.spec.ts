import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { handleCommand } from '../../src/commands/handle-command.js';
import { ledgerDecider, ledgerStream } from '../../src/domain/ledger/decider.js';
import { createTenant, startService } from '../helpers/service.js';

describe('billing reactor', () => {
  it('releases, on start, a reservation whose run was never queued (a crash between the two appends)', async () => {
    const clock = new ManualClock(new Date());
    const first = await startService({ clock });
    const { tenant_id } = await createTenant(first);
    await first.operator(`/tenants/${tenant_id}/credits`, { method: 'POST', json: { amount: 20, reason: 'x' } });
    const context = (id: string) => ({
      metadata: { tenant_id, actor: 'system', request_id: null, occurred_at: clock.now().toISOString(), correlation_id: id, causation_id: null },
      commandId: id,
    });
    // the orphan: reserved, then the process died before the run was queued
    await handleCommand(first.services.log, ledgerStream(tenant_id), ledgerDecider, { type: 'Reserve', tenant_id, charge_id: 'b5f2c1de-0000-4000-8000-000000000001', amount: 8, now: clock.now().toISOString() }, context('orphan'));
    const balance = async (service: typeof first) => ((await (await service.operator(`/tenants/${tenant_id}`)).json()) as { balance: number }).balance;
    await first.services.runner.waitFor(await first.services.eventStore.headPosition());
    expect(await balance(first)).to.equal(12);
    await first.close();

    // restarting within the grace period keeps it (the run may still be on its way)
    const soon = await startService({ dataDir: first.dataDir, clock });
    expect(await balance(soon)).to.equal(12);
    await soon.close();

    clock.advance(2 * 60_000);
    const later = await startService({ dataDir: first.dataDir, clock });
    try {
      await later.services.runner.waitFor(await later.services.eventStore.headPosition());
      expect(await balance(later)).to.equal(20);
    } finally {
      await later.close();
    }
  });
});
