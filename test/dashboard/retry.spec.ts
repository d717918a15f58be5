import { expect } from 'chai';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import { FlakySource, HELD_TEMPLATE } from '../helpers/flaky-source.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { cpf, createRun, createTemplate, eventually, getJson, pfSubject, waitForRun, type Json } from '../http/runs-support.js';
import { sectionOf, textOf } from './screens-support.js';

/** Issue 28: the held run's page offers "Repetir fontes com falha", the same command as the operator API. */
describe('dashboard: a held run retries its failed sources', function () {
  this.timeout(60_000);
  let service: TestService;
  let source: FlakySource;
  let live: string;
  let template: string;
  let analyst: SignedIn;
  let viewer: SignedIn;
  let otherAnalyst: SignedIn;

  before(async () => {
    source = new FlakySource();
    service = await startService({ liveSource: source, env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' } });
    const tenant = await createTenant(service, 'Retry');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    template = await createTemplate(service, { tenant_id: tenant.tenant_id }, HELD_TEMPLATE as never);
    analyst = await dashboardUser(service, tenant.tenant_id, 'analyst');
    viewer = await dashboardUser(service, tenant.tenant_id, 'viewer');
    otherAnalyst = await dashboardUser(service, (await createTenant(service, 'Other')).tenant_id, 'analyst', 'outro@example.com');
  });
  after(async () => service.close());

  const heldRun = async (n: number): Promise<string> => {
    source.down = true;
    const runId = await createRun(service, live, { template_id: template, subject: pfSubject(cpf(n)) });
    expect(await waitForRun(service, live, runId)).to.include({ status: 'partial', operative_decision: 'hold' });
    return runId;
  };

  it('the button on a held run, to analysts only; clicked, the run completes with the source answered', async () => {
    const runId = await heldRun(11);
    const page = await analyst.get(`/dashboard/runs/${runId}`);
    expect(sectionOf(page.html, 'run-retry')).to.contain('Repetir fontes com falha').and.contain('Receita Federal');
    expect((await viewer.get(`/dashboard/runs/${runId}`)).html).not.to.contain('data-testid="run-retry"');
    expect((await viewer.post(`/dashboard/runs/${runId}/retry-sources`, {})).status).to.equal(403);
    expect((await otherAnalyst.post(`/dashboard/runs/${runId}/retry-sources`, {})).status).to.equal(404);
    source.down = false;
    const posted = await analyst.post(`/dashboard/runs/${runId}/retry-sources`, {});
    expect(posted.status, posted.html).to.be.oneOf([200, 303]);
    await eventually(async () => {
      const run = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(run).to.include({ status: 'completed', decision: 'approved' });
    }, 10_000);
    const after = await analyst.get(`/dashboard/runs/${runId}`);
    expect(textOf(after.html, 'run-status')).to.equal('Concluída');
    expect(after.html).not.to.contain('data-testid="run-retry"');
    // already retried and completed: refused in Portuguese
    const again = await analyst.post(`/dashboard/runs/${runId}/retry-sources`, {});
    expect(again.status).to.equal(409);
    expect(again.html).to.contain('Esta execução não tem fontes com falha a repetir');
  });
});
