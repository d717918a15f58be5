import { ledgerDecider } from '../../src/domain/ledger/decider.js';
import type { LedgerEvent } from '../../src/domain/ledger/events.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const added: LedgerEvent = { type: 'CreditsAdded', data: { tenant_id: 't', amount: 10, reason: 'x', balance: 10, added_at: NOW } };
const reserved: LedgerEvent = { type: 'CreditsReserved', data: { tenant_id: 't', charge_id: 'r1', amount: 8, balance: 2, reserved_at: NOW } };

describe('ledger decider', () => {
  const ledger = spec(ledgerDecider);

  it('adds positive whole credits only', () => {
    ledger.given([]).when({ type: 'AddCredits', tenant_id: 't', amount: 10, reason: 'x', now: NOW }).then([added]);
    ledger.given([]).when({ type: 'AddCredits', tenant_id: 't', amount: 0, reason: 'x', now: NOW }).thenError('invalid_request');
    ledger.given([]).when({ type: 'AddCredits', tenant_id: 't', amount: 1.5, reason: 'x', now: NOW }).thenError('invalid_request');
  });

  it('reserves within the balance only, once per charge', () => {
    ledger.given([added]).when({ type: 'Reserve', tenant_id: 't', charge_id: 'r1', amount: 8, now: NOW }).then([reserved]);
    ledger.given([added]).when({ type: 'Reserve', tenant_id: 't', charge_id: 'r1', amount: 11, now: NOW }).thenError('billing_suspended');
    ledger.given([added, reserved]).when({ type: 'Reserve', tenant_id: 't', charge_id: 'r1', amount: 8, now: NOW }).thenNothing();
    ledger.given([added, reserved]).when({ type: 'Reserve', tenant_id: 't', charge_id: 'r2', amount: 3, now: NOW }).thenError('billing_suspended');
  });

  it('captures the actual cost, releasing the rest, and never twice', () => {
    const captured: LedgerEvent = { type: 'CreditsCaptured', data: { tenant_id: 't', charge_id: 'r1', amount: 5, released: 3, balance: 5, captured_at: NOW } };
    ledger.given([added, reserved]).when({ type: 'Capture', tenant_id: 't', charge_id: 'r1', amount: 5, now: NOW }).then([captured]);
    ledger.given([added, reserved, captured]).when({ type: 'Capture', tenant_id: 't', charge_id: 'r1', amount: 5, now: NOW }).thenNothing();
    ledger.given([added, reserved, captured]).when({ type: 'Release', tenant_id: 't', charge_id: 'r1', now: NOW }).thenNothing();
  });

  it('caps a capture at the reservation', () => {
    ledger
      .given([added, reserved])
      .when({ type: 'Capture', tenant_id: 't', charge_id: 'r1', amount: 50, now: NOW })
      .then([{ type: 'CreditsCaptured', data: { tenant_id: 't', charge_id: 'r1', amount: 8, released: 0, balance: 2, captured_at: NOW } }]);
  });

  it('charges directly (no reservation) only within the balance', () => {
    ledger
      .given([added])
      .when({ type: 'Capture', tenant_id: 't', charge_id: 'f1', amount: 2, now: NOW })
      .then([{ type: 'CreditsCaptured', data: { tenant_id: 't', charge_id: 'f1', amount: 2, released: 0, balance: 8, captured_at: NOW } }]);
    ledger.given([]).when({ type: 'Capture', tenant_id: 't', charge_id: 'f1', amount: 2, now: NOW }).thenError('billing_suspended');
  });

  it('releases a whole reservation once', () => {
    const released: LedgerEvent = { type: 'CreditsReleased', data: { tenant_id: 't', charge_id: 'r1', amount: 8, balance: 10, released_at: NOW } };
    ledger.given([added, reserved]).when({ type: 'Release', tenant_id: 't', charge_id: 'r1', now: NOW }).then([released]);
    ledger.given([added, reserved, released]).when({ type: 'Release', tenant_id: 't', charge_id: 'r1', now: NOW }).thenNothing();
    ledger.given([added]).when({ type: 'Release', tenant_id: 't', charge_id: 'zz', now: NOW }).thenNothing();
  });
});
