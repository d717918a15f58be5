import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { DomainError } from '../../src/domain/shared/decider.js';
import { decodeBody, decodeInput } from '../../src/http/decode.js';
import { ApiError } from '../../src/http/errors.js';
import { CustomerIdParams, ListCustomersQuery } from '../../src/http/operations/customers.js';
import { CreateFxOperationBody } from '../../src/http/operations/fx.js';
import { VerifyFacialBody } from '../../src/http/operations/facial.js';
import { ListUploadBody, ListUploadQuery, OfficialListParams } from '../../src/http/operations/lists.js';
import { ListRunsQuery, RunIdParams } from '../../src/http/operations/runs.js';
import { SearchScreeningBody } from '../../src/http/operations/screening.js';
import { applied } from '../../src/http/outcome.js';

/** The refusal a decode throws, as the fields the API answers with. */
function refusal(decode: () => unknown): { code: string; message: string; param: string | null } {
  try {
    decode();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message, param: error.param };
    throw error;
  }
  throw new Error('decoded without a refusal');
}

describe('operation codecs (src/http/operations)', () => {
  it('a path id answers invalid_id naming its parameter, worded with the id it is', () => {
    expect(refusal(() => decodeInput(RunIdParams, { run_id: 'x' }))).to.deep.equal({ code: 'invalid_id', message: 'run_id must be a UUID.', param: 'run_id' });
    expect(refusal(() => decodeInput(CustomerIdParams, { id: 'x' }))).to.deep.equal({ code: 'invalid_id', message: 'customer_id must be a UUID.', param: 'id' });
    const id = '0b7b5b36-2a4c-4a8e-9b63-3f3c2f6f1f11';
    expect(decodeInput(RunIdParams, { run_id: id }).run_id).to.equal(id);
  });

  it('a list query decodes limit, dates and cursor, each refused with its own code in the order they were checked', () => {
    expect(decodeInput(ListRunsQuery, { limit: '5', created_after: '2026-01-01T00:00:00+01:00' })).to.include({ limit: 5, created_after: '2025-12-31T23:00:00.000Z' });
    expect(refusal(() => decodeInput(ListRunsQuery, { limit: '0' })).code).to.equal('invalid_limit');
    expect(refusal(() => decodeInput(ListRunsQuery, { created_before: '2026-02-30T00:00:00Z' }))).to.include({ code: 'invalid_date', param: 'created_before' });
    expect(refusal(() => decodeInput(ListRunsQuery, { status: ['queued', 'failed'] }))).to.include({ code: 'invalid_request', message: 'status must be a single value.' });
    expect(refusal(() => decodeInput(ListCustomersQuery, { doc: '123', limit: 'x' }))).to.include({ code: 'invalid_document', param: 'doc' });
    expect(refusal(() => decodeInput(ListCustomersQuery, { cursor: 'garbage' }))).to.include({ code: 'invalid_cursor', param: 'cursor' });
  });

  it('a body codec with rules across fields still refuses unknown fields, and names the failing field without member indexes', () => {
    const body = { nature_code: '45401', direction: 'saida', currency: 'USD', amount: '10.00', counterparty: { name: 'Acme', country: 'US' } };
    expect(decodeBody(CreateFxOperationBody, body).amount).to.equal('10.00');
    expect(refusal(() => decodeBody(CreateFxOperationBody, { ...body, extra: 1 }))).to.include({ code: 'invalid_request', param: 'extra' });
    expect(refusal(() => decodeBody(CreateFxOperationBody, { ...body, nature_code: 45401 })).param).to.equal('nature_code');
    expect(refusal(() => decodeBody(CreateFxOperationBody, { ...body, currency: 'JPY', amount: '10.5' }))).to.include({ code: 'invalid_request', param: 'amount' });
  });

  it('multipart parts decode with codecs too: facial checks to their canonical form, images and list files as file parts', () => {
    const png = { buffer: Buffer.from([0x89, 0x50]), originalname: 'dir/selfie.png', size: 2 };
    const decoded = decodeInput(VerifyFacialBody, { user_image: png, ref_image: png, checks: ' passive_liveness,face_match , passive_liveness' });
    expect(decoded.checks).to.equal('passive_liveness,face_match');
    expect(decoded.user_image.file_name).to.equal('selfie.png');
    expect(decodeInput(VerifyFacialBody, { user_image: png, checks: '' }).checks).to.equal(undefined);
    expect(refusal(() => decodeInput(VerifyFacialBody, { user_image: { ...png, buffer: Buffer.alloc(0) }, checks: 'selfie' }))).to.include({ code: 'missing_user_image', param: 'user_image' });
    expect(refusal(() => decodeInput(VerifyFacialBody, { user_image: png, checks: 'face_match;passive_liveness' }))).to.include({ code: 'invalid_checks', param: 'checks' });
    expect(refusal(() => decodeInput(ListUploadBody, { file: [] }))).to.deep.equal({ code: 'invalid_list_file', message: 'Send the list file(s) in parts named file.', param: 'file' });
    expect(decodeInput(ListUploadBody, { file: [png] }).file[0]).to.deep.equal({ data: png.buffer, file_name: 'dir/selfie.png' });
    expect(decodeInput(ListUploadQuery, { force: 'yes' }).force).to.equal('false');
    expect(refusal(() => decodeInput(OfficialListParams, { list_id: 'x'.repeat(100) }))).to.deep.equal({ code: 'invalid_list', message: `Unknown list: ${'x'.repeat(64)}.`, param: 'list_id' });
  });

  it('a screening search decodes its document to digits and refuses threshold and limit out of range', () => {
    expect(decodeBody(SearchScreeningBody, { schema: 'person', name: 'Ana', doc: '529.982.247-25' }).doc).to.equal('52998224725');
    expect(refusal(() => decodeBody(SearchScreeningBody, { schema: 'person', name: 'Ana', threshold: 0 }))).to.include({ code: 'invalid_request', param: 'threshold' });
    expect(refusal(() => decodeBody(SearchScreeningBody, { schema: 'person', name: 'Ana', limit: 1.5 }))).to.include({ code: 'invalid_limit', param: 'limit' });
    expect(refusal(() => decodeBody(SearchScreeningBody, { schema: 'person', name: 'Ana', birth_date: '1990-1' }))).to.include({ code: 'invalid_request', param: 'birth_date' });
  });

  it('applied: a refusal is thrown as its API error without waiting; a value is returned once the read models reached its position', async () => {
    const waited: (number | null)[] = [];
    const runner = { waitFor: async (position: number | null) => (waited.push(position), true) };
    const refused = await applied(runner, E.left(new DomainError('run_not_found', 'No such run.', 'run_id'))).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ApiError).and.include({ code: 'run_not_found', status: 404, param: 'run_id' });
    expect(await applied(runner, E.right({ position: 7, run_id: 'r' }))).to.deep.equal({ position: 7, run_id: 'r' });
    expect(await applied(runner, E.right(9))).to.equal(9);
    expect(waited).to.deep.equal([7, 9]);
  });
});
