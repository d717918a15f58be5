import { expect } from 'chai';
import { createKycClient } from '@kyc-svc/client';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { recordRequest, recordResponse } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { startRunsService } from './runs-support.js';

/** The client's fetch, recording what goes and comes back for the run's log-privacy check. */
function recordingFetch(): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.clone().text() : undefined;
    recordRequest(new URL(request.url).pathname + new URL(request.url).search, body ? (JSON.parse(body) as unknown) : undefined);
    const response = await fetch(request);
    recordResponse(response, response.headers.get('content-type')?.includes('json') ? await response.clone().text() : null);
    return response;
  };
}

describe('the typed client (@kyc-svc/client) driving the service', () => {
  let service: TestService;
  before(async () => {
    service = await startRunsService();
  });
  after(async () => {
    await service.close();
  });

  it('creates a tenant, a key and a template as the operator, then runs a sandbox PF and onboards a customer with the key', async () => {
    const operator = createKycClient({ baseUrl: service.base, operatorToken: 'op_test_token', fetch: recordingFetch() });
    const tenant = await operator.POST('/operator/v1/tenants', { body: { name: 'Cliente Tipado Ltda' } });
    expect(tenant.response.status).to.equal(201);
    const tenantId = tenant.data!.tenant_id;
    const key = await operator.POST('/operator/v1/tenants/{tenant_id}/api-keys', {
      params: { path: { tenant_id: tenantId } },
      body: { name: 'integração', environment: 'sandbox', scopes: ['runs:write', 'runs:read', 'customers:write', 'customers:read'] },
    });
    expect(key.response.status).to.equal(201);
    const template = await operator.POST('/operator/v1/templates', {
      body: {
        tenant_id: tenantId,
        name: 'PF do cliente tipado',
        subject_type: 'pf',
        parameters: ['name'],
        sources: [
          { source_id: 'receita_cpf', tier: 1 },
          { source_id: 'sanctions', tier: 1 },
          { source_id: 'pep', tier: 2 },
        ],
        rules: [{ check_id: 'sanctions_hit', on_invalid: 'block' }],
        risk_thresholds: { medio: 30, alto: 60 },
      },
    });
    expect(template.response.status).to.equal(201);
    const templateId = template.data!.template_id;

    const kyc = createKycClient({ baseUrl: service.base, apiKey: key.data!.api_key, apiVersion: '2026-09-23', fetch: recordingFetch() });
    const doc = withCheckDigits('529982247');
    const created = await kyc.POST('/api/v1/bureau/runs', {
      params: { header: { 'Idempotency-Key': 'client-spec-run-1' } },
      body: { template_id: templateId, subject: { type: 'pf', doc, name: 'Joana Tipada Souza' } },
    });
    expect(created.response.status).to.equal(202);
    expect(created.data!.status).to.equal('queued');
    const runId = created.data!.run_id;

    let run = await kyc.GET('/api/v1/bureau/runs/{run_id}', { params: { path: { run_id: runId } } });
    for (let i = 0; run.response.status === 202 && i < 300; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      run = await kyc.GET('/api/v1/bureau/runs/{run_id}', { params: { path: { run_id: runId } } });
    }
    expect(run.response.status).to.equal(200);
    const completed = run.data as { status: string; decision: string | null };
    expect(completed.status).to.equal('completed');
    expect(completed.decision).to.be.a('string');

    const list = await kyc.GET('/api/v1/bureau/runs', { params: { query: { limit: 10 } } });
    expect(list.response.status).to.equal(200);
    expect(list.data!.data.map((item) => item.run_id)).to.include(runId);

    const customer = await kyc.POST('/api/v1/customers', { body: { type: 'pf', doc: withCheckDigits('111444777'), name: 'Carlos Tipado Lima', email: 'carlos.tipado@example.com' } });
    expect(customer.response.status).to.equal(201);
    const read = await kyc.GET('/api/v1/customers/{id}', { params: { path: { id: customer.data!.customer_id } } });
    expect(read.response.status).to.equal(200);
    expect(read.data!.customer_id).to.equal(customer.data!.customer_id);
  });

  it('answers refusals as typed errors in the envelope', async () => {
    const kyc = createKycClient({ baseUrl: service.base, apiKey: 'sk_test_not_a_real_key', fetch: recordingFetch() });
    const refused = await kyc.GET('/api/v1/bureau/runs/{run_id}', { params: { path: { run_id: 'not-a-uuid' } } });
    expect(refused.response.status).to.equal(401);
    expect(refused.error!.error.code).to.equal('invalid_api_key');
    expect(refused.data).to.equal(undefined);
  });
});
