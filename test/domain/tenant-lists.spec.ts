import { expect } from 'chai';
import { isTenantListId, tenantListId, tenantListsDecider, type TenantListEvent } from '../../src/domain/list/tenant-lists.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const A = 'b7e6c1d0-1111-4222-8333-944455556666';
const B = 'c8f7d2e1-2222-4333-9444-a55566667777';
const created = (tenant: string, name: string): TenantListEvent => ({ type: 'TenantListCreated', data: { list_id: tenantListId(tenant, name), tenant_id: tenant, name, created_at: NOW } });

describe('tenant lists (decider)', () => {
  it('creates a list with an id derived from tenant and name, the name tidied', () => {
    spec(tenantListsDecider).given([]).when({ type: 'CreateTenantList', tenant_id: A, name: '  Bloqueio   interno ', now: NOW }).then([created(A, 'Bloqueio interno')]);
    expect(isTenantListId(tenantListId(A, 'x'))).to.equal(true);
  });

  it('the same name (case and spacing aside) for the same tenant is the same list: nothing recorded', () => {
    spec(tenantListsDecider).given([created(A, 'Bloqueio')]).when({ type: 'CreateTenantList', tenant_id: A, name: 'BLOQUEIO ', now: NOW }).thenNothing();
  });

  it('another tenant with the same name gets its own list', () => {
    expect(tenantListId(A, 'Bloqueio')).to.not.equal(tenantListId(B, 'Bloqueio'));
    spec(tenantListsDecider).given([created(A, 'Bloqueio')]).when({ type: 'CreateTenantList', tenant_id: B, name: 'Bloqueio', now: NOW }).then([created(B, 'Bloqueio')]);
  });
});
