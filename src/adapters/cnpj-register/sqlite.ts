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
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CurrentFollower, lockImport, openPartialBuild, publishDatabase, type FollowOptions } from '../sqlite-register-files.js';
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

const monthFile = (month: string) => `cnpj-${month}.sqlite`;

/** The directory of the register's files under the service's data directory. */
export const registerDir = (dataDir: string) => join(dataDir, 'cnpj');

/** Builds months into `<dataDir>/cnpj/`. */
export class SqliteRegisterTarget implements ImportTarget {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = registerDir(dataDir);
  }

  async begin(month: string, fingerprint: string): Promise<ImportBuild> {
    mkdirSync(this.dir, { recursive: true });
    const unlock = lockImport(join(this.dir, 'import.lock'), 'CNPJ register');
    try {
      return this.open(month, fingerprint, unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }

  private open(month: string, fingerprint: string, unlock: () => void): ImportBuild {
    const { db, path } = openPartialBuild(this.dir, monthFile(month), fingerprint, openBuild);
    return new SqliteBuild(db, this.dir, path, month, unlock);
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
    publishDatabase(this.db, this.path, this.dir, { month: this.month, file: monthFile(this.month) });
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

export type SqliteRegisterOptions = FollowOptions;

/** Serves the month named in `<dataDir>/cnpj/current.json`, following swaps made by any process. */
export class SqliteCnpjRegister implements CnpjRegister {
  private readonly follower: CurrentFollower<SqliteView>;

  constructor(dataDir: string, options: SqliteRegisterOptions = {}) {
    this.follower = new CurrentFollower(registerDir(dataDir), (db) => new SqliteView(db), options);
  }

  async current(): Promise<RegisterView | null> {
    return this.follower.current();
  }

  async close(): Promise<void> {
    this.follower.close();
  }
}
