import * as t from 'io-ts';

/** A reservation stream's latest event names the value's owner (or that it is free again). */
export const ValueReserved = t.type({ type: t.literal('ValueReserved'), data: t.type({ owner_id: t.string, reserved_at: t.string }) });

export const ValueReleased = t.type({ type: t.literal('ValueReleased'), data: t.type({ owner_id: t.string, released_at: t.string }) });

export const ReservationEvent = t.union([ValueReserved, ValueReleased]);
export type ReservationEvent = t.TypeOf<typeof ReservationEvent>;
