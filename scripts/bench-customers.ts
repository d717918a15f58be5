/**
 * Customers through HTTP:
 *
 *   npx tsx scripts/bench-customers.ts [--duration=S]
 *
 * (1) customer creations per second (drafts, each a new valid CPF), 20 connections;
 * (2) GET /api/v1/customers/{id} per second, 50 connections;
 * (3) bare koa GET in the same run, for scale.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { withCheckDigits } from '../src/domain/values/document.js';
import { bareLoad, benchService } from './bench-http.js';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => Promise<Result>;

export async function runCustomersBench(duration = 10) {
  const { base, demo, close } = await benchService('customers');
  try {
    const headers = { 'x-api-key': demo.api_key, 'content-type': 'application/json' };
    let n = 100_000_000;
    const created = await autocannon({
      url: `${base}/api/v1/customers`,
      method: 'POST',
      headers,
      connections: 20,
      duration,
      workers: 0,
      requests: [
        {
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            body: JSON.stringify({ type: 'pf', doc: withCheckDigits(String(n++)), name: 'Maria Silva', email: 'maria@example.com' }),
          }),
        },
      ],
    });
    const one = (await (
      await fetch(`${base}/api/v1/customers`, { method: 'POST', headers, body: JSON.stringify({ type: 'pf', doc: '52998224725', name: 'João Souza', email: 'joao@example.com' }) })
    ).json()) as { customer_id: string };
    const read = await autocannon({ url: `${base}/api/v1/customers/${one.customer_id}`, headers: { 'x-api-key': demo.api_key }, connections: 50, duration, workers: 1 });
    const bare = await bareLoad({ duration, connections: 50, warmup: 1 });
    return {
      bench: 'customers',
      duration_s: duration,
      creations_per_s: Math.round(created.requests.average),
      creation_p99_ms: created.latency.p99,
      creation_non_2xx: created.non2xx,
      get_per_s: Math.round(read.requests.average),
      get_p99_ms: read.latency.p99,
      get_non_2xx: read.non2xx,
      bare_koa_get_per_s: bare.requests_per_s,
      get_ratio_to_bare: Math.round((read.requests.average / bare.requests_per_s) * 1000) / 1000,
    };
  } finally {
    await close();
  }
}

async function main() {
  const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
  const r = await runCustomersBench(duration);
  console.log(`customers through HTTP, ${r.duration_s} s per phase`);
  console.log(`  customer creations/s (20 connections)   ${r.creations_per_s}   p99 ${r.creation_p99_ms} ms (non-2xx ${r.creation_non_2xx})`);
  console.log(`  GET customer/s (50 connections)          ${r.get_per_s}   p99 ${r.get_p99_ms} ms (non-2xx ${r.get_non_2xx})`);
  console.log(`  bare koa GET/s (50 connections)          ${r.bare_koa_get_per_s}   ratio GET customer / bare ${r.get_ratio_to_bare}`);
  console.log(JSON.stringify(r));
  if (r.creation_non_2xx > 0 || r.get_non_2xx > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
