import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { FsBlobStore } from '../../src/adapters/blob-store/fs.js';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { withContentHash, type ListFile, type ListImporter } from '../../src/adapters/lists/importers/port.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { importListVersion, listBlobKey } from '../../src/commands/lists.js';
import { PARSED_FORMAT } from '../../src/adapters/lists/parsed-cache.js';
import type { ListEntry } from '../../src/domain/screening/entry.js';
import { buildIndex, search } from '../../src/domain/screening/match/index.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../../src/domain/screening/match/weights.js';
import { memoryLogger } from '../../src/logger.js';
import { buildIndexInSlices, ListCatalog } from '../../src/projections/list-catalog.js';
import { tempDir } from '../helpers/temp.js';

const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'la', 'me', 'ni', 'po', 'ru', 'sa', 'te', 'vi', 'xo', 'za'];
const word = (n: number) => `${SYLLABLES[n % 15]}${SYLLABLES[Math.floor(n / 15) % 15]}${SYLLABLES[Math.floor(n / 225) % 15]}`;

/** `count` people named from syllables, plus the given names: enough to make an index take a while. */
function entries(count: number, names: readonly string[]): ListEntry[] {
  const all = [...names, ...Array.from({ length: count }, (_, i) => `${word(i)} ${word(i * 7 + 3)} ${word(i * 13 + 5)}`)];
  return all.map((name, i) =>
    withContentHash({ list_id: 'br_pep', entry_id: `e${i}`, schema: 'person', names: [{ name, kind: 'primary' }], documents: [], birth_dates: [], countries: [], sanctions: [], listed_on: null, remarks: null }),
  );
}

/** A list whose file is `<count>:<name>|<name>`: the importer generates the entries. */
const importer: ListImporter = {
  list_id: 'br_pep',
  async parse(files: readonly ListFile[]) {
    const [count, names] = files[0]!.data.toString().split(':');
    return { entries: entries(Number(count), names!.split('|')), published_at: null };
  },
};

const context = (id: string) => ({ commandId: id, metadata: { tenant_id: null, actor: 'operator', request_id: id, occurred_at: '2026-11-22T00:00:00.000Z', correlation_id: id, causation_id: null } });

