import { createHash } from 'node:crypto';
import type pg from 'pg';
import { ensureSchema, SCHEMA_LOCK } from './ensure-schema.js';
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
  type Write,
} from '../read-store/port.js';

interface DocRow {
  id: string;
  doc: unknown;
  position: string | number;
}

const UNIQUE_VIOLATION = '23505';
/** PostgreSQL truncates longer identifiers silently: index names are kept under it */
const MAX_IDENTIFIER = 63;
/** serialises DDL on the read models between instances (CREATE ... IF NOT EXISTS races otherwise) */
const DDL_LOCK = SCHEMA_LOCK;

/** The checkpoints table; migrations.ts may create it too, the statement is idempotent. */
export const READ_STORE_SCHEMA = `CREATE TABLE IF NOT EXISTS read_checkpoints (processor TEXT PRIMARY KEY, position BIGINT NOT NULL)`;

/**
 * Read models in PostgreSQL: one table `rm_<collection>` per collection holding the documents as
 * jsonb, with expression indexes on the fields queried. Semantics follow the SQLite adapter:
 * - a field compares by its JSON value (a string never equals a number), and a JSON null counts
 *   as missing (`NULLIF(..., 'null')`), so unique indexes leave null and missing fields out, as
 *   SQLite's json_extract does;
 * - `created_at` and `id` sort with the "C" collation (byte order, as SQLite), newest first with
 *   documents lacking a created_at last;
 * - a commit applies its documents and its checkpoint in one transaction, and never takes a
 *   document or checkpoint back to an older position.
 */
export class PostgresReadStore implements ReadStore {
  private ready: Promise<void> | null = null;

