import { expect } from 'chai';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { startService, type TestService } from '../helpers/service.js';
import { createCustomer, pfBody, uploadOk } from './customers-support.js';
import { createRun, errorOf, pfSubject, waitForRun, world, type Json, type World } from './runs-support.js';

/**
 * Prototype-key fuzz (issue 17): every endpoint that takes a JSON body gets its minimal valid
 * body plus `__proto__`, `constructor` or `prototype` at the top level and inside each of its
 * object fields, written as raw JSON text (JSON.stringify would never emit `__proto__` from an
 * object literal). Each must be a 400 naming the key, and nothing may change; the same bodies
 * without the key are then accepted, so the 400s came from the keys alone.
 */

const KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const VALUES = ['{"polluted":"yes"}', '"polluted"', '[{"polluted":"yes"}]'] as const;
const MARK = '"__mark__":0';

type Path = readonly (string | number)[];

interface Endpoint {
  method: string;
  path: string;
  public?: true;
  body: () => Json;
  /** the object fields of the body (the body itself is always fuzzed too) */
  objects: readonly Path[];
  /** the answer to the body as it is */
  ok: number;
}

/** The body's JSON text with `"key":value` written into the object at `at`. */
function bodyWith(body: Json, at: Path, key: string, value: string): string {
  const copy = structuredClone(body);
  const target = at.reduce<Json>((object, step) => object[step] as Json, copy);
  target['__mark__'] = 0;
  const text = JSON.stringify(copy);
  if (!text.includes(MARK)) throw new Error('mark not written');
  return text.replace(MARK, `${JSON.stringify(key)}:${value}`);
}

