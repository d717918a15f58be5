import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import type { Source, SourceAnswer, SourceRequest } from '../../src/adapters/sources/port.js';
import { SOURCES } from '../../src/domain/run/catalog.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, patchTenant, pfBody } from './customers-support.js';
import { cpf, createTemplate, errorOf, eventually, getJson, startRunsService, waitForRun, world, type Json } from './runs-support.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A live bureau answering every check VALID (the reference PF template ends baixo), which a test may hold mid-run. */
class HoldableLiveSource implements Source {
  private held: Promise<void> | null = null;
  private open: () => void = () => undefined;

  hold(): void {
    this.held = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.held = null;
  }

  async query(request: SourceRequest): Promise<SourceAnswer> {
    if (this.held) await this.held;
    return {
      status: 'ANSWERED',
      checks: SOURCES[request.source_id].checks.map((c) => ({ check_id: c.id, status: 'VALID' as const, result_code: 'ok', result_label: 'Nada consta' })),
      data: request.source_id === 'receita_cpf' ? { name: request.subject.name, situacao_cadastral: 'REGULAR' } : {},
      error_code: null,
      error_message: null,
    };
  }
}

describe('periodic review of monitored customers (screening.md section 6)', () => {
  let service: TestService;
  let clock: ManualClock;
  let source: HoldableLiveSource;
  before(async () => {
    clock = new ManualClock(new Date());
    source = new HoldableLiveSource();
    service = await startRunsService({ clock, liveSource: source });
  });
  after(async () => service.close());

  /**
   * Moves the service clock and executes what fell due (the sweep), then, unless a run is being
   * held, waits until the worker is idle (the review items the sweep recorded, and their runs).
   */
  const advanceAndSweep = async (ms: number, settle = true) => {
    clock.advance(ms);
    await service.services.worker.runDue();
    if (settle) await service.services.worker.idle();
  };
  const runsOf = async (key: string, externalId: string) =>
    ((await (await getJson(service, key, `/bureau/runs?external_id=${externalId}&limit=100`)).json()) as Json).data as Json[];
  const settledCustomer = async (key: string, id: string, status: string) => {
    let customer: Json = {};
    await eventually(async () => {
      customer = await getCustomer(service, key, id);
      expect(customer.latest_run?.completed_at, 'run ended').to.be.a('string');
      expect(customer.status).to.equal(status);
    });
    return customer;
  };
  const balance = async (tenant: TenantFixture) => ((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json).balance as number;
  const ledgerOf = async (tenant: TenantFixture, runId: string) =>
    (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => e.data['charge_id'] === runId).map((e) => e.type);

  it('sets periodic_review per band on the tenant, shows it, and clears it with null', async () => {
    const tenant = await createTenant(service, 'Settings');
    expect(((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json).settings.periodic_review).to.equal(null);
    expect((await patchTenant(service, tenant.tenant_id, { periodic_review: { baixo: 365, medio: 180, alto: 3650 } })).settings.periodic_review).to.deep.equal({
      baixo: 365,
      medio: 180,
      alto: 3650,
    });
    expect((await patchTenant(service, tenant.tenant_id, { periodic_review: { alto: 30 } })).settings.periodic_review).to.deep.equal({ alto: 30 });
    expect((await patchTenant(service, tenant.tenant_id, { periodic_review: null })).settings.periodic_review).to.equal(null);
  });

  it('refuses bad settings with 400 and changes nothing: zero, negative, fractional, too long, not a number, an unknown band', async () => {
    const tenant = await createTenant(service, 'Bad settings');
    await patchTenant(service, tenant.tenant_id, { periodic_review: { baixo: 30 } });
    const cases: [unknown, string][] = [
      [{ baixo: 0 }, 'periodic_review.baixo'],
      [{ medio: -5 }, 'periodic_review.medio'],
      [{ alto: 1.5 }, 'periodic_review.alto'],
      [{ baixo: 3651 }, 'periodic_review.baixo'],
      [{ baixo: '30' }, 'periodic_review.baixo'],
      [{ baixo: null }, 'periodic_review.baixo'],
      [{ extremo: 10 }, 'periodic_review.extremo'],
      [30, 'periodic_review'],
      [[30], 'periodic_review'],
    ];
    for (const [value, param] of cases) {
      const response = await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { periodic_review: value } });
      expect(response.status, JSON.stringify(value)).to.equal(400);
      expect(await errorOf(response), JSON.stringify(value)).to.include({ code: 'invalid_request', param });
    }
    expect(((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json).settings.periodic_review).to.deep.equal({ baixo: 30 });
  });

  it('re-runs a due monitored customer once per period (sandbox): marked trigger periodic_review, the customer still em_monitoramento; not monitored or not due: nothing', async () => {
    const w = await world(service, 'Sandbox reviews');
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf }, auto_decision_policy: { baixo: 'em_monitoramento' } });
    // 00000000191 ends baixo (monitored by the policy); 00000000787 ends medio, which the policy leaves em_analise
    const monitored = await createCustomer(service, w.key, pfBody('00000000191', { run_bureau: true, external_id: 'sbx-monitored', metadata: { canal: 'app' } }));
    const analysed = await createCustomer(service, w.key, pfBody('00000000787', { run_bureau: true, external_id: 'sbx-analysed' }));
    await settledCustomer(w.key, monitored.customer_id, 'em_monitoramento');
    await settledCustomer(w.key, analysed.customer_id, 'em_analise');
    await patchTenant(service, w.tenant.tenant_id, { periodic_review: { baixo: 1, medio: 1 } });

    // not a day yet: nothing
    await advanceAndSweep(23 * HOUR);
    expect(await runsOf(w.key, 'sbx-monitored')).to.have.length(1);

    // a customer monitored since just now is not due when the first one is
    const recent = await createCustomer(service, w.key, pfBody(cpf(9001), { run_bureau: true, external_id: 'sbx-recent' }));
    await settledCustomer(w.key, recent.customer_id, 'em_monitoramento');
    await advanceAndSweep(2 * HOUR);
    await eventually(async () => {
      expect(await runsOf(w.key, 'sbx-monitored')).to.have.length(2);
    });
    const review = (await runsOf(w.key, 'sbx-monitored')).find((r) => r.run_id !== monitored.run_id)!;
    const run = await waitForRun(service, w.key, review.run_id);
    expect(run.metadata).to.deep.equal({ canal: 'app', trigger: 'periodic_review' });
    expect(run).to.include({ status: 'completed', risk_band: 'baixo', livemode: false });
    expect(review.template_id).to.equal(w.pf);
    const customer = await settledCustomer(w.key, monitored.customer_id, 'em_monitoramento');
    expect(customer.latest_run).to.include({ run_id: review.run_id, status: 'completed' });
    // the customer's own stream says it stayed monitored: no status change since it entered monitoring
    const history = await service.services.log.readStream(`customer-${monitored.customer_id}`);
    const requested = history.filter((e) => e.type === 'CustomerRunRequested').map((e) => e.data);
    expect(requested.map((d) => [d['run_id'], d['trigger']])).to.deep.equal([[monitored.run_id, undefined], [review.run_id, 'periodic_review']]);
    expect(history.filter((e) => e.type === 'CustomerStatusChanged').map((e) => e.data['status'])).to.deep.equal(['em_monitoramento']);

    expect(await runsOf(w.key, 'sbx-analysed')).to.have.length(1);
    expect(await runsOf(w.key, 'sbx-recent')).to.have.length(1);

    // the next sweeps in the same period record nothing more
    await advanceAndSweep(HOUR);
    await advanceAndSweep(HOUR);
    expect(await runsOf(w.key, 'sbx-monitored')).to.have.length(2);
    expect((await getCustomer(service, w.key, analysed.customer_id)).status).to.equal('em_analise');

    // the next period is counted from the review run's end
    await advanceAndSweep(DAY);
    await eventually(async () => {
      expect(await runsOf(w.key, 'sbx-monitored')).to.have.length(3);
    });
  });

  it('a live review run is billed like any live run, and the customer stays em_monitoramento while it runs', async () => {
    const tenant = await createTenant(service, 'Live reviews');
    await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'test' } });
    const live = (await tenant.key({ environment: 'live' })).api_key;
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PF);
    await patchTenant(service, tenant.tenant_id, { default_templates: { pf: template }, auto_decision_policy: { baixo: 'em_monitoramento' }, periodic_review: { baixo: 30 } });
    const created = await createCustomer(service, live, pfBody(cpf(9101), { run_bureau: true, external_id: 'live-monitored' }));
    await settledCustomer(live, created.customer_id, 'em_monitoramento');
    await eventually(async () => {
      expect(await ledgerOf(tenant, created.run_id)).to.deep.equal(['CreditsReserved', 'CreditsCaptured']);
    });
    const afterOnboarding = await balance(tenant);

    source.hold();
    try {
      await advanceAndSweep(30 * DAY + HOUR, false);
      let reviewId = '';
      await eventually(async () => {
        const customer = await getCustomer(service, live, created.customer_id);
        expect(customer.latest_run).to.include({ status: 'running' });
        expect(customer.status).to.equal('em_monitoramento');
        reviewId = customer.latest_run.run_id;
      });
      expect(reviewId).to.not.equal(created.run_id);
      // its maximum cost is held while it runs, as for any live run
      expect(await ledgerOf(tenant, reviewId)).to.deep.equal(['CreditsReserved']);
      expect(await balance(tenant)).to.equal(afterOnboarding - 8);
      source.release();
      const run = await waitForRun(service, live, reviewId);
      expect(run).to.include({ status: 'completed', livemode: true });
      expect(run.metadata).to.deep.equal({ trigger: 'periodic_review' });
      await eventually(async () => {
        expect(await ledgerOf(tenant, reviewId)).to.deep.equal(['CreditsReserved', 'CreditsCaptured']);
      });
      const captured = (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).find((e) => e.type === 'CreditsCaptured' && e.data['charge_id'] === reviewId)!;
      expect(captured.data['amount']).to.be.greaterThan(0);
      await eventually(async () => {
        expect(await balance(tenant)).to.equal(afterOnboarding - Number(captured.data['amount']));
      });
      await settledCustomer(live, created.customer_id, 'em_monitoramento');
      expect(await runsOf(live, 'live-monitored')).to.have.length(2);
    } finally {
      source.release();
    }
  });

  it('without credit the review does not start: recorded and logged once, tried again each sweep, started once credit is added', async () => {
    const tenant = await createTenant(service, 'No credit');
    // exactly the onboarding run's maximum cost: nothing left for a review
    await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 8, reason: 'test' } });
    const live = (await tenant.key({ environment: 'live' })).api_key;
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PF);
    await patchTenant(service, tenant.tenant_id, { default_templates: { pf: template }, auto_decision_policy: { baixo: 'em_monitoramento' }, periodic_review: { baixo: 7 } });
    const created = await createCustomer(service, live, pfBody(cpf(9201), { run_bureau: true, external_id: 'live-broke' }));
    await settledCustomer(live, created.customer_id, 'em_monitoramento');
    await eventually(async () => {
      expect(await balance(tenant)).to.equal(0);
    });

    const deferrals = async () => (await service.services.log.readStream(`periodicreview-${created.customer_id}`)).map((e) => [e.type, e.data['reason']]);
    const logged = () => service.logs.filter((line) => line.includes('periodic review deferred') && line.includes(created.customer_id));
    await advanceAndSweep(7 * DAY + HOUR);
    await eventually(async () => {
      expect(await deferrals()).to.deep.equal([['PeriodicReviewDeferred', 'insufficient_credit']]);
    });
    expect(logged()).to.have.length(1);
    expect(await runsOf(live, 'live-broke')).to.have.length(1);
    expect((await getCustomer(service, live, created.customer_id)).latest_run.run_id).to.equal(created.run_id);

    // the next sweep tries again: logged again, recorded once
    await advanceAndSweep(HOUR);
    await eventually(async () => {
      expect(logged()).to.have.length(2);
    });
    expect(await deferrals()).to.have.length(1);
    expect(await runsOf(live, 'live-broke')).to.have.length(1);

    await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 50, reason: 'top-up' } });
    await advanceAndSweep(HOUR);
    await eventually(async () => {
      expect(await runsOf(live, 'live-broke')).to.have.length(2);
    });
    const review = (await runsOf(live, 'live-broke')).find((r) => r.run_id !== created.run_id)!;
    expect((await waitForRun(service, live, review.run_id)).metadata).to.deep.equal({ trigger: 'periodic_review' });
    await eventually(async () => {
      expect(await ledgerOf(tenant, review.run_id)).to.deep.equal(['CreditsReserved', 'CreditsCaptured']);
    });
    await settledCustomer(live, created.customer_id, 'em_monitoramento');
  });
});
