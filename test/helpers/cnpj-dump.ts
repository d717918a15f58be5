/**
 * Writes CNPJ dumps as the Receita publishes them (../shared/data/cnpj/LAYOUT.md): one zip per
 * file holding one headerless CSV, every field quoted, `;`-separated, ISO-8859-1.
 */
import iconv from 'iconv-lite';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yazl from 'yazl';
import { withCheckDigits } from '../../src/domain/values/document.js';

export type Row = readonly string[];

/** One CSV line per row, as the Receita writes them (a `"` inside a field doubled). */
export const csvOf = (rows: Iterable<Row>): string => {
  let out = '';
  for (const row of rows) out += `${row.map((f) => `"${f.replace(/"/g, '""')}"`).join(';')}\n`;
  return out;
};

/** Writes `name` (a zip) in `dir` holding `entries` (file name -> CSV text, encoded ISO-8859-1). */
export async function writeZip(dir: string, name: string, entries: Record<string, string>, options: { compress?: boolean } = {}): Promise<string> {
  const path = join(dir, name);
  const zip = new yazl.ZipFile();
  for (const [entry, csv] of Object.entries(entries)) zip.addBuffer(iconv.encode(csv, 'latin1'), entry, { compress: options.compress ?? true });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(path)).on('close', resolve).on('error', reject);
  });
  return path;
}

/** The rows of a dump by table; every lookup table gets a default row when not given. */
export interface DumpRows {
  empresas?: Row[];
  estabelecimentos?: Row[];
  socios?: Row[];
  simples?: Row[];
  cnaes?: Row[];
  motivos?: Row[];
  municipios?: Row[];
  naturezas?: Row[];
  paises?: Row[];
  qualificacoes?: Row[];
}

const FILE_NAMES: Record<keyof DumpRows, string> = {
  empresas: 'Empresas',
  estabelecimentos: 'Estabelecimentos',
  socios: 'Socios',
  simples: 'Simples',
  cnaes: 'Cnaes',
  motivos: 'Motivos',
  municipios: 'Municipios',
  naturezas: 'Naturezas',
  paises: 'Paises',
  qualificacoes: 'Qualificacoes',
};
const SPLIT: readonly (keyof DumpRows)[] = ['empresas', 'estabelecimentos', 'socios'];

/**
 * Writes a dump directory `<parent>/<month>` (the importer reads the month from the name).
 * Empresas, Estabelecimentos and Socios are split over `parts` numbered files, as published.
 */
export async function writeDump(parent: string, month: string, rows: DumpRows, options: { parts?: number; omit?: (keyof DumpRows)[] } = {}): Promise<string> {
  const dir = join(parent, month);
  mkdirSync(dir, { recursive: true });
  const parts = options.parts ?? 1;
  for (const table of Object.keys(FILE_NAMES) as (keyof DumpRows)[]) {
    if (options.omit?.includes(table)) continue;
    const all = rows[table] ?? [];
    if (SPLIT.includes(table)) {
      const size = Math.ceil(all.length / parts);
      for (let p = 0; p < parts; p++) await writeZip(dir, `${FILE_NAMES[table]}${p}.zip`, { [`K3241.K03200Y${p}.D60510.${table.toUpperCase()}CSV`]: csvOf(all.slice(p * size, (p + 1) * size)) });
    } else {
      await writeZip(dir, `${FILE_NAMES[table]}.zip`, { [`F.K03200$Z.D60510.${table.toUpperCase()}CSV`]: csvOf(all) });
    }
  }
  return dir;
}

/** A full CNPJ from its básico and ordem, with its check digits. */
export const cnpjOf = (basico: string, ordem = '0001') => withCheckDigits(`${basico}${ordem}`);

export const empresa = (basico: string, razao: string, fields: Partial<{ natureza: string; qualificacao: string; capital: string; porte: string; ente: string }> = {}): Row => [
  basico,
  razao,
  fields.natureza ?? '2062',
  fields.qualificacao ?? '49',
  fields.capital ?? '1000,00',
  fields.porte ?? '01',
  fields.ente ?? '',
];

/** An establishment's 30 columns; `fields` by column number (1-based, as in LAYOUT.md). */
export function estabelecimento(cnpj: string, fields: Record<number, string> = {}): Row {
  const row = [cnpj.slice(0, 8), cnpj.slice(8, 12), cnpj.slice(12), cnpj.slice(8, 12) === '0001' ? '1' : '2', 'FANTASIA', '02', '20200115', '00', '', '', '20200110', '6201501', '6202300,6203100', 'RUA', 'DAS FLORES', '100', 'SALA 1', 'CENTRO', '01001000', 'SP', '7107', '11', '30000000', '', '', '', '', 'contato@example.com', '', ''];
  for (const [column, value] of Object.entries(fields)) row[Number(column) - 1] = value;
  return row;
}

/** A partner's 11 columns; `fields` by column number (1-based). */
export function socio(basico: string, fields: Record<number, string> = {}): Row {
  const row = [basico, '2', 'FULANO DE TAL', '***456789**', '49', '20200110', '', '***000000**', '', '00', '5'];
  for (const [column, value] of Object.entries(fields)) row[Number(column) - 1] = value;
  return row;
}

export const simples = (basico: string, fields: Record<number, string> = {}): Row => {
  const row = [basico, 'S', '20200110', '0', 'N', '0', '0'];
  for (const [column, value] of Object.entries(fields)) row[Number(column) - 1] = value;
  return row;
};

/** Lookup tables with the codes the default rows use. */
export const LOOKUPS: Required<Pick<DumpRows, 'cnaes' | 'motivos' | 'municipios' | 'naturezas' | 'paises' | 'qualificacoes'>> = {
  cnaes: [
    ['6201501', 'Desenvolvimento de programas de computador sob encomenda'],
    ['6202300', 'Desenvolvimento e licenciamento de programas de computador customizáveis'],
    ['6203100', 'Desenvolvimento e licenciamento de programas de computador não-customizáveis'],
  ],
  motivos: [['00', 'SEM MOTIVO'], ['01', 'EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA']],
  municipios: [['7107', 'SAO PAULO'], ['6001', 'RIO DE JANEIRO']],
  naturezas: [['2062', 'Sociedade Empresária Limitada'], ['2135', 'Empresário (Individual)']],
  paises: [['105', 'BRASIL'], ['249', 'ESTADOS UNIDOS']],
  qualificacoes: [['49', 'Sócio-Administrador'], ['22', 'Sócio'], ['05', 'Administrador'], ['00', 'Não informada']],
};

/** Flips one byte of the first entry's data of a zip written with `compress: false`: only the CRC-32 can tell. */
export function corruptStoredZip(path: string): void {
  const data = readFileSync(path);
  const nameLength = data.readUInt16LE(26);
  const extraLength = data.readUInt16LE(28);
  const at = 30 + nameLength + extraLength + 5;
  data[at] = data[at]! ^ 0x01;
  writeFileSync(path, data);
}

/** Cuts a file to `share` of its length, as an interrupted download leaves it. */
export function truncateFile(path: string, share = 0.6): void {
  const data = readFileSync(path);
  writeFileSync(path, data.subarray(0, Math.floor(data.length * share)));
}
