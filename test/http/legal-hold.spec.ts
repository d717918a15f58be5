import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../src/adapters/clock.js';
import { subjectRef } from '../../src/commands/runs.js';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import type { ErasureDoc } from '../../src/projections/erasures.js';
import { date } from '../../src/reports/html.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, patchTenant } from './customers-support.js';
import { cpf, startRunsService, waitForRun, world, type World } from './runs-support.js';

const SECRET = 'test-secret-key';
const T0 = '2026-11-22T12:00:00.000Z';
/** the operation of the case happened in 2026: its records are kept until 1 January 2037 (Brasília) */
const OPERATION_UNTIL = '2037-01-01T03:00:00.000Z';
const REPORTING_CNPJ = withCheckDigits('112223330001');

type Json = Record<string, any>;

/** Issue 30: an erasure request on a subject under a legal hold (Circular 3.978 art. 67) is recorded and held. */
describe('HTTP erasure under a legal hold (Circular BCB 3.978 art. 67)', function () {
  this.timeout(60_000);
  let service: TestService;
  let w: World;
  let n = 7000;
  const clock = new ManualClock(T0);

  before(async () => {
    service = await startRunsService({ clock });
    w = await world(service, 'Banco Guarda');
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
  });
  after(async () => service.close());

  const erase = async (doc: string, legalBasis: string | null = 'LGPD art. 18, VI: pedido do titular') => {
    const response = await service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: w.tenant.tenant_id, doc, ...(legalBasis ? { legal_basis: legalBasis } : {}) } });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const erasureDoc = async (id: string) => (await service.services.readStore.find<ErasureDoc>('erasures', { where: { tenant_id: w.tenant.tenant_id }, limit: 100 })).find((e) => e.erasure_id === id)!;
  const settle = async () => service.services.runner.waitFor(await service.services.eventStore.headPosition(), 30_000);

  /** A customer whose first run finished. */
  async function customer(): Promise<{ doc: string; customer_id: string }> {
    const doc = cpf(++n);
    const created = await createCustomer(service, w.key, { type: 'pf', doc, name: 'Joana Titular', email: 'joana@example.com', run_bureau: true });
    await waitForRun(service, w.key, created.run_id as string);
    await settle();
    return { doc, customer_id: created.customer_id as string };
  }

  /** A suspicion case on the subject, as the case's commands write it (stream suspicion-<case_id>). */
  async function openCase(doc: string, options: { closedAt?: string; evidenceKey?: string } = {}): Promise<string> {
    const caseId = randomUUID();
    const metadata: EventMetadata = { tenant_id: w.tenant.tenant_id, actor: 'operator', request_id: null, occurred_at: clock.now().toISOString(), correlation_id: caseId, causation_id: null };
    const ref = subjectRef(SECRET, w.tenant.tenant_id, 'sandbox', doc);
    const opened = {
      case_id: caseId,
      tenant_id: w.tenant.tenant_id,
      environment: 'sandbox',
      subject_ref: ref,
      customer_id: null,
      origin: { kind: 'analyst', ref: null },
      external_id: null,
      occurred_at: '2026-11-20T12:00:00.000Z',
      operation: { type: 'deposito', value: 50000, date: '2026-11-20', channel: 'agencia', parties: [] },
      reason_codes: ['CC4001-I.a'],
      other_reason: null,
      description: 'Depósitos fracionados.',
      selection_due_at: '2027-01-04T12:00:00.000Z',
      opened_by: 'operator',
      opened_at: metadata.occurred_at,
    };
    const events = [{ id: randomUUID(), type: 'SuspicionCaseOpened', data: opened }];
    if (options.evidenceKey) {
      await service.services.blobStore.put(options.evidenceKey, Buffer.from('extrato de Joana Titular'), 'text/plain');
      const evidence = { case_id: caseId, subject_ref: ref, evidence_id: randomUUID(), file_name: 'extrato.txt', content_type: 'text/plain', blob_key: options.evidenceKey, sha256: '0'.repeat(64), byte_size: 24, by: 'operator', attached_at: metadata.occurred_at };
      events.push({ id: randomUUID(), type: 'SuspicionEvidenceAttached', data: evidence as never });
    }
    if (options.closedAt) events.push({ id: randomUUID(), type: 'SuspicionCaseClosed', data: { case_id: caseId, subject_ref: ref, note: 'Encerrado.', by: 'operator', closed_at: options.closedAt } as never });
    await service.services.log.append(`suspicion-${caseId}`, events, metadata, 'no_stream');
    await settle();
    return caseId;
  }

  it('a customer with an open suspicion case: recorded and held until its records may go, even with a legal basis, told as the customer record, without a word of the case', async () => {
    const subject = await customer();
    await openCase(subject.doc);
    const { status, body } = await erase(subject.doc);
    expect(status, JSON.stringify(body)).to.equal(202);
    expect(body).to.deep.include({ object: 'erasure_request', status: 'held', due_at: OPERATION_UNTIL, held_until: OPERATION_UNTIL });
    // a tenant with suspicion cases reports to COAF: its customer's KYC clock holds too, and is what the subject is told
    expect(body.legal_hold).to.deep.equal({ basis: 'Circular BCB 3.978/2020, art. 67', record_class: 'customer_kyc' });
    expect(body.message).to.contain(date(OPERATION_UNTIL)).and.to.contain('Circular BCB 3.978/2020, art. 67').and.to.contain('informações cadastrais');
    // no tipping-off (art. 50): nothing says a case, a suspicion, a dossier or COAF exists
    const told = JSON.stringify(body).toLowerCase();
    for (const word of ['suspei', 'dossi', 'coaf', 'caso', 'case_id', 'comunica']) expect(told, word).not.to.contain(word);
    // the data is still there
    expect((await getCustomer(service, w.key, subject.customer_id)).name).to.equal('Joana Titular');
    expect(await erasureDoc(body.erasure_id)).to.deep.include({ status: 'held', due_at: OPERATION_UNTIL });
    // nothing happens before the date
    clock.set('2036-12-31T12:00:00.000Z');
    await service.services.erasures.runDue();
    expect((await erasureDoc(body.erasure_id)).status).to.equal('held');
    clock.set(T0);
  });

  it('once the clocks of a closed case pass (fake clock), the scheduler erases by crypto-shredding', async () => {
    const subject = await customer();
    const evidenceKey = `suspicion-evidence/${w.tenant.tenant_id}/${randomUUID()}`;
    await openCase(subject.doc, { closedAt: '2026-12-01T12:00:00.000Z', evidenceKey });
    const { status, body } = await erase(subject.doc);
    expect(status).to.equal(202);
    expect(await service.services.blobStore.exists(evidenceKey)).to.equal(true);
    expect(body.held_until).to.equal(OPERATION_UNTIL);
    clock.set('2037-01-01T03:00:01.000Z');
    try {
      expect(await service.services.erasures.runDue()).to.be.greaterThanOrEqual(1);
      await settle();
      expect((await erasureDoc(body.erasure_id)).status).to.equal('erased');
      expect((await getCustomer(service, w.key, subject.customer_id)).name).to.equal('[erased]');
      // the case's evidence names the subject: it goes with the keys
      expect(await service.services.blobStore.exists(evidenceKey)).to.equal(false);
    } finally {
      clock.set(T0);
    }
  });

  it('a case still open when the date comes moves the hold later instead of erasing', async () => {
    const subject = await customer();
    await openCase(subject.doc);
    const { body } = await erase(subject.doc);
    clock.set('2037-01-01T03:00:01.000Z');
    try {
      await service.services.erasures.runDue();
      await settle();
      const doc = await erasureDoc(body.erasure_id);
      expect(doc.status).to.equal('held');
      // the dossier of an open case is kept ten years from now
      expect(doc.due_at).to.equal('2047-01-01T03:00:01.000Z');
      expect((await getCustomer(service, w.key, subject.customer_id)).name).to.equal('Joana Titular');
    } finally {
      clock.set(T0);
    }
  });

  it('a customer of a tenant that reports to COAF: held ten years from 1 January after the last activity (customer record)', async () => {
    const subject = await customer();
    const settings = (await (await service.operator(`/tenants/${w.tenant.tenant_id}/compliance_settings`)).json()) as Json;
    const entity = { cnpj: REPORTING_CNPJ, name: 'Banco Guarda S.A.', ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'São Paulo', ag_uf: 'SP', default: true };
    const put = await service.operator(`/tenants/${w.tenant.tenant_id}/compliance_settings`, {
      method: 'PUT',
      json: { holidays: settings.holidays, reporting_entities: [entity], tp_env: settings.tp_env, cod_enq: settings.cod_enq, cc4001_cod_enq: settings.cc4001_cod_enq, cos_four_eyes: false, note: 'entidade comunicante' },
    });
    expect(put.status, await put.text()).to.equal(200);
    const { status, body } = await erase(subject.doc);
    expect(status).to.equal(202);
    expect(body).to.deep.include({ status: 'held', held_until: '2037-01-01T03:00:00.000Z', legal_hold: { basis: 'Circular BCB 3.978/2020, art. 67', record_class: 'customer_kyc' } });
    expect(body.message).to.contain('informações cadastrais').and.to.contain(date('2037-01-01T03:00:00.000Z'));
  });
});
