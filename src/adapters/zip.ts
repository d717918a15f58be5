/**
 * The one zip reader of the service (list uploads, scheduled list fetches, the CNPJ dump): the
 * central directory read by yauzl, every entry's inflated bytes counted as they flow and cut off
 * the moment a bound is crossed, and every entry's CRC-32 checked at its end (yauzl does not:
 * its README, "No CRC-32 Checking"). A zip is hostile input: a bomb is refused from its central
 * directory when it declares itself, and after at most the bound's worth of bytes when it lies.
 */
import { basename } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

export interface ZipLimits {
  /** the most file entries (directories are not counted) */
  maxEntries: number;
  /** the most bytes one entry may inflate to */
  maxEntryBytes: number;
  /** the most bytes all entries together may inflate to */
  maxTotalBytes: number;
  /** an entry inflating to more than this many times its compressed size is refused... */
  maxRatio: number;
  /** ...once it has inflated past this many bytes (a tiny file of zeros is no bomb) */
  ratioFloorBytes: number;
}

/** Inflating from 995 KiB to 1,000 MiB is a ratio of about 1,030; real CSV and XML stay under 50. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 64, maxEntryBytes: 256 * 1024 * 1024, maxTotalBytes: 512 * 1024 * 1024, maxRatio: 200, ratioFloorBytes: 1024 * 1024 };

/** A zip that cannot be read within the limits: truncated, corrupt, a bomb, too many entries. */
export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

export interface ZipEntry {
  /** the entry's path in the zip (`/`-separated; yauzl refuses absolute paths and `..`) */
  readonly path: string;
  /** the path's last part: the plain name a file is kept under */
  readonly name: string;
  /** the CRC-32 and sizes the central directory declares */
  readonly crc32: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

export interface ZipArchive {
  /** the file entries, from the central directory, each already within the limits it declares */
  readonly entries: readonly ZipEntry[];
  /**
   * The entry's inflated bytes: the stream fails with a ZipError as soon as a bound is crossed,
   * and at its end when its CRC-32 or its size is not the declared one.
   */
  stream(entry: ZipEntry): Promise<Readable>;
  /** The entry whole, through `stream`, in one buffer of its declared size. */
  read(entry: ZipEntry): Promise<Buffer>;
  close(): void;
}

const unreadable = (error: unknown) => new ZipError(`not a readable zip (${(error as Error | undefined)?.message ?? 'empty'})`);

const openYauzl = (source: string | Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    // validateEntrySizes: yauzl also fails a stream that inflates past its declared size
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
    const done = (error: Error | null, zip?: yauzl.ZipFile) => (error || !zip ? reject(unreadable(error)) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });

/** The bound an entry's bytes may not cross, and the words that say which one it is. */
function entryBound(entry: ZipEntry, limits: ZipLimits): { bytes: number; why: string } {
  const byRatio = Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio);
  if (byRatio < limits.maxEntryBytes) return { bytes: byRatio, why: `inflates more than ${limits.maxRatio} times its compressed size` };
  return { bytes: limits.maxEntryBytes, why: `inflates to more than ${limits.maxEntryBytes} bytes` };
}

/** Opens a zip (a path, read as needed, or a buffer) and reads its central directory within the limits. */
export async function openZip(source: string | Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipArchive> {
  const zip = await openYauzl(source);
  let entries: { entry: ZipEntry; raw: yauzl.Entry }[];
  try {
    entries = await readDirectory(zip, limits);
  } catch (error) {
    zip.close();
    throw error instanceof ZipError ? error : unreadable(error);
  }
  const raws = new Map(entries.map((e) => [e.entry, e.raw]));
  // bytes inflated so far, each entry counted once however often it is read (the CNPJ dump is verified, then read)
  let inflated = 0;
  const reached = new Map<ZipEntry, number>();

  const stream = async (entry: ZipEntry): Promise<Readable> => {
    const raw = raws.get(entry);
    if (!raw) throw new ZipError(`${entry.path} is not an entry of this zip`);
    const inner = await new Promise<Readable>((resolve, reject) => zip.openReadStream(raw, (error, s) => (error || !s ? reject(unreadable(error)) : resolve(s))));
    const bound = entryBound(entry, limits);
    let bytes = 0;
    let crc = 0;
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        bytes += chunk.length;
        const before = reached.get(entry) ?? 0;
        if (bytes > before) {
          inflated += bytes - before;
          reached.set(entry, bytes);
        }
        if (bytes > bound.bytes) return done(new ZipError(`${entry.path} ${bound.why}`));
        if (inflated > limits.maxTotalBytes) return done(new ZipError(`the entries inflate to more than ${limits.maxTotalBytes} bytes`));
        if (bytes > entry.uncompressedSize) return done(new ZipError(`${entry.path} inflates to more than the ${entry.uncompressedSize} bytes declared: the zip is corrupt`));
        crc = crc32(chunk, crc);
        done(null, chunk);
      },
      flush(done: TransformCallback) {
        if (bytes !== entry.uncompressedSize) return done(new ZipError(`${entry.path} inflates to ${bytes} bytes, not the ${entry.uncompressedSize} declared: the zip is corrupt`));
        done(crc >>> 0 === entry.crc32 >>> 0 ? null : new ZipError(`CRC-32 mismatch in ${entry.path}: the zip is corrupt`));
      },
    });
    // the inflater stops with the guard: nothing more is inflated once a bound is crossed
    guard.once('error', () => inner.destroy());
    guard.once('close', () => inner.destroy());
    inner.on('error', (error) => guard.destroy(error instanceof ZipError ? error : unreadable(error)));
    return inner.pipe(guard);
  };

  return {
    entries: entries.map((e) => e.entry),
    stream,
    async read(entry) {
      // one buffer of the declared size (already within the bounds), filled as the bytes come:
      // no second copy of a large file, and the stream fails on a byte past the declared size
      const out = Buffer.allocUnsafe(entry.uncompressedSize);
      let at = 0;
      for await (const chunk of await stream(entry)) at += (chunk as Buffer).copy(out, at);
      return out;
    },
    close: () => zip.close(),
  };
}

/** The file entries of the central directory, refused as soon as what they declare is over a limit. */
function readDirectory(zip: yauzl.ZipFile, limits: ZipLimits): Promise<{ entry: ZipEntry; raw: yauzl.Entry }[]> {
  return new Promise((resolve, reject) => {
    const out: { entry: ZipEntry; raw: yauzl.Entry }[] = [];
    let declared = 0;
    const refuse = (message: string) => {
      zip.removeAllListeners('entry');
      reject(new ZipError(message));
    };
    zip.on('entry', (raw: yauzl.Entry) => {
      if (raw.fileName.endsWith('/')) return zip.readEntry();
      const entry: ZipEntry = { path: raw.fileName, name: basename(raw.fileName), crc32: raw.crc32, compressedSize: raw.compressedSize, uncompressedSize: raw.uncompressedSize };
      if (out.length >= limits.maxEntries) return refuse(`more than ${limits.maxEntries} files`);
      // folders are flattened: two files of one name would leave it to chance which one is read
      if (out.some((e) => e.entry.name === entry.name)) return refuse(`two files named ${entry.name}`);
      const bound = entryBound(entry, limits);
      if (entry.uncompressedSize > bound.bytes) return refuse(`${entry.path} ${bound.why}`);
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) return refuse(`the entries inflate to more than ${limits.maxTotalBytes} bytes`);
      out.push({ entry, raw });
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', (error: Error) => reject(unreadable(error)));
    zip.readEntry();
  });
}
