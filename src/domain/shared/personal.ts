import * as t from 'io-ts';

/** What a personal field reads as once its subject's key is destroyed (crypto-shredding). */
export const ERASED = '[erased]';

/**
 * A personal field of an event (sealed in storage, per the PII policy): its value, or the erased
 * marker for ever after the subject's erasure. Readers handle both; the codec says so.
 */
export const personal = <C extends t.Mixed>(codec: C) => t.union([codec, t.literal(ERASED)]);
