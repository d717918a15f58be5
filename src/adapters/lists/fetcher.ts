import { createHash } from 'node:crypto';
import got, { RequestError, type PlainResponse } from 'got';
import type { PollFile } from '../../domain/list/events.js';
import type { ListFile } from './importers/port.js';

/** How the service fetches a list's files from their official URLs (screening.md section 1). */
export interface ListFetchOptions {
  /** per request: a server that hangs past it is a failed fetch */
  timeoutMs: number;
  /** per file: a larger answer is cut off and the fetch fails */
  maxBytes: number;
  /** retries of one file on a connection error, a timeout or a 5xx, with backoff */
  retries: number;
  /** the User-Agent sent (`SVC_LISTS_USER_AGENT`: some publishers' firewalls refuse non-browser agents) */
  userAgent?: string;
  /** the request of a URL template that is not a plain GET (`listRequests`), by template */
  requests?: ReadonlyMap<string, ListRequest>;
}

/** A list fetched with another request than a GET: the TCU's services answer a POST with a JSON body. */
export interface ListRequest {
  method: 'POST';
  body: string;
  headers: Readonly<Record<string, string>>;
}

const POST_JSON: ListRequest = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', accept: 'application/json' } };

/** The lists fetched by POST (LAYOUTS-BR-2.md 3.1: `POST …/responsaveis-inidoneos` with `{}`), by list id. */
export const LIST_REQUESTS: Readonly<Record<string, ListRequest>> = {
  br_tcu_inabilitados: POST_JSON,
  br_tcu_inidoneos: POST_JSON,
};

/** The request of each configured URL template of the lists that are not fetched by GET. */
export const listRequests = (urls: Readonly<Record<string, readonly string[]>>): ReadonlyMap<string, ListRequest> =>
  new Map(Object.entries(LIST_REQUESTS).flatMap(([listId, request]) => (urls[listId] ?? []).map((url) => [url, request] as const)));

export const DEFAULT_USER_AGENT = 'kyc-svc list fetcher';

export const DEFAULT_FETCH_OPTIONS: ListFetchOptions = { timeoutMs: 60_000, maxBytes: 512 * 1024 * 1024, retries: 2 };

/** What the last good download of each URL answered: validators for a conditional GET, the body's hash. */
export type PreviousFiles = readonly PollFile[];

export type ListFetchResult =
  | { kind: 'fetched'; files: ListFile[]; urls: string[]; downloaded: PollFile[] }
  /** every file answered 200 with the bytes of the last good download (a publisher ignoring the validators): nothing to parse */
  | { kind: 'unchanged'; urls: string[]; downloaded: PollFile[] }
  /** every file answered 304 Not Modified */
  | { kind: 'not_modified'; urls: string[] };

export class ListFetchError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'ListFetchError';
  }
}

/**
 * The URLs to try for a template: as it is, or, with `{YYYYMMDD}` (or `{YYYYMM}`), today's date
 * and then earlier ones, up to 15 days (or 2 months) back: the publishers name files by date and
 * today's may not be out yet.
 */
export function candidateUrls(template: string, today: Date): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (template.includes('{YYYYMMDD}')) {
    return Array.from({ length: 16 }, (_, back) => {
      const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
      return template.replaceAll('{YYYYMMDD}', `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`);
    });
  }
  if (template.includes('{YYYYMM}')) {
    return Array.from({ length: 3 }, (_, back) => {
      const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
      return template.replaceAll('{YYYYMM}', `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}`);
    });
  }
  return [template];
}

type FileAnswer = { kind: 'file'; file: ListFile; downloaded: PollFile } | { kind: 'not_modified' } | { kind: 'missing' };

/**
 * Fetches every file of a list (one URL template per file). Conditional GET with the last good
 * download's validators; timeouts, a size cap and retries per file; redirects followed (the
 * publishers answer with one to their storage). Any file failing fails the whole fetch, so a
 * version is never made of some new files and some old ones. Each body is hashed as it arrives:
 * when every file has the bytes of the last good download, the answer is `unchanged` and nothing
 * is unzipped or parsed.
 */
export async function fetchListFiles(templates: readonly string[], previous: PreviousFiles, today: Date, options: ListFetchOptions = DEFAULT_FETCH_OPTIONS): Promise<ListFetchResult> {
  const before = new Map(previous.map((f) => [f.url, f]));
  const files: ListFile[] = [];
  const urls: string[] = [];
  const downloaded: PollFile[] = [];
  for (const template of templates) {
    let answered: FileAnswer = { kind: 'missing' };
    for (const url of candidateUrls(template, today)) {
      answered = await fetchOne(url, before.get(url), options, options.requests?.get(template));
      if (answered.kind === 'missing') continue;
      urls.push(url);
      if (answered.kind === 'file') {
        files.push(answered.file);
        downloaded.push(answered.downloaded);
      }
      break;
    }
    if (answered.kind === 'missing') throw new ListFetchError(template, 'not found (404) for any date tried');
  }
  if (files.length === 0) return { kind: 'not_modified', urls };
  // a file that did not change since the last fetch is fetched again in full, so the version is whole
  if (files.length < templates.length) return fetchListFiles(templates, [], today, options);
  if (downloaded.every((d) => before.get(d.url)?.sha256 === d.sha256)) return { kind: 'unchanged', urls, downloaded };
  return { kind: 'fetched', files, urls, downloaded };
}

