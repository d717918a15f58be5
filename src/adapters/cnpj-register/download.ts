import got, { type Response } from 'got';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDump } from './dump.js';

/**
 * Downloading a month of the Receita Federal CNPJ dump (../shared/data/cnpj/LAYOUT.md) from its
 * open-data folder: a plain HTML index of `YYYY-MM/` folders, each listing its `*.zip` files.
 * The server is slow and publishes no checksums: every file is fetched resumably into a `.part`
 * file and renamed only once its zip reads back whole (central directory, one entry, CRC).
 */

export interface CnpjDownloadOptions {
  /** a server silent for this long (no headers, no bytes) fails the attempt; the next one resumes */
  idleTimeoutMs: number;
  /** per file: a larger file fails the download */
  maxBytes: number;
  /** attempts of one file after the first that ended without moving it forward */
  retries: number;
  /** wait before the first retry, doubled each time (at most a minute) */
  backoffMs: number;
  /** stops the download (the worker's stop or timeout); what arrived stays for the next run */
  signal?: AbortSignal;
}

export const DEFAULT_CNPJ_DOWNLOAD: CnpjDownloadOptions = { idleTimeoutMs: 60_000, maxBytes: 4 * 1024 ** 3, retries: 8, backoffMs: 5_000 };

/** An index page larger than this is not an index. */
const MAX_LISTING_BYTES = 4 * 1024 * 1024;
/** The layout's 37 files, with room to spare: a listing naming more is refused. */
const MAX_FILES = 100;

export class CnpjDownloadError extends Error {
  constructor(
    /** the URL or file name concerned (never personal data: the dump's URLs and file names only) */
    readonly subject: string,
    readonly reason: string,
    /** whether another attempt may succeed (a timeout, a reset, a 5xx) */
    readonly transient = false,
  ) {
    super(`${subject}: ${reason}`);
    this.name = 'CnpjDownloadError';
  }
}

const MONTH_HREF = /^(\d{4})-(0[1-9]|1[0-2])\/?$/;
/** a plain file name: no path, no scheme, no `..`, so the listing cannot point anywhere else */
const ZIP_HREF = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.zip$/i;

/** The `href` values of an HTML index, entity-decoded where Apache and Nextcloud encode them. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replaceAll('&amp;', '&').trim());
}

/** The `YYYY-MM` folders an index links to (relative links to direct children only). */
export const monthsOf = (html: string): string[] => [...new Set(hrefs(html).filter((h) => MONTH_HREF.test(h)).map((h) => h.replace(/\/$/, '')))].sort();

/** The zip files a month's index links to, by plain name only (no path, no other host). */
export const zipFilesOf = (html: string): string[] => [...new Set(hrefs(html).filter((h) => ZIP_HREF.test(h)))].sort();

const folderOf = (url: string): URL => {
  const folder = new URL(url);
  if (!folder.pathname.endsWith('/')) folder.pathname += '/';
  return folder;
};

/** got's options for this folder: no automatic retry (ours resumes), redirects kept on the folder's origin. */
function requestOptions(origin: string, options: CnpjDownloadOptions) {
  return {
    headers: { 'user-agent': 'kyc-svc cnpj register fetcher' } as Record<string, string>,
    timeout: { lookup: options.idleTimeoutMs, connect: options.idleTimeoutMs, response: options.idleTimeoutMs, socket: options.idleTimeoutMs },
    retry: { limit: 0 },
    throwHttpErrors: false,
    decompress: false,
    followRedirect: true,
    maxRedirects: 5,
    ...(options.signal ? { signal: options.signal } : {}),
    hooks: {
      beforeRedirect: [
        (next: { url?: URL | string }) => {
          const target = new URL(String(next.url));
          if (target.origin !== origin) throw new CnpjDownloadError(target.origin, `redirect off ${origin} refused`);
        },
      ],
    },
  };
}

/** The text of an index page, with the same time and size limits as the files. */
export async function fetchIndex(url: URL, options: CnpjDownloadOptions): Promise<string> {
  let response: Response<Buffer>;
  try {
    const request = got(url, { ...requestOptions(url.origin, options), responseType: 'buffer' });
    request.on('downloadProgress', (p: { transferred: number }) => {
      if (p.transferred > MAX_LISTING_BYTES) request.cancel();
    });
    response = await request;
  } catch (error) {
    throw asDownloadError(url.href, error);
  }
  if (response.statusCode !== 200) throw new CnpjDownloadError(url.href, `answered ${response.statusCode}`, response.statusCode >= 500);
  return response.rawBody.toString('utf8');
}

