import { expect } from 'chai';
import {
  dossierRetentionUntil,
  kycRetentionUntil,
  legalHold,
  operationRetentionUntil,
  statedRecordClass,
} from '../../../src/domain/retention/clocks.js';

describe('retention clocks (Circular BCB 3.978 art. 67)', () => {
  it('customer KYC data: ten years from 1 January after the relationship ends, in Brasília', () => {
    expect(kycRetentionUntil('2026-06-15T12:00:00.000Z')).to.equal('2037-01-01T03:00:00.000Z');
    // 31/12 in Brasília is still the old year at 02:00 UTC of 1 January
    expect(kycRetentionUntil('2027-01-01T02:59:59.999Z')).to.equal('2037-01-01T03:00:00.000Z');
    // from 00:00 of 1 January in Brasília it is the new year: one more year
    expect(kycRetentionUntil('2027-01-01T03:00:00.000Z')).to.equal('2038-01-01T03:00:00.000Z');
  });

  it('operation records: ten years from 1 January after the operation, across the year end', () => {
    expect(operationRetentionUntil('2025-12-31T23:00:00.000Z')).to.equal('2036-01-01T03:00:00.000Z');
    expect(operationRetentionUntil('2026-01-01T04:00:00.000Z')).to.equal('2037-01-01T03:00:00.000Z');
  });

  it('the dossier: ten years from the closure, never before the customer KYC clock or the operation clock', () => {
    expect(dossierRetentionUntil({ closed_at: '2026-03-10T15:00:00.000Z', now: '2027-01-01T00:00:00.000Z', kyc_until: '2037-01-01T03:00:00.000Z', operation_until: '2037-01-01T03:00:00.000Z' })).to.equal(
      '2037-01-01T03:00:00.000Z',
    );
    expect(dossierRetentionUntil({ closed_at: '2026-12-20T15:00:00.000Z', now: '2027-01-01T00:00:00.000Z', kyc_until: '2036-01-01T03:00:00.000Z', operation_until: null })).to.equal(
      '2036-12-20T15:00:00.000Z',
    );
    // while open, the clock runs from now: it only moves later
    expect(dossierRetentionUntil({ closed_at: null, now: '2028-05-01T10:00:00.000Z', kyc_until: null, operation_until: null })).to.equal('2038-05-01T10:00:00.000Z');
  });

  it('a legal hold is the latest clock not run out yet, or none', () => {
    const clocks = [
      { record_class: 'customer_kyc' as const, until: '2037-01-01T03:00:00.000Z' },
      { record_class: 'dossier' as const, until: '2038-02-01T10:00:00.000Z' },
      { record_class: 'operation' as const, until: '2020-01-01T03:00:00.000Z' },
    ];
    expect(legalHold(clocks, '2026-11-28T00:00:00.000Z')).to.deep.equal({ until: '2038-02-01T10:00:00.000Z', record_class: 'dossier' });
    expect(legalHold(clocks, '2037-06-01T00:00:00.000Z')).to.deep.equal({ until: '2038-02-01T10:00:00.000Z', record_class: 'dossier' });
    expect(legalHold(clocks, '2038-02-01T10:00:00.000Z')).to.equal(null);
    expect(legalHold([], '2026-01-01T00:00:00.000Z')).to.equal(null);
  });

  it('the class told to the data subject never names the dossier (art. 50)', () => {
    expect(statedRecordClass('dossier', true)).to.equal('customer_kyc');
    expect(statedRecordClass('dossier', false)).to.equal('operation');
    expect(statedRecordClass('customer_kyc', true)).to.equal('customer_kyc');
  });
});
