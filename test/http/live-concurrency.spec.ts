import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WrongExpectedRevisionError } from '../../src/adapters/event-store/port.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { PNG, patchTenant, postCustomer, uploadDocument } from './customers-support.js';
import { cpf, createTemplate, eventually, getJson, pfSubject, postRun, startRunsService, type Json } from './runs-support.js';
import { ValidLiveSource } from '../helpers/sources.js';

/** A live bureau answering every check VALID at once. */
/**
 * Live creation under concurrency: every request the balance covers succeeds, none is half made,
 * and a failure at any step leaves nothing behind that blocks a retry.
 */
describe('live creation under concurrency (runs, customers, uploads)', () => {
  let service: TestService;
  let template: string; // reference PF: maximum cost 8
  let n = 50_000;
  const nextCpf = () => cpf(++n);

  before(async () => {
    service = await startRunsService({ liveSource: new ValidLiveSource() });
    template = await createTemplate(service, { global: true }, REFERENCE_PF);
  });
  after(async () => service.close());

  const balance = async (tenant: TenantFixture) => ((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json).balance as number;
  const billed = async (credits: number) => {
    const tenant = await createTenant(service, 'Concurrent');
    const added = await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: credits, reason: 'test' } });
    expect(added.status).to.equal(201);
    await patchTenant(service, tenant.tenant_id, { default_templates: { pf: template } });
    return { tenant, live: (await tenant.key({ environment: 'live' })).api_key };
  };
  const statuses = async (responses: Response[]) => Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Json })));

  it('40 concurrent live POST runs with distinct subjects all answer 202 when the balance covers them, and settle once each', async () => {
    const { tenant, live } = await billed(40 * 8);
    const responses = await Promise.all(Array.from({ length: 40 }, () => postRun(service, live, { template_id: template, subject: pfSubject(nextCpf()) })));
    const answers = await statuses(responses);
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status !== 202))).to.deep.equal(Array(40).fill(202));
    expect(await balance(tenant)).to.equal(0);
    // every run completes and is captured once, at its actual cost (8: every source answered)
    const ledger = () => service.services.log.readStream(`ledger-${tenant.tenant_id}`);
    await eventually(async () => {
      expect((await ledger()).filter((e) => e.type === 'CreditsCaptured')).to.have.length(40);
    }, 15_000);
    expect((await ledger()).filter((e) => e.type === 'CreditsReserved')).to.have.length(40);
    expect(await balance(tenant)).to.equal(0);
  });

  it('a balance covering 10 of 25 concurrent live runs admits exactly 10; the rest answer 402 and reserve nothing', async () => {
    const { tenant, live } = await billed(10 * 8);
    const responses = await Promise.all(Array.from({ length: 25 }, () => postRun(service, live, { template_id: template, subject: pfSubject(nextCpf()) })));
    const answers = await statuses(responses);
    expect(answers.filter((a) => a.status === 202)).to.have.length(10);
    for (const refused of answers.filter((a) => a.status !== 202)) expect(refused.body.error.code).to.equal('billing_suspended');
    const reserved = (await service.services.log.readStream(`ledger-${tenant.tenant_id}`)).filter((e) => e.type === 'CreditsReserved');
    expect(reserved).to.have.length(10);
  });

  it('20 concurrent live POST customers with run_bureau: 20 customers, 20 runs that exist, none left em_analise without its run', async () => {
    const { live } = await billed(20 * 8);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postCustomer(service, live, { type: 'pf', doc: nextCpf(), name: 'Maria da Silva', email: 'maria@example.com', run_bureau: true })));
    const answers = await statuses(responses);
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status !== 201))).to.deep.equal(Array(20).fill(201));
    for (const { body } of answers) {
      const run = await getJson(service, live, `/bureau/runs/${body.run_id}`);
      expect([200, 202], `run ${body.run_id}`).to.include(run.status);
    }
  });

  for (const [step, prefix] of [
    ['claiming the document', 'customerdoc-'],
    ['holding the credit', 'ledger-'],
    ['registering the customer', 'customer-'],
    ['queueing the run', 'run-'],
  ] as const) {
    it(`a failure while ${step} leaves no half-made customer: the credit is back, and a retry of the same request succeeds`, async () => {
      const { tenant, live } = await billed(8);
      const doc = nextCpf();
      const log = service.services.log;
      const append = log.append.bind(log);
      let failures = 0;
      log.append = async (stream, events, metadata, expected) => {
        if (stream.startsWith(prefix) && failures === 0) {
          failures++;
          throw new Error('injected: the event store went away');
        }
        return append(stream, events, metadata, expected);
      };
      try {
        const body = { type: 'pf', doc, name: 'Maria da Silva', email: 'maria@example.com', run_bureau: true };
        const failed = await postCustomer(service, live, body);
        expect(failed.status).to.equal(500);
        expect(failures).to.equal(1);
        expect(await balance(tenant)).to.equal(8);
        const retried = await postCustomer(service, live, body);
        const retriedBody = (await retried.json()) as Json;
        expect(retried.status, JSON.stringify(retriedBody)).to.equal(201);
        expect(retriedBody.status).to.equal('em_analise');
        const run = await getJson(service, live, `/bureau/runs/${retriedBody.run_id}`);
        expect([200, 202]).to.include(run.status);
        expect(await balance(tenant)).to.equal(0);
      } finally {
        log.append = append;
      }
    });
  }

  it('20 concurrent uploads of one document type for one customer: every one recorded (201), never a 500', async () => {
    const { live } = await billed(8);
    const created = (await (await postCustomer(service, live, { type: 'pf', doc: nextCpf(), name: 'Maria da Silva', email: 'maria@example.com' })).json()) as Json;
    const responses = await Promise.all(Array.from({ length: 20 }, () => uploadDocument(service, live, created.customer_id, { type: 'comprovante_endereco', data: PNG })));
    const answers = await statuses(responses);
    expect(answers.map((a) => a.status), JSON.stringify(answers.filter((a) => a.status !== 201))).to.deep.equal(Array(20).fill(201));
  });

  it('an upload that keeps losing the customer stream to other instances answers 409 concurrent_update and keeps no file', async () => {
    const { live } = await billed(8);
    const created = (await (await postCustomer(service, live, { type: 'pf', doc: nextCpf(), name: 'Maria da Silva', email: 'maria@example.com' })).json()) as Json;
    const log = service.services.log;
    const append = log.append.bind(log);
    log.append = async (stream, events, metadata, expected) => {
      if (stream === `customer-${created.customer_id}`) throw new WrongExpectedRevisionError(stream, expected, 99);
      return append(stream, events, metadata, expected);
    };
    try {
      const response = await uploadDocument(service, live, created.customer_id, { type: 'selfie', data: PNG });
      const text = await response.text();
      expect(response.status, text).to.equal(409);
      expect((JSON.parse(text) as Json).error.code).to.equal('concurrent_update');
    } finally {
      log.append = append;
    }
    const blobs = readdirSync(join(service.dataDir, 'blobs'), { recursive: true }).filter((f) => String(f).includes(created.customer_id));
    expect(blobs.filter((f) => !statSync(join(service.dataDir, 'blobs', String(f))).isDirectory())).to.deep.equal([]);
  });
});
