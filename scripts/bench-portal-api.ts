/**
 * The Portal da Transparência API as the fetch of CEIS (issue 31): how long a full pass takes at
 * the API's rate limit, beside the bulk file's parse time.
 *
 *   npx tsx scripts/bench-portal-api.ts [--records=20000] [--real-rate=60000]
 *
 * A local server serves `--records` CEIS records (the samples of test/fixtures/lists/br2, each
 * with its own id) 15 a page, the way the API does (the `chave-api-dados` header, `[]` past the
 * end). Then:
 *   paced     the pass with a fake clock at 300/min (our default), 400/min (the published limit)
 *             and 700/min (the limit from 00:00 to 06:00 Brasília): the time is the spacing's,
 *             computed, no waiting;
 *   real      the same pass with the real clock at `--real-rate` requests a minute: the wall time
 *             of the requests, the JSON and the hashing, without the spacing's waits;
 *   parse     the pass's `ceis-api.json` through the CEIS importer, beside the same records as a
 *             download CSV (the baseline: what the file fetch parses).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { brCeisImporter } from '../src/adapters/lists/importers/br_ceis.js';
import { fetchPortalList, PORTAL_PAGE_SIZE, type PortalTimer } from '../src/adapters/lists/portal-api.js';
import { option } from './args.js';

const records = option('records', 20_000);
const realRate = option('real-rate', 60_000);
const KEY = 'bench-key';
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const minutes = (ms: number) => `${fmt(ms / 60_000, 1)} min (${fmt(ms / 1000, 1)} s)`;

const sample = JSON.parse(readFileSync(new URL('../test/fixtures/lists/br2/pt_api_ceis.json', import.meta.url), 'utf8')) as Record<string, unknown>[];
// each record its own party (a CNPJ-shaped code from the id) so the importer makes one entry each
const all = Array.from({ length: records }, (_, i) => {
  const base = sample[i % sample.length]!;
  return { ...base, id: 1_000_000 + i, sancionado: { ...(base['sancionado'] as object), codigoFormatado: `${String(10_000_000 + i)}/0001-00` } };
});

const server = createServer((req, res) => {
  if (req.headers['chave-api-dados'] !== KEY) return void res.writeHead(401).end('{"Erro na API":"Chave de API inválida!"}');
  const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('pagina') ?? '1');
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(all.slice((page - 1) * PORTAL_PAGE_SIZE, page * PORTAL_PAGE_SIZE)));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api-de-dados`;
const today = new Date();
const pages = Math.ceil(records / PORTAL_PAGE_SIZE);

console.log(`CEIS: ${fmt(records)} records = ${fmt(pages)} pages of ${PORTAL_PAGE_SIZE} + the empty page that ends the pass`);
for (const rate of [300, 400, 700]) {
  let now = 0;
  const timer: PortalTimer = { now: () => now, sleep: async (ms) => void (now += ms) };
  const pass = await fetchPortalList('ceis', [], today, { baseUrl, key: KEY, requestsPerMinute: rate, timeoutMs: 30_000, retries: 3, timer });
  console.log(`paced   ${fmt(rate)}/min: ${fmt(pass.requests)} requests, the spacing alone ${minutes(now)}`);
}

const started = performance.now();
const pass = await fetchPortalList('ceis', [], today, { baseUrl, key: KEY, requestsPerMinute: realRate, timeoutMs: 30_000, retries: 3 });
const realMs = performance.now() - started;
if (pass.kind !== 'fetched') throw new Error(pass.kind);
const file = pass.files[0]!;
console.log(`real    ${fmt(realRate)}/min: ${fmt(pass.requests)} requests in ${fmt(realMs / 1000, 2)} s (${fmt(pass.requests / (realMs / 1000))} requests/s), ${fmt(file.data.length / 1024 / 1024, 1)} MiB of JSON`);
server.close();

const timed = async (what: string, files: { name: string; data: Buffer }[]) => {
  const t0 = performance.now();
  const parsed = await brCeisImporter.parse(files);
  const ms = performance.now() - t0;
  console.log(`parse   ${what}: ${fmt(parsed.entries.length)} entries in ${fmt(ms)} ms (${fmt(records / (ms / 1000))} rows/s)`);
};
await timed('ceis-api.json (the API pass)', [file]);

// the same records as the download CSV writes them: the baseline a file fetch parses
const header = iconv.decode(readFileSync(new URL('../test/fixtures/lists/br/ceis.csv', import.meta.url)), 'win1252').split('\n')[0]!;
const csvRows = all.map((r, i) => {
  const cells = ['CEIS', String(r.id), 'J', `${String(10_000_000 + i)}000100`, `EMPRESA ${i} LTDA`, `EMPRESA ${i} LTDA`, '', '', '123', 'Suspensão', '02/05/2024', '01/05/2026', '03/05/2024', 'DOU', '', '', 'Sem Informação', 'Órgão', 'MG', 'ESTADUAL', 'LEI 8666 - ART. 87, III', '10/05/2024', 'CGU', ''];
  return cells.map((c) => `"${c}"`).join(';');
});
await timed('the download CSV (baseline)', [{ name: '20261120_CEIS.csv', data: iconv.encode([header, ...csvRows].join('\r\n'), 'win1252') }]);
