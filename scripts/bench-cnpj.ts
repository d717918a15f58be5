/**
 * The Receita Federal CNPJ register (issue 16): import rate, disk, and lookups.
 *
 *   npx tsx scripts/bench-cnpj.ts [--dir=<dump dir named YYYY-MM>] [--scale-per-mille=10] [--lookups=2000]
 *                                 [--engine=sqlite|postgres] [--postgres=<postgres:// URL of a user who may CREATE DATABASE>]
 *
 * Without `--dir`, a synthetic dump in the real layout is generated first (scripts/cnpj-gen.ts;
 * 10 per mille = 1% of the register: about 600,000 establishments, 560,000 companies, 270,000
 * partners, 400,000 Simples rows). Then, in a fresh data directory:
 *   baseline  every zip read and parsed (CRC-32, ISO-8859-1, CSV) without storing a row: the
 *             ceiling any importer reading these files has;
 *   import    `importDump` into the embedded store (or, with --engine=postgres, a fresh database on
 *             the server given, dropped at the end), as `npm run cnpj -- import` does: rows/s over
 *             every table, total time, the time projected to the full register (linear in rows;
 *             the index build is n log n, so the projection is a lower bound), the file's size
 *             and its size per million establishments;
 *   lookups   one CNPJ with its partners followed three levels deep through the live `partners`
 *             source (the register walk plus each partner screened against an empty catalog, so
 *             the figure is the register's), beside the establishment alone (one indexed read).
 */
import { mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openDump } from '../src/adapters/cnpj-register/dump.js';
import { importDump } from '../src/adapters/cnpj-register/importer.js';
import type { RegisterView } from '../src/adapters/cnpj-register/port.js';
import { SqliteCnpjRegister, SqliteRegisterTarget } from '../src/adapters/cnpj-register/sqlite.js';
import { PostgresCnpjRegister, PostgresRegisterTarget } from '../src/adapters/cnpj-register/postgres.js';
import type { ImportTarget } from '../src/adapters/cnpj-register/importer.js';
import type { CnpjRegister } from '../src/adapters/cnpj-register/port.js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { RegisterSource } from '../src/adapters/sources/cnpj-register.js';
import { errorAnswer, type Source } from '../src/adapters/sources/port.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { option } from './args.js';
import { FULL, generateDump } from './cnpj-gen.js';

/** The register's size: establishments, companies, partners and Simples rows, as the generator scales them. */
const FULL_ROWS = Object.values(FULL).reduce((a, b) => a + b, 0);

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function parseOnly(dir: string): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  let rows = 0;
  for (const name of readdirSync(dir).filter((n) => n.toLowerCase().endsWith('.zip')).sort()) {
    const dump = await openDump(join(dir, name));
    try {
      for await (const _row of dump.rows()) rows++;
    } finally {
      dump.close();
    }
  }
  return { rows, seconds: (performance.now() - started) / 1000 };
}

/** CNPJs whose partners include a company that has a company partner of its own: three levels to walk. */
async function deepSubjects(view: RegisterView, dir: string, wanted: number): Promise<string[]> {
  const found: string[] = [];
  const socios = readdirSync(dir).filter((n) => /^socios/i.test(n)).sort();
  const seen = new Set<string>();
  for (const name of socios) {
    const dump = await openDump(join(dir, name));
    try {
      for await (const row of dump.rows()) {
        if (row[1] !== '1' || seen.has(row[0]!)) continue;
        seen.add(row[0]!);
        const partnerBasico = String(row[3]).slice(0, 8);
        const below = await view.partners(partnerBasico);
        if (!below.some((p) => p.identificador === '1')) continue;
        // the company's matriz (ordem 0001 in this dump)
        const cnpj = await firstEstablishment(view, row[0]!);
        if (cnpj) found.push(cnpj);
        if (found.length >= wanted) return found;
      }
    } finally {
      dump.close();
    }
  }
  return found;
}

async function firstEstablishment(view: RegisterView, basico: string): Promise<string | null> {
  const cnpj = withCheckDigits(`${basico}0001`);
  return (await view.establishment(cnpj)) ? cnpj : null;
}

interface Engine {
  target: ImportTarget;
  register(): CnpjRegister;
  /** the bytes the served month takes */
  bytes(): Promise<number>;
  close(): Promise<void>;
}

