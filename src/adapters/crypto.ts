import { createHash, createHmac, hash, timingSafeEqual } from 'node:crypto';

/** API keys carry 256 random bits, so a plain SHA-256 is a safe, fast lookup hash for them. */
export const hashApiKey = (key: string): string => hash('sha256', key, 'hex');

/** Equal-time comparison of two secrets of any length (digests first, so lengths leak nothing). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

export const hmacHex = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('hex');

export const sha256Hex = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');
