import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../domain/shared/canonical-json.js';
import type { ListEntry } from '../../../domain/screening/entry.js';

/** A raw file as published (already taken out of its zip by the caller). */
export interface ListFile {
  name: string;
  data: Buffer;
}

export interface ParsedList {
  entries: ListEntry[];
  /** the publication date the file states (YYYY-MM-DD or an ISO time), else null */
  published_at: string | null;
  /** rows that could not be understood and were left out (the file itself was readable) */
  skipped?: number;
}

/**
 * An importer turns one list's published files into normalized entries. Tolerant of the quirks
 * LAYOUTS.md lists; a file it cannot read at all throws `ListFileError` (the caller answers
 * `400 invalid_list_file` and activates nothing).
 */
export interface ListImporter {
  list_id: string;
  parse(files: readonly ListFile[]): Promise<ParsedList>;
  /** how a worker thread obtains this same importer; without it, the importer runs on the calling thread */
  worker?: ImporterRef;
}

/**
 * An importer a worker thread can build for itself: the export `name` of the module at `module`
 * (a file URL), called with `args` when it is a function.
 */
export interface ImporterRef {
  module: string;
  name: string;
  args?: readonly string[];
}

export class ListFileError extends Error {
  constructor(readonly listId: string, detail: string) {
    super(`${listId}: ${detail}`);
    this.name = 'ListFileError';
  }
}

/** The entry with its content hash: SHA-256 of its canonical JSON without the hash. */
export function withContentHash(entry: Omit<ListEntry, 'content_hash'>): ListEntry {
  return { ...entry, content_hash: createHash('sha256').update(canonicalJson(entry)).digest('hex') };
}

/** An id for a row whose publisher gives none: a hash of the fields that identify it. */
export const derivedEntryId = (listId: string, ...parts: readonly (string | null | undefined)[]): string =>
  createHash('sha256').update([listId, ...parts.map((p) => p ?? '')].join('\u001f')).digest('hex').slice(0, 32);
