import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/**
 * A fresh database for a PostgreSQL contract suite: on the server named by SVC_TEST_POSTGRES
 * (a postgres:// URL whose user may CREATE DATABASE), else on a throwaway cluster started once
 * per mocha process (initdb into a temp dir, as the `postgres` OS user when running as root) and
 * stopped when the run ends. Null when neither is possible: the suites then skip, saying why.
 * `copyOf` (a database's URL on that server) starts it as a copy of that database.
 */
export async function freshDatabase(prefix: string, copyOf?: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = await serverUrl();
  if (!server) return null;
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  if (copyOf) {
    // a copy of a seeded database (CREATE DATABASE ... TEMPLATE): faster than seeding each scenario,
    // and refused while anything is connected to the template, so its last pool's backends are waited for
    const template = new URL(copyOf).pathname.slice(1);
    if (!/^[a-z0-9_]+$/.test(template)) throw new Error(`not a test database: ${template}`);
    await withAdmin(server, async (client) => {
      await untilUnused(client, template, 10_000);
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    });
  } else await admin(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(server, name) };
}

/** Why PostgreSQL suites skip, or null when a server is there to run them. */
export function postgresUnavailable(): string | null {
  if (process.env.SVC_TEST_POSTGRES) return null;
  return binaries() ? null : 'no PostgreSQL binaries (initdb, pg_ctl) in PATH or /usr/lib/postgresql/*/bin, and no SVC_TEST_POSTGRES';
}

/**
 * Drops a test database once the suite's own connections are gone. A pool's end() resolves before
 * its connections' backends exit: a FORCE drop then terminates them, and the client, no longer in
 * any pool, raises that as an uncaught error in whatever test runs. Waits (2 s at most) for them.
 */
async function dropDatabase(server: string, name: string): Promise<void> {
  await withAdmin(server, async (client) => {
    await untilUnused(client, name);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** Waits (2 s by default) until no backend is connected to a database: ended pools' backends exit late. */
async function untilUnused(client: pg.Client, name: string, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  const others = async () => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0]!.n);
  while ((await others()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

async function withAdmin(server: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function admin(server: string, sql: string): Promise<void> {
  await withAdmin(server, async (client) => void (await client.query(sql)));
}

let cluster: Promise<string> | null = null;

async function serverUrl(): Promise<string | null> {
  if (process.env.SVC_TEST_POSTGRES) return process.env.SVC_TEST_POSTGRES;
  const bin = binaries();
  if (!bin) return null;
  cluster ??= startCluster(bin);
  return cluster;
}

function binaries(): string | null {
  const candidates = (process.env.PATH ?? '').split(delimiter);
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  return candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

async function startCluster(bin: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
  const asRoot = userInfo().uid === 0;
  const id = (flag: string) => Number(execFileSync(system('id'), [flag, 'postgres']).toString());
  if (asRoot) chownSync(dir, id('-u'), id('-g'));
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? system('runuser') : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, { stdio: 'pipe' });
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', join(dir, 'data'), '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  process.on('exit', () => {
    try {
      run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** A system tool by its path, found also when PATH is short (initdb found under /usr/lib/postgresql). */
function system(tool: string): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
  return dirs.map((dir) => join(dir, tool)).find((path) => existsSync(path)) ?? tool;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
