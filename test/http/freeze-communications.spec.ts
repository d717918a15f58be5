import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { borrowedRenderer, pdfText } from '../helpers/pdf.js';
import type { TestService } from '../helpers/service.js';
import { frozenCustomer, draftsOf } from './freeze-support.js';
import { cpf, startRunsService, world, type Json, type World } from './runs-support.js';
import { dateTime, money } from '../../src/reports/html.js';

const flat = (s: string) => s.replace(/\s+/g, ' ');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Issue 29, communications: a confirmed freeze's drafts to BCB, MJSP and COAF, the measures, the sending. */
describe('freeze communications (BCB, MJSP, COAF)', function () {
  this.timeout(180_000);
  let service: TestService;
  let acme: World;
  let other: World;
  let frozen: { customerId: string; alertId: string };

  const measures = (customerId: string, body: unknown, key = acme.key) =>
    service.call(`/api/v1/customers/${customerId}/sanctions_freeze/measures`, { method: 'POST', headers: { 'x-api-key': key }, json: body });
  const file = async (caseId: string, draft: Json, format: 'pdf' | 'json') => {
    const response = await service.operator(`/cases/${caseId}/communications/${draft['draft_id']}/${format}`);
    expect(response.status).to.equal(200);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' }, overrides: () => ({ pdfRenderer: borrowedRenderer() }) });
    acme = await world(service, 'Acme Bloqueios');
    other = await world(service, 'Outra Bloqueios');
    frozen = await frozenCustomer(service, acme, { name: 'Abu Exemplo Sancionado', doc: cpf(901) });
  });
  after(async () => service.close());

  it('on confirmation, the case records the freeze and holds three drafts (JSON and PDF) whose SHA-256 the case records', async () => {
    const body = await draftsOf(service, frozen.customerId, 3);
    expect(body['freeze']).to.deep.include({ alert_id: frozen.alertId, list_id: 'un_sc', entry_id: 'QDi.999' });
    const drafts = body['data'] as Json[];
    expect(drafts.map((d) => d['addressee']).sort()).to.deep.equal(['bcb', 'coaf', 'mjsp']);
    expect(drafts.every((d) => d['version'] === 1 && d['measures_id'] === null && d['sent'] === null)).to.equal(true);
    const coaf = drafts.find((d) => d['addressee'] === 'coaf')!;
    const json = await file(frozen.customerId, coaf, 'json');
    expect(sha(json.bytes)).to.equal(coaf['json']['sha256']);
    expect(json.response.headers.get('x-content-sha256')).to.equal(coaf['json']['sha256']);
    const draft = JSON.parse(json.bytes.toString('utf8')) as Json;
    expect(draft).to.deep.include({ object: 'freeze_communication', addressee: 'coaf', version: 1, status: 'rascunho' });
    expect(draft['channel']).to.contain('Siscoaf');
    expect(draft['institution']).to.deep.include({ tenant_id: acme.tenant.tenant_id, name: 'Acme Bloqueios', cnpj: null });
    expect(draft['customer']).to.deep.include({ customer_id: frozen.customerId, name: 'Abu Exemplo Sancionado', doc: cpf(901) });
    expect(draft['designation']).to.deep.include({ list_id: 'un_sc', entry_id: 'QDi.999', names: ['ABU EXEMPLO SANCIONADO'] });
    expect(draft['timeline']['delivered_at']).to.have.length(1);
    expect(draft['timeline']['confirmed_at']).to.match(/^\d{4}-/);
    expect(draft['timeline']['confirmed_by']).to.equal('analista');
    expect(draft['measures']).to.equal(null);
    const mjsp = JSON.parse((await file(frozen.customerId, drafts.find((d) => d['addressee'] === 'mjsp')!, 'json')).bytes.toString('utf8')) as Json;
    expect(mjsp['channel']).to.contain('csnu@mj.gov.br');
    const bcb = JSON.parse((await file(frozen.customerId, drafts.find((d) => d['addressee'] === 'bcb')!, 'json')).bytes.toString('utf8')) as Json;
    expect(bcb['channel_note']).to.contain('não foi verificado');
  });

  it('the PDF is a PDF in pt-BR naming the customer, the designation and the Brasília times', async () => {
    const body = await draftsOf(service, frozen.customerId, 3);
    const coaf = (body['data'] as Json[]).find((d) => d['addressee'] === 'coaf')!;
    const pdf = await file(frozen.customerId, coaf, 'pdf');
    expect(pdf.response.headers.get('content-type')).to.equal('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).to.equal('%PDF-');
    expect(sha(pdf.bytes)).to.equal(coaf['pdf']['sha256']);
    const text = flat((await pdfText(pdf.bytes)).text);
    expect(text).to.contain('Abu Exemplo Sancionado').and.contain('Comunicação de indisponibilidade de ativos');
    expect(text).to.contain('QDi.999').and.contain('Siscoaf');
    expect(text).to.contain(flat(dateTime((body['freeze'] as Json)['raised_at'])));
  });

  it('recording the measures through the public API drafts a new version for each addressee, the old ones kept', async () => {
    const frozenAt = new Date(Date.now() - 60_000).toISOString();
    const recorded = await measures(frozen.customerId, {
      frozen_at: frozenAt,
      assets: [{ kind: 'conta', description: 'Conta corrente 12345-6, agência 0001', amount: 15230.55 }],
      attempts_blocked: [{ at: frozenAt, description: 'PIX de saída recusado', amount: 5000 }],
    });
    const answer = (await recorded.json()) as Json;
    expect(recorded.status, JSON.stringify(answer)).to.equal(201);
    expect(answer).to.deep.include({ object: 'sanctions_freeze_measures', customer_id: frozen.customerId, frozen_at: frozenAt, late: false, justification: null });
    const body = await draftsOf(service, frozen.customerId, 6);
    const drafts = body['data'] as Json[];
    expect(drafts.filter((d) => d['version'] === 2).map((d) => d['measures_id'])).to.deep.equal([answer['measures_id'], answer['measures_id'], answer['measures_id']]);
    expect(drafts.filter((d) => d['version'] === 1)).to.have.length(3);
    const coaf2 = drafts.find((d) => d['addressee'] === 'coaf' && d['version'] === 2)!;
    const draft = JSON.parse((await file(frozen.customerId, coaf2, 'json')).bytes.toString('utf8')) as Json;
    expect(draft['measures']).to.deep.include({ frozen_at: frozenAt, assets: [{ kind: 'conta', description: 'Conta corrente 12345-6, agência 0001', amount: 15230.55 }] });
    const text = flat((await pdfText((await file(frozen.customerId, coaf2, 'pdf')).bytes)).text);
    expect(text).to.contain(flat(money(15230.55))).and.contain('PIX de saída recusado');
    // the measures may name accounts: sealed in storage
    const stored = JSON.stringify(await service.services.eventStore.readStream(`case-${frozen.customerId}`));
    expect(stored).to.contain('FreezeMeasuresRecorded').and.not.contain('12345-6');
  });

  it('refuses bad measures with 400, another tenant with 404, a customer without a confirmed freeze with 409', async () => {
    const ok = { frozen_at: new Date().toISOString(), assets: [] };
    const bad = async (body: unknown) => {
      const r = await measures(frozen.customerId, body);
      expect(r.status, JSON.stringify(body)).to.equal(400);
      return ((await r.json()) as Json)['error'];
    };
    expect((await bad({ assets: [] }))['code']).to.equal('invalid_request');
    expect((await bad({ ...ok, frozen_at: '27/11/2026' }))['code']).to.equal('invalid_date');
    expect((await bad({ ...ok, frozen_at: '2999-01-01T00:00:00Z' }))['param']).to.equal('frozen_at');
    expect((await bad({ ...ok, assets: [{ kind: 'imovel', description: 'x' }] }))['code']).to.equal('invalid_request');
    expect((await bad({ ...ok, assets: [{ kind: 'conta', description: 'x', amount: -3 }] }))['param']).to.equal('amount');
    expect((await bad({ ...ok, extra: 1 }))['code']).to.equal('invalid_request');
    const foreign = await measures(frozen.customerId, ok, other.key);
    expect(foreign.status).to.equal(404);
    expect(((await foreign.json()) as Json)['error']['code']).to.equal('customer_not_found');
    const unconfirmed = await frozenCustomer(service, acme, { name: 'Cliente Sem Confirmacao', doc: cpf(902), confirm: false });
    const conflict = await measures(unconfirmed.customerId, ok);
    expect(conflict.status).to.equal(409);
    expect(((await conflict.json()) as Json)['error']['code']).to.equal('freeze_not_confirmed');
    // the same through the operator API, and a draft marked as sent, while the freeze awaits its confirmation
    const operatorConflict = await service.operator(`/cases/${unconfirmed.customerId}/freeze_measures`, { method: 'POST', json: ok });
    expect(operatorConflict.status, await operatorConflict.clone().text()).to.equal(409);
    expect(((await operatorConflict.json()) as Json)['error']['code']).to.equal('freeze_not_confirmed');
    const sentConflict = await service.operator(`/cases/${unconfirmed.customerId}/communications/${unconfirmed.alertId}.inicial.coaf/sent`, { method: 'POST', json: { sent_at: new Date().toISOString(), protocol: 'SISCOAF-1' } });
    expect(sentConflict.status, await sentConflict.clone().text()).to.equal(409);
    // recording measures writes: a key that may only read customers is refused
    const reader = (await acme.tenant.key({ scopes: ['customers:read'] })).api_key;
    const forbidden = await measures(frozen.customerId, ok, reader);
    expect(forbidden.status).to.equal(403);
    expect(((await forbidden.json()) as Json)['error']['code']).to.equal('insufficient_scope');
    expect((await service.operator(`/cases/${frozen.customerId}/communications/not-a-draft/pdf`)).status).to.equal(400);
    expect((await service.operator(`/cases/${frozen.customerId}/communications/${frozen.alertId}.inicial.coaf/txt`)).status).to.equal(400);
    expect((await service.operator(`/cases/${unconfirmed.customerId}/communications/${unconfirmed.alertId}.inicial.coaf/pdf`)).status).to.equal(404);
  });

  it('a freeze done more than 24 hours after the alert needs the justification, which the MJSP draft carries (Decreto 9.825 art. 6)', async () => {
    const raisedAt = new Date(Date.now() - 48 * 3_600_000).toISOString();
    const late = await frozenCustomer(service, acme, { name: 'Beto Atrasado', doc: cpf(903), raisedAt });
    await draftsOf(service, late.customerId, 3);
    const body = { frozen_at: new Date(Date.now() - 3_600_000).toISOString(), assets: [{ kind: 'investimento', description: 'CDB 2027', amount: 1000 }] };
    const refused = await measures(late.customerId, body);
    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as Json)['error']).to.deep.include({ code: 'invalid_request', param: 'justification' });
    const recorded = await service.operator(`/cases/${late.customerId}/freeze_measures`, { method: 'POST', json: { ...body, justification: 'Conta localizada só na conciliação do dia seguinte.' } });
    expect(recorded.status, await recorded.clone().text()).to.equal(201);
    const drafts = (await draftsOf(service, late.customerId, 6))['data'] as Json[];
    const mjsp = drafts.find((d) => d['addressee'] === 'mjsp' && d['version'] === 2)!;
    expect(mjsp['late']).to.equal(true);
    const json = JSON.parse((await file(late.customerId, mjsp, 'json')).bytes.toString('utf8')) as Json;
    expect(json).to.deep.include({ late: true, justification_required: true });
    expect(json['measures']['justification']).to.equal('Conta localizada só na conciliação do dia seguinte.');
    const text = flat((await pdfText((await file(late.customerId, mjsp, 'pdf')).bytes)).text);
    expect(text).to.contain('Decreto 9.825/2019').and.contain('Conta localizada só na conciliação do dia seguinte.');
  });

  it('marks a draft as sent with its date and protocol, on the case stream', async () => {
    const drafts = (await draftsOf(service, frozen.customerId, 6))['data'] as Json[];
    const coaf = drafts.find((d) => d['addressee'] === 'coaf' && d['version'] === 2)!;
    const sentAt = new Date(Date.now() - 1_000).toISOString();
    const sent = await service.operator(`/cases/${frozen.customerId}/communications/${coaf['draft_id']}/sent`, { method: 'POST', json: { sent_at: sentAt, protocol: 'SISCOAF-2026-000123' } });
    const body = (await sent.json()) as Json;
    expect(sent.status, JSON.stringify(body)).to.equal(200);
    expect((body['data'] as Json[]).find((d) => d['draft_id'] === coaf['draft_id'])!['sent']).to.deep.include({ sent_at: sentAt, protocol: 'SISCOAF-2026-000123', by: 'operator' });
    const blank = await service.operator(`/cases/${frozen.customerId}/communications/${coaf['draft_id']}/sent`, { method: 'POST', json: { sent_at: sentAt, protocol: ' ' } });
    expect(blank.status).to.equal(400);
    const history = ((await (await service.operator(`/cases/${frozen.customerId}`)).json()) as Json)['history'] as Json[];
    expect(history.map((h) => h['kind'])).to.include.members(['freeze_recorded', 'freeze_measures', 'freeze_draft', 'freeze_sent']);
  });

  it('erasing the customer deletes the drafts (they print the name and CPF); the case keeps their SHA-256', async () => {
    const drafts = (await draftsOf(service, frozen.customerId, 6))['data'] as Json[];
    const erased = await service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: acme.tenant.tenant_id, doc: cpf(901), legal_basis: 'LGPD art. 18, VI: pedido do titular' } });
    expect(erased.status, await erased.clone().text()).to.equal(200);
    for (const d of drafts) {
      expect(await service.services.blobStore.exists(d['pdf']['blob_key'])).to.equal(false);
      expect(await service.services.blobStore.exists(d['json']['blob_key'])).to.equal(false);
    }
    const after = (await draftsOf(service, frozen.customerId, 6))['data'] as Json[];
    expect(after.map((d) => d['pdf']['sha256'])).to.deep.equal(drafts.map((d) => d['pdf']['sha256']));
    const gone = await service.operator(`/cases/${frozen.customerId}/communications/${drafts[0]!['draft_id']}/pdf`);
    expect(gone.status).to.equal(404);
    expect(((await gone.json()) as Json)['error']['code']).to.equal('not_found');
  });
});
