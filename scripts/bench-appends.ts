/**
 * Append throughput: the SQLite event store adapter against a bare better-sqlite3 insert loop.
 *
 *   npx tsx scripts/bench-appends.ts [operations] [--engine=sqlite,postgres]      (default 3000, both engines)
 *
 * (a) bare: one INSERT per BEGIN IMMEDIATE transaction into a table shaped like `events`, same
 *     pragmas (journal_mode=WAL, synchronous=FULL), prepared once;
 * (b) adapter: `SqliteEventStore.append` of one event to a new stream with `no_stream`.
 * Each runs in a fresh temporary directory, one after the other, after a short warm-up.
 * (c) postgres: `PostgresEventStore.append` the same way, by 1, 2 and 4 instances (each its own
 *     pool, as separate processes have) appending at once to one database, on SVC_TEST_POSTGRES's
 *     server or a throwaway cluster started like the test suite's (test/contract/postgres-database.ts).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NewEvent } from '../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../src/adapters/event-store/sqlite.js';
import { openPool } from '../src/adapters/postgres/connection.js';
import { PostgresEventStore } from '../src/adapters/postgres/event-store.js';
import { freshDatabase, postgresUnavailable } from '../test/contract/postgres-database.js';

export interface AppendBenchResult {
  bench: 'appends';
  operations: number;
  bare_appends_per_s: number;
  adapter_appends_per_s: number;
  /** adapter / bare */
  ratio: number;
  target_ratio: number;
}

export interface AppendBenchOptions {
  operations?: number;
  warmup?: number;
}

const TARGET_RATIO = 0.5;

/** The same columns, keys and index as the adapter's `events` table. */
const SCHEMA = `
CREATE TABLE events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT NOT NULL UNIQUE,
  stream      TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        TEXT NOT NULL,
  metadata    TEXT NOT NULL,
  tenant_id   TEXT,
  recorded_at TEXT NOT NULL,
  UNIQUE (stream, revision)
);
CREATE INDEX events_tenant ON events (tenant_id, position);
`;

const TENANT = randomUUID();

function newEvent(i: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'CreditsAdded',
    data: { tenant_id: TENANT, amount: 10, reason: 'bench', balance: 10 * (i + 1), added_at: new Date().toISOString() },
    metadata: {
      tenant_id: TENANT,
      actor: 'system',
      request_id: null,
      occurred_at: new Date().toISOString(),
      correlation_id: randomUUID(),
      causation_id: null,
    },
  };
}

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-bench-appends-'));
}

/** Appends per second of `op` over `operations` calls, after `warmup` unmeasured ones. */
async function measure(operations: number, warmup: number, op: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < warmup; i++) await op(-1 - i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < operations; i++) await op(i);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return operations / seconds;
}

