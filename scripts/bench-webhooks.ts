/**
 * Webhook deliveries to a local receiver, sandbox runs at zero source latency:
 *
 *   npx tsx scripts/bench-webhooks.ts [--rate=50] [--duration=10] [--backlog=2000]
 *
 * (1) delay at a fixed open-loop rate of run creations: from the commit of each run's terminal
 *     event (its `recorded_at`, stamped just before the commit, so the fsync is included) to the
 *     first attempt of its `run.completed` arriving at the receiver; median and p99;
 * (2) deliveries per second: `--backlog` runs whose first attempt the receiver refused (503);
 *     then the receiver accepts, the clock moves 30 s and the retries drain: each one loads the
 *     delivery stream, opens the secret, signs, POSTs over a new connection and records the attempt.
 * Target: p99 commit-to-receiver under 250 ms.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManualClock } from '../src/adapters/clock.js';
import { loadConfig } from '../src/config.js';
import { createHttpApp } from '../src/http/app.js';
import { silentLogger } from '../src/logger.js';
import { seedDemo } from '../src/seed.js';
import { closeApp, composeApp } from '../src/app/compose.js';
import { listen, shut } from './bench-http.js';

const TARGET_P99_MS = 250;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (x: number) => Math.round(x * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The receiver is a separate Node process (as a real receiver would be): it answers 200, or 503
 * while told to refuse, and keeps each run's first arrival time (Date.now()).
 */
const RECEIVER = `
import { createServer } from 'node:http';
const first = new Map();
let accept = true, ok = 0, refused = 0;
const server = createServer((req, res) => {
  if (req.url.startsWith('/__')) {
    if (req.url === '/__accept') accept = true;
    if (req.url === '/__refuse') accept = false;
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(req.url === '/__arrivals' ? { ok, refused, first: [...first] } : { ok, refused }));
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id;
    if (!first.has(id)) first.set(id, now);
    if (accept) ok++; else refused++;
    res.writeHead(accept ? 200 : 503);
    res.end();
  });
});
server.keepAliveTimeout = 120000;
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

interface Receiver {
  url: string;
  control(command: 'accept' | 'refuse' | 'count'): Promise<{ ok: number; refused: number }>;
  arrivals(): Promise<Map<string, number>>;
  stop(): void;
}

async function receiver(dir: string): Promise<Receiver> {
  const file = join(dir, 'receiver.mjs');
  writeFileSync(file, RECEIVER);
  const child = fork(file, [], { stdio: 'ignore' });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/hook`,
    control: async (command) => (await (await fetch(`${base}/__${command}`)).json()) as { ok: number; refused: number },
    arrivals: async () => new Map(((await (await fetch(`${base}/__arrivals`)).json()) as { first: [string, number][] }).first),
    stop: () => void child.kill(),
  };
}

