import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { DomainError } from '../../src/domain/shared/decider.js';
import { decodeBody, decodeInput } from '../../src/http/decode.js';
import { ApiError } from '../../src/http/errors.js';
import { CustomerIdParams, ListCustomersQuery } from '../../src/http/operations/customers.js';
import { CreateFxOperationBody } from '../../src/http/operations/fx.js';
import { ListRunsQuery, RunIdParams } from '../../src/http/operations/runs.js';
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
