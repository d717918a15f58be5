import { expect } from 'chai';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ZipFile } from 'yazl';
import { ManualClock } from '../../src/adapters/clock.js';
import { SqliteWorkQueue } from '../../src/adapters/work-queue/sqlite.js';
import { ConfigError, loadConfig, RECEITA_CNPJ_FOLDER } from '../../src/config.js';
import { memoryLogger, silentLogger } from '../../src/logger.js';
import { Worker } from '../../src/processing/worker.js';
import { CNPJ_REFRESH_WORK, CnpjRefresher } from '../../src/reactors/cnpj-refresh.js';
import { tempDir } from '../helpers/temp.js';

async function zipOf(entry: string, content: string): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(content, 'latin1'), entry);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const listing = (names: string[]) => `<html><body>${names.map((n) => `<a href="${n}">${n}</a>`).join('\n')}</body></html>`;

/** The Receita folder on loopback: `months` listed, each with two zips; `down` makes it answer 503. */
async function receitaFolder() {
  const state = { months: ['2026-09/', '2026-10/'], down: false, requests: [] as string[] };
  const files: Record<string, Buffer> = {
    'Empresas0.zip': await zipOf('EMPRECSV', '"12345678";"EMPRESA LTDA";"2062";"49";"1000,00";"01";""\n'),
    'Cnaes.zip': await zipOf('CNAECSV', '"6201501";"Desenvolvimento de programas de computador sob encomenda"\n'),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests.push(req.url!);
    if (state.down) return void res.writeHead(503).end();
    const path = req.url!.replace(/^\/cnpj\//, '');
    if (path === '') return void res.writeHead(200).end(listing(state.months));
    const [month, name] = path.split('/');
    if (!state.months.includes(`${month}/`)) return void res.writeHead(404).end();
    if (name === '') return void res.writeHead(200).end(listing(Object.keys(files)));
    const data = files[name!];
    if (!data) return void res.writeHead(404).end();
    res.writeHead(200, { etag: `"${month}-${name}"`, 'content-length': data.length }).end(data);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cnpj/`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const FAST = { idleTimeoutMs: 2_000, maxBytes: 1024 * 1024, retries: 0, backoffMs: 10 };
const DAY = 24 * 3600_000;

describe('CNPJ register: the scheduled monthly fetch', function () {
  this.timeout(15_000);
  let folder: Awaited<ReturnType<typeof receitaFolder>>;
  let cleanups: (() => Promise<void>)[];
  let file: string;
  let dataDir: string;

  beforeEach(async () => {
    folder = await receitaFolder();
    dataDir = tempDir('cnpj-refresh-');
    file = join(dataDir, 'read-models.sqlite');
    cleanups = [folder.close];
  });
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A register whose served month moves when a month is imported; imports are recorded with the files seen. */
  function register(served: string | null) {
    const imports: { dir: string; month: string; files: string[] }[] = [];
    return {
      imports,
      currentMonth: async () => served,
      importDir: async (dir: string, month: string) => {
        imports.push({ dir, month, files: readdirSync(dir).sort() });
        served = month;
      },
    };
  }

  /** One runtime: its own worker on the shared queue file, its refresher. */
  function runtime(clock: ManualClock, reg: ReturnType<typeof register>, env: Record<string, string> = { SVC_CNPJ_FETCH: 'on' }, logger = silentLogger) {
    const queue = new SqliteWorkQueue(file);
    const worker = new Worker(queue, clock, logger, { concurrency: 2, leaseMs: 60_000, pollMs: 50 });
    const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_CNPJ_URL: folder.url, ...env }).cnpj;
    const refresher = new CnpjRefresher({ config, clock, logger, work: worker, download: FAST, currentMonth: reg.currentMonth, importDir: reg.importDir });
    worker.register(refresher);
    cleanups.push(async () => {
      await worker.stop(100);
      await queue.close();
    });
    return { queue, worker, refresher };
  }

  describe('config', () => {
    it('is off by default, on the official folder, under the data directory', () => {
      const config = loadConfig({ SVC_DATA_DIR: '/srv/kyc' }).cnpj;
      expect(config).to.deep.equal({ fetch: false, url: RECEITA_CNPJ_FOLDER, dir: '/srv/kyc/cnpj' });
      expect(loadConfig({ SVC_CNPJ_FETCH: 'on', SVC_CNPJ_URL: 'http://mirror.local/cnpj/' }).cnpj).to.include({ fetch: true, url: 'http://mirror.local/cnpj/' });
    });

    it('refuses a bad URL or switch', () => {
      expect(() => loadConfig({ SVC_CNPJ_URL: 'not a url' })).to.throw(ConfigError, 'SVC_CNPJ_URL');
      expect(() => loadConfig({ SVC_CNPJ_URL: 'file:///etc/' })).to.throw(ConfigError, 'http(s)');
      expect(() => loadConfig({ SVC_CNPJ_FETCH: 'yes' })).to.throw(ConfigError, 'SVC_CNPJ_FETCH must be on or off');
    });
  });

  it('schedules nothing when the fetch is off (the default)', async () => {
    const clock = new ManualClock();
    const reg = register(null);
    const { queue, worker, refresher } = runtime(clock, reg, {});
    await refresher.schedule();
    await worker.runDue();
    expect(await queue.list({ kind: CNPJ_REFRESH_WORK }, 10)).to.deep.equal([]);
    expect(folder.state.requests).to.deep.equal([]);
    expect(reg.imports).to.deep.equal([]);
  });

  it('downloads a newer month, hands it to importDir once, deletes the zips, and looks again a day later', async () => {
    const clock = new ManualClock();
    const reg = register('2026-09');
    const { queue, worker, refresher } = runtime(clock, reg);
    await refresher.schedule();
    await worker.runDue();
    expect(reg.imports).to.deep.equal([{ dir: join(dataDir, 'cnpj', '2026-10'), month: '2026-10', files: ['Cnaes.zip', 'Empresas0.zip'] }]);
    expect(existsSync(join(dataDir, 'cnpj', '2026-10'))).to.equal(false);
    const item = await queue.get(CNPJ_REFRESH_WORK);
    expect(item).to.include({ status: 'pending', due_at: clock.now().getTime() + DAY });

    // the next day: the same month is served, nothing is downloaded nor imported
    clock.advance(DAY);
    folder.state.requests.length = 0;
    await worker.runDue();
    expect(reg.imports).to.have.length(1);
    expect(folder.state.requests).to.deep.equal(['/cnpj/']);
  });

  it('imports the latest month when none was ever loaded', async () => {
    const clock = new ManualClock();
    const reg = register(null);
    const { worker, refresher } = runtime(clock, reg);
    await refresher.schedule();
    await worker.runDue();
    expect(reg.imports.map((i) => i.month)).to.deep.equal(['2026-10']);
  });

  it('logs a failure without the data, retries an hour later and then imports', async () => {
    const clock = new ManualClock();
    const reg = register('2026-09');
    const logger = memoryLogger();
    const { queue, worker, refresher } = runtime(clock, reg, { SVC_CNPJ_FETCH: 'on' }, logger);
    folder.state.down = true;
    await refresher.schedule();
    await worker.runDue();
    expect(reg.imports).to.deep.equal([]);
    expect(await queue.get(CNPJ_REFRESH_WORK)).to.include({ status: 'pending', due_at: clock.now().getTime() + 3600_000 });
    const warned = logger.lines.find((l) => l.includes('cnpj register refresh failed'));
    expect(warned).to.contain('answered 503').and.to.contain(folder.url);

    // not before the hour
    folder.state.down = false;
    clock.advance(30 * 60_000);
    await worker.runDue();
    expect(reg.imports).to.deep.equal([]);
    clock.advance(30 * 60_000);
    await worker.runDue();
    expect(reg.imports.map((i) => i.month)).to.deep.equal(['2026-10']);
  });

  it('keeps the downloaded files when the import fails, and retries', async () => {
    const clock = new ManualClock();
    const reg = register('2026-09');
    let refuse = true;
    const { queue, worker, refresher } = runtime(clock, { ...reg, importDir: async (dir, month) => (refuse ? Promise.reject(new Error('disk full')) : reg.importDir(dir, month)) });
    await refresher.schedule();
    await worker.runDue();
    expect(readdirSync(join(dataDir, 'cnpj', '2026-10')).sort()).to.deep.equal(['Cnaes.zip', 'Empresas0.zip']);
    expect(await queue.get(CNPJ_REFRESH_WORK)).to.include({ status: 'pending', due_at: clock.now().getTime() + 3600_000 });
    // the retry finds the files complete: only the listings are fetched again
    refuse = false;
    clock.advance(3600_000);
    folder.state.requests.length = 0;
    await worker.runDue();
    expect(reg.imports.map((i) => i.month)).to.deep.equal(['2026-10']);
    expect(folder.state.requests).to.deep.equal(['/cnpj/', '/cnpj/2026-10/']);
  });

  it('imports once when two runtimes share one work queue', async () => {
    const clock = new ManualClock();
    const reg = register('2026-09');
    // a slow import: the other runtime looks at the queue while it is under way
    const slow = { ...reg, importDir: async (dir: string, month: string) => (await new Promise((r) => setTimeout(r, 200)), reg.importDir(dir, month)) };
    const a = runtime(clock, slow);
    const b = runtime(clock, slow);
    await Promise.all([a.refresher.schedule(), b.refresher.schedule()]);
    await Promise.all([a.worker.runDue(), new Promise((r) => setTimeout(r, 50)).then(() => b.worker.runDue()), b.worker.runDue()]);
    expect(reg.imports.map((i) => i.month)).to.deep.equal(['2026-10']);
    expect(await a.queue.list({ kind: CNPJ_REFRESH_WORK }, 10)).to.have.length(1);
    clock.advance(DAY);
    await Promise.all([a.worker.runDue(), b.worker.runDue()]);
    expect(reg.imports).to.have.length(1);
  });
});
