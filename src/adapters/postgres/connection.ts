import pg from 'pg';

/** What the service's connections say they are in pg_stat_activity. */
export const APPLICATION_NAME = 'kyc-service';

export interface PoolOptions {
  /** most connections this pool opens (each instance: appends, read models, the work queue) */
  max?: number;
  /** pg_stat_activity's application_name */
  applicationName?: string;
  /**
   * a statement running longer is cancelled by the server (ms): 5 minutes by default, a guard
   * against a hung query that still lets a rebuild's commit or a VACUUM FULL of a large read
   * model finish (the migrations wait for each other with no limit)
   */
  statementTimeoutMs?: number;
  /** a session idle inside a transaction longer is ended by the server (ms) */
  idleInTransactionTimeoutMs?: number;
  /**
   * An error on an idle pooled client (the server restarted, a network cut): reported here, not
   * thrown, so it cannot crash the process; the pool drops that client and opens another.
   */
  onIdleError?: (error: Error) => void;
}

/** The settings every connection of the service uses: a pool's, and the LISTEN client's. */
export function clientConfig(url: string, options: PoolOptions = {}): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: options.applicationName ?? APPLICATION_NAME,
    statement_timeout: options.statementTimeoutMs ?? 300_000,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 60_000,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  };
}

/**
 * A pool on a postgres:// (or postgresql://) URL with sane limits: statements and idle
 * transactions time out on the server, connecting times out on the client, idle connections
 * are closed after 30 s, and an idle client's error is logged instead of thrown.
 */
export function openPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(url, options), max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', (error) => (options.onIdleError ?? defaultIdleError)(error));
  return pool;
}

function defaultIdleError(error: Error): void {
  process.stderr.write(`postgres: an idle connection failed: ${error.message}\n`);
}
