import { expect } from 'chai';
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { date, money } from '../../../src/adapters/cnpj-register/dump.js';
import { importDump } from '../../../src/adapters/cnpj-register/importer.js';
import { SqliteCnpjRegister, SqliteRegisterTarget } from '../../../src/adapters/cnpj-register/sqlite.js';
import { cnpjOf, corruptStoredZip, csvOf, empresa, estabelecimento, LOOKUPS, socio, truncateFile, writeDump, writeZip, type DumpRows } from '../../helpers/cnpj-dump.js';
import { tempDir } from '../../helpers/temp.js';

const MATRIZ = cnpjOf('11222333');
const rows = (razao: string): DumpRows => ({
  ...LOOKUPS,
  empresas: [empresa('11222333', razao)],
  estabelecimentos: [estabelecimento(MATRIZ)],
  socios: [socio('11222333')],
  simples: [],
});

describe('CNPJ dump parsing', () => {
  it('reads dates YYYYMMDD, with 0, 00000000 and empty as no date', () => {
    expect(date('20240131')).to.equal('2024-01-31');
    for (const none of ['0', '00000000', '', ' ', undefined]) expect(date(none)).to.equal(null);
  });

  it('reads money with a decimal comma', () => {
    expect(money('1000,00')).to.equal(1000);
    expect(money(' 1234567,89 ')).to.equal(1234567.89);
    expect(money('1.500,5')).to.equal(1500.5);
    expect(money('')).to.equal(null);
    expect(money('abc')).to.equal(null);
  });
});

