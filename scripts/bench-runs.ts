/**
 * Bureau runs through HTTP, sandbox sources at zero latency:
 *
 *   SVC_SANDBOX_LATENCY_MS=0 npx tsx scripts/bench-runs.ts [--duration=S] [--rate=N]
 *
 * (1) run creations per second: autocannon POSTs /api/v1/bureau/runs (20 connections);
 * (2) time from POST to terminal state at a fixed open-loop rate (default 200 creations/s),
 *     taken from the moment the request is sent to the moment the run's terminal event reaches
 *     an in-process subscriber; median and p99;
 * (3) bare koa GET in the same run, for scale.
 * Target: p99 creation-to-terminal under 100 ms at 200 creations per second.
 */
import type { StoredEvent } from '../src/adapters/event-store/event-log.js';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { bareLoad, benchService } from './bench-http.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => Promise<AutocannonResult>;

const TARGET_P99_MS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function runRunsBench(options: { duration?: number; rate?: number } = {}) {
  const duration = options.duration ?? 10;
  const rate = options.rate ?? 200;
  const { services, base, demo, close } = await benchService('runs', { SVC_SANDBOX_LATENCY_MS: '0' });
  try {
    const headers = { 'x-api-key': demo.api_key, 'content-type': 'application/json' };
    const body = JSON.stringify({ template_id: demo.templates.pf, subject: { type: 'pf', doc: '00000000191', name: 'Maria Silva' } });

    // (1) throughput
    const throughput = await autocannon({ url: `${base}/api/v1/bureau/runs`, method: 'POST', headers, body, connections: 20, duration, workers: 1 });
    await services.worker.idle();
    await services.runner.waitFor(await services.eventStore.headPosition(), 60_000);

    // (2) creation-to-terminal latency at a fixed rate
    const sentAt = new Map<string, number>();
    const endedAt = new Map<string, number>();
    const postLatencies: number[] = [];
    const subscription = services.log.subscribe(
      await services.eventStore.headPosition(),
      async (events: StoredEvent[]) => {
        const now = performance.now();
        for (const e of events) if (e.type === 'RunCompleted' || e.type === 'RunFailed') endedAt.set(String(e.data['run_id']), now);
      },
      () => undefined,
    );
    const total = rate * duration;
    const started = performance.now();
    const requests: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t0 = performance.now();
      requests.push(
        fetch(`${base}/api/v1/bureau/runs`, { method: 'POST', headers, body }).then(async (r) => {
          const { run_id } = (await r.json()) as { run_id: string };
          postLatencies.push(performance.now() - t0);
          sentAt.set(run_id, t0);
        }),
      );
    }
    await Promise.all(requests);
    const deadline = Date.now() + 30_000;
    while (endedAt.size < sentAt.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await subscription.stop();
    const achievedRate = total / ((performance.now() - started) / 1000);
    const toTerminal = [...sentAt].map(([id, t0]) => (endedAt.get(id) ?? NaN) - t0).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    postLatencies.sort((a, b) => a - b);

    // (3) bare koa, same machine, same run
    const bare = await bareLoad({ duration, connections: 20, warmup: 1 });
    return {
      bench: 'runs',
      duration_s: duration,
      creations_per_s: Math.round(throughput.requests.average),
      creation_non_2xx: throughput.non2xx,
      bare_koa_get_per_s: bare.requests_per_s,
      fixed_rate_per_s: rate,
      achieved_rate_per_s: Math.round(achievedRate),
      runs_measured: toTerminal.length,
      runs_sent: sentAt.size,
      post_p50_ms: round(percentile(postLatencies, 50)),
      post_p99_ms: round(percentile(postLatencies, 99)),
      to_terminal_p50_ms: round(percentile(toTerminal, 50)),
      to_terminal_p99_ms: round(percentile(toTerminal, 99)),
      target_p99_ms: TARGET_P99_MS,
    };
  } finally {
    await close();
  }
}

const round = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const r = await runRunsBench({ duration: Number(arg('duration') ?? 10), rate: Number(arg('rate') ?? 200) });
  console.log(`bureau runs through HTTP, sandbox latency 0, ${r.duration_s} s per phase`);
  console.log(`  run creations/s (20 connections)          ${r.creations_per_s}   (non-2xx ${r.creation_non_2xx})`);
  console.log(`  bare koa GET/s (20 connections)           ${r.bare_koa_get_per_s}`);
  console.log(`  at ${r.achieved_rate_per_s} creations/s: POST p50 ${r.post_p50_ms} ms, p99 ${r.post_p99_ms} ms`);
  console.log(`  POST to terminal: p50 ${r.to_terminal_p50_ms} ms, p99 ${r.to_terminal_p99_ms} ms (target p99 < ${r.target_p99_ms} ms; ${r.runs_measured}/${r.runs_sent} runs)`);
  console.log(JSON.stringify(r));
  if (!(r.to_terminal_p99_ms < TARGET_P99_MS) || r.creation_non_2xx > 0 || r.runs_measured < r.runs_sent) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
