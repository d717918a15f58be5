import { expect } from 'chai';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ManualClock } from '../../src/adapters/clock.js';
import { ERASED } from '../../src/adapters/pii/port.js';
import { subjectRef } from '../../src/commands/runs.js';
import type { ErasureDoc } from '../../src/projections/erasures.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import type { TestService } from '../helpers/service.js';
import { formatCpf, getCustomer } from '../http/customers-support.js';
import { cpf, getJson, ISO, UUID, waitForRun, type Json } from '../http/runs-support.js';
import {
  apiCall,
  customerBody,
  filesUnder,
  grepDir,
  OTHER,
  pngWith,
  postCustomer,
  postRun,
  runWorkload,
  settle,
  snapshot,
  startCountedService,
  SUBJECT,
  tenantWithTemplates,
  upload,
  type Person,
  type Tenant,
  type Workload,
} from './workload.js';

const SECRET = 'test-secret-key';
const erase = (service: TestService, json: Json) => apiCall(service.operator('/erasure-requests', { method: 'POST', json }));
const blobKey = (tenantId: string, customerId: string, documentId: string) => `documents/${tenantId}/${customerId}/${documentId}`;

/** The subject's key as stored (wrapped) in keys.sqlite, read through a second connection. */
function wrappedKey(dataDir: string, ref: string): Buffer | null {
  const db = new Database(join(dataDir, 'keys.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT wrapped FROM subject_keys WHERE subject = ?').get(ref) as { wrapped: Buffer | null } | undefined)?.wrapped ?? null;
  } finally {
    db.close();
  }
}

/** A customer with run_bureau and one uploaded document, its run finished. */
async function lightSubject(service: TestService, tenant: Tenant, person: Person): Promise<{ customer_id: string; run_id: string; document_id: string }> {
  const created = await postCustomer(service, tenant.key, customerBody(person));
  expect(created.status, JSON.stringify(created.body)).to.equal(201);
  const document = await upload(service, tenant.key, created.body.customer_id, 'identidade_frente', `${person.name}.png`, pngWith(`${person.name} ${person.doc}`));
  await waitForRun(service, tenant.key, created.body.run_id);
  await settle(service);
  return { customer_id: created.body.customer_id, run_id: created.body.run_id, document_id: document.body.document_id };
}

