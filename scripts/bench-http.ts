/**
 * HTTP throughput: the full public middleware stack against a bare koa app.
 *
 *   npx tsx scripts/bench-http.ts [duration_seconds]     (default 10; also --duration=S --connections=N)
 *
 * (a) bare: koa + @koa/router, one GET answering a small JSON body;
 * (b) app: composeApp + createHttpApp on a temporary data dir (request logging off), one
 *     authenticated GET /api/v1/bench behind request id, version, API-key auth against the read
 *     model, rate limit and requireScope('runs:read'); tenant and key made through the operator API.
 * autocannon (50 connections) runs in a worker thread, so load generator and server each have a
 * core; the two loads run one after the other, on 127.0.0.1, on ephemeral ports.
 */
import Koa from 'koa';
import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { createHttpApp } from '../src/http/app.js';
import { requireScope } from '../src/http/middleware/auth.js';
import type { RequestState } from '../src/http/state.js';
import { silentLogger } from '../src/logger.js';
import { seedDemo, type DemoTenant } from '../src/seed.js';
import { closeApp, composeApp, type App } from '../src/app/compose.js';

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  headers?: Record<string, string>;
  timeout?: number;
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface HttpBenchOptions {
  /** seconds of measured load per target */
  duration?: number;
  connections?: number;
  /** seconds of unmeasured load per target first (JIT, caches) */
  warmup?: number;
  /** more than 1: both servers up, loaded in turn this many times; the median pair is reported */
  rounds?: number;
}

/** One load of one target. */
export type LoadOptions = Required<Omit<HttpBenchOptions, 'rounds'>>;

export interface LoadFigures {
  requests_per_s: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_avg_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
}

export interface HttpBenchResult {
  bench: 'http';
  duration_s: number;
  connections: number;
  bare: LoadFigures;
  authenticated: LoadFigures;
  /** authenticated / bare, requests per second */
  ratio: number;
  target_ratio: number;
  /** with rounds: each pair's ratio, in order */
  rounds?: number[];
}

const TARGET_RATIO = 0.6;

