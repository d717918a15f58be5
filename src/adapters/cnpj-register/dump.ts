/**
 * Streaming reads of one file of the Receita Federal CNPJ dump (../shared/data/cnpj/LAYOUT.md):
 * a zip holding one headerless CSV, `;`-separated, every field quoted, ISO-8859-1.
 *
 * The establishments files are gigabytes uncompressed: rows come out of an async iterable that
 * pulls from the zip as it is consumed, so memory stays flat whatever the file's size.
 */
import { parse } from 'csv-parse';
import { basename } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_ZIP_LIMITS, openZip, type ZipArchive, type ZipLimits } from '../zip.js';

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

/**
 * A dump file is gigabytes once inflated and is read as a stream, so no bound on memory is at
 * stake: the bounds stop a bomb from filling the disk and the register with it.
 */
export const DUMP_ZIP_LIMITS: ZipLimits = { ...DEFAULT_ZIP_LIMITS, maxEntries: 16, maxEntryBytes: 64 * 1024 ** 3, maxTotalBytes: 64 * 1024 ** 3 };

// csv-parse decodes the ISO-8859-1 fields itself (Node's native latin1, the same mapping as
// iconv-lite's): a third faster than a decoding stage in front of it, measured on 100k rows
const CSV_OPTIONS = { delimiter: ';', quote: '"', relax_quotes: true, relax_column_count: true, skip_empty_lines: true, encoding: 'latin1' } as const;

/** Opens a dump zip and reads its central directory; fails unless it holds exactly one file. */
export async function openDump(path: string): Promise<DumpFile> {
  let zip: ZipArchive;
  try {
    zip = await openZip(path, DUMP_ZIP_LIMITS);
  } catch (error) {
    throw new DumpFileError(path, (error as Error).message);
  }
  const entries = zip.entries;
  if (entries.length !== 1) {
    zip.close();
    throw new DumpFileError(path, `expected exactly one CSV in the zip, found ${entries.length}${entries.length ? `: ${entries.map((e) => e.path).join(', ')}` : ''}`);
  }
  const entry = entries[0]!;
  return {
    path,
    crc32: entry.crc32,
    uncompressedSize: entry.uncompressedSize,
    close: () => zip.close(),
    async verify() {
      try {
        // the zip reader checks the CRC-32 at the entry's end
        await pipeline(await zip.stream(entry), new Writable({ write: (_chunk, _encoding, done) => done() }));
      } catch (error) {
        throw new DumpFileError(path, (error as Error).message);
      }
    },
    async *rows() {
      let raw: Readable;
      try {
        raw = await zip.stream(entry);
      } catch (error) {
        throw new DumpFileError(path, `cannot read ${entry.path} (${(error as Error).message})`);
      }
      const parser = parse(CSV_OPTIONS);
      // pipeline destroys every stage on the first error (a CRC-32 mismatch at the end), so the parser's iteration ends with it
      const finished = pipeline(raw, parser);
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
