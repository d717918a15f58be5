import got, { type Agents } from 'got';
import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { isInternalAddress, webhookUrlProblem } from './address-policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookRequest {
  url: string;
  /** the raw body, sent byte for byte as signed */
  body: string;
  headers: Record<string, string>;
}

export interface WebhookAttemptResult {
  http_status: number | null;
  latency_ms: number;
  /** short and sanitised: never the receiver's body */
  error: string | null;
  /** `refused`: the target may not be reached at all, so retrying cannot help */
  outcome: 'succeeded' | 'failed' | 'refused';
}

/** The webhook sender port: one POST per attempt, and the host check made at configuration. */
export interface WebhookSender {
  /** Why the URL's host may not receive webhooks (it resolves to an internal address, or not at all), or null. */
  hostProblem(url: string): Promise<string | null>;
  send(request: WebhookRequest, signal?: AbortSignal): Promise<WebhookAttemptResult>;
}

/**
 * Why a URL may not be a webhook endpoint, or null: the address policy first (scheme, literal
 * internal addresses), then where its host resolves, unless insecure endpoints are allowed
 * (development). One check for every place a tenant gives a URL.
 */
export function endpointUrlCheck(sender: Pick<WebhookSender, 'hostProblem'>, allowInsecure: boolean): (url: string) => Promise<string | null> {
  return async (url) => {
    const problem = webhookUrlProblem(url, allowInsecure);
    if (problem || allowInsecure) return problem;
    return sender.hostProblem(url);
  };
}

export interface GotWebhookSenderOptions {
  /** SVC_WEBHOOK_ALLOW_INSECURE: http:// and internal addresses allowed (development and tests) */
  allowInsecure: boolean;
  /** an attempt is a success only with a 2xx within this time (default 10 s) */
  timeoutMs?: number;
  resolve?: HostResolver;
  /** extra trusted certificate authorities (tests with a self-signed receiver) */
  ca?: string | Buffer;
  /** the lookup the connection uses, given the checked addresses (default: pinnedLookup); tests inject misbehaving ones */
  connectLookup?: (addresses: readonly ResolvedAddress[]) => LookupFunction;
}

const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Sends with got. Redirects are not followed and nothing is retried here (the delivery's
 * schedule retries). The host is resolved once per attempt, every address is checked, and the
 * connection goes to those checked addresses only (the lookup got uses answers from them), so a
 * name that rebinds between check and connect cannot reach an internal address. The answer is
 * judged on its status line; the body is never read.
 */
export class GotWebhookSender implements WebhookSender {
  private readonly timeoutMs: number;
  private readonly resolve: HostResolver;
  private readonly agents: Agents;
  private readonly connectLookup: (addresses: readonly ResolvedAddress[]) => LookupFunction;

  constructor(private readonly options: GotWebhookSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.resolve = options.resolve ?? systemResolver;
    this.connectLookup = options.connectLookup ?? pinnedLookup;
    this.agents = {
      http: watchSockets(new http.Agent({ keepAlive: false })),
      https: watchSockets(new https.Agent({ keepAlive: false, ...(options.ca ? { ca: options.ca } : {}) })),
    };
  }

