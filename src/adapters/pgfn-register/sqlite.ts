/**
 * The PGFN register in SQLite, the default: `<dataDir>/pgfn/pgfn-YYYY_trimestre_0Q.sqlite`, one
 * file per quarter, and `current.json` naming the quarter served; built as `….partial` (rows and
 * each file's progress committed in one transaction, the index after the bulk load) and swapped
 * in like the CNPJ register's months (../sqlite-register-files.ts).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CurrentFollower, lockImport, openPartialBuild, publishDatabase, type FollowOptions } from '../sqlite-register-files.js';
import type { FileProgress, PgfnImportBuild, PgfnImportTarget } from './importer.js';
import type { Inscription, PgfnQuarter, PgfnRegister, PgfnView } from './port.js';
import { inscriptionOf, lookupOf, type InscriptionRow } from './rows.js';

const COLUMNS: readonly (keyof InscriptionRow & string)[] = [
  'key', 'name_key', 'system', 'numero', 'documento', 'tipo_pessoa', 'tipo_devedor', 'nome', 'uf_devedor', 'unidade_responsavel',
  'tipo_situacao', 'situacao', 'receita', 'data_inscricao', 'ajuizado', 'valor',
];

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS progress (file TEXT PRIMARY KEY, read INTEGER NOT NULL, loaded INTEGER NOT NULL, rejected INTEGER NOT NULL, done INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS inscricoes (${COLUMNS.join(', ')});
`;
/** every lookup is an equality on the key (a CNPJ básico, a CPF's middle digits): one index after the load */
export const PGFN_INDEX = `CREATE INDEX IF NOT EXISTS inscricoes_key ON inscricoes (key)`;

const quarterFile = (quarter: string) => `pgfn-${quarter}.sqlite`;

/** The directory of the register's files under the service's data directory. */
export const pgfnDir = (dataDir: string) => join(dataDir, 'pgfn');

function openBuild(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  db.exec(SCHEMA);
  return db;
}

/** Builds quarters into `<dataDir>/pgfn/`, one import at a time across the processes sharing it. */
export class SqlitePgfnTarget implements PgfnImportTarget {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = pgfnDir(dataDir);
  }

  async begin(quarter: string, fingerprint: string): Promise<PgfnImportBuild> {
    mkdirSync(this.dir, { recursive: true });
    const unlock = lockImport(join(this.dir, 'import.lock'), 'PGFN register');
    try {
      const { db, path } = openPartialBuild(this.dir, quarterFile(quarter), fingerprint, openBuild);
      return new SqliteBuild(db, this.dir, path, quarter, unlock);
    } catch (error) {
      unlock();
      throw error;
    }
  }
}

class SqliteBuild implements PgfnImportBuild {
  private readonly insert: Database.Statement;
  private readonly saveProgress: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly dir: string,
    private readonly path: string,
    private readonly quarter: string,
    private readonly unlock: () => void,
  ) {
    this.insert = db.prepare(`INSERT INTO inscricoes (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`);
    this.saveProgress = db.prepare(`INSERT OR REPLACE INTO progress (file, read, loaded, rejected, done) VALUES (?, ?, ?, ?, ?)`);
  }

  async progress(): Promise<Map<string, FileProgress>> {
    const rows = this.db.prepare(`SELECT file, read, loaded, rejected, done FROM progress`).all() as { file: string; read: number; loaded: number; rejected: number; done: number }[];
    return new Map(rows.map(({ file, read, loaded, rejected, done }) => [file, { read, loaded, rejected, done: done === 1 }]));
  }

  async write(rows: InscriptionRow[], file: string, progress: FileProgress): Promise<void> {
    this.db.transaction(() => {
      for (const row of rows) this.insert.run(row);
      this.saveProgress.run(file, progress.read, progress.loaded, progress.rejected, progress.done ? 1 : 0);
    })();
  }

  async finish(): Promise<void> {
    this.db.exec(PGFN_INDEX);
  }

  async publish(quarter: PgfnQuarter): Promise<void> {
    this.db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('quarter', ?)`).run(JSON.stringify(quarter));
    publishDatabase(this.db, this.path, this.dir, { quarter: this.quarter, file: quarterFile(this.quarter) });
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
    this.unlock();
  }
}

class SqliteView implements PgfnView {
  readonly quarter: PgfnQuarter;
  private readonly byKey: Database.Statement;
  private readonly byKeyAndName: Database.Statement;

  constructor(readonly db: Database.Database) {
    this.quarter = JSON.parse(db.prepare(`SELECT value FROM meta WHERE key = 'quarter'`).pluck().get() as string) as PgfnQuarter;
    this.byKey = db.prepare(`SELECT * FROM inscricoes WHERE key = ? AND tipo_pessoa = 'pj' ORDER BY rowid`);
    this.byKeyAndName = db.prepare(`SELECT * FROM inscricoes WHERE key = ? AND tipo_pessoa = 'pf' AND name_key = ? ORDER BY rowid`);
  }

  async debtsOf(document: string, name?: string): Promise<Inscription[]> {
    if (!this.db.open) throw new Error(`the PGFN register quarter ${this.quarter.quarter} was replaced and its view released`);
    const lookup = lookupOf(document, name);
    if (!lookup) return [];
    const rows = (lookup.name_key === null ? this.byKey.all(lookup.key) : this.byKeyAndName.all(lookup.key, lookup.name_key)) as InscriptionRow[];
    return rows.map(inscriptionOf);
  }
}

/** Serves the quarter named in `<dataDir>/pgfn/current.json`, following swaps made by any process. */
export class SqlitePgfnRegister implements PgfnRegister {
  private readonly follower: CurrentFollower<SqliteView>;

  constructor(dataDir: string, options: FollowOptions = {}) {
    this.follower = new CurrentFollower(pgfnDir(dataDir), (db) => new SqliteView(db), options);
  }

  async current(): Promise<PgfnView | null> {
    return this.follower.current();
  }

  async close(): Promise<void> {
    this.follower.close();
  }
}
