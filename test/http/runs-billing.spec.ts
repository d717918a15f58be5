import { expect } from 'chai';
import { setTimeout as delay } from 'node:timers/promises';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from '../../src/adapters/sources/port.js';
import { SOURCES } from '../../src/domain/run/catalog.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { cpf, createRun, createTemplate, errorOf, eventually, getJson, pfSubject, postRun, sleep, startRunsService, waitForRun, type Json } from './runs-support.js';

type Mode = 'valid' | 'error' | 'legal_error' | 'slow' | 'block';

/**
 * A live source standing in for a real bureau: every check of the catalog VALID, unless the
 * document was given another mode. Records what it was asked.
 */
class FakeLiveSource implements Source {
  readonly modes = new Map<string, Mode>();
  readonly asked: string[] = [];

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    const doc = String(request.subject.doc);
    this.asked.push(`${doc}:${request.source_id}`);
    const mode = this.modes.get(doc) ?? 'valid';
    const checks = SOURCES[request.source_id].checks;
    if (mode === 'error' || (mode === 'legal_error' && request.source_id === 'legal_proceedings')) return errorAnswer('provider_error', 'The bureau answered 503.');
    if (mode === 'slow' || (mode === 'block' && request.source_id !== 'sanctions')) {
      try {
        await delay(mode === 'slow' ? 5_000 : 500, undefined, { signal });
      } catch {
        return errorAnswer('timeout', 'aborted');
      }
    }
    if (mode === 'block' && request.source_id === 'sanctions') {
      return {
        status: 'ANSWERED',
        checks: [{ check_id: 'sanctions_hit', status: 'INVALID', result_code: 'listed', result_label: 'Consta', severity: 'critical', title: 'Sanções', detail: 'OFAC SDN' }],
        data: {},
        error_code: null,
        error_message: null,
      };
    }
    return {
      status: 'ANSWERED',
      checks: checks.map((c) => ({ check_id: c.id, status: 'VALID' as const, result_code: 'ok', result_label: 'Nada consta' })),
      data: request.source_id === 'receita_cpf' ? { name: request.subject.name, situacao_cadastral: 'REGULAR' } : {},
      error_code: null,
      error_message: null,
    };
  }
}

