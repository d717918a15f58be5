import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { DomainError } from '../domain/shared/decider.js';
import { MAX_PASSWORD_LENGTH, passwordLengthProblem } from '../domain/user/password-policy.js';

/**
 * Password hashing with node:crypto's scrypt (no native module to build): N=2^15, r=8, p=1 costs
 * 32 MiB and tens of milliseconds per guess. The parameters travel in the encoding
 * (`scrypt$N$r$p$salt$hash`, salt and hash in base64url), so raising them later keeps old
 * hashes verifiable.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const MAX_MEMORY = 64 * 1024 * 1024;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Costs a verification accepts from an encoding: a stored hash cannot ask for more memory or time than this. */
const MAX_N = 2 ** 20;
const MAX_RP = 16;

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/user/password-policy.js';

function derive(password: string, salt: Buffer, options: ScryptOptions & { N: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The length rule (12 to 256 characters), which no hash is made without; what else a person's
 * password must not be (common, a sequence, their e-mail...) is password-policy.ts's, checked by
 * the command that sets it, which knows the account.
 */
export function checkPasswordStrength(password: string): DomainError | null {
  return passwordLengthProblem(password);
}

/** The encoded hash of a new password; throws the weak_password DomainError for one out of bounds. */
export async function hashPassword(password: string): Promise<string> {
  const weak = checkPasswordStrength(password);
  if (weak) throw weak;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const POSITIVE = /^[1-9]\d{0,7}$/;

/**
 * Whether the password matches the encoded hash, compared in equal time. An encoding that is not
 * ours (tampered, truncated, absurd costs) verifies as false rather than throwing.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt' || !parts.slice(1, 4).every((part) => POSITIVE.test(part))) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (N > MAX_N || (N & (N - 1)) !== 0 || N < 2 || r > MAX_RP || p > MAX_RP) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length !== KEY_BYTES || password.length > MAX_PASSWORD_LENGTH * 2) return false;
  try {
    return timingSafeEqual(await derive(password, salt, { N, r, p }), expected);
  } catch {
    // parameters scrypt refuses (memory over the bound): not a hash we made
    return false;
  }
}
