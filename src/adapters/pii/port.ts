/**
 * Personal data inside events goes through this codec field by field, from the first event
 * written. A sealed value names its subject, so one subject's data can later be made unreadable
 * (its key destroyed) without rewriting any event or handler.
 */
export interface SealedPii {
  $pii: 1;
  /** subject reference: a keyed hash, never the document itself */
  s: string;
  /** `none` stores the value as is; an encrypting codec stores ciphertext in `v` */
  alg: string;
  v: unknown;
}

/** What an erased (crypto-shredded) value reads as: the domain's marker (domain/shared/personal.ts). */
export { ERASED } from '../../domain/shared/personal.js';

export interface PiiCodec {
  seal(subject: string, value: unknown): Promise<SealedPii>;
  open(sealed: SealedPii): Promise<unknown>;
}

/**
 * A sealed value that cannot be opened with the key at hand (authentication fails, the key is
 * not the one it was sealed with, or the plaintext is not JSON): the same on every attempt,
 * unlike a key store that does not answer, which is thrown as it is.
 */
export class UnopenablePiiError extends Error {
  constructor(readonly alg: string, reason: string) {
    super(`sealed value (${alg}) cannot be opened: ${reason}`);
    this.name = 'UnopenablePiiError';
  }
}

export function isSealed(value: unknown): value is SealedPii {
  return typeof value === 'object' && value !== null && (value as { $pii?: unknown }).$pii === 1;
}

/** The codec of the embedded default until per-subject encryption is configured. */
export class PlainPiiCodec implements PiiCodec {
  async seal(subject: string, value: unknown): Promise<SealedPii> {
    return { $pii: 1, s: subject, alg: 'none', v: value };
  }
  async open(sealed: SealedPii): Promise<unknown> {
    if (sealed.alg !== 'none') throw new UnopenablePiiError(sealed.alg, 'no key material');
    return sealed.v;
  }
}
