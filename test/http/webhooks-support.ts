import { expect } from 'chai';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import dns from 'node:dns';
import net, { type AddressInfo } from 'node:net';
import type { Clock } from '../../src/adapters/clock.js';
import type { WebhookSender } from '../../src/adapters/webhook-sender.js';
import type { Config } from '../../src/config.js';
import { startService, type TestService } from '../helpers/service.js';
import { sleep, type Json } from './runs-support.js';

/** Shared by the webhooks-*.spec.ts files: the service with a chosen sender, local receivers, the delivery log. */

export interface WebhookServiceOptions {
  env?: Record<string, string>;
  clock?: Clock;
  dataDir?: string;
  /** the webhook sender (default: got, with the service's insecure setting) */
  sender?: (config: Config) => WebhookSender;
}

/** startService with webhooks allowed to loopback receivers, no rate limit in the way, and an optional sender. */
export function startWebhookService(options: WebhookServiceOptions = {}): Promise<TestService> {
  const { sender, env, ...rest } = options;
  return startService({
    ...rest,
    env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000', SVC_WEBHOOK_ALLOW_INSECURE: 'true', ...env },
    overrides: (config: Config) => (sender ? { webhookSender: sender(config) } : {}),
  });
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** the raw body as it arrived */
  body: string;
  json: Json;
  /** Date.now() when the body was complete */
  at: number;
}

/** What the receiver does with the next request: a status, a redirect, or never answering. */
export type Answer = number | { redirect: string } | 'hang';

export interface Receiver {
  url(path?: string): string;
  received: Received[];
  /** answers for the next requests, in order; afterwards 200 */
  answer(...answers: Answer[]): void;
  close(): Promise<void>;
}

/** A real local webhook receiver on 127.0.0.1 (HTTPS when given a key and certificate). */
export async function startReceiver(tls?: { key: string; cert: string }): Promise<Receiver> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Json = {};
      try {
        json = JSON.parse(body) as Json;
      } catch {
        // recorded as is
      }
      received.push({ path: req.url ?? '', headers: req.headers, body, json, at: Date.now() });
      const answer = queue.shift() ?? 200;
      if (answer === 'hang') return;
      if (typeof answer === 'object') {
        res.writeHead(302, { location: answer.redirect });
        res.end();
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' });
      // a body the service must never store
      res.end(answer >= 300 ? 'RECEIVER-BODY-SECRET stack trace here' : 'ok');
    });
  };
  const server: Server = tls ? createHttpsServer(tls, handler) : createHttpServer(handler);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `${tls ? 'https' : 'http'}://127.0.0.1:${port}${path}`,
    received,
    answer: (...answers) => queue.push(...answers),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function putEndpoint(service: TestService, tenantId: string, environment: string, url: string, events: string[] = []): Promise<string> {
  const response = await service.operator(`/tenants/${tenantId}/webhook-endpoints/${environment}`, { method: 'PUT', json: { url, events } });
  const text = await response.text();
  expect(response.status, text).to.equal(200);
  return (JSON.parse(text) as { secret: string }).secret;
}

export async function deliveries(service: TestService, tenantId: string, query = ''): Promise<Json[]> {
  const response = await service.operator(`/tenants/${tenantId}/webhook-deliveries${query}`);
  const text = await response.text();
  expect(response.status, text).to.equal(200);
  return (JSON.parse(text) as { data: Json[] }).data;
}

/** Waits (bounded) until the predicate holds; returns its last value. */
export async function until<T>(read: () => Promise<T> | T, holds: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms: ${JSON.stringify(value)?.slice(0, 500)}`);
    await sleep(10);
  }
}

const isLoopback = (address: string) => /^(127\.|::1$|::ffff:127\.)/.test(address);

/**
 * While installed, a TCP connection to anything but a loopback address fails before it is made,
 * and is listed: the SSRF tests must never send traffic anywhere else. Names are checked on what
 * their lookup answers, just before the connection would use it.
 */
export function guardConnections(): { attempted: string[]; restore: () => void } {
  const attempted: string[] = [];
  const original = net.Socket.prototype.connect;
  const refuse = (address: string) => {
    attempted.push(address);
    return new Error(`test guard: connection to ${address} refused`);
  };
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    if (typeof first === 'object' && first !== null && !Array.isArray(first) && !(first as { path?: string }).path) {
      const options = first as net.TcpNetConnectOpts;
      const host = options.host ?? 'localhost';
      if (net.isIP(host)) {
        if (!isLoopback(host)) throw refuse(host);
      } else {
        const lookup = (options.lookup ?? dns.lookup) as (...a: unknown[]) => void;
        const checked = (hostname: string, opts: unknown, callback: (...r: unknown[]) => void) =>
          lookup(hostname, opts, (error: unknown, address: unknown, family: unknown) => {
            const all = Array.isArray(address) ? (address as { address: string }[]).map((a) => a.address) : [address as string];
            const outside = error ? undefined : all.find((a) => !isLoopback(a));
            if (outside !== undefined) return callback(refuse(outside));
            callback(error, address, family);
          });
        args[0] = { ...options, lookup: checked };
      }
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  return { attempted, restore: () => void (net.Socket.prototype.connect = original) };
}
