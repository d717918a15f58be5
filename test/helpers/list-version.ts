import type { ListVersionImportedData } from '../../src/domain/list/events.js';

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
