/**
 * The PGFN dívida ativa register (issue 31): import rate and lookup latency.
 *
 *   npx tsx scripts/bench-pgfn.ts [--rows=1500000] [--lookups=5000]
 *
 * A synthetic quarter in the published layout (three zips, `;`, cp1252, CRLF; about 60% companies
 * with a co-debtor row in one inscription of ten, 40% persons with masked CPFs) is written to a
 * temporary folder and imported with `importQuarter` into SQLite: rows/s. Then, on the served
 * file, `debtsOf` p50/p99 for a company (by CNPJ) and a person (middle digits + name) through the
 * port, beside the same person's query run with the index disabled (`NOT INDEXED`, a full scan)
 * on a fraction of the lookups: the baseline the index is measured against.
 */
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipFile } from 'yazl';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { importQuarter } from '../src/adapters/pgfn-register/importer.js';
import { SqlitePgfnRegister, SqlitePgfnTarget, pgfnDir } from '../src/adapters/pgfn-register/sqlite.js';
import { nameKey } from '../src/adapters/pgfn-register/rows.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { option } from './args.js';

const rows = option('rows', 1_500_000);
const lookups = option('lookups', 5_000);
const HEADER = 'CPF_CNPJ;TIPO_PESSOA;TIPO_DEVEDOR;NOME_DEVEDOR;UF_DEVEDOR;UNIDADE_RESPONSAVEL;NUMERO_INSCRICAO;TIPO_SITUACAO_INSCRICAO;SITUACAO_INSCRICAO;RECEITA_PRINCIPAL;DATA_INSCRICAO;INDICADOR_AJUIZADO;VALOR_CONSOLIDADO';
const NAMES = ['JOSE CARLOS DA SILVA', 'MARIA APARECIDA SANTOS', 'ANTONIO FERREIRA LIMA', 'ANA PAULA OLIVEIRA', 'JOAO PEREIRA COSTA'];
const cnpjOf = (i: number) => withCheckDigits(`${String(10_000_000 + i).padStart(8, '0')}0001`);
const middleOf = (i: number) => String(100_000 + (i % 900_000)).padStart(6, '0');

function line(i: number, sistema: string): string {
  if (i % 5 < 3) {
    const cnpj = cnpjOf(i);
    const doc = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    return `${doc};Pessoa jurídica;PRINCIPAL;EMPRESA ${i} LTDA;SP;SAO PAULO;${sistema}${String(i).padStart(10, '0')};Em cobrança;ATIVA AJUIZADA;Receita da dívida ativa - COFINS;14/03/2025;SIM;${(i % 100000) + 0.37}`;
  }
  const m = middleOf(i);
  return `XXX${m.slice(0, 3)}.${m.slice(3)}XX;Pessoa física;PRINCIPAL;${NAMES[i % NAMES.length]};MG;MINAS GERAIS;${sistema}${String(i).padStart(10, '0')};Em cobrança;ATIVA AJUIZADA;R D Ativa - Multa Isolada;11/06/2024;NAO;${(i % 5000) + 0.55}`;
}

async function writeZip(path: string, entry: string, from: number, to: number, sistema: string): Promise<void> {
  const zip = new ZipFile();
  const out = zip.outputStream.pipe(createWriteStream(path));
  const chunks: string[] = [HEADER];
  for (let i = from; i < to; i++) chunks.push(line(i, sistema));
  zip.addBuffer(Buffer.from(chunks.join('\r\n') + '\r\n', 'latin1'), entry);
  zip.end();
  await new Promise<void>((r) => out.on('close', () => r()));
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'bench-pgfn-'));
  try {
    const quarter = join(root, '2026_trimestre_02');
    mkdirSync(quarter);
    const sida = Math.floor(rows * 0.85);
    const prev = Math.floor(rows * 0.1);
    await writeZip(join(quarter, 'Dados_abertos_Nao_Previdenciario.zip'), 'arquivo_lai_SIDA_1_202606.csv', 0, sida, '1');
    await writeZip(join(quarter, 'Dados_abertos_Previdenciario.zip'), 'arquivo_lai_PREV_1_202606.csv', sida, sida + prev, '2');
    await writeZip(join(quarter, 'Dados_abertos_FGTS.zip'), 'arquivo_lai_FGTS_1_202606.csv', sida + prev, rows, 'FG');
    const dataDir = join(root, 'data');
    const started = performance.now();
    const loaded = await importQuarter(quarter, new SqlitePgfnTarget(dataDir));
    const seconds = (performance.now() - started) / 1000;
    const total = Object.values(loaded.rows).reduce((a, b) => a + b, 0);
    console.log(`import: ${total} rows in ${seconds.toFixed(1)} s = ${Math.round(total / seconds)} rows/s`);

    const register = new SqlitePgfnRegister(dataDir);
    const view = (await register.current())!;
    const company: number[] = [];
    const person: number[] = [];
    for (let k = 0; k < lookups; k++) {
      const i = (k * 7919) % rows;
      let t = performance.now();
      await view.debtsOf(cnpjOf(i - (i % 5)));
      company.push(performance.now() - t);
      const j = i - (i % 5) + 3;
      t = performance.now();
      await view.debtsOf(`123${middleOf(j)}00`, NAMES[j % NAMES.length]);
      person.push(performance.now() - t);
    }
    const db = new Database(join(pgfnDir(dataDir), 'pgfn-2026_trimestre_02.sqlite'), { readonly: true });
    const scan = db.prepare(`SELECT * FROM inscricoes NOT INDEXED WHERE key = ? AND tipo_pessoa = 'pf' AND name_key = ?`);
    const baseline: number[] = [];
    for (let k = 0; k < Math.max(5, Math.floor(lookups / 500)); k++) {
      const j = ((k * 7919) % rows) - (((k * 7919) % rows) % 5) + 3;
      const t = performance.now();
      scan.all(middleOf(j), nameKey(NAMES[j % NAMES.length]!));
      baseline.push(performance.now() - t);
    }
    db.close();
    await register.close();
    for (const [label, values] of [['company (CNPJ básico, indexed)', company], ['person (middle digits + name, indexed)', person], ['baseline: person without the index (full scan)', baseline]] as const) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`${label}: n=${sorted.length} p50 ${ms(pct(sorted, 0.5))} p99 ${ms(pct(sorted, 0.99))}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
