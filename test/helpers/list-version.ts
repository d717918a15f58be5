import type { ListVersionImportedData } from '../../src/domain/list/events.js';
import type { EntryDocument, ListEntry } from '../../src/domain/screening/entry.js';

/** Fixtures of the screening lists for tests that need no file imported. */

/** A recorded list version of two uploaded entries, for tests that need one without importing a file. */
export const listVersion = (list_id: string, version_id = `${list_id}-v1`, sha256 = list_id.padEnd(64, '0'), published_at = '2026-11-20'): ListVersionImportedData => ({
  list_id,
  version_id,
  sha256,
  bytes: 100,
  source: { kind: 'upload' },
  published_at,
  imported_at: `${published_at.slice(0, 8)}${String(Number(published_at.slice(8, 10)) + 1).padStart(2, '0')}T10:00:00.000Z`,
  entries: 2,
  delta: { added: 2, removed: 0, changed: 0 },
  files: [],
  forced: false,
});

/** A person listed under one primary name, with the documents given. */
export const listEntry = (list_id: string, entry_id: string, name: string, documents: EntryDocument[] = []): ListEntry => ({
  list_id,
  entry_id,
  schema: 'person',
  names: [{ name, kind: 'primary' }],
  documents,
  birth_dates: [],
  countries: [],
  sanctions: [],
  listed_on: null,
  remarks: null,
  content_hash: entry_id,
});
