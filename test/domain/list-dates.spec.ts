import { expect } from 'chai';
import { versionFetchedAt, versionPublishedAt } from '../../src/domain/list/events.js';
import { newestDate } from '../../src/reactors/list-refresh.js';

describe('the dates of a list version (issue 29)', () => {
  it('the publisher dated it: the file date when it states one, else the server date of the file, else none', () => {
    const url = { kind: 'url' as const, url: 'http://x', fetched_at: '2026-11-27T10:00:05.000Z', file_date: '2026-11-27T09:58:00.000Z' };
    expect(versionPublishedAt({ published_at: '2026-11-27T09:55:00.000Z', source: url })).to.equal('2026-11-27T09:55:00.000Z');
    expect(versionPublishedAt({ published_at: null, source: url })).to.equal('2026-11-27T09:58:00.000Z');
    expect(versionPublishedAt({ published_at: null, source: { kind: 'url', url: 'http://x' } })).to.equal(null);
    expect(versionPublishedAt({ published_at: null, source: { kind: 'upload' } })).to.equal(null);
  });

  it('fetched: only a url source fetched since issue 29 says when', () => {
    expect(versionFetchedAt({ source: { kind: 'url', url: 'http://x', fetched_at: '2026-11-27T10:00:05.000Z' } })).to.equal('2026-11-27T10:00:05.000Z');
    expect(versionFetchedAt({ source: { kind: 'url', url: 'http://x' } })).to.equal(null);
    expect(versionFetchedAt({ source: { kind: 'upload' } })).to.equal(null);
  });

  it('of several files, the newest Last-Modified; unreadable or absent headers are skipped', () => {
    expect(newestDate(['Fri, 27 Nov 2026 09:00:00 GMT', 'Fri, 27 Nov 2026 09:30:00 GMT', null, 'garbage'])).to.equal('2026-11-27T09:30:00.000Z');
    expect(newestDate([null, 'garbage'])).to.equal(null);
  });
});
