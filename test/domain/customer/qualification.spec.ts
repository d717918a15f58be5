import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { customerDecider, type CustomerState } from '../../../src/domain/customer/decider.js';
import type { CustomerEvent } from '../../../src/domain/customer/events.js';
import { missingQualification, qualificationAfter, qualificationOverdue, QUALIFICATION_GRACE_DAYS } from '../../../src/domain/customer/qualification.js';

const CREATED = '2026-11-02T15:00:00.000Z';
const ADDRESS = { street: 'Rua A', number: '10', city: 'São Paulo', state: 'SP', zip: '01001000' };

/** Circular BCB 3.978 art. 18 §1 and art. 23 (regulatory notes D8): qualification and its 30-day grace. */
describe('customer qualification (issue 30, D8)', () => {
  it('needs the address and the income for a pf, the address and the revenue for a pj; empty text is missing', () => {
    expect(missingQualification('pf', {})).to.deep.equal(['address', 'declared_income']);
    expect(missingQualification('pf', { address: ADDRESS, declared_income: '  ' })).to.deep.equal(['declared_income']);
    expect(missingQualification('pf', { address: ADDRESS, declared_income: 0 })).to.deep.equal([]);
    expect(missingQualification('pj', { address: ADDRESS, declared_income: 5000 })).to.deep.equal(['annual_revenue']);
    expect(missingQualification('pj', { address: ADDRESS, annual_revenue: '1200000.00' })).to.deep.equal([]);
  });

  it('is due 30 days after registration; the due date stays when fields arrive, and the completion time is kept', () => {
    const registered = qualificationAfter('pf', { address: ADDRESS }, CREATED, CREATED, null);
    expect(QUALIFICATION_GRACE_DAYS).to.equal(30);
    expect(registered).to.deep.equal({ missing: ['declared_income'], due_at: '2026-12-02T15:00:00.000Z', completed_at: null });
    const completed = qualificationAfter('pf', { address: ADDRESS, declared_income: '8500.00' }, CREATED, '2026-11-20T10:00:00.000Z', registered);
    expect(completed).to.deep.equal({ missing: [], due_at: '2026-12-02T15:00:00.000Z', completed_at: '2026-11-20T10:00:00.000Z' });
    // a later correction keeps the first completion
    expect(qualificationAfter('pf', { address: ADDRESS, declared_income: '9000' }, CREATED, '2026-12-20T10:00:00.000Z', completed).completed_at).to.equal('2026-11-20T10:00:00.000Z');
    // complete at registration: completed then
    expect(qualificationAfter('pj', { address: ADDRESS, annual_revenue: 1 }, CREATED, CREATED, null).completed_at).to.equal(CREATED);
  });

  it('is overdue only while something is missing after the due instant', () => {
    const pending = qualificationAfter('pf', {}, CREATED, CREATED, null);
    expect(qualificationOverdue(pending, new Date('2026-12-02T15:00:00.000Z'))).to.equal(false);
    expect(qualificationOverdue(pending, new Date('2026-12-02T15:00:00.001Z'))).to.equal(true);
    const done = qualificationAfter('pf', { address: ADDRESS, declared_income: 1 }, CREATED, CREATED, pending);
    expect(qualificationOverdue(done, new Date('2027-06-01T00:00:00.000Z'))).to.equal(false);
  });

  describe('UpdateQualification', () => {
    const registered: CustomerEvent = {
      type: 'CustomerRegistered',
      data: { customer_id: 'c1', tenant_id: 't1', environment: 'live', type: 'pf', profile: { name: 'Maria', doc: '52998224725' }, subject_ref: 's1', external_id: null, metadata: {}, onboarding_profile: null, webhook_url: null, created_at: CREATED },
    };
    const state: CustomerState = customerDecider.evolve(customerDecider.initialState, registered);
    const decide = (fields: Record<string, unknown>) => customerDecider.decide({ type: 'UpdateQualification', fields, by: 'user:ana@example.com', now: '2026-11-10T00:00:00.000Z' }, state);

    it('records the fields sent, their names and who sent them', () => {
      const result = decide({ address: ADDRESS, declared_income: '8500.00' });
      expect(E.isRight(result) && result.right).to.deep.equal([
        {
          type: 'CustomerQualificationUpdated',
          data: { customer_id: 'c1', subject_ref: 's1', fields: { address: ADDRESS, declared_income: '8500.00' }, field_names: ['address', 'declared_income'], by: 'user:ana@example.com', updated_at: '2026-11-10T00:00:00.000Z' },
        },
      ]);
    });

    it("refuses the other type's fields and an empty update", () => {
      const foreign = decide({ annual_revenue: 10 });
      expect(E.isLeft(foreign) && foreign.left.code).to.equal('invalid_field_for_type');
      const none = decide({});
      expect(E.isLeft(none) && none.left.code).to.equal('invalid_request');
    });

    it('refuses a customer that does not exist', () => {
      const result = customerDecider.decide({ type: 'UpdateQualification', fields: { address: ADDRESS }, by: 'x', now: CREATED }, customerDecider.initialState);
      expect(E.isLeft(result) && result.left.code).to.equal('customer_not_found');
    });
  });
});