describe('ListCatalog: loads and indexes list versions without holding the event loop', function () {
  this.timeout(60_000);
  let store: SqliteEventStore;
  let log: EventLog;
  let blobs: FsBlobStore;
  let catalog: ListCatalog;
  const logger = memoryLogger();

  const importVersion = async (content: string, id: string) => {
    const imported = await importListVersion({ log, blobs, importer, active: (listId) => catalog.version(listId)?.hashes ?? null }, { files: [{ name: 'pep.txt', data: Buffer.from(content) }], source: { kind: 'upload' }, force: true }, context(id));
    expect(E.isRight(imported)).to.equal(true);
    return (await log.readStream('list-br_pep')).slice(-1);
  };
  const found = (name: string) => catalog.search(null, { schema: 'person', name }, { threshold: 0.8 }).filter((r) => r.match).map((r) => r.name);

  beforeEach(async () => {
    const dir = tempDir();
    store = new SqliteEventStore(`${dir}/events.sqlite`);
    log = new EventLog(store, new PlainPiiCodec(), {});
    blobs = new FsBlobStore(`${dir}/blobs`);
    catalog = new ListCatalog({ log, blobs, importers: new Map([['br_pep', importer]]), logger, sliceMs: 5 });
  });
  afterEach(async () => store.close());

  it('the previous version serves while the next one loads in slices; settled() resolves once it is searchable', async () => {
    await importVersion('10:Joaquim Barbosa Lacerda', 'v1');
    await catalog.start();
    expect(found('Joaquim Barbosa Lacerda')).to.deep.equal(['Joaquim Barbosa Lacerda']);

    const events = await importVersion('30000:Hermenegildo Pacheco Trindade', 'v2');
    await catalog.handle(events);
    // the event is applied (the list's state names the new version) but its load is under way
    expect(catalog.state('br_pep').active!.entries).to.equal(30_001);
    expect(catalog.version('br_pep')!.version.entries).to.equal(11);
    expect(found('Joaquim Barbosa Lacerda')).to.deep.equal(['Joaquim Barbosa Lacerda']);

    let turns = 0;
    let done = false;
    const settled = catalog.settled().then(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await settled;
    // other work ran many times while 30,000 entries were parsed and indexed
    expect(turns).to.be.greaterThan(10);
    expect(catalog.version('br_pep')!.version.entries).to.equal(30_001);
    expect(found('Hermenegildo Pacheco Trindade')).to.deep.equal(['Hermenegildo Pacheco Trindade']);
    expect(found('Joaquim Barbosa Lacerda')).to.deep.equal([]);
  });

  it('evidence names the version the serving index holds: the previous one while the next is indexed (issue 26)', async () => {
    await importVersion('10:Joaquim Barbosa Lacerda', 'v1');
    await catalog.start();
    const first = catalog.searchedVersion('br_pep')!.version.version_id;
    expect(first).to.equal(catalog.version('br_pep')!.version.version_id);

    await catalog.handle(await importVersion('30000:Hermenegildo Pacheco Trindade', 'v2'));
    let done = false;
    let lagging = 0;
    const settled = catalog.settled().then(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      // whenever the old index answers, the version searched is the old one, though the new one is loaded
      if (found('Joaquim Barbosa Lacerda').length > 0) {
        expect(catalog.searchedVersion('br_pep')!.version.version_id).to.equal(first);
        if (catalog.version('br_pep')!.version.version_id !== first) lagging++;
      }
    }
    await settled;
    expect(lagging, 'turns where the new version was loaded and the old index still served').to.be.greaterThan(0);
    expect(catalog.searchedVersion('br_pep')!.version.version_id).to.not.equal(first);
    expect(catalog.searchedVersion('br_pep')!.version.version_id).to.equal(catalog.version('br_pep')!.version.version_id);
    expect(found('Hermenegildo Pacheco Trindade')).to.deep.equal(['Hermenegildo Pacheco Trindade']);
  });

  it('a version that cannot be loaded (its raw file gone) leaves the previous one serving, and is logged', async () => {
    await importVersion('5:Joaquim Barbosa Lacerda', 'v1');
    await catalog.start();
    const events = await importVersion('5:Hermenegildo Pacheco Trindade', 'v2');
    const file = (events[0]!.data as { files: { sha256: string }[] }).files[0]!;
    await blobs.delete(listBlobKey(file.sha256));
    await blobs.delete(`lists/parsed/v${PARSED_FORMAT}/${(events[0]!.data as { sha256: string }).sha256}`);
    await catalog.handle(events);
    await catalog.settled();
    expect(found('Joaquim Barbosa Lacerda')).to.deep.equal(['Joaquim Barbosa Lacerda']);
    expect(logger.lines.some((l) => l.includes('list version not loaded'))).to.equal(true);
  });

  it('a start loads the parsed entries kept beside the raw files instead of parsing again; a damaged cache is parsed again', async () => {
    const events = await importVersion('50:Joaquim Barbosa Lacerda', 'v1');
    let parses = 0;
    const counting: ListImporter = { list_id: 'br_pep', parse: async (files) => (parses++, importer.parse(files)) };
    const fresh = () => new ListCatalog({ log, blobs, importers: new Map([['br_pep', counting]]), logger, sliceMs: 5 });
    const first = fresh();
    await first.start();
    expect(parses).to.equal(0);
    expect(first.version('br_pep')!.entries).to.have.length(51);

    const sha = (events[0]!.data as { sha256: string }).sha256;
    await blobs.put(`lists/parsed/v${PARSED_FORMAT}/${sha}`, Buffer.from('not a v8 value'), 'application/octet-stream');
    const second = fresh();
    await second.start();
    expect(parses).to.equal(1);
    expect(second.search(null, { schema: 'person', name: 'Joaquim Barbosa Lacerda' }, {}).map((r) => r.name)).to.deep.equal(['Joaquim Barbosa Lacerda']);
    // ... and cached again
    const third = fresh();
    await third.start();
    expect(parses).to.equal(1);
  });

  it('an index built in slices answers exactly as one built at once', async () => {
    const list = entries(3000, ['Maria Aparecida dos Santos', 'Mariana Aparecida Santos']);
    const sliced = await buildIndexInSlices(list, 0);
    const whole = buildIndex(list, { weights: DEFAULT_TOKEN_WEIGHTS });
    for (const name of ['Maria Aparecida Santos', `${word(5)} ${word(38)}`, 'Nobody Here']) {
      const query = { schema: 'person' as const, name };
      expect(search(sliced, query, { min_score: 0.5 }).map((r) => [r.entry.entry_id, r.score])).to.deep.equal(search(whole, query, { min_score: 0.5 }).map((r) => [r.entry.entry_id, r.score]));
    }
  });
});
