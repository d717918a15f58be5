/**
 * The Receita Federal CNPJ register (../shared/data/cnpj/LAYOUT.md) on the configured store: the
 * SQLite files under SVC_DATA_DIR, or MongoDB when SVC_READSTORE is mongodb://. Safe beside a
 * running service, which notices the new month by itself:
 *
 *   npm run cnpj -- import <dir> [--month YYYY-MM] [--batch-rows N]
 *   npm run cnpj -- status
 *
 * `import` loads one month's dump directory (the month is its name, `YYYY-MM`, unless given) and
 * serves it in place of the previous month; interrupted (Ctrl-C, a crash), it is run again and
 * resumes. One JSON line per result on stdout, progress on stderr. Exit 1 when the import fails
 * (the previous month keeps serving), 2 for a usage error.
 */
import type { Db } from 'mongodb';
import { resolve } from 'node:path';
import { importDump, type ImportTarget } from '../src/adapters/cnpj-register/importer.js';
import { MongoCnpjRegister, MongoRegisterTarget } from '../src/adapters/cnpj-register/mongo.js';
import type { CnpjRegister } from '../src/adapters/cnpj-register/port.js';
import { SqliteCnpjRegister, SqliteRegisterTarget } from '../src/adapters/cnpj-register/sqlite.js';
import { MongoReadStore } from '../src/adapters/read-store/mongo.js';
import { loadConfig } from '../src/config.js';

const USAGE = 'usage: npm run cnpj -- import <dir> [--month YYYY-MM] [--batch-rows N] | status';

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
  close(): Promise<void>;
}

async function openStore(): Promise<Store> {
  const config = loadConfig();
  if (config.readStore.kind === 'mongo') {
    const readStore = await MongoReadStore.connect(config.readStore.connectionString);
    const db: Db = readStore.database;
    return { target: new MongoRegisterTarget(db), register: new MongoCnpjRegister(db), close: () => readStore.close() };
  }
  return { target: new SqliteRegisterTarget(config.dataDir), register: new SqliteCnpjRegister(config.dataDir), close: async () => undefined };
}

const line = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function importCommand(store: Store, args: string[]): Promise<number> {
  const month = flag(args, 'month');
  const batchRows = flag(args, 'batch-rows');
  const [source, ...extra] = args;
  if (!source || extra.length) throw new UsageError(USAGE);
  if (batchRows !== undefined && !(Number.isSafeInteger(Number(batchRows)) && Number(batchRows) > 0)) throw new UsageError(`--batch-rows must be a positive integer, not ${batchRows}`);
  if (/^https?:\/\//i.test(source)) {
    // the download of a published month (resumable, verified) plugs in here
    console.error(`importing from a URL is not supported yet: download the month's zips into a YYYY-MM directory and import that`);
    return 1;
  }
  // Ctrl-C stops between batches: what was committed stays for the next run to resume from
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  let lastReport = 0;
  const loaded = await importDump(resolve(source), store.target, {
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
  line(loaded);
  return 0;
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