  /** `ownsPool`: close() ends the pool (a store opened on its own); false when the service shares it. */
  constructor(
    /** the pool, for what lives beside the read models (the CNPJ and PGFN registers) */
    readonly pool: pg.Pool,
    private readonly ownsPool = false,
  ) {}

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool, [READ_STORE_SCHEMA]).catch((error: unknown) => {
      this.ready = null; // a failed start (the server not up yet) is tried again by the next call
      throw error;
    });
    return this.ready;
  }

  async ensureCollection(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    assertCollectionName(collection);
    indexes.forEach((index) => index.fields.forEach(assertFieldName));
    await this.schema();
    const table = tableOf(collection);
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [DDL_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
        id TEXT COLLATE "C" PRIMARY KEY, doc JSONB NOT NULL, position BIGINT NOT NULL, created_at TEXT COLLATE "C")`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${indexName(table, 'created')} ON ${table} (created_at NULLS FIRST, id)`);
      for (const statement of indexStatements(table, indexes)) await client.query(statement);
    });
  }

  async get<T>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    assertCollectionName(collection);
    const { rows } = await this.pool.query<DocRow>(`SELECT id, doc, position FROM ${tableOf(collection)} WHERE id = $1`, [id]);
    return rows[0] ? toStored<T>(rows[0]) : null;
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, StoredDoc<T>>> {
    assertCollectionName(collection);
    const result = new Map<string, StoredDoc<T>>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return result;
    const { rows } = await this.pool.query<DocRow>(`SELECT id, doc, position FROM ${tableOf(collection)} WHERE id = ANY($1::text[])`, [unique]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // in the order asked, as the SQLite adapter answers
    for (const id of unique) {
      const row = byId.get(id);
      if (row) result.set(id, toStored<T>(row));
    }
    return result;
  }

  async find<T>(collection: string, query: Query): Promise<T[]> {
    const { sql, params } = findStatement(collection, query);
    const { rows } = await this.pool.query<{ doc: T }>(sql, params);
    return rows.map((row) => row.doc);
  }

  async commit(commit: Commit): Promise<void> {
    commit.writes.forEach((write) => assertCollectionName(write.collection));
    if (commit.writes.length === 0 && !commit.checkpoint) return;
    await this.schema();
    const single = singleStatementCommit(commit);
    if (single) {
      await this.pool.query(single.sql, single.params).catch((error: unknown) => {
        throw uniqueViolation(error, commit.writes[0]?.collection) ?? error;
      });
      return;
    }
    await this.transaction(async (client) => {
      for (const write of commit.writes) await applyWrite(client, write);
      if (commit.checkpoint) await client.query(CHECKPOINT_UPSERT, [commit.checkpoint.processor, commit.checkpoint.position]);
    });
  }

  async getCheckpoint(processor: string): Promise<number | null> {
    await this.schema();
    const { rows } = await this.pool.query<{ position: string }>('SELECT position FROM read_checkpoints WHERE processor = $1', [processor]);
    return rows[0] ? Number(rows[0].position) : null;
  }

  async swapCollection(source: string, target: string, checkpoint: { processor: string; position: number }): Promise<void> {
    assertCollectionName(source);
    assertCollectionName(target);
    await this.schema();
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [DDL_LOCK]);
      await client.query(`DROP TABLE IF EXISTS ${tableOf(target)}`);
      await client.query(`ALTER TABLE ${tableOf(source)} RENAME TO ${tableOf(target)}`);
      await renameIndexes(client, tableOf(source), tableOf(target));
      // exactly the rebuild's position, even below the old one: what came after it is applied again
      await client.query(
        'INSERT INTO read_checkpoints (processor, position) VALUES ($1, $2) ON CONFLICT (processor) DO UPDATE SET position = excluded.position',
        [checkpoint.processor, checkpoint.position],
      );
    });
  }

  async dropCollection(collection: string): Promise<void> {
    assertCollectionName(collection);
    await this.pool.query(`DROP TABLE IF EXISTS ${tableOf(collection)}`);
  }

  async listCollection<T>(collection: string): Promise<StoredDoc<T>[]> {
    assertCollectionName(collection);
    const { rows } = await this.pool.query<DocRow>(`SELECT id, doc, position FROM ${tableOf(collection)} ORDER BY id`);
    return rows.map((row) => toStored<T>(row));
  }

  /**
   * Rewrites every read-model table (VACUUM FULL): the dead row versions an erasure left behind
   * are gone from the table files. The write-ahead log keeps them until the server recycles its
   * segments (a CHECKPOINT, which needs a privileged role, hastens it): the operator's
   * retention of WAL archives is outside the service.
   */
  async purge(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND (tablename LIKE 'rm\\_%' OR tablename = 'read_checkpoints')`,
    );
    for (const { name } of rows) await this.pool.query(`VACUUM FULL ${name}`);
  }

  async close(): Promise<void> {
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }

  private async transaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await work(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
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
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const [field, value] of Object.entries(query.where ?? {})) {
    assertFieldName(field);
    clauses.push(value === null ? `${fieldExpression(field)} IS NULL` : `${fieldExpression(field)} = ${param(jsonOf(value))}::jsonb`);
  }
  if (query.createdFrom !== undefined) clauses.push(`created_at >= ${param(query.createdFrom)}`);
  if (query.createdTo !== undefined) clauses.push(`created_at <= ${param(query.createdTo)}`);
  if (query.before) clauses.push(`(created_at, id) < (${param(query.before.created_at)}, ${param(query.before.id)})`);
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const sql = `SELECT doc FROM ${tableOf(collection)} ${where} ORDER BY created_at DESC NULLS LAST, id DESC LIMIT ${param(query.limit)}`;
  return { sql, params };
}

/** What a put writes, and when it is not newer than the stored document, leaves it. */
const upsertTail = (table: string) =>
  `ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position, created_at = excluded.created_at
   WHERE excluded.position > ${table}.position`;
const CHECKPOINT_UPSERT = `INSERT INTO read_checkpoints (processor, position) SELECT $1, $2
   ON CONFLICT (processor) DO UPDATE SET position = GREATEST(read_checkpoints.position, excluded.position)`;

const createdAtOf = (doc: Record<string, unknown>): string | null => (typeof doc['created_at'] === 'string' ? doc['created_at'] : null);

const uniqueViolation = (error: unknown, collection: string | undefined): UniqueViolationError | null =>
  collection !== undefined && (error as { code?: string }).code === UNIQUE_VIOLATION ? new UniqueViolationError(collection, (error as Error).message) : null;

/**
 * A commit to one collection, each document written at most once (a projector's batch, a
 * quarantine record, a checkpoint alone), as one statement: its data-modifying parts are one
 * atomic unit, in one round trip where the transaction took one per write and two more. On
 * this kind of host a round trip is the cost (a run's checkpoints and documents were most of the
 * database's work). Null for any other commit: a document deleted and put again in one commit
 * needs the statements in order, which one statement's parts are not.
 */
function singleStatementCommit(commit: Commit): { sql: string; params: unknown[] } | null {
  const collections = new Set(commit.writes.map((w) => w.collection));
  const ids = new Set(commit.writes.map((w) => w.id));
  if (collections.size > 1 || ids.size < commit.writes.length) return null;
  const checkpoint = commit.checkpoint ? [commit.checkpoint.processor, commit.checkpoint.position] : [null, null];
  const params: unknown[] = [...checkpoint];
  const parts: string[] = [];
  const table = collections.size === 1 ? tableOf([...collections][0]!) : null;
  const deletes = commit.writes.filter((w) => w.op === 'delete').map((w) => w.id);
  const puts = commit.writes.flatMap((w) => (w.op === 'put' ? [w] : []));
  if (table && deletes.length > 0) {
    params.push(deletes);
    parts.push(`d AS (DELETE FROM ${table} WHERE id = ANY($${params.length}::text[]))`);
  }
  if (table && puts.length > 0) {
    const first = params.length + 1;
    params.push(
      puts.map((w) => w.id),
      puts.map((w) => JSON.stringify(w.doc)),
      puts.map((w) => w.position),
      puts.map((w) => createdAtOf(w.doc)),
    );
    parts.push(`p AS (INSERT INTO ${table} (id, doc, position, created_at)
      SELECT u.id, u.doc::jsonb, u.position, u.created_at
      FROM unnest($${first}::text[], $${first + 1}::text[], $${first + 2}::bigint[], $${first + 3}::text[]) AS u(id, doc, position, created_at)
      ${upsertTail(table)})`);
  }
  const main = commit.checkpoint ? CHECKPOINT_UPSERT : 'SELECT $1::text, $2::bigint';
  return { sql: parts.length > 0 ? `WITH ${parts.join(', ')} ${main}` : main, params };
}

async function applyWrite(client: pg.PoolClient, write: Write): Promise<void> {
  const table = tableOf(write.collection);
  if (write.op === 'delete') {
    await client.query(`DELETE FROM ${table} WHERE id = $1`, [write.id]);
    return;
  }
  try {
    await client.query(`INSERT INTO ${table} (id, doc, position, created_at) VALUES ($1, $2::jsonb, $3, $4) ${upsertTail(table)}`, [
      write.id,
      JSON.stringify(write.doc),
      write.position,
      createdAtOf(write.doc),
    ]);
  } catch (error) {
    throw uniqueViolation(error, write.collection) ?? error;
  }
}

/** The statements that bring a table's field indexes to the declared ones (as the SQLite adapter's). */
function indexStatements(table: string, indexes: readonly IndexSpec[]): string[] {
  const statements: string[] = [];
  for (const index of indexes) {
    const base = index.fields.join('_').replace(/\./g, '_');
    const columns = index.fields.map((f) => `(${fieldExpression(f)})`).join(', ');
    if (index.unique) {
      statements.push(`CREATE UNIQUE INDEX IF NOT EXISTS ${indexName(table, `${base}__u`)} ON ${table} (${columns})`);
      continue;
    }
    // an index declared unique before and not now (dashboard_users' e-mail) stops refusing rows
    statements.push(`DROP INDEX IF EXISTS ${indexName(table, `${base}__u`)}`);
    // the sort keys after the equality fields: a filtered newest-first page is read from the index in order
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(table, `${base}__sorted`)} ON ${table} (${columns}, created_at NULLS FIRST, id)`);
  }
  return statements;
}

