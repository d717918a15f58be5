import { DEFAULT_ZIP_LIMITS, openZip, ZipError, type ZipLimits } from '../zip.js';
import { ListFileError, type ListFile } from './importers/port.js';

export interface UnpackLimits {
  /** the most bytes all files may hold once unzipped */
  maxBytes: number;
  /** the most files a zip may hold */
  maxFiles: number;
}

/**
 * 512 MiB in all: far below the process's memory, and every file (at most 256 MiB, the zip
 * reader's bound per entry) stays below V8's longest string, so an importer can decode it.
 */
export const DEFAULT_UNPACK_LIMITS: UnpackLimits = { maxBytes: 512 * 1024 * 1024, maxFiles: 64 };

/** The limits the configuration sets (`SVC_LISTS_MAX_UNZIPPED_BYTES`). */
export const unpackLimits = (lists: { maxUnzippedBytes: number }): UnpackLimits => ({ ...DEFAULT_UNPACK_LIMITS, maxBytes: lists.maxUnzippedBytes });

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

/**
 * The files of a version as its importer reads them: a zip is replaced by the files it holds
 * (directories and nested paths flattened to their base names), within the limits; a truncated
 * or corrupt zip (a CRC-32 that does not match), a bomb, or one over the limits, is a
 * `ListFileError` and nothing is kept. A bomb is stopped by the zip reader's bounds as it
 * inflates, before its bytes are held.
 */
export async function unpackListFiles(listId: string, files: readonly ListFile[], limits: UnpackLimits = DEFAULT_UNPACK_LIMITS): Promise<ListFile[]> {
  const out: ListFile[] = [];
  let total = 0;
  const over = () => new ListFileError(listId, `the files exceed ${limits.maxBytes} bytes once unzipped`);
  for (const file of files) {
    if (!isZip(file.data)) {
      total += file.data.length;
      if (total > limits.maxBytes) throw over();
      out.push(file);
      continue;
    }
    // what the earlier files left of the budget bounds this zip as it inflates
    const inner = await unzip(listId, file, {
      ...DEFAULT_ZIP_LIMITS,
      maxEntries: limits.maxFiles,
      maxEntryBytes: Math.min(DEFAULT_ZIP_LIMITS.maxEntryBytes, limits.maxBytes),
      maxTotalBytes: limits.maxBytes - total,
    });
    for (const f of inner) {
      total += f.data.length;
      if (total > limits.maxBytes) throw over();
      out.push(f);
    }
  }
  return out;
}

async function unzip(listId: string, file: ListFile, limits: ZipLimits): Promise<ListFile[]> {
  let zip;
  try {
    zip = await openZip(file.data, limits);
  } catch (error) {
    throw refusal(listId, file, error);
  }
  try {
    const out: ListFile[] = [];
    for (const entry of zip.entries) out.push({ name: entry.name, data: await zip.read(entry) });
    return out;
  } catch (error) {
    throw refusal(listId, file, error);
  } finally {
    zip.close();
  }
}

const refusal = (listId: string, file: ListFile, error: unknown): unknown =>
  error instanceof ZipError ? new ListFileError(listId, `${file.name}: ${error.message}`) : error;
