/**
 * The Receita Federal CNPJ register (../shared/data/cnpj/LAYOUT.md) on the configured store: the
 * SQLite files under SVC_DATA_DIR, or MongoDB when SVC_READSTORE is mongodb://. Safe beside a
 * running service, which notices the new month by itself:
 *
 *   npm run cnpj -- import <dir|url> [--month YYYY-MM] [--batch-rows N]
 *   npm run cnpj -- status
 *
 * `import` loads one month's dump directory (the month is its name, `YYYY-MM`, unless given) and
 * serves it in place of the previous month. Given a URL, it first downloads the month from the
 * Receita's folder (`…/dados_abertos_cnpj/` for the latest month, `…/dados_abertos_cnpj/2026-10/`
 * or `--month` for that one) into `<dataDir>/cnpj/<month>/`, resumably, every zip verified, and
 * deletes the zips once imported; interrupted (Ctrl-C, a crash), it is run again and
 * resumes. One JSON line per result on stdout, progress on stderr. Exit 1 when the import fails
 * (the previous month keeps serving), 2 for a usage error.
 */
import { resolve } from 'node:path';
import { DEFAULT_CNPJ_DOWNLOAD, downloadAndImport, latestMonth } from '../src/adapters/cnpj-register/download.js';
import { importDump, type ImportTarget } from '../src/adapters/cnpj-register/importer.js';
import type { CnpjRegister } from '../src/adapters/cnpj-register/port.js';
import { MongoReadStore } from '../src/adapters/read-store/mongo.js';
import { openPool } from '../src/adapters/postgres/connection.js';
import { PostgresReadStore } from '../src/adapters/postgres/read-store.js';
import { loadConfig } from '../src/config.js';
import { openCnpjRegister } from '../src/app/infrastructure.js';

const USAGE = 'usage: npm run cnpj -- import <dir|url> [--month YYYY-MM] [--batch-rows N] | status';

class UsageError extends Error {}

/** `--name value` or `--name=value`. */
function flag(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const value = args[at]!.includes('=') ? args[at]!.slice(name.length + 3) : args[at + 1];
  if (!value) throw new UsageError(`--${name} needs a value`);
  args.splice(at, args[at]!.includes('=') ? 1 : 2);
  return value;
}

interface Store {
  target: ImportTarget;
  register: CnpjRegister;
  /** where a month's zips are downloaded to */
  downloads: string;
  close(): Promise<void>;
}

async function openStore(): Promise<Store> {
  const config = loadConfig();
  const chosen = config.readStore;
  // the register lives beside the read models: on their MongoDB or PostgreSQL, else in the data directory
  const readStore =
    chosen.kind === 'mongo'
      ? await MongoReadStore.connect(chosen.connectionString)
      : chosen.kind === 'postgres'
        ? new PostgresReadStore(openPool(chosen.connectionString), true)
        : null;
  return { ...openCnpjRegister(config, readStore), downloads: config.cnpj.dir, close: async () => readStore?.close() };
}

const line = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function importCommand(store: Store, args: string[]): Promise<number> {
  const month = flag(args, 'month');
  const batchRows = flag(args, 'batch-rows');
  const [source, ...extra] = args;
  if (!source || extra.length) throw new UsageError(USAGE);
  if (batchRows !== undefined && !(Number.isSafeInteger(Number(batchRows)) && Number(batchRows) > 0)) throw new UsageError(`--batch-rows must be a positive integer, not ${batchRows}`);
  // Ctrl-C stops between batches (or a download): what was committed stays for the next run to resume from
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  let lastReport = 0;
  const load = (dir: string, month: string | undefined) =>
    importDump(dir, store.target, {
      ...(month !== undefined && { month }),
      ...(batchRows !== undefined && { batchRows: Number(batchRows) }),
      signal: stop.signal,
      onProgress: (p) => {
        const now = Date.now();
        if (!p.done && now - lastReport < 1_000) return;
        lastReport = now;
        process.stderr.write(`${JSON.stringify(p)}\n`);
      },
    });
  line(/^https?:\/\//i.test(source) ? await download(source, month, store.downloads, stop.signal, load) : await load(resolve(source), month));
  return 0;
}

/** The month from the Receita's folder (its latest unless the URL or --month names one): downloaded, imported, its zips deleted. */
async function download<T>(url: string, month: string | undefined, destDir: string, signal: AbortSignal, load: (dir: string, month: string) => Promise<T>): Promise<T> {
  const named = /^(.*\/)(\d{4}-\d{2})\/?$/.exec(url);
  const folder = named ? named[1]! : url.endsWith('/') ? url : `${url}/`;
  const options = { ...DEFAULT_CNPJ_DOWNLOAD, signal };
  const wanted = month ?? named?.[2] ?? (await latestMonth(folder, options));
  process.stderr.write(`${JSON.stringify({ downloading: wanted, from: folder })}\n`);
  return (await downloadAndImport(folder, wanted, destDir, load, options)).imported;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'import' && command !== 'status') {
    console.error(USAGE);
    return 2;
  }
  let store: Store | undefined;
  try {
    store = await openStore();
    if (command === 'status') {
      const view = await store.register.current();
      line({ current: view?.month ?? null });
      return 0;
    }
    return await importCommand(store, args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await store?.register.close();
    await store?.close();
  }
}

process.exitCode = await main();
