/**
 * The CNPJ register in SQLite, the default: `<dataDir>/cnpj/cnpj-YYYY-MM.sqlite`, one file per
 * month, and `current.json` naming the month served.
 *
 * A month is built as `cnpj-YYYY-MM.sqlite.partial` (rows and each file's progress committed in
 * one transaction, indexes after the bulk load), renamed when complete, and served by replacing
 * `current.json` through a temporary file and a rename: a reader sees the old month or the new
 * one, never a mix. Readers in other processes notice the swap by watching `current.json`.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileProgress, ImportBuild, ImportTarget } from './importer.js';
import type { CnpjRegister, EstablishmentRecord, PartnerRecord, RegisterMonth, RegisterView } from './port.js';
import { Codes, establishmentRecord, partnerRecord, type CodeRow, type CompanyRow, type EstablishmentRow, type PartnerRow, type RowsOf, type SimplesRow, type Table } from './rows.js';

const COLUMNS: { [T in Table]: readonly (keyof RowsOf[T] & string)[] } = {
  empresas: ['basico', 'razao_social', 'natureza', 'qualificacao', 'capital', 'porte', 'ente'],
  estabelecimentos: [
    'cnpj', 'matriz', 'nome_fantasia', 'situacao', 'data_situacao', 'motivo', 'cidade_exterior', 'pais', 'inicio', 'cnae', 'cnaes',
    'tipo_logradouro', 'logradouro', 'numero', 'complemento', 'bairro', 'cep', 'uf', 'municipio', 'situacao_especial', 'data_situacao_especial',
  ],
  socios: ['seq', 'basico', 'identificador', 'nome', 'documento', 'qualificacao', 'data_entrada', 'pais', 'rep_cpf', 'rep_nome', 'rep_qualificacao', 'faixa_etaria'],
  simples: ['basico', 'opcao_simples', 'data_opcao_simples', 'data_exclusao_simples', 'opcao_mei', 'data_opcao_mei', 'data_exclusao_mei'],
  codes: ['kind', 'code', 'description'],
};

// rowid tables without keys during the load (appends only); the lookups' indexes come after it.
// A partner's seq is its rowid: the QSA in file order comes straight from the basico index.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS progress (file TEXT PRIMARY KEY, read INTEGER NOT NULL, loaded INTEGER NOT NULL, rejected INTEGER NOT NULL, done INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS empresas (${COLUMNS.empresas.join(', ')});
  CREATE TABLE IF NOT EXISTS estabelecimentos (${COLUMNS.estabelecimentos.join(', ')});
  CREATE TABLE IF NOT EXISTS socios (seq INTEGER PRIMARY KEY, ${COLUMNS.socios.slice(1).join(', ')});
  CREATE TABLE IF NOT EXISTS simples (${COLUMNS.simples.join(', ')});
  CREATE TABLE IF NOT EXISTS codes (${COLUMNS.codes.join(', ')});
`;
const INDEXES = `
  CREATE INDEX IF NOT EXISTS empresas_basico ON empresas (basico);
  CREATE INDEX IF NOT EXISTS estabelecimentos_cnpj ON estabelecimentos (cnpj);
  CREATE INDEX IF NOT EXISTS socios_basico ON socios (basico);
  CREATE INDEX IF NOT EXISTS simples_basico ON simples (basico);
`;

interface Current {
  month: string;
  file: string;
}

const monthFile = (month: string) => `cnpj-${month}.sqlite`;

/** The directory of the register's files under the service's data directory. */
export const registerDir = (dataDir: string) => join(dataDir, 'cnpj');

function readCurrent(dir: string): Current | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'current.json'), 'utf8')) as Current;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const removeDatabase = (path: string) => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
};

