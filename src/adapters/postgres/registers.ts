/**
 * What the CNPJ and PGFN registers share on PostgreSQL: editions (a month, a quarter) built into a
 * schema of their own beside the one being served, and swapped in by one row.
 *
 * - `registers_current` names, per register, the edition served and its schema, and the schema
 *   served before it (kept until the next swap for the views still reading it: a run that
 *   started on May finishes on May). Publishing is one transaction on that row: a reader sees the
 *   old edition or the new one, never a mix.
 * - `registers_builds` names the build under way per edition with the fingerprint of its files:
 *   a resume on the same files goes on where it stopped, other files start afresh.
 * - each batch of rows commits with its file's progress (`<schema>.progress`) in one transaction,
 *   so a killed import resumes after its last committed batch, none twice.
 * - ONE import at a time across instances: the importer holds a session advisory lock for the
 *   whole build on one connection (not a lock file: the instances share no disk). A second
 *   importer fails at once, naming the register; a killed importer's session ends and frees it.
 *
 * Rows go in by `INSERT … SELECT FROM unnest($1::text[], …)`, one array parameter per column:
 * one statement a batch whatever its size, no COPY (pg-copy-streams is another dependency).
 */
import type pg from 'pg';
import { ensureSchema } from './ensure-schema.js';

/** How a register's edition is stored: its tables (column name and SQL type), then its indexes. */
export interface RegisterLayout {
  /** `cnpj`, `pgfn`: names the lock, the catalog rows and the schemas */
  name: string;
  /** for messages: `CNPJ register` */
  what: string;
  tables: Readonly<Record<string, readonly (readonly [column: string, type: string])[]>>;
  /** statements run after the load (IF NOT EXISTS), `{s}` standing for the edition's schema */
  indexes: readonly string[];
}

export interface FileProgress {
  read: number;
  loaded: number;
  rejected: number;
  done: boolean;
}

/** The catalog of the registers' editions; migrations.ts creates it too, the statements are idempotent. */
export const REGISTERS_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS registers_current (
    register TEXT PRIMARY KEY, edition JSONB NOT NULL, schema_name TEXT NOT NULL, previous TEXT)`,
  `CREATE TABLE IF NOT EXISTS registers_builds (
    register TEXT NOT NULL, edition TEXT NOT NULL, schema_name TEXT NOT NULL, fingerprint TEXT NOT NULL,
    PRIMARY KEY (register, edition))`,
];

/** A quoted identifier: schema names are made of the edition's digits, quoted all the same. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const schemaOf = (layout: RegisterLayout, edition: string) => `${layout.name}_${edition.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/** The catalog tables, created once per pool under the shared schema lock. */
const catalogs = new WeakMap<pg.Pool, Promise<void>>();
export function ensureCatalog(pool: pg.Pool): Promise<void> {
  let ready = catalogs.get(pool);
  if (!ready) {
    ready = ensureSchema(pool, REGISTERS_SCHEMA).catch((error: unknown) => {
      catalogs.delete(pool);
      throw error;
    });
    catalogs.set(pool, ready);
  }
  return ready;
}

async function inTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Opens the build of an edition, holding the register's import lock until it is closed. */
export async function beginBuild(pool: pg.Pool, layout: RegisterLayout, edition: string, fingerprint: string): Promise<RegisterBuild> {
  await ensureCatalog(pool);
  const client = await pool.connect();
  const lock = `kyc:register-import:${layout.name}`;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lock]);
    if (!rows[0]!.locked) throw new Error(`another import of the ${layout.what} is running`);
    // an index over tens of millions of rows takes minutes: no statement timeout on this session (reset on close)
    await client.query('SET statement_timeout = 0');
  } catch (error) {
    client.release();
    throw error;
  }
  try {
    const schema = await openSchema(client, layout, edition, fingerprint);
    return new RegisterBuild(client, layout, edition, schema, lock);
  } catch (error) {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    client.release();
    throw error;
  }
}

