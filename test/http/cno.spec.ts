import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { CNPJ_A, CNPJ_B, entity, sentCommunication, setReportingEntities } from './cno-support.js';

type Json = Record<string, any>;

/** 2026: 1 January 2027 is a Friday holiday; the 10th business day of January is Friday 15/01/2027. */
const DUE_2026 = '2027-01-16T02:59:59.999Z';
const NEW_YEAR = '2027-01-01T03:00:05.000Z';

/** Issue 30: the annual negative communication (CNO, Circular BCB 3.978 art. 54) through the operator API. */
describe('HTTP annual negative communication (CNO)', function () {
  this.timeout(60_000);
  let service: TestService;
  const clock = new ManualClock('2026-11-22T12:00:00.000Z');
  let tenantId: string;
  let otherId: string;
  let receiptCase: string;

  before(async () => {
    service = await startService({ clock });
    tenantId = (await createTenant(service, 'Banco Exemplo')).tenant_id;
    otherId = (await createTenant(service, 'Outro Banco')).tenant_id;
    await setReportingEntities(service, tenantId, [entity(CNPJ_A, 'Banco Exemplo S.A.'), entity(CNPJ_B, 'Exemplo Câmbio S.A.')]);
    // CNPJ B communicated in 2026; CNPJ A did not (a communication of 2025 does not count)
    receiptCase = await sentCommunication(service, tenantId, CNPJ_B, '2026000017', '2026-05-04T14:00:00.000Z', '2026-05-04T14:00:00.000Z');
    await sentCommunication(service, tenantId, CNPJ_A, '2025000003', '2025-12-31T20:00:00.000Z', '2025-12-31T20:00:00.000Z');
  });
  after(async () => service.close());

  const list = async (tenant = tenantId) => {
    const response = await service.operator(`/tenants/${tenant}/annual_negative_communications`);
    return { status: response.status, body: (await response.json()) as Json };
  };
  const send = async (json: unknown, year = '2026', cnpj = CNPJ_A, tenant = tenantId) => {
    const response = await service.operator(`/tenants/${tenant}/annual_negative_communications/${year}/${cnpj}/sent`, { method: 'POST', json });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const task = (body: Json, cnpj: string) => (body.data as Json[]).find((t) => t.cnpj === cnpj)!;

  it('before the year ends there is no task', async () => {
    expect(await service.services.cno.runDue()).to.equal(0);
    expect((await list()).body).to.deep.equal({ object: 'list', data: [] });
  });

  it('on 1 January: required for the CNPJ that communicated nothing, due on the 10th business day; not required with the receipts for the other', async () => {
    clock.set(NEW_YEAR);
    expect(await service.services.cno.runDue()).to.equal(2);
    const { status, body } = await list();
    expect(status).to.equal(200);
    expect(body.data).to.have.length(2);
    expect(task(body, CNPJ_A)).to.deep.equal({
      object: 'annual_negative_communication',
      tenant_id: tenantId,
      cnpj: CNPJ_A,
      entity_name: 'Banco Exemplo S.A.',
      year: 2026,
      status: 'pending',
      due_at: DUE_2026,
      overdue: false,
      receipts: [],
      protocol: null,
      sent_at: null,
      sent_by: null,
      note: null,
      recorded_at: null,
      opened_at: NEW_YEAR,
    });
    expect(task(body, CNPJ_B)).to.deep.include({ status: 'not_required', due_at: null, overdue: false });
    expect(task(body, CNPJ_B).receipts).to.deep.equal([
      { case_id: receiptCase, num_ocorrencia: '2026000017', numero_coaf: 'COAF-2026000017', sent_at: '2026-05-04T14:00:00.000Z', receipt_matched_at: '2026-05-04T14:00:00.000Z' },
    ]);
    // the other tenant has none (it names no reporting CNPJ)
    expect((await list(otherId)).body.data).to.deep.equal([]);
  });

  it('opened once: another run, or a communication of the past year recorded late, changes nothing', async () => {
    await sentCommunication(service, tenantId, CNPJ_A, '2026000099', '2026-12-30T15:00:00.000Z', '2027-01-02T10:00:00.000Z');
    expect(await service.services.cno.runDue()).to.equal(0);
    expect(task((await list()).body, CNPJ_A)).to.deep.include({ status: 'pending', receipts: [] });
  });

  it('refuses bad input with a clear 400, a not-required year with 409, an unknown task or another tenant with 404', async () => {
    const ok = { protocol: 'SISCOAF-CNO-2027-000042', sent_at: '2027-01-01T10:00:00-03:00', by: 'Ana Souza' };
    const cases: [unknown, string, string, number, string, string][] = [
      [{ ...ok, protocol: '' }, '2026', CNPJ_A, 400, 'invalid_request', 'protocol'],
      [{ sent_at: ok.sent_at, by: ok.by }, '2026', CNPJ_A, 400, 'invalid_request', 'protocol'],
      [{ ...ok, sent_at: '01/01/2027' }, '2026', CNPJ_A, 400, 'invalid_date', 'sent_at'],
      [{ ...ok, sent_at: '2027-01-02T10:00:00-03:00' }, '2026', CNPJ_A, 400, 'invalid_date', 'sent_at'],
      [ok, '26', CNPJ_A, 400, 'invalid_request', 'year'],
      [ok, '2026', '11.222.333/0001-81', 400, 'invalid_document', 'cnpj'],
      [ok, '2026', CNPJ_B, 409, 'cno_not_required', 'year'],
      [ok, '2025', CNPJ_A, 404, 'not_found', 'year'],
    ];
    for (const [json, year, cnpj, status, code, param] of cases) {
      const answer = await send(json, year, encodeURIComponent(cnpj));
      expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
      expect(answer.body.error).to.include({ code, param });
    }
    expect((await send(ok, '2026', CNPJ_A, otherId)).status).to.equal(404);
    expect((await list('6f1c2d3e-4b5a-4c6d-8e7f-901234567890')).status).to.equal(404);
    expect((await list('nao-e-uuid')).status).to.equal(400);
    expect(task((await list()).body, CNPJ_A).status).to.equal('pending');
  });

  it('on 16/01 the pending task is overdue and heads the list; recording the protocol closes it, once', async () => {
    clock.set('2027-01-16T12:00:00.000Z');
    const before = (await list()).body;
    expect(before.data[0]).to.deep.include({ cnpj: CNPJ_A, status: 'pending', overdue: true });
    const body = { protocol: 'SISCOAF-CNO-2027-000042', sent_at: '2027-01-16T08:30:00-03:00', by: 'Ana Souza', note: 'Enviada pelo menu Comunicação de Não Ocorrência.' };
    const recorded = await send(body);
    expect(recorded.status, JSON.stringify(recorded.body)).to.equal(200);
    expect(recorded.body).to.deep.include({ status: 'sent', overdue: false, protocol: body.protocol, sent_at: '2027-01-16T11:30:00.000Z', sent_by: 'Ana Souza', note: body.note, recorded_at: '2027-01-16T12:00:00.000Z' });
    expect((await send(body)).status).to.equal(200);
    const other = await send({ ...body, protocol: 'OUTRO' });
    expect(other.status).to.equal(409);
    expect(other.body.error.code).to.equal('cno_already_recorded');
    expect(task((await list()).body, CNPJ_A)).to.deep.include({ status: 'sent', protocol: body.protocol });
    // the audit trail names the fact in the tenant's stream
    const events = await service.services.log.readStream(`cno-${tenantId}-${CNPJ_A}-2026`);
    expect(events.map((e) => e.type)).to.deep.equal(['CnoTaskOpened', 'CnoSentRecorded']);
  });
});

describe('HTTP CNO: opened at start when no instance ran on 1 January', function () {
  this.timeout(60_000);

  it('two runs at once open each task once (the stream is claimed with no_stream)', async () => {
    const clock = new ManualClock('2026-12-10T12:00:00.000Z');
    const service = await startService({ clock });
    try {
      const tenantId = (await createTenant(service, 'Banco Concorrente')).tenant_id;
      await setReportingEntities(service, tenantId, [entity(CNPJ_A, 'Banco Concorrente S.A.')]);
      clock.set(NEW_YEAR);
      const opened = await Promise.all([service.services.cno.runDue(), service.services.cno.runDue(), service.services.cno.runDue()]);
      expect(opened.reduce((a, b) => a + b, 0)).to.equal(1);
      expect((await service.services.log.readStream(`cno-${tenantId}-${CNPJ_A}-2026`)).map((e) => e.type)).to.deep.equal(['CnoTaskOpened']);
    } finally {
      await service.close();
    }
  });

  it('a service started on 05/01 opens the tasks of the year just ended, with the tenant\'s own holidays', async () => {
    const dataDir = tempDir();
    const clock = new ManualClock('2026-12-10T12:00:00.000Z');
    let service = await startService({ clock, dataDir });
    const tenantId = (await createTenant(service, 'Banco Feriado')).tenant_id;
    await setReportingEntities(service, tenantId, [entity(CNPJ_A, 'Banco Feriado S.A.')], [{ date: '2027-01-11', name: 'Aniversário da cidade', kind: 'institucional' }]);
    await service.close();
    clock.set('2027-01-05T12:00:00.000Z');
    service = await startService({ clock, dataDir });
    try {
      const body = (await (await service.operator(`/tenants/${tenantId}/annual_negative_communications`)).json()) as Json;
      // one more business day for the institutional holiday: Monday 18/01/2027
      expect(body.data.map((t: Json) => [t.cnpj, t.year, t.status, t.due_at])).to.deep.equal([[CNPJ_A, 2026, 'pending', '2027-01-19T02:59:59.999Z']]);
    } finally {
      await service.close();
    }
  });
});
