import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { deterministicId } from '../../src/adapters/ids.js';
import type { WorkItem } from '../../src/adapters/work-queue/port.js';
import { handleCommand } from '../../src/commands/handle-command.js';
import { ledgerCommand } from '../../src/commands/ledger.js';
import { customerDecider, customerStream } from '../../src/domain/customer/decider.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { PeriodicReviewSweep, PeriodicReviewer, REVIEW_WORK, type PeriodicReviewDeps } from '../../src/reactors/periodic-review.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, patchTenant, pfBody } from '../http/customers-support.js';
import { cpf, createTemplate, eventually, getJson, startRunsService, waitForRun, type Json } from '../http/runs-support.js';
import { ValidLiveSource } from '../helpers/sources.js';

const DAY = 86_400_000;

/**
 * What a crash or a second instance can do to one review: the review item executed twice at
 * once, or again after dying between its steps. The service's own sweep waits a week here (the
 * clock moves a day per customer, five in all), so only the executions the tests make happen.
 */
describe('periodic review: exactly one run per period, whatever crashes', () => {
  let service: TestService;
  let clock: ManualClock;
  let tenant: TenantFixture;
  let live: string;
  let deps: PeriodicReviewDeps;
  let serial = 0;
  before(async () => {
    clock = new ManualClock(new Date());
    service = await startRunsService({ clock, liveSource: new ValidLiveSource(), env: { SVC_PERIODIC_REVIEW_INTERVAL_MS: String(7 * DAY) } });
    tenant = await createTenant(service, 'Crashes');
    await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } });
    live = (await tenant.key({ environment: 'live' })).api_key;
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PF);
    await patchTenant(service, tenant.tenant_id, { default_templates: { pf: template }, auto_decision_policy: { baixo: 'em_monitoramento' }, periodic_review: { baixo: 1 } });
    const s = service.services;
    deps = { log: s.log, readStore: s.readStore, clock, logger: s.logger, secretKey: s.secretKey, intervalMs: 7 * DAY, work: s.worker };
  });
  after(async () => service.close());

  /** A live customer monitored since its onboarding run ended, a day and a minute ago: due. */
  const dueCustomer = async () => {
    const externalId = `crash-${++serial}`;
    const created = await createCustomer(service, live, pfBody(cpf(9300 + serial), { run_bureau: true, external_id: externalId }));
    await eventually(async () => {
      const customer = await getCustomer(service, live, created.customer_id);
      expect(customer.status).to.equal('em_monitoramento');
      expect(customer.latest_run.completed_at).to.be.a('string');
    });
    clock.advance(DAY + 60_000);
    const item: WorkItem = {
      id: `periodic-review:${created.customer_id}:${created.run_id}`,
      kind: REVIEW_WORK,
      payload: { tenant_id: tenant.tenant_id, customer_id: created.customer_id, after_run_id: created.run_id },
      due_at: clock.now().getTime(),
      attempts: 0,
      version: 0,
    };
    return { customerId: created.customer_id as string, runId: created.run_id as string, externalId, item };
  };
  const runsOf = async (externalId: string) => ((await (await getJson(service, live, `/bureau/runs?external_id=${externalId}`)).json()) as Json).data as Json[];
  const ledgerOf = async (runId: string) =>
    (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => e.data['charge_id'] === runId).map((e) => e.type);
  const context = (commandId: string) => ({
    metadata: { tenant_id: tenant.tenant_id, actor: 'system', request_id: null, occurred_at: clock.now().toISOString(), correlation_id: 'test', causation_id: null },
    commandId,
  });
  /** The review run a customer ends up with: one, completed, billed once, and the customer still monitored. */
  const reviewedOnce = async (c: Awaited<ReturnType<typeof dueCustomer>>) => {
    await eventually(async () => {
      expect(await runsOf(c.externalId)).to.have.length(2);
    });
    const review = (await runsOf(c.externalId)).find((r) => r.run_id !== c.runId)!;
    expect((await waitForRun(service, live, review.run_id)).metadata).to.deep.equal({ trigger: 'periodic_review' });
    await eventually(async () => {
      expect(await ledgerOf(review.run_id)).to.deep.equal(['CreditsReserved', 'CreditsCaptured']);
    });
    await eventually(async () => {
      const customer = await getCustomer(service, live, c.customerId);
      expect(customer).to.deep.include({ status: 'em_monitoramento' });
      expect(customer.latest_run).to.include({ run_id: review.run_id, status: 'completed' });
    });
    return review.run_id as string;
  };

  it('the same review executed twice at once (two instances, an expired lease) makes one run, held and billed once', async () => {
    const c = await dueCustomer();
    await Promise.all([new PeriodicReviewer(deps).execute(c.item), new PeriodicReviewer(deps).execute(c.item), new PeriodicReviewer(deps).execute(c.item)]);
    await reviewedOnce(c);
    // and once more afterwards: the period is reviewed, nothing happens
    await new PeriodicReviewer(deps).execute(c.item);
    expect(await runsOf(c.externalId)).to.have.length(2);
  });

  it('a crash after the customer recorded the review run, before it was queued: the retry queues that very run', async () => {
    const c = await dueCustomer();
    const commandId = `${c.item.id}:0`;
    const runId = deterministicId(`${commandId}:run`);
    await ledgerCommand(service.services.log, { type: 'Reserve', tenant_id: tenant.tenant_id, charge_id: runId, amount: 8, now: clock.now().toISOString() }, context(`${commandId}:reserve`));
    await handleCommand(service.services.log, customerStream(c.customerId), customerDecider, { type: 'RequestReviewRun', run_id: runId, after_run_ids: [c.runId], now: clock.now().toISOString() }, context(`${commandId}:customer`));
    await new PeriodicReviewer(deps).execute(c.item);
    expect(await reviewedOnce(c)).to.equal(runId);
  });

  it('a crash after the credit was held, whose reservation the start-up then released: the next attempt runs under a new id, billed', async () => {
    const c = await dueCustomer();
    const commandId = `${c.item.id}:0`;
    const first = deterministicId(`${commandId}:run`);
    await ledgerCommand(service.services.log, { type: 'Reserve', tenant_id: tenant.tenant_id, charge_id: first, amount: 8, now: clock.now().toISOString() }, context(`${commandId}:reserve`));
    // what BillingReactor.releaseOrphans does at start-up with a reservation whose run never came
    await ledgerCommand(service.services.log, { type: 'Release', tenant_id: tenant.tenant_id, charge_id: first, now: clock.now().toISOString() }, context('orphan'));
    await new PeriodicReviewer(deps).execute(c.item);
    const review = await reviewedOnce(c);
    expect(review).to.not.equal(first);
    expect(await ledgerOf(first)).to.deep.equal(['CreditsReserved', 'CreditsReleased']);
  });

  it('…and the same when the customer had recorded that first attempt too: the new attempt replaces it', async () => {
    const c = await dueCustomer();
    const commandId = `${c.item.id}:0`;
    const first = deterministicId(`${commandId}:run`);
    await ledgerCommand(service.services.log, { type: 'Reserve', tenant_id: tenant.tenant_id, charge_id: first, amount: 8, now: clock.now().toISOString() }, context(`${commandId}:reserve`));
    await handleCommand(service.services.log, customerStream(c.customerId), customerDecider, { type: 'RequestReviewRun', run_id: first, after_run_ids: [c.runId], now: clock.now().toISOString() }, context(`${commandId}:customer`));
    await ledgerCommand(service.services.log, { type: 'Release', tenant_id: tenant.tenant_id, charge_id: first, now: clock.now().toISOString() }, context('orphan'));
    await new PeriodicReviewer(deps).execute(c.item);
    expect(await reviewedOnce(c)).to.not.equal(first);
  });

  it('a sweep run twice (a crash mid-sweep, then its retry) dispatches each due customer once', async () => {
    const c = await dueCustomer();
    const sweep = new PeriodicReviewSweep(deps);
    await Promise.all([sweep.execute(), sweep.execute()]);
    await service.services.worker.idle();
    await reviewedOnce(c);
    await sweep.execute();
    await service.services.worker.idle();
    expect(await runsOf(c.externalId)).to.have.length(2);
  });
});
