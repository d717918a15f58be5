import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import type { Received } from './webhooks-support.js';

/** Shared by the secret-rotation specs: what a Standard Webhooks receiver holding one secret makes of a delivery. */

const standardHeaders = (received: Received): Record<string, string> => ({
  'webhook-id': String(received.headers['webhook-id']),
  'webhook-timestamp': String(received.headers['webhook-timestamp']),
  'webhook-signature': String(received.headers['webhook-signature']),
});

/** The signatures the delivery carries (`v1,<base64>` each, space-separated). */
export const signaturesOf = (received: Received): string[] => String(received.headers['webhook-signature']).split(' ');

/** Whether the library, given this secret, accepts the delivery (its own timestamp tolerance included). */
export function accepts(secret: string, received: Received): boolean {
  try {
    expect(new Webhook(secret).verify(received.body, standardHeaders(received))).to.deep.equal(JSON.parse(received.body));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether one of the delivery's signatures is the library's signature with this secret. For a
 * delivery stamped by a clock moved ahead, which verify() refuses as too new whatever the secret.
 */
export function signedWith(secret: string, received: Received): boolean {
  const { 'webhook-id': id, 'webhook-timestamp': timestamp } = standardHeaders(received);
  const expected = new Webhook(secret).sign(id!, new Date(Number(timestamp) * 1000), received.body);
  return signaturesOf(received).includes(expected);
}