const flagValue = (name: string) => process.argv.slice(2).find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** Where the month is imported: the embedded SQLite file, or a fresh PostgreSQL database. */
async function openEngine(work: string): Promise<Engine> {
  const engine = flagValue('engine') ?? 'sqlite';
  if (engine === 'sqlite') {
    const dataDir = join(work, 'data');
    return {
      target: new SqliteRegisterTarget(dataDir),
      register: () => new SqliteCnpjRegister(dataDir),
      bytes: async () => statSync(join(dataDir, 'cnpj', readdirSync(join(dataDir, 'cnpj')).find((n) => n.endsWith('.sqlite'))!)).size,
      close: async () => undefined,
    };
  }
  const server = flagValue('postgres') ?? process.env['SVC_TEST_POSTGRES'];
  if (engine !== 'postgres' || !server) throw new Error('--engine is sqlite or postgres; postgres needs --postgres=<url> (or SVC_TEST_POSTGRES)');
  const name = `bench_cnpj_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  return {
    target: new PostgresRegisterTarget(pool),
    register: () => new PostgresCnpjRegister(pool),
    bytes: async () => {
      const { rows } = await pool.query<{ bytes: string }>(
        `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = (SELECT schema_name FROM registers_current WHERE register = 'cnpj') AND c.relkind = 'r'`,
      );
      return Number(rows[0]!.bytes);
    },
    close: async () => (await pool.end(), await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function main(): Promise<void> {
  const perMille = option('scale-per-mille', 10);
  const lookups = option('lookups', 2000);
  const given = process.argv.slice(2).find((a) => a.startsWith('--dir='))?.slice(6);
  const work = mkdtempSync(join(tmpdir(), 'bench-cnpj-'));
  try {
    let dir = given;
    if (!dir) {
      dir = join(work, '2026-10');
      const started = performance.now();
      const counts = await generateDump(dir, { scale: perMille / 1000 });
      console.log(`generated ${JSON.stringify(counts)} in ${fmt((performance.now() - started) / 1000, 1)} s`);
    }
    const zipBytes = readdirSync(dir).reduce((sum, n) => sum + statSync(join(dir!, n)).size, 0);
    console.log(`dump ${basename(dir)}: ${fmt(zipBytes / 2 ** 20, 1)} MiB of zips`);

    const baseline = await parseOnly(dir);
    console.log(`baseline (read + parse, nothing stored): ${fmt(baseline.rows)} rows in ${fmt(baseline.seconds, 1)} s = ${fmt(baseline.rows / baseline.seconds)} rows/s`);

    const engine = await openEngine(work);
    const started = performance.now();
    const month = await importDump(dir, engine.target);
    const seconds = (performance.now() - started) / 1000;
    const rows = Object.values(month.rows).reduce((a, b) => a + b, 0);
    const establishments = month.rows['estabelecimentos'] ?? 0;
    const bytes = await engine.bytes();
    console.log(`import: ${fmt(rows)} rows in ${fmt(seconds, 1)} s = ${fmt(rows / seconds)} rows/s (${fmt(rows / seconds / (baseline.rows / baseline.seconds), 2)} of the baseline)`);
    console.log(`  rows ${JSON.stringify(month.rows)} rejected ${JSON.stringify(month.rejected)}`);
    console.log(`  projected full register (${fmt(FULL_ROWS / 1e6)} M rows, linear): ${fmt(((FULL_ROWS / rows) * seconds) / 60, 0)} min`);
    console.log(`  disk: ${fmt(bytes / 2 ** 20, 1)} MiB = ${fmt(bytes / 2 ** 30 / (establishments / 1e6), 2)} GiB per million establishments; full register ≈ ${fmt((bytes / establishments) * 60e6 / 2 ** 30, 0)} GiB`);

    const register = engine.register();
    const view = (await register.current())!;
    const subjects = await deepSubjects(view, dir, 200);
    if (subjects.length === 0) throw new Error('no company with partners three levels deep in this dump');
    const empty = { search: () => [], version: () => null };
    const fallback: Source = { query: async () => errorAnswer('unused', 'unused') };
    const source = new RegisterSource(register, empty, fallback);
    const signal = new AbortController().signal;
    const deep: number[] = [];
    const flat: number[] = [];
    let nodes = 0;
    let levels = 0;
    for (let i = 0; i < lookups; i++) {
      const cnpj = subjects[i % subjects.length]!;
      let t = performance.now();
      await view.establishment(cnpj);
      flat.push(performance.now() - t);
      t = performance.now();
      const answer = await source.query({ run_id: 'bench', tenant_id: 'bench', source_id: 'partners', subject: { type: 'pj', doc: cnpj } }, signal);
      deep.push(performance.now() - t);
      const partners = (answer.data['partners'] as { level: number }[] | undefined) ?? [];
      nodes += partners.length;
      levels = Math.max(levels, ...partners.map((p) => p.level));
    }
    deep.sort((a, b) => a - b);
    flat.sort((a, b) => a - b);
    console.log(
      `lookups (${lookups} over ${subjects.length} companies, ${fmt(nodes / lookups, 1)} partners each, up to level ${levels}): partners 3 levels p50 ${fmt(quantile(deep, 0.5), 2)} ms, p99 ${fmt(quantile(deep, 0.99), 2)} ms; establishment alone p50 ${fmt(quantile(flat, 0.5), 3)} ms, p99 ${fmt(quantile(flat, 0.99), 3)} ms`,
    );
    await register.close();
    await engine.close();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
