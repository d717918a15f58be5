import Database from 'better-sqlite3';
import {
  assertCollectionName,
  assertFieldName,
  UniqueViolationError,
  type Commit,
  type IndexSpec,
  type Query,
  type ReadStore,
  type Scalar,
  type StoredDoc,
} from './port.js';

interface DocRow {
  id: string;
  doc: string;
  position: number;
}

/**
 * Read models in SQLite: one table per collection holding JSON documents, with expression
 * indexes on the fields queried. Read models can be rebuilt from the events, so the file runs
 * with synchronous=NORMAL; a commit still applies documents and checkpoint in one transaction,
 * so after a crash the checkpoint never runs ahead of the documents.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 10000');
    // freed and overwritten content is zeroed, so an erased subject's old documents leave no trace
    this.db.pragma('secure_delete = ON');
    this.db.exec('CREATE TABLE IF NOT EXISTS checkpoints (processor TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  }

  private prepare(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  async ensureCollection(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    assertCollectionName(collection);
    const table = tableOf(collection);
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
      id TEXT PRIMARY KEY, doc TEXT NOT NULL, position INTEGER NOT NULL, created_at TEXT)`);
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${table}__created ON ${table} (created_at, id)`);
    for (const index of indexes) {
      index.fields.forEach(assertFieldName);
      const base = `${table}__${index.fields.join('_').replace(/\./g, '_')}`;
      const columns = index.fields.map((f) => `json_extract(doc, '$.${f}')`).join(', ');
      if (index.unique) {
        this.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${base}__u ON ${table} (${columns})`);
        continue;
      }
      // the sort keys after the equality fields (as on MongoDB): a filtered newest-first page is read
      // from the index in order, never by sorting every match (a sweep over 100,000 customers paged
      // 500 at a time sorted them all for every page); the index of earlier versions goes
      this.db.exec(`DROP INDEX IF EXISTS ${base}`);
      // an index declared unique before and not now (dashboard_users' e-mail) stops refusing rows
      this.db.exec(`DROP INDEX IF EXISTS ${base}__u`);
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${base}__sorted ON ${table} (${columns}, created_at, id)`);
    }
  }

  async get<T>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    assertCollectionName(collection);
    const row = this.prepare(`SELECT id, doc, position FROM ${tableOf(collection)} WHERE id = ?`).get(id) as DocRow | undefined;
    return row ? toStored<T>(row) : null;
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, StoredDoc<T>>> {
    assertCollectionName(collection);
    const result = new Map<string, StoredDoc<T>>();
    const stmt = this.prepare(`SELECT id, doc, position FROM ${tableOf(collection)} WHERE id = ?`);
    for (const id of new Set(ids)) {
      const row = stmt.get(id) as DocRow | undefined;
      if (row) result.set(id, toStored<T>(row));
    }
    return result;
  }

  async find<T>(collection: string, query: Query): Promise<T[]> {
    const { sql, params } = findStatement(collection, query);
    return (this.prepare(sql).all(...params) as { doc: string }[]).map((r) => JSON.parse(r.doc) as T);
  }

  private readonly commitTx = (commit: Commit) => {
    for (const write of commit.writes) {
      assertCollectionName(write.collection);
      const table = tableOf(write.collection);
      if (write.op === 'delete') {
        this.prepare(`DELETE FROM ${table} WHERE id = ?`).run(write.id);
        continue;
      }
      const createdAt = typeof write.doc['created_at'] === 'string' ? write.doc['created_at'] : null;
      try {
        this.prepare(
          `INSERT INTO ${table} (id, doc, position, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position, created_at = excluded.created_at
           WHERE excluded.position > ${table}.position`,
        ).run(write.id, JSON.stringify(write.doc), write.position, createdAt);
      } catch (error) {
        if (isUniqueError(error)) throw new UniqueViolationError(write.collection, (error as Error).message);
        throw error;
      }
    }
    if (commit.checkpoint) {
      this.prepare(
        `INSERT INTO checkpoints (processor, position) VALUES (?, ?)
         ON CONFLICT (processor) DO UPDATE SET position = MAX(position, excluded.position)`,
      ).run(commit.checkpoint.processor, commit.checkpoint.position);
    }
  };

  async commit(commit: Commit): Promise<void> {
    this.db.transaction(this.commitTx)(commit);
  }

  async getCheckpoint(processor: string): Promise<number | null> {
    const row = this.prepare('SELECT position FROM checkpoints WHERE processor = ?').get(processor) as
      | { position: number }
      | undefined;
    return row?.position ?? null;
  }

  async swapCollection(source: string, target: string, checkpoint: { processor: string; position: number }): Promise<void> {
    assertCollectionName(source);
    assertCollectionName(target);
    const swap = this.db.transaction(() => {
      this.db.exec(`DROP TABLE IF EXISTS ${tableOf(target)}`);
      this.db.exec(`ALTER TABLE ${tableOf(source)} RENAME TO ${tableOf(target)}`);
      this.renameIndexes(source, target);
      // exactly the rebuild's position, even below the old one: what came after it is applied again
      this.prepare('INSERT INTO checkpoints (processor, position) VALUES (?, ?) ON CONFLICT (processor) DO UPDATE SET position = excluded.position').run(
        checkpoint.processor,
        checkpoint.position,
      );
    });
    swap();
    this.statements.clear();
  }

  /** Index names carry the table name; keep them matching so ensureCollection stays a no-op. */
  private renameIndexes(source: string, target: string): void {
    const indexes = this.db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
      .all(tableOf(target)) as { name: string; sql: string }[];
    for (const index of indexes) {
      const renamed = index.name.replace(tableOf(source), tableOf(target));
      if (renamed === index.name) continue;
      this.db.exec(`DROP INDEX ${index.name}`);
      this.db.exec(index.sql.replace(index.name, renamed).replace(` ON ${tableOf(source)} `, ` ON ${tableOf(target)} `));
    }
  }

  async dropCollection(collection: string): Promise<void> {
    assertCollectionName(collection);
    this.db.exec(`DROP TABLE IF EXISTS ${tableOf(collection)}`);
    this.statements.clear();
  }

  async listCollection<T>(collection: string): Promise<StoredDoc<T>[]> {
    assertCollectionName(collection);
    return (this.prepare(`SELECT id, doc, position FROM ${tableOf(collection)} ORDER BY id`).all() as DocRow[]).map(
      (row) => toStored<T>(row),
    );
  }

  async purge(): Promise<void> {
    // old page images live on in the WAL until a checkpoint; truncate it
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * The statement find() runs, with its parameters: exported so the index plans of the list
 * queries can be EXPLAINed (test/plans).
 */
export function findStatement(collection: string, query: Query): { sql: string; params: unknown[] } {
  assertCollectionName(collection);
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [field, value] of Object.entries(query.where ?? {})) {
    assertFieldName(field);
    if (value === null) {
      clauses.push(`json_extract(doc, '$.${field}') IS NULL`);
    } else {
      clauses.push(`json_extract(doc, '$.${field}') = ?`);
      params.push(toSqlValue(value));
    }
  }
  if (query.createdFrom !== undefined) {
    clauses.push('created_at >= ?');
    params.push(query.createdFrom);
  }
  if (query.createdTo !== undefined) {
    clauses.push('created_at <= ?');
    params.push(query.createdTo);
  }
  if (query.before) {
    // a row value, not (created_at < ? OR (created_at = ? AND id < ?)): with a created_at range too,
    // the OR form was planned as two index searches merged and sorted in a temporary B-tree
    clauses.push('(created_at, id) < (?, ?)');
    params.push(query.before.created_at, query.before.id);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  params.push(query.limit);
  return { sql: `SELECT doc FROM ${tableOf(collection)} ${where} ORDER BY created_at DESC, id DESC LIMIT ?`, params };
}

function tableOf(collection: string): string {
  return `rm_${collection}`;
}

function toSqlValue(value: Exclude<Scalar, null>): string | number {
  // json_extract yields 1/0 for JSON booleans
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function toStored<T>(row: DocRow): StoredDoc<T> {
  return { id: row.id, doc: JSON.parse(row.doc) as T, position: row.position };
}

function isUniqueError(error: unknown): boolean {
  return (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
