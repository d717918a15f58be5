import { createHash } from 'node:crypto';
import got, { RequestError } from 'got';
import { ListFetchError, type ListFetchResult, type PreviousFiles } from './fetcher.js';

/**
 * The Portal da Transparência REST API (LAYOUTS-BR-2.md section 1) as the scheduled fetch of the
 * CGU lists: every page of one endpoint, in one pass, handed to the list's importer as ONE file
 * `<endpoint>-api.json` (a JSON array of the records as the API returned them, pages in order,
 * a record seen twice kept once). A pass that fails at any page fails whole: a version is only
 * ever made of a complete pass.
 */

/** The list ids the API serves, and each one's endpoint under `…/api-de-dados/`. */
export const PORTAL_ENDPOINTS: Readonly<Record<string, string>> = {
  br_ceis: 'ceis',
  br_cnep: 'cnep',
  br_cepim: 'cepim',
  br_ceaf: 'ceaf',
  br_pep: 'peps',
};

/** The name of the file a pass hands to the importer. */
export const apiFileName = (endpoint: string): string => `${endpoint}-api.json`;

/** The clock of the rate limiter and the backoff: real by default, a fake one in tests and the benchmark. */
export interface PortalTimer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const REAL_TIMER: PortalTimer = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface PortalApiOptions {
  /** `https://api.portaldatransparencia.gov.br/api-de-dados` */
  baseUrl: string;
  /** the `chave-api-dados` header: a secret, never in an error, a log line or an event */
  key: string;
  /** requests per minute, spread evenly (one every 60,000 / rate ms) */
  requestsPerMinute: number;
  /** per page: a page not answered in full within it fails the pass */
  timeoutMs: number;
  /** tries again of one page answered 429 or 5xx, with backoff (Retry-After honoured) */
  retries: number;
  /** a guard against an API that ignores `pagina`: a window with more pages fails the pass */
  maxPages?: number;
  /** a peps window with more records is paged again month by month (default 2,000) */
  pepWindowRecords?: number;
  timer?: PortalTimer;
  /**
   * the spacing shared by every pass of this key (the limit is per key: five lists polled at once
   * must not each take the whole rate); default: one for this pass
   */
  spacing?: RequestSpacing;
}

/** At most this long for one backoff, whatever Retry-After asks (the work item's timeout is finite). */
const MAX_BACKOFF_MS = 120_000;
/** 15 records a page, fixed by the API */
export const PORTAL_PAGE_SIZE = 15;
/**
 * A peps window holding more records than this is paged again month by month: the API is known
 * to hang on windows of more than about 2,000 records (LAYOUTS-BR-2.md 1.5).
 */
const PEP_WINDOW_RECORDS = 2_000;
/** The first year paged one by one; every start of exercise before it is in one window from 1900. */
const PEP_FIRST_YEAR = 1990;

/**
 * One spacing for every request of a pass (and the retries): the next request leaves no sooner
 * than 60,000 / rate ms after the previous one. The published limit is 400/min (700/min between
 * 00:00 and 06:00 Brasília) and going over can suspend the key, so the default is below it.
 */
export class RequestSpacing {
  private next = 0;
  constructor(
    private readonly intervalMs: number,
    private readonly timer: PortalTimer,
  ) {}

  /** Waits for the next free slot; the slot is taken before waiting, so passes sharing the spacing never leave together. */
  async take(): Promise<void> {
    const now = this.timer.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await this.timer.sleep(at - now);
  }

  /** A 429's Retry-After (or our backoff): nothing leaves before it. */
  delay(ms: number): void {
    this.next = Math.max(this.next, this.timer.now() + ms);
  }
}

/** A complete pass: new content, or the last good download's (a pass never answers `not_modified`); and how many requests it took. */
export type PortalPass = Exclude<ListFetchResult, { kind: 'not_modified' }> & { requests: number };

/** What a pass read: the records in page order, each once, and the requests it took. */
interface Pass {
  records: unknown[];
  seen: Set<string>;
  requests: number;
}

