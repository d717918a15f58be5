import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyStore } from './key-store.js';
import { ERASED, UnopenablePiiError, type PiiCodec, type SealedPii } from './port.js';

const ALG = 'aes-256-gcm';

/**
 * Personal fields encrypted with their subject's key (AES-256-GCM, a fresh IV per field, the
 * subject bound in as associated data). Once the key is destroyed the field opens as ERASED.
 * Fields sealed by the plain codec (alg none) still open as they are.
 */
export class EncryptingPiiCodec implements PiiCodec {
  constructor(private readonly keys: KeyStore) {}

  async seal(subject: string, value: unknown): Promise<SealedPii> {
    const key = await this.keys.keyFor(subject);
    // an erased subject's new data is not kept readable either
    if (!key) return { $pii: 1, s: subject, alg: 'erased', v: null };
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALG, key, iv).setAAD(Buffer.from(subject));
    const body = Buffer.concat([cipher.update(JSON.stringify(value) ?? 'null', 'utf8'), cipher.final()]);
    return { $pii: 1, s: subject, alg: ALG, v: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
  }

  async open(sealed: SealedPii): Promise<unknown> {
    if (sealed.alg === 'none') return sealed.v;
    if (sealed.alg !== ALG) return ERASED;
    const key = await this.keys.existingKey(sealed.s);
    if (!key) return ERASED;
    // past the key store, a failure is the value's or the key's: it fails the same way every time
    try {
      const raw = Buffer.from(String(sealed.v), 'base64');
      const decipher = createDecipheriv(ALG, key, raw.subarray(0, 12)).setAAD(Buffer.from(sealed.s));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as unknown;
    } catch (error) {
      throw new UnopenablePiiError(ALG, error instanceof Error ? error.name : 'unknown');
    }
  }
}
