import { expect } from 'chai';
import { seedDemo } from '../../src/seed.js';
import { startService, type TestService } from '../helpers/service.js';

/**
 * `npm start` on a fresh install prints the demo tenant. The list refresher starts with the
 * service and may record a fetch (or its failure) first: the seed must not take that for an
 * install in use, and must still seed only once.
 */
describe('the demo seed on a fresh install', function () {
  this.timeout(60_000);
  let service: TestService;
  before(async () => {
    service = await startService({ env: { SVC_SEED_DEMO: 'true' } });
  });
  after(async () => service.close());

  it('seeds the demo tenant although a list fetch was recorded first, and only once', async () => {
    await service.services.eventStore.append('list-un_sc', [{ id: 'c0ffee00-0000-4000-8000-000000000001', type: 'ListChecked', data: { list_id: 'un_sc', at: new Date().toISOString() }, metadata: { tenant_id: null, actor: 'system', request_id: null, occurred_at: new Date().toISOString(), correlation_id: 'probe', causation_id: null } }], 'any');
    const demo = await seedDemo(service.services);
    expect(demo?.tenant_id).to.be.a('string');
    expect(await seedDemo(service.services)).to.equal(null);
  });
});