/**
 * One complete pass over an endpoint. `previous` holds the last good download of the list: a
 * pass whose file hashes to it is `unchanged` (nothing to parse).
 */
export async function fetchPortalList(endpoint: string, previous: PreviousFiles, today: Date, options: PortalApiOptions): Promise<PortalPass> {
  const timer = options.timer ?? REAL_TIMER;
  const client = new PortalClient(options, options.spacing ?? new RequestSpacing(60_000 / options.requestsPerMinute, timer), timer);
  const pass: Pass = { records: [], seen: new Set(), requests: 0 };
  if (endpoint === 'peps') await pepPass(client, pass, today, options.pepWindowRecords ?? PEP_WINDOW_RECORDS);
  else await client.pageAll(endpoint, {}, pass);
  const url = `${options.baseUrl}/${endpoint}`;
  const data = Buffer.from(`[\n${pass.records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`, 'utf8');
  const sha256 = createHash('sha256').update(data).digest('hex');
  const downloaded = [{ url, etag: null, last_modified: null, sha256, bytes: data.length }];
  if (previous.some((f) => f.url === url && f.sha256 === sha256)) return { kind: 'unchanged', urls: [url], downloaded, requests: pass.requests };
  return { kind: 'fetched', files: [{ name: apiFileName(endpoint), data }], urls: [url], downloaded, requests: pass.requests };
}

/**
 * The peps endpoint needs a filter besides `pagina`: it is paged by windows of the start of
 * exercise (`dataInicioExercicioDe` / `datInicioExercicioAte`, the official spelling): one window
 * for everything before 1990, then one per year up to this year; a year with more than 2,000
 * records is paged again month by month (its records already read are kept; duplicates drop).
 * A PEP whose start of exercise is not filled falls in no window: the monthly CSV has it.
 */
async function pepPass(client: PortalClient, pass: Pass, today: Date, windowRecords: number): Promise<void> {
  const year = today.getUTCFullYear();
  await client.pageAll('peps', window(new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(PEP_FIRST_YEAR - 1, 11, 31))), pass);
  for (let y = PEP_FIRST_YEAR; y <= year; y++) {
    const full = await client.pageAll('peps', window(new Date(Date.UTC(y, 0, 1)), new Date(Date.UTC(y, 11, 31))), pass, windowRecords);
    if (full === 'too_many') {
      for (let m = 0; m < 12; m++) await client.pageAll('peps', window(new Date(Date.UTC(y, m, 1)), new Date(Date.UTC(y, m + 1, 0))), pass);
    }
  }
}

const ddmmyyyy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
const window = (from: Date, to: Date): Record<string, string> => ({ dataInicioExercicioDe: ddmmyyyy(from), datInicioExercicioAte: ddmmyyyy(to) });

/** A record's identity across pages: its `id` (the four sanction registers), else its whole content (peps has no id). */
function recordKey(record: unknown): string {
  const id = record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? `id:${id}` : `json:${JSON.stringify(record)}`;
}

class PortalClient {
  constructor(
    private readonly options: PortalApiOptions,
    private readonly spacing: RequestSpacing,
    private readonly timer: PortalTimer,
  ) {}

  /** `pagina=1,2,…` until an empty page; 'too_many' once more than `limit` records came (the caller splits the window). */
  async pageAll(endpoint: string, filters: Record<string, string>, pass: Pass, limit = Infinity): Promise<'done' | 'too_many'> {
    const maxPages = this.options.maxPages ?? 100_000;
    let read = 0;
    for (let page = 1; ; page++) {
      if (page > maxPages) throw new ListFetchError(this.where(endpoint, filters), `more than ${maxPages} pages: the API seems to ignore \`pagina\``);
      const records = await this.page(endpoint, { ...filters, pagina: String(page) }, pass);
      if (records.length === 0) return 'done';
      for (const record of records) {
        const key = recordKey(record);
        if (pass.seen.has(key)) continue;
        pass.seen.add(key);
        pass.records.push(record);
      }
      read += records.length;
      if (read > limit) return 'too_many';
    }
  }

