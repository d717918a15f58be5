import { v4, v5, validate, version } from 'uuid';
import { randomBytes } from 'node:crypto';

/** Namespace of the deterministic event ids (a fixed, random UUID of this service). */
const EVENT_NAMESPACE = '5b0d2a8e-7f43-4c4b-9d7e-2f0b0c9e6a11';

export const newId = (): string => v4();

/** The same command id and index always give the same event id, so a retried append is dropped. */
export const deterministicId = (seed: string): string => v5(seed, EVENT_NAMESPACE);

export const isUuid = (value: string): boolean => validate(value) && [1, 3, 4, 5, 6, 7].includes(version(value));

/** URL-safe random token of `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
