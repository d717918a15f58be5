import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/**
 * `whsec_` + 32 random bytes in base64url (decisions section 2). Draws whose text holds `-` or
 * `_` are drawn again, so the text is at once base64url and standard base64 of the same bytes:
 * Standard Webhooks libraries decode the secret as standard base64 and would reject or misread
 * those two characters. The cost is under 2 of the 256 bits.
 */
export function newWebhookSecret(): string {
  for (;;) {
    const text = randomBytes(32).toString('base64url');
    if (!/[-_]/.test(text)) return `${PREFIX}${text}`;
  }
}

/** The key bytes of a secret: what follows `whsec_`, base64url-decoded. */
export const secretKeyBytes = (secret: string): Buffer => Buffer.from(secret.slice(PREFIX.length), 'base64url');

/**
 * Every signature header of one attempt: `X-Svc-Signature` / `Svc-Signature` (hex HMAC-SHA256
 * of the raw body keyed with the secret text, `whsec_` included) and the Standard Webhooks
 * trio (base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes). Given several
 * secrets (the current one first, then one rotated out and still in its overlap), the Standard
 * Webhooks header carries one signature per secret, space-separated, as that standard allows;
 * the `sha256=` headers hold one value, so they sign with the current secret only.
 */
export function signatureHeaders(secrets: string | readonly [string, ...string[]], eventId: string, timestamp: number, body: string): Record<string, string> {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  const svc = `sha256=${createHmac('sha256', all[0]!).update(body).digest('hex')}`;
  const standard = all.map((secret) => `v1,${createHmac('sha256', secretKeyBytes(secret)).update(`${eventId}.${timestamp}.${body}`).digest('base64')}`);
  return {
    'x-svc-signature': svc,
    'svc-signature': svc,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standard.join(' '),
  };
}

/**
 * Secrets rest in events sealed (AES-256-GCM) with a key derived from the service's secret key
 * and bound to their tenant and environment, so the audit trail and exports never show them.
 */
const sealingKey = (serviceKey: string) => Buffer.from(hkdfSync('sha256', serviceKey, 'kyc-svc webhook secrets', 'v1', 32));

export function sealWebhookSecret(serviceKey: string, context: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serviceKey), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([iv, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `v1.${sealed.toString('base64url')}`;
}

/** The secret, or null when it cannot be opened (another service key, or tampered). */
export function openWebhookSecret(serviceKey: string, context: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(serviceKey), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const secretContext = (tenantId: string, environment: string): string => `${tenantId}:${environment}`;
