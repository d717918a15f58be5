import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { getJson, type Json } from './runs-support.js';

/** Shared by the customers-*.spec.ts files: customer creation, reads and document uploads over HTTP. */

export const MASKED_CPF = /^\*{3}\d{6}\*{2}$/;
export const MASKED_CNPJ = /^\*{2}\d{8}\*{4}$/;

export const maskCpf = (doc: string) => `***${doc.slice(3, 9)}**`;
export const maskCnpj = (doc: string) => `**${doc.slice(2, 10)}****`;
export const formatCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
export const formatCnpj = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

export const pfBody = (doc: string, extra: Json = {}): Json => ({ type: 'pf', doc, name: 'Maria da Silva', email: 'maria@example.com', ...extra });
export const pjBody = (doc: string, extra: Json = {}): Json => ({ type: 'pj', doc, name: 'Empresa Exemplo Ltda', ...extra });

export function postCustomer(service: TestService, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return service.call('/api/v1/customers', { method: 'POST', headers: { 'x-api-key': key, ...headers }, json: body });
}

/** Creates a customer and returns the 201 body; fails the test on any other answer. */
export async function createCustomer(service: TestService, key: string, body: Json, headers: Record<string, string> = {}): Promise<Json> {
  const response = await postCustomer(service, key, body, headers);
  const text = await response.text();
  expect(response.status, text).to.equal(201);
  return JSON.parse(text) as Json;
}

/** GET one customer; fails the test unless 200. */
export async function getCustomer(service: TestService, key: string, id: string): Promise<Json> {
  const response = await getJson(service, key, `/customers/${id}`);
  const text = await response.text();
  expect(response.status, text).to.equal(200);
  return JSON.parse(text) as Json;
}

export async function listCustomers(service: TestService, key: string, query = ''): Promise<Json> {
  const response = await getJson(service, key, `/customers${query}`);
  const text = await response.text();
  expect(response.status, text).to.equal(200);
  return JSON.parse(text) as Json;
}

export async function patchTenant(service: TestService, tenantId: string, changes: Json): Promise<Json> {
  const response = await service.operator(`/tenants/${tenantId}`, { method: 'PATCH', json: changes });
  const text = await response.text();
  expect(response.status, text).to.equal(200);
  return JSON.parse(text) as Json;
}

export interface Upload {
  type?: string | undefined;
  data?: Uint8Array | undefined;
  fileName?: string;
  mime?: string;
  /** the name of the file part (default `file`) */
  field?: string;
}

/** POST documents as multipart/form-data through fetch's FormData. */
export function uploadDocument(service: TestService, key: string, customerId: string, upload: Upload): Promise<Response> {
  const form = new FormData();
  if (upload.type !== undefined) form.append('type', upload.type);
  if (upload.data !== undefined) form.append(upload.field ?? 'file', new Blob([upload.data], { type: upload.mime ?? 'image/png' }), upload.fileName ?? 'doc.png');
  return service.call(`/api/v1/customers/${customerId}/documents`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
}

export async function uploadOk(service: TestService, key: string, customerId: string, upload: Upload): Promise<Json> {
  const response = await uploadDocument(service, key, customerId, { data: PNG, ...upload });
  const text = await response.text();
  expect(response.status, text).to.equal(201);
  return JSON.parse(text) as Json;
}

/** A tiny but real PNG (magic bytes and all). */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

export async function reviewDocument(service: TestService, documentId: string, status: 'aprovado' | 'rejeitado'): Promise<void> {
  const response = await service.operator(`/documents/${documentId}/review`, { method: 'POST', json: { status } });
  expect(response.status, await response.text()).to.equal(200);
}
