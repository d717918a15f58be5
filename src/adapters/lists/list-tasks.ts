/**
 * The heavy part of a list version, the same on a worker thread and on the calling thread: the
 * files unzipped, hashed and parsed, the parsed entries serialized for the cache; or a stored
 * version's entries read back from that cache (or parsed again from its raw files).
 */
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import type { ListVersionFile } from '../../domain/list/events.js';
import { ListEntry } from '../../domain/screening/entry.js';
import { unpackListFiles, type UnpackLimits } from './files.js';
import type { ListFile, ListImporter } from './importers/port.js';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A new version's files read: what the import keeps and records. */
export interface PreparedVersion {
  /** the files as the importer read them (zips replaced by what they hold): kept as raw blobs */
  files: ListFile[];
  /** each file's name, hash and size, as recorded */
  stored: ListVersionFile[];
  /** the version's content hash: its files' names and hashes */
  sha256: string;
  published_at: string | null;
  entries: ListEntry[];
  /** the entries serialized (v8), kept beside the raw files as the parsed cache */
  cache: Buffer;
}

/** Unzips, hashes, parses and serializes a new version's files; a file that cannot be read throws `ListFileError`. */
export async function prepareVersion(importer: ListImporter, files: readonly ListFile[], limits?: UnpackLimits): Promise<PreparedVersion> {
  const unpacked = await unpackListFiles(importer.list_id, files, limits);
  const parsed = await importer.parse(unpacked);
  const stored: ListVersionFile[] = unpacked.map((f) => ({ name: f.name, sha256: sha256(f.data), bytes: f.data.length }));
  const content = sha256(stored.map((f) => `${f.name}\u0000${f.sha256}`).sort().join('\n'));
  return { files: unpacked, stored, sha256: content, published_at: parsed.published_at, entries: parsed.entries, cache: serialize(parsed.entries) };
}

/** The entries a parsed cache holds; null when it is damaged or from another format (the raw files then decide). */
export function entriesFromCache(cache: Buffer): ListEntry[] | null {
  try {
    const entries = deserialize(cache) as unknown;
    // a cheap check of the shape: a cache from another format is parsed again
    return Array.isArray(entries) && (entries.length === 0 || ListEntry.is(entries[0])) ? (entries as ListEntry[]) : null;
  } catch {
    return null;
  }
}

/** A stored version's entries: from its cache when readable, else parsed from its raw files (with a fresh cache); null when neither is given. */
export async function storedEntries(importer: ListImporter, cache: Buffer | null, files: readonly ListFile[] | null): Promise<{ entries: ListEntry[]; cache: Buffer | null } | null> {
  const hit = cache ? entriesFromCache(cache) : null;
  if (hit) return { entries: hit, cache: null };
  if (!files) return null;
  const { entries } = await importer.parse(files);
  return { entries, cache: serialize(entries) };
}
