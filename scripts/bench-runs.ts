/**
 * Bureau runs through HTTP, sandbox sources at zero latency, on SQLite and on PostgreSQL in the
 * same run, and on PostgreSQL with several instances sharing one database (issue 32):
 *
 *   npx tsx scripts/bench-runs.ts [--duration=S] [--rate=N] [--engine=sqlite,postgres] [--instances=1,2,4]
 *   npx tsx scripts/bench-runs.ts --engine=sqlite --rate=200                      (the SQLite target)
 *
 * Each configuration starts its instances as child processes (this script with `--serve`: the real
 * composeApp and HTTP app, production defaults, sandbox latency 0), on fresh stores: SQLite, a
 * temporary data directory (one instance); PostgreSQL, a fresh database holding events, read
 * models, work queue, keys and blobs (SVC_EVENTSTORE/SVC_READSTORE=<its url>, SVC_BLOBSTORE=postgres),
 * on SVC_TEST_POSTGRES's server or a throwaway cluster started like the test suite's
 * (test/contract/postgres-database.ts: fsync=off, so an upper bound), with 1, 2 and 4 instances
 * (`--instances`), each with its own data directory. This process only loads and observes:
 * (1) run creations per second: autocannon POSTs /api/v1/bureau/runs, 20 connections split evenly
 *     over the instances; then runs completed per second: runs that reached their terminal event,
 *     from the start of the load to the last terminal event's recorded_at;
 * (2) time from POST to terminal state at a fixed open-loop rate (default 10 creations/s: PostgreSQL
 *     completed about 55 runs/s on 2 cores, 34/s as 4 instances, 2026-11-28; SQLite's target is at 200/s), POSTs
 *     spread round-robin over the instances: from the moment the request is sent to the
 *     `recorded_at` of the run's terminal event (RunCompleted or RunFailed: the store's clock at
 *     append, clock_timestamp() on PostgreSQL; same host, same clock), read from the event store
 *     afterwards, so no subscriber's wake-up delay is counted; median and p99;
 * (3) bare koa GET in the same run, for scale.
 * Target (SQLite, one instance, judged at --rate=200): p99 creation-to-terminal under 100 ms at 200 creations per second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { createHttpApp } from '../src/http/app.js';
import { silentLogger } from '../src/logger.js';
import { closeApp, composeApp } from '../src/app/compose.js';
import { openOffline } from '../src/app/infrastructure.js';
import { REFERENCE_PF } from '../src/domain/template/reference.js';
import { freshDatabase, postgresUnavailable } from '../test/contract/postgres-database.js';
import { parseEngines } from './bench-appends.js';
import { bareLoad } from './bench-http.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => Promise<AutocannonResult>;

const TARGET_P99_MS = 100;
const STORE_VARIABLES = ['SVC_EVENTSTORE', 'SVC_READSTORE', 'SVC_BLOBSTORE'] as const;
const OPERATOR = { authorization: 'Bearer op', 'content-type': 'application/json' };

/** The settings every instance and the observer share (and the stores' on top). */
const serviceEnv = (dataDir: string, stores: Record<string, string>) => ({
  SVC_DATA_DIR: dataDir,
  SVC_LISTS_REFRESH: 'off',
  SVC_LOG_REQUESTS: 'false',
  SVC_SEED_DEMO: 'false',
  SVC_OPERATOR_TOKEN: 'op',
  SVC_SECRET_KEY: 'k',
  SVC_SANDBOX_LATENCY_MS: '0',
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  ...stores,
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (x: number) => Math.round(x * 10) / 10;
/** Milliseconds since the epoch, sub-millisecond, comparable with the instances' clocks. */
const epochMs = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// an instance (child process)

/** `--serve <dataDir>`: one instance of the service on the stores its environment names. */
async function serve(dataDir: string): Promise<void> {
  const stores = Object.fromEntries(STORE_VARIABLES.filter((name) => process.env[name]).map((name) => [name, process.env[name]!]));
  const services = await composeApp(loadConfig(serviceEnv(dataDir, stores)), silentLogger);
  const server = createHttpApp(services).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void closeApp(services).finally(() => process.exit(0));
  });
}