/** Issue 8, point 4: erasure by crypto-shredding, at once with a legal basis or after the retention period. */
describe('erasure of a subject (crypto-shredding)', function () {
  this.timeout(60_000);

  describe('with a legal basis, after a realistic workload', () => {
    let service: TestService;
    let w: Workload;
    let ref: string;
    let wrapped: Buffer;
    let sourceBirthDate: string;
    let was: { customer: Json; run: Json; direct: Json };
    let open = true;
    const needles = () => [SUBJECT.name, SUBJECT.email, SUBJECT.doc, formatCpf(SUBJECT.doc), SUBJECT.phone, SUBJECT.street, sourceBirthDate, wrapped];

    before(async () => {
      service = (await startCountedService()).service;
      // the other tenant's customer has another document here: no byte of this CPF may remain anywhere
      w = await runWorkload(service, { sameDocInOtherTenant: false });
      ref = subjectRef(SECRET, w.a.tenant_id, 'sandbox', SUBJECT.doc);
    });
    after(async () => {
      if (open) await service.close();
    });

    it('200 erased: the key destroyed, the streams still read with personal fields [erased], files deleted, nothing readable left in any file', async () => {
      // before: the subject is readable, in the read models, the key store and the blob directory
      wrapped = wrappedKey(service.dataDir, ref)!;
      expect(wrapped, 'the subject has a key').to.be.instanceOf(Buffer);
      const customerDoc = (await service.services.readStore.get<Json>('customers', w.subject.customer_id))!.doc;
      sourceBirthDate = customerDoc.birth_date_from_source as string;
      expect(sourceBirthDate, 'the cadastral source found a birth date').to.match(/^\d{4}-\d{2}-\d{2}$/);
      const found = grepDir(service.dataDir, needles());
      for (const needle of [SUBJECT.name, SUBJECT.email, SUBJECT.doc, SUBJECT.phone, SUBJECT.street, sourceBirthDate]) expect(found.has(needle), `before: ${needle} is stored`).to.equal(true);
      expect(found.get(SUBJECT.name)!.some((f) => f.startsWith('blobs/')), 'the files hold the name').to.equal(true);
      expect(found.get(`0x${wrapped.toString('hex')}`)?.every((f) => f.startsWith('keys.sqlite')), 'the wrapped key is in the key store (or its WAL)').to.equal(true);
      const keys = w.subject.documents.map((id) => blobKey(w.a.tenant_id, w.subject.customer_id, id));
      for (const key of keys) expect(await service.services.blobStore.exists(key), key).to.equal(true);
      was = {
        customer: await getCustomer(service, w.a.key, w.subject.customer_id),
        run: await waitForRun(service, w.a.key, w.subject.run_id),
        direct: await waitForRun(service, w.a.key, w.subject.direct_run),
      };
      expect(was.customer.name).to.equal(SUBJECT.name);

      const response = await erase(service, { tenant_id: w.a.tenant_id, doc: formatCpf(SUBJECT.doc), legal_basis: 'LGPD art. 18, VI: pedido do titular' });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(response.body).to.deep.equal({ object: 'erasure_request', erasure_id: response.body.erasure_id, status: 'erased', due_at: response.body.due_at });
      expect(response.body.erasure_id).to.match(UUID);
      expect(response.body.due_at).to.match(ISO);
      expect(await service.services.keyStore.existingKey(ref)).to.equal(null);
      expect(wrappedKey(service.dataDir, ref), 'no wrapped key left in the row').to.equal(null);

      // the streams still read; personal fields read as [erased], the rest as recorded
      const customerEvents = await service.services.log.readStream(`customer-${w.subject.customer_id}`);
      const registered = customerEvents.find((e) => e.type === 'CustomerRegistered')!;
      expect(registered.data).to.include({ customer_id: w.subject.customer_id, profile: ERASED, tenant_id: w.a.tenant_id, type: 'pf' });
      const uploads = customerEvents.filter((e) => e.type === 'DocumentUploaded');
      expect(uploads.map((e) => [e.data['file_name'], e.data['type']])).to.deep.equal([
        [ERASED, 'identidade_frente'],
        [ERASED, 'selfie'],
        [ERASED, 'selfie'],
      ]);
      expect(customerEvents.find((e) => e.type === 'CustomerRunConcluded')!.data['source_birth_date']).to.equal(ERASED);
      for (const runId of [w.subject.run_id, w.subject.direct_run]) {
        const events = await service.services.log.readStream(`run-${runId}`);
        const queued = events.find((e) => e.type === 'RunQueued')!;
        expect(queued.data['subject']).to.equal(ERASED);
        expect((queued.data['template'] as Json).template_id).to.equal(w.a.pf);
        const answered = events.filter((e) => e.type === 'SourceAnswered');
        expect(answered).to.have.length(5);
        for (const e of answered) {
          // the findings' texts are sealed with the data; the check statuses stay as the record of the outcome
          expect(e.data).to.include({ data: ERASED, check_texts: ERASED, status: 'ANSWERED' });
          for (const check of e.data['checks'] as Record<string, unknown>[]) expect(check).to.not.have.any.keys('title', 'detail');
        }
        expect(events.find((e) => e.type === 'RunCompleted')!.data).to.include({ status: 'completed', decision: 'approved' });
      }
      // the stored idempotent answer of the customer's creation is the subject's too
      const recorded = (await service.services.log.readAll({ after: null, limit: 100_000, streamPrefixes: ['idempotency-'] })).filter(
        (e) => e.type === 'IdempotentResponseRecorded' && e.data['subject'] === ref,
      );
      expect(recorded).to.have.length(1);
      expect(recorded[0]!.data['body']).to.equal(ERASED);
      const replay = await service.call('/api/v1/customers', { method: 'POST', headers: { 'x-api-key': w.a.key, 'idempotency-key': w.subject.idempotency_key }, json: w.subject.body });
      const replayText = await replay.text();
      // the recorded answer is gone with the personal data: a clear refusal, the request not repeated
      expect(replay.status, replayText).to.equal(410);
      expect((JSON.parse(replayText) as Json).error.code).to.equal('idempotent_response_erased');
      for (const needle of [SUBJECT.name, SUBJECT.email, SUBJECT.phone]) expect(replayText).not.to.include(needle);
      // the auditor still finds and reads the subject's streams
      const history = await apiCall(service.operator(`/audit/streams?tenant_id=${w.a.tenant_id}&subject=${SUBJECT.doc}&limit=1000`));
      expect(new Set((history.body.data as Json[]).map((e) => e.stream))).to.deep.equal(new Set([`customer-${w.subject.customer_id}`, `case-${w.subject.customer_id}`, `run-${w.subject.run_id}`, `run-${w.subject.direct_run}`]));
      expect(JSON.stringify(history.body)).not.to.include(SUBJECT.name);

      // the API: personal fields erased, statuses and outcomes kept
      const customer = await getCustomer(service, w.a.key, w.subject.customer_id);
      expect(customer).to.include({ name: ERASED, email: ERASED, doc: ERASED, status: was.customer.status, type: 'pf', external_id: 'subject-ext' });
      expect(customer.phone ?? null).to.be.oneOf([null, ERASED]);
      expect(customer.address ?? null).to.be.oneOf([null, ERASED]);
      expect(customer.birth_date ?? null).to.be.oneOf([null, ERASED]);
      expect(customer.latest_run).to.deep.equal(was.customer.latest_run);
      expect(customer.documents).to.deep.equal(was.customer.documents);
      expect(customer.facial_verification).to.deep.equal(was.customer.facial_verification);
      for (const [runId, earlier] of [[w.subject.run_id, was.run], [w.subject.direct_run, was.direct]] as const) {
        const run = await waitForRun(service, w.a.key, runId);
        expect(run).to.include({ status: earlier.status, decision: earlier.decision, operative_decision: earlier.operative_decision, risk_band: earlier.risk_band, completed_at: earlier.completed_at });
        const detail = await getJson(service, w.a.key, `/bureau/runs/${runId}/detail`);
        expect(detail.status).to.equal(200);
        const text = await detail.text();
        for (const needle of [SUBJECT.name, sourceBirthDate]) expect(text).not.to.include(needle);
      }

      // the files are gone, the other subject's stay
      for (const key of keys) expect(await service.services.blobStore.exists(key), key).to.equal(false);
      const blobs = filesUnder(join(service.dataDir, 'blobs')).join('\n');
      for (const id of w.subject.documents) expect(blobs).not.to.include(id);
      expect(blobs).to.include(w.other.customer_id);

      // byte-level: no file under the data directory holds any of it (event store, read models, keys, WAL/SHM, blobs)
      const files = filesUnder(service.dataDir).map((f) => f.slice(service.dataDir.length + 1));
      expect(files).to.include.members(['events.sqlite', 'read-models.sqlite', 'keys.sqlite']);
      expect(Object.fromEntries(grepDir(service.dataDir, needles()))).to.deep.equal({});
    });

    it("another subject's data is still readable", async () => {
      const other = await getCustomer(service, w.a.key, w.other.customer_id);
      expect(other).to.include({ name: OTHER.name, email: OTHER.email, phone: OTHER.phone });
      expect(other.address).to.include({ street: OTHER.street });
      const registered = (await service.services.log.readStream(`customer-${w.other.customer_id}`)).find((e) => e.type === 'CustomerRegistered')!;
      expect(registered.data['profile']).to.include({ name: OTHER.name, doc: OTHER.doc });
      const queued = (await service.services.log.readStream(`run-${w.other.run_id}`)).find((e) => e.type === 'RunQueued')!;
      expect(queued.data['subject']).to.include({ doc: OTHER.doc, name: OTHER.name });
      const grep = grepDir(service.dataDir, [OTHER.name, OTHER.email]);
      expect(grep.has(OTHER.name) && grep.has(OTHER.email)).to.equal(true);
    });

    it('a new run for the erased document does not make the old data readable again', async () => {
      const again = await postRun(service, w.a.key, { template_id: w.a.pf, subject: { type: 'pf', doc: SUBJECT.doc, name: SUBJECT.name } });
      expect(again.status, JSON.stringify(again.body)).to.equal(202);
      await waitForRun(service, w.a.key, again.body.run_id);
      await settle(service);
      // the key is never created again: the old fields stay erased, and the new ones are not kept readable either
      expect(await service.services.keyStore.existingKey(ref)).to.equal(null);
      const old = (await service.services.log.readStream(`customer-${w.subject.customer_id}`)).find((e) => e.type === 'CustomerRegistered')!;
      expect(old.data['profile']).to.equal(ERASED);
      expect((await service.services.log.readStream(`run-${w.subject.run_id}`)).find((e) => e.type === 'RunQueued')!.data['subject']).to.equal(ERASED);
      expect((await service.services.log.readStream(`run-${again.body.run_id}`)).find((e) => e.type === 'RunQueued')!.data['subject']).to.equal(ERASED);
      expect((await getCustomer(service, w.a.key, w.subject.customer_id)).name).to.equal(ERASED);
      expect(Object.fromEntries(grepDir(service.dataDir, needles()))).to.deep.equal({});
      // and after the service closed (the stores' files as they are left on disk)
      await service.close();
      open = false;
      expect(Object.fromEntries(grepDir(service.dataDir, needles()))).to.deep.equal({});
    });
  });

  describe('requests', () => {
    let service: TestService;
    let tenant: Tenant;
    before(async () => {
      service = (await startCountedService()).service;
      tenant = await tenantWithTemplates(service, 'Pedidos');
      await lightSubject(service, tenant, SUBJECT);
    });
    after(async () => service.close());

    it('404 for a document the tenant has no records of; 404 for an unknown tenant; 400 for an invalid document', async () => {
      const unknown = await erase(service, { tenant_id: tenant.tenant_id, doc: cpf(7999), legal_basis: 'LGPD' });
      expect(unknown.status, JSON.stringify(unknown.body)).to.equal(404);
      expect(unknown.body.error.code).to.equal('not_found');
      const noTenant = await erase(service, { tenant_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', doc: SUBJECT.doc, legal_basis: 'LGPD' });
      expect(noTenant.status).to.equal(404);
      expect(noTenant.body.error.code).to.equal('tenant_not_found');
      const invalid = await erase(service, { tenant_id: tenant.tenant_id, doc: '123' });
      expect(invalid.status).to.equal(400);
      expect(invalid.body.error.code).to.equal('invalid_document');
      const noToken = await service.call('/operator/v1/erasure-requests', { method: 'POST', json: { tenant_id: tenant.tenant_id, doc: SUBJECT.doc } });
      expect(noToken.status).to.equal(401);
      // nothing was erased by any of these
      expect((await getCustomer(service, tenant.key, (await service.services.readStore.find<Json>('customers', { where: { tenant_id: tenant.tenant_id }, limit: 10 }))[0]!.customer_id as string)).name).to.equal(SUBJECT.name);
    });
  });

  describe('without a legal basis: scheduled for the end of the retention period', () => {
    it('202 with due_at = last activity + 5 years; carried out by runDue() only once the clock passes due_at', async () => {
      const clock = new ManualClock('2026-11-22T12:00:00.000Z');
      const { service } = await startCountedService({ clock });
      try {
        const tenant = await tenantWithTemplates(service, 'Retencao');
        const subject = await lightSubject(service, tenant, SUBJECT);
        const other = await lightSubject(service, tenant, OTHER);
        // the last activity of the subject: its run's answers, a month after its registration
        clock.set('2026-12-22T08:30:00.000Z');
        const again = await postRun(service, tenant.key, { template_id: tenant.pf, subject: { type: 'pf', doc: SUBJECT.doc, name: SUBJECT.name } });
        await waitForRun(service, tenant.key, again.body.run_id);
        await settle(service);
        clock.set('2027-02-01T00:00:00.000Z');

        const response = await erase(service, { tenant_id: tenant.tenant_id, doc: SUBJECT.doc });
        expect(response.status, JSON.stringify(response.body)).to.equal(202);
        expect(response.body).to.deep.equal({ object: 'erasure_request', erasure_id: response.body.erasure_id, status: 'scheduled', due_at: '2031-12-22T08:30:00.000Z' });
        const erasures = () => service.services.readStore.find<ErasureDoc>('erasures', { where: { tenant_id: tenant.tenant_id }, limit: 10 });
        expect((await erasures()).map((e) => [e.status, e.due_at, e.legal_basis])).to.deep.equal([['scheduled', '2031-12-22T08:30:00.000Z', null]]);
        const readable = async () => (await getCustomer(service, tenant.key, subject.customer_id)).name;
        const key = blobKey(tenant.tenant_id, subject.customer_id, subject.document_id);

        // not yet: now, and a millisecond before due_at
        expect(await service.services.erasures.runDue()).to.equal(0);
        clock.set('2031-12-22T08:29:59.999Z');
        expect(await service.services.erasures.runDue()).to.equal(0);
        expect(await readable()).to.equal(SUBJECT.name);
        expect(await service.services.blobStore.exists(key)).to.equal(true);

        clock.set('2031-12-22T08:30:00.001Z');
        expect(await service.services.erasures.runDue()).to.equal(1);
        expect(await readable()).to.equal(ERASED);
        expect((await service.services.log.readStream(`run-${subject.run_id}`)).find((e) => e.type === 'RunQueued')!.data['subject']).to.equal(ERASED);
        expect(await service.services.blobStore.exists(key)).to.equal(false);
        expect((await erasures()).map((e) => e.status)).to.deep.equal(['erased']);
        const erased = (await service.services.log.readAll({ after: null, limit: 1000, streamPrefixes: ['erasure-'] })).find((e) => e.type === 'SubjectErased')!;
        expect(erased.metadata).to.include({ actor: 'system', request_id: null, occurred_at: '2031-12-22T08:30:00.001Z' });
        expect(erased.data['run_ids']).to.have.members([subject.run_id, again.body.run_id]);
        expect(erased.data['customer_ids']).to.deep.equal([subject.customer_id]);
        expect(Object.fromEntries(grepDir(service.dataDir, [SUBJECT.name, SUBJECT.email, SUBJECT.doc]))).to.deep.equal({});
        // once only; the other subject untouched
        expect(await service.services.erasures.runDue()).to.equal(0);
        expect((await getCustomer(service, tenant.key, other.customer_id)).name).to.equal(OTHER.name);
        expect(await service.services.blobStore.exists(blobKey(tenant.tenant_id, other.customer_id, other.document_id))).to.equal(true);
      } finally {
        await service.close();
      }
    });

    it('SVC_RETENTION_YEARS=0: the retention period is over at once, so the request is carried out (200 erased)', async () => {
      const { service } = await startCountedService({ env: { SVC_RETENTION_YEARS: '0' } });
      try {
        const tenant = await tenantWithTemplates(service, 'Sem retencao');
        const subject = await lightSubject(service, tenant, SUBJECT);
        const lastActivity = (await service.services.readStore.get<Json>('subject_streams', subjectRef(SECRET, tenant.tenant_id, 'sandbox', SUBJECT.doc)))!.doc.last_activity as string;
        const response = await erase(service, { tenant_id: tenant.tenant_id, doc: SUBJECT.doc });
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        expect(response.body).to.include({ status: 'erased', due_at: lastActivity });
        expect((await getCustomer(service, tenant.key, subject.customer_id)).name).to.equal(ERASED);
        expect(await service.services.blobStore.exists(blobKey(tenant.tenant_id, subject.customer_id, subject.document_id))).to.equal(false);
        expect(Object.fromEntries(grepDir(service.dataDir, [SUBJECT.name, SUBJECT.email, SUBJECT.doc]))).to.deep.equal({});
      } finally {
        await service.close();
      }
    });
  });

  it("does not touch another tenant's subject with the same document", async () => {
    const { service } = await startCountedService();
    try {
      const a = await tenantWithTemplates(service, 'A');
      const b = await tenantWithTemplates(service, 'B');
      const inB: Person = { ...SUBJECT, name: 'Joana Cliente Do Outro', email: 'joana@cliente-do-outro.com.br' };
      const subjectA = await lightSubject(service, a, SUBJECT);
      const subjectB = await lightSubject(service, b, inB);
      const response = await erase(service, { tenant_id: a.tenant_id, doc: SUBJECT.doc, legal_basis: 'LGPD' });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect((await getCustomer(service, a.key, subjectA.customer_id)).name).to.equal(ERASED);

      expect(await getCustomer(service, b.key, subjectB.customer_id)).to.include({ name: inB.name, email: inB.email, doc: `***${SUBJECT.doc.slice(3, 9)}**` });
      expect(await service.services.keyStore.existingKey(subjectRef(SECRET, b.tenant_id, 'sandbox', SUBJECT.doc))).to.be.instanceOf(Buffer);
      const registered = (await service.services.log.readStream(`customer-${subjectB.customer_id}`)).find((e) => e.type === 'CustomerRegistered')!;
      expect(registered.data['profile']).to.include({ name: inB.name, doc: SUBJECT.doc });
      const queued = (await service.services.log.readStream(`run-${subjectB.run_id}`)).find((e) => e.type === 'RunQueued')!;
      expect(queued.data['subject']).to.include({ name: inB.name, doc: SUBJECT.doc });
      expect(await service.services.blobStore.exists(blobKey(b.tenant_id, subjectB.customer_id, subjectB.document_id))).to.equal(true);
      const grep = grepDir(service.dataDir, [SUBJECT.name, inB.name]);
      expect(grep.has(SUBJECT.name)).to.equal(false);
      expect(grep.has(inB.name)).to.equal(true);
    } finally {
      await service.close();
    }
  });

  // a rebuild re-reads the subject's events with their personal fields erased: the read models it
  // builds must be the ones the live projections scrubbed
  it('a rebuild after an erasure gives the same documents as the live read models', async () => {
    const { service } = await startCountedService();
    try {
      const w = await runWorkload(service);
      const response = await erase(service, { tenant_id: w.a.tenant_id, doc: SUBJECT.doc, legal_basis: 'LGPD' });
      expect(response.status).to.equal(200);
      await settle(service);
      const live = await snapshot(service);
      for (const p of service.services.projections) await rebuildProjection(service.services.log, service.services.readStore, p);
      expect(await snapshot(service)).to.deep.equal(live);
    } finally {
      await service.close();
    }
  });
});
