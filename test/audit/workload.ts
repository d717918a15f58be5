import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BiometricProvider } from '../../src/adapters/biometrics/port.js';
import type { Source, SourceRequest } from '../../src/adapters/sources/port.js';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';
import { REFERENCE_PF, REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { createTenant, type TenantFixture, type TestService, type TestServiceOptions } from '../helpers/service.js';
import { formatCpf, patchTenant, PNG, uploadDocument } from '../http/customers-support.js';
import { settleRounds, setModule } from '../http/facial-support.js';
import { cpf, createTemplate, startRunsService, waitForRun, type Json } from '../http/runs-support.js';

/**
 * Shared by the test/audit specs: a service whose sources and biometric provider count their
 * calls, and a realistic workload over HTTP (tenants, keys, templates, sandbox runs of several
 * fixture documents, a live run billed on the ledger, customers with run_bureau and uploaded
 * documents with an automatic facial round, operator reviews).
 */

/** A source that counts what it is asked (the sandbox answers). */
export class CountingSource implements Source {
  readonly asked: string[] = [];
  private readonly inner = new SandboxSource({ latencyMs: 0 });
  async query(request: SourceRequest, signal: AbortSignal) {
    this.asked.push(`${request.run_id}:${request.source_id}`);
    return this.inner.query(request, signal);
  }
}

export interface CountedService {
  service: TestService;
  sandbox: CountingSource;
  live: CountingSource;
  /** biometric provider calls (the sandbox provider, wrapped) */
  biometricCalls: () => number;
}

/** A runs service (no sandbox latency, no rate limit) with counting sources and biometrics. */
export async function startCountedService(options: TestServiceOptions = {}): Promise<CountedService> {
  const sandbox = new CountingSource();
  const live = new CountingSource();
  const service = await startRunsService({ ...options, sandboxSource: sandbox, liveSource: live });
  let calls = 0;
  const provider: BiometricProvider = service.services.biometrics.sandbox;
  const check = provider.check.bind(provider);
  provider.check = (...args) => {
    calls++;
    return check(...args);
  };
  return { service, sandbox, live, biometricCalls: () => calls };
}

export interface ApiCall<T = Json> {
  status: number;
  request_id: string;
  body: T;
}

/** fetch, the answer parsed, with its X-Request-Id. */
export async function apiCall(response: Promise<Response>): Promise<ApiCall> {
  const r = await response;
  const text = await r.text();
  return { status: r.status, request_id: r.headers.get('x-request-id') ?? '', body: (text ? JSON.parse(text) : null) as Json };
}

export interface Tenant {
  fixture: TenantFixture;
  tenant_id: string;
  key_id: string;
  key: string;
  pf: string;
  pj: string;
}

/** A tenant with an all-scopes sandbox key, the reference templates as its defaults. */
export async function tenantWithTemplates(service: TestService, name: string): Promise<Tenant> {
  const fixture = await createTenant(service, name);
  const { key_id, api_key } = await fixture.key();
  const pf = await createTemplate(service, { tenant_id: fixture.tenant_id }, REFERENCE_PF);
  const pj = await createTemplate(service, { tenant_id: fixture.tenant_id }, REFERENCE_PJ);
  await patchTenant(service, fixture.tenant_id, { default_templates: { pf, pj } });
  return { fixture, tenant_id: fixture.tenant_id, key_id, key: api_key, pf, pj };
}

export const postRun = (service: TestService, key: string, body: Json, headers: Record<string, string> = {}) =>
  apiCall(service.call('/api/v1/bureau/runs', { method: 'POST', headers: { 'x-api-key': key, ...headers }, json: body }));

export const postCustomer = (service: TestService, key: string, body: Json, headers: Record<string, string> = {}) =>
  apiCall(service.call('/api/v1/customers', { method: 'POST', headers: { 'x-api-key': key, ...headers }, json: body }));

/** A PNG with the given text after its end marker (image readers stop at IEND): the stored file holds it. */
export const pngWith = (text: string): Uint8Array => Uint8Array.from(Buffer.concat([Buffer.from(PNG), Buffer.from(text, 'utf8')]));

export async function upload(service: TestService, key: string, customerId: string, type: string, fileName: string, data: Uint8Array): Promise<ApiCall> {
  const result = await apiCall(uploadDocument(service, key, customerId, { type, data, fileName }));
  expect(result.status, JSON.stringify(result.body)).to.equal(201);
  return result;
}

/** One person with every personal field a customer can carry. */
export interface Person {
  doc: string;
  name: string;
  email: string;
  phone: string;
  street: string;
  birth_date: string;
}

export const customerBody = (p: Person, extra: Json = {}): Json => ({
  type: 'pf',
  doc: formatCpf(p.doc),
  name: p.name,
  email: p.email,
  phone: p.phone,
  birth_date: p.birth_date,
  address: { street: p.street, number: '77', city: 'Brasília', state: 'DF', zip: '70000-000' },
  run_bureau: true,
  ...extra,
});

export const SUBJECT: Person = {
  doc: cpf(7001),
  name: 'Joana Erasmo Tavares',
  email: 'joana.erasmo.tavares@exemplo-apagado.com.br',
  phone: '+55 61 99123-4567',
  street: 'Rua Quirino Apagado',
  birth_date: '1987-03-14',
};

export const OTHER: Person = {
  doc: cpf(7002),
  name: 'Otaviano Permanece Lopes',
  email: 'otaviano.permanece@exemplo-mantido.com.br',
  phone: '+55 21 98888-1212',
  street: 'Avenida Continua Aqui',
  birth_date: '1979-11-02',
};

/** The fixture rows the workload runs (decisions section 5), by expected status. */
export const FIXTURE_RUNS = {
  completed: { doc: '00000000191', type: 'pf' },
  blocked: { doc: '00000000272', type: 'pf' },
  pending_review: { doc: '00000000353', type: 'pf' },
  partial: { doc: '00000000434', type: 'pf' },
  failed: { doc: '00000000604', type: 'pf' },
  pj: { doc: '00000001000136', type: 'pj' },
} as const;
export type FixtureRun = keyof typeof FIXTURE_RUNS;

export interface Workload {
  a: Tenant;
  b: Tenant;
  live_key: { key_id: string; api_key: string };
  /** fixture runs of tenant A, with the POST's request id */
  fixtures: Record<FixtureRun, { run_id: string; request_id: string }>;
  live_run: string;
  /** SUBJECT's customer in A (idempotent creation), its run, its documents, and a direct run for the same CPF */
  subject: { customer_id: string; run_id: string; request_id: string; direct_run: string; direct_request_id: string; documents: string[]; idempotency_key: string; body: Json };
  /** OTHER's customer in A */
  other: { customer_id: string; run_id: string };
  /** a customer in B, by default with SUBJECT's CPF (another tenant's subject, same document) */
  b_customer: { customer_id: string; run_id: string };
  /** the operator's review of the pending_review run, with its request id */
  review_request_id: string;
  credits_request_id: string;
}

/** The realistic workload; waits until every run, round and projection has settled. */
export async function runWorkload(service: TestService, options: { sameDocInOtherTenant?: boolean } = {}): Promise<Workload> {
  const a = await tenantWithTemplates(service, 'Auditada');
  const b = await tenantWithTemplates(service, 'Outra');
  await setModule(service, a.tenant_id, true, true);
  const credits = await apiCall(service.operator(`/tenants/${a.tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'seed' } }));
  expect(credits.status).to.equal(201);
  const liveKey = await a.fixture.key({ environment: 'live' });

  const fixtures = {} as Workload['fixtures'];
  for (const [name, row] of Object.entries(FIXTURE_RUNS) as [FixtureRun, (typeof FIXTURE_RUNS)[FixtureRun]][]) {
    const subject = row.type === 'pf' ? { type: 'pf', doc: row.doc, name: 'Maria da Silva' } : { type: 'pj', doc: row.doc, name: 'Empresa Exemplo Ltda' };
    const r = await postRun(service, a.key, { template_id: row.type === 'pf' ? a.pf : a.pj, subject, external_id: `fx-${name}` });
    expect(r.status, JSON.stringify(r.body)).to.equal(202);
    fixtures[name] = { run_id: r.body.run_id, request_id: r.request_id };
  }
  const liveRun = await postRun(service, liveKey.api_key, { template_id: a.pf, subject: { type: 'pf', doc: cpf(7100), name: 'Cliente Pagante' } });
  expect(liveRun.status, JSON.stringify(liveRun.body)).to.equal(202);

  const idempotencyKey = 'create-subject-1';
  const body = customerBody(SUBJECT, { external_id: 'subject-ext', metadata: { origem: 'app' } });
  const created = await postCustomer(service, a.key, body, { 'idempotency-key': idempotencyKey });
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  const customerId = created.body.customer_id as string;
  const docs: string[] = [];
  // the file names and contents carry the person's name and document: the files must go too
  docs.push((await upload(service, a.key, customerId, 'identidade_frente', `${SUBJECT.name} RG.png`, pngWith(`RG ${SUBJECT.name} ${SUBJECT.doc}`))).body.document_id);
  docs.push((await upload(service, a.key, customerId, 'selfie', `${SUBJECT.name} selfie.png`, pngWith(`selfie ${SUBJECT.name}`))).body.document_id);
  // a resubmitted selfie: the replaced file is the subject's too
  docs.push((await upload(service, a.key, customerId, 'selfie', `${SUBJECT.name} selfie 2.png`, pngWith(`selfie 2 ${SUBJECT.name}`))).body.document_id);
  const direct = await postRun(service, a.key, { template_id: a.pf, subject: { type: 'pf', doc: SUBJECT.doc, name: SUBJECT.name }, external_id: 'subject-direct' });
  expect(direct.status, JSON.stringify(direct.body)).to.equal(202);

  const other = await postCustomer(service, a.key, customerBody(OTHER));
  expect(other.status, JSON.stringify(other.body)).to.equal(201);
  await upload(service, a.key, other.body.customer_id, 'identidade_frente', 'other-rg.png', pngWith(`RG ${OTHER.name}`));
  // by default the other tenant has a customer with SUBJECT's CPF (another subject: same document, other tenant)
  const inBDoc = options.sameDocInOtherTenant === false ? cpf(7003) : SUBJECT.doc;
  const inB = await postCustomer(service, b.key, customerBody({ ...SUBJECT, doc: inBDoc, name: 'Joana Noutro Inquilino', email: 'joana@outro-inquilino.com.br', phone: '+55 11 3333-4444', street: 'Rua do Outro Inquilino' }));
  expect(inB.status, JSON.stringify(inB.body)).to.equal(201);

  for (const id of [...Object.values(fixtures).map((f) => f.run_id), created.body.run_id, direct.body.run_id, other.body.run_id]) await waitForRun(service, a.key, id);
  await waitForRun(service, b.key, inB.body.run_id);
  await waitForRun(service, liveKey.api_key, liveRun.body.run_id);
  const review = await apiCall(service.operator(`/runs/${fixtures.pending_review.run_id}/review`, { method: 'POST', json: { decision: 'approved', note: 'analista: ok' } }));
  expect(review.status, JSON.stringify(review.body)).to.equal(200);
  const reviewDoc = await apiCall(service.operator(`/documents/${docs[0]}/review`, { method: 'POST', json: { status: 'aprovado' } }));
  expect(reviewDoc.status, JSON.stringify(reviewDoc.body)).to.equal(200);
  await settle(service);
  return {
    a,
    b,
    live_key: liveKey,
    fixtures,
    live_run: liveRun.body.run_id,
    subject: { customer_id: customerId, run_id: created.body.run_id, request_id: created.request_id, direct_run: direct.body.run_id, direct_request_id: direct.request_id, documents: docs, idempotency_key: idempotencyKey, body },
    other: { customer_id: other.body.customer_id, run_id: other.body.run_id },
    b_customer: { customer_id: inB.body.customer_id, run_id: inB.body.run_id },
    review_request_id: review.request_id,
    credits_request_id: credits.request_id,
  };
}

/** Every reactor and projection has caught up with the head, and stays there. */
export async function settle(service: TestService): Promise<void> {
  const { services } = service;
  for (let pass = 0; pass < 5; pass++) {
    const head = await services.eventStore.headPosition();
    await services.worker.idle();
    await settleRounds(service, 10_000);
    for (const id of ['reactor:run-executor', 'reactor:billing', 'reactor:customer-runs', 'reactor:facial-rounds']) {
      const deadline = Date.now() + 10_000;
      while (((await services.readStore.getCheckpoint(id)) ?? 0) < head) {
        if (Date.now() > deadline) throw new Error(`${id} did not catch up`);
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    expect(await services.runner.waitFor(head, 10_000)).to.equal(true);
    if ((await services.eventStore.headPosition()) === head) return;
  }
  throw new Error('the service did not settle');
}

/** Every read model, document by document (id, document, position). */
export async function snapshot(service: TestService): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const p of service.services.projections) out[p.collection] = await service.services.readStore.listCollection(p.collection);
  return out;
}

/** Every regular file under a directory, recursively. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Byte-level search of every file under `dir` for each needle: the files holding it, per needle. */
export function grepDir(dir: string, needles: readonly (string | Buffer)[]): Map<string, string[]> {
  const hits = new Map<string, string[]>();
  const files = filesUnder(dir).map((path) => ({ path, bytes: readFileSync(path) }));
  for (const needle of needles) {
    const bytes = typeof needle === 'string' ? Buffer.from(needle, 'utf8') : needle;
    const label = typeof needle === 'string' ? needle : `0x${needle.toString('hex')}`;
    const found = files.filter((f) => f.bytes.includes(bytes)).map((f) => f.path.slice(dir.length + 1));
    if (found.length > 0) hits.set(label, found);
  }
  return hits;
}
