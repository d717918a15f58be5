import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '../../src/adapters/event-store/port.js';
import { cachedOpenApiDocument } from '../../src/http/openapi.js';
import { documentOperations, resolvePointer } from '../helpers/openapi-contract.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

/**
 * The refusals every operation shares, checked on every operation the document lists (so a new
 * route that forgot its authentication, rate limit, body limit or id check fails here): no
 * credentials → 401; over the key's rate → 429; a JSON body over 1 MB → 413; a malformed id in
 * the path → 400 invalid_id; a well-formed unknown id → 404. Each answer is also validated
 * against the document by the contract hook.
 */

interface Op {
  method: string;
  template: string;
  security: unknown[] | undefined;
  responses: Record<string, unknown>;
  parameters: { name: string; in: string; example?: unknown; schema?: { format?: string; enum?: string[] } }[];
  jsonBody: boolean;
  /** the document's example request body, if any */
  example?: unknown;
}

function operations(): Op[] {
  const documentSecurity = (cachedOpenApiDocument() as { security?: unknown[] }).security;
  return documentOperations().map(({ method, template, responses, raw, item }) => {
    const resolve = (node: Record<string, unknown>) => (typeof node['$ref'] === 'string' ? resolvePointer(node['$ref']) : node);
    const parameters = [...(item['parameters'] ?? []), ...(raw['parameters'] ?? [])].map(resolve) as Op['parameters'];
    const json = raw['requestBody']?.content?.['application/json'];
    const example = json?.example ?? (json?.examples ? resolve(Object.values(json.examples as Record<string, Record<string, unknown>>)[0]!)['value'] : undefined);
    return { method, template, security: raw['security'] ?? documentSecurity, responses, parameters, jsonBody: Boolean(json), example };
  });
}

/**
 * Operations whose body names other resources checked before the one in the path: the
 * document's example names a template of its own tenant, so an unknown tenant answers 400
 * template_not_found first (documented on those operations).
 */
const CHECKED_BEFORE_EXISTENCE = new Set(['PATCH /operator/v1/tenants/{tenant_id}', 'POST /operator/v1/tenants/{tenant_id}/onboarding-profiles']);

/**
 * Operations a failing store cannot make answer 500 in this sweep: answered from memory (the
 * list catalog, the metrics registry, a refresh only scheduled), refused earlier by a tenant
 * setting of this test's tenant (no default template, facial module off), or taking multipart.
 */
const NO_STORE_FAULT = new Set([
  'GET /operator/v1/lists',
  'POST /operator/v1/lists/{list_id}/versions',
  'POST /operator/v1/lists/{list_id}/refresh',
  'GET /metrics',
  'POST /api/v1/customers',
  'POST /api/v1/verificacoes/facial',
  'GET /api/v1/screening/lists',
  'POST /api/v1/screening/search',
  'POST /api/v1/screening/compare',
]);

const isPublic = (op: Op) => op.template.startsWith('/api/v1/');
const needsCredentials = (op: Op) => (op.security ?? []).length > 0 && !(op.security ?? []).some((requirement) => Object.keys(requirement as object).length === 0);

/** A path with its parameters filled: uuids where the parameter is one, else its first enum value or a plain word. */
function pathOf(op: Op, uuid: (name: string) => string = () => randomUUID()): string {
  const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
    if (parameter?.schema?.enum) return parameter.schema.enum[0]!;
    if (parameter?.schema?.format === 'uuid') return uuid(name);
    if (parameter?.example !== undefined) return String(parameter.example);
    return name === 'list_id' ? 'br_pep' : 'x';
  });
  const required = op.parameters.filter((p) => p.in === 'query' && (p as { required?: boolean }).required && p.schema?.enum);
  return required.length === 0 ? path : `${path}?${required.map((p) => `${p.name}=${p.schema!.enum![0]}`).join('&')}`;
}

