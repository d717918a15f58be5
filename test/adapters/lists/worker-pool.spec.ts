import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
import { LIST_IMPORTERS } from '../../../src/adapters/lists/importers/index.js';
import { ListFileError, type ListFile, type ListImporter } from '../../../src/adapters/lists/importers/port.js';
import { tenantListImporter } from '../../../src/adapters/lists/importers/tenant.js';
import { prepareVersion } from '../../../src/adapters/lists/list-tasks.js';
import { ListWorkerError, ListWorkerPool } from '../../../src/adapters/lists/worker-pool.js';
import { CHUNK_ENTRIES } from '../../../src/adapters/lists/worker-protocol.js';
import { listFixture } from '../../helpers/list-fixtures.js';
import { misbehaving } from '../../helpers/list-worker-importers.js';
import { tempDir } from '../../helpers/temp.js';

const official = (id: string) => LIST_IMPORTERS.get(id)!;
/** the same importer without its worker reference: it runs on this thread */
const inline = (importer: ListImporter): ListImporter => ({ list_id: importer.list_id, parse: (files) => importer.parse(files) });
const file = (name: string, text: string): ListFile => ({ name, data: Buffer.from(text) });

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the task to fail');
}

describe('list worker pool: list files read on a worker thread', function () {
  this.timeout(120_000);
  let pool: ListWorkerPool;
  beforeEach(() => (pool = new ListWorkerPool({ timeoutMs: 20_000 })));
  afterEach(() => pool.close());

  it('every official importer and a tenant list importer can be built by the worker', () => {
    for (const importer of LIST_IMPORTERS.values()) expect(importer.worker, importer.list_id).to.include({ name: 'officialImporter' });
    expect(tenantListImporter('tl_x').worker).to.deep.include({ name: 'tenantListImporter', args: ['tl_x'] });
  });

  it('a version prepared on the worker is the one prepared on this thread: files, hashes, entries in order, cache; the caller keeps its buffers', async () => {
    for (const [listId, files] of [
      ['br_ceis', [{ name: '20261120_CEIS.zip', data: listFixture('br/20261120_CEIS.zip') }]],
      ['un_sc', [{ name: 'consolidated.xml', data: listFixture('un/consolidated.xml') }]],
      ['ofac_sdn', ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'].map((name) => ({ name, data: listFixture(`ofac/${name}`) }))],
    ] as const) {
      const sent = files.map((f) => ({ name: f.name, data: Buffer.from(f.data) }));
      const here = await prepareVersion(inline(official(listId)), files);
      const there = await pool.prepare(official(listId), sent);
      expect(there.sha256, listId).to.equal(here.sha256);
      expect(there.stored).to.deep.equal(here.stored);
      expect(there.published_at).to.equal(here.published_at);
      expect(there.entries).to.deep.equal(here.entries);
      expect(there.files.map((f) => f.data.equals(here.files.find((h) => h.name === f.name)!.data))).to.not.include(false);
      expect(deserialize(there.cache)).to.deep.equal(here.entries);
      // the buffers sent are copied, not taken
      expect(sent.map((f, i) => f.data.equals(files[i]!.data))).to.not.include(false);
    }
  });

  it('the entries come back in chunks, the event loop turning between them', async () => {
    const names = Array.from({ length: 5 * CHUNK_ENTRIES + 17 }, (_, i) => `Pessoa Numero ${i}`).join('\n');
    let turns = 0;
    let done = false;
    const task = pool.prepare(misbehaving('br_pep'), [file('names.txt', names)]).finally(() => (done = true));
    const ticking = (async () => {
      while (!done) await new Promise((resolve) => setImmediate(resolve)).then(() => turns++);
    })();
    const prepared = await task;
    await ticking;
    expect(prepared.entries).to.have.length(5 * CHUNK_ENTRIES + 17);
    expect(prepared.entries[CHUNK_ENTRIES + 1]!.names[0]!.name).to.equal(`Pessoa Numero ${CHUNK_ENTRIES + 1}`);
    expect(turns).to.be.greaterThan(6);
  });

  it('a file the importer cannot read is the ListFileError it would be on this thread', async () => {
    const there = await failure(pool.prepare(official('un_sc'), [file('consolidated.xml', '<not-the-un-list/>')]));
    const here = await failure(prepareVersion(inline(official('un_sc')), [file('consolidated.xml', '<not-the-un-list/>')]));
    expect(there).to.be.instanceOf(ListFileError);
    expect(there.message).to.equal(here.message);
    const bad = await failure(pool.prepare(misbehaving('br_pep'), [file('a.txt', 'bad')]));
    expect(bad).to.be.instanceOf(ListFileError).and.have.property('message', 'br_pep: not a list of names');
  });

  it('a worker that exits or crashes fails its task; the next task gets a fresh worker', async () => {
    const exited = await failure(pool.prepare(misbehaving('br_pep'), [file('a.txt', 'exit')]));
    expect(exited).to.be.instanceOf(ListWorkerError);
    expect(exited.message).to.match(/stopped \(exit code 3\)/);
    expect((await pool.prepare(misbehaving('br_pep'), [file('a.txt', 'Maria')])).entries).to.have.length(1);
    const crashed = await failure(pool.prepare(misbehaving('br_pep'), [file('a.txt', 'crash')]));
    expect(crashed).to.be.instanceOf(ListWorkerError);
    expect(crashed.message).to.match(/crashed: a crash outside the task/);
    expect((await pool.prepare(misbehaving('br_pep'), [file('a.txt', 'Maria\nJoão')])).entries).to.have.length(2);
  });

  it('a worker that hangs past the timeout is stopped and fails its task; the next one runs', async () => {
    const short = new ListWorkerPool({ timeoutMs: 1_500 });
    try {
      const started = Date.now();
      const hung = await failure(short.prepare(misbehaving('br_pep'), [file('a.txt', 'hang')]));
      expect(hung).to.be.instanceOf(ListWorkerError);
      expect(hung.message).to.match(/did not finish within 2 s/);
      expect(Date.now() - started).to.be.lessThan(10_000);
      expect((await short.prepare(misbehaving('br_pep'), [file('a.txt', 'Ana')])).entries[0]!.names[0]!.name).to.equal('Ana');
    } finally {
      await short.close();
    }
  });

  it('tasks sent together queue on the one worker, each answered with its own entries, a failure failing only its own', async () => {
    const lists = ['Ana\nBia', 'exit', 'Caio', 'bad', 'Dora\nEli\nFabio'];
    const results = await Promise.allSettled(lists.map((text, i) => pool.prepare(misbehaving(`list_${i}`), [file('a.txt', text)])));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.entries.map((e) => `${e.list_id}:${e.names[0]!.name}`).join(',') : (r.reason as Error).name))).to.deep.equal([
      'list_0:Ana,list_0:Bia',
      'ListWorkerError',
      'list_2:Caio',
      'ListFileError',
      'list_4:Dora,list_4:Eli,list_4:Fabio',
    ]);
  });

  it('a stored version is read back from its cache, or parsed again from its raw files when the cache is damaged', async () => {
    const prepared = await pool.prepare(official('br_ceis'), [{ name: '20261120_CEIS.zip', data: listFixture('br/20261120_CEIS.zip') }]);
    const fromCache = await pool.stored(official('br_ceis'), prepared.cache, null);
    expect(fromCache!.entries).to.deep.equal(prepared.entries);
    expect(fromCache!.cache).to.equal(null);
    expect(await pool.stored(official('br_ceis'), Buffer.from('not a v8 value'), null)).to.equal(null);
    const parsed = await pool.stored(official('br_ceis'), Buffer.from('not a v8 value'), prepared.files);
    expect(parsed!.entries).to.deep.equal(prepared.entries);
    expect(deserialize(parsed!.cache!)).to.deep.equal(prepared.entries);
  });

  it('after close, a task fails at once', async () => {
    await pool.close();
    expect(await failure(pool.prepare(misbehaving('br_pep'), [file('a.txt', 'Ana')]))).to.be.instanceOf(ListWorkerError);
  });

  it('compiled (`npm run build`, as `npm start` runs it), the pool starts its .js worker without tsx', async function () {
    const pool = new URL('../../../dist/src/adapters/lists/worker-pool.js', import.meta.url);
    const importers = new URL('../../../dist/src/adapters/lists/importers/index.js', import.meta.url);
    if (!existsSync(fileURLToPath(pool))) this.skip();
    const script = `
      const { ListWorkerPool } = await import(${JSON.stringify(pool.href)});
      const { LIST_IMPORTERS } = await import(${JSON.stringify(importers.href)});
      const workers = new ListWorkerPool();
      const xml = (await import('node:fs')).readFileSync(${JSON.stringify(fileURLToPath(new URL('../../fixtures/lists/un/consolidated.xml', import.meta.url)))});
      const v = await workers.prepare(LIST_IMPORTERS.get('un_sc'), [{ name: 'consolidated.xml', data: xml }]);
      console.log(JSON.stringify({ entries: v.entries.length, sha256: v.sha256 }));
      await workers.close();`;
    // a plain node, no tsx anywhere: the worker it starts must be the compiled one
    const path = join(tempDir(), 'compiled-worker.mjs');
    writeFileSync(path, script);
    const out = execFileSync(process.execPath, [path], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_OPTIONS: '' } });
    const here = await prepareVersion(inline(official('un_sc')), [{ name: 'consolidated.xml', data: listFixture('un/consolidated.xml') }]);
    expect(JSON.parse(out)).to.deep.equal({ entries: here.entries.length, sha256: here.sha256 });
  });
});
