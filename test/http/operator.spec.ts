import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTenant, startService, type TestService } from '../helpers/service.js';

describe('operator API: tenants, settings, credits, API keys', () => {
  let service: TestService;
  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  it('refuses a missing or wrong operator token with 401 invalid_operator_token', async () => {
    const cases: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: 'op_test_token' }];
    for (const headers of cases) {
      const response = await service.call('/operator/v1/tenants', { method: 'POST', headers, json: { name: 'x' } });
      expect(response.status).to.equal(401);
      const body = (await response.json()) as { error: { code: string; type: string } };
      expect(body.error).to.include({ code: 'invalid_operator_token', type: 'authorization_error' });
    }
  });

  it('creates a tenant (201) and reads it back with balance and default settings', async () => {
    const created = await service.operator('/tenants', { method: 'POST', json: { name: 'Banco Alfa', facial_verification_master: true } });
    expect(created.status).to.equal(201);
    const tenant = (await created.json()) as Record<string, any>;
    expect(tenant).to.include({ object: 'tenant', name: 'Banco Alfa', balance: 0 });
    expect(tenant['settings']).to.deep.equal({
      api_channel_enabled: true,
      facial_verification_master: true,
      facial_verification_enabled: false,
      default_templates: { pf: null, pj: null },
      auto_decision_policy: null,
      custom_document_types: [],
      billing_suspended: false,
      rate_limit_per_minute: null,
      periodic_review: null,
      four_eyes: false,
      sanctions_freeze_lists: ['un_sc'],
    });
    const read = await service.operator(`/tenants/${tenant['tenant_id']}`);
    expect(read.status).to.equal(200);
    expect(await read.json()).to.deep.equal(tenant);
  });

  it('validates tenant bodies: missing name, unknown field, wrong type', async () => {
    const cases: [unknown, string, string | null][] = [
      [{}, 'invalid_request', 'name'],
      [{ name: '  ' }, 'invalid_request', 'name'],
      [{ name: 'x', colour: 'red' }, 'invalid_request', 'colour'],
      [{ name: 'x', facial_verification_master: 'yes' }, 'invalid_request', 'facial_verification_master'],
      [[1, 2], 'invalid_json', null],
    ];
    for (const [json, code, param] of cases) {
      const response = await service.operator('/tenants', { method: 'POST', json });
      expect(response.status, JSON.stringify(json)).to.equal(400);
      expect(((await response.json()) as any).error).to.include({ code, param });
    }
  });

  it('answers 404 tenant_not_found for an unknown tenant and 400 invalid_id for a malformed one', async () => {
    const missing = await service.operator('/tenants/6f1c2d3e-4b5a-4c6d-8e7f-901234567890');
    expect(missing.status).to.equal(404);
    expect(((await missing.json()) as any).error.code).to.equal('tenant_not_found');
    const malformed = await service.operator('/tenants/not-a-uuid');
    expect(malformed.status).to.equal(400);
    expect(((await malformed.json()) as any).error.code).to.equal('invalid_id');
  });

  it('patches settings, merging default_templates and keeping what was not sent', async () => {
    const { tenant_id } = await createTenant(service);
    const template = (subject_type: string, source_id: string) =>
      service.operator('/templates', { method: 'POST', json: { tenant_id, name: `T ${subject_type}`, subject_type, sources: [{ source_id, tier: 1 }] } });
    const pf = ((await (await template('pf', 'receita_cpf')).json()) as { template_id: string }).template_id;
    const pj = ((await (await template('pj', 'receita_cnpj')).json()) as { template_id: string }).template_id;
    const mismatched = await service.operator(`/tenants/${tenant_id}`, { method: 'PATCH', json: { default_templates: { pf: pj } } });
    expect(mismatched.status).to.equal(400);
    expect(((await mismatched.json()) as any).error).to.include({ code: 'template_not_found', param: 'default_templates.pf' });
    const first = await service.operator(`/tenants/${tenant_id}`, {
      method: 'PATCH',
      json: { default_templates: { pf }, auto_decision_policy: { baixo: 'aprovado', alto: 'recusado' }, rate_limit_per_minute: 5 },
    });
    expect(first.status).to.equal(200);
    const second = await service.operator(`/tenants/${tenant_id}`, { method: 'PATCH', json: { custom_document_types: ['holerite'], billing_suspended: true } });
    const settings = ((await second.json()) as any).settings;
    expect(settings).to.deep.include({
      default_templates: { pf, pj: null },
      auto_decision_policy: { baixo: 'aprovado', alto: 'recusado' },
      rate_limit_per_minute: 5,
      custom_document_types: ['holerite'],
      billing_suspended: true,
    });
    const cleared = await service.operator(`/tenants/${tenant_id}`, { method: 'PATCH', json: { auto_decision_policy: null } });
    expect(((await cleared.json()) as any).settings.auto_decision_policy).to.equal(null);
  });

  it('refuses invalid settings with the failing field as param', async () => {
    const { tenant_id } = await createTenant(service);
    const cases: [unknown, string][] = [
      [{ rate_limit_per_minute: 0 }, 'rate_limit_per_minute'],
      [{ rate_limit_per_minute: 1.5 }, 'rate_limit_per_minute'],
      [{ auto_decision_policy: { baixo: 'maybe' } }, 'auto_decision_policy'],
      [{ default_templates: { pf: 'nope' } }, 'default_templates'],
      [{ api_channel_enabled: 'no' }, 'api_channel_enabled'],
      [{ plan: 'gold' }, 'plan'],
    ];
    for (const [json, param] of cases) {
      const response = await service.operator(`/tenants/${tenant_id}`, { method: 'PATCH', json });
      expect(response.status, JSON.stringify(json)).to.equal(400);
      expect(((await response.json()) as any).error.param).to.match(new RegExp(`^${param}`));
    }
  });

  it('adds credits to the ledger and shows the balance on the tenant', async () => {
    const { tenant_id } = await createTenant(service);
    const first = await service.operator(`/tenants/${tenant_id}/credits`, { method: 'POST', json: { amount: 100, reason: 'contract' } });
    expect(first.status).to.equal(201);
    expect(await first.json()).to.deep.equal({ tenant_id, balance: 100 });
    await service.operator(`/tenants/${tenant_id}/credits`, { method: 'POST', json: { amount: 25, reason: 'top-up' } });
    expect(((await (await service.operator(`/tenants/${tenant_id}`)).json()) as any).balance).to.equal(125);
    for (const json of [{ amount: 0, reason: 'x' }, { amount: -5, reason: 'x' }, { amount: 2.5, reason: 'x' }, { amount: 5 }]) {
      const bad = await service.operator(`/tenants/${tenant_id}/credits`, { method: 'POST', json });
      expect(bad.status, JSON.stringify(json)).to.equal(400);
    }
    const unknown = await service.operator('/tenants/6f1c2d3e-4b5a-4c6d-8e7f-901234567890/credits', { method: 'POST', json: { amount: 1, reason: 'x' } });
    expect(unknown.status).to.equal(404);
  });

  it('creates keys shown once, lists them without secrets, stores only their hash, and revokes them', async () => {
    const { tenant_id } = await createTenant(service);
    const created = await service.operator(`/tenants/${tenant_id}/api-keys`, {
      method: 'POST',
      json: { name: 'backend', environment: 'live', scopes: ['runs:read', 'runs:write'], subject_type: 'pf', rate_limit_per_minute: 100 },
    });
    expect(created.status).to.equal(201);
    const key = (await created.json()) as Record<string, any>;
    expect(key['api_key']).to.match(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).to.include({ object: 'api_key', name: 'backend', environment: 'live', subject_type: 'pf', rate_limit_per_minute: 100, revoked_at: null });
    const sandbox = (await (await service.operator(`/tenants/${tenant_id}/api-keys`, { method: 'POST', json: { name: 's', environment: 'sandbox', scopes: ['runs:read'] } })).json()) as any;
    expect(sandbox.api_key).to.match(/^sk_test_/);

    const list = (await (await service.operator(`/tenants/${tenant_id}/api-keys`)).json()) as { data: Record<string, unknown>[] };
    expect(list.data.map((k) => k['key_id'])).to.have.members([key['key_id'], sandbox.key_id]);
    expect(JSON.stringify(list)).not.to.include(key['api_key']);
    for (const k of list.data) expect(k).not.to.have.any.keys('api_key', 'key_hash');

    // nothing on disk holds the key itself
    for (const file of readdirSync(service.dataDir).filter((f) => f.includes('sqlite'))) {
      expect(readFileSync(join(service.dataDir, file)).includes(Buffer.from(key['api_key'])), file).to.equal(false);
    }

    const revoked = await service.operator(`/tenants/${tenant_id}/api-keys/${key['key_id']}`, { method: 'DELETE' });
    expect(revoked.status).to.equal(200);
    expect(((await revoked.json()) as any).revoked_at).to.be.a('string');
    const again = await service.operator(`/tenants/${tenant_id}/api-keys/${key['key_id']}`, { method: 'DELETE' });
    expect(again.status).to.equal(200);
    const unknown = await service.operator(`/tenants/${tenant_id}/api-keys/6f1c2d3e-4b5a-4c6d-8e7f-901234567890`, { method: 'DELETE' });
    expect(unknown.status).to.equal(404);
    expect(((await unknown.json()) as any).error.code).to.equal('api_key_not_found');
  });

  it('refuses keys with unknown scopes, no scopes or a bad environment', async () => {
    const { tenant_id } = await createTenant(service);
    for (const json of [
      { name: 'k', environment: 'live', scopes: ['runs:delete'] },
      { name: 'k', environment: 'live', scopes: [] },
      { name: 'k', environment: 'prod', scopes: ['runs:read'] },
      { name: 'k', environment: 'live', scopes: ['runs:read'], subject_type: 'px' },
    ]) {
      const response = await service.operator(`/tenants/${tenant_id}/api-keys`, { method: 'POST', json });
      expect(response.status, JSON.stringify(json)).to.equal(400);
    }
  });

  it('records every operator write as an event with audit metadata, readable through /audit/streams', async () => {
    const { tenant_id } = await createTenant(service, 'Audited');
    const patch = await service.operator(`/tenants/${tenant_id}`, { method: 'PATCH', json: { billing_suspended: true } });
    const requestId = patch.headers.get('x-request-id');
    const page = (await (await service.operator(`/audit/streams?tenant_id=${tenant_id}`)).json()) as { data: any[]; next_cursor: string | null };
    expect(page.data.map((e) => e.type)).to.deep.equal(['TenantCreated', 'TenantSettingsChanged']);
    const changed = page.data[1];
    expect(changed.stream).to.equal(`tenant-${tenant_id}`);
    expect(changed.metadata).to.include({ tenant_id, actor: 'operator', request_id: requestId, correlation_id: requestId, causation_id: null });
    expect(changed.metadata.occurred_at).to.match(/Z$/);
    expect(page.data[0].position).to.be.lessThan(changed.position);
    expect(page.next_cursor).to.equal(null);

    const byCategory = (await (await service.operator(`/audit/streams?category=ledger&limit=1000`)).json()) as { data: any[] };
    expect(byCategory.data.every((e) => e.stream.startsWith('ledger-'))).to.equal(true);

    // paging: from is inclusive, next_cursor continues without repeats
    const first = (await (await service.operator(`/audit/streams?limit=2`)).json()) as { data: any[]; next_cursor: string };
    const second = (await (await service.operator(`/audit/streams?limit=2&from=${first.next_cursor}`)).json()) as { data: any[] };
    expect(second.data[0].position).to.be.greaterThan(first.data[1].position);

    for (const query of ['limit=0', 'limit=abc', 'from=-1', 'tenant_id=xyz', 'category=../x']) {
      expect((await service.operator(`/audit/streams?${query}`)).status, query).to.equal(400);
    }
  });
});
