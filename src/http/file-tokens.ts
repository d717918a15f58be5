import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed file URL grants: one stored blob, under one file name, until a time. */
export interface FileGrant {
  blob_key: string;
  file_name: string;
  /** Unix seconds */
  expires_at: number;
}

export const FILE_URL_TTL_SECONDS = 3600;

// domain separation: this key use signs file URLs and nothing else
const purpose = 'kyc-svc:file-url:v1';

const mac = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(`${purpose}.${payload}`).digest();

/** `<base64url JSON grant>.<base64url HMAC-SHA256>`: opaque to the holder, unforgeable without the secret. */
export function signFileToken(secret: string, grant: FileGrant): string {
  const payload = Buffer.from(JSON.stringify({ b: grant.blob_key, f: grant.file_name, x: grant.expires_at })).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export type FileTokenCheck = { ok: true; grant: FileGrant } | { ok: false; reason: 'forged' | 'expired' };

/** The signature is compared in constant time before anything in the payload is believed. */
export function verifyFileToken(secret: string, token: string, nowSeconds: number): FileTokenCheck {
  const match = /^([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'forged' };
  const [, payload, signature] = match as unknown as [string, string, string];
  // compared as text: base64url has several spellings of the same bytes, only ours is valid
  const expected = Buffer.from(mac(secret, payload).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let grant: { b?: unknown; f?: unknown; x?: unknown };
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof grant;
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (typeof grant.b !== 'string' || typeof grant.f !== 'string' || typeof grant.x !== 'number') return { ok: false, reason: 'forged' };
  if (nowSeconds >= grant.x) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { blob_key: grant.b, file_name: grant.f, expires_at: grant.x } };
}
