import type pg from 'pg';
import { BLOB_STORE_SCHEMA } from './blob-store.js';
import { SCHEMA_LOCK } from './ensure-schema.js';
import { EVENT_APPEND_FUNCTION, EVENT_STORE_SCHEMA } from './event-store.js';
import { KEY_STORE_SCHEMA } from './key-store.js';
import { READ_STORE_SCHEMA } from './read-store.js';
import { WORK_QUEUE_LEASES_ON_DATABASE_CLOCK, WORK_QUEUE_SCHEMA } from './work-queue.js';
import { REGISTERS_SCHEMA } from './registers.js';

export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

/**
 * The service's schema, numbered. A migration once released is never edited: a change is a new
 * migration with the next number (ALTER TABLE ...). The first ones create the tables of the
 * adapters from the same statements the adapters run themselves: each adapter keeps its
 * idempotent ensureSchema (CREATE ... IF NOT EXISTS under the schema lock), so a store opened
 * alone (a contract suite, a CLI) works on an empty database, and after these migrations ran
 * that check is a no-op. What only the migrations can do (a changed column, a backfill) lives
 * here alone.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'event store', statements: EVENT_STORE_SCHEMA },
  { version: 2, name: 'read model checkpoints', statements: [READ_STORE_SCHEMA] },
  { version: 3, name: 'work queue', statements: WORK_QUEUE_SCHEMA },
  { version: 4, name: 'blobs', statements: [BLOB_STORE_SCHEMA] },
  { version: 5, name: 'subject keys', statements: [KEY_STORE_SCHEMA] },
  { version: 6, name: 'work queue leases on the database clock', statements: WORK_QUEUE_LEASES_ON_DATABASE_CLOCK },
  { version: 7, name: 'CNPJ and PGFN register editions', statements: REGISTERS_SCHEMA },
  { version: 8, name: 'event append function', statements: [EVENT_APPEND_FUNCTION] },
];

/** held for the whole run: one instance migrates, the others wait and then find nothing to do */
export const MIGRATION_LOCK = 'kyc:postgres:migrations';

const TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`;

/**
 * Applies the migrations not yet applied, in order, each in its own transaction with its row in
 * schema_migrations: a migration that fails is rolled back whole and stays unapplied (the error
 * is thrown; the ones before it stay applied). Runs under a session advisory lock, so instances
 * starting together apply each migration once. Answers the versions this call applied.
 */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    // waiting for another instance's migrations is no statement to time out
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      return await applyPending(client, migrations);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => (broken = true));
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // a connection whose unlock failed may still hold the lock: never back into the pool
    client.release(broken);
  }
}

async function applyPending(client: pg.PoolClient, migrations: readonly Migration[]): Promise<number[]> {
  await inTransaction(client, async () => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SCHEMA_LOCK]);
    await client.query(TABLE);
  });
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.version));
  const done: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    await inTransaction(client, async () => {
      // the adapters' own ensureSchema takes this lock too: no catalog race with a store opened alone
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SCHEMA_LOCK]);
      for (const statement of migration.statements) await client.query(statement);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }).catch((error: unknown) => {
      throw new Error(`migration ${migration.version} (${migration.name}) failed and was rolled back: ${(error as Error).message}`, { cause: error });
    });
    done.push(migration.version);
  }
  return done;
}

async function inTransaction(client: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
