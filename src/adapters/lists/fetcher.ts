import got, { HTTPError, RequestError } from 'got';
import type { ListFile } from './importers/port.js';

/** How the service fetches a list's files from their official URLs (screening.md section 1). */
export interface ListFetchOptions {
  /** per request: a server that hangs past it is a failed fetch */
  timeoutMs: number;
  /** per file: a larger answer is cut off and the fetch fails */
  maxBytes: number;
  /** retries of one file on a connection error, a timeout or a 5xx, with backoff */
  retries: number;
}

export const DEFAULT_FETCH_OPTIONS: ListFetchOptions = { timeoutMs: 60_000, maxBytes: 512 * 1024 * 1024, retries: 2 };

/** What the previous fetch of each URL answered, for conditional GETs. */
export type Validators = Readonly<Record<string, { etag: string | null; last_modified: string | null }>>;

export type ListFetchResult =
  | { kind: 'fetched'; files: ListFile[]; urls: string[]; validators: Validators }
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

type FileAnswer = { kind: 'file'; file: ListFile; validators: { etag: string | null; last_modified: string | null } } | { kind: 'not_modified' } | { kind: 'missing' };

/**
 * Fetches every file of a list (one URL template per file). Conditional GET with the previous
 * answers' validators; timeouts, a size cap and retries per file; redirects followed (the
 * publishers answer with one to their storage). Any file failing fails the whole fetch, so a
 * version is never made of some new files and some old ones.
 */
export async function fetchListFiles(templates: readonly string[], previous: Validators, today: Date, options: ListFetchOptions = DEFAULT_FETCH_OPTIONS): Promise<ListFetchResult> {
  const files: ListFile[] = [];
  const urls: string[] = [];
  const validators: Record<string, { etag: string | null; last_modified: string | null }> = {};
  let modified = false;
  for (const template of templates) {
    let answered: FileAnswer = { kind: 'missing' };
    for (const url of candidateUrls(template, today)) {
      answered = await fetchOne(url, previous[url], options);
      if (answered.kind === 'missing') continue;
      urls.push(url);
      if (answered.kind === 'file') {
        modified = true;
        files.push(answered.file);
        validators[url] = answered.validators;
      }
      break;
    }
    if (answered.kind === 'missing') throw new ListFetchError(template, 'not found (404) for any date tried');
  }
  if (!modified) return { kind: 'not_modified', urls };
  // a file that did not change since the last fetch is fetched again in full, so the version is whole
  if (files.length < templates.length) return fetchListFiles(templates, {}, today, options);
  return { kind: 'fetched', files, urls, validators };
}

async function fetchOne(url: string, previous: { etag: string | null; last_modified: string | null } | undefined, options: ListFetchOptions): Promise<FileAnswer> {
  const headers: Record<string, string> = { 'user-agent': 'kyc-svc list fetcher' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.last_modified) headers['if-modified-since'] = previous.last_modified;
  try {
    const request = got(url, {
      headers,
      responseType: 'buffer',
      timeout: { request: options.timeoutMs },
      retry: { limit: options.retries, methods: ['GET'], statusCodes: [408, 429, 500, 502, 503, 504], errorCodes: ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN'], backoffLimit: 5_000 },
      followRedirect: true,
      maxRedirects: 5,
      throwHttpErrors: false,
    });
    // the size cap, checked as the bytes arrive (a declared length may be absent or false)
    request.on('downloadProgress', (progress: { transferred: number }) => {
      if (progress.transferred > options.maxBytes) request.cancel();
    });
    const response = await request;
    if (response.statusCode === 304) return { kind: 'not_modified' };
    if (response.statusCode === 404) return { kind: 'missing' };
    if (response.statusCode !== 200) throw new ListFetchError(url, `answered ${response.statusCode}`);
    if (response.rawBody.length > options.maxBytes) throw new ListFetchError(url, `larger than ${options.maxBytes} bytes`);
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > 0 && declared !== response.rawBody.length) throw new ListFetchError(url, 'the body was cut short');
    const name = decodeURIComponent(new URL(response.url).pathname.split('/').pop() || 'list');
    return {
      kind: 'file',
      file: { name, data: response.rawBody },
      validators: { etag: (response.headers.etag as string | undefined) ?? null, last_modified: (response.headers['last-modified'] as string | undefined) ?? null },
    };
  } catch (error) {
    if (error instanceof ListFetchError) throw error;
    if (error instanceof HTTPError) throw new ListFetchError(url, `answered ${error.response.statusCode}`);
    if (error instanceof RequestError) {
      const reason = error.name === 'CancelError' ? `larger than ${options.maxBytes} bytes` : error.code === 'ETIMEDOUT' ? `no answer within ${options.timeoutMs} ms` : (error.code ?? error.message);
      throw new ListFetchError(url, reason);
    }
    throw new ListFetchError(url, (error as Error).message);
  }
}