async function bare(operations: number, warmup: number): Promise<number> {
  const dir = freshDir();
  const db = new Database(join(dir, 'events.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 10000');
    db.exec(SCHEMA);
    const insert = db.prepare(
      `INSERT INTO events (event_id, stream, revision, type, data, metadata, tenant_id, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const tx = db.transaction((e: NewEvent) =>
      insert.run(e.id, `bench-${e.id}`, 0, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.metadata.tenant_id, new Date().toISOString()),
    );
    return await measure(operations, warmup, (i) => tx.immediate(newEvent(i)));
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function adapter(operations: number, warmup: number): Promise<number> {
  const dir = freshDir();
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  try {
    return await measure(operations, warmup, (i) => {
      const event = newEvent(i);
      return store.append(`bench-${event.id}`, [event], 'no_stream');
    });
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runAppendBench(options: AppendBenchOptions = {}): Promise<AppendBenchResult> {
  const operations = options.operations ?? 3000;
  const warmup = options.warmup ?? Math.min(200, Math.ceil(operations / 10));
  const bareRate = await bare(operations, warmup);
  const adapterRate = await adapter(operations, warmup);
  return {
    bench: 'appends',
    operations,
    bare_appends_per_s: Math.round(bareRate),
    adapter_appends_per_s: Math.round(adapterRate),
    ratio: Math.round((adapterRate / bareRate) * 1000) / 1000,
    target_ratio: TARGET_RATIO,
  };
}

export function printAppendBench(r: AppendBenchResult): void {
  const rows = [
    ['', 'appends/s'],
    ['bare better-sqlite3 (1 row / tx)', String(r.bare_appends_per_s)],
    ['SqliteEventStore.append (no_stream)', String(r.adapter_appends_per_s)],
    ['ratio adapter / bare', `${r.ratio.toFixed(3)} (target >= ${r.target_ratio})`],
  ];
  const width = Math.max(...rows.map((row) => row[0]!.length));
  console.log(`\nappend throughput, ${r.operations} operations each, WAL + synchronous=FULL`);
  for (const [label, value] of rows) console.log(`  ${label!.padEnd(width)}  ${value}`);
  console.log(JSON.stringify(r));
}

export interface PostgresAppendResult {
  bench: 'appends-postgres';
  operations_per_instance: number;
  /** instances -> appends/s of all of them together */
  appends_per_s: Record<string, number>;
}

/** `instances` stores on one fresh database, each appending `operations` one-event streams at once. */
async function postgresRate(url: string, instances: number, operations: number, warmup: number): Promise<number> {
  const stores = Array.from({ length: instances }, () => new PostgresEventStore(openPool(url), true));
  try {
    await Promise.all(stores.map((store) => measure(0, warmup, (i) => store.append(`warm-${randomUUID()}-${i}`, [newEvent(i)], 'no_stream'))));
    const started = process.hrtime.bigint();
    await Promise.all(stores.map((store) => measure(operations, 0, (i) => store.append(`bench-${randomUUID()}`, [newEvent(i)], 'no_stream'))));
    return (operations * instances) / (Number(process.hrtime.bigint() - started) / 1e9);
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
}

export async function runPostgresAppendBench(options: AppendBenchOptions & { instances?: readonly number[] } = {}): Promise<PostgresAppendResult | { skipped: string }> {
  const why = postgresUnavailable();
  if (why) return { skipped: why };
  const operations = options.operations ?? 3000;
  const warmup = options.warmup ?? Math.min(200, Math.ceil(operations / 10));
  const rates: Record<string, number> = {};
  for (const n of options.instances ?? [1, 2, 4]) {
    const database = (await freshDatabase('kyc_bench_appends'))!;
    try {
      rates[String(n)] = Math.round(await postgresRate(database.url, n, Math.ceil(operations / n), warmup));
    } finally {
      await database.drop();
    }
  }
  return { bench: 'appends-postgres', operations_per_instance: operations, appends_per_s: rates };
}

export function printPostgresAppendBench(r: PostgresAppendResult | { skipped: string }): void {
  if ('skipped' in r) return void console.log(`\nPostgreSQL appends skipped: ${r.skipped}`);
  console.log(`\nPostgreSQL append throughput (PostgresEventStore.append, no_stream, ${r.operations_per_instance} operations shared by the instances)`);
  for (const [n, rate] of Object.entries(r.appends_per_s)) console.log(`  ${n} instance(s) on one database  ${rate} appends/s`);
  console.log(JSON.stringify(r));
}

/** `--engine=sqlite,postgres` (default both). */
export function parseEngines(argv: readonly string[]): Set<string> {
  const raw = argv.find((a) => a.startsWith('--engine='))?.slice('--engine='.length) ?? 'sqlite,postgres';
  const engines = new Set(raw.split(',').filter(Boolean));
  for (const engine of engines) if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--engine: sqlite or postgres, not ${engine}`);
  return engines;
}

export function parseOperations(argv: readonly string[]): number | undefined {
  const raw = argv.find((a) => /^\d+$/.test(a)) ?? argv.find((a) => a.startsWith('--ops='))?.slice('--ops='.length);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`operations must be a positive integer, not ${raw}`);
  return n;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const operations = parseOperations(process.argv.slice(2));
  const engines = parseEngines(process.argv.slice(2));
  if (engines.has('sqlite')) {
    const result = await runAppendBench(operations === undefined ? {} : { operations });
    printAppendBench(result);
    if (result.ratio < result.target_ratio) process.exitCode = 1;
  }
  if (engines.has('postgres')) printPostgresAppendBench(await runPostgresAppendBench(operations === undefined ? {} : { operations }));
  // the throwaway cluster is stopped on exit
  process.exit(process.exitCode ?? 0);
}
