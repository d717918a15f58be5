import { loadConfig } from '../../src/config.js';
import { openOffline } from '../../src/app/infrastructure.js';
import { freshDatabase, postgresUnavailable } from '../contract/postgres-database.js';

/**
 * The storage engines the several-instances and crash suites run on (issue 32): the embedded
 * SQLite files of a data directory, and one PostgreSQL database holding the events, the read
 * models, the work queue, the keys and the blobs (a fresh database per scenario, on the server of
 * test/contract/postgres-database.ts). A scenario's processes get its stores' settings as
 * environment variables (`env`), which the test children pass on to `loadConfig` (`storesEnv`).
 */
export type EngineName = 'sqlite' | 'postgres';

/** The variables that choose the stores, passed from a test to the instances it starts. */
export const STORE_VARIABLES = ['SVC_EVENTSTORE', 'SVC_READSTORE', 'SVC_BLOBSTORE'] as const;

/** The store settings a child process was started with (none: SQLite in its data directory). */
export function storesEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(STORE_VARIABLES.filter((name) => env[name]).map((name) => [name, env[name]!]));
}

/** What the test process opens beside the instances: the scenario's stores, read directly. */
export type OpenStores = Awaited<ReturnType<typeof openOffline>>;

/** The stores of one scenario. */
export interface ScenarioStores {
  engine: EngineName;
  /** the settings every process of the scenario is started with (`{}` on SQLite) */
  env: Record<string, string>;
  /** the scenario's stores opened in the test's process, as an operator CLI opens them beside a service (close them) */
  open(dataDir: string): Promise<OpenStores>;
  /** drops what the scenario made outside its data directory (the PostgreSQL database) */
  drop(): Promise<void>;
  /**
   * Stores for another scenario that start as a copy of these (a seeded world, copied for each
   * case): on PostgreSQL a new database made from this one, which nothing may be connected to; on
   * SQLite the stores are files of the data directory, and copying it copies them.
   */
  copy(prefix?: string): Promise<ScenarioStores>;
}

export interface Engine {
  name: EngineName;
  /** why this engine's scenarios skip, or null when they run */
  unavailable: string | null;
  /** fresh stores for one scenario (a new PostgreSQL database; SQLite needs nothing but the data directory) */
  stores(prefix?: string): Promise<ScenarioStores>;
}

const opener = (env: Record<string, string>) => (dataDir: string) =>
  openOffline(loadConfig({ SVC_DATA_DIR: dataDir, SVC_SECRET_KEY: 'instances-secret', SVC_OPERATOR_TOKEN: 'op_instances', SVC_SEED_DEMO: 'false', SVC_LISTS_REFRESH: 'off', ...env }));

const sqliteStores = (): ScenarioStores => ({ engine: 'sqlite', env: {}, open: opener({}), drop: async () => undefined, copy: async () => sqliteStores() });

export const SQLITE: Engine = {
  name: 'sqlite',
  unavailable: null,
  stores: async () => sqliteStores(),
};

async function postgresStores(prefix: string, copyOf?: string): Promise<ScenarioStores> {
  const database = await freshDatabase(prefix, copyOf);
  if (!database) throw new Error(`PostgreSQL unavailable: ${postgresUnavailable() ?? 'no server'}`);
  const env = { SVC_EVENTSTORE: database.url, SVC_READSTORE: database.url, SVC_BLOBSTORE: 'postgres' };
  return { engine: 'postgres', env, open: opener(env), drop: () => database.drop(), copy: (copyPrefix = prefix) => postgresStores(copyPrefix, database.url) };
}

export const POSTGRES: Engine = {
  name: 'postgres',
  unavailable: postgresUnavailable(),
  stores: (prefix = 'kyc_instances') => postgresStores(prefix),
};

export const ENGINES: readonly Engine[] = [SQLITE, POSTGRES];

/**
 * `describe` once per engine, the title naming it; an engine that cannot run here is one skipped
 * case saying why (so the run's output shows it), as the PostgreSQL contract specs do.
 */
export function describeEngines(title: string, body: (this: Mocha.Suite, engine: Engine) => void, engines: readonly Engine[] = ENGINES): void {
  for (const engine of engines) {
    const named = `${title} [${engine.name}]`;
    if (engine.unavailable) describe(named, () => it.skip(`skipped: ${engine.unavailable}`));
    else
      describe(named, function () {
        body.call(this, engine);
      });
  }
}
