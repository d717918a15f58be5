import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { pdfText } from '../helpers/pdf.js';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { startPdfService } from './reports-support.js';
import { errorOf, eventually, UUID, type Json } from './runs-support.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

const OPERATION = {
  nature_code: '45401',
  direction: 'saida',
  currency: 'USD',
  amount: '12500.00',
  counterparty: { name: 'Acme Engineering Inc.', country: 'US' },
  description: 'Assistência técnica para a linha de produção',
};

describe('FX operations: operator API and GET /api/v1/operacoes/{id}/laudo.pdf', () => {
  let service: TestService;
  let clock: ManualClock;
  let tenant: TenantFixture;
  let key: string;
  let otherKey: string;

  const create = async (body: Json = OPERATION, tenantId = tenant.tenant_id) => service.operator(`/tenants/${tenantId}/fx-operations`, { method: 'POST', json: body });
  const created = async (body: Json = OPERATION): Promise<Json> => {
    const r = await create(body);
    expect(r.status, await r.clone().text()).to.equal(201);
    return (await r.json()) as Json;
  };
  const submit = (id: string) => service.operator(`/fx-operations/${id}/submit`, { method: 'POST' });
  const analyse = (id: string) => service.operator(`/fx-operations/${id}/analysis`, { method: 'POST' });
  const get = async (id: string) => (await (await service.operator(`/fx-operations/${id}`)).json()) as Json;
  const laudo = (id: string, apiKey = key) => service.call(`/api/v1/operacoes/${id}/laudo.pdf`, { headers: { 'x-api-key': apiKey } });
  const analysed = async (body: Json = OPERATION): Promise<Json> => {
    const op = await created(body);
    expect((await submit(op['id'])).status).to.equal(200);
    expect((await analyse(op['id'])).status).to.equal(202);
    let done: Json = {};
    await eventually(async () => {
      done = await get(op['id']);
      expect(done['analysis_status']).to.equal('completed');
    });
    return done;
  };

  before(async () => {
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    service = await startPdfService({ clock });
    tenant = await createTenant(service, 'Câmbio SA');
    key = (await tenant.key()).api_key;
    otherKey = (await (await createTenant(service, 'Outra')).key()).api_key;
  });

  after(() => service.close());

  it('creates a draft (rascunho) with the fields of decisions section 9, readable by GET', async () => {
    const op = await created();
    expect(op).to.deep.include({ object: 'fx_operation', status: 'rascunho', nature_code: '45401', direction: 'saida', currency: 'USD', amount: '12500.00', customer_id: null, analysis_status: null, analysis: null, laudo_number: null });
    expect(op['id']).to.match(UUID);
    expect(op['counterparty']).to.deep.equal(OPERATION.counterparty);
    expect(await get(op['id'])).to.deep.equal(op);
  });

  it('validates every field', async () => {
    const cases: [Json, string][] = [
      [{ ...OPERATION, nature_code: '4540' }, 'nature_code'],
      [{ ...OPERATION, nature_code: 45401 }, 'nature_code'],
      [{ ...OPERATION, direction: 'ida' }, 'direction'],
      [{ ...OPERATION, currency: 'usd' }, 'currency'],
      [{ ...OPERATION, currency: 'XYZ' }, 'currency'],
      [{ ...OPERATION, amount: '12,50' }, 'amount'],
      [{ ...OPERATION, amount: '0.00' }, 'amount'],
      [{ ...OPERATION, amount: '1.001' }, 'amount'],
      [{ ...OPERATION, currency: 'JPY', amount: '100.5' }, 'amount'],
      [{ ...OPERATION, counterparty: { name: '', country: 'US' } }, 'counterparty.name'],
      [{ ...OPERATION, counterparty: { name: 'X', country: 'XX' } }, 'counterparty.country'],
      [{ ...OPERATION, customer_id: 'abc' }, 'customer_id'],
      [{ ...OPERATION, surprise: true }, 'surprise'],
    ];
    for (const [body, param] of cases) {
      const r = await create(body);
      const error = await errorOf(r);
      expect([r.status, error.param], JSON.stringify(body)).to.deep.equal([400, param]);
    }
    expect((await errorOf(await create({ ...OPERATION, customer_id: '6f1c1f0e-8b1a-4c7e-9d4e-1a2b3c4d5e6f' }))).code).to.equal('customer_not_found');
    expect((await errorOf(await create(OPERATION, '6f1c1f0e-8b1a-4c7e-9d4e-1a2b3c4d5e6f'))).code).to.equal('tenant_not_found');
    expect((await create({ ...OPERATION, currency: 'JPY', amount: '1500000' })).status).to.equal(201);
  });

  it('a draft has no analysis and no laudo (400 operation_is_draft); a registered one without analysis has no laudo (400 analysis_not_requested)', async () => {
    const op = await created();
    expect([(await analyse(op['id'])).status]).to.deep.equal([400]);
    expect((await errorOf(await analyse(op['id']))).code).to.equal('operation_is_draft');
    const draft = await laudo(op['id']);
    expect([draft.status, (await errorOf(draft)).code]).to.deep.equal([400, 'operation_is_draft']);
    const submitted = (await (await submit(op['id'])).json()) as Json;
    expect(submitted['status']).to.equal('registrada');
    const none = await laudo(op['id']);
    expect([none.status, (await errorOf(none)).code]).to.deep.equal([400, 'analysis_not_requested']);
  });

  it('404 operation_not_found for an unknown id or another tenant; 403 without runs:read', async () => {
    const op = await analysed();
    const other = await laudo(op['id'], otherKey);
    expect([other.status, (await errorOf(other)).code]).to.deep.equal([404, 'operation_not_found']);
    const unknown = await laudo('6f1c1f0e-8b1a-4c7e-9d4e-1a2b3c4d5e6f');
    expect([unknown.status, (await errorOf(unknown)).code]).to.deep.equal([404, 'operation_not_found']);
    expect((await errorOf(await service.operator('/fx-operations/6f1c1f0e-8b1a-4c7e-9d4e-1a2b3c4d5e6f'))).code).to.equal('operation_not_found');
    const noScope = await laudo(op['id'], (await tenant.key({ scopes: ['customers:read'] })).api_key);
    expect([noScope.status, (await errorOf(noScope)).code]).to.deep.equal([403, 'insufficient_scope']);
  });

  it('the analysis completes in the background with the eight fields and a six-digit laudo number; the laudo carries them under its file name', async () => {
    const op = await analysed();
    expect(op['laudo_number']).to.match(/^\d{6}$/);
    const analysis = op['analysis'] as Json;
    expect(Object.keys(analysis).sort()).to.deep.equal(['cide', 'main_characteristics', 'operation_nature', 'regulations', 'required_documents', 'siscoserv', 'taxation_iof', 'taxation_irrf']);
    const r = await laudo(op['id']);
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.equal('application/pdf');
    expect(r.headers.get('content-disposition')).to.equal(`attachment; filename="laudo-45401-20261122-${op['laudo_number']}.pdf"`);
    const text = flat((await pdfText(Buffer.from(await r.arrayBuffer()))).text);
    expect(text).to.include(`Laudo de operação de câmbio nº ${op['laudo_number']}`);
    for (const field of ['operation_nature', 'taxation_irrf', 'taxation_iof', 'main_characteristics', 'required_documents', 'cide', 'siscoserv', 'regulations']) {
      expect(text, field).to.include(`(${field})`);
    }
    for (const value of [analysis['operation_nature'], analysis['taxation_irrf'], analysis['cide'], ...(analysis['required_documents'] as string[]), ...(analysis['regulations'] as string[])]) {
      expect(text).to.include(flat(String(value)));
    }
  });

  it('a code outside the table is analysed as not catalogued, with manual classification and no rate', async () => {
    const op = await analysed({ ...OPERATION, nature_code: '99999' });
    const analysis = op['analysis'] as Json;
    expect(op['analysis_catalogued']).to.equal(false);
    expect(analysis['operation_nature']).to.include('não catalogada');
    expect(analysis['operation_nature']).to.include('Classificação manual obrigatória');
    for (const field of ['taxation_irrf', 'taxation_iof', 'cide']) expect(analysis[field]).not.to.match(/\d\s*%/);
    const text = flat((await pdfText(Buffer.from(await (await laudo(op['id'])).arrayBuffer()))).text);
    expect(text).to.include('Não catalogado — classificação manual');
  });

  it('laudo numbers are sequential per tenant and never shared, even for analyses requested together', async () => {
    const fresh = await createTenant(service, 'Sequência');
    const ops = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const r = await service.operator(`/tenants/${fresh.tenant_id}/fx-operations`, { method: 'POST', json: OPERATION });
        const op = (await r.json()) as Json;
        await submit(op['id']);
        return op['id'] as string;
      }),
    );
    await Promise.all(ops.map((id) => analyse(id)));
    const numbers: string[] = [];
    await eventually(async () => {
      numbers.length = 0;
      for (const id of ops) numbers.push((await get(id))['laudo_number']);
      expect(numbers.every((n) => n !== null)).to.equal(true);
    });
    expect([...numbers].sort()).to.deep.equal(['000001', '000002', '000003', '000004']);
  });

  it('10 downloads per hour per operation; the 11th is 429 laudo_download_limit with Retry-After; an hour later it serves again', async () => {
    const op = await analysed();
    for (let i = 0; i < 10; i++) {
      const r = await laudo(op['id']);
      expect(r.status, `download ${i + 1}`).to.equal(200);
      await r.arrayBuffer();
      clock.advance(60_000);
    }
    const refused = await laudo(op['id']);
    expect([refused.status, (await errorOf(refused)).code]).to.deep.equal([429, 'laudo_download_limit']);
    expect(refused.headers.get('retry-after')).to.equal(String(60 * 60 - 10 * 60));
    // another operation has its own allowance
    expect((await laudo((await analysed())['id'])).status).to.equal(200);
    clock.advance(50 * 60_000);
    expect((await laudo(op['id'])).status).to.equal(200);
  });
});