/** Statuses and network errors worth another try of the same request. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const RETRY_ERRORS = new Set(['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN']);
const BACKOFF_LIMIT_MS = 5_000;

/** One file, retried with backoff (1 s, 2 s, ... at most 5 s) on a connection error, a timeout or a retryable status. */
async function fetchOne(url: string, previous: PollFile | undefined, options: ListFetchOptions, request?: ListRequest): Promise<FileAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await downloadOnce(url, previous, options, request);
    } catch (error) {
      const retryable = error instanceof RetryableFetchError;
      if (!retryable || attempt >= options.retries) throw retryable ? new ListFetchError(url, error.reason) : error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(BACKOFF_LIMIT_MS, 1000 * 2 ** attempt) + Math.random() * 100));
    }
  }
}

class RetryableFetchError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * One GET, its body streamed: each chunk goes into the SHA-256 and the file as it arrives (never
 * one blocking hash of the whole body), the size cap checked on the way, the length the server
 * declared checked at the end (a cut connection is a failure, never a shorter file).
 */
async function downloadOnce(url: string, previous: PollFile | undefined, options: ListFetchOptions, request?: ListRequest): Promise<FileAnswer> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, ...request?.headers };
  // validators are for a conditional GET; a POST's answer is compared by its content hash only
  if (previous?.etag && !request) headers['if-none-match'] = previous.etag;
  if (previous?.last_modified && !request) headers['if-modified-since'] = previous.last_modified;
  const method = request ? { method: request.method, body: request.body } : {};
  const stream = got.stream(url, { ...method, headers, timeout: { request: options.timeoutMs }, retry: { limit: 0 }, followRedirect: true, maxRedirects: 5, throwHttpErrors: false, decompress: false });
  /** once the body started: what the server said it would send, and what came */
  let body: { declared: number; bytes: number } | null = null;
  try {
    const response = await new Promise<PlainResponse>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    const status = response.statusCode;
    if (status === 304) return { kind: 'not_modified' };
    if (status === 404) return { kind: 'missing' };
    if (RETRY_STATUSES.has(status)) throw new RetryableFetchError(`answered ${status}`);
    if (status !== 200) throw new ListFetchError(url, `answered ${status}`);
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    const declared = Number(response.headers['content-length']);
    body = { declared: Number.isFinite(declared) ? declared : 0, bytes: 0 };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes = (body.bytes += chunk.length);
      if (bytes > options.maxBytes) throw new ListFetchError(url, `larger than ${options.maxBytes} bytes`);
      hash.update(chunk);
      chunks.push(chunk);
    }
    const bytes = body.bytes;
    if (body.declared > 0 && body.declared !== bytes) throw new ListFetchError(url, 'the body was cut short');
    const name = decodeURIComponent(new URL(response.url).pathname.split('/').pop() || 'list');
    const header = (h: string | string[] | undefined) => (typeof h === 'string' ? h : null);
    return {
      kind: 'file',
      file: { name, data: Buffer.concat(chunks, bytes) },
      downloaded: { url, etag: header(response.headers.etag), last_modified: header(response.headers['last-modified']), sha256: hash.digest('hex'), bytes },
    };
  } catch (error) {
    if (error instanceof ListFetchError || error instanceof RetryableFetchError) throw error;
    // the connection dropped before the declared length: a cut body, tried again like a dropped connection
    if (error instanceof RequestError && error.code === 'ETIMEDOUT') throw new RetryableFetchError(`no answer within ${options.timeoutMs} ms`);
    if (body && body.declared > body.bytes) throw new RetryableFetchError(`the body was cut short (${body.bytes} of ${body.declared} bytes)`);
    if (error instanceof RequestError) {
      if (RETRY_ERRORS.has(error.code)) throw new RetryableFetchError(error.code);
      // a connection closed before the declared length: the body was cut short
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || /premature close|aborted/i.test(error.message)) throw new ListFetchError(url, 'the body was cut short');
      throw new ListFetchError(url, error.code ?? error.message);
    }
    throw new ListFetchError(url, (error as Error).message);
  } finally {
    stream.destroy();
  }
}
