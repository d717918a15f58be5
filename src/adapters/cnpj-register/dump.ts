/**
 * Streaming reads of one file of the Receita Federal CNPJ dump (../shared/data/cnpj/LAYOUT.md):
 * a zip holding one headerless CSV, `;`-separated, every field quoted, ISO-8859-1.
 *
 * The establishments files are gigabytes uncompressed: rows come out of an async iterable that
 * pulls from the zip as it is consumed, so memory stays flat whatever the file's size.
 */
import { parse } from 'csv-parse';
import { basename } from 'node:path';
import { Transform, Writable, pipeline, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** A dump file that cannot be read: truncated, corrupt, or not one CSV in a zip. */
export class DumpFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${basename(file)}: ${message}`);
    this.name = 'DumpFileError';
  }
}

/** One opened dump zip: its central directory read, its single CSV entry found. */
export interface DumpFile {
  readonly path: string;
  /** the CSV entry's CRC-32 and size from the central directory: what identifies this publication's file */
  readonly crc32: number;
  readonly uncompressedSize: number;
  /** the CSV's records as published (fields untrimmed: see `text`); a corrupt entry makes the iteration throw a DumpFileError */
  rows(): AsyncIterable<string[]>;
  /** reads the entry whole and checks its CRC-32 without parsing it; a DumpFileError when it does not match */
  verify(): Promise<void>;
  close(): void;
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

/** Every file entry of the zip (directories left out), read from its central directory. */
const entriesOf = (zip: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });

const readStreamOf = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));

/**
 * yauzl does not check the CRC-32 (its README, "No CRC-32 Checking"): this pass-through does,
 * so a corrupt entry fails at its end instead of being imported with altered rows.
 */
function crcCheck(expected: number, onMismatch: () => Error): Transform {
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      done(crc >>> 0 === expected >>> 0 ? null : onMismatch());
    },
  });
}

// csv-parse decodes the ISO-8859-1 fields itself (Node's native latin1, the same mapping as
// iconv-lite's): a third faster than a decoding stage in front of it, measured on 100k rows
const CSV_OPTIONS = { delimiter: ';', quote: '"', relax_quotes: true, relax_column_count: true, skip_empty_lines: true, encoding: 'latin1' } as const;

/** Opens a dump zip and reads its central directory; fails unless it holds exactly one file. */
export async function openDump(path: string): Promise<DumpFile> {
  let zip: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zip = await openZip(path);
  } catch (error) {
    throw new DumpFileError(path, `not a readable zip (${(error as Error).message})`);
  }
  try {
    entries = await entriesOf(zip);
  } catch (error) {
    zip.close();
    throw new DumpFileError(path, `not a readable zip (${(error as Error).message})`);
  }
  if (entries.length !== 1) {
    zip.close();
    throw new DumpFileError(path, `expected exactly one CSV in the zip, found ${entries.length}${entries.length ? `: ${entries.map((e) => e.fileName).join(', ')}` : ''}`);
  }
  const entry = entries[0]!;
  return {
    path,
    crc32: entry.crc32,
    uncompressedSize: entry.uncompressedSize,
    close: () => zip.close(),
    async verify() {
      try {
        const check = crcCheck(entry.crc32, () => new Error(`CRC-32 mismatch in ${entry.fileName}: the zip is corrupt`));
        await new Promise<void>((resolve, reject) =>
          readStreamOf(zip, entry).then((raw) => pipeline(raw, check, new Writable({ write: (_chunk, _encoding, done) => done() }), (error) => (error ? reject(error) : resolve())), reject),
        );
      } catch (error) {
        throw new DumpFileError(path, (error as Error).message);
      }
    },
    async *rows() {
      let raw: NodeJS.ReadableStream;
      try {
        raw = await readStreamOf(zip, entry);
      } catch (error) {
        throw new DumpFileError(path, `cannot read ${entry.fileName} (${(error as Error).message})`);
      }
      const parser = parse(CSV_OPTIONS);
      const check = crcCheck(entry.crc32, () => new Error(`CRC-32 mismatch in ${entry.fileName}: the zip is corrupt`));
      // pipeline destroys every stage on the first error, so the parser's iteration ends with it
      const finished = new Promise<void>((resolve, reject) =>
        pipeline(raw, check, parser, (error) => (error ? reject(error) : resolve())),
      );
      finished.catch(() => undefined); // awaited below; a consumer that stops early never sees it
      try {
        for await (const record of parser as AsyncIterable<string[]>) yield record;
        await finished;
      } catch (error) {
        const reason = await finished.then(() => error as Error, (failure: Error) => failure);
        throw new DumpFileError(path, reason.message);
      } finally {
        parser.destroy();
      }
    },
  };
}

/** A field trimmed, empty as null. */
export const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** `YYYYMMDD` as `YYYY-MM-DD`; `0`, `00000000` and empty are no date; anything else unreadable is null too. */
export function date(value: string | undefined): string | null {
  const raw = value?.trim() ?? '';
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (!match || raw === '00000000') return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Money with a decimal comma (`1000,00`, also `1.000,00`) as a number; null when empty or unreadable. */
export function money(value: string | undefined): number | null {
  const raw = value?.trim() ?? '';
  if (raw === '') return null;
  const n = Number(raw.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}
