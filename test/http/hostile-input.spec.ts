import { expect } from 'chai';
import { ledgerDecider } from '../../src/domain/ledger/decider.js';
import type { LedgerEvent } from '../../src/domain/ledger/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { spec } from '../helpers/decider-spec.js';
import { startService, type TestService } from '../helpers/service.js';
import { pfBody } from './customers-support.js';
import { createTemplate, errorOf, world, type Json, type World } from './runs-support.js';

/** Hostile JSON (issue 17): absurd nesting, impossible dates, reserved names, unsafe numbers, made-up countries. */

const raw = (service: TestService, path: string, method: string, text: string, headers: Record<string, string> = {}) =>
  service.call(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: text });

/** `{"a":{"a":...{}}}`: an object `levels` deep. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

const head = (service: TestService) => service.services.log.store.headPosition();

describe('hostile JSON input', () => {
  let service: TestService;
  let w: World;
  const cpf = (n: number) => withCheckDigits(String(100_000_000 + n).slice(0, 9));

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' } });
    w = await world(service);
  });
  after(async () => service.close());

  describe('nesting depth', () => {
    it('refuses a body nested 10,000 deep with 400 invalid_json, with and without Idempotency-Key, on public and operator routes', async () => {
      const deep = `{"metadata":${nested(10_000)}}`;
      const arrays = `{"metadata":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
      const routes: [string, string, Record<string, string>][] = [
        ['/api/v1/customers', 'POST', { 'x-api-key': w.key }],
        ['/api/v1/bureau/runs', 'POST', { 'x-api-key': w.key }],
        [`/operator/v1/tenants/${w.tenant.tenant_id}`, 'PATCH', { authorization: 'Bearer op_test_token' }],
        ['/operator/v1/templates', 'POST', { authorization: 'Bearer op_test_token' }],
      ];
      const before = await head(service);
      let n = 0;
      for (const [path, method, auth] of routes) {
        for (const idempotency of [{}, { 'Idempotency-Key': `deep-${n++}` }] as Record<string, string>[]) {
          for (const text of [deep, arrays]) {
            const response = await raw(service, path, method, text, { ...auth, ...idempotency });
            expect(response.status, `${method} ${path} ${JSON.stringify(idempotency)}`).to.equal(400);
            const error = await errorOf(response);
            expect(error.code).to.equal('invalid_json');
            expect(error.message).to.match(/nested deeper than 32 levels/);
          }
        }
      }
      expect(await head(service), 'nothing was appended, not even an idempotency claim').to.equal(before);
    });

    it('counts 32 levels as fine and 33 as too deep, ignoring brackets inside strings', async () => {
      // 32 levels reach validation (an unknown field), 33 never do
      const at32 = await raw(service, `/operator/v1/tenants/${w.tenant.tenant_id}`, 'PATCH', `{"x":${nested(31)}}`, { authorization: 'Bearer op_test_token' });
      expect(await errorOf(at32)).to.include({ code: 'invalid_request', param: 'x' });
      const at33 = await raw(service, `/operator/v1/tenants/${w.tenant.tenant_id}`, 'PATCH', `{"x":${nested(32)}}`, { authorization: 'Bearer op_test_token' });
      expect(await errorOf(at33)).to.include({ code: 'invalid_json' });
      const name = `${'[{'.repeat(40)}"\\"${'}]'.repeat(20)}`;
      const created = await raw(service, '/api/v1/customers', 'POST', JSON.stringify(pfBody(cpf(1), { name })), { 'x-api-key': w.key });
      expect(created.status, await created.clone().text()).to.equal(201);
      expect(((await created.json()) as Json)['name']).to.equal(name);
    });

    it('leaves the Idempotency-Key of a refused deep body free for the real request', async () => {
      const key = 'deep-then-real';
      const refused = await raw(service, '/api/v1/customers', 'POST', `{"metadata":${nested(5_000)}}`, { 'x-api-key': w.key, 'Idempotency-Key': key });
      expect(refused.status).to.equal(400);
      const real = await raw(service, '/api/v1/customers', 'POST', JSON.stringify(pfBody(cpf(2))), { 'x-api-key': w.key, 'Idempotency-Key': key });
      expect(real.status, await real.clone().text()).to.equal(201);
      expect(real.headers.get('Idempotent-Replayed')).to.equal(null);
    });
  });

  describe('customer fields', () => {
    it('refuses impossible birth dates with 400 invalid_request on birth_date, creating nothing', async () => {
      const before = await head(service);
      for (const birth_date of ['9999-99-99', '2020-02-30', '2021-13-01', '0000-00-00', '2020-00-10', '1999-12-32']) {
        const response = await raw(service, '/api/v1/customers', 'POST', JSON.stringify(pfBody(cpf(3), { birth_date })), { 'x-api-key': w.key });
        expect(response.status, birth_date).to.equal(400);
        expect(await errorOf(response)).to.include({ code: 'invalid_request', param: 'birth_date' });
      }
      expect(await head(service)).to.equal(before);
    });

    it('refuses the reserved onboarding_profile names with 400 invalid_request, with or without run_bureau', async () => {
      const before = await head(service);
      for (const onboarding_profile of ['constructor', 'prototype']) {
        for (const run_bureau of [true, false]) {
          const response = await raw(service, '/api/v1/customers', 'POST', JSON.stringify(pfBody(cpf(4), { onboarding_profile, run_bureau })), { 'x-api-key': w.key });
          expect(response.status, `${onboarding_profile} ${run_bureau}`).to.equal(400);
          expect(await errorOf(response)).to.include({ code: 'invalid_request', param: 'onboarding_profile' });
        }
      }
      expect(await head(service)).to.equal(before);
    });

    it('refuses reserved onboarding profile slugs when the operator names a profile', async () => {
      for (const slug of ['constructor', 'prototype']) {
        const response = await service.operator(`/tenants/${w.tenant.tenant_id}/onboarding-profiles`, { method: 'POST', json: { slug, template_id: w.pf } });
        expect(response.status, slug).to.equal(400);
        expect(await errorOf(response)).to.include({ code: 'invalid_request', param: 'slug' });
      }
    });
  });

  describe('credit amounts', () => {
    const credit = (tenantId: string, amount: number) => service.operator(`/tenants/${tenantId}/credits`, { method: 'POST', json: { amount, reason: 'top-up' } });
    const balance = async (tenantId: string) => ((await (await service.operator(`/tenants/${tenantId}`)).json()) as Json)['balance'] as number;

    it('refuses a movement above 1,000,000,000,000 credits: two of Number.MAX_SAFE_INTEGER leave the balance untouched', async () => {
      const { tenant_id } = w.tenant;
      for (let i = 0; i < 2; i++) {
        const response = await credit(tenant_id, Number.MAX_SAFE_INTEGER);
        expect(response.status).to.equal(400);
        const error = await errorOf(response);
        expect(error).to.include({ code: 'invalid_request', param: 'amount' });
        expect(error.message).to.contain('1000000000000');
      }
      expect(await balance(tenant_id)).to.equal(0);
      expect((await credit(tenant_id, 1_000_000_000_001)).status).to.equal(400);
      const most = await credit(tenant_id, 1_000_000_000_000);
      expect(most.status).to.equal(201);
      expect(((await most.json()) as Json)['balance']).to.equal(1_000_000_000_000);
      expect(await balance(tenant_id)).to.equal(1_000_000_000_000);
    });

    it('the ledger refuses a credit whose balance would pass Number.MAX_SAFE_INTEGER, and one above the per-movement maximum', () => {
      const NOW = '2026-11-22T12:00:00.000Z';
      const ledger = spec(ledgerDecider);
      const near: LedgerEvent = { type: 'CreditsAdded', data: { tenant_id: 't', amount: 5, reason: 'x', balance: Number.MAX_SAFE_INTEGER - 5, added_at: NOW } };
      ledger.given([near]).when({ type: 'AddCredits', tenant_id: 't', amount: 6, reason: 'x', now: NOW }).thenError('invalid_request', (e) => expect(e.param).to.equal('amount'));
      ledger
        .given([near])
        .when({ type: 'AddCredits', tenant_id: 't', amount: 5, reason: 'x', now: NOW })
        .then([{ type: 'CreditsAdded', data: { tenant_id: 't', amount: 5, reason: 'x', balance: Number.MAX_SAFE_INTEGER, added_at: NOW } }]);
      ledger.given([]).when({ type: 'AddCredits', tenant_id: 't', amount: 1_000_000_000_001, reason: 'x', now: NOW }).thenError('invalid_request');
    });
  });

  describe('FX counterparty country', () => {
    const fx = (country: string) =>
      service.operator(`/tenants/${w.tenant.tenant_id}/fx-operations`, {
        method: 'POST',
        json: { nature_code: '10500', direction: 'entrada', currency: 'USD', amount: '100.00', counterparty: { name: 'Acme Inc', country } },
      });

    it('refuses codes that are not assigned ISO 3166-1 alpha-2 (ZZ, XX, AA, user-assigned XK and QM, EU, UK, alpha-3, numeric, lower case)', async () => {
      const before = await head(service);
      for (const country of ['ZZ', 'XX', 'AA', 'XK', 'QM', 'EU', 'UK', 'BRA', '076', 'br', '']) {
        const response = await fx(country);
        expect(response.status, country).to.equal(400);
        expect(await errorOf(response)).to.include({ code: 'invalid_request', param: 'counterparty.country' });
      }
      expect(await head(service)).to.equal(before);
    });

    it('accepts assigned codes such as BR, US, DE and GB', async () => {
      for (const country of ['BR', 'US', 'DE', 'GB']) {
        const response = await fx(country);
        expect(response.status, country).to.equal(201);
        expect(((await response.json()) as Json)['counterparty']).to.deep.equal({ name: 'Acme Inc', country });
      }
    });
  });

  describe('unknown fields inside typed objects', () => {
    it('are refused with their path instead of being stored or silently dropped', async () => {
      const tenantPath = `/tenants/${w.tenant.tenant_id}`;
      const settings = ((await (await service.operator(tenantPath)).json()) as Json)['settings'];
      const cases: [string, string, Json, string][] = [
        ['PATCH', tenantPath, { auto_decision_policy: { baixo: 'aprovado', colour: 'red' } }, 'auto_decision_policy.colour'],
        ['PATCH', tenantPath, { default_templates: { pf: null, px: null } }, 'default_templates.px'],
        ['POST', '/templates', { tenant_id: w.tenant.tenant_id, name: 'T', subject_type: 'pf', sources: [{ source_id: 'receita_cpf', tier: 1, weight: 2 }] }, 'sources.0.weight'],
        ['POST', '/templates', { tenant_id: w.tenant.tenant_id, name: 'T', subject_type: 'pf', sources: [{ source_id: 'receita_cpf', tier: 1 }], risk_thresholds: { medio: 30, alto: 60, baixo: 0 } }, 'risk_thresholds.baixo'],
        [
          'POST',
          `/tenants/${w.tenant.tenant_id}/fx-operations`,
          { nature_code: '10500', direction: 'entrada', currency: 'USD', amount: '1.00', counterparty: { name: 'Acme', country: 'US', iban: 'x' } },
          'counterparty.iban',
        ],
      ];
      const before = await head(service);
      for (const [method, path, json, param] of cases) {
        const response = await service.operator(path, { method, json });
        expect(response.status, param).to.equal(400);
        expect(await errorOf(response)).to.include({ code: 'invalid_request', param });
      }
      expect(await head(service)).to.equal(before);
      expect(((await (await service.operator(tenantPath)).json()) as Json)['settings']).to.deep.equal(settings);
      // the same bodies without the stray field are fine
      expect((await createTemplate(service, { tenant_id: w.tenant.tenant_id }, REFERENCE_PF)).length).to.equal(36);
    });
  });
});
