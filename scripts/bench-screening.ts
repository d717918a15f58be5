/**
 * The screening service through its real paths: import of full-size lists, start-up with every
 * list indexed, searches per second through HTTP, memory (screening.md section 7).
 *
 *   npx tsx --expose-gc scripts/bench-screening.ts [--duration=S] [--connections=N] [--pep-rows=N] [--names=N] [--queries=N]
 *
 * (1) Files, in a temporary directory, in the published layout of LAYOUTS.md: CGU zips holding one
 *     `;` CSV, every field quoted, Windows-1252, CRLF. Each row is a row of the sample file with a
 *     generated identity (bench-matching's Brazilian names; CPFs and CNPJs with valid check
 *     digits, masked where the CGU masks them): br_pep 70,000 rows; br_cnep 1,819, br_cepim
 *     3,526 and br_ceaf 4,000 rows (the published sizes); br_ceis at least its 23,720 rows and as
 *     many more as bring the corpus to 150,000 names. The real OFAC and UN publications; the EU,
 *     UK and MTE samples as they are (so every list is loaded).
 * (2) Import: each list POSTed to /operator/v1/lists/:id/versions, timed from the request to the
 *     201, which waits for the catalog (the version loaded from its parsed-entries cache and every
 *     loaded list indexed again); the event loop's longest stall during it (monitorEventLoopDelay).
 *     Then a new version of OFAC and of PEP (one row more) with every list loaded. Baseline:
 *     importer.parse alone on the same files, and one index build over every list.
 * (3) Start-up: the service reopened on that data directory in a child process (its memory is
 *     then its own), timed until a search restricted to each list finds that list's entry; RSS and
 *     heap after a GC. Baseline: a data directory with a tenant and key and no list.
 * (4) Searches/s: autocannon in a worker thread against that child, N connections: POST
 *     /api/v1/screening/search over bench-matching's query mix (listed names as they are, misspelt,
 *     reordered, and names on no list with a CPF) drawn from the parsed entries. Baseline: GET
 *     /api/v1/screening/lists through the same stack, same key, same connections.
 * (5) Imports off the event loop (issue 29): the service reopened in this process, a new version of
 *     PEP and of CEIS POSTed while a worker thread searches through HTTP on 2 connections; the
 *     server's event-loop delay (monitorEventLoopDelay: p50, p99, max) and the searches' latency
 *     during the import, beside the same searches in the 5 s before it. Baseline in the same run:
 *     the service reopened with the same importers run on the event loop (no worker reference),
 *     as every import ran before.
 * Nothing leaves 127.0.0.1: list refresh is off.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { crc32, deflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { fold } from '../src/adapters/lists/importers/br-common.js';
import { LIST_IMPORTERS } from '../src/adapters/lists/importers/index.js';
import type { ListFile, ListImporter } from '../src/adapters/lists/importers/port.js';
import { unpackListFiles } from '../src/adapters/lists/files.js';
import { loadConfig } from '../src/config.js';
import type { ListEntry } from '../src/domain/screening/entry.js';
import { buildIndex } from '../src/domain/screening/match/index.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../src/domain/screening/match/weights.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { createHttpApp } from '../src/http/app.js';
import { silentLogger } from '../src/logger.js';
import { closeApp, composeApp } from '../src/app/compose.js';
import { brazilianCompanyName, brazilianName, queriesFrom } from './bench-matching.js';
import { listen, loadFigures, shut, type LoadFigures, type LoadResult } from './bench-http.js';
import { ACTIVITY, DISTINCTIVE, rng, SURNAMES } from './make-eval-pairs.js';

const LISTS = process.env.SVC_BENCH_LISTS_DIR ?? 'test/fixtures/lists';
const OPERATOR_TOKEN = 'op_bench_screening';
const SEARCH = '/api/v1/screening/search';

/** The same configuration for the importing process and the reopened one: same secrets, no fetching. */
const configFor = (dataDir: string) =>
  loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', SVC_LOG_REQUESTS: 'false', SVC_OPERATOR_TOKEN: OPERATOR_TOKEN, SVC_SECRET_KEY: 'bench-screening-secret' });

// ---------------------------------------------------------------- files

type Rng = ReturnType<typeof rng>;

interface Upload {
  list_id: string;
  /** the files as sent: a CGU zip, or the publication's own files */
  files: ListFile[];
  what: string;
}

const sample = (path: string): ListFile => ({ name: path.split('/').pop()!, data: readFileSync(join(LISTS, path)) });