/** Index names start with their table's name, so a swap renames them by prefix. */
async function renameIndexes(client: pg.PoolClient, source: string, target: string): Promise<void> {
  const { rows } = await client.query<{ indexname: string }>(
    'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1',
    [target],
  );
  for (const { indexname } of rows) {
    if (!indexname.startsWith(`${source}__`) && indexname !== `${source}_pkey`) continue;
    const suffix = indexname.slice(source.length);
    const renamed = suffix === '_pkey' ? `${target}_pkey` : indexName(target, suffix.slice(2));
    await client.query(`ALTER INDEX ${indexname} RENAME TO ${renamed}`);
  }
}

function indexName(table: string, suffix: string): string {
  const name = `${table}__${suffix}`;
  if (name.length <= MAX_IDENTIFIER) return name;
  // a long name keeps its table prefix and a digest of the rest
  return `${table}__${createHash('sha256').update(suffix).digest('hex').slice(0, 16)}`;
}

/** A document field as jsonb, JSON null read as SQL NULL (as SQLite's json_extract yields it). */
function fieldExpression(field: string): string {
  return `NULLIF(doc #> '{${field.split('.').join(',')}}', 'null'::jsonb)`;
}

function jsonOf(value: Exclude<Scalar, null>): string {
  return JSON.stringify(value);
}

function tableOf(collection: string): string {
  return `rm_${collection}`;
}

function toStored<T>(row: DocRow): StoredDoc<T> {
  return { id: row.id, doc: row.doc as T, position: Number(row.position) };
}
