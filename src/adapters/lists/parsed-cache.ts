import { serialize } from 'node:v8';
import type { ListVersionImportedData } from '../../domain/list/events.js';
import type { ListEntry } from '../../domain/screening/entry.js';
import type { BlobStore } from '../blob-store/port.js';
import type { ListImporter } from './importers/port.js';
import { storedEntries } from './list-tasks.js';
import type { ListWorkers } from './worker-pool.js';

/**
 * A version's parsed entries, kept beside its raw files so a start (or another instance) does not
 * parse every list again: the raw files stay the evidence (verify-run always parses them), the
 * entries are a cache derived from them. Keyed by the version's content hash and by this format:
 * bump PARSED_FORMAT whenever an importer's output changes, and every cache is read again from
 * the raw files.
 */
export const PARSED_FORMAT = 1;

const cacheKey = (sha256: string): string => `lists/parsed/v${PARSED_FORMAT}/${sha256}`;
const rawKey = (sha256: string): string => `lists/${sha256}`;

export async function storeParsed(blobs: BlobStore, sha256: string, entries: readonly ListEntry[]): Promise<void> {
  await storeParsedBytes(blobs, sha256, serialize(entries));
}

/** The entries already serialized (by the worker that parsed them). */
export async function storeParsedBytes(blobs: BlobStore, sha256: string, cache: Buffer): Promise<void> {
  await blobs.put(cacheKey(sha256), cache, 'application/octet-stream');
}

async function rawFiles(blobs: BlobStore, version: ListVersionImportedData) {
  return Promise.all(
    version.files.map(async (f) => {
      const blob = await blobs.get(rawKey(f.sha256));
      if (!blob) throw new Error(`raw file ${f.name} of version ${version.version_id} is missing from the blob store`);
      return { name: f.name, data: blob.data };
    }),
  );
}

/**
 * A version's entries: from the cache, else parsed from its raw files (and cached for next time);
 * a damaged cache is ignored (the raw files decide). With `workers`, the cache is read or the
 * files parsed on a worker thread, the entries coming back in chunks.
 */
export async function versionEntries(blobs: BlobStore, importer: ListImporter, version: ListVersionImportedData, workers?: ListWorkers): Promise<ListEntry[]> {
  const read = (cache: Buffer | null, files: Awaited<ReturnType<typeof rawFiles>> | null) => (workers ? workers.stored(importer, cache, files) : storedEntries(importer, cache, files));
  const cached = await blobs.get(cacheKey(version.sha256));
  const hit = cached ? await read(cached.data, null) : null;
  if (hit) return hit.entries;
  const parsed = (await read(null, await rawFiles(blobs, version)))!;
  if (parsed.cache) await storeParsedBytes(blobs, version.sha256, parsed.cache);
  return parsed.entries;
}