/** Builds months into `<dataDir>/cnpj/`. */
export class SqliteRegisterTarget implements ImportTarget {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = registerDir(dataDir);
  }

  async begin(month: string, fingerprint: string): Promise<ImportBuild> {
    mkdirSync(this.dir, { recursive: true });
    const unlock = lock(join(this.dir, 'import.lock'));
    try {
      return this.open(month, fingerprint, unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }

  private open(month: string, fingerprint: string, unlock: () => void): ImportBuild {
    const path = join(this.dir, `${monthFile(month)}.partial`);
    // a build renamed to its final name by an import killed before it rewrote current.json: it is
    // complete (its progress says so), so it goes back to being the build and this run only publishes it
    const built = join(this.dir, monthFile(month));
    if (!existsSync(path) && existsSync(built) && readCurrent(this.dir)?.file !== monthFile(month)) renameSync(built, path);
    // a partial build of another month was abandoned for this one: it would only take space
    for (const name of readdirSync(this.dir)) {
      if (name.endsWith('.partial') && name !== `${monthFile(month)}.partial`) removeDatabase(join(this.dir, name));
    }
    let db = openBuild(path);
    const recorded = db.prepare(`SELECT value FROM meta WHERE key = 'fingerprint'`).pluck().get() as string | undefined;
    if (recorded !== undefined && recorded !== fingerprint) {
      // other files than the interrupted attempt's: its rows cannot be resumed from
      db.close();
      removeDatabase(path);
      db = openBuild(path);
    }
    db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('fingerprint', ?)`).run(fingerprint);
    return new SqliteBuild(db, this.dir, path, month, unlock);
  }
}

/**
 * One import at a time per data directory (the monthly schedule and an operator's CLI could
 * meet): a lock file holding the importer's pid, taken over when that process is gone.
 */
function lock(path: string): () => void {
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(path, 'utf8'));
    if (pid > 0 && pid !== process.pid && alive(pid)) throw new Error(`another import of the CNPJ register is running (pid ${pid})`);
    // left by a killed import
    rmSync(path, { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function openBuild(path: string): Database.Database {
  const db = new Database(path);
  // WAL: a killed process loses at most the uncommitted batch, never a committed one's consistency
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  db.exec(SCHEMA);
  return db;
}

class SqliteBuild implements ImportBuild {
  private readonly inserts = new Map<Table, Database.Statement>();
  private readonly saveProgress: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly dir: string,
    private readonly path: string,
    private readonly month: string,
    private readonly unlock: () => void,
  ) {
    for (const table of Object.keys(COLUMNS) as Table[]) {
      const columns = COLUMNS[table];
      // named parameters bind straight from the row objects: no array per row
      this.inserts.set(table, db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`));
    }
    this.saveProgress = db.prepare(`INSERT OR REPLACE INTO progress (file, read, loaded, rejected, done) VALUES (?, ?, ?, ?, ?)`);
  }

  async progress(): Promise<Map<string, FileProgress>> {
    const rows = this.db.prepare(`SELECT file, read, loaded, rejected, done FROM progress`).all() as { file: string; read: number; loaded: number; rejected: number; done: number }[];
    return new Map(rows.map(({ file, read, loaded, rejected, done }) => [file, { read, loaded, rejected, done: done === 1 }]));
  }

  async write<T extends Table>(table: T, rows: RowsOf[T][], file: string, progress: FileProgress): Promise<void> {
    const insert = this.inserts.get(table)!;
    this.db.transaction(() => {
      for (const row of rows) insert.run(row);
      this.saveProgress.run(file, progress.read, progress.loaded, progress.rejected, progress.done ? 1 : 0);
    })();
  }

  async finish(): Promise<void> {
    // each CREATE INDEX is its own transaction and IF NOT EXISTS: a crash here resumes at the next one
    // no ANALYZE: every lookup is an equality on one indexed column, which the planner takes anyway
    this.db.exec(INDEXES);
  }

  async publish(month: RegisterMonth): Promise<void> {
    const save = this.db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`);
    save.run('month', JSON.stringify(month));
    // one self-contained file, readable read-only without a -wal or -shm beside it
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.pragma('journal_mode = DELETE');
    this.db.close();
    const file = monthFile(this.month);
    renameSync(this.path, join(this.dir, file));
    const previous = readCurrent(this.dir);
    const temp = join(this.dir, `current.json.${process.pid}.tmp`);
    writeFileSync(temp, JSON.stringify({ month: this.month, file } satisfies Current));
    renameSync(temp, join(this.dir, 'current.json'));
    // the renames are durable only once the directory itself is on disk
    syncDirectory(this.dir);
    // readers that still hold the previous file open keep reading it until they let it go
    if (previous && previous.file !== file) removeDatabase(join(this.dir, previous.file));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
    this.unlock();
  }
}

/** One month's file opened read-only. */
class SqliteView implements RegisterView {
  readonly month: RegisterMonth;
  private readonly codes: Codes;
  private readonly byCnpj: Database.Statement;
  private readonly company: Database.Statement;
  private readonly simples: Database.Statement;
  private readonly qsa: Database.Statement;

  constructor(readonly db: Database.Database) {
    this.month = JSON.parse(db.prepare(`SELECT value FROM meta WHERE key = 'month'`).pluck().get() as string) as RegisterMonth;
    this.codes = new Codes(db.prepare(`SELECT kind, code, description FROM codes`).all() as CodeRow[]);
    this.byCnpj = db.prepare(`SELECT * FROM estabelecimentos WHERE cnpj = ? LIMIT 1`);
    this.company = db.prepare(`SELECT * FROM empresas WHERE basico = ? LIMIT 1`);
    this.simples = db.prepare(`SELECT * FROM simples WHERE basico = ? LIMIT 1`);
    this.qsa = db.prepare(`SELECT * FROM socios WHERE basico = ? ORDER BY seq`);
  }

  private open(): void {
    if (!this.db.open) throw new Error(`the register month ${this.month.month} was replaced and its view released`);
  }

  async establishment(cnpj: string): Promise<EstablishmentRecord | null> {
    this.open();
    const row = this.byCnpj.get(cnpj) as EstablishmentRow | undefined;
    if (!row) return null;
    const basico = cnpj.slice(0, 8);
    return establishmentRecord(row, (this.company.get(basico) as CompanyRow | undefined) ?? null, (this.simples.get(basico) as SimplesRow | undefined) ?? null, this.codes);
  }

  async partners(basico: string): Promise<PartnerRecord[]> {
    this.open();
    return (this.qsa.all(basico) as PartnerRow[]).map((row) => partnerRecord(row, this.codes));
  }

  async companyName(basico: string): Promise<string | null> {
    this.open();
    return (this.company.get(basico) as CompanyRow | undefined)?.razao_social ?? null;
  }
}

export interface SqliteRegisterOptions {
  /** how often `current.json` is looked at for a swap made by another process */
  recheckMs?: number;
  /** how long a replaced month stays open for the views still reading it */
  retireAfterMs?: number;
}

/** Serves the month named in `<dataDir>/cnpj/current.json`, following swaps made by any process. */
export class SqliteCnpjRegister implements CnpjRegister {
  private readonly dir: string;
  private readonly recheckMs: number;
  private readonly retireAfterMs: number;
  private view: SqliteView | null = null;
  private seen: { file: string; stamp: string } | null = null;
  private checkedAt = -Infinity;
  private readonly retiring = new Set<SqliteView>();

  constructor(dataDir: string, options: SqliteRegisterOptions = {}) {
    this.dir = registerDir(dataDir);
    this.recheckMs = options.recheckMs ?? 5_000;
    this.retireAfterMs = options.retireAfterMs ?? 10 * 60_000;
  }

  async current(): Promise<RegisterView | null> {
    const now = Date.now();
    if (now - this.checkedAt >= this.recheckMs) {
      this.checkedAt = now;
      this.follow();
    }
    return this.view;
  }

  /** Opens the month `current.json` names when it changed since last looked at (a rename gives it a new inode). */
  private follow(): void {
    const path = join(this.dir, 'current.json');
    if (!existsSync(path)) return;
    const stat = statSync(path);
    const stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    if (this.seen?.stamp === stamp) return;
    const current = readCurrent(this.dir);
    if (!current) return;
    if (this.seen?.file !== current.file || !this.view) {
      const file = join(this.dir, current.file);
      // swapped again between reading current.json and opening the file: the next look finds the newer one
      if (!existsSync(file)) return;
      const next = new SqliteView(new Database(file, { readonly: true, fileMustExist: true }));
      if (this.view) this.retire(this.view);
      this.view = next;
    }
    this.seen = { file: current.file, stamp };
  }

  // a view handed out before the swap may be in the middle of a run: it keeps its file a while
  private retire(view: SqliteView): void {
    this.retiring.add(view);
    const timer = setTimeout(() => {
      this.retiring.delete(view);
      view.db.close();
    }, this.retireAfterMs);
    timer.unref();
  }

  async close(): Promise<void> {
    for (const view of this.retiring) view.db.close();
    this.retiring.clear();
    this.view?.db.close();
    this.view = null;
    this.seen = null;
  }
}
