import { expect } from 'chai';
import { FsBlobStore } from '../../src/adapters/blob-store/fs.js';
import { ManualClock } from '../../src/adapters/clock.js';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import type { ListImporter } from '../../src/adapters/lists/importers/port.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { handleCommand } from '../../src/commands/handle-command.js';
import { listDecider, listStream } from '../../src/domain/list/decider.js';
import { pollStream } from '../../src/domain/list/poll.js';
import { memoryLogger } from '../../src/logger.js';
import { ListCatalog } from '../../src/projections/list-catalog.js';
import { tempDir } from '../helpers/temp.js';

const importer: ListImporter = { list_id: 'un_sc', parse: async () => ({ entries: [], published_at: null }) };
const context = (id: string, at: string) => ({ commandId: id, metadata: { tenant_id: null, actor: 'system', request_id: null, occurred_at: at, correlation_id: id, causation_id: null } });
const file = { url: 'https://example.test/consolidated.xml', etag: '"v1"', last_modified: null, sha256: 'b1', bytes: 10 };

/** The catalog's list state with the poll records (issue 29): the last one read at start, later ones applied as they come. */
describe('ListCatalog: the poll status of a list from its poll streams', () => {
  let store: SqliteEventStore;
  let log: EventLog;
  const clock = new ManualClock('2026-11-22T12:00:00.000Z');
  const catalog = () => new ListCatalog({ log, blobs: new FsBlobStore(`${tempDir()}/blobs`), importers: new Map([['un_sc', importer]]), logger: memoryLogger(), clock });
  const fail = (at: string, n: number) =>
    handleCommand(log, pollStream('un_sc', new Date(at)), listDecider, {
      type: 'RecordFetchFailure',
      list_id: 'un_sc',
      url: file.url,
      reason: 'answered 503',
      now: at,
      poll: { poll_seconds: 300, next_check_at: at, files: [file], consecutive_failures: n, last_checked_at: '2026-11-20T23:55:00.000Z' },
    }, context(`f${n}`, at));

  beforeEach(() => {
    store = new SqliteEventStore(`${tempDir()}/events.sqlite`);
    log = new EventLog(store, new PlainPiiCodec(), {});
  });
  afterEach(async () => store.close());

  it('starts from the last poll record of the latest day with one, and nothing of the polls is on list-<id>', async () => {
    await fail('2026-11-21T08:00:00.000Z', 1);
    await fail('2026-11-21T08:05:00.000Z', 2);
    const loaded = catalog();
    await loaded.start();
    expect(loaded.state('un_sc')).to.deep.include({ last_error: 'answered 503', consecutive_failures: 2, last_checked_at: '2026-11-20T23:55:00.000Z', poll_seconds: 300, files: [file] });
    expect(await log.readStream(listStream('un_sc'))).to.deep.equal([]);
  });

  it('applies each new poll record as it comes, without re-reading the streams', async () => {
    const loaded = catalog();
    await loaded.start();
    await fail('2026-11-22T12:00:00.000Z', 1);
    const events = await log.readStream(pollStream('un_sc', clock.now()));
    let reads = 0;
    const readStream = log.readStream.bind(log);
    log.readStream = (stream, from) => (reads++, readStream(stream, from));
    await loaded.handle(events);
    expect(reads).to.equal(0);
    expect(loaded.state('un_sc')).to.deep.include({ last_error: 'answered 503', consecutive_failures: 1 });
  });
});
