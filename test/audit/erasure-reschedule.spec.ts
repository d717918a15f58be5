import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import type { ErasureDoc } from '../../src/projections/erasures.js';
import { createTenant, startService } from '../helpers/service.js';

const YEAR_MS = 365 * 24 * 3600_000;

describe('a scheduled erasure and later activity', () => {
  it('moves to the end of the retention period after the last activity, then runs', async () => {
    const clock = new ManualClock('2026-01-10T12:00:00.000Z');
    const service = await startService({ clock });
    try {
      const tenant = await createTenant(service);
      const key = (await tenant.key()).api_key;
      const template = (await (await service.operator('/templates', { method: 'POST', json: { tenant_id: tenant.tenant_id, ...REFERENCE_PF } })).json()) as { template_id: string };
      const run = async () => {
        const response = await service.call('/api/v1/bureau/runs', {
          method: 'POST',
          headers: { 'x-api-key': key },
          json: { template_id: template.template_id, subject: { type: 'pf', doc: '52998224725', name: 'Ana Lima' } },
        });
        expect(response.status).to.equal(202);
        await service.services.worker.idle();
        await service.services.runner.waitFor(await service.services.eventStore.headPosition());
      };
      await run();
      const requested = await service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: tenant.tenant_id, doc: '52998224725' } });
      expect(requested.status).to.equal(202);
      const { due_at: firstDue } = (await requested.json()) as { due_at: string };
      expect(firstDue.startsWith('2031-01-10')).to.equal(true);

      clock.advance(YEAR_MS); // the subject comes back a year later
      await run();
      clock.set(new Date(Date.parse(firstDue) + 1000));
      expect(await service.services.erasures.runDue()).to.equal(0);
      await service.services.runner.waitFor(await service.services.eventStore.headPosition());
      const [erasure] = await service.services.readStore.find<ErasureDoc>('erasures', { where: { tenant_id: tenant.tenant_id }, limit: 10 });
      expect(erasure!.status).to.equal('scheduled');
      expect(erasure!.due_at > firstDue).to.equal(true);
      expect(erasure!.due_at, erasure!.due_at).to.match(/^2032-01-10/);

      clock.set(new Date(Date.parse(erasure!.due_at) + 1000));
      expect(await service.services.erasures.runDue()).to.equal(1);
      await service.services.runner.waitFor(await service.services.eventStore.headPosition());
      const [after] = await service.services.readStore.find<ErasureDoc>('erasures', { where: { tenant_id: tenant.tenant_id }, limit: 10 });
      expect(after!.status).to.equal('erased');
    } finally {
      await service.close();
    }
  });
});
