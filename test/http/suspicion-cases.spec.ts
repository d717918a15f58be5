import { expect } from 'chai';
import { addCalendarDays } from '../../src/domain/calendar/business-days.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer } from './customers-support.js';
import { startRunsService, world, type Json, type World } from './runs-support.js';
import { configureCompliance, operation } from './suspicion-support.js';

const CASE_SCOPES = ['customers:write', 'customers:read', 'cases:write', 'cases:read'];

/** Public regulatory cases (issue 30): POST/GET /api/v1/cases, their checks, scopes and tenant isolation, and no tipping-off. */
describe('public cases', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: World;
  let key: string;
  let otherKey: string;

  const call = async (path: string, init: RequestInit & { json?: unknown } = {}, apiKey = key) => {
    const response = await service.call(`/api/v1${path}`, { ...init, headers: { 'x-api-key': apiKey, ...(init.headers as Record<string, string> | undefined) } });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Json, text };
  };
  const report = (json: Json, headers: Record<string, string> = {}, apiKey = key) => call('/cases', { method: 'POST', json, headers }, apiKey);
  const valid = (over: Json = {}): Json => ({ operation: operation(), reason_codes: ['CC4001-I.a'], description: 'Depósitos fracionados.', ...over });

  before(async () => {
    service = await startRunsService();
    acme = await world(service, 'Acme');
    await configureCompliance(service, acme.tenant.tenant_id, { fourEyes: false });
    key = (await acme.tenant.key({ scopes: CASE_SCOPES })).api_key;
    const other = await world(service, 'Outra');
    otherKey = (await other.tenant.key({ scopes: CASE_SCOPES })).api_key;
  });
  after(async () => service?.close());

  it('opens a case pending selection with its clocks; idempotent with Idempotency-Key; read back and listed', async () => {
    const created = await report(valid({ occurred_at: '2026-11-20T15:00:00Z', external_id: 'ocorrencia-1' }), { 'Idempotency-Key': 'caso-1' });
    expect(created.status, created.text).to.equal(201);
    const kase = created.body;
    expect(kase).to.include({ object: 'case', status: 'pending_selection', customer_id: null, external_id: 'ocorrencia-1', occurred_at: '2026-11-20T15:00:00.000Z', selected_at: null, decision: null, communication: null });
    expect(kase['origin']).to.deep.equal({ kind: 'report', ref: null });
    expect(kase['clocks']).to.deep.equal({ selection_due_at: addCalendarDays('2026-11-20T15:00:00.000Z', 45), analysis_due_at: null, communication_due_at: null });
    const replay = await report(valid({ occurred_at: '2026-11-20T15:00:00Z', external_id: 'ocorrencia-1' }), { 'Idempotency-Key': 'caso-1' });
    expect(replay.body['id']).to.equal(kase['id']);
    expect((await call(`/cases/${kase['id']}`)).body).to.deep.equal(kase);
    // no personal data in the public view: neither the parties nor the description
    expect(created.text).not.to.include('Pessoa Exemplo').and.not.to.include('Depósitos fracionados');

    const old = await report(valid({ occurred_at: '2026-01-05T12:00:00Z' }));
    const overdue = await call('/cases?overdue=true');
    expect(overdue.body['data'].map((c: Json) => c['id'])).to.deep.equal([old.body['id']]);
    expect(overdue.body['data'][0]['overdue']).to.equal(true);
    const notOverdue = await call('/cases?overdue=false&status=pending_selection');
    expect(notOverdue.body['data'].map((c: Json) => c['id'])).to.include(kase['id']).and.not.include(old.body['id']);
    const page = await call('/cases?limit=1');
    expect([page.body['data'].length, page.body['has_more']]).to.deep.equal([1, true]);
    const next = await call(`/cases?limit=1&cursor=${page.body['next_cursor']}`);
    expect(next.body['data'][0]['id']).not.to.equal(page.body['data'][0]['id']);
  });

  it('answers 400 naming the field: CPF check digits, value not whole reais, unknown reason, outra_situacao without text, TpEnv not in the table', async () => {
    const party = (over: Json) => ({ ...operation().parties[0], ...over });
    const cases: [Json, string][] = [
      [valid({ operation: operation({ parties: [party({ document: '52998224724' })] }) }), 'operation.parties[0].document'],
      [valid({ operation: operation({ value: 100.5 }) }), 'operation.value'],
      [valid({ operation: operation({ value: '100,50' }) }), 'operation.value'],
      [valid({ operation: operation({ value: -1 }) }), 'operation.value'],
      [valid({ reason_codes: ['CC4001-I.zz'] }), 'reason_codes'],
      [valid({ reason_codes: ['outra_situacao'] }), 'other_reason'],
      [valid({ operation: operation({ parties: [party({ tp_env: '99' })] }) }), 'operation.parties[0].tp_env'],
      [valid({ operation: operation({ date: '20/11/2026' }) }), 'operation.date'],
      [valid({ occurred_at: '2099-01-01T00:00:00Z' }), 'occurred_at'],
    ];
    for (const [body, param] of cases) {
      const refused = await report(body);
      expect([refused.status, refused.body['error']['code'], refused.body['error']['param']], `${param}: ${refused.text}`).to.deep.equal([400, 'invalid_request', param]);
    }
    expect((await report(valid({ reason_codes: ['outra_situacao'], other_reason: 'Relato do gerente.' }))).status).to.equal(201);
  });

  it('keeps tenants apart (404) and needs the scopes (403)', async () => {
    const mine = (await report(valid())).body['id'] as string;
    const other = await call(`/cases/${mine}`, {}, otherKey);
    expect([other.status, other.body['error']['code']]).to.deep.equal([404, 'case_not_found']);
    expect((await call('/cases', {}, otherKey)).body['data']).to.deep.equal([]);
    const noScope = (await acme.tenant.key({ scopes: ['customers:read'] })).api_key;
    const refused = await report(valid(), {}, noScope);
    expect([refused.status, refused.body['error']['code']]).to.deep.equal([403, 'insufficient_scope']);
    expect((await call(`/cases/${mine}`, {}, noScope)).status).to.equal(403);
    expect((await call('/cases', {}, noScope)).status).to.equal(403);
    const badFilter = await call('/cases?status=aberto', {}, key);
    expect([badFilter.status, badFilter.body['error']['param']]).to.deep.equal([400, 'status']);
    expect((await call('/cases?overdue=sim', {}, key)).status).to.equal(400);
    const customerUnknown = await report(valid({ customer_id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b' }));
    expect([customerUnknown.status, customerUnknown.body['error']['code']]).to.deep.equal([404, 'customer_not_found']);
  });

  it('does not tip off (art. 50): the customer, its timeline and its webhooks do not change when a case is opened on it', async () => {
    const customer = await createCustomer(service, key, { type: 'pf', doc: '52998224725', name: 'Pessoa Exemplo da Silva', email: 'pessoa@example.com', run_bureau: false });
    const id = customer['customer_id'] as string;
    const views = async () => [(await call(`/customers/${id}`)).body, await (await service.operator(`/customers/${id}`)).json(), await (await service.operator(`/tenants/${acme.tenant.tenant_id}/webhook-deliveries`)).text()];
    const before = await views();
    const opened = await report(valid({ customer_id: id }));
    expect(opened.body['customer_id']).to.equal(id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await views()).to.deep.equal(before);
  });
});