describe('prototype keys in JSON bodies and query strings', () => {
  let service: TestService;
  let w: World;
  let endpoints: Endpoint[];
  let runId: string;
  let customerId: string;
  let documentId: string;
  const cpf = (n: number) => withCheckDigits(String(200_000_000 + n).slice(0, 9));
  const authed = (endpoint: Endpoint, extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    ...(endpoint.public ? { 'x-api-key': w.key } : { authorization: 'Bearer op_test_token' }),
    ...extra,
  });
  const send = (endpoint: Endpoint, text: string, extra: Record<string, string> = {}) =>
    service.call(`${endpoint.public ? '/api/v1' : '/operator/v1'}${endpoint.path}`, { method: endpoint.method, headers: authed(endpoint, extra), body: text });

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000', SVC_WEBHOOK_ALLOW_INSECURE: 'true' } });
    w = await world(service);
    // what the operator endpoints act on: a run waiting for review, a customer, a document
    runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000353') });
    expect((await waitForRun(service, w.key, runId))['status']).to.equal('pending_review');
    customerId = (await createCustomer(service, w.key, pfBody(cpf(1))))['customer_id'] as string;
    documentId = (await uploadOk(service, w.key, customerId, { type: 'outro' }))['document_id'] as string;
    const tenant = w.tenant.tenant_id;
    const sources = () => [{ source_id: 'receita_cpf', tier: 1 }];
    endpoints = [
      {
        method: 'POST',
        path: '/bureau/runs',
        public: true,
        body: () => ({ template_id: w.pf, subject: pfSubject('00000000191'), metadata: { ref: 'a' } }),
        objects: [['subject'], ['metadata']],
        ok: 202,
      },
      {
        method: 'POST',
        path: '/customers',
        public: true,
        body: () => pfBody(cpf(2), { metadata: { ref: 'a' }, address: { street: 'Rua A', city: 'São Paulo', state: 'SP', zip: '01001000' } }),
        objects: [['metadata'], ['address']],
        ok: 201,
      },
      { method: 'POST', path: '/tenants', body: () => ({ name: 'Fuzz' }), objects: [], ok: 201 },
      {
        method: 'PATCH',
        path: `/tenants/${tenant}`,
        body: () => ({ default_templates: { pf: w.pf }, auto_decision_policy: { baixo: 'aprovado' } }),
        objects: [['default_templates'], ['auto_decision_policy']],
        ok: 200,
      },
      { method: 'POST', path: `/tenants/${tenant}/credits`, body: () => ({ amount: 1, reason: 'fuzz' }), objects: [], ok: 201 },
      { method: 'POST', path: `/tenants/${tenant}/api-keys`, body: () => ({ name: 'fuzz', environment: 'sandbox', scopes: ['runs:read'] }), objects: [], ok: 201 },
      {
        method: 'POST',
        path: '/templates',
        body: () => ({ tenant_id: tenant, name: 'Fuzz', subject_type: 'pf', sources: sources(), risk_thresholds: { medio: 30, alto: 60 } }),
        objects: [['sources', 0], ['risk_thresholds']],
        ok: 201,
      },
      {
        method: 'PATCH',
        path: `/templates/${w.pf}`,
        body: () => structuredClone({ sources: REFERENCE_PF.sources, rules: REFERENCE_PF.rules, risk_thresholds: { medio: 25, alto: 60 } }),
        objects: [['sources', 0], ['rules', 1], ['risk_thresholds']],
        ok: 200,
      },
      { method: 'POST', path: `/tenants/${tenant}/onboarding-profiles`, body: () => ({ slug: 'fuzz', template_id: w.pf }), objects: [], ok: 201 },
      { method: 'POST', path: `/runs/${runId}/review`, body: () => ({ decision: 'approved', note: 'ok' }), objects: [], ok: 200 },
      { method: 'PATCH', path: `/customers/${customerId}`, body: () => ({ status: 'aprovado' }), objects: [], ok: 200 },
      { method: 'POST', path: `/documents/${documentId}/review`, body: () => ({ status: 'aprovado' }), objects: [], ok: 200 },
      {
        method: 'POST',
        path: `/tenants/${tenant}/fx-operations`,
        body: () => ({ nature_code: '10500', direction: 'entrada', currency: 'USD', amount: '100.00', counterparty: { name: 'Acme Inc', country: 'US' } }),
        objects: [['counterparty']],
        ok: 201,
      },
      { method: 'POST', path: '/erasure-requests', body: () => ({ tenant_id: tenant, doc: cpf(1) }), objects: [], ok: 202 },
      // last: once set, run events would be delivered to it
      { method: 'PUT', path: `/tenants/${tenant}/webhook-endpoints/sandbox`, body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['run.completed'] }), objects: [], ok: 200 },
    ];
  });
  after(async () => service.close());

  /** What the fuzz must leave as it was: the event log, the tenant, the template, keys, customers, the run. */
  const snapshot = async () => {
    const read = async (path: string, publicApi = false) => {
      const response = publicApi ? await service.call(`/api/v1${path}`, { headers: { 'x-api-key': w.key } }) : await service.operator(path);
      expect(response.status, path).to.equal(200);
      return response.json() as Promise<Json>;
    };
    return {
      head: await service.services.log.store.headPosition(),
      tenant: await read(`/tenants/${w.tenant.tenant_id}`),
      template: await read(`/templates/${w.pf}`),
      keys: await read(`/tenants/${w.tenant.tenant_id}/api-keys`),
      customers: await read('/customers?limit=100', true),
      runs: await read('/bureau/runs?limit=100', true),
      run: await read(`/bureau/runs/${runId}`, true),
    };
  };

  it('refuses __proto__, constructor and prototype at the top level and in every object field of every JSON endpoint: 400, nothing changed', async () => {
    const before = await snapshot();
    let sent = 0;
    for (const endpoint of endpoints) {
      for (const at of [[], ...endpoint.objects] as Path[]) {
        for (const key of KEYS) {
          for (const value of VALUES) {
            const text = bodyWith(endpoint.body(), at, key, value);
            // public writes also carry an Idempotency-Key: the refusal comes before any claim
            const response = await send(endpoint, text, endpoint.public ? { 'Idempotency-Key': `fuzz-${sent}` } : {});
            sent++;
            const where = `${endpoint.method} ${endpoint.path} ${text}`;
            expect(response.status, where).to.equal(400);
            expect(await errorOf(response), where).to.include({ code: 'invalid_request', param: [...at, key].join('.') });
            expect(({} as Json)['polluted'], where).to.equal(undefined);
          }
        }
      }
    }
    expect(sent).to.be.greaterThan(150);
    expect(await snapshot()).to.deep.equal(before);
  });

  it('the reported cases: PATCH tenant keeps its settings, PATCH template makes no new version', async () => {
    const tenantPath = `/operator/v1/tenants/${w.tenant.tenant_id}`;
    const templatePath = `/operator/v1/templates/${w.pf}`;
    const settings = ((await (await service.operator(`/tenants/${w.tenant.tenant_id}`)).json()) as Json)['settings'];
    const version = ((await (await service.operator(`/templates/${w.pf}`)).json()) as Json)['version'];
    for (const [path, text] of [
      [tenantPath, '{"__proto__":{"polluted":"yes"}}'],
      [tenantPath, '{"constructor":{"prototype":{"polluted":"yes"}}}'],
      [templatePath, '{"__proto__":{"polluted":"yes"}}'],
      [templatePath, '{"risk_thresholds":{"medio":30,"alto":60,"__proto__":{"medio":1}}}'],
    ] as const) {
      const response = await service.call(path, { method: 'PATCH', headers: { authorization: 'Bearer op_test_token', 'content-type': 'application/json' }, body: text });
      expect(response.status, text).to.equal(400);
      expect((await errorOf(response)).code).to.equal('invalid_request');
    }
    expect(((await (await service.operator(`/tenants/${w.tenant.tenant_id}`)).json()) as Json)['settings']).to.deep.equal(settings);
    expect(((await (await service.operator(`/templates/${w.pf}`)).json()) as Json)['version']).to.equal(version);
  });

  it('query strings with __proto__, constructor and prototype names on list endpoints never answer 500', async () => {
    const queries = [
      '__proto__=x',
      'constructor=x',
      'prototype=x',
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      '__proto__=x&__proto__=y',
      'status=constructor',
      'status=__proto__',
      'type=constructor',
      'limit=__proto__',
      'cursor=__proto__',
      'created_after=constructor',
      'event_id=__proto__',
      'category=constructor',
    ];
    const lists: [string, boolean][] = [
      ['/bureau/runs', true],
      ['/customers', true],
      [`/tenants/${w.tenant.tenant_id}/webhook-deliveries`, false],
      [`/tenants/${w.tenant.tenant_id}/api-keys`, false],
      ['/audit/streams', false],
    ];
    for (const [path, publicApi] of lists) {
      for (const query of queries) {
        const response = publicApi
          ? await service.call(`/api/v1${path}?${query}`, { headers: { 'x-api-key': w.key } })
          : await service.operator(`${path}?${query}`);
        expect([200, 400], `${path}?${query}`).to.include(response.status);
        await response.body?.cancel();
        expect(({} as Json)['polluted']).to.equal(undefined);
      }
    }
  });

  // last: it changes what the other cases compare against
  it('accepts every one of those bodies without the reserved key', async () => {
    for (const endpoint of endpoints) {
      const response = await send(endpoint, JSON.stringify(endpoint.body()));
      expect(response.status, `${endpoint.method} ${endpoint.path}: ${await response.clone().text()}`).to.equal(endpoint.ok);
    }
  });
});
