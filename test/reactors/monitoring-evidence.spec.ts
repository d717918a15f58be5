import { expect } from 'chai';
import type { ListVersionImportedData } from '../../src/domain/list/events.js';
import { sweepEvidence } from '../../src/reactors/monitoring.js';

/** The version's timeline a sweep's alerts carry (issue 29): the publisher's date, the download, the import, the index. */
describe('monitoring: the evidence of a version sweep', () => {
  const version = (source: Record<string, unknown>, publishedAt: string | null): ListVersionImportedData =>
    ({
      list_id: 'un_sc',
      version_id: 'v1',
      sha256: 'x',
      bytes: 1,
      source: source as ListVersionImportedData['source'],
      published_at: publishedAt,
      imported_at: '2026-11-27T11:00:05.000Z',
      entries: 1,
      delta: { added: 1, removed: 0, changed: 0 },
      files: [],
      forced: false,
    });

  it("reads a url source's fetched_at when it records one, null for an upload or an older event", () => {
    const indexed = '2026-11-27T11:00:06.000Z';
    expect(sweepEvidence(version({ kind: 'url', url: 'https://x.example', fetched_at: '2026-11-27T11:00:01.000Z' }, '2026-11-27T10:59:00.000Z'), indexed)).to.deep.equal({
      list_published_at: '2026-11-27T10:59:00.000Z',
      fetched_at: '2026-11-27T11:00:01.000Z',
      imported_at: '2026-11-27T11:00:05.000Z',
      indexed_at: indexed,
    });
    expect(sweepEvidence(version({ kind: 'url', url: 'https://x.example' }, null), indexed)).to.include({ list_published_at: null, fetched_at: null });
    expect(sweepEvidence(version({ kind: 'upload' }, null), indexed)).to.include({ fetched_at: null, imported_at: '2026-11-27T11:00:05.000Z' });
  });
});
