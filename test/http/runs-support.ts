import { expect } from 'chai';
import type { TemplateDefinition } from '../../src/domain/template/events.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { REFERENCE_PF, REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { createTenant, startService, type TenantFixture, type TestService, type TestServiceOptions } from '../helpers/service.js';

/** Shared by the runs-*.spec.ts files: one service, reference templates, run creation and polling. */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Polling hammers GET run; the per-key limit is not what these suites test. */
export function startRunsService(options: TestServiceOptions = {}): Promise<TestService> {
  return startService({ ...options, env: { SVC_SANDBOX_LATENCY_MS: '0', SVC_RATE_LIMIT_PER_MINUTE: '1000000', ...options.env } });
}

export async function createTemplate(service: TestService, owner: { tenant_id: string } | { global: true }, definition: TemplateDefinition, extra: Json = {}): Promise<string> {
  const response = await service.operator('/templates', { method: 'POST', json: { ...owner, ...definition, ...extra } });
  if (response.status !== 201) throw new Error(`template creation failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { template_id: string }).template_id;
}

export interface World {
  service: TestService;
  tenant: TenantFixture;
  /** sandbox key with every scope */
  key: string;
  pf: string;
  pj: string;
}

/** A tenant with an all-scopes sandbox key and the two reference templates. */
export async function world(service: TestService, name = 'Acme'): Promise<World> {
  const tenant = await createTenant(service, name);
  const key = (await tenant.key()).api_key;
  const pf = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PF);
  const pj = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PJ);
  return { service, tenant, key, pf, pj };
}

export const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { type: string; code: string; message: string; param: string | null; invalid_params?: string[] } }).error;

export function postRun(service: TestService, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return service.call('/api/v1/bureau/runs', { method: 'POST', headers: { 'x-api-key': key, ...headers }, json: body });
}

export const getJson = (service: TestService, key: string, path: string) => service.call(`/api/v1${path}`, { headers: { 'x-api-key': key } });

export const pfSubject = (doc: string, name = 'Maria da Silva') => ({ type: 'pf', doc, name });
export const pjSubject = (doc: string, name = 'Empresa Exemplo Ltda') => ({ type: 'pj', doc, name });

/** Creates a run and returns its id; fails the test unless the answer is 202. */
export async function createRun(service: TestService, key: string, body: Json, headers: Record<string, string> = {}): Promise<string> {
  const response = await postRun(service, key, body, headers);
  const text = await response.text();
  expect(response.status, text).to.equal(202);
  return (JSON.parse(text) as { run_id: string }).run_id;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET run until it stops answering 202 (bounded); returns the final 200 body. */
export async function waitForRun(service: TestService, key: string, runId: string, timeoutMs = 6_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await getJson(service, key, `/bureau/runs/${runId}`);
    if (response.status !== 202) {
      const text = await response.text();
      expect(response.status, text).to.equal(200);
      return JSON.parse(text) as Json;
    }
    await response.body?.cancel();
    if (Date.now() > deadline) throw new Error(`run ${runId} still in progress after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** Retries an assertion until it holds (bounded): for what reactors settle after the run ends. */
export async function eventually(assertion: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}

/** Valid CPFs and CNPJs outside the fixture table (they answer like its first row of their type). */
export const cpf = (n: number) => withCheckDigits(String(300_000_000 + n));
export const cnpj = (n: number) => withCheckDigits(`${String(30_000_000 + n)}0001`);

/** Once the run has ended: its sources' recorded answers as the run reads them, by source id. */
export async function sourceAnswersOf(service: TestService, key: string, runId: string, timeoutMs = 15_000): Promise<Record<string, Json>> {
  await eventually(async () => {
    const body = (await (await getJson(service, key, `/bureau/runs/${runId}`)).json()) as Json;
    expect(['queued', 'running']).to.not.include(body['status']);
  }, timeoutMs);
  const events = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
  return Object.fromEntries(events.map((e) => [String(e.data['source_id']), readableAnswer(e.data as never) as Json]));
}