describe('every documented operation shares the same refusals', () => {
  let service: TestService;
  let key: string;
  let limitedKey: string;
  let tenantId: string;
  before(async () => {
    service = await startService();
    const tenant = await createTenant(service, 'Varredura Contratual');
    tenantId = tenant.tenant_id;
    key = (await tenant.key({ scopes: ['runs:write', 'runs:read', 'detail:read', 'customers:write', 'customers:read', 'biometria:write', 'screening:read', 'cases:write', 'cases:read'] })).api_key;
    limitedKey = (await tenant.key({ rate_limit_per_minute: 1 })).api_key;
  });
  after(async () => {
    await service.close();
  });

  const credentials = (op: Op): Record<string, string> => (isPublic(op) ? { 'x-api-key': key } : { authorization: 'Bearer op_test_token' });

  it('401 without credentials, on every operation that needs them', async () => {
    const guarded = operations().filter(needsCredentials);
    expect(guarded.length).to.be.greaterThan(40);
    for (const op of guarded) {
      const response = await service.call(pathOf(op), { method: op.method });
      const body = (await response.json()) as { error: { code: string } };
      expect(response.status, `${op.method} ${op.template}`).to.equal(401);
      expect(body.error.code).to.be.oneOf(['missing_api_key', 'invalid_operator_token']);
    }
  });

  it('429 over the key\'s rate, on every public operation', async () => {
    const first = await service.call('/api/v1/customers', { headers: { 'x-api-key': limitedKey } });
    expect(first.status).to.equal(200);
    const publicOps = operations().filter((op) => isPublic(op) && needsCredentials(op));
    expect(publicOps.length).to.be.greaterThan(12);
    for (const op of publicOps) {
      const response = await service.call(pathOf(op), { method: op.method, headers: { 'x-api-key': limitedKey } });
      expect(response.status, `${op.method} ${op.template}`).to.equal(429);
      expect(Number(response.headers.get('retry-after'))).to.be.greaterThan(0);
      await response.body?.cancel();
    }
  });

  it('413 for a JSON body over 1 MB, on every operation that takes one', async function () {
    // one 1.1 MB body per operation (over a hundred): longer than the default on 2 busy cores
    this.timeout(120_000);
    const big = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    const withBody = operations().filter((op) => op.jsonBody && needsCredentials(op));
    expect(withBody.length).to.be.greaterThan(15);
    for (const op of withBody) {
      const response = await service.call(pathOf(op), { method: op.method, headers: { ...credentials(op), 'content-type': 'application/json' }, body: big });
      const body = (await response.json()) as { error: { code: string } };
      expect(response.status, `${op.method} ${op.template}`).to.equal(413);
      expect(body.error.code).to.equal('payload_too_large');
    }
  });

  it('400 invalid_id for a malformed id in the path, on every operation with an id parameter', async () => {
    const withIds = operations().filter((op) => needsCredentials(op) && op.parameters.some((p) => p.in === 'path' && p.schema?.format === 'uuid'));
    expect(withIds.length).to.be.greaterThan(20);
    for (const op of withIds) {
      const response = await service.call(pathOf(op, () => 'not-a-uuid'), { method: op.method, headers: credentials(op), ...(op.jsonBody ? { json: {} } : {}) });
      const body = (await response.json()) as { error: { code: string } };
      expect(response.status, `${op.method} ${op.template}`).to.equal(400);
      expect(body.error.code, `${op.method} ${op.template}`).to.equal('invalid_id');
    }
  });

  it('404 for a well-formed id nothing has, on every operation documenting it (with the document\'s example body)', async () => {
    const withIds = operations().filter((op) => needsCredentials(op) && Object.hasOwn(op.responses, '404') && op.parameters.some((p) => p.in === 'path' && p.schema?.format === 'uuid'));
    expect(withIds.length).to.be.greaterThan(20);
    const answers: string[] = [];
    for (const op of withIds.filter((candidate) => !CHECKED_BEFORE_EXISTENCE.has(`${candidate.method} ${candidate.template}`))) {
      const response = await service.call(pathOf(op), { method: op.method, headers: credentials(op), ...(op.jsonBody ? { json: op.example ?? {} } : {}) });
      const text = await response.text();
      if (response.status !== 404) answers.push(`${op.method} ${op.template} ${response.status} ${text.slice(0, 160)}`);
    }
    expect(answers).to.deep.equal([]);
  });

  it('500 internal_error, no detail, when the stores fail under the request, on every operation documenting it', async () => {
    const { readStore, eventStore } = service.services;
    const broken = async () => {
      throw new Error('SQLITE_IOERR: disk I/O error');
    };
    const saved = {
      get: readStore.get,
      getMany: readStore.getMany,
      find: readStore.find,
      listCollection: readStore.listCollection,
      append: eventStore.append,
      readStream: eventStore.readStream,
      readAll: eventStore.readAll,
      readAllPage: eventStore.readAllPage,
    };
    // the keys are cached from the requests above: authentication passes, the route's own work fails
    Object.assign(readStore, { get: broken, getMany: broken, find: broken, listCollection: broken });
    Object.assign(eventStore, { append: broken, readStream: broken, readAll: broken, readAllPage: broken });
    const answers: string[] = [];
    try {
      for (const op of operations().filter((candidate) => needsCredentials(candidate) && Object.hasOwn(candidate.responses, '500') && !NO_STORE_FAULT.has(`${candidate.method} ${candidate.template}`))) {
        const response = await service.call(pathOf(op), { method: op.method, headers: credentials(op), ...(op.jsonBody ? { json: op.example ?? {} } : {}) });
        const text = await response.text();
        if (response.status !== 500) answers.push(`${op.method} ${op.template} ${response.status} ${text.slice(0, 120)}`);
        else expect(JSON.parse(text).error).to.include({ code: 'internal_error', param: null }).and.not.to.have.property('stack');
      }
    } finally {
      Object.assign(readStore, { get: saved.get, getMany: saved.getMany, find: saved.find, listCollection: saved.listCollection });
      Object.assign(eventStore, { append: saved.append, readStream: saved.readStream, readAll: saved.readAll, readAllPage: saved.readAllPage });
    }
    expect(answers).to.deep.equal([]);
  });

  it('409 concurrent_update with Retry-After when every append loses its race: never a 2xx or a 500, on every writing operation documenting 409', async () => {
    const { eventStore } = service.services;
    const saved = eventStore.append;
    // another writer always got there first: the command's retries run out
    Object.assign(eventStore, {
      append: async (stream: string) => {
        throw new WrongExpectedRevisionError(stream, 0, 1);
      },
    });
    const conflicts: string[] = [];
    const others: string[] = [];
    try {
      // a search is a POST that writes nothing: its 409 is lists_not_loaded (issue 28), never a lost race
      const writesNothing = new Set(['/api/v1/screening/search']);
      for (const op of operations().filter((candidate) => needsCredentials(candidate) && candidate.method !== 'GET' && !writesNothing.has(candidate.template) && Object.hasOwn(candidate.responses, '409'))) {
        // the test's own tenant where the path names one: the write gets as far as its append
        const path = pathOf(op, (name) => (name === 'tenant_id' ? tenantId : randomUUID()));
        const body = op.template === '/api/v1/customers' ? { type: 'pf', doc: '52998224725', name: 'Pessoa Concorrida Silva', email: 'concorrida@example.com' } : (op.example ?? {});
        const response = await service.call(path, { method: op.method, headers: credentials(op), ...(op.jsonBody ? { json: body } : {}) });
        const text = await response.text();
        const label = `${op.method} ${op.template}`;
        if (response.status === 409) {
          expect(JSON.parse(text).error.code, label).to.equal('concurrent_update');
          expect(response.headers.get('retry-after'), label).to.equal('1');
          conflicts.push(label);
        } else {
          // refused before any write (an id nothing has, a body naming what is not there)
          expect(response.status, `${label}: ${text.slice(0, 200)}`).to.be.within(400, 499);
          others.push(`${label} ${response.status}`);
        }
      }
    } finally {
      Object.assign(eventStore, { append: saved });
    }
    expect(conflicts, others.join(', ')).to.include.members(['POST /operator/v1/tenants', 'POST /operator/v1/tenants/{tenant_id}/credits', 'POST /operator/v1/tenants/{tenant_id}/api-keys', 'POST /api/v1/customers']);
  });
});
