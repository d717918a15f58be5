import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import type { BlobStore } from '../../src/adapters/blob-store/port.js';
import type { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { EventLog as RealEventLog } from '../../src/adapters/event-store/event-log.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { newId } from '../../src/adapters/ids.js';
import { uploadDocument as uploadCommand, type NewDocument } from '../../src/commands/documents.js';
import type { CommandContext } from '../../src/commands/handle-command.js';
import { getCustomer as readCustomer } from '../../src/projections/customers.js';
import { PII_POLICY } from '../../src/app/infrastructure.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createCustomer, getCustomer, patchTenant, pfBody, pjBody, PNG, reviewDocument, uploadDocument, uploadOk } from './customers-support.js';
import { cnpj, cpf, errorOf, ISO, startRunsService, UUID, world, type Json, type World } from './runs-support.js';

const MB4 = 4 * 1024 * 1024;

/** Every file under `dir`, recursively (empty when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A raw HTTP request, for bodies fetch would not send (a truncated multipart body). */
function rawPost(base: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** POST /api/v1/customers/{id}/documents over real HTTP; the upload command's failure handling; a restart. */
describe('HTTP customers: documents', () => {
  let service: TestService;
  let w: World;
  let n = 2000;
  const nextCpf = () => cpf(++n);

  before(async () => {
    service = await startRunsService();
    w = await world(service);
  });
  after(async () => service.close());

  const newCustomer = async (key = w.key) => (await createCustomer(service, key, pfBody(nextCpf()))).customer_id as string;
  const blobsOf = (tenantId: string, customerId: string) => filesUnder(join(service.dataDir, 'blobs', 'documents', tenantId, customerId));
  const documentEvents = async (customerId: string) =>
    (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'DocumentUploaded');
  const expectError = async (response: Response, status: number, code: string, param?: string | null) => {
    const text = await response.text();
    expect(response.status, text).to.equal(status);
    const error = (JSON.parse(text) as { error: Json }).error;
    expect(error.code, text).to.equal(code);
    if (param !== undefined) expect(error.param, text).to.equal(param);
    return error;
  };

  describe('201', () => {
    it('answers the Document field by field, stores the bytes and lists the document on the customer', async () => {
      const id = await newCustomer();
      const body = await uploadOk(service, w.key, id, { type: 'identidade_frente', data: PNG, fileName: 'rg-frente.png', mime: 'image/png' });
      expect(body).to.have.all.keys('document_id', 'object', 'type', 'status', 'file_name', 'mime_type', 'created_at', 'livemode');
      expect(body.document_id).to.match(UUID);
      expect(body).to.include({ object: 'document', type: 'identidade_frente', status: 'pendente', file_name: 'rg-frente.png', mime_type: 'image/png', livemode: false });
      expect(body.created_at).to.match(ISO);

      const stored = await service.services.blobStore.get(`documents/${w.tenant.tenant_id}/${id}/${body.document_id}`);
      expect(stored).to.not.equal(null);
      expect(Buffer.compare(stored!.data, Buffer.from(PNG))).to.equal(0);
      expect(stored!.contentType).to.equal('image/png');

      const customer = await getCustomer(service, w.key, id);
      expect(customer.documents).to.deep.equal([{ type: 'identidade_frente', status: 'pendente', created_at: body.created_at }]);
      for (const d of customer.documents as Json[]) expect(d).to.have.all.keys('type', 'status', 'created_at');
      expect(JSON.stringify(customer)).not.to.match(/blob|documents\/|https?:/);
    });

    it('keeps only the base name of a file path', async () => {
      const id = await newCustomer();
      const body = await uploadOk(service, w.key, id, { type: 'outro', fileName: '../../etc/passwd', mime: 'text/plain', data: Buffer.from('plain text') });
      expect(body.file_name).to.equal('passwd');
      expect(body.mime_type).to.equal('text/plain');
    });

    it('accepts a file of exactly 4,194,304 bytes and refuses 4,194,305 with 400 file_too_large', async () => {
      const id = await newCustomer();
      const accepted = await uploadOk(service, w.key, id, { type: 'balanco', data: new Uint8Array(MB4).fill(7), fileName: 'balanco.pdf', mime: 'application/pdf' });
      const stored = await service.services.blobStore.get(`documents/${w.tenant.tenant_id}/${id}/${accepted.document_id}`);
      expect(stored!.data.length).to.equal(MB4);
      const blobsBefore = blobsOf(w.tenant.tenant_id, id).length;
      const refused = await uploadDocument(service, w.key, id, { type: 'outro', data: new Uint8Array(MB4 + 1), fileName: 'big.pdf', mime: 'application/pdf' });
      await expectError(refused, 400, 'file_too_large', 'file');
      expect(blobsOf(w.tenant.tenant_id, id)).to.have.length(blobsBefore);
      expect((await getCustomer(service, w.key, id)).documents.map((d: Json) => d.type)).to.deep.equal(['balanco']);
    });
  });

  describe('400', () => {
    it('invalid_file without a file, with an empty file or with the file in another part', async () => {
      const id = await newCustomer();
      await expectError(await uploadDocument(service, w.key, id, { type: 'selfie' }), 400, 'invalid_file', 'file');
      await expectError(await uploadDocument(service, w.key, id, { type: 'selfie', data: new Uint8Array(0) }), 400, 'invalid_file', 'file');
      await expectError(await uploadDocument(service, w.key, id, { type: 'selfie', data: PNG, field: 'document' }), 400, 'invalid_file', 'file');
      expect((await getCustomer(service, w.key, id)).documents).to.deep.equal([]);
      expect(blobsOf(w.tenant.tenant_id, id)).to.deep.equal([]);
    });

    it('invalid_document_type without a type or with one outside the catalog', async () => {
      const id = await newCustomer();
      for (const type of [undefined, '', 'rg', 'SELFIE', 'holerite']) {
        await expectError(await uploadDocument(service, w.key, id, { type, data: PNG }), 400, 'invalid_document_type', 'type');
      }
      expect((await getCustomer(service, w.key, id)).documents).to.deep.equal([]);
      expect(blobsOf(w.tenant.tenant_id, id)).to.deep.equal([]);
    });

    it('accepts every base catalog type', async () => {
      const id = (await createCustomer(service, w.key, pjBody(cnpj(++n)))).customer_id as string;
      const types = ['identidade_frente', 'identidade_verso', 'cnh_frente', 'cnh_verso', 'passaporte', 'comprovante_endereco', 'selfie', 'contrato_social', 'comprovante_cnpj', 'procuracao', 'balanco', 'outro'];
      for (const type of types) await uploadOk(service, w.key, id, { type });
      expect((await getCustomer(service, w.key, id)).documents.map((d: Json) => d.type)).to.have.members(types);
    });

    it("accepts a tenant's custom document type, only for that tenant", async () => {
      const custom = await world(service, 'Custom types');
      await patchTenant(service, custom.tenant.tenant_id, { custom_document_types: ['holerite', 'certidao_casamento'] });
      const id = await newCustomer(custom.key);
      const body = await uploadOk(service, custom.key, id, { type: 'holerite' });
      expect(body.type).to.equal('holerite');
      expect((await getCustomer(service, custom.key, id)).documents.map((d: Json) => d.type)).to.deep.equal(['holerite']);
      // another tenant does not have it
      await expectError(await uploadDocument(service, w.key, await newCustomer(), { type: 'holerite', data: PNG }), 400, 'invalid_document_type');
    });

    it('invalid_multipart for a JSON body, no body, a wrong boundary or a truncated body — never 500', async () => {
      const id = await newCustomer();
      const path = `/api/v1/customers/${id}/documents`;
      const json = await service.call(path, { method: 'POST', headers: { 'x-api-key': w.key }, json: { type: 'selfie', file: 'aGVsbG8=' } });
      await expectError(json, 400, 'invalid_multipart');
      const empty = await service.call(path, { method: 'POST', headers: { 'x-api-key': w.key } });
      await expectError(empty, 400, 'invalid_multipart');

      const part = (boundary: string) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nselfie\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          Buffer.from(PNG),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const headers = (contentType: string, length: number) => ({ 'x-api-key': w.key, 'content-type': contentType, 'content-length': String(length) });
      const whole = part('realboundary');
      const bodies: [string, Buffer][] = [
        ['multipart/form-data; boundary=otherboundary', whole],
        ['multipart/form-data', whole],
        ['multipart/form-data; boundary=realboundary', whole.subarray(0, whole.length - 30)],
        ['multipart/form-data; boundary=realboundary', Buffer.from('this is not multipart at all')],
      ];
      for (const [contentType, body] of bodies) {
        const response = await rawPost(service.base, path, headers(contentType, body.length), body);
        expect(response.status, `${contentType}: ${response.body}`).to.equal(400);
        expect((JSON.parse(response.body) as { error: Json }).error.code, response.body).to.equal('invalid_multipart');
      }
      // the well-formed one is accepted through the same raw path
      const good = await rawPost(service.base, path, headers('multipart/form-data; boundary=realboundary', whole.length), whole);
      expect(good.status, good.body).to.equal(201);
      expect((await getCustomer(service, w.key, id)).documents).to.have.length(1);
      expect(blobsOf(w.tenant.tenant_id, id)).to.have.length(2); // the blob and its .meta
    });

    it('invalid_file for two files', async () => {
      const id = await newCustomer();
      const form = new FormData();
      form.append('type', 'selfie');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'b.png');
      const response = await service.call(`/api/v1/customers/${id}/documents`, { method: 'POST', headers: { 'x-api-key': w.key }, body: form });
      await expectError(response, 400, 'invalid_file', 'file');
      expect((await getCustomer(service, w.key, id)).documents).to.deep.equal([]);
    });

    it('400 invalid_id for a malformed customer id', async () => {
      await expectError(await uploadDocument(service, w.key, 'not-a-uuid', { type: 'selfie', data: PNG }), 400, 'invalid_id');
    });
  });

  describe('404 and authorization', () => {
    it("answers 404 customer_not_found for another tenant's customer before any upload is stored", async () => {
      const other = await createTenant(service, 'Other');
      const otherKey = (await other.key()).api_key;
      const id = await newCustomer(otherKey);
      const before = filesUnder(join(service.dataDir, 'blobs')).length;
      await expectError(await uploadDocument(service, w.key, id, { type: 'selfie', data: PNG }), 404, 'customer_not_found');
      await expectError(await uploadDocument(service, w.key, '00000000-0000-4000-8000-000000000000', { type: 'selfie', data: PNG }), 404, 'customer_not_found');
      // the live key of the same tenant does not see the sandbox customer either
      const live = (await other.key({ environment: 'live' })).api_key;
      await expectError(await uploadDocument(service, live, id, { type: 'selfie', data: PNG }), 404, 'customer_not_found');
      expect(filesUnder(join(service.dataDir, 'blobs')).length).to.equal(before);
      expect(blobsOf(other.tenant_id, id)).to.deep.equal([]);
      expect(await documentEvents(id)).to.deep.equal([]);
      expect((await getCustomer(service, otherKey, id)).documents).to.deep.equal([]);
    });

    it('403 without customers:write, and for a key restricted to the other type', async () => {
      const id = await newCustomer();
      const readOnly = (await w.tenant.key({ scopes: ['customers:read'] })).api_key;
      await expectError(await uploadDocument(service, readOnly, id, { type: 'selfie', data: PNG }), 403, 'insufficient_scope');
      const pjOnly = (await w.tenant.key({ subject_type: 'pj' })).api_key;
      await expectError(await uploadDocument(service, pjOnly, id, { type: 'selfie', data: PNG }), 403, 'subject_type_not_allowed');
      expect(blobsOf(w.tenant.tenant_id, id)).to.deep.equal([]);
    });
  });

  describe('resubmission rule and review', () => {
    it('replaces a document of the same type; documents[] keeps one of that type', async () => {
      const id = await newCustomer();
      const first = await uploadOk(service, w.key, id, { type: 'selfie', fileName: 'a.png' });
      await uploadOk(service, w.key, id, { type: 'comprovante_endereco' });
      const second = await uploadOk(service, w.key, id, { type: 'selfie', fileName: 'b.png' });
      expect(second.document_id).not.to.equal(first.document_id);
      const documents = (await getCustomer(service, w.key, id)).documents as Json[];
      expect(documents.filter((d) => d.type === 'selfie')).to.deep.equal([{ type: 'selfie', status: 'pendente', created_at: second.created_at }]);
      expect(documents.map((d) => d.type)).to.have.members(['selfie', 'comprovante_endereco']);
      // the replaced document is no longer reviewable
      const review = await service.operator(`/documents/${first.document_id}/review`, { method: 'POST', json: { status: 'aprovado' } });
      expect(review.status).to.equal(404);
      expect((await errorOf(review)).code).to.equal('document_not_found');
    });

    it('keeps a rejected document beside the new upload (one rejeitado, one pendente); approval shows aprovado', async () => {
      const id = await newCustomer();
      const first = await uploadOk(service, w.key, id, { type: 'cnh_frente' });
      await reviewDocument(service, first.document_id, 'rejeitado');
      expect((await getCustomer(service, w.key, id)).documents).to.deep.equal([{ type: 'cnh_frente', status: 'rejeitado', created_at: first.created_at }]);

      const second = await uploadOk(service, w.key, id, { type: 'cnh_frente' });
      let documents = (await getCustomer(service, w.key, id)).documents as Json[];
      expect(documents).to.have.deep.members([
        { type: 'cnh_frente', status: 'rejeitado', created_at: first.created_at },
        { type: 'cnh_frente', status: 'pendente', created_at: second.created_at },
      ]);

      await reviewDocument(service, second.document_id, 'aprovado');
      documents = (await getCustomer(service, w.key, id)).documents as Json[];
      expect(documents.map((d) => d.status)).to.have.members(['rejeitado', 'aprovado']);

      // a third upload replaces the approved one and still leaves the rejected one
      const third = await uploadOk(service, w.key, id, { type: 'cnh_frente' });
      documents = (await getCustomer(service, w.key, id)).documents as Json[];
      expect(documents).to.have.deep.members([
        { type: 'cnh_frente', status: 'rejeitado', created_at: first.created_at },
        { type: 'cnh_frente', status: 'pendente', created_at: third.created_at },
      ]);
      // the rejected document's file is kept (it cannot be deleted through the API)
      expect(await service.services.blobStore.exists(`documents/${w.tenant.tenant_id}/${id}/${first.document_id}`)).to.equal(true);
    });

    it('refuses a review with an unknown status or document', async () => {
      const id = await newCustomer();
      const doc = await uploadOk(service, w.key, id, { type: 'selfie' });
      const bad = await service.operator(`/documents/${doc.document_id}/review`, { method: 'POST', json: { status: 'pendente' } });
      expect(bad.status).to.equal(400);
      const unknown = await service.operator('/documents/00000000-0000-4000-8000-000000000000/review', { method: 'POST', json: { status: 'aprovado' } });
      expect(unknown.status).to.equal(404);
      expect((await getCustomer(service, w.key, id)).documents[0].status).to.equal('pendente');
    });
  });

  describe('failures leave nothing half-written', () => {
    const failingPut = (inner: BlobStore): BlobStore => ({
      put: async () => {
        throw new Error('disk full');
      },
      get: (k) => inner.get(k),
      exists: (k) => inner.exists(k),
      delete: (k) => inner.delete(k),
      close: async () => undefined,
    });

    it('HTTP: a storage failure answers 500 storage_failed and records nothing', async () => {
      const id = await newCustomer();
      // the fault goes into the store the routes were given (the app hands out its adapters once)
      const store = service.services.blobStore;
      Object.defineProperty(store, 'put', { configurable: true, value: failingPut(store).put });
      let response: Response;
      try {
        response = await uploadDocument(service, w.key, id, { type: 'selfie', data: PNG });
      } finally {
        delete (store as { put?: unknown }).put;
      }
      const error = await expectError(response, 500, 'storage_failed');
      expect(error.type).to.equal('server_error');
      expect(error.message).not.to.include('disk full');
      expect(await documentEvents(id)).to.deep.equal([]);
      expect((await getCustomer(service, w.key, id)).documents).to.deep.equal([]);
      // and the next upload works
      await uploadOk(service, w.key, id, { type: 'selfie' });
    });

    it('HTTP: a recording failure answers 500 db_failed and deletes the stored file', async () => {
      const id = await newCustomer();
      const log = service.services.log;
      Object.defineProperty(log, 'append', {
        configurable: true,
        value: async () => {
          throw new Error('database is locked');
        },
      });
      let response: Response;
      try {
        response = await uploadDocument(service, w.key, id, { type: 'selfie', data: PNG });
      } finally {
        delete (log as { append?: unknown }).append;
      }
      const error = await expectError(response, 500, 'db_failed');
      expect(error.message).not.to.include('locked');
      expect(blobsOf(w.tenant.tenant_id, id)).to.deep.equal([]);
      expect(await documentEvents(id)).to.deep.equal([]);
      expect((await getCustomer(service, w.key, id)).documents).to.deep.equal([]);
    });

    it('HTTP: an unexpected failure after the multipart body was read is a 500, not a 400 invalid_multipart', async () => {
      const id = await newCustomer();
      // the upload reads the tenant's settings from its stream once the body is read: that read fails
      const log = service.services.log;
      Object.defineProperty(log, 'readStream', {
        configurable: true,
        value: async () => {
          throw new Error('blob store unavailable');
        },
      });
      let response: Response;
      try {
        response = await uploadDocument(service, w.key, id, { type: 'selfie', data: PNG });
      } finally {
        delete (log as { readStream?: unknown }).readStream;
      }
      const error = await expectError(response, 500, 'internal_error');
      expect(error.message).not.to.include('unavailable');
      expect(blobsOf(w.tenant.tenant_id, id)).to.deep.equal([]);
      expect(await documentEvents(id)).to.deep.equal([]);
    });

    describe('uploadDocument (command)', () => {
      let customerId: string;
      const context = (): CommandContext => ({
        metadata: { tenant_id: w.tenant.tenant_id, actor: 'test', request_id: null, occurred_at: new Date().toISOString(), correlation_id: 'test', causation_id: null },
        commandId: newId(),
      });
      const input = (): NewDocument => ({
        customer_id: customerId,
        tenant_id: w.tenant.tenant_id,
        document_id: newId(),
        document_type: 'selfie',
        file_name: 'selfie.png',
        mime_type: 'image/png',
        data: Buffer.from(PNG),
        sha256: 'x'.repeat(64),
      });
      /** an in-memory blob store that records what it was asked */
      const memoryBlobs = (failPut = false) => {
        const blobs = new Map<string, Buffer>();
        const calls: string[] = [];
        const store: BlobStore = {
          put: async (key, data) => {
            calls.push(`put ${key}`);
            if (failPut) throw new Error('storage down');
            blobs.set(key, data);
          },
          get: async (key) => (blobs.has(key) ? { data: blobs.get(key)!, contentType: 'image/png' } : null),
          exists: async (key) => blobs.has(key),
          delete: async (key) => {
            calls.push(`delete ${key}`);
            blobs.delete(key);
          },
          close: async () => undefined,
        };
        return { store, blobs, calls };
      };

      before(async () => {
        customerId = await newCustomer();
      });

      it('storage fails: storage_failed and nothing recorded', async () => {
        const { store, blobs } = memoryBlobs(true);
        const result = await uploadCommand(service.services.log, store, input(), context());
        expect(E.isLeft(result) && result.left.code).to.equal('storage_failed');
        expect(blobs.size).to.equal(0);
        expect(await documentEvents(customerId)).to.deep.equal([]);
      });

      it('recording fails on a closed event log: db_failed and the stored blob deleted', async () => {
        const store = new SqliteEventStore(join(tempDir(), 'events.sqlite'));
        const closed = new RealEventLog(store, new PlainPiiCodec(), PII_POLICY);
        await store.close();
        const { store: blobStore, blobs, calls } = memoryBlobs();
        const doc = input();
        const result = await uploadCommand(closed, blobStore, doc, context());
        expect(E.isLeft(result) && result.left.code).to.equal('db_failed');
        const key = `documents/${doc.tenant_id}/${doc.customer_id}/${doc.document_id}`;
        expect(calls).to.deep.equal([`put ${key}`, `delete ${key}`]);
        expect(blobs.size).to.equal(0);
      });

      it('recording fails on append: db_failed and the stored blob deleted', async () => {
        const failing = Object.create(service.services.log) as EventLog;
        failing.append = async () => {
          throw new Error('append failed');
        };
        const { store, blobs, calls } = memoryBlobs();
        const result = await uploadCommand(failing, store, input(), context());
        expect(E.isLeft(result) && result.left.code).to.equal('db_failed');
        expect(calls.map((c) => c.split(' ')[0])).to.deep.equal(['put', 'delete']);
        expect(blobs.size).to.equal(0);
        expect(await documentEvents(customerId)).to.deep.equal([]);
      });

      it('recording refused (no such customer): the error and the stored blob deleted', async () => {
        const { store, blobs } = memoryBlobs();
        const result = await uploadCommand(service.services.log, store, { ...input(), customer_id: newId() }, context());
        expect(E.isLeft(result) && result.left.code).to.equal('customer_not_found');
        expect(blobs.size).to.equal(0);
      });

      it('success: the blob stored under the document key and the event recorded', async () => {
        const { store, blobs } = memoryBlobs();
        const doc = input();
        const result = await uploadCommand(service.services.log, store, doc, context());
        expect(E.isRight(result)).to.equal(true);
        expect([...blobs.keys()]).to.deep.equal([`documents/${doc.tenant_id}/${doc.customer_id}/${doc.document_id}`]);
        expect((await documentEvents(customerId)).map((e) => e.data['document_id'])).to.deep.equal([doc.document_id]);
      });
    });
  });

  describe('restart', () => {
    it('an upload survives a restart between the upload and its projection', async () => {
      const first = await startService();
      const tenant = await createTenant(first);
      const key = (await tenant.key()).api_key;
      const id = (await createCustomer(first, key, pfBody(cpf(9_001)))).customer_id as string;
      const viaHttp = await uploadOk(first, key, id, { type: 'comprovante_endereco' });

      // stop the projections, then record an upload they have not applied
      await first.services.runner.stop();
      const documentId = newId();
      const recorded = await uploadCommand(
        first.services.log,
        first.services.blobStore,
        {
          customer_id: id,
          tenant_id: tenant.tenant_id,
          document_id: documentId,
          document_type: 'selfie',
          file_name: 'selfie.png',
          mime_type: 'image/png',
          data: Buffer.from(PNG),
          sha256: 'y'.repeat(64),
        },
        {
          metadata: { tenant_id: tenant.tenant_id, actor: 'test', request_id: null, occurred_at: new Date().toISOString(), correlation_id: 'test', causation_id: null },
          commandId: newId(),
        },
      );
      expect(E.isRight(recorded)).to.equal(true);
      expect((await readCustomer(first.services.readStore, id))!.documents.map((d) => d.type)).to.deep.equal(['comprovante_endereco']);
      await first.close();

      const second = await startService({ dataDir: first.dataDir });
      try {
        await second.services.runner.waitFor(await second.services.eventStore.headPosition());
        const customer = await getCustomer(second, key, id);
        expect(customer.documents).to.have.deep.members([
          { type: 'comprovante_endereco', status: 'pendente', created_at: viaHttp.created_at },
          { type: 'selfie', status: 'pendente', created_at: (customer.documents as Json[]).find((d) => d.type === 'selfie')?.created_at },
        ]);
        expect((customer.documents as Json[]).find((d) => d.type === 'selfie')!.created_at).to.match(ISO);
        const stored = await second.services.blobStore.get(`documents/${tenant.tenant_id}/${id}/${viaHttp.document_id}`);
        expect(Buffer.compare(stored!.data, Buffer.from(PNG))).to.equal(0);
        expect(await second.services.blobStore.exists(`documents/${tenant.tenant_id}/${id}/${documentId}`)).to.equal(true);
        // and the service goes on accepting uploads
        await uploadOk(second, key, id, { type: 'identidade_frente' });
        expect((await getCustomer(second, key, id)).documents).to.have.length(3);
      } finally {
        await second.close();
      }
    });
  });
});