  async hostProblem(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'webhook_url must be an absolute URL.';
    }
    const resolved = await this.addresses(hostOf(url));
    if (!Array.isArray(resolved)) return `webhook_url host ${resolved}.`;
    return resolved.some((a) => isInternalAddress(a.address)) ? 'webhook_url must not resolve to an internal address.' : null;
  }

  async send(request: WebhookRequest, signal?: AbortSignal): Promise<WebhookAttemptResult> {
    const started = performance.now();
    const result = (outcome: WebhookAttemptResult['outcome'], error: string | null, httpStatus: number | null = null): WebhookAttemptResult => ({
      http_status: httpStatus,
      latency_ms: Math.round(performance.now() - started),
      error,
      outcome,
    });
    const problem = webhookUrlProblem(request.url, this.options.allowInsecure);
    if (problem) return result('refused', problem);
    const url = new URL(request.url);
    const addresses = await this.addresses(hostOf(url));
    if (!Array.isArray(addresses)) return result('failed', `host ${addresses}`);
    if (!this.options.allowInsecure && addresses.some((a) => isInternalAddress(a.address))) {
      return result('refused', 'host resolves to an internal address; not sent');
    }
    try {
      const response = await this.post(url, request, this.connectLookup(addresses), signal);
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return result('succeeded', null, status);
      if (status >= 300 && status < 400) return result('failed', `redirect not followed (HTTP ${status})`, status);
      return result('failed', statusLine(status, response.statusMessage), status);
    } catch (error) {
      return result('failed', this.errorText(error, signal));
    }
  }

  /** Resolves when the status line arrives; the connection is then dropped unread. */
  private post(url: URL, request: WebhookRequest, dnsLookup: LookupFunction, signal?: AbortSignal): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const stream = got.stream.post(url, {
        body: request.body,
        headers: { ...request.headers, 'content-type': 'application/json', 'user-agent': 'kyc-svc-webhooks/1' },
        followRedirect: false,
        throwHttpErrors: false,
        retry: { limit: 0 },
        timeout: { request: this.timeoutMs },
        dnsLookup: dnsLookup as never,
        agent: this.agents,
        ...(signal ? { signal } : {}),
      });
      stream.once('response', (response: http.IncomingMessage) => {
        resolve(response);
        stream.destroy();
      });
      // a socket that failed before its request listened (see watchSockets) fails the request with
      // that error, not the `socket hang up` the request sees afterwards
      let socket: Socket | undefined;
      stream.on('error', (error: Error) => reject((socket && earlyErrors.get(socket)) ?? error));
      stream.once('request', (clientRequest: http.ClientRequest) => {
        const taken = (s: Socket) => {
          socket = s;
          const early = earlyErrors.get(s);
          if (early) clientRequest.destroy(early);
        };
        if (clientRequest.socket) taken(clientRequest.socket);
        else clientRequest.once('socket', taken);
      });
    });
  }

  private async addresses(host: string): Promise<ResolvedAddress[] | string> {
    const family = isIP(host);
    if (family !== 0) return [{ address: host, family: family === 6 ? 6 : 4 }];
    try {
      const found = await this.resolve(host);
      return found.length > 0 ? found : 'has no address';
    } catch (error) {
      return `could not be resolved (${codeOf(error) ?? 'error'})`;
    }
  }

  private errorText(error: unknown, signal?: AbortSignal): string {
    if (signal?.aborted) return 'aborted';
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError') return `timed out after ${this.timeoutMs} ms`;
    const code = codeOf(error);
    return code ? `connection failed (${code})` : 'request failed';
  }
}

/**
 * Errors a socket raised before its request listened to it. A connect() that fails inside the
 * call (ENETUNREACH for an IPv6 address on an IPv4-only host, EINVAL...) emits `error` on the
 * next tick, which can come before the request takes the socket: with no listener, that error
 * kills the process. Every socket the agents create is listened to from its first moment, and
 * its request is failed with the error it missed (post() above).
 */
const earlyErrors = new WeakMap<Socket, Error>();

function watchSockets<A extends http.Agent>(agent: A): A {
  const create = (agent as unknown as { createConnection: (...args: unknown[]) => Socket | undefined }).createConnection;
  (agent as unknown as { createConnection: (...args: unknown[]) => Socket | undefined }).createConnection = function (this: A, ...args: unknown[]) {
    const socket = create.apply(this, args);
    socket?.on('error', (error: Error) => {
      if (!earlyErrors.has(socket)) earlyErrors.set(socket, error);
    });
    return socket;
  };
  return agent;
}

/**
 * A lookup that calls back only after its caller has returned, as dns.lookup does, and turns a
 * throw into an error passed back: the connection then starts once its request listens.
 */
export function answerLater(lookup: LookupFunction): LookupFunction {
  return ((hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...answer: unknown[]) => void;
    const later = (...answer: unknown[]) => setImmediate(() => cb(...answer));
    try {
      if (typeof options === 'function') (lookup as (h: string, c: unknown) => void)(hostname, later);
      else (lookup as (h: string, o: unknown, c: unknown) => void)(hostname, options, later);
    } catch (error) {
      later(error);
    }
  }) as LookupFunction;
}

/** A lookup that answers only with the addresses already checked, in the shape Node asks for, never in the caller's tick. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return answerLater(pinnedAnswer(addresses));
}

function pinnedAnswer(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (error: Error | null, address?: unknown, family?: number) => void;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean; family?: number | string };
    const family = opts.family === 4 || opts.family === 'IPv4' ? 4 : opts.family === 6 || opts.family === 'IPv6' ? 6 : 0;
    const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
    if (usable.length === 0) return cb(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }));
    if (opts.all) return cb(null, usable.map((a) => ({ address: a.address, family: a.family })));
    return cb(null, usable[0]!.address, usable[0]!.family);
  }) as LookupFunction;
}

function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : null;
}

/** `HTTP 500 Internal Server Error`: the receiver writes the reason phrase, so only plain characters, bounded. */
function statusLine(status: number, message: string | undefined): string {
  const reason = (message ?? '').replace(/[^A-Za-z0-9 .,:;()'-]/g, '').replace(/\s+/g, ' ').trim().slice(0, 60);
  return reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`;
}