describe('billing of bureau runs (live keys)', () => {
  let service: TestService;
  let source: FakeLiveSource;
  let template: string; // the reference PF template, global: maximum cost 1+1+1+3+2 = 8
  before(async () => {
    source = new FakeLiveSource();
    service = await startRunsService({ liveSource: source });
    template = await createTemplate(service, { global: true }, REFERENCE_PF);
  });
  after(async () => service.close());

  const balance = async (tenant: TenantFixture) => ((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json).balance as number;
  const credit = async (tenant: TenantFixture, amount: number) => {
    const response = await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount, reason: 'test top-up' } });
    expect(response.status).to.equal(201);
    return ((await response.json()) as Json).balance as number;
  };
  /** A tenant with credits, a live key and a sandbox key. */
  const billed = async (credits: number) => {
    const tenant = await createTenant(service, 'Billed');
    if (credits > 0) expect(await credit(tenant, credits)).to.equal(credits);
    return { tenant, live: (await tenant.key({ environment: 'live' })).api_key, sandbox: (await tenant.key()).api_key };
  };
  const settlesTo = (tenant: TenantFixture, expected: number) =>
    eventually(async () => {
      expect(await balance(tenant)).to.equal(expected);
    });
  const ledgerOf = async (tenant: TenantFixture, runId: string) =>
    (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => e.data['charge_id'] === runId).map((e) => [e.type, e.data['amount']]);
  /** The ledger movements of one run, once the billing reactor has settled it. */
  const chargedAs = (tenant: TenantFixture, runId: string, expected: [string, number][]) =>
    eventually(async () => {
      expect(await ledgerOf(tenant, runId)).to.deep.equal(expected);
    });
  const liveRuns = async (key: string) => ((await (await getJson(service, key, '/bureau/runs?limit=100')).json()) as Json).data as Json[];

  it('a completed live run costs the sum of its executed sources (reference PF: 8)', async () => {
    const { tenant, live } = await billed(100);
    const doc = cpf(101);
    const response = await postRun(service, live, { template_id: template, subject: pfSubject(doc) });
    expect(response.status).to.equal(202);
    const created = (await response.json()) as Json;
    expect(created.livemode).to.equal(true);
    const run = await waitForRun(service, live, created.run_id);
    expect(run).to.include({ status: 'completed', decision: 'approved', risk_band: 'baixo', livemode: true });
    await settlesTo(tenant, 92);
    await chargedAs(tenant, created.run_id, [
      ['CreditsReserved', 8],
      ['CreditsCaptured', 8],
    ]);
    const detail = (await (await getJson(service, live, `/bureau/runs/${created.run_id}/detail`)).json()) as Json;
    expect(detail.livemode).to.equal(true);
    expect(detail.sources.map((s: Json) => [s.source_id, s.status, s.cached])).to.deep.equal([
      ['receita_cpf', 'VALID', false],
      ['sanctions', 'VALID', false],
      ['pep', 'VALID', false],
      ['legal_proceedings', 'VALID', false],
      ['negative_media', 'VALID', false],
    ]);
    expect(source.asked.filter((a) => a.startsWith(`${doc}:`))).to.have.length(5);
  });

  it('a second run of the same document within 24 h reuses the cached answers (receita_cpf, legal_proceedings) and costs less', async () => {
    const { tenant, live, sandbox } = await billed(100);
    const doc = cpf(102);
    await waitForRun(service, live, await createRun(service, live, { template_id: template, subject: pfSubject(doc) }));
    await settlesTo(tenant, 92);
    const asked = source.asked.length;
    const second = await createRun(service, live, { template_id: template, subject: pfSubject(doc) });
    expect((await waitForRun(service, live, second)).status).to.equal('completed');
    // 8 less the cached receita_cpf (1) and legal_proceedings (3)
    await settlesTo(tenant, 88);
    await chargedAs(tenant, second, [
      ['CreditsReserved', 8],
      ['CreditsCaptured', 4],
    ]);
    const detail = (await (await getJson(service, live, `/bureau/runs/${second}/detail`)).json()) as Json;
    expect(detail.sources.map((s: Json) => [s.source_id, s.cached])).to.deep.equal([
      ['receita_cpf', true],
      ['sanctions', false],
      ['pep', false],
      ['legal_proceedings', true],
      ['negative_media', false],
    ]);
    for (const s of detail.sources.filter((x: Json) => x.cached)) expect(s).to.include({ status: 'VALID', duration_ms: 0 });
    expect(source.asked.slice(asked).filter((a) => a.startsWith(`${doc}:`)).sort()).to.deep.equal([`${doc}:negative_media`, `${doc}:pep`, `${doc}:sanctions`]);

    // the cache is per tenant and environment: another tenant pays the full price
    const other = await billed(50);
    const theirs = await createRun(service, other.live, { template_id: template, subject: pfSubject(doc) });
    await waitForRun(service, other.live, theirs);
    await settlesTo(other.tenant, 42);
    // and a sandbox run of the same tenant uses no live answer
    const sandboxRun = await createRun(service, sandbox, { template_id: template, subject: pfSubject(doc) });
    await waitForRun(service, sandbox, sandboxRun);
    const sandboxDetail = (await (await getJson(service, sandbox, `/bureau/runs/${sandboxRun}/detail`)).json()) as Json;
    expect(sandboxDetail.sources.map((s: Json) => s.cached)).to.deep.equal([false, false, false, false, false]);
    expect(await balance(tenant)).to.equal(88);
  });

  it("a balance below the template's maximum cost: 402 billing_suspended, nothing created; exactly the maximum is enough", async () => {
    const { tenant, live } = await billed(7);
    const response = await postRun(service, live, { template_id: template, subject: pfSubject(cpf(103)) });
    expect(response.status).to.equal(402);
    expect(await errorOf(response)).to.include({ code: 'billing_suspended', type: 'billing_error' });
    expect(await liveRuns(live)).to.deep.equal([]);
    expect(await balance(tenant)).to.equal(7);
    expect((await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).map((e) => e.type)).to.deep.equal(['CreditsAdded']);

    // a tenant that never had credits
    const broke = await billed(0);
    expect((await postRun(service, broke.live, { template_id: template, subject: pfSubject(cpf(104)) })).status).to.equal(402);
    expect(await liveRuns(broke.live)).to.deep.equal([]);

    expect(await credit(tenant, 1)).to.equal(8);
    const runId = await createRun(service, live, { template_id: template, subject: pfSubject(cpf(103)) });
    expect((await waitForRun(service, live, runId)).status).to.equal('completed');
    await settlesTo(tenant, 0);
    // and now it is below again
    expect((await postRun(service, live, { template_id: template, subject: pfSubject(cpf(105)) })).status).to.equal(402);
  });

  it('billing_suspended tenant setting: 402 with credits available, nothing created; lifting it lets runs in', async () => {
    const { tenant, live } = await billed(100);
    const suspend = async (value: boolean) => expect((await service.operator(`/tenants/${tenant.tenant_id}`, { method: 'PATCH', json: { billing_suspended: value } })).status).to.equal(200);
    await suspend(true);
    const response = await postRun(service, live, { template_id: template, subject: pfSubject(cpf(106)) });
    expect(response.status).to.equal(402);
    expect(await errorOf(response)).to.include({ code: 'billing_suspended', type: 'billing_error' });
    expect(await liveRuns(live)).to.deep.equal([]);
    expect(await balance(tenant)).to.equal(100);
    await suspend(false);
    await waitForRun(service, live, await createRun(service, live, { template_id: template, subject: pfSubject(cpf(106)) }));
    await settlesTo(tenant, 92);
  });

  it('a failed live run (every source ERROR) costs nothing: the reservation is released', async () => {
    const { tenant, live } = await billed(30);
    const doc = cpf(107);
    source.modes.set(doc, 'error');
    const runId = await createRun(service, live, { template_id: template, subject: pfSubject(doc) });
    const run = await waitForRun(service, live, runId);
    expect(run).to.include({ status: 'failed', decision: null, operative_decision: null, risk_band: null });
    await settlesTo(tenant, 30);
    await chargedAs(tenant, runId, [
      ['CreditsReserved', 8],
      ['CreditsReleased', 8],
    ]);
  });

  it('sources that failed or were never executed cost nothing: partial (legal ERROR) costs 5, blocked after sanctions costs 1', async () => {
    const { tenant, live } = await billed(30);
    const partialDoc = cpf(108);
    source.modes.set(partialDoc, 'legal_error');
    const partial = await createRun(service, live, { template_id: template, subject: pfSubject(partialDoc) });
    expect(await waitForRun(service, live, partial)).to.include({ status: 'partial', decision: 'approved', operative_decision: 'approved' });
    await settlesTo(tenant, 25);

    const blockedDoc = cpf(109);
    source.modes.set(blockedDoc, 'block');
    const blocked = await createRun(service, live, { template_id: template, subject: pfSubject(blockedDoc) });
    expect(await waitForRun(service, live, blocked)).to.include({ status: 'blocked', decision: 'rejected' });
    await settlesTo(tenant, 24);
    await chargedAs(tenant, blocked, [
      ['CreditsReserved', 8],
      ['CreditsCaptured', 1],
    ]);
  });

  it('a cancelled live run costs nothing', async () => {
    const { tenant, live } = await billed(20);
    const doc = cpf(110);
    source.modes.set(doc, 'slow');
    const runId = await createRun(service, live, { template_id: template, subject: pfSubject(doc) });
    await eventually(async () => {
      expect(((await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json).status).to.equal('running');
    });
    expect(await balance(tenant)).to.equal(12);
    expect((await service.operator(`/runs/${runId}/cancel`, { method: 'POST' })).status).to.equal(200);
    await settlesTo(tenant, 20);
    await chargedAs(tenant, runId, [
      ['CreditsReserved', 8],
      ['CreditsReleased', 8],
    ]);
    expect((await waitForRun(service, live, runId)).status).to.equal('cancelado');
  });

  it('sandbox runs never change the balance, and need no credits', async () => {
    const { tenant, sandbox } = await billed(10);
    for (const doc of ['00000000191', '00000000272', '00000000434', '00000000604', cpf(111)]) {
      await waitForRun(service, sandbox, await createRun(service, sandbox, { template_id: template, subject: pfSubject(doc) }));
    }
    const broke = await billed(0);
    const runId = await createRun(service, broke.sandbox, { template_id: template, subject: pfSubject('00000000191') });
    expect((await waitForRun(service, broke.sandbox, runId)).status).to.equal('completed');
    await sleep(100); // give the billing reactor the time it would take to charge
    expect(await balance(tenant)).to.equal(10);
    expect(await balance(broke.tenant)).to.equal(0);
    expect((await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).map((e) => e.type)).to.deep.equal(['CreditsAdded']);
    expect(await service.services.log.readStream(`ledger-${broke.tenant.tenant_id}`)).to.deep.equal([]);
    // and the sandbox source was used, not the live one
    expect(source.asked.filter((a) => a.startsWith('00000000191:'))).to.deep.equal([]);
  });
});
