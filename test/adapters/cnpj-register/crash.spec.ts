import { expect } from 'chai';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteCnpjRegister } from '../../../src/adapters/cnpj-register/sqlite.js';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, simples, socio, writeDump } from '../../helpers/cnpj-dump.js';
import { tempDir } from '../../helpers/temp.js';
import { nodeArgs } from '../../helpers/node-child.js';

const CHILD = fileURLToPath(new URL('./import-child.ts', import.meta.url));

/** Runs the child to its end or its own SIGKILL; its stdout lines and how it ended. */
function runChild(args: string[]): Promise<{ lines: string[]; code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs(CHILD), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ lines: out.split('\n').filter(Boolean), code, signal }));
  });
}

/** Every row of every table of a month's file, in rowid order, for comparing two imports. */
function contents(dataDir: string): Record<string, unknown[]> {
  const db = new Database(join(dataDir, 'cnpj', 'cnpj-2026-05.sqlite'), { readonly: true });
  const tables = ['empresas', 'estabelecimentos', 'socios', 'simples', 'codes'];
  const all = Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));
  db.close();
  return all;
}

describe('CNPJ import crash: a SIGKILLed import resumes to the same register', function () {
  this.timeout(120_000);

  it('killed after some committed batches, the re-run skips them and ends with the counts and rows of an uninterrupted import', async () => {
    const basicos = Array.from({ length: 300 }, (_, i) => String(20000000 + i));
    const dump = await writeDump(
      tempDir('cnpj-crash-dump-'),
      '2026-05',
      {
        ...LOOKUPS,
        empresas: basicos.map((b) => empresa(b, `EMPRESA ${b}`)),
        estabelecimentos: basicos.map((b) => estabelecimento(cnpjOf(b))),
        socios: basicos.flatMap((b) => [socio(b, { 3: `SÓCIO A ${b}` }), socio(b, { 3: `SÓCIO B ${b}` })]),
        simples: basicos.slice(0, 50).map((b) => simples(b)),
      },
      { parts: 3 },
    );
    const reference = tempDir('cnpj-crash-ref-');
    const whole = await runChild([dump, reference, '25']);
    expect(whole.code, whole.lines.join('\n')).to.equal(0);

    const crashed = tempDir('cnpj-crash-');
    // 6 lookup files, Empresas0..2 (5 batches each: 4 of rows, 1 closing the file) and Simples (3) are 24 batches:
    // the kill lands in the establishments
    const killed = await runChild([dump, crashed, '25', '26']);
    expect(killed.signal).to.equal('SIGKILL');
    expect(killed.lines.at(-1)).to.equal('batch Estabelecimentos0.zip 50');
    const reader = new SqliteCnpjRegister(crashed, { recheckMs: 0 });
    expect(await reader.current(), 'nothing served before the import completes').to.equal(null);

    const rerun = await runChild([dump, crashed, '25']);
    expect(rerun.code, rerun.lines.join('\n')).to.equal(0);
    // resumed after the committed rows, not started over
    expect(rerun.lines[0]).to.equal('batch Estabelecimentos0.zip 75');
    const done = (lines: string[]) => JSON.parse(lines.at(-1)!.replace(/^done /, '')) as { rows: Record<string, number>; rejected: Record<string, number> };
    expect(done(rerun.lines).rows).to.deep.equal(done(whole.lines).rows);
    expect(done(rerun.lines).rows).to.include({ empresas: 300, estabelecimentos: 300, socios: 600, simples: 50 });
    expect(contents(crashed)).to.deep.equal(contents(reference));
    const view = (await reader.current())!;
    expect((await view.partners('20000007')).map((p) => p.nome)).to.deep.equal(['SÓCIO A 20000007', 'SÓCIO B 20000007']);
    await reader.close();
  });
});
