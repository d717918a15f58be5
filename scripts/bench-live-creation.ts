/**
 * Live creation beside sandbox creation, through HTTP, in one run:
 *
 *   npx tsx scripts/bench-live-creation.ts [--duration=S] [--connections=N]
 *
 * POST /api/v1/bureau/runs and POST /api/v1/customers (run_bureau: true, a distinct CPF per
 * request) with a sandbox key (nothing billed: the baseline) and with a live key of the same
 * tenant (every creation reserves its run's maximum cost on the tenant's ledger). Live sources
 * are unconfigured here, so live runs fail fast and release their credit: the figure is the
 * cost of creation, which is what the ledger serialises. Target: live at least as fast as
 * sandbox (ratio >= 1.0 within noise), and no non-2xx answer.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { withCheckDigits } from '../src/domain/values/document.js';
import { benchService } from './bench-http.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Request = { method: string; path: string; headers: Record<string, string>; body?: string; setupRequest?: (r: Request) => Request };
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => Promise<AutocannonResult>;

let sequence = 0;
/** A fresh valid CPF for each request: customers are unique per document. */
const nextCpf = () => withCheckDigits(String(400_000_000 + ++sequence));

export async function runLiveCreationBench(options: { duration?: number; connections?: number } = {}) {
  const duration = options.duration ?? 5;
  const connections = options.connections ?? 20;
  const { base, demo, close } = await benchService('live-creation', { SVC_SANDBOX_LATENCY_MS: '0' });
  const operator = { authorization: 'Bearer op', 'content-type': 'application/json' };
  try {
    const credits = await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}/credits`, {
      method: 'POST',
      headers: operator,
      body: JSON.stringify({ amount: 1_000_000_000, reason: 'benchmark' }),
    });
    if (credits.status !== 201) throw new Error(`credits: ${credits.status} ${await credits.text()}`);
    const keyAnswer = await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}/api-keys`, {
      method: 'POST',
      headers: operator,
      body: JSON.stringify({ name: 'bench live', environment: 'live', scopes: ['runs:write', 'runs:read', 'customers:write', 'customers:read'] }),
    });
    if (keyAnswer.status !== 201) throw new Error(`live key: ${keyAnswer.status} ${await keyAnswer.text()}`);
    const liveKey = ((await keyAnswer.json()) as { api_key: string }).api_key;

    const load = (key: string, path: string, body: () => Record<string, unknown>) =>
      autocannon({
        url: base,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            setupRequest: (r: Request) => ({ ...r, body: JSON.stringify(body()) }),
          },
        ],
      });
    const run = () => ({ template_id: demo.templates.pf, subject: { type: 'pf', doc: nextCpf(), name: 'Maria Silva' } });
    const customer = () => ({ type: 'pf', doc: nextCpf(), name: 'Maria Silva', email: 'maria@example.com', template_id: demo.templates.pf, run_bureau: true });

    const figures = (r: AutocannonResult) => ({ per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, non_2xx: r.non2xx + r.errors });
    const sandboxRuns = figures(await load(demo.api_key, '/api/v1/bureau/runs', run));
    const liveRuns = figures(await load(liveKey, '/api/v1/bureau/runs', run));
    const sandboxCustomers = figures(await load(demo.api_key, '/api/v1/customers', customer));
    const liveCustomers = figures(await load(liveKey, '/api/v1/customers', customer));
    return {
      bench: 'live-creation',
      duration_s: duration,
      connections,
      runs: { sandbox: sandboxRuns, live: liveRuns, live_over_sandbox: round(liveRuns.per_s / sandboxRuns.per_s) },
      customers: { sandbox: sandboxCustomers, live: liveCustomers, live_over_sandbox: round(liveCustomers.per_s / sandboxCustomers.per_s) },
    };
  } finally {
    await close();
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const r = await runLiveCreationBench({ duration: Number(arg('duration') ?? 5), connections: Number(arg('connections') ?? 20) });
  console.log(`live vs sandbox creation through HTTP, ${r.connections} connections, ${r.duration_s} s per phase`);
  for (const [what, f] of [['runs', r.runs], ['customers (run_bureau)', r.customers]] as const) {
    console.log(`  ${what}: sandbox ${f.sandbox.per_s}/s (p99 ${f.sandbox.p99_ms} ms), live ${f.live.per_s}/s (p99 ${f.live.p99_ms} ms), live/sandbox ${f.live_over_sandbox}; non-2xx ${f.sandbox.non_2xx + f.live.non_2xx}`);
  }
  console.log(JSON.stringify(r));
  if (r.runs.live.non_2xx + r.runs.sandbox.non_2xx + r.customers.live.non_2xx + r.customers.sandbox.non_2xx > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