  /** The address of a request as errors show it: never the key (it travels in a header, never in the URL). */
  private where(endpoint: string, query: Record<string, string>): string {
    const search = new URLSearchParams(query).toString();
    return `${this.options.baseUrl}/${endpoint}${search ? `?${search}` : ''}`;
  }

  /** One page, tried again on 429 and 5xx after the Retry-After or an exponential backoff. */
  private async page(endpoint: string, query: Record<string, string>, pass: Pass): Promise<unknown[]> {
    const url = this.where(endpoint, query);
    for (let attempt = 0; ; attempt++) {
      await this.spacing.take();
      pass.requests++;
      const answer = await this.get(url);
      if (answer.kind === 'records') return answer.records;
      if (attempt >= this.options.retries) throw new ListFetchError(url, `${answer.reason}, ${attempt + 1} tries`);
      const backoff = answer.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
      this.spacing.delay(Math.min(MAX_BACKOFF_MS, backoff));
    }
  }

  private async get(url: string): Promise<{ kind: 'records'; records: unknown[] } | { kind: 'retry'; reason: string; retryAfterMs: number | null }> {
    let response;
    try {
      response = await got(url, {
        headers: { 'chave-api-dados': this.options.key, accept: 'application/json', 'user-agent': 'kyc-svc list fetcher' },
        timeout: { request: this.options.timeoutMs },
        retry: { limit: 0 },
        throwHttpErrors: false,
        responseType: 'buffer',
        followRedirect: false,
      });
    } catch (error) {
      if (error instanceof RequestError && error.code === 'ETIMEDOUT') throw new ListFetchError(url, `no answer within ${this.options.timeoutMs} ms`);
      throw new ListFetchError(url, this.secretless(error instanceof RequestError ? (error.code ?? error.message) : (error as Error).message));
    }
    const status = response.statusCode;
    if (status === 401 || status === 403) throw new ListFetchError(url, `the API key was refused (${status}): ${this.secretless(apiMessage(response.body) ?? 'no reason given')}`);
    if (status === 429 || status >= 500) return { kind: 'retry', reason: `answered ${status}`, retryAfterMs: retryAfterMs(response.headers['retry-after'], this.timer.now()) };
    if (status !== 200) throw new ListFetchError(url, `answered ${status}${apiMessage(response.body) ? `: ${this.secretless(apiMessage(response.body)!)}` : ''}`);
    return { kind: 'records', records: recordsOf(url, response.body, String(response.headers['content-type'] ?? '')) };
  }

  /** A text from the API or the network with the key blanked, should it ever be echoed. */
  private secretless(text: string): string {
    return this.options.key ? text.replaceAll(this.options.key, '***') : text;
  }
}

/** A 200's body as the array of records it must be: an HTML page (a captcha) or a cut body fails the pass. */
function recordsOf(url: string, body: Buffer, contentType: string): unknown[] {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (/html/i.test(contentType) || /^\s*</.test(text)) throw new ListFetchError(url, 'answered 200 with an HTML page instead of JSON (a captcha or a block page?)');
    throw new ListFetchError(url, `answered 200 with a body that is not valid JSON (${body.length} bytes: cut short?)`);
  }
  if (!Array.isArray(parsed)) throw new ListFetchError(url, 'answered 200 with JSON that is not an array of records');
  return parsed;
}

/** The API's own reason, `{"Erro na API": "Chave de API inválida!"}`; the 401 of the CDN edge is ISO-8859-1. */
function apiMessage(body: Buffer): string | null {
  for (const text of [body.toString('utf8'), body.toString('latin1')]) {
    try {
      const parsed = JSON.parse(text) as unknown;
      const message = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['Erro na API'] : undefined;
      if (typeof message === 'string' && !message.includes('\uFFFD')) return message.slice(0, 300);
    } catch {
      return null;
    }
  }
  return null;
}

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}
