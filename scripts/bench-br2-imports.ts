/**
 * Rows per second of the importers of issue 31's Brazilian lists: each list's sample shapes
 * (test/fixtures/lists/br2) repeated into one large file with fresh documents and names, then
 * parsed by the list's importer, as an upload or a scheduled fetch would (parse only: no store,
 * no index):
 *
 *   npx tsx scripts/bench-br2-imports.ts [--rows=100000] [--only=br_tcu_inidoneos,br_bcb_qgi,...]
 *
 * Each line of BENCHES is one list and one format: its importer and a function that writes a
 * file of `rows` rows. Add a list with one line.
 */
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brBcbQgiImporter } from '../src/adapters/lists/importers/br_bcb_qgi.js';
import { brBcbQgpImporter } from '../src/adapters/lists/importers/br_bcb_qgp.js';
import { brIbamaEmbargosImporter } from '../src/adapters/lists/importers/br_ibama_embargos.js';
import { brTcuInabilitadosImporter } from '../src/adapters/lists/importers/br_tcu_inabilitados.js';
import { brTcuInidoneosImporter } from '../src/adapters/lists/importers/br_tcu_inidoneos.js';
import type { ListFile, ListImporter } from '../src/adapters/lists/importers/port.js';
import { option } from './args.js';

const SAMPLES = fileURLToPath(new URL('../test/fixtures/lists/br2/', import.meta.url));
const sampleText = (name: string, encoding: 'utf8' | 'win1252' = 'utf8'): string => iconv.decode(readFileSync(SAMPLES + name), encoding);

/** The check digits of a CPF (9 digits) or CNPJ (12 digits) base, appended. */
function withCheckDigits(base: string): string {
  let digits = base;
  for (let round = 0; round < 2; round++) {
    const n = digits.length;
    const weights = n < 11 ? Array.from({ length: n }, (_, i) => n + 1 - i) : Array.from({ length: n }, (_, i) => [2, 3, 4, 5, 6, 7, 8, 9][(n - 1 - i) % 8]!);
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
    const rest = sum % 11;
    digits += String(rest < 2 ? 0 : 11 - rest);
  }
  return digits;
}
const cpf = (i: number) => withCheckDigits(String(100_000_000 + i).slice(-9)).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const cnpj = (i: number) => withCheckDigits(`${String(10_000_000 + i).slice(-8)}0001`).replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');

/** The sample's rows cycled to `rows`, each with a new document (every fifth party twice: two processes) and name. */
function cycled<T>(templates: readonly T[], rows: number, make: (template: T, i: number, party: number) => T): T[] {
  return Array.from({ length: rows }, (_, i) => make(templates[i % templates.length]!, i, i % 5 === 4 ? i - 1 : i));
}

const tcuElements = (name: string): Record<string, unknown>[] => {
  const body = JSON.parse(sampleText(name)) as Record<string, unknown>[] | { elementos: Record<string, unknown>[] };
  return Array.isArray(body) ? body : body.elementos;
};

/** The new platform's JSON array (the scheduled fetch). */
const tcuJson = (sample: string, doc: (i: number) => string) => (rows: number): ListFile => ({
  name: 'responsaveis.json',
  data: Buffer.from(JSON.stringify(cycled(tcuElements(sample), rows, (e, i, party) => ({ ...e, nome: `${String(e['nome'])} ${party}`, numeroRegistro: doc(party), numeroProcessoFormatado: `${String(i).padStart(6, '0')}/2024-1` })))),
});

/** The CSV export (Windows-1252, `sep=|`). */
const tcuCsv = (sample: string) => (rows: number): ListFile => {
  const [sep, header, ...lines] = sampleText(sample, 'win1252').split('\n');
  const made = cycled(lines.filter((l) => l.includes('/')), rows, (line, i, party) => {
    const cells = line.split('|');
    cells[0] = `${cells[0]} ${party}`;
    cells[1] = cnpj(party);
    cells[4] = `${String(i).padStart(6, '0')}/2024-1`;
    return cells.join('|');
  });
  return { name: 'export.csv', data: iconv.encode([sep, header, ...made].join('\n'), 'win1252') };
};

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
  ['br_tcu_inidoneos (JSON)', brTcuInidoneosImporter, tcuJson('tcu_certidoes_inidoneos_pagina1.json', cnpj)],
  ['br_tcu_inidoneos (CSV)', brTcuInidoneosImporter, tcuCsv('tcu_inidoneos_export.csv')],
  ['br_tcu_inabilitados (JSON)', brTcuInabilitadosImporter, tcuJson('tcu_certidoes_inabilitados.json', cpf)],
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