/** A CGU CSV: the sample's header and rows, every field quoted, `;`, CRLF, Windows-1252. */
function cguCsv(header: readonly string[], rows: readonly (readonly string[])[]): Buffer {
  const line = (cells: readonly string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(';');
  return iconv.encode([header, ...rows].map(line).join('\r\n') + '\r\n', 'win1252');
}

/** The sample CSV's header and rows; a generated row is one of these rows with other identity cells. */
function templates(path: string) {
  const [header, ...rows] = parse(iconv.decode(readFileSync(join(LISTS, path)), 'win1252'), { delimiter: ';' }) as string[][];
  const at = new Map(header!.map((h, i) => [h, i]));
  const fill = (row: readonly string[], cells: Record<string, string>) => {
    const out = [...row];
    for (const [column, value] of Object.entries(cells)) {
      const i = at.get(column);
      if (i === undefined) throw new Error(`${path} has no column ${column}`);
      out[i] = value;
    }
    return out;
  };
  const cell = (row: readonly string[], column: string) => row[at.get(column) ?? -1];
  return { header: header!, rows, fill, cell };
}

/** A one-file zip as the CGU publishes it (deflated, no directory). */
function zip(name: string, data: Buffer): Buffer {
  const body = deflateRawSync(data);
  const fileName = Buffer.from(name, 'latin1');
  const fields = (size: number, values: [number, number, number][]) => {
    const b = Buffer.alloc(size);
    for (const [at, bytes, value] of values) (bytes === 2 ? b.writeUInt16LE(value, at) : b.writeUInt32LE(value, at));
    return b;
  };
  // version 2.0, deflate, 1980-01-01 00:00, crc, sizes, name length
  const common = (at: number): [number, number, number][] => [[at, 2, 20], [at + 4, 2, 8], [at + 6, 2, 0], [at + 8, 2, 0x21], [at + 10, 4, crc32(data)], [at + 14, 4, body.length], [at + 18, 4, data.length], [at + 22, 2, fileName.length]];
  const local = fields(30, [[0, 4, 0x04034b50], ...common(4)]);
  const central = fields(46, [[0, 4, 0x02014b50], [4, 2, 20], ...common(6), [42, 4, 0]]);
  const end = fields(22, [[0, 4, 0x06054b50], [8, 2, 1], [10, 2, 1], [12, 4, central.length + fileName.length], [16, 4, local.length + fileName.length + body.length]]);
  return Buffer.concat([local, fileName, body, central, fileName, end]);
}

const cpf = (r: Rng) => withCheckDigits(String(100_000_000 + r.int(899_999_999)));
const cnpj = (r: Rng) => withCheckDigits(`${String(10_000_000 + r.int(89_999_999))}0001`);
const maskedCpf = (full: string) => `***.${full.slice(3, 6)}.${full.slice(6, 9)}-**`;
/** the Receita's spelling: upper case, no accents */
const receita = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
/** most people hold one office, some two or three (one PEP row each) */
const roleCount = (r: Rng) => (r.next() < 0.92 ? 1 : r.next() < 0.8 ? 2 : 3);

/** PEP: one row per person and role, CPF masked. `extra` rows more at the end: the next version. */
function pepCsv(rows: number, extra = 0): Buffer {
  const t = templates('br/pep.csv');
  const r = rng(1201);
  const out: string[][] = [];
  while (out.length < rows + extra) {
    const person = { CPF: maskedCpf(cpf(r)), Nome_PEP: brazilianName(r).toUpperCase() };
    for (let k = roleCount(r); k > 0 && out.length < rows + extra; k--) out.push(t.fill(r.pick(t.rows), person));
  }
  return cguCsv(t.header, out);
}

interface Party {
  cells: Record<string, string>;
  /** the names the importer keeps for it (distinct once folded) */
  names: number;
}

/** A CEIS/CNEP party: a company with its Receita names, or a person with a full CPF. */
function sanctioned(r: Rng, companyShare: number): Party {
  if (r.next() < companyShare) {
    const name = brazilianCompanyName(r);
    // the sanctioning organ sometimes writes it without the legal form; the trade name is another name
    const informed = r.next() < 0.25 ? name.replace(/\s+(Ltda.*|S\.A\.|EIRELI)$/, '') : name;
    const fantasia = r.next() < 0.5 ? receita(`${r.pick(DISTINCTIVE)} ${r.pick(ACTIVITY)}`) : '';
    const cells = { 'TIPO DE PESSOA': 'J', 'CPF OU CNPJ DO SANCIONADO': cnpj(r), 'NOME DO SANCIONADO': name, 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR': informed, 'RAZÃO SOCIAL - CADASTRO RECEITA': receita(name), 'NOME FANTASIA - CADASTRO RECEITA': fantasia };
    return { cells, names: new Set([name, informed, receita(name), fantasia].filter(Boolean).map(fold)).size };
  }
  const name = brazilianName(r).toUpperCase();
  return { cells: { 'TIPO DE PESSOA': 'F', 'CPF OU CNPJ DO SANCIONADO': cpf(r), 'NOME DO SANCIONADO': name, 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR': name, 'RAZÃO SOCIAL - CADASTRO RECEITA': '', 'NOME FANTASIA - CADASTRO RECEITA': '' }, names: 1 };
}

/** CEIS or CNEP: one row per sanction under its own code; `minRows` rows, and more until `minNames` names. */
function sanctionsCsv(path: string, seed: number, companyShare: number, minRows: number, minNames = 0): { data: Buffer; rows: number } {
  const t = templates(path);
  const byType = (type: string) => {
    const rows = t.rows.filter((row) => t.cell(row, 'TIPO DE PESSOA') === type);
    if (rows.length === 0) throw new Error(`${path} has no sample row of TIPO DE PESSOA ${type} to copy`);
    return rows;
  };
  const r = rng(seed);
  const out: string[][] = [];
  let names = 0;
  while (out.length < minRows || names < minNames) {
    const party = sanctioned(r, companyShare);
    names += party.names;
    const rows = byType(party.cells['TIPO DE PESSOA']!);
    for (let k = roleCount(r); k > 0; k--) out.push(t.fill(r.pick(rows), { ...party.cells, 'CÓDIGO DA SANÇÃO': String(300_000 + out.length) }));
  }
  return { data: cguCsv(t.header, out), rows: out.length };
}

/** CEAF: civil servants expelled, CPF masked. */
function ceafCsv(rows: number): Buffer {
  const t = templates('br/ceaf.csv');
  const r = rng(1203);
  const out = Array.from({ length: rows }, (_, i) => t.fill(r.pick(t.rows), { 'CÓDIGO DA SANÇÃO': String(200_000 + i), 'CPF OU CNPJ DO SANCIONADO': maskedCpf(cpf(r)), 'NOME DO SANCIONADO': brazilianName(r).toUpperCase() }));
  return cguCsv(t.header, out);
}

/** CEPIM: non-profits, one row per convênio, about 1.8 per CNPJ as published. */
function cepimCsv(rows: number): Buffer {
  const t = templates('br/cepim.csv');
  const r = rng(1204);
  const out: string[][] = [];
  while (out.length < rows) {
    const cells = { 'CNPJ ENTIDADE': cnpj(r), 'NOME ENTIDADE': receita(`${r.pick(['Associação', 'Instituto', 'Fundação', 'Centro Social', 'Associação Comunitária'])} ${r.pick(DISTINCTIVE)} ${r.pick(SURNAMES)}`) };
    for (let k = r.next() < 0.6 ? 1 : 2 + r.int(3); k > 0 && out.length < rows; k--) out.push(t.fill(r.pick(t.rows), { ...cells, 'NÚMERO CONVÊNIO': String(r.int(1_000_000)).padStart(6, '0') }));
  }
  return cguCsv(t.header, out);
}

/** OFAC's sdn.csv with one designation more, before the trailing Ctrl-Z: the next version. */
function ofacNextVersion(): ListFile[] {
  const sdn = readFileSync(join(LISTS, 'ofac/sdn.csv'));
  const row = Buffer.from('99999,"BENCHMARK, Refresh Entry","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."\r\n', 'latin1');
  const end = sdn[sdn.length - 1] === 0x1a ? sdn.length - 1 : sdn.length;
  return [{ name: 'sdn.csv', data: Buffer.concat([sdn.subarray(0, end), row, sdn.subarray(end)]) }, ...['add.csv', 'alt.csv', 'sdn_comments.csv'].map((f) => sample(`ofac/${f}`))];
}

const OFAC = ['ofac/sdn.csv', 'ofac/add.csv', 'ofac/alt.csv', 'ofac/sdn_comments.csv'];
const CEIS_PUBLISHED_ROWS = 23_720;
const mb = (data: Buffer) => (data.length / 1e6).toFixed(1);

function cgu(list_id: string, zipName: string, csvName: string, csv: Buffer, rows: number, what: string): Upload {
  const packed = zip(csvName, csv);
  return { list_id, files: [{ name: zipName, data: packed }], what: `${what}, ${rows.toLocaleString('en')} rows (CSV ${mb(csv)} MB, zip ${mb(packed)} MB)` };
}

/** Every list but CEIS, in import order: the foreign ones, then the Brazilian ones. */
function fixedUploads(pepRows: number): Upload[] {
  const cnep = sanctionsCsv('br/cnep.csv', 1202, 0.98, 1_819);
  const ofacBytes = OFAC.reduce((n, f) => n + sample(f).data.length, 0);
  return [
    { list_id: 'ofac_sdn', files: OFAC.map(sample), what: `OFAC SDN, real publication (4 files, ${(ofacBytes / 1e6).toFixed(1)} MB)` },
    { list_id: 'un_sc', files: [sample('un/consolidated.xml')], what: 'UN consolidated, real publication' },
    { list_id: 'eu_fsf', files: [sample('eu/fsf.csv')], what: 'EU FSF sample' },
    { list_id: 'uk_fcdo', files: [sample('uk/UK-Sanctions-List.csv')], what: 'UK sample' },
    { list_id: 'br_trabalho_escravo', files: [sample('br/cadastro_de_empregadores.csv')], what: 'MTE sample' },
    cgu('br_cnep', '20261120_CNEP.zip', '20261120_CNEP.csv', cnep.data, cnep.rows, 'CNEP generated'),
    cgu('br_cepim', '20261120_CEPIM.zip', '20261120_CEPIM.csv', cepimCsv(3_526), 3_526, 'CEPIM generated'),
    cgu('br_ceaf', '20261120_CEAF.zip', '20261120_Expulsoes.csv', ceafCsv(4_000), 4_000, 'CEAF generated'),
    cgu('br_pep', '202610_PEP.zip', '202610_PEP.csv', pepCsv(pepRows), pepRows, 'PEP generated'),
  ];
}

/** CEIS at its published size at least, and more rows until the corpus holds `names` more names. */
function ceisUpload(names: number): Upload {
  const ceis = sanctionsCsv('br/ceis.csv', 1205, 0.61, CEIS_PUBLISHED_ROWS, names);
  ceisRows = ceis.rows;
  return cgu('br_ceis', '20261120_CEIS.zip', '20261120_CEIS.csv', ceis.data, ceis.rows, 'CEIS generated');
}

/** The next CEIS version: the same generation with `extra` rows more. */
function ceisNext(extra: number): Upload {
  const ceis = sanctionsCsv('br/ceis.csv', 1205, 0.61, ceisRows + extra);
  return cgu('br_ceis', '20261201_CEIS.zip', '20261201_CEIS.csv', ceis.data, ceis.rows, `CEIS next version (${extra} rows more)`);
}
/** the rows of the first CEIS version (set once it is generated) */
let ceisRows = 0;

// ---------------------------------------------------------------- baseline: parse and index alone

interface Parsed {
  list_id: string;
  entries: ListEntry[];
  names: number;
  parse_ms: number;
  /** rows the importer could not read: none expected from generated files */
  skipped: number;
}

/** importer.parse alone on the files the import hands it (unzipped first, untimed). */
async function parseAlone(upload: Upload): Promise<Parsed> {
  const files = await unpackListFiles(upload.list_id, upload.files);
  const started = performance.now();
  const { entries, skipped = 0 } = await LIST_IMPORTERS.get(upload.list_id)!.parse(files);
  const parse_ms = performance.now() - started;
  return { list_id: upload.list_id, entries, names: entries.reduce((n, e) => n + e.names.length, 0), parse_ms, skipped };
}

/** One index over every list, as the catalog builds it. */
function indexAlone(entries: readonly ListEntry[]): { index_ms: number; names: number } {
  const started = performance.now();
  const index = buildIndex(entries, { weights: DEFAULT_TOKEN_WEIGHTS });
  return { index_ms: performance.now() - started, names: index.names };
}

// ---------------------------------------------------------------- import through the operator API

interface Imported {
  list_id: string;
  what: string;
  import_ms: number;
  /** the event loop's longest stall while the import ran (the server is in this process) */
  loop_max_ms: number;
  entries: number;
  /** names in the index once the version is answered */
  indexed_names: number;
}

async function expectJson(response: Response, status: number, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const operator = (base: string, path: string, init: { method: string; json?: unknown; body?: FormData }) =>
  fetch(`${base}/operator/v1${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    signal: AbortSignal.timeout(300_000),
  });

/** A tenant and a `screening:read` key without rate limit, through the operator API. */
async function screeningKey(base: string): Promise<string> {
  const tenant = (await expectJson(await operator(base, '/tenants', { method: 'POST', json: { name: 'Bench screening' } }), 201, 'create tenant')) as { tenant_id: string };
  const key = await expectJson(
    await operator(base, `/tenants/${tenant.tenant_id}/api-keys`, { method: 'POST', json: { name: 'bench', environment: 'sandbox', scopes: ['screening:read'], rate_limit_per_minute: 100_000_000 } }),
    201,
    'create api key',
  );
  return key['api_key'] as string;
}

/** The service in this process on `dataDir`, with the key made on first open. */
async function openInProcess(dataDir: string, listImporters?: ReadonlyMap<string, ListImporter>) {
  const services = await composeApp(configFor(dataDir), silentLogger, listImporters ? { listImporters } : {});
  const { server, base } = await listen(createHttpApp(services));
  return { services, base, close: async () => (await shut(server), await closeApp(services)) };
}

async function importThrough(base: string, upload: Upload, indexedNames: () => number): Promise<Imported> {
  const form = new FormData();
  for (const f of upload.files) form.append('file', new Blob([f.data]), f.name);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const body = await expectJson(await operator(base, `/lists/${upload.list_id}/versions`, { method: 'POST', body: form }), 201, `import ${upload.list_id}`);
  const import_ms = performance.now() - started;
  delay.disable();
  return { list_id: upload.list_id, what: upload.what, import_ms, loop_max_ms: delay.max / 1e6, entries: body['entries'] as number, indexed_names: indexedNames() };
}

// ---------------------------------------------------------------- start-up in a child process

/** A search sent on start-up; with a list id, the best result must come from that list. */
interface Check {
  list_id: string | null;
  body: Record<string, unknown>;
}
interface Memory {
  rss_mb: number;
  heap_used_mb: number;
  /** the OS's peak resident set of the process so far */
  max_rss_mb: number;
}
interface Startup {
  /** node, tsx and the modules loaded, from fork to ready */
  process_ms: number;
  /** composeApp: stores opened, every stored version parsed from the blob store, one index built */
  open_ms: number;
  /** and listening, and every check answered */
  answered_ms: number;
  memory: Memory;
}
type ToChild = { type: 'start'; dataDir: string; apiKey: string; checks: Check[] } | { type: 'memory' } | { type: 'stop' };
type FromChild = { type: 'ready' } | { type: 'started'; base: string; startup: Omit<Startup, 'process_ms'> } | { type: 'memory'; memory: Memory } | { type: 'failed'; error: string };

function memoryAfterGc(): Memory {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss_mb: Math.round(m.rss / 1e6), heap_used_mb: Math.round(m.heapUsed / 1e6), max_rss_mb: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6) };
}

const searchRequest = (apiKey: string, body: unknown) => ({ method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function check(base: string, apiKey: string, { list_id, body }: Check): Promise<number> {
  const answer = await expectJson(await fetch(`${base}${SEARCH}`, searchRequest(apiKey, body)), 200, 'search');
  const results = answer['results'] as { list_id: string }[];
  if (list_id !== null && results[0]?.list_id !== list_id) throw new Error(`no ${list_id} entry found for ${JSON.stringify(body)}`);
  return results.length;
}

/** The child: reopens the service when told, times it, then serves until told to stop. */
function child(): void {
  const send = (message: FromChild) => process.send!(message);
  let close: (() => Promise<void>) | null = null;
  process.on('message', (message: ToChild) => {
    void (async () => {
      try {
        if (message.type === 'start') {
          const started = performance.now();
          const services = await composeApp(configFor(message.dataDir), silentLogger);
          const open_ms = performance.now() - started;
          const { server, base } = await listen(createHttpApp(services));
          close = async () => (await shut(server), await closeApp(services));
          await Promise.all(message.checks.map((c) => check(base, message.apiKey, c)));
          send({ type: 'started', base, startup: { open_ms, answered_ms: performance.now() - started, memory: memoryAfterGc() } });
        } else if (message.type === 'memory') {
          send({ type: 'memory', memory: memoryAfterGc() });
        } else {
          await close?.();
          process.disconnect();
        }
      } catch (error) {
        send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  send({ type: 'ready' });
}

class Child {
  private readonly process: ChildProcess;
  private readonly replies: ((m: FromChild) => void)[] = [];
  private readonly forked = performance.now();
  private readonly ready: Promise<number>;

  constructor() {
    this.process = fork(fileURLToPath(import.meta.url), ['--server'], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.ready = new Promise((resolve, reject) => {
      this.process.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
      this.process.on('message', (m: FromChild) => (m.type === 'ready' ? resolve(performance.now() - this.forked) : this.replies.shift()?.(m)));
    });
  }

  private ask(message: ToChild): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      this.replies.push((m) => (m.type === 'failed' ? reject(new Error(`server process: ${m.error}`)) : resolve(m)));
      this.process.send(message);
    });
  }

  async start(dataDir: string, apiKey: string, checks: Check[]): Promise<{ base: string; startup: Startup }> {
    await this.ready;
    const m = (await this.ask({ type: 'start', dataDir, apiKey, checks })) as Extract<FromChild, { type: 'started' }>;
    return { base: m.base, startup: { process_ms: performance.now() - this.forked, ...m.startup } };
  }

  async memory(): Promise<Memory> {
    return ((await this.ask({ type: 'memory' })) as Extract<FromChild, { type: 'memory' }>).memory;
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || !this.process.connected) return;
    const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
    this.process.send({ type: 'stop' } satisfies ToChild);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- HTTP load

/** The part of autocannon's API used here (the package ships no types); as in bench-http.ts. */
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<LoadResult>;

interface LoadOptions {
  duration: number;
  connections: number;
  warmup: number;
}

/** autocannon in a worker thread (a core for the load, one for the server), cycling through `requests`. */
async function load(base: string, requests: readonly Record<string, unknown>[], options: LoadOptions): Promise<LoadFigures> {
  const run = { url: base, requests, connections: options.connections, workers: 1, timeout: 10 };
  if (options.warmup > 0) await autocannon({ ...run, duration: options.warmup });
  return loadFigures(await autocannon({ ...run, duration: options.duration }));
}

// ---------------------------------------------------------------- an import while searches go on

/**
 * Searches through HTTP from a worker thread (its own event loop: the client's work does not
 * weigh on the server's), `connections` at a time, each one's start (epoch ms) and latency kept.
 */
const SEARCH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, apiKey, bodies, connections } = workerData;
const samples = [];
let stop = false;
parentPort.on('message', () => { stop = true; });
let next = 0;
async function loop() {
  while (!stop) {
    const body = bodies[next++ % bodies.length];
    const started = performance.timeOrigin + performance.now();
    try {
      const response = await fetch(base + '/api/v1/screening/search', { method: 'POST', headers: { authorization: 'Bearer ' + apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      samples.push([started, performance.timeOrigin + performance.now() - started, response.status]);
    } catch (error) {
      samples.push([started, performance.timeOrigin + performance.now() - started, 0]);
    }
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => parentPort.postMessage(samples));
`;

/** searches in flight during an import: the API in use, not saturated (each search holds the event loop a few ms) */
const SEARCH_CONNECTIONS = 2;

interface UnderLoad {
  mode: 'worker thread' | 'event loop (before)';
  list_id: string;
  what: string;
  /** request to 201 (the answer waits for the catalog: the version loaded and indexed) */
  import_ms: number;
  loop_delay: { p50_ms: number; p99_ms: number; max_ms: number };
  searches: { count: number; failed: number; p50_ms: number; p99_ms: number; max_ms: number };
  /** the same searches over as long with no import, just before */
  idle: { count: number; p50_ms: number; p99_ms: number; loop_p99_ms: number; loop_max_ms: number };
}

const pct = (sorted: readonly number[], p: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!));

function searchesIn(samples: readonly [number, number, number][], from: number, to: number) {
  const inside = samples.filter(([start]) => start >= from && start < to);
  const latencies = inside.map(([, ms]) => ms).sort((a, b) => a - b);
  return { count: inside.length, failed: inside.filter(([, , status]) => status !== 200).length, p50_ms: pct(latencies, 0.5), p99_ms: pct(latencies, 0.99), max_ms: pct(latencies, 1) };
}

/** The event loop's delay (p50, p99, max) and the searches' latency while `upload` imports, beside an idle stretch as long just before. */
async function importUnderLoad(mode: UnderLoad['mode'], base: string, apiKey: string, bodies: readonly unknown[], upload: Upload, idleMs: number): Promise<UnderLoad> {
  const client = new Worker(SEARCH_CLIENT, { eval: true, workerData: { base, apiKey, bodies, connections: SEARCH_CONNECTIONS } });
  const samples = new Promise<[number, number, number][]>((resolve, reject) => client.once('message', resolve).once('error', reject));
  const idleFrom = Date.now();
  const idleDelay = monitorEventLoopDelay({ resolution: 10 });
  idleDelay.enable();
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  idleDelay.disable();
  const form = new FormData();
  for (const f of upload.files) form.append('file', new Blob([f.data]), f.name);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const from = Date.now();
  delay.enable();
  const body = await expectJson(await operator(base, `/lists/${upload.list_id}/versions`, { method: 'POST', body: form }), 201, `import ${upload.list_id}`);
  delay.disable();
  const to = Date.now();
  client.postMessage('stop');
  const all = await samples;
  await client.terminate();
  const idle = searchesIn(all, idleFrom, from);
  if ((body['entries'] as number) <= 0) throw new Error(`import ${upload.list_id}: no entries`);
  return {
    mode,
    list_id: upload.list_id,
    what: upload.what,
    import_ms: to - from,
    loop_delay: { p50_ms: Math.round(delay.percentile(50) / 1e6), p99_ms: Math.round(delay.percentile(99) / 1e6), max_ms: Math.round(delay.max / 1e6) },
    searches: searchesIn(all, from, to),
    idle: { count: idle.count, p50_ms: idle.p50_ms, p99_ms: idle.p99_ms, loop_p99_ms: Math.round(idleDelay.percentile(99) / 1e6), loop_max_ms: Math.round(idleDelay.max / 1e6) },
  };
}

/** The importers as they ran before the worker thread: the same parse, on the calling thread (no `worker` reference). */
const onTheEventLoop = (): ReadonlyMap<string, ListImporter> => new Map([...LIST_IMPORTERS].map(([id, i]) => [id, { list_id: id, parse: (files: readonly ListFile[]) => i.parse(files) }]));

/**
 * A new version of the largest lists imported while searches go on, the service reading files on
 * its worker thread; then the same on the event loop, as before (the service reopened on the data
 * directory with importers that have no worker reference).
 */
async function importsUnderLoad(dataDir: string, apiKey: string, bodies: readonly unknown[], options: Options): Promise<UnderLoad[]> {
  const out: UnderLoad[] = [];
  const next = (extra: number, when: string) => [
    cgu('br_pep', `2026${when}_PEP.zip`, `2026${when}_PEP.csv`, pepCsv(options.pepRows, extra), options.pepRows + extra, `PEP next version (${extra} rows more)`),
    ceisNext(extra),
  ];
  for (const [mode, importers, versions] of [
    ['worker thread', undefined, next(2, '12')],
    ['event loop (before)', onTheEventLoop(), next(3, '13')],
  ] as const) {
    const service = await openInProcess(dataDir, importers);
    try {
      for (const upload of versions) out.push(await importUnderLoad(mode, service.base, apiKey, bodies, upload, 5_000));
    } finally {
      await service.close();
    }
  }
  return out;
}

// ---------------------------------------------------------------- the run

interface Options extends LoadOptions {
  pepRows: number;
  names: number;
  queries: number;
}

export interface ScreeningBenchResult {
  bench: 'screening';
  corpus: { entries: number; names: number; by_list: Record<string, { entries: number; names: number; skipped: number }> };
  parse_ms: Record<string, number>;
  index_alone: { index_ms: number; names: number };
  imports: Imported[];
  under_load: UnderLoad[];
  startup: { empty: Startup; loaded: Startup; loaded_names: number };
  http: { connections: number; duration_s: number; queries: number; probe: { queries: number; with_results: number }; search: LoadFigures; lists: LoadFigures; memory_after: Memory };
  load_average: number[];
  cores: number;
}

export async function runScreeningBench(options: Options): Promise<ScreeningBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-screening-'));
  const children: Child[] = [];
  try {
    // (1) files, and the parse of each alone; CEIS last, sized on what the others hold
    const uploads = fixedUploads(options.pepRows);
    const parsed = new Map<string, Parsed>();
    for (const upload of uploads) parsed.set(upload.list_id, await parseAlone(upload));
    const ceis = ceisUpload(Math.max(0, options.names - [...parsed.values()].reduce((n, p) => n + p.names, 0)));
    parsed.set(ceis.list_id, await parseAlone(ceis));
    uploads.splice(uploads.length - 1, 0, ceis); // PEP, the largest, imported last
    const entries = [...parsed.values()].flatMap((p) => p.entries);
    const index_alone = indexAlone(entries);

    // (2) imports through the operator API, then a new version of OFAC and PEP with every list loaded
    const dataDir = join(dir, 'data');
    const importing = await openInProcess(dataDir);
    const imports: Imported[] = [];
    let apiKey: string;
    try {
      apiKey = await screeningKey(importing.base);
      const names = () => importing.services.listCatalog.indexedNames();
      for (const upload of uploads) imports.push(await importThrough(importing.base, upload, names));
      imports.push(await importThrough(importing.base, { list_id: 'ofac_sdn', files: ofacNextVersion(), what: 'OFAC SDN, next version (one designation more), every list loaded' }, names));
      const nextPep = cgu('br_pep', '202611_PEP.zip', '202611_PEP.csv', pepCsv(options.pepRows, 1), options.pepRows + 1, 'PEP next version, every list loaded');
      imports.push(await importThrough(importing.base, nextPep, names));
    } finally {
      await importing.close();
    }
    // (5) a new version of the largest lists while searches go on: on the worker thread, then on the event loop as before
    const bodies = queriesFrom(entries, options.queries).map((q) => ({ schema: q.schema, name: q.name, ...(q.doc ? { doc: q.doc } : {}) }));
    const under_load = await importsUnderLoad(dataDir, apiKey, bodies, options);
    console.log(`under load: ${JSON.stringify(under_load)}`);
    const emptyDir = join(dir, 'empty');
    const emptyService = await openInProcess(emptyDir);
    const emptyKey = await screeningKey(emptyService.base).finally(() => emptyService.close());

    // (3) start-up: an empty data directory, then the loaded one, each in a fresh process
    const emptyChild = new Child();
    children.push(emptyChild);
    // no list loaded: a search answers 409 lists_not_loaded, so the empty service is timed to listening
    const empty = (await emptyChild.start(emptyDir, emptyKey, [])).startup;
    await emptyChild.stop();
    const checks: Check[] = [...parsed.values()].map(({ list_id, entries: listed }) => {
      // a name without digits: the index's candidate search skips number tokens while counting them in
      // the query's weight, so an MEI name like `27.111.222 JOSÉ ...` does not find itself at the default threshold
      const e = listed.find((x) => (x.schema === 'person' || x.schema === 'company') && !/\d/.test(x.names[0]!.name))!;
      return { list_id, body: { schema: e.schema, name: e.names[0]!.name, lists: [list_id], limit: 1 } };
    });
    const server = new Child();
    children.push(server);
    const { base, startup: loaded } = await server.start(dataDir, apiKey, checks);

    // (4) searches/s over the query mix; GET lists through the same stack as the baseline
    const probe = bodies.slice(0, 200);
    let withResults = 0;
    for (const body of probe) if ((await check(base, apiKey, { list_id: null, body })) > 0) withResults++;
    const lists = await load(base, [{ method: 'GET', path: '/api/v1/screening/lists', headers: { authorization: `Bearer ${apiKey}` } }], options);
    const search = await load(base, bodies.map((body) => ({ path: SEARCH, ...searchRequest(apiKey, body) })), options);
    const memory_after = await server.memory();
    await server.stop();


    const by_list = Object.fromEntries([...parsed.values()].map((p) => [p.list_id, { entries: p.entries.length, names: p.names, skipped: p.skipped }]));
    return {
      bench: 'screening',
      corpus: { entries: entries.length, names: index_alone.names, by_list },
      parse_ms: Object.fromEntries([...parsed.values()].map((p) => [p.list_id, Math.round(p.parse_ms)])),
      index_alone: { index_ms: Math.round(index_alone.index_ms), names: index_alone.names },
      imports: imports.map((i) => ({ ...i, import_ms: Math.round(i.import_ms), loop_max_ms: Math.round(i.loop_max_ms) })),
      under_load,
      startup: { empty, loaded, loaded_names: index_alone.names },
      http: { connections: options.connections, duration_s: options.duration, queries: bodies.length, probe: { queries: probe.length, with_results: withResults }, search, lists, memory_after },
      load_average: os.loadavg().map((x) => Number(x.toFixed(2))),
      cores: os.cpus().length,
    };
  } finally {
    for (const c of children) await c.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const count = (x: number) => x.toLocaleString('en');

export function printScreeningBench(r: ScreeningBenchResult): void {
  const rows: string[][] = [];
  const firstImport = new Set<string>();
  for (const i of r.imports) {
    const again = firstImport.has(i.list_id);
    firstImport.add(i.list_id);
    rows.push([
      `import \`${i.list_id}\`: ${i.what}; ${count(i.entries)} entries, ${count(i.indexed_names)} names indexed after`,
      `${s(i.import_ms)} to the 201; event loop stalled up to ${count(i.loop_max_ms)} ms`,
      `parse alone ${s(r.parse_ms[i.list_id]!)}${again ? " (the first version's files)" : ''}`,
    ]);
  }
  for (const u of r.under_load) {
    const before = r.under_load.find((b) => b.list_id === u.list_id && b.mode !== u.mode);
    rows.push([
      `import \`${u.list_id}\` (${u.what}) while ${SEARCH_CONNECTIONS} connections search through HTTP, files read on the ${u.mode}`,
      `event-loop delay p50 ${u.loop_delay.p50_ms} ms, p99 ${count(u.loop_delay.p99_ms)} ms, max ${count(u.loop_delay.max_ms)} ms; ${count(u.searches.count)} searches during the ${s(u.import_ms)} import (${u.searches.failed} failed): p50 ${u.searches.p50_ms} ms, p99 ${count(u.searches.p99_ms)} ms, max ${count(u.searches.max_ms)} ms`,
      `no import, 5 s before: event-loop delay p99 ${u.idle.loop_p99_ms} ms, max ${u.idle.loop_max_ms} ms; ${count(u.idle.count)} searches, p50 ${u.idle.p50_ms} ms, p99 ${u.idle.p99_ms} ms${u.mode === 'worker thread' && before ? `; on the event loop (before): delay p99 ${count(before.loop_delay.p99_ms)} ms, searches p99 ${count(before.searches.p99_ms)} ms` : ''}`,
    ]);
  }
  rows.push([`index build alone over every list (${count(r.index_alone.names)} names)`, s(r.index_alone.index_ms), '']);
  const st = r.startup;
  rows.push([
    `start-up with every list indexed (${count(st.loaded_names)} names): reopen until a search restricted to each of the ${Object.keys(r.corpus.by_list).length} lists finds its entry`,
    `${s(st.loaded.answered_ms)} (services open ${s(st.loaded.open_ms)}); with process start and module loading ${s(st.loaded.process_ms)}`,
    `no list: ${s(st.empty.answered_ms)} (process ${s(st.empty.process_ms)})`,
  ]);
  const mem = (m: Memory) => `RSS ${count(m.rss_mb)} MB, heap ${count(m.heap_used_mb)} MB (peak RSS ${count(m.max_rss_mb)} MB)`;
  rows.push(['server memory after start-up, after a GC', mem(st.loaded.memory), `no list: ${mem(st.empty.memory)}`]);
  rows.push([`server memory after the HTTP loads, after a GC`, mem(r.http.memory_after), '']);
  const h = r.http;
  const figures = (f: LoadFigures) => `${count(f.requests_per_s)} req/s, p50 ${f.latency_p50_ms} ms, p99 ${f.latency_p99_ms} ms (${count(f.requests)} requests, ${f.non_2xx} non-2xx, ${f.errors + f.timeouts} errors)`;
  rows.push([
    `\`POST ${SEARCH}\`, ${h.connections} connections, ${h.duration_s} s, ${count(h.queries)} queries cycled (${h.probe.with_results}/${h.probe.queries} with results)`,
    figures(h.search),
    `\`GET /api/v1/screening/lists\`: ${figures(h.lists)}`,
  ]);
  const skipped = Object.entries(r.corpus.by_list).filter(([, c]) => c.skipped > 0);
  console.log(`\ncorpus: ${count(r.corpus.entries)} entries, ${count(r.corpus.names)} names: ${Object.entries(r.corpus.by_list).map(([id, c]) => `${id} ${count(c.names)}`).join(', ')}`);
  console.log(`rows the importers skipped: ${skipped.map(([id, c]) => `${id} ${count(c.skipped)}`).join(', ') || 'none'}`);
  console.log(`load average ${r.load_average.join(' ')} on ${r.cores} cores\n`);
  console.log('| what | figure | baseline in the same run |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(JSON.stringify(r));
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { duration: 10, connections: 20, warmup: 2, pepRows: 70_000, names: 150_000, queries: 2_000 };
  const bounded = (name: string, raw: string, max: number) => {
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1 || value > max) throw new Error(`--${name} must be an integer from 1 to ${max}, not ${raw}`);
    return value;
  };
  for (const arg of argv) {
    const [name, raw = ''] = arg.replace(/^--/, '').split('=');
    if (name === 'duration') options.duration = bounded(name, raw, 60);
    else if (name === 'connections') options.connections = bounded(name, raw, 500);
    else if (name === 'pep-rows') options.pepRows = bounded(name, raw, 1_000_000);
    else if (name === 'names') options.names = bounded(name, raw, 2_000_000);
    else if (name === 'queries') options.queries = bounded(name, raw, 100_000);
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--server')) child();
  else {
    const options = parseArgs(process.argv.slice(2));
    if (!(globalThis as { gc?: unknown }).gc) console.warn('run with --expose-gc for memory after a GC (npx tsx --expose-gc scripts/bench-screening.ts)');
    console.log(`$ npx tsx --expose-gc scripts/bench-screening.ts ${process.argv.slice(2).join(' ')}`.trimEnd());
    const r = await runScreeningBench(options);
    printScreeningBench(r);
    const failed = r.http.search.non_2xx + r.http.search.errors + r.http.search.timeouts + r.http.lists.non_2xx + r.http.lists.errors + r.http.lists.timeouts;
    if (failed > 0 || r.corpus.names < options.names) process.exitCode = 1;
  }
}