async function untilAsync(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

export async function runWebhooksBench(options: { rate?: number; duration?: number; backlog?: number } = {}) {
  const rate = options.rate ?? 50;
  const duration = options.duration ?? 10;
  const backlog = options.backlog ?? 2000;
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-webhooks-'));
  const config = loadConfig({
    SVC_DATA_DIR: dataDir,
    // tests never reach the internet: list fetching is tested against local servers
    SVC_LISTS_REFRESH: 'off',
    SVC_SANDBOX_LATENCY_MS: '0',
    SVC_LOG_REQUESTS: 'false',
    SVC_OPERATOR_TOKEN: 'op',
    SVC_SECRET_KEY: 'k',
    SVC_WEBHOOK_ALLOW_INSECURE: 'true',
  });
  // the retry schedule runs on this clock; everything measured here is wall-clock time
  const clock = new ManualClock(new Date());
  const services = await composeApp(config, silentLogger, { clock });
  const { server, base } = await listen(createHttpApp(services));
  const rx = await receiver(dataDir);
  try {
    const demo = (await seedDemo(services))!;
    const operator = { authorization: 'Bearer op', 'content-type': 'application/json' };
    await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}`, { method: 'PATCH', headers: operator, body: JSON.stringify({ rate_limit_per_minute: 100_000_000 }) });
    const put = await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}/webhook-endpoints/sandbox`, { method: 'PUT', headers: operator, body: JSON.stringify({ url: rx.url, events: [] }) });
    if (put.status !== 200) throw new Error(`endpoint configuration failed: ${put.status}`);
    const headers = { 'x-api-key': demo.api_key, 'content-type': 'application/json' };
    const body = JSON.stringify({ template_id: demo.templates.pf, subject: { type: 'pf', doc: '00000000191', name: 'Maria Silva' } });
    const create = async (): Promise<string> => ((await (await fetch(`${base}/api/v1/bureau/runs`, { method: 'POST', headers, body })).json()) as { run_id: string }).run_id;

    // commit times (recorded_at) by run: queued, terminal, delivery scheduled
    const queuedAt = new Map<string, number>();
    const committedAt = new Map<string, number>();
    const terminalEvent = new Map<string, string>();
    const scheduledAt = new Map<string, number>();
    const subscription = services.log.subscribe(
      await services.eventStore.headPosition(),
      async (events) => {
        for (const e of events) {
          if (e.type === 'RunQueued') queuedAt.set(String(e.data['run_id']), Date.parse(e.recorded_at));
          if (e.type === 'RunCompleted') {
            committedAt.set(String(e.data['run_id']), Date.parse(e.recorded_at));
            terminalEvent.set(String(e.data['run_id']), e.id);
          }
          if (e.type === 'WebhookDeliveryScheduled') scheduledAt.set(String(e.data['source_event_id']), Date.parse(e.recorded_at));
        }
      },
      () => undefined,
    );

    // (1) commit-to-receiver delay at a fixed rate
    const total = rate * duration;
    const runIds: string[] = [];
    const started = performance.now();
    const posts: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      posts.push(create().then((id) => void runIds.push(id)));
    }
    await Promise.all(posts);
    const achievedRate = total / ((performance.now() - started) / 1000);
    let arrivals = new Map<string, number>();
    const allArrived = await untilAsync(async () => {
      arrivals = await rx.arrivals();
      return runIds.every((id) => arrivals.has(id) && committedAt.has(id));
    }, 30_000);
    const delays = runIds
      .filter((id) => arrivals.has(id) && committedAt.has(id))
      .map((id) => arrivals.get(id)! - committedAt.get(id)!)
      .sort((a, b) => a - b);
    const deliveredInPhase1 = (await rx.control('count')).ok;
    // where the time goes: queued -> terminal commit -> delivery scheduled -> first arrival
    const stage = (f: (id: string) => number) => {
      const xs = runIds.map(f).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
      return { p50: round(percentile(xs, 50)), p99: round(percentile(xs, 99)) };
    };
    const stages = {
      queued_to_terminal_ms: stage((id) => (committedAt.get(id) ?? NaN) - (queuedAt.get(id) ?? NaN)),
      terminal_to_scheduled_ms: stage((id) => (scheduledAt.get(terminalEvent.get(id) ?? '') ?? NaN) - (committedAt.get(id) ?? NaN)),
      scheduled_to_receiver_ms: stage((id) => (arrivals.get(id) ?? NaN) - (scheduledAt.get(terminalEvent.get(id) ?? '') ?? NaN)),
    };

    // (2) a backlog of deliveries drained at full speed
    await rx.control('refuse');
    for (let i = 0; i < backlog; i += 20) await Promise.all(Array.from({ length: Math.min(20, backlog - i) }, create));
    await untilAsync(async () => (await rx.control('count')).refused >= backlog, 120_000);
    await services.worker.idle();
    await services.runner.waitFor(await services.eventStore.headPosition(), 30_000);
    await rx.control('accept');
    const okBefore = (await rx.control('count')).ok;
    let okAfter = okBefore;
    const drainStart = performance.now();
    clock.advance(30_000);
    void services.webhooks.deliverDue();
    const drained = await untilAsync(async () => (okAfter = (await rx.control('count')).ok) - okBefore >= backlog, 120_000);
    const drainSeconds = (performance.now() - drainStart) / 1000;
    await services.worker.idle();
    const recordedSeconds = (performance.now() - drainStart) / 1000;
    await subscription.stop();

    return {
      bench: 'webhooks',
      fixed_rate_per_s: rate,
      achieved_rate_per_s: Math.round(achievedRate),
      duration_s: duration,
      runs_sent: runIds.length,
      runs_delivered: delays.length,
      delivered_phase1: deliveredInPhase1,
      commit_to_receiver_p50_ms: round(percentile(delays, 50)),
      commit_to_receiver_p99_ms: round(percentile(delays, 99)),
      commit_to_receiver_max_ms: round(delays[delays.length - 1] ?? NaN),
      stages,
      backlog,
      backlog_drained: drained,
      deliveries_per_s: Math.round((okAfter - okBefore) / drainSeconds),
      deliveries_recorded_per_s: Math.round(backlog / recordedSeconds),
      target_p99_ms: TARGET_P99_MS,
      all_arrived: allArrived,
    };
  } finally {
    rx.stop();
    await shut(server);
    await closeApp(services);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const r = await runWebhooksBench({ rate: Number(arg('rate') ?? 50), duration: Number(arg('duration') ?? 10), backlog: Number(arg('backlog') ?? 2000) });
  console.log(`webhook deliveries to a local receiver (sandbox runs, source latency 0)`);
  console.log(`  at ${r.achieved_rate_per_s} run creations/s for ${r.duration_s} s: ${r.runs_delivered}/${r.runs_sent} run.completed delivered`);
  console.log(`  terminal event commit to receiver: p50 ${r.commit_to_receiver_p50_ms} ms, p99 ${r.commit_to_receiver_p99_ms} ms, max ${r.commit_to_receiver_max_ms} ms (target p99 < ${r.target_p99_ms} ms)`);
  console.log(`    of which: run queued to terminal p50 ${r.stages.queued_to_terminal_ms.p50} / p99 ${r.stages.queued_to_terminal_ms.p99} ms (before the span measured), terminal to delivery scheduled p50 ${r.stages.terminal_to_scheduled_ms.p50} / p99 ${r.stages.terminal_to_scheduled_ms.p99} ms, scheduled to receiver p50 ${r.stages.scheduled_to_receiver_ms.p50} / p99 ${r.stages.scheduled_to_receiver_ms.p99} ms`);
  console.log(`  backlog of ${r.backlog} retries: ${r.deliveries_per_s} deliveries/s reaching the receiver, ${r.deliveries_recorded_per_s}/s with the 2xx recorded${r.backlog_drained ? '' : ' (NOT fully drained)'}`);
  console.log(JSON.stringify(r));
  if (!(r.commit_to_receiver_p99_ms < TARGET_P99_MS) || !r.all_arrived || !r.backlog_drained) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
