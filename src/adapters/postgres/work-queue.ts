import type pg from 'pg';
import { ensureSchema } from './ensure-schema.js';
import type { ClaimOptions, NewWorkItem, WorkItem, WorkItemView, WorkQueue, WorkStatus } from '../work-queue/port.js';

interface Row {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: WorkStatus;
  due_at: string | number;
  attempts: number;
  version: number;
  owner: string | null;
  lease_until: string | number;
  last_error: string | null;
}

/**
 * The work items table; migrations.ts may create it too, the statements are idempotent. The lease
 * is a database time (`timestamptz`, `-infinity` when released).
 */
export const WORK_QUEUE_SCHEMA = [
  `CREATE TABLE IF NOT EXISTS work_items (
    id TEXT COLLATE "C" PRIMARY KEY, kind TEXT NOT NULL, payload JSONB NOT NULL, status TEXT NOT NULL,
    due_at BIGINT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0,
    owner TEXT, lease_until TIMESTAMPTZ NOT NULL DEFAULT '-infinity', last_error TEXT, updated_at BIGINT NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS work_items__claimable ON work_items (status, kind, due_at)',
];

/** Migration 6: a table made when the lease was a service-clock BIGINT (migration 3 as first released) converted in place. */
export const WORK_QUEUE_LEASES_ON_DATABASE_CLOCK = [
  `DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM information_schema.columns
               WHERE table_schema = current_schema() AND table_name = 'work_items' AND column_name = 'lease_until' AND data_type = 'bigint') THEN
      ALTER TABLE work_items ALTER COLUMN lease_until DROP DEFAULT;
      ALTER TABLE work_items ALTER COLUMN lease_until TYPE TIMESTAMPTZ
        USING CASE WHEN lease_until = 0 THEN '-infinity'::timestamptz ELSE to_timestamp(lease_until / 1000.0) END;
      ALTER TABLE work_items ALTER COLUMN lease_until SET DEFAULT '-infinity';
    END IF;
  END $$`,
];

/** `lease_until` read as milliseconds since the epoch on the database clock, 0 when released */
const COLUMNS = `id, kind, payload, status, due_at, attempts, version, owner, last_error,
  CASE WHEN lease_until = '-infinity' THEN 0 ELSE floor(extract(epoch FROM lease_until) * 1000)::bigint END AS lease_until`;

/** a lease of `$n` milliseconds from the database's now */
const leaseFor = (n: number) => `now() + make_interval(secs => $${n}::double precision / 1000)`;

const INSERT = `INSERT INTO work_items (id, kind, payload, status, due_at, updated_at) VALUES ($1, $2, $3::jsonb, 'pending', $4, $5)
  ON CONFLICT (id) DO NOTHING`;

const REARM = `INSERT INTO work_items (id, kind, payload, status, due_at, updated_at) VALUES ($1, $2, $3::jsonb, 'pending', $4, $5)
  ON CONFLICT (id) DO UPDATE SET
    version = work_items.version + 1,
    payload = excluded.payload,
    due_at = CASE WHEN work_items.status = 'pending' THEN LEAST(work_items.due_at, excluded.due_at) ELSE excluded.due_at END,
    status = 'pending',
    attempts = CASE WHEN work_items.status = 'pending' THEN work_items.attempts ELSE 0 END,
    updated_at = excluded.updated_at`;

/**
 * Work items in PostgreSQL, shared by every instance of the service. A claim locks the rows it
 * leases with `FOR UPDATE SKIP LOCKED`: two instances claiming at once take disjoint items
 * without waiting on each other.
 *
 * Two clocks, on purpose. Due times (`due_at`, retries, schedules) are the service clock's, as
 * the port defines them: the domain decides them and tests drive them with a manual clock. Leases
 * are the database's: `lease_until` is `now() + leaseMs` on PostgreSQL's clock, and "the lease is
 * free" is judged by `now()`, never by the `now` an instance passes. Instances' clocks drift: with
 * service-clock leases, an instance whose clock runs an hour ahead would see every live lease as
 * expired and execute items another instance is executing, and one whose clock lags would wait an
 * hour to take over a dead instance's items. One clock judging every lease makes both impossible
 * (test/contract/work-queue.postgres.spec.ts runs instances with clocks an hour apart).
 */
export class PostgresWorkQueue implements WorkQueue {
  private ready: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool = false,
  ) {}

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool, WORK_QUEUE_SCHEMA).catch((error: unknown) => {
      this.ready = null; // a failed start (the server not up yet) is tried again by the next call
      throw error;
    });
    return this.ready;
  }

  async enqueue(items: readonly NewWorkItem[], now: number): Promise<void> {
    if (items.length === 0) return;
    await this.schema();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (const item of items) await client.query(item.rearm ? REARM : INSERT, [item.id, item.kind, JSON.stringify(item.payload), item.due_at, now]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async claim(options: ClaimOptions): Promise<WorkItem[]> {
    if (options.limit <= 0 || options.kinds.length === 0) return [];
    await this.schema();
    const { rows } = await this.pool.query<Row>(
      `UPDATE work_items SET owner = $1, lease_until = ${leaseFor(2)}
       WHERE id IN (
         SELECT id FROM work_items
         WHERE status = 'pending' AND kind = ANY($3::text[]) AND due_at <= $4 AND lease_until <= now()
         ORDER BY due_at LIMIT $5
         FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [options.owner, options.leaseMs, [...options.kinds], options.now, options.limit],
    );
    return rows.map(toView).sort((x, y) => x.due_at - y.due_at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)).map(toItem);
  }

  /** Extends from the database's now: the service clock's `now` plays no part in a lease. */
  async renew(ids: readonly string[], owner: string, _now: number, leaseMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.schema();
    await this.pool.query(`UPDATE work_items SET lease_until = ${leaseFor(1)} WHERE id = ANY($2::text[]) AND owner = $3 AND status = 'pending'`, [
      leaseMs,
      [...ids],
      owner,
    ]);
  }

  async complete(item: WorkItem, owner: string, now: number): Promise<boolean> {
    await this.schema();
    // rearmed while it ran (another version): pending again, free for the next claim
    const { rows } = await this.pool.query<{ status: WorkStatus }>(
      `UPDATE work_items SET status = CASE WHEN version = $4 THEN 'done' ELSE status END, owner = NULL, lease_until = '-infinity', updated_at = $1
       WHERE id = $2 AND owner = $3 AND status = 'pending'
       RETURNING status`,
      [now, item.id, owner, item.version],
    );
    return rows[0]?.status === 'done';
  }

  async reschedule(item: WorkItem, owner: string, dueAt: number, error: string | null, now: number): Promise<void> {
    await this.schema();
    await this.pool.query(
      `UPDATE work_items SET due_at = $1, attempts = attempts + $2, last_error = COALESCE($3, last_error), owner = NULL, lease_until = '-infinity', updated_at = $4
       WHERE id = $5 AND owner = $6 AND status = 'pending'`,
      [dueAt, error === null ? 0 : 1, error, now, item.id, owner],
    );
  }

  async fail(item: WorkItem, owner: string, error: string, now: number): Promise<void> {
    await this.schema();
    await this.pool.query(
      `UPDATE work_items SET status = 'failed', attempts = attempts + 1, last_error = $1, owner = NULL, lease_until = '-infinity', updated_at = $2
       WHERE id = $3 AND owner = $4 AND status = 'pending'`,
      [error, now, item.id, owner],
    );
  }

  /** A live lease's remaining time on the database clock, added to the service clock's `now`. */
  async nextClaimable(kinds: readonly string[], now: number): Promise<number | null> {
    if (kinds.length === 0) return null;
    await this.schema();
    const { rows } = await this.pool.query<{ at: string | null }>(
      `SELECT MIN(GREATEST(due_at, CASE WHEN lease_until <= now() THEN 0
                                       ELSE $2::bigint + ceil(extract(epoch FROM lease_until - now()) * 1000)::bigint END)) AS at
       FROM work_items WHERE status = 'pending' AND kind = ANY($1::text[])`,
      [[...kinds], now],
    );
    const at = rows[0]?.at ?? null;
    return at === null ? null : Number(at);
  }

  async get(id: string): Promise<WorkItemView | null> {
    await this.schema();
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM work_items WHERE id = $1`, [id]);
    return rows[0] ? toView(rows[0]) : null;
  }

  async list(filter: { kind?: string; status?: WorkStatus }, limit: number): Promise<WorkItemView[]> {
    await this.schema();
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.kind !== undefined) {
      params.push(filter.kind);
      clauses.push(`kind = $${params.length}`);
    }
    if (filter.status !== undefined) {
      params.push(filter.status);
      clauses.push(`status = $${params.length}`);
    }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    params.push(limit);
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM work_items ${where} ORDER BY due_at, id LIMIT $${params.length}`, params);
    return rows.map(toView);
  }

  async prune(before: number): Promise<number> {
    await this.schema();
    const result = await this.pool.query("DELETE FROM work_items WHERE status = 'done' AND updated_at < $1", [before]);
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }
}

function toView(row: Row): WorkItemView {
  return { ...row, due_at: Number(row.due_at), lease_until: Number(row.lease_until) };
}

function toItem(view: WorkItemView): WorkItem {
  return { id: view.id, kind: view.kind, payload: view.payload, due_at: view.due_at, attempts: view.attempts, version: view.version };
}