/** The latest `YYYY-MM` the folder lists. */
export async function latestMonth(folderUrl: string, options: CnpjDownloadOptions = DEFAULT_CNPJ_DOWNLOAD): Promise<string> {
  const folder = folderOf(folderUrl);
  const months = monthsOf(await fetchIndex(folder, options));
  if (months.length === 0) throw new CnpjDownloadError(folder.href, 'lists no YYYY-MM/ folder');
  return months[months.length - 1]!;
}

export interface DownloadedMonth {
  month: string;
  /** the month's directory: `<destDir>/<month>` */
  dir: string;
  /** the zip file names, each verified */
  files: string[];
}

/**
 * A month downloaded (resumably, every zip verified), handed to `importDir`, and its zips deleted
 * once imported: the month then lives in its store, the zips would only fill the disk. A failure
 * keeps what was downloaded for the next attempt.
 */
export async function downloadAndImport<T>(folderUrl: string, month: string, destDir: string, importDir: (dir: string, month: string) => Promise<T>, options: CnpjDownloadOptions = DEFAULT_CNPJ_DOWNLOAD): Promise<{ imported: T; files: string[] }> {
  const downloaded = await downloadMonth(folderUrl, month, destDir, options);
  const imported = await importDir(downloaded.dir, month);
  await rm(downloaded.dir, { recursive: true, force: true });
  return { imported, files: downloaded.files };
}

/**
 * Downloads every zip of a month into `<destDir>/<month>/`. A file already there under its final
 * name was verified before it got that name and is kept; a `.part` file is resumed. Any file
 * failing fails the month (the importer never sees part of one); the files that did complete stay
 * for the next run.
 */
export async function downloadMonth(folderUrl: string, month: string, destDir: string, options: CnpjDownloadOptions = DEFAULT_CNPJ_DOWNLOAD): Promise<DownloadedMonth> {
  if (!MONTH_HREF.test(month)) throw new CnpjDownloadError(month, 'not a YYYY-MM month');
  const monthUrl = new URL(`${month}/`, folderOf(folderUrl));
  const files = zipFilesOf(await fetchIndex(monthUrl, options));
  if (files.length === 0) throw new CnpjDownloadError(monthUrl.href, 'lists no .zip file');
  if (files.length > MAX_FILES) throw new CnpjDownloadError(monthUrl.href, `lists more than ${MAX_FILES} .zip files`);
  const dir = join(destDir, month);
  await mkdir(dir, { recursive: true });
  for (const name of files) {
    const path = join(dir, name);
    if (await exists(path)) continue;
    await downloadFile(new URL(name, monthUrl), path, options);
    try {
      await verifyZip(`${path}.part`);
    } catch (error) {
      await discard(`${path}.part`);
      throw new CnpjDownloadError(name, `not a whole zip (${(error as Error).message}); deleted`);
    }
    await rename(`${path}.part`, path);
    await rm(`${path}.part.json`, { force: true });
  }
  return { month, dir, files };
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** What identifies the bytes of a `.part` file on the server, kept beside it so a restart still resumes safely. */
interface PartValidator {
  url: string;
  etag: string | null;
  last_modified: string | null;
}

/**
 * One file into `<path>.part`, resuming: `Range: bytes=<have>-` with `If-Range` (the ETag, else
 * the Last-Modified date of the bytes we have), so a file changed on the server comes back whole
 * (200) and restarts from zero. An attempt that moved the file forward does not use up a retry.
 */
export async function downloadFile(url: URL, path: string, options: CnpjDownloadOptions): Promise<void> {
  const part = `${path}.part`;
  let failures = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const before = await sizeOf(part);
    try {
      if (await attempt(url, part, options)) return;
    } catch (error) {
      const failure = asDownloadError(url.href, error);
      if (!failure.transient || options.signal?.aborted) throw failure;
      const progressed = (await sizeOf(part)) > before;
      if (!progressed) failures += 1;
      if (failures > options.retries) throw failure;
      await sleep(Math.min(options.backoffMs * 2 ** Math.max(0, failures - 1), 60_000), undefined, options.signal ? { signal: options.signal } : {});
    }
  }
}

const sizeOf = (path: string): Promise<number> =>
  stat(path).then(
    (s) => s.size,
    () => 0,
  );

async function readValidator(part: string, url: URL): Promise<PartValidator | null> {
  try {
    const saved = JSON.parse(await readFile(`${part}.json`, 'utf8')) as PartValidator;
    return saved.url === url.href ? saved : null;
  } catch {
    return null;
  }
}

