import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, patchTenant, pfBody } from './customers-support.js';
import { eventually, getJson, startRunsService, waitForRun, world, type Json, type World } from './runs-support.js';

/** A customer's latest_run follows its run through every status, not only the terminal ones. */
describe("HTTP customers: latest_run follows the run's progress", () => {
  let service: TestService;
  let w: World;
  before(async () => {
    service = await startRunsService();
    w = await world(service);
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
  });
  after(async () => service.close());

  it('shows running while the run runs, and cancelado once the operator cancels it', async () => {
    // 00000000868: every sandbox source answers after 3 s, so the run stays running meanwhile
    const created = await createCustomer(service, w.key, pfBody('00000000868', { run_bureau: true }));
    const runId = created.run_id as string;
    await eventually(async () => {
      expect((await getCustomer(service, w.key, created.customer_id)).latest_run).to.deep.equal({
        run_id: runId,
        status: 'running',
        decision: null,
        risk_band: null,
        completed_at: null,
      });
    }, 2_500);
    const progress = await getJson(service, w.key, `/bureau/runs/${runId}`);
    expect(progress.status).to.equal(202);
    expect(((await progress.json()) as Json).status).to.equal('running');

    const cancelled = await service.operator(`/runs/${runId}/cancel`, { method: 'POST' });
    expect(cancelled.status, await cancelled.clone().text()).to.equal(200);
    const run = await waitForRun(service, w.key, runId, 1_000);
    expect(run.status).to.equal('cancelado');
    // the cancel answers once its projections have caught up: no waiting needed
    expect((await getCustomer(service, w.key, created.customer_id)).latest_run).to.deep.equal({
      run_id: runId,
      status: 'cancelado',
      decision: null,
      risk_band: null,
      completed_at: run.completed_at,
    });
  });
});
