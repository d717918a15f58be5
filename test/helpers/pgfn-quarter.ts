/**
 * A PGFN quarter folder built from the samples (test/fixtures/lists/br2/pgfn_*.csv, copied from
 * ../shared/data/lists/br2/): the three zips of `YYYY_trimestre_0Q/` as the open-data host
 * publishes them, each holding its CSVs (the SIDA zip also the real 2020 file with the old header).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZipFile } from 'yazl';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'lists', 'br2');
export const pgfnSample = (name: string): Buffer => readFileSync(join(FIXTURES, name));

export async function zipOf(entries: readonly { name: string; content: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const { name, content } of entries) zip.addBuffer(content, name, { mtime: new Date(Date.UTC(2026, 6, 1)) });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The three zips by file name; `lf` rewrites the CRLF samples with LF line ends. */
export async function pgfnZips(options: { lf?: boolean } = {}): Promise<Record<string, Buffer>> {
  const csv = (name: string) => {
    const bytes = pgfnSample(name);
    return options.lf ? Buffer.from(bytes.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') : bytes;
  };
  return {
    'Dados_abertos_Nao_Previdenciario.zip': await zipOf([
      { name: 'arquivo_lai_SIDA_1_202606.csv', content: csv('pgfn_arquivo_lai_SIDA_1_202606.csv') },
      { name: 'arquivo_lai_SIDA_2_202606.csv', content: csv('pgfn_legacy_2020_nao_previdenciario_REAL.csv') },
    ]),
    'Dados_abertos_Previdenciario.zip': await zipOf([{ name: 'arquivo_lai_PREV_1_202606.csv', content: csv('pgfn_arquivo_lai_PREV_1_202606.csv') }]),
    'Dados_abertos_FGTS.zip': await zipOf([{ name: 'arquivo_lai_FGTS_1_202606.csv', content: csv('pgfn_arquivo_lai_FGTS_1_202606.csv') }]),
  };
}

/** The zips written into `<root>/<quarter>/`; returns that directory. */
export async function writePgfnQuarter(root: string, quarter: string, options: { lf?: boolean } = {}): Promise<string> {
  const dir = join(root, quarter);
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(await pgfnZips(options))) writeFileSync(join(dir, name), bytes);
  return dir;
}

/** A valid CPF whose middle six digits (4th to 9th) are `middle`: the first three chosen, the check digits computed. */
export function cpfWithMiddle(middle: string, first = '123'): string {
  const base = `${first}${middle}`;
  const dv = (digits: string) => {
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base);
  return `${base}${d1}${dv(`${base}${d1}`)}`;
}
