import { expect } from 'chai';
import { listDecider, type ListCommand } from '../../src/domain/list/decider.js';
import type { ListEvent } from '../../src/domain/list/events.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const files = [{ name: 'sdn.csv', sha256: 'f1', bytes: 10 }];
const importing = (sha256: string, entries: number, force = false): ListCommand => ({
  type: 'ImportVersion',
  list_id: 'ofac_sdn',
  version_id: `v-${sha256}`,
  sha256,
  bytes: 10,
  source: { kind: 'upload' },
  published_at: null,
  entries,
  delta: { added: entries, removed: 0, changed: 0 },
  files,
  force,
  now: NOW,
});
const imported = (sha256: string, entries: number, forced = false): ListEvent => ({
  type: 'ListVersionImported',
  data: {
    list_id: 'ofac_sdn',
    version_id: `v-${sha256}`,
    sha256,
    bytes: 10,
    source: { kind: 'upload' },
    published_at: null,
    entries,
    delta: { added: entries, removed: 0, changed: 0 },
    files,
    imported_at: NOW,
    forced,
  },
});

describe('list decider', () => {
  const list = spec(listDecider);

  it('activates a first version, and a later one with at least half the entries', () => {
    list.given([]).when(importing('a', 100)).then([imported('a', 100)]);
    list.given([imported('a', 100)]).when(importing('b', 50)).then([imported('b', 50)]);
  });

  it('the same content again is only a check: an upload records it here, a poll on its own poll stream (nothing here)', () => {
    list.given([imported('a', 100)]).when(importing('a', 100)).then([{ type: 'ListChecked', data: { list_id: 'ofac_sdn', at: NOW } }]);
    list
      .given([imported('a', 100)])
      .when({ ...importing('a', 100), source: { kind: 'url', url: 'https://example.test/sdn.csv', fetched_at: NOW, download_ms: 12 } } as ListCommand)
      .thenNothing();
  });

  it('refuses a version with no entries, or fewer than half the active one, unless forced', () => {
    list
      .given([])
      .when(importing('e', 0))
      .then([{ type: 'ListVersionRefused', data: { list_id: 'ofac_sdn', sha256: 'e', reason: 'the file parses to no entries', entries: 0, refused_at: NOW } }]);
    list
      .given([imported('a', 100)])
      .when(importing('b', 49))
      .then([
        {
          type: 'ListVersionRefused',
          data: { list_id: 'ofac_sdn', sha256: 'b', reason: "the file parses to 49 entries, fewer than half of the active version's 100", entries: 49, refused_at: NOW },
        },
      ]);
    list.given([imported('a', 100)]).when(importing('b', 49, true)).then([imported('b', 49, true)]);
  });

  it('keeps the active version through refusals and failed fetches, and shows the last error until a success', () => {
    const refused: ListEvent = { type: 'ListVersionRefused', data: { list_id: 'ofac_sdn', sha256: 'b', reason: 'x', entries: 1, refused_at: NOW } };
    const failed: ListEvent = { type: 'ListFetchFailed', data: { list_id: 'ofac_sdn', url: 'https://example.test/sdn.csv', reason: 'timeout', at: NOW } };
    const state = [imported('a', 100), refused, failed].reduce(listDecider.evolve, listDecider.initialState);
    expect(state.active?.sha256).to.equal('a');
    expect(state.last_error).to.equal('timeout');
    const checked = listDecider.evolve(state, { type: 'ListChecked', data: { list_id: 'ofac_sdn', at: '2026-11-23T00:00:00.000Z' } });
    expect(checked).to.deep.include({ last_error: null, last_checked_at: '2026-11-23T00:00:00.000Z' });
    list
      .given([])
      .when({ type: 'RecordFetchFailure', list_id: 'ofac_sdn', url: 'https://example.test/sdn.csv', reason: 'timeout', now: NOW })
      .then([failed]);
  });

  describe('poll records (issue 29)', () => {
    const file = { url: 'https://example.test/sdn.csv', etag: '"v1"', last_modified: 'Sun, 22 Nov 2026 11:00:00 GMT', sha256: 'b1', bytes: 10 };
    const LATER = '2026-11-22T12:05:00.000Z';
    const checked: ListEvent = {
      type: 'ListChecked',
      data: { list_id: 'ofac_sdn', at: NOW, poll_seconds: 300, next_check_at: LATER, files: [file], result: 'not_modified' },
    };

    it('a check records how it went, the period, the next check and the last good download', () => {
      list
        .given([])
        .when({ type: 'RecordCheck', list_id: 'ofac_sdn', now: NOW, poll: { poll_seconds: 300, next_check_at: LATER, files: [file], result: 'not_modified' } })
        .then([checked]);
      const state = [imported('a', 100), checked].reduce(listDecider.evolve, listDecider.initialState);
      expect(state).to.deep.include({ last_checked_at: NOW, last_error: null, consecutive_failures: 0, next_check_at: LATER, poll_seconds: 300, files: [file] });
      expect(state.active?.sha256).to.equal('a');
    });

    it('a failure carries the last good download, the failures in a row and the last success; a check resets them', () => {
      const failedAt = '2026-11-22T12:10:00.000Z';
      const failure: ListEvent = {
        type: 'ListFetchFailed',
        data: { list_id: 'ofac_sdn', url: file.url, reason: 'answered 500', at: failedAt, poll_seconds: 300, next_check_at: '2026-11-22T12:20:00.000Z', files: [file], consecutive_failures: 2, last_checked_at: NOW },
      };
      list
        .given([])
        .when({
          type: 'RecordFetchFailure',
          list_id: 'ofac_sdn',
          url: file.url,
          reason: 'answered 500',
          now: failedAt,
          poll: { poll_seconds: 300, next_check_at: '2026-11-22T12:20:00.000Z', files: [file], consecutive_failures: 2, last_checked_at: NOW },
        })
        .then([failure]);
      // only the last record is read after a restart: it alone gives the whole poll state
      const fromLast = listDecider.evolve(listDecider.initialState, failure);
      expect(fromLast).to.deep.include({ last_checked_at: NOW, last_error: 'answered 500', consecutive_failures: 2, files: [file], next_check_at: '2026-11-22T12:20:00.000Z' });
      const again = listDecider.evolve(fromLast, { ...checked, data: { ...checked.data, at: LATER } });
      expect(again).to.deep.include({ last_checked_at: LATER, last_error: null, consecutive_failures: 0 });
    });

    it('older records (no poll fields, on list-<id>) still fold: failures counted, the check time and error kept', () => {
      const old: ListEvent = { type: 'ListFetchFailed', data: { list_id: 'ofac_sdn', url: file.url, reason: 'timeout', at: NOW } };
      const state = [imported('a', 100), old, old].reduce(listDecider.evolve, listDecider.initialState);
      expect(state).to.deep.include({ last_checked_at: NOW, last_error: 'timeout', consecutive_failures: 2, files: [], next_check_at: null, poll_seconds: null });
    });
  });
});