export async function listen(app: Koa<any>): Promise<{ server: Server; base: string }> {
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function load(url: string, headers: Record<string, string>, options: LoadOptions): Promise<LoadFigures> {
  const base = { url, headers, connections: options.connections, workers: 1, timeout: 10 };
  if (options.warmup > 0) await autocannon({ ...base, duration: options.warmup });
  return loadFigures(await autocannon({ ...base, duration: options.duration }));
}

/** The part of an autocannon result every HTTP benchmark reports. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** What every HTTP benchmark reports of an autocannon result. */
export function loadFigures(r: LoadResult): LoadFigures {
  return {
    requests_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    latency_avg_ms: Math.round(r.latency.average * 100) / 100,
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/**
 * The real service on a fresh data directory, listening on loopback, with the demo tenant seeded
 * and its rate limit lifted so the load measures the service, not the limiter.
 */
export async function benchService(name: string, env: Record<string, string> = {}): Promise<{ services: App; base: string; demo: DemoTenant; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_LOG_REQUESTS: 'false', SVC_OPERATOR_TOKEN: 'op', SVC_SECRET_KEY: 'k', ...env });
  const services = await composeApp(config, silentLogger);
  const { server, base } = await listen(createHttpApp(services));
  const demo = (await seedDemo(services))!;
  await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}`, {
    method: 'PATCH',
    headers: { authorization: 'Bearer op', 'content-type': 'application/json' },
    body: JSON.stringify({ rate_limit_per_minute: 100_000_000 }),
  });
  return {
    services,
    base,
    demo,
    close: async () => {
      await shut(server);
      await closeApp(services);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A target under load: its URL and the headers each request carries. */
interface Target {
  url: string;
  headers: Record<string, string>;
}

/** (a) koa with one route answering a small JSON body, served while `use` runs. */
async function serveBare<T>(use: (target: Target) => Promise<T>): Promise<T> {
  const app = new Koa();
  const router = new Router();
  router.get('/ping', (ctx) => {
    ctx.body = { ok: true, livemode: false };
  });
  app.use(router.routes());
  const { server, base } = await listen(app);
  try {
    return await use({ url: `${base}/ping`, headers: {} });
  } finally {
    await shut(server);
  }
}

export async function bareLoad(options: LoadOptions): Promise<LoadFigures> {
  return serveBare((target) => load(target.url, target.headers, options));
}

/**
 * One scoped GET beside the resource routers (mounted through `extraApiRouters`): it measures the
 * public middleware stack itself, not a resource query.
 */
function benchRouter(): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/bench', requireScope('runs:read'), (ctx) => {
    ctx.body = { ok: true, livemode: ctx.state.livemode };
  });
  return router;
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** (b) the real app, an API key made through the operator API, GET /api/v1/bench with it, served while `use` runs. */
async function serveApp<T>(use: (target: Target) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-http-'));
  const operatorToken = `op_${randomBytes(24).toString('base64url')}`;
  const services = await composeApp(
    loadConfig({
      SVC_DATA_DIR: dataDir,
      // tests never reach the internet: list fetching is tested against local servers
      SVC_LISTS_REFRESH: 'off',
      SVC_SEED_DEMO: 'false',
      SVC_OPERATOR_TOKEN: operatorToken,
      SVC_SECRET_KEY: randomBytes(24).toString('base64url'),
      SVC_LOG_REQUESTS: 'false',
    }),
    silentLogger,
  );
  const { server, base } = await listen(createHttpApp(services, { extraApiRouters: [benchRouter()] }));
  try {
    const operator = (path: string, json: unknown) =>
      fetch(`${base}/operator/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    const tenant = (await expectStatus(await operator('/tenants', { name: 'Bench' }), 201, 'create tenant')) as { tenant_id: string };
    const key = (await expectStatus(
      await operator(`/tenants/${tenant.tenant_id}/api-keys`, {
        name: 'bench',
        environment: 'sandbox',
        scopes: ['runs:read'],
        rate_limit_per_minute: 100_000_000,
      }),
      201,
      'create api key',
    )) as { api_key: string };
    const url = `${base}/api/v1/bench`;
    const headers = { authorization: `Bearer ${key.api_key}` };
    // one request by hand first: a wrong setup fails here, not as 10 s of 401s
    await expectStatus(await fetch(url, { headers }), 200, 'authenticated GET');
    return await use({ url, headers });
  } finally {
    await shut(server);
    await closeApp(services);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runHttpBench(options: HttpBenchOptions = {}): Promise<HttpBenchResult> {
  const resolved: Required<HttpBenchOptions> = {
    duration: options.duration ?? 10,
    connections: options.connections ?? 50,
    warmup: options.warmup ?? 2,
    rounds: options.rounds ?? 1,
  };
  if (resolved.duration > 60) throw new Error('duration is bounded to 60 s per target');
  if (resolved.rounds > 1) return alternating(resolved);
  const bare = await bareLoad(resolved);
  const authenticated = await serveApp((target) => load(target.url, target.headers, resolved));
  return {
    bench: 'http',
    duration_s: resolved.duration,
    connections: resolved.connections,
    bare,
    authenticated,
    ratio: ratioOf(authenticated, bare),
    target_ratio: TARGET_RATIO,
  };
}

const ratioOf = (authenticated: LoadFigures, bare: LoadFigures) => Math.round((authenticated.requests_per_s / bare.requests_per_s) * 1000) / 1000;

/**
 * Both servers up, loaded in turn for `rounds` pairs of `duration` seconds: on a shared machine
 * the load drifts over a minute, so each pair's ratio is taken under the same load; the result is
 * the pair with the median ratio, every pair listed.
 */
async function alternating(options: Required<HttpBenchOptions>): Promise<HttpBenchResult> {
  const pairs = await serveBare((bare) =>
    serveApp(async (app) => {
      const once = { ...options, warmup: 0 };
      if (options.warmup > 0) {
        await load(bare.url, bare.headers, { ...options, duration: options.warmup, warmup: 0 });
        await load(app.url, app.headers, { ...options, duration: options.warmup, warmup: 0 });
      }
      const measured: { bare: LoadFigures; authenticated: LoadFigures; ratio: number }[] = [];
      for (let round = 0; round < options.rounds; round++) {
        const b = await load(bare.url, bare.headers, once);
        const a = await load(app.url, app.headers, once);
        measured.push({ bare: b, authenticated: a, ratio: ratioOf(a, b) });
      }
      return measured;
    }),
  );
  const median = [...pairs].sort((x, y) => x.ratio - y.ratio)[Math.floor(pairs.length / 2)]!;
  return {
    bench: 'http',
    duration_s: options.duration,
    connections: options.connections,
    bare: median.bare,
    authenticated: median.authenticated,
    ratio: median.ratio,
    target_ratio: TARGET_RATIO,
    rounds: pairs.map((pair) => pair.ratio),
  };
}

export function printHttpBench(r: HttpBenchResult): void {
  const rows: string[][] = [
    ['', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    ...(
      [
        ['bare koa GET', r.bare],
        ['app GET /api/v1/bench (auth)', r.authenticated],
      ] as const
    ).map(([label, f]) => [label, String(f.requests_per_s), String(f.latency_p50_ms), String(f.latency_p99_ms), String(f.requests), String(f.non_2xx), String(f.errors + f.timeouts)]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  console.log(`\nHTTP throughput, ${r.connections} connections, ${r.duration_s} s each, 127.0.0.1`);
  for (const row of rows) console.log(`  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`);
  console.log(`  ratio authenticated / bare: ${r.ratio.toFixed(3)} (target >= ${r.target_ratio})`);
  if (r.rounds) console.log(`  ${r.rounds.length} alternating pairs, the median shown; ratios ${r.rounds.map((x) => x.toFixed(3)).join(', ')}`);
  console.log(JSON.stringify(r));
}

export function parseHttpArgs(argv: readonly string[]): HttpBenchOptions {
  const options: HttpBenchOptions = {};
  const number = (name: string, raw: string, max: number) => {
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 1 || n > max) throw new Error(`${name} must be an integer from 1 to ${max}, not ${raw}`);
    return n;
  };
  for (const arg of argv) {
    if (/^\d+$/.test(arg)) options.duration = number('duration', arg, 60);
    else if (arg.startsWith('--duration=')) options.duration = number('duration', arg.slice(11), 60);
    else if (arg.startsWith('--connections=')) options.connections = number('connections', arg.slice(14), 1000);
    else if (arg.startsWith('--rounds=')) options.rounds = number('rounds', arg.slice(9), 20);
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runHttpBench(parseHttpArgs(process.argv.slice(2)));
  printHttpBench(result);
  const failed = result.bare.non_2xx + result.authenticated.non_2xx + result.bare.errors + result.authenticated.errors;
  if (failed > 0 || result.ratio < result.target_ratio) process.exitCode = 1;
}
