/**
 * PDF report generation through the operator API, with a warm browser:
 *
 *   npx tsx scripts/bench-reports.ts [--runs=N] [--out=DIR]
 *
 * Runs N sandbox runs of fixture 00000004000170 (40 proceedings, 12 partners over 3 levels)
 * under the reference PJ template, warms the browser with one report of each mode, then times
 * `POST /operator/v1/runs/{id}/report?mode=` for every run, one at a time: rendering from the
 * stored events, printing, hashing, storing the blob and recording the event. Prints median and
 * p95 per mode and one JSON line. With --out, the first run's two PDFs are written there.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pdfPageCount } from '../src/adapters/pdf/port.js';
import { loadConfig } from '../src/config.js';
import { createHttpApp } from '../src/http/app.js';
import { silentLogger } from '../src/logger.js';
import { seedDemo } from '../src/seed.js';
import { closeApp, composeApp } from '../src/app/compose.js';
import { listen, shut } from './bench-http.js';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (x: number) => Math.round(x * 10) / 10;

export async function runReportsBench(options: { runs?: number; out?: string } = {}) {
  const runs = options.runs ?? 20;
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-reports-'));
  const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_SANDBOX_LATENCY_MS: '0', SVC_LOG_REQUESTS: 'false', SVC_OPERATOR_TOKEN: 'op', SVC_SECRET_KEY: 'k' });
  const services = await composeApp(config, silentLogger);
  const { server, base } = await listen(createHttpApp(services));
  const operator = { authorization: 'Bearer op' };
  try {
    const demo = (await seedDemo(services))!;
    const ids: string[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const r = await fetch(`${base}/api/v1/bureau/runs`, {
        method: 'POST',
        headers: { 'x-api-key': demo.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: demo.templates.pj, subject: { type: 'pj', doc: '00000004000170', name: 'Holding Exemplo Participações Ltda' } }),
      });
      ids.push(((await r.json()) as { run_id: string }).run_id);
    }
    await services.worker.idle();
    await services.runner.waitFor(await services.eventStore.headPosition(), 60_000);

    const generate = async (runId: string, mode: string) => {
      const t0 = performance.now();
      const r = await fetch(`${base}/operator/v1/runs/${runId}/report?mode=${mode}`, { method: 'POST', headers: operator });
      const body = (await r.json()) as { page_count: number };
      if (r.status !== 201) throw new Error(`report generation answered ${r.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, pages: body.page_count };
    };
    // warm-up: browser launch, first page, fonts
    const [warm, ...measured] = ids;
    await generate(warm!, 'resumido');
    await generate(warm!, 'completo');
    const figures: Record<string, { ms: number[]; pages: number }> = { resumido: { ms: [], pages: 0 }, completo: { ms: [], pages: 0 } };
    for (const runId of measured) {
      for (const mode of ['resumido', 'completo']) {
        const { ms, pages } = await generate(runId, mode);
        figures[mode]!.ms.push(ms);
        figures[mode]!.pages = pages;
      }
    }
    if (options.out) {
      mkdirSync(options.out, { recursive: true });
      for (const mode of ['resumido', 'completo']) {
        const stored = await services.blobStore.get(`${(await services.log.readStream(`report-${measured[0]}-${mode}`))[0]!.data['blob_key']}`);
        writeFileSync(join(options.out, `${mode}.pdf`), stored!.data);
        console.log(`wrote ${join(options.out, `${mode}.pdf`)} (${pdfPageCount(stored!.data)} pages)`);
      }
    }
    const summary = (mode: string) => {
      const sorted = [...figures[mode]!.ms].sort((a, b) => a - b);
      return { median_ms: round(percentile(sorted, 50)), p95_ms: round(percentile(sorted, 95)), pages: figures[mode]!.pages };
    };
    return { bench: 'reports', runs: measured.length, renderer_concurrency: (services.pdfRenderer as { concurrency?: number }).concurrency ?? null, resumido: summary('resumido'), completo: summary('completo') };
  } finally {
    await shut(server);
    await closeApp(services);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const r = await runReportsBench({ runs: Number(arg('runs') ?? 20), ...(arg('out') ? { out: arg('out')! } : {}) });
  console.log(`PDF reports of fixture 00000004000170 through POST /operator/v1/runs/{id}/report, warm browser, ${r.runs} runs, one at a time`);
  console.log(`  resumido (${r.resumido.pages} pages): median ${r.resumido.median_ms} ms, p95 ${r.resumido.p95_ms} ms`);
  console.log(`  completo (${r.completo.pages} pages): median ${r.completo.median_ms} ms, p95 ${r.completo.p95_ms} ms`);
  console.log(JSON.stringify(r));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
