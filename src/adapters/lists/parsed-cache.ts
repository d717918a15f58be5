import { deserialize, serialize } from 'node:v8';
import type { ListVersionImportedData } from '../../domain/list/events.js';
import { ListEntry } from '../../domain/screening/entry.js';
import type { BlobStore } from '../blob-store/port.js';
import type { ListImporter } from './importers/port.js';

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
  await blobs.put(cacheKey(sha256), serialize(entries), 'application/octet-stream');
}

/** The cached entries, when present and readable; a damaged cache is ignored (the raw files decide). */
async function cached(blobs: BlobStore, sha256: string): Promise<ListEntry[] | null> {
  const blob = await blobs.get(cacheKey(sha256));
  if (!blob) return null;
  try {
    const entries = deserialize(blob.data) as unknown;
    // a cheap check of the shape: a cache from another format is parsed again
    return Array.isArray(entries) && (entries.length === 0 || ListEntry.is(entries[0])) ? (entries as ListEntry[]) : null;
  } catch {
    return null;
  }
}

/** A version's entries: from the cache, else parsed from its raw files (and cached for next time). */
export async function versionEntries(blobs: BlobStore, importer: ListImporter, version: ListVersionImportedData): Promise<ListEntry[]> {
  const hit = await cached(blobs, version.sha256);
  if (hit) return hit;
  const files = await Promise.all(
    version.files.map(async (f) => {
      const blob = await blobs.get(rawKey(f.sha256));
      if (!blob) throw new Error(`raw file ${f.name} of version ${version.version_id} is missing from the blob store`);
      return { name: f.name, data: blob.data };
    }),
  );
  const { entries } = await importer.parse(files);
  await storeParsed(blobs, version.sha256, entries);
  return entries;
}