describe('CNPJ dump import into SQLite: broken dumps fail clearly and leave the served month alone', () => {
  let dataDir: string;
  let parent: string;
  let register: SqliteCnpjRegister;

  beforeEach(async () => {
    dataDir = tempDir('cnpj-imp-');
    parent = tempDir('cnpj-dump-');
    register = new SqliteCnpjRegister(dataDir, { recheckMs: 0 });
    await importDump(await writeDump(parent, '2026-05', rows('SERVIDA LTDA')), new SqliteRegisterTarget(dataDir));
  });
  afterEach(() => register.close());

  async function expectFailure(dir: string, pattern: RegExp): Promise<void> {
    let error: Error | undefined;
    await importDump(dir, new SqliteRegisterTarget(dataDir)).catch((e: Error) => (error = e));
    expect(error?.message, 'the import should fail').to.match(pattern);
    const view = (await register.current())!;
    expect(view.month.month).to.equal('2026-05');
    expect(await view.companyName('11222333')).to.equal('SERVIDA LTDA');
  }

  it('a truncated zip: its name in the error, before any row is written', async () => {
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'), { parts: 2 });
    truncateFile(join(dir, 'Socios1.zip'));
    await expectFailure(dir, /Socios1\.zip: not a readable zip/);
    // every zip is opened before the build starts: nothing was begun
    expect(readdirSync(join(dataDir, 'cnpj')).filter((n) => n.includes('2026-06'))).to.deep.equal([]);
  });

  it('a zip whose bytes fail their CRC-32: refused before a row of any file is committed', async () => {
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'));
    corruptStoredZip(await writeZip(dir, 'Socios0.zip', { 'SOCIOCSV': csvOf([socio('11222333')]) }, { compress: false }));
    const committed: string[] = [];
    let error: Error | undefined;
    await importDump(dir, new SqliteRegisterTarget(dataDir), { batchRows: 1, onProgress: (p) => committed.push(p.file) }).catch((e: Error) => (error = e));
    expect(error?.message).to.match(/Socios0\.zip: CRC-32 mismatch/);
    // read to its end after rows of the other files were stored, a resume on a good copy would keep rows of a corrupt read
    expect(committed).to.deep.equal([]);
  });

  it('a month renamed into place by an import killed before it rewrote current.json is published by the next run, not imported again', async () => {
    // the same month built completely elsewhere, then left here under its final name with current.json still on May
    const elsewhere = tempDir('cnpj-imp-elsewhere-');
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'));
    await importDump(dir, new SqliteRegisterTarget(elsewhere));
    writeFileSync(join(dataDir, 'cnpj', 'cnpj-2026-06.sqlite'), readFileSync(join(elsewhere, 'cnpj', 'cnpj-2026-06.sqlite')));
    const committed: string[] = [];
    const month = await importDump(dir, new SqliteRegisterTarget(dataDir), { onProgress: (p) => committed.push(p.file) });
    expect(committed, 'no row loaded again').to.deep.equal([]);
    expect(month.rows).to.include({ empresas: 1, socios: 1 });
    const view = (await register.current())!;
    expect(view.month.month).to.equal('2026-06');
    expect(await view.companyName('11222333')).to.equal('NOVA LTDA');
    expect(readdirSync(join(dataDir, 'cnpj')).filter((n) => n.endsWith('.sqlite'))).to.deep.equal(['cnpj-2026-06.sqlite']);
  });

  it('a zip with two entries', async () => {
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'));
    await writeZip(dir, 'Empresas0.zip', { 'A.CSV': csvOf([empresa('11222333', 'X')]), 'B.CSV': '' });
    await expectFailure(dir, /Empresas0\.zip: expected exactly one CSV in the zip, found 2: A\.CSV, B\.CSV/);
  });

  it('a missing Socios file and a missing lookup table, all named', async () => {
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'), { omit: ['socios', 'paises'] });
    await expectFailure(dir, /the dump lacks Paises\.zip, Socios\*\.zip/);
  });

  it('a directory not named YYYY-MM without a month given', async () => {
    const dir = await writeDump(parent, 'dump', rows('NOVA LTDA'));
    await expectFailure(dir, /cannot tell the month from the directory name dump/);
    const loaded = await importDump(dir, new SqliteRegisterTarget(dataDir), { month: '2026-07' });
    expect(loaded.month).to.equal('2026-07');
    expect(await (await register.current())!.companyName('11222333')).to.equal('NOVA LTDA');
  });

  it('finds the files whatever their case; the previous month file is deleted after the swap', async () => {
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'));
    renameSync(join(dir, 'Empresas0.zip'), join(dir, 'EMPRESAS0.ZIP'));
    const old = (await register.current())!;
    await importDump(dir, new SqliteRegisterTarget(dataDir));
    expect(readdirSync(join(dataDir, 'cnpj')).sort()).to.deep.equal(['cnpj-2026-06.sqlite', 'current.json']);
    expect(JSON.parse(readFileSync(join(dataDir, 'cnpj', 'current.json'), 'utf8'))).to.deep.equal({ month: '2026-06', file: 'cnpj-2026-06.sqlite' });
    // still readable through the handle opened before the delete
    expect(await old.companyName('11222333')).to.equal('SERVIDA LTDA');
  });

  it('keeps no phone or e-mail in the store', async () => {
    const file = join(dataDir, 'cnpj', 'cnpj-2026-05.sqlite');
    const db = new Database(file, { readonly: true });
    const dumped = JSON.stringify(db.prepare('SELECT * FROM estabelecimentos').all());
    db.close();
    expect(dumped).to.include('DAS FLORES').and.not.include('contato@example.com').and.not.include('30000000');
  });

  it('a build from other files than the interrupted one starts afresh', async () => {
    const dir = await writeDump(parent, '2026-06', { ...rows('NOVA LTDA'), socios: Array.from({ length: 20 }, () => socio('11222333')) });
    const stop = new AbortController();
    await importDump(dir, new SqliteRegisterTarget(dataDir), { batchRows: 2, signal: stop.signal, onProgress: (p) => p.table === 'socios' && stop.abort() }).catch(() => undefined);
    expect(existsSync(join(dataDir, 'cnpj', 'cnpj-2026-06.sqlite.partial'))).to.equal(true);
    rmSync(join(dir, 'Socios0.zip'));
    await writeZip(dir, 'Socios0.zip', { 'S.CSV': csvOf([socio('11222333', { 3: 'SÓ UM' })]) });
    const loaded = await importDump(dir, new SqliteRegisterTarget(dataDir), { batchRows: 2 });
    expect(loaded.rows['socios']).to.equal(1);
    expect((await (await register.current())!.partners('11222333')).map((p) => p.nome)).to.deep.equal(['SÓ UM']);
  });

  it('one import at a time: a running one refuses the second, a killed one\'s lock is taken over', async () => {
    const dir = await writeDump(parent, '2026-06', rows('NOVA LTDA'));
    const lockFile = join(dataDir, 'cnpj', 'import.lock');
    writeFileSync(lockFile, String(process.ppid)); // a live process
    await expectFailure(dir, /another import of the CNPJ register is running \(pid \d+\)/);
    writeFileSync(lockFile, String(2 ** 22 + 1)); // above Linux's pid_max: no such process
    await importDump(dir, new SqliteRegisterTarget(dataDir));
    expect(await (await register.current())!.companyName('11222333')).to.equal('NOVA LTDA');
    expect(existsSync(lockFile)).to.equal(false);
  });

  it('a file of the wrong layout fails as it goes, not at its end', async () => {
    const many = Array.from({ length: 30_000 }, (_, i) => (i % 10 === 0 ? ['bad', 'row'] : empresa(String(30000000 + i), 'X')));
    const dir = await writeDump(parent, '2026-06', { ...rows('NOVA LTDA'), empresas: many });
    let furthest = 0;
    const error = await importDump(dir, new SqliteRegisterTarget(dataDir), { batchRows: 1_000, onProgress: (p) => p.table === 'empresas' && (furthest = p.read) }).catch((e: Error) => e);
    expect((error as Error).message).to.match(/empresas: 1000 of 10000 rows unreadable/);
    expect(furthest).to.be.below(30_000);
  });
});
