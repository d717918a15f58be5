import type pg from 'pg';

/** serialises schema statements between instances: concurrent CREATE ... IF NOT EXISTS race otherwise */
export const SCHEMA_LOCK = 'kyc:postgres:schema';

/**
 * Runs idempotent schema statements in one transaction under an advisory lock, so instances
 * starting together do not race on the catalog. (The numbered migrations of migrations.ts may
 * run the same statements; running them here again is a no-op.)
 */
export async function ensureSchema(pool: pg.Pool, statements: readonly string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SCHEMA_LOCK]);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