/** The build's schema: the one of a resumable attempt, else made afresh (never the one being served). */
async function openSchema(client: pg.PoolClient, layout: RegisterLayout, edition: string, fingerprint: string): Promise<string> {
  const current = (
    await client.query<{ schema_name: string; previous: string | null }>('SELECT schema_name, previous FROM registers_current WHERE register = $1', [layout.name])
  ).rows[0];
  const previous = (
    await client.query<{ schema_name: string; fingerprint: string }>('SELECT schema_name, fingerprint FROM registers_builds WHERE register = $1 AND edition = $2', [
      layout.name,
      edition,
    ])
  ).rows[0];
  const base = schemaOf(layout, edition);
  // importing an edition served now or just before builds beside it, never over tables views are reading
  // (both taken: the one served before gives way, as a swap would drop it anyway)
  const busy = new Set([current?.schema_name, current?.previous].filter((s): s is string => Boolean(s)));
  const schema =
    previous && !busy.has(previous.schema_name)
      ? previous.schema_name
      : ([base, `${base}_r`].find((s) => !busy.has(s)) ?? (current?.schema_name === base ? `${base}_r` : base));
  const resumable = previous !== undefined && previous.fingerprint === fingerprint && previous.schema_name === schema;
  await inTransaction(client, async () => {
    if (!resumable) await client.query(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${ident(schema)}.progress (file TEXT PRIMARY KEY, read BIGINT NOT NULL, loaded BIGINT NOT NULL, rejected BIGINT NOT NULL, done BOOLEAN NOT NULL)`,
    );
    for (const [table, columns] of Object.entries(layout.tables)) {
      // no keys during the load (appends only); `_row` keeps the order rows were read in
      const list = columns.map(([column, type]) => `${column} ${type}`).join(', ');
      await client.query(`CREATE TABLE IF NOT EXISTS ${ident(schema)}.${table} (_row BIGINT GENERATED ALWAYS AS IDENTITY, ${list})`);
    }
    await client.query(
      `INSERT INTO registers_builds (register, edition, schema_name, fingerprint) VALUES ($1, $2, $3, $4)
       ON CONFLICT (register, edition) DO UPDATE SET schema_name = excluded.schema_name, fingerprint = excluded.fingerprint`,
      [layout.name, edition, schema, fingerprint],
    );
  });
  return schema;
}

/** One edition being built, on the connection that holds the import lock. */
export class RegisterBuild {
  private closed = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly layout: RegisterLayout,
    private readonly edition: string,
    readonly schema: string,
    private readonly lock: string,
  ) {}

  async progress(): Promise<Map<string, FileProgress>> {
    const { rows } = await this.client.query<{ file: string; read: string; loaded: string; rejected: string; done: boolean }>(
      `SELECT file, read, loaded, rejected, done FROM ${ident(this.schema)}.progress`,
    );
    return new Map(rows.map((r) => [r.file, { read: Number(r.read), loaded: Number(r.loaded), rejected: Number(r.rejected), done: r.done }]));
  }

  /** The rows and their file's progress in one transaction. */
  async write(table: string, rows: readonly object[], file: string, progress: FileProgress): Promise<void> {
    const columns = this.layout.tables[table]!;
    await inTransaction(this.client, async () => {
      if (rows.length > 0) {
        const arrays = columns.map(([column]) => rows.map((row) => (row as Record<string, unknown>)[column] ?? null));
        const unnest = columns.map(([, type], i) => `$${i + 1}::${type.replace(/\s+COLLATE\s+"[^"]*"/i, '')}[]`).join(', ');
        await this.client.query(
          `INSERT INTO ${ident(this.schema)}.${table} (${columns.map(([c]) => c).join(', ')})
           SELECT ${columns.map((_, i) => `c${i}`).join(', ')} FROM unnest(${unnest}) WITH ORDINALITY AS u(${columns.map((_, i) => `c${i}`).join(', ')}, ord) ORDER BY ord`,
          arrays,
        );
      }
      await this.client.query(
        `INSERT INTO ${ident(this.schema)}.progress (file, read, loaded, rejected, done) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (file) DO UPDATE SET read = excluded.read, loaded = excluded.loaded, rejected = excluded.rejected, done = excluded.done`,
        [file, progress.read, progress.loaded, progress.rejected, progress.done],
      );
    });
  }

  /** The lookups' indexes after the bulk load (each IF NOT EXISTS: a resume repeats them safely). */
  async finish(): Promise<void> {
    for (const statement of this.layout.indexes) await this.client.query(statement.replace(/\{s\}/g, ident(this.schema)));
    for (const table of Object.keys(this.layout.tables)) await this.client.query(`ANALYZE ${ident(this.schema)}.${table}`);
  }

  /** Serves this edition in one transaction; drops the edition served two swaps ago. */
  async publish(edition: object): Promise<void> {
    const stale = await inTransaction(this.client, async () => {
      const { rows } = await this.client.query<{ schema_name: string; previous: string | null }>(
        'SELECT schema_name, previous FROM registers_current WHERE register = $1 FOR UPDATE',
        [this.layout.name],
      );
      const current = rows[0];
      const previous = current && current.schema_name !== this.schema ? current.schema_name : null;
      await this.client.query(
        `INSERT INTO registers_current (register, edition, schema_name, previous) VALUES ($1, $2::jsonb, $3, $4)
         ON CONFLICT (register) DO UPDATE SET edition = excluded.edition, schema_name = excluded.schema_name, previous = excluded.previous`,
        [this.layout.name, JSON.stringify(edition), this.schema, previous],
      );
      await this.client.query('DELETE FROM registers_builds WHERE register = $1 AND edition = $2', [this.layout.name, this.edition]);
      const old = current?.previous ?? null;
      return old !== null && old !== this.schema && old !== previous ? old : null;
    });
    // the edition before the previous one: no view can still be reading it
    if (stale) await this.client.query(`DROP SCHEMA IF EXISTS ${ident(stale)} CASCADE`);
  }

  /** Stops (the build stays for a resume) and frees the import lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.client.query('RESET statement_timeout');
      await this.client.query('SELECT pg_advisory_unlock(hashtext($1))', [this.lock]);
      this.client.release();
    } catch (error) {
      this.client.release(error instanceof Error ? error : true); // a broken connection is not reused: its session lock ends with it
    }
  }
}

/** The edition a register serves, looked up at most every `recheckMs`; a view per swap. */
export class CurrentEdition<View> {
  private view: View | null = null;
  private key: string | null = null;
  private checkedAt = -Infinity;

  constructor(
    private readonly pool: pg.Pool,
    private readonly name: string,
    private readonly recheckMs: number,
    private readonly open: (schema: string, edition: unknown) => Promise<View>,
  ) {}

  async current(): Promise<View | null> {
    const now = Date.now();
    if (now - this.checkedAt < this.recheckMs) return this.view;
    await ensureCatalog(this.pool);
    const { rows } = await this.pool.query<{ edition: unknown; schema_name: string }>('SELECT edition, schema_name FROM registers_current WHERE register = $1', [this.name]);
    this.checkedAt = now;
    const row = rows[0];
    if (!row) return (this.view = null);
    // a new schema, or the same schema published again (its edition's import time differs)
    const key = `${row.schema_name}:${JSON.stringify(row.edition)}`;
    if (key !== this.key) {
      this.view = await this.open(row.schema_name, row.edition);
      this.key = key;
    }
    return this.view;
  }

  forget(): void {
    this.view = null;
    this.key = null;
  }
}
