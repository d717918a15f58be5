import { expect } from 'chai';
import type { SourceAnswer, SourceRequest } from '../../src/adapters/sources/port.js';
import { errorAnswer } from '../../src/adapters/sources/port.js';
import { FlakySource, HELD_TEMPLATE } from '../helpers/flaky-source.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { describeEngines } from '../helpers/engines.js';
import { tempDir } from '../helpers/temp.js';
import { cpf, createRun, createTemplate, eventually, getJson, pfSubject, waitForRun, type Json } from '../http/runs-support.js';

/** receita_cpf never answers while `hanging` (until the run's signal aborts it): a retry stays in progress. */
class HangingSource extends FlakySource {
  hanging = false;
  override async query(request: SourceRequest, signal?: AbortSignal): Promise<SourceAnswer> {
    if (this.hanging && request.source_id === 'receita_cpf') {
      this.asked.push(request.source_id);
      await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
      return errorAnswer('timeout', 'aborted');
    }
    return super.query(request);
  }
}

/**
 * Issue 28: a retry of a held run's failed sources survives a restart like the run itself, on
 * both engines. (Under load, the first round's failure came to be recorded by a command of its
 * own, whose id the retry's answer reused: refused for ever, the run stayed "running". Found by
 * this case on PostgreSQL in the whole suite; runs-retry.spec.ts now pins it down on purpose.)
 */
describeEngines('a held run retried, the service restarted mid-retry', function (engine) {
  this.timeout(90_000);

  it('the restarted service asks the retried source again and ends the run, charged once', async () => {
    const dataDir = tempDir();
    const stores = await engine.stores('kyc_retry_resume');
    const env = { SVC_RATE_LIMIT_PER_MINUTE: '1000000', SVC_SOURCE_TIMEOUT_MS: '60000', ...stores.env };
    const first = new HangingSource();
    let service: TestService = await startService({ dataDir, liveSource: first, env });
    const tenant = await createTenant(service, 'Restart');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } })).status).to.equal(201);
    const live = (await tenant.key({ environment: 'live' })).api_key;
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, HELD_TEMPLATE as never);
    const runId = await createRun(service, live, { template_id: template, subject: pfSubject(cpf(31)) });
    expect(await waitForRun(service, live, runId)).to.include({ status: 'partial' });

    first.hanging = true;
    first.asked.length = 0;
    expect((await service.operator(`/runs/${runId}/retry-sources`, { method: 'POST' })).status).to.equal(200);
    await eventually(async () => {
      expect(first.asked).to.deep.equal(['receita_cpf']);
    }, 10_000);
    // stopped while the retried source is being asked: nothing recorded for it yet
    await service.close();

    const second = new FlakySource();
    second.down = false;
    service = await startService({ dataDir, liveSource: second, env });
    try {
      await eventually(async () => {
        const run = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
        expect(run).to.include({ status: 'completed', decision: 'approved' });
      }, 30_000).catch(async (error: unknown) => {
        // what the restarted service did and where the retry's work item stands, to find why
        const items = await service.services.workQueue.list({ kind: 'run' }, 100);
        const logs = service.logs.filter((line) => !line.includes('"level":"debug"')).slice(-40);
        throw new Error(`${String(error)}\nwork items: ${JSON.stringify(items.map(({ payload: _, ...item }) => item))}\nlogs:\n${logs.join('\n')}`);
      });
      expect(second.asked).to.deep.equal(['receita_cpf']);
      const events = await service.services.log.readStream(`run-${runId}`);
      expect(events.filter((e) => e.type === 'RunCompleted').map((e) => e.data['status'])).to.deep.equal(['partial', 'completed']);
      await eventually(async () => {
        const moves = (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => String(e.data['charge_id']).startsWith(`${runId}:retry:`)).map((e) => [e.type, e.data['amount']]);
        expect(moves).to.deep.equal([['CreditsReserved', 1], ['CreditsCaptured', 1]]);
      });
    } finally {
      await service.close();
      await stores.drop();
    }
  });
});