interface Instance {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function startInstance(dataDir: string, stores: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...stores },
  });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (!/listening (\d+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`instance did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, base: `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}`, exited };
}

async function stopInstance(instance: Instance): Promise<void> {
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 15_000);
  await instance.exited;
  clearTimeout(timer);
  running.delete(instance.child);
}

// ---------------------------------------------------------------------------------------------
// the load

async function json(response: Response, status: number): Promise<Record<string, string>> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, string>;
}

/** A tenant, a sandbox key and the reference PF template, made through the operator API. */
async function setUp(base: string): Promise<{ headers: Record<string, string>; body: string }> {
  const op = (path: string, body: unknown) => fetch(`${base}/operator/v1${path}`, { method: 'POST', headers: OPERATOR, body: JSON.stringify(body) });
  const tenant = (await json(await op('/tenants', { name: 'Bench runs' }), 201)).tenant_id!;
  const key = (await json(await op(`/tenants/${tenant}/api-keys`, { name: 'bench', environment: 'sandbox', scopes: ['runs:write', 'runs:read'] }), 201)).api_key!;
  await json(await op(`/tenants/${tenant}/credits`, { amount: 1_000_000, reason: 'bench' }), 201);
  const template = (await json(await op('/templates', { tenant_id: tenant, ...REFERENCE_PF }), 201)).template_id!;
  return {
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ template_id: template, subject: { type: 'pf', doc: '00000000191', name: 'Maria Silva' } }),
  };
}

type Observer = Awaited<ReturnType<typeof openOffline>>;

/** Reads the runs' events after a position: when each run was queued and reached its terminal event. */
class RunEvents {
  readonly queued = new Set<string>();
  /** run id -> recorded_at of its terminal event, epoch ms */
  readonly ended = new Map<string, number>();
  constructor(
    private readonly observer: Observer,
    private cursor: number,
  ) {}

  static async from(observer: Observer): Promise<RunEvents> {
    return new RunEvents(observer, await observer.eventStore.headPosition());
  }

  async read(): Promise<void> {
    for (;;) {
      const events = await this.observer.eventStore.readAll({ after: this.cursor, limit: 2_000, streamPrefixes: ['run-'] });
      if (events.length === 0) return;
      for (const e of events) {
        const runId = e.stream.slice('run-'.length);
        if (e.type === 'RunQueued') this.queued.add(runId);
        else if (e.type === 'RunCompleted' || e.type === 'RunFailed') this.ended.set(runId, Date.parse(e.recorded_at));
      }
      this.cursor = events[events.length - 1]!.position;
    }
  }

  /** Until every run in `ids` (default: every queued one) has ended, or `ms` passed. */
  async settle(ms: number, ids?: () => Iterable<string>): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      await this.read();
      const waiting = [...(ids ? ids() : this.queued)].filter((id) => !this.ended.has(id));
      if (waiting.length === 0 || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** (1) closed loop: 20 connections split over the instances; creations/s and completions/s. */
async function throughput(instances: Instance[], load: { headers: Record<string, string>; body: string }, duration: number, observer: Observer) {
  const runs = await RunEvents.from(observer);
  const started = Date.now();
  const connections = Math.max(1, Math.round(20 / instances.length));
  const results = await Promise.all(
    instances.map((i) => autocannon({ url: `${i.base}/api/v1/bureau/runs`, method: 'POST', headers: load.headers, body: load.body, connections, duration })),
  );
  await runs.settle(120_000);
  const last = Math.max(...runs.ended.values());
  return {
    creations_per_s: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    creation_non_2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    runs_completed_per_s: Math.round(runs.ended.size / ((last - started) / 1000)),
    runs_created: runs.queued.size,
    runs_completed: runs.ended.size,
  };
}

/** (2) open loop at `rate`, POSTs round-robin: POST latency and POST to terminal event. */
async function openLoop(instances: Instance[], load: { headers: Record<string, string>; body: string }, duration: number, rate: number, observer: Observer) {
  const runs = await RunEvents.from(observer);
  const sentAt = new Map<string, number>();
  const postLatencies: number[] = [];
  let failed = 0;
  const total = rate * duration;
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    const sent = epochMs();
    const base = instances[i % instances.length]!.base;
    requests.push(
      fetch(`${base}/api/v1/bureau/runs`, { method: 'POST', headers: load.headers, body: load.body }).then(async (r) => {
        const { run_id } = await json(r, 202);
        postLatencies.push(performance.now() - t0);
        sentAt.set(run_id!, sent);
      }).catch(() => void failed++),
    );
  }
  await Promise.all(requests);
  const achievedRate = total / ((performance.now() - started) / 1000);
  await runs.settle(60_000, () => sentAt.keys());
  const toTerminal = [...sentAt].map(([id, t0]) => (runs.ended.get(id) ?? NaN) - t0).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  postLatencies.sort((a, b) => a - b);
  return {
    fixed_rate_per_s: rate,
    achieved_rate_per_s: Math.round(achievedRate),
    runs_measured: toTerminal.length,
    runs_sent: sentAt.size,
    posts_failed: failed,
    post_p50_ms: round(percentile(postLatencies, 50)),
    post_p99_ms: round(percentile(postLatencies, 99)),
    to_terminal_p50_ms: round(percentile(toTerminal, 50)),
    to_terminal_p99_ms: round(percentile(toTerminal, 99)),
  };
}

// ---------------------------------------------------------------------------------------------
// one configuration

/** Fresh stores for one configuration: the settings naming them, and how to remove them. */
async function freshStores(engine: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (engine === 'sqlite') return { env: {}, drop: async () => undefined };
  const database = await freshDatabase('kyc_bench_runs');
  if (!database) throw new Error(`PostgreSQL unavailable: ${postgresUnavailable() ?? 'no server'}`);
  return { env: { SVC_EVENTSTORE: database.url, SVC_READSTORE: database.url, SVC_BLOBSTORE: 'postgres' }, drop: () => database.drop() };
}

export async function runConfiguration(engine: string, instanceCount: number, duration: number, rate: number) {
  const stores = await freshStores(engine);
  const root = mkdtempSync(join(tmpdir(), `svc-bench-runs-${engine}-`));
  // SQLite: the instances share the data directory; PostgreSQL: the database, each its own directory
  const dirOf = (i: number) => (engine === 'sqlite' ? root : join(root, `i${i}`));
  const instances: Instance[] = [];
  let observer: Observer | null = null;
  try {
    // the first alone: it creates the stores (migrates the database); the others join them
    instances.push(await startInstance(dirOf(0), stores.env));
    instances.push(...(await Promise.all(Array.from({ length: instanceCount - 1 }, (_, i) => startInstance(dirOf(i + 1), stores.env)))));
    const load = await setUp(instances[0]!.base);
    // each instance takes a run first (its caches warm, the tenant's key and template found)
    for (const instance of instances) await json(await fetch(`${instance.base}/api/v1/bureau/runs`, { method: 'POST', headers: load.headers, body: load.body }), 202);
    // the observer reads the event store beside the instances, as an operator CLI would
    observer = await openOffline(loadConfig(serviceEnv(engine === 'sqlite' ? root : join(root, 'observer'), stores.env)));
    await new RunEvents(observer, 0).settle(30_000);
    const closed = await throughput(instances, load, duration, observer);
    const open = await openLoop(instances, load, duration, rate, observer);
    return { engine, instances: instanceCount, duration_s: duration, ...closed, ...open };
  } finally {
    await observer?.close();
    await Promise.all(instances.map(stopInstance));
    rmSync(root, { recursive: true, force: true });
    await stores.drop();
  }
}

type Figures = Awaited<ReturnType<typeof runConfiguration>>;

function print(rows: Figures[], bareGetPerS: number, duration: number): void {
  console.log(`\nbureau runs through HTTP, sandbox latency 0, ${duration} s per phase, instances as child processes (bare koa GET ${bareGetPerS}/s)`);
  const header = ['engine', 'instances', 'creations/s', 'completed/s', 'open loop /s', 'POST p50', 'POST p99', 'to terminal p50', 'to terminal p99', 'runs'];
  const cells = rows.map((r) => [
    r.engine,
    String(r.instances),
    `${r.creations_per_s}${r.creation_non_2xx ? ` (${r.creation_non_2xx} failed)` : ''}`,
    String(r.runs_completed_per_s),
    String(r.achieved_rate_per_s),
    `${r.post_p50_ms} ms`,
    `${r.post_p99_ms} ms`,
    `${r.to_terminal_p50_ms} ms`,
    `${r.to_terminal_p99_ms} ms`,
    `${r.runs_measured}/${r.runs_sent}${r.posts_failed ? ` (${r.posts_failed} POSTs failed)` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  for (const row of [header, ...cells]) console.log(`  ${row.map((c, i) => c.padStart(widths[i]!)).join('  ')}`);
  console.log(`  target (SQLite, 1 instance): POST to terminal p99 < ${TARGET_P99_MS} ms at 200 creations/s`);
  for (const r of rows) console.log(JSON.stringify({ bench: 'runs', ...r, bare_koa_get_per_s: bareGetPerS, target_p99_ms: TARGET_P99_MS }));
}

function instancesOption(argv: readonly string[]): number[] {
  const raw = argv.find((a) => a.startsWith('--instances='))?.slice('--instances='.length) ?? '1,2,4';
  const counts = raw.split(',').map(Number);
  if (counts.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 16)) throw new Error(`--instances: counts from 1 to 16, not ${raw}`);
  return counts;
}

