import * as t from 'io-ts';

/** Every movement carries the available balance after it, so readers never re-add the stream. */
export const CreditsAdded = t.type({
  type: t.literal('CreditsAdded'),
  data: t.type({ tenant_id: t.string, amount: t.number, reason: t.string, balance: t.number, added_at: t.string }),
});

/** A run's maximum cost held at creation. */
export const CreditsReserved = t.type({
  type: t.literal('CreditsReserved'),
  data: t.type({ tenant_id: t.string, charge_id: t.string, amount: t.number, balance: t.number, reserved_at: t.string }),
});

/** The actual cost taken from a reservation (the rest returns to the balance), or a direct charge. */
export const CreditsCaptured = t.type({
  type: t.literal('CreditsCaptured'),
  data: t.type({ tenant_id: t.string, charge_id: t.string, amount: t.number, released: t.number, balance: t.number, captured_at: t.string }),
});

export const CreditsReleased = t.type({
  type: t.literal('CreditsReleased'),
  data: t.type({ tenant_id: t.string, charge_id: t.string, amount: t.number, balance: t.number, released_at: t.string }),
});

export const LedgerEvent = t.union([CreditsAdded, CreditsReserved, CreditsCaptured, CreditsReleased]);
export type LedgerEvent = t.TypeOf<typeof LedgerEvent>;
