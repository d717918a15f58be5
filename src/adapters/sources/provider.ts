import { setTimeout as delay } from 'node:timers/promises';
import got from 'got';
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { SOURCES, type SourceId } from '../../domain/run/catalog.js';
import type { CheckAnswer } from '../../domain/run/answers.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from './port.js';
import { notConfiguredMessage } from './readiness.js';

export interface ProviderSourceOptions {
  /** base URL serving every source as `{baseUrl}/{source_id}` */
  baseUrl: string | null;
  /** full URL of one source, overriding the base */
  perSource: Partial<Record<SourceId, string>>;
  token: string | null;
  /** deadline of the whole query, retries and backoff included (default 10 s) */
  timeoutMs?: number;
  /** backoff before each retry of a 5xx or a connection error (default 250 ms, then 1 s) */
  retryDelaysMs?: number[];
}

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

const ProviderBody = t.type({ checks: t.array(t.UnknownRecord), data: t.UnknownRecord });

const ProviderCheck = t.intersection([
  t.type({
    check_id: t.string,
    status: t.keyof({ VALID: null, INVALID: null, NO_DATA: null, ERROR: null }),
    result_code: t.string,
    result_label: t.string,
  }),
  t.partial({
    severity: nullable(t.keyof({ info: null, low: null, medium: null, high: null, critical: null })),
    title: nullable(t.string),
    detail: nullable(t.string),
  }),
]);

/** One attempt's outcome: a final answer, or a failure that may be retried. */
type Attempt = { answer: SourceAnswer; retry: boolean };

/**
 * The generic provider protocol of decisions section 3: any source served by a bureau gateway
 * over `POST {url}` with `{run_id, subject}`.
 *
 * `timeoutMs` bounds the whole query, retries and backoff included, so a source never takes
 * longer than that however the provider fails. A timeout is therefore not retried (the budget
 * is spent), and a retry whose backoff would outlast the budget is not attempted: the last
 * failure is answered instead. Error messages name the HTTP status or the socket error code
 * only, never the provider's body or the subject.
 */
export class ProviderSource implements Source {
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: ProviderSourceOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [250, 1000];
  }

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    const url = this.urlOf(request.source_id);
    // the message names the settings that would serve the source and the command that checks them
    if (!url) return errorAnswer('source_not_configured', notConfiguredMessage(request.source_id));
    if (signal.aborted) return aborted();

    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(), this.timeoutMs);
    const onAbort = (): void => budget.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const started = performance.now();
    try {
      for (let attempt = 0; ; attempt++) {
        const outcome = await this.attempt(url, request, budget.signal);
        if (signal.aborted) return aborted();
        if (budget.signal.aborted) return timedOut(this.timeoutMs);
        const backoff = this.retryDelaysMs[attempt];
        if (!outcome.retry || backoff === undefined) return outcome.answer;
        if (performance.now() - started + backoff >= this.timeoutMs) return outcome.answer;
        try {
          await delay(backoff, undefined, { signal: budget.signal });
        } catch {
          return signal.aborted ? aborted() : timedOut(this.timeoutMs);
        }
      }
    } catch {
      return errorAnswer('provider_error', 'The provider call failed unexpectedly.');
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  private urlOf(source: SourceId): string | null {
    const own = this.options.perSource[source];
    if (own) return own;
    return this.options.baseUrl ? `${this.options.baseUrl.replace(/\/+$/, '')}/${source}` : null;
  }

  private async attempt(url: string, request: SourceRequest, signal: AbortSignal): Promise<Attempt> {
    let response;
    try {
      response = await got.post(url, {
        json: { run_id: request.run_id, subject: request.subject },
        headers: { accept: 'application/json', ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}) },
        responseType: 'text',
        followRedirect: false,
        throwHttpErrors: false,
        retry: { limit: 0 },
        signal,
      });
    } catch (error) {
      // Aborts (deadline or caller) are classified by the caller from the signals.
      return { answer: errorAnswer('provider_error', `Could not reach the provider (${socketCode(error)}).`), retry: true };
    }
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      return { answer: errorAnswer('provider_error', `The provider answered HTTP ${status}.`), retry: status >= 500 };
    }
    return { answer: decodeAnswer(request.source_id, response.body), retry: false };
  }
}

/** The provider's body as an answer: checks of this source only (others are ignored), in the catalog's vocabulary. */
export function decodeAnswer(source: SourceId, body: string): SourceAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return errorAnswer('provider_bad_response', 'The provider answer is not valid JSON.');
  }
  const decoded = ProviderBody.decode(json);
  if (isLeft(decoded)) return badShape(decoded.left);

  const known = new Set(SOURCES[source].checks.map((check) => check.id));
  const checks: CheckAnswer[] = [];
  for (const [index, raw] of decoded.right.checks.entries()) {
    if (typeof raw.check_id !== 'string' || !known.has(raw.check_id) || checks.some((c) => c.check_id === raw.check_id)) continue;
    const check = ProviderCheck.decode(raw);
    if (isLeft(check)) return badShape(check.left, `checks.${index}`);
    const { check_id, status, result_code, result_label, severity, title, detail } = check.right;
    checks.push({
      check_id,
      status,
      result_code,
      result_label,
      ...(severity != null ? { severity } : {}),
      ...(title != null ? { title } : {}),
      ...(detail != null ? { detail } : {}),
    });
  }
  return { status: 'ANSWERED', checks, data: decoded.right.data, error_code: null, error_message: null };
}

/** Names where the body breaks the protocol (a field path), never what it holds. */
function badShape(errors: t.Errors, prefix = ''): SourceAnswer {
  const context = errors[0]?.context ?? [];
  // A key under an intersection or a union names one of its members, not a field.
  const keys = context.filter((entry, i) => {
    const parent = context[i - 1]?.type;
    return entry.key !== '' && !(parent instanceof t.IntersectionType || parent instanceof t.UnionType);
  });
  const path = [prefix, ...keys.map((entry) => entry.key)].filter(Boolean).join('.');
  return errorAnswer('provider_bad_response', `The provider answer does not follow the protocol${path ? ` at ${path}` : ''}.`);
}

function socketCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'connection error';
}

const aborted = (): SourceAnswer => errorAnswer('timeout', 'The query was aborted before the provider answered.');
const timedOut = (ms: number): SourceAnswer => errorAnswer('timeout', `The provider did not answer within ${ms} ms.`);
