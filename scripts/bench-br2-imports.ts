/**
 * Rows per second of the importers of issue 31's Brazilian lists: each list's sample shapes
 * (test/fixtures/lists/br2) repeated into one large file with fresh documents and names, then
 * parsed by the list's importer, as an upload or a scheduled fetch would (parse only: no store,
 * no index):
 *
 *   npx tsx scripts/bench-br2-imports.ts [--rows=100000] [--only=br_bcb_qgi,...]
 *
 * Each line of BENCHES is one list and one format: its importer and a function that writes a
 * file of `rows` rows. Add a list with one line.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brBcbQgiImporter } from '../src/adapters/lists/importers/br_bcb_qgi.js';
import { brBcbQgpImporter } from '../src/adapters/lists/importers/br_bcb_qgp.js';
import { brIbamaEmbargosImporter } from '../src/adapters/lists/importers/br_ibama_embargos.js';
import type { ListFile, ListImporter } from '../src/adapters/lists/importers/port.js';
import { option } from './args.js';

const SAMPLES = fileURLToPath(new URL('../test/fixtures/lists/br2/', import.meta.url));
const sampleUtf8 = (name: string): string => readFileSync(SAMPLES + name, 'utf8');

/** The OData answer of QGI/QGP with `rows` lines: the sample's lines cycled, each a new person (every fifth one twice: two PAS). */
const bcbJson = (sample: string, field: 'CPF' | 'CPF_CNPJ') => (rows: number): ListFile => {
  const lines = (JSON.parse(sampleUtf8(sample)) as { value: Record<string, unknown>[] }).value;
  const value = Array.from({ length: rows }, (_, i) => {
    const line = lines[i % lines.length]!;
    const party = i % 5 === 4 ? i - 1 : i;
    const masked = `***${String(100_000 + party).slice(-6)}**`;
    return { ...line, PAS: `PE ${200_000 + i}`, Nome: `${String(line['Nome'])} ${party}`, [field]: String(line[field]).length === 14 ? `${String(10_000_000 + party).slice(-8)}000199` : masked };
  });
  return { name: 'QuadroGeral.json', data: Buffer.from(JSON.stringify({ '@odata.context': 'bench', value })) };
};

/** IBAMA's termo de embargo CSV with `rows` rows: the sample's rows cycled (polygons and all), each naming a new party. */
const ibamaCsv = (rows: number): ListFile => {
  const [header, ...lines] = sampleUtf8('ibama_termo_de_embargo.csv').replace(/^\uFEFF/, '').split('\n').filter(Boolean);
  const made = Array.from({ length: rows }, (_, i) => {
    const cells = lines[i % lines.length]!.slice(1, -1).split('";"');
    const party = i % 5 === 4 ? i - 1 : i;
    cells[0] = String(10_000_000 + i);
    cells[11] = `EMBARGADO ${party}`;
    cells[12] = String(10_000_000_000 + party * 7);
    return `"${cells.join('";"')}"`;
  });
  return { name: 'termo_de_embargo.csv', data: Buffer.from(`\uFEFF${[header, ...made].join('\n')}\n`, 'utf8') };
};

/** One line per list and format: [label, importer, file maker]. */
const BENCHES: readonly (readonly [string, ListImporter, (rows: number) => ListFile])[] = [
  ['br_bcb_qgi (OData JSON)', brBcbQgiImporter, bcbJson('bcb_qgi.json', 'CPF')],
  ['br_bcb_qgp (OData JSON)', brBcbQgpImporter, bcbJson('bcb_qgp.json', 'CPF_CNPJ')],
  ['br_ibama_embargos (CSV)', brIbamaEmbargosImporter, ibamaCsv],
];

async function main(): Promise<void> {
  const rows = option('rows', 100_000);
  const only = process.argv.slice(2).find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  console.log(`| list (format) | rows | MB | entries | parse s | rows/s |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  for (const [label, importer, make] of BENCHES) {
    if (only && !only.some((o) => label.startsWith(o))) continue;
    const file = make(rows);
    const started = performance.now();
    const parsed = await importer.parse([file]);
    const seconds = (performance.now() - started) / 1000;
    console.log(`| ${label} | ${rows} | ${(file.data.length / 1e6).toFixed(1)} | ${parsed.entries.length} | ${seconds.toFixed(2)} | ${Math.round(rows / seconds)} |`);
  }
}

await main();
