/**
 * Standalone facial verification through HTTP, sandbox provider:
 *
 *   npx tsx scripts/bench-facial.ts [--duration=S] [--connections=N] [--bursts=B]
 *
 * The service runs in a child process (this file with --server), so the load generator's own
 * memory and CPU are not counted as the server's. Everything is on 127.0.0.1, ephemeral ports.
 *
 * (1) verifications per second, autocannon, one multipart body built once (FormData serialized
 *     to a Buffer with its boundary): passive_liveness with a 1x1 PNG, and face_match +
 *     passive_liveness with a 1x1 PNG and a minimal JPEG;
 * (2) bare koa GET in the same run (`bareLoad` of bench-http.ts), for scale;
 * (3) peak memory of the server process (RSS and V8 heap, sampled every 10 ms in the server,
 *     plus the OS's maxRSS) while 20 uploads of two 5 MB images each (5,242,880 bytes: a padded
 *     PNG and a padded JPEG, both checks) are in flight at once; repeated `bursts` times.
 *
 * Bounded: duration at most 60 s per load, every request with a timeout, the child killed on a
 * global deadline. Exits 1 on any non-2xx answer, error or timeout.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => Promise<AutocannonResult>;

const MB5 = 5 * 1024 * 1024;
/** the parent's token, handed to the server process through its environment */
const OPERATOR_TOKEN = process.env['BENCH_FACIAL_OPERATOR_TOKEN'] ?? `op_bench_${process.pid}`;

// ---------------------------------------------------------------- images

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}
/** A valid 1x1 RGB PNG. */
function png(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 3]))), chunk('IEND', Buffer.alloc(0))]);
}
/** A valid 1x1 grey baseline JPEG (its header decodes: the service refuses images whose header does not). */
const JPEG = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z', 'base64');
const padded = (image: Buffer, size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);

/** The multipart body and its content type (with the boundary), serialized once. */
async function multipart(parts: { user: Buffer; ref?: Buffer; checks: string }): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('checks', parts.checks);
  form.append('user_image', new Blob([parts.user], { type: 'image/png' }), 'selfie.png');
  if (parts.ref) form.append('ref_image', new Blob([parts.ref], { type: 'image/jpeg' }), 'document.jpg');
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

// ---------------------------------------------------------------- server (child process)

interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
type ToChild = { type: 'snapshot' } | { type: 'sample-start' } | { type: 'sample-stop' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; base: string }
  | { type: 'snapshot'; memory: MemorySample }
  | { type: 'peak'; peak: MemorySample; samples: number; max_rss_os: number };

async function server(): Promise<void> {
  const { loadConfig } = await import('../src/config.js');
  const { createHttpApp } = await import('../src/http/app.js');
  const { silentLogger } = await import('../src/logger.js');
  const { closeApp, composeApp } = await import('../src/app/compose.js');
  const { listen, shut } = await import('./bench-http.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-facial-'));
  const services = await composeApp(
    loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', SVC_LOG_REQUESTS: 'false', SVC_OPERATOR_TOKEN: OPERATOR_TOKEN, SVC_SECRET_KEY: 'bench-secret' }),
    silentLogger,
  );
  const { server: http, base } = await listen(createHttpApp(services));
  const send = (message: FromChild) => process.send!(message);
  const current = (): MemorySample => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
  };
  let timer: NodeJS.Timeout | null = null;
  let peak: MemorySample = current();
  let samples = 0;
  const sample = () => {
    const m = current();
    samples++;
    peak = {
      rss: Math.max(peak.rss, m.rss),
      heapUsed: Math.max(peak.heapUsed, m.heapUsed),
      heapTotal: Math.max(peak.heapTotal, m.heapTotal),
      external: Math.max(peak.external, m.external),
      arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers),
    };
  };
  process.on('message', (message: ToChild) => {
    void (async () => {
      if (message.type === 'snapshot') {
        send({ type: 'snapshot', memory: current() });
      } else if (message.type === 'sample-start') {
        peak = current();
        samples = 0;
        timer = setInterval(sample, 10);
      } else if (message.type === 'sample-stop') {
        if (timer) clearInterval(timer);
        sample();
        send({ type: 'peak', peak, samples, max_rss_os: process.resourceUsage().maxRSS * 1024 });
      } else if (message.type === 'stop') {
        if (timer) clearInterval(timer);
        await shut(http);
        await closeApp(services);
        rmSync(dataDir, { recursive: true, force: true });
        process.disconnect();
      }
    })();
  });
  send({ type: 'ready', base });
}

// ---------------------------------------------------------------- load generator (parent)