/** One request; true when the file is complete, else throws (transient errors are resumed). */
async function attempt(url: URL, part: string, options: CnpjDownloadOptions): Promise<boolean> {
  const saved = await readValidator(part, url);
  // bytes whose origin is unknown are not resumed: they could be another version of the file
  const have = saved ? await sizeOf(part) : 0;
  const validator = saved?.etag ?? saved?.last_modified ?? null;
  const request = requestOptions(url.origin, options);
  if (have > 0) Object.assign(request.headers, { range: `bytes=${have}-` }, validator ? { 'if-range': validator } : {});
  const stream = got.stream(url, request);
  const response = await new Promise<Response>((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  });
  const status = response.statusCode;
  if (status === 416 && have > 0) {
    // asked past the end: complete if the server's size is ours, else start over
    stream.destroy();
    if (/^bytes \*\/(\d+)$/.exec(String(response.headers['content-range'] ?? ''))?.[1] === String(have)) return true;
    await discard(part);
    throw new CnpjDownloadError(url.href, 'answered 416 to a resume; starting over', true);
  }
  if (status !== 200 && status !== 206) {
    stream.destroy();
    throw new CnpjDownloadError(url.href, `answered ${status}`, status >= 500 || status === 408 || status === 429);
  }
  let offset = 0;
  if (status === 206) {
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(String(response.headers['content-range'] ?? ''));
    if (have === 0 || !range || Number(range[1]) !== have) {
      stream.destroy();
      // what we have cannot be trusted to line up with what the server holds
      await discard(part);
      throw new CnpjDownloadError(url.href, `answered 206 with Content-Range "${response.headers['content-range'] ?? ''}" to a request from byte ${have}`);
    }
    offset = have;
  }
  // a 200 is the whole file: to a resume, it says the file changed (If-Range) or ranges are not served
  const declared = Number(response.headers['content-length']);
  const expected = Number.isFinite(declared) && response.headers['content-length'] !== undefined ? offset + declared : null;
  if (expected !== null && expected > options.maxBytes) {
    stream.destroy();
    await discard(part);
    throw new CnpjDownloadError(url.href, `larger than ${options.maxBytes} bytes`);
  }
  if (offset === 0) {
    const etag = (response.headers.etag as string | undefined) ?? null;
    // a weak ETag cannot serve If-Range (RFC 9110 13.1.5): the date then, if any
    const next: PartValidator = { url: url.href, etag: etag?.startsWith('W/') ? null : etag, last_modified: (response.headers['last-modified'] as string | undefined) ?? null };
    await writeFile(`${part}.json`, JSON.stringify(next));
  }
  let written = offset;
  stream.on('data', (chunk: Buffer) => {
    written += chunk.length;
    if (written > options.maxBytes) stream.destroy(new CnpjDownloadError(url.href, `larger than ${options.maxBytes} bytes`));
  });
  try {
    await appendKeepingWhatArrived(stream, part, offset === 0 ? 'w' : 'a');
  } catch (error) {
    // a file over the cap is not resumed next time; anything else is kept for the next attempt
    if (written > options.maxBytes) await discard(part);
    throw error;
  }
  const size = await sizeOf(part);
  if (expected !== null && size !== expected) throw new CnpjDownloadError(url.href, `cut short at ${size} of ${expected} bytes`, true);
  return true;
}

/**
 * Writes the body into the file; when the body fails (a reset, the idle timeout), the bytes that
 * did arrive are still flushed before the error is passed on, so the next attempt resumes from them
 * (a plain pipeline would destroy the file stream with its pending writes).
 */
async function appendKeepingWhatArrived(body: NodeJS.ReadableStream, path: string, flags: 'w' | 'a'): Promise<void> {
  const out = createWriteStream(path, { flags });
  body.pipe(out);
  try {
    // rejects on an error and on a premature close alike
    await finished(body);
  } catch (error) {
    body.unpipe(out);
    out.end();
    await finished(out).catch(() => undefined);
    throw error;
  }
  await finished(out);
}

const discard = async (part: string): Promise<void> => {
  await rm(part, { force: true });
  await rm(`${part}.json`, { force: true });
};

/** got's and the system's errors as ours: timeouts and broken connections are transient. */
function asDownloadError(url: string, error: unknown): CnpjDownloadError {
  if (error instanceof CnpjDownloadError) return error;
  const e = error as { code?: string; name?: string; message?: string; cause?: unknown };
  // got wraps what a hook throws
  if (e.cause instanceof CnpjDownloadError) return e.cause;
  if (e.name === 'CancelError') return new CnpjDownloadError(url, 'larger than allowed');
  if (e.code === 'ETIMEDOUT') return new CnpjDownloadError(url, 'no bytes within the idle timeout', true);
  const transient = ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED'].includes(e.code ?? '');
  return new CnpjDownloadError(url, e.code ?? e.message ?? 'failed', transient);
}

/** A zip that reads back whole: the central directory opens, it holds one file, and that file's bytes match its CRC-32. */
export async function verifyZip(path: string): Promise<void> {
  const dump = await openDump(path);
  try {
    await dump.verify();
  } finally {
    dump.close();
  }
}