async function main() {
  const argv = process.argv.slice(2);
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const duration = Number(arg('duration') ?? 10);
  const rate = Number(arg('rate') ?? 10);
  const engines = parseEngines(argv);
  const rows: Figures[] = [];
  if (engines.has('sqlite')) rows.push(await runConfiguration('sqlite', 1, duration, rate));
  if (engines.has('postgres')) {
    const why = postgresUnavailable();
    if (why) console.log(`PostgreSQL skipped: ${why}`);
    else for (const n of instancesOption(argv)) rows.push(await runConfiguration('postgres', n, duration, rate));
  }
  const bare = await bareLoad({ duration: Math.min(duration, 5), connections: 20, warmup: 1 });
  print(rows, bare.requests_per_s, duration);
  const sqlite = rows.find((r) => r.engine === 'sqlite');
  if (sqlite && rate >= 200 && !(sqlite.to_terminal_p99_ms < TARGET_P99_MS)) process.exitCode = 1;
  if (rows.some((r) => r.creation_non_2xx > 0 || r.posts_failed > 0 || r.runs_measured < r.runs_sent)) process.exitCode = 1;
  // the throwaway cluster is stopped on exit
  process.exit(process.exitCode ?? 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--serve') await serve(process.argv[3]!);
  else await main();
}