class Child {
  private readonly pending: ((m: FromChild) => void)[] = [];
  readonly process: ChildProcess;
  readonly ready: Promise<string>;

  constructor() {
    this.process = fork(fileURLToPath(import.meta.url), ['--server'], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_FACIAL_OPERATOR_TOKEN: OPERATOR_TOKEN },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve, reject) => {
      this.process.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
      this.process.on('message', (m: FromChild) => {
        if (m.type === 'ready') resolve(m.base);
        else this.pending.shift()?.(m);
      });
    });
  }

  ask<T extends FromChild>(message: ToChild): Promise<T> {
    return new Promise((resolve) => {
      this.pending.push((m) => resolve(m as T));
      this.process.send(message);
    });
  }

  tell(message: ToChild): void {
    this.process.send(message);
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || !this.process.connected) return;
    const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
    this.tell({ type: 'stop' });
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

async function json(response: Response, status: number, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A tenant with the module on at both layers, no rate limit to speak of, and a sandbox biometria:write key. */
async function setup(base: string): Promise<string> {
  const operator = (method: string, path: string, body: unknown) =>
    fetch(`${base}/operator/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  const tenant = await json(await operator('POST', '/tenants', { name: 'Bench facial', facial_verification_master: true }), 201, 'create tenant');
  const id = String(tenant['tenant_id']);
  await json(await operator('PATCH', `/tenants/${id}`, { facial_verification_enabled: true, rate_limit_per_minute: 100_000_000 }), 200, 'enable module');
  const key = await json(
    await operator('POST', `/tenants/${id}/api-keys`, { name: 'bench', environment: 'sandbox', scopes: ['biometria:write'], rate_limit_per_minute: 100_000_000 }),
    201,
    'create key',
  );
  return String(key['api_key']);
}

interface Throughput {
  verifications_per_s: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

async function verificationLoad(url: string, apiKey: string, form: { body: Buffer; contentType: string }, duration: number, connections: number): Promise<Throughput> {
  // one by hand first: a wrong setup fails here, not as seconds of 4xx
  await json(await fetch(url, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': form.contentType }, body: form.body }), 200, 'facial verification');
  const options = { url, method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': form.contentType }, body: form.body, connections, timeout: 10 };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const r = await autocannon({ ...options, duration });
  return {
    verifications_per_s: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    requests: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

interface MemoryFigures {
  concurrent_uploads: number;
  image_bytes: number;
  bursts: number;
  burst_ms: number[];
  statuses: Record<string, number>;
  baseline_rss_mb: number;
  baseline_heap_used_mb: number;
  peak_rss_mb: number;
  peak_heap_used_mb: number;
  peak_heap_total_mb: number;
  peak_array_buffers_mb: number;
  max_rss_os_mb: number;
  samples: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function memoryLoad(child: Child, url: string, apiKey: string, concurrent: number, bursts: number): Promise<MemoryFigures> {
  const form = await multipart({ user: padded(png(), MB5), ref: padded(JPEG, MB5), checks: 'face_match,passive_liveness' });
  const baseline = (await child.ask<Extract<FromChild, { type: 'snapshot' }>>({ type: 'snapshot' })).memory;
  child.tell({ type: 'sample-start' });
  const statuses: Record<string, number> = {};
  const burstMs: number[] = [];
  for (let b = 0; b < bursts; b++) {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: concurrent }, async () => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'x-api-key': apiKey, 'content-type': form.contentType },
            body: form.body,
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          return String(response.status);
        } catch (error) {
          return (error as Error).name;
        }
      }),
    );
    burstMs.push(Math.round(performance.now() - started));
    for (const a of answers) statuses[a] = (statuses[a] ?? 0) + 1;
  }
  const { peak, samples, max_rss_os } = await child.ask<Extract<FromChild, { type: 'peak' }>>({ type: 'sample-stop' });
  return {
    concurrent_uploads: concurrent,
    image_bytes: MB5,
    bursts,
    burst_ms: burstMs,
    statuses,
    baseline_rss_mb: mb(baseline.rss),
    baseline_heap_used_mb: mb(baseline.heapUsed),
    peak_rss_mb: mb(peak.rss),
    peak_heap_used_mb: mb(peak.heapUsed),
    peak_heap_total_mb: mb(peak.heapTotal),
    peak_array_buffers_mb: mb(peak.arrayBuffers),
    max_rss_os_mb: mb(max_rss_os),
    samples,
  };
}

export interface FacialBenchOptions {
  duration?: number;
  connections?: number;
  bursts?: number;
}

export async function runFacialBench(options: FacialBenchOptions = {}) {
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 20;
  const bursts = options.bursts ?? 3;
  if (duration > 60) throw new Error('duration is bounded to 60 s per load');
  const { bareLoad } = await import('./bench-http.js');
  const child = new Child();
  const deadline = setTimeout(() => {
    console.error('bench-facial: global deadline reached; killing the server process');
    child.process.kill('SIGKILL');
    process.exit(1);
  }, (duration * 3 + 6 + 120) * 1000);
  try {
    const base = await child.ready;
    const apiKey = await setup(base);
    const url = `${base}/api/v1/verificacoes/facial`;
    // memory first, from a server that has only started (the baseline is then a fresh process)
    const memory = await memoryLoad(child, url, apiKey, 20, bursts);
    const liveness = await verificationLoad(url, apiKey, await multipart({ user: png(), checks: 'passive_liveness' }), duration, connections);
    const both = await verificationLoad(url, apiKey, await multipart({ user: png(), ref: JPEG, checks: 'face_match,passive_liveness' }), duration, connections);
    const bare = await bareLoad({ duration, connections: 50, warmup: 2 });
    return {
      bench: 'facial',
      duration_s: duration,
      connections,
      passive_liveness: liveness,
      face_match_and_liveness: both,
      bare_koa_get_per_s: bare.requests_per_s,
      bare_koa_p99_ms: bare.latency_p99_ms,
      ratio_liveness_to_bare: Math.round((liveness.verifications_per_s / bare.requests_per_s) * 1000) / 1000,
      memory,
    };
  } finally {
    clearTimeout(deadline);
    await child.stop();
  }
}

type FacialBenchResult = Awaited<ReturnType<typeof runFacialBench>>;

export function printFacialBench(r: FacialBenchResult): void {
  const rows: string[][] = [
    ['', 'per s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    ['POST facial passive_liveness (1x1 PNG)', ...figures(r.passive_liveness)],
    ['POST facial face_match+liveness (PNG+JPEG)', ...figures(r.face_match_and_liveness)],
    ['bare koa GET (50 connections)', String(r.bare_koa_get_per_s), '', String(r.bare_koa_p99_ms), '', '', ''],
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  console.log(`\nstandalone facial verification, sandbox provider, ${r.connections} connections, ${r.duration_s} s each, 127.0.0.1, server in a child process`);
  for (const row of rows) console.log(`  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`);
  console.log(`  ratio passive_liveness / bare koa GET: ${r.ratio_liveness_to_bare.toFixed(3)}`);
  const m = r.memory;
  console.log(`\nserver memory, ${m.concurrent_uploads} concurrent uploads of two ${m.image_bytes}-byte images (both checks), ${m.bursts} bursts, sampled every 10 ms (${m.samples} samples)`);
  console.log(`  burst durations ms: ${m.burst_ms.join(', ')}; answers: ${JSON.stringify(m.statuses)}`);
  console.log(`  RSS        baseline ${m.baseline_rss_mb} MB   peak ${m.peak_rss_mb} MB   (OS maxRSS ${m.max_rss_os_mb} MB)`);
  console.log(`  heap used  baseline ${m.baseline_heap_used_mb} MB   peak ${m.peak_heap_used_mb} MB   (heap total peak ${m.peak_heap_total_mb} MB, array buffers peak ${m.peak_array_buffers_mb} MB)`);
  console.log(JSON.stringify(r));
}

function figures(t: Throughput): string[] {
  return [String(t.verifications_per_s), String(t.latency_p50_ms), String(t.latency_p99_ms), String(t.requests), String(t.non_2xx), String(t.errors)];
}

function parseArgs(argv: readonly string[]): FacialBenchOptions {
  const options: FacialBenchOptions = {};
  const number = (name: string, raw: string, max: number) => {
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 1 || n > max) throw new Error(`${name} must be an integer from 1 to ${max}, not ${raw}`);
    return n;
  };
  for (const arg of argv) {
    if (arg.startsWith('--duration=')) options.duration = number('duration', arg.slice(11), 60);
    else if (arg.startsWith('--connections=')) options.connections = number('connections', arg.slice(14), 500);
    else if (arg.startsWith('--bursts=')) options.bursts = number('bursts', arg.slice(9), 20);
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--server')) {
    await server();
  } else {
    const r = await runFacialBench(parseArgs(process.argv.slice(2)));
    printFacialBench(r);
    const memoryFailures = Object.entries(r.memory.statuses).filter(([status]) => status !== '200').reduce((sum, [, count]) => sum + count, 0);
    const bad = r.passive_liveness.non_2xx + r.passive_liveness.errors + r.face_match_and_liveness.non_2xx + r.face_match_and_liveness.errors + memoryFailures;
    if (bad > 0) process.exitCode = 1;
  }
}
