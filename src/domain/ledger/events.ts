import * as t from 'io-ts';

export const CreditsAdded = t.type({
  type: t.literal('CreditsAdded'),
  data: t.type({ tenant_id: t.string, amount: t.number, reason: t.string, balance: t.number, added_at: t.string }),
});

export const LedgerEvent = CreditsAdded;
export type LedgerEvent = t.TypeOf<typeof LedgerEvent>;
