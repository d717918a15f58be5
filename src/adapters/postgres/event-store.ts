import { EventEmitter } from 'node:events';
import pg from 'pg';
import {
  assertAppendSize,
  checkExpectedRevision,
  InvalidPositionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllBackwardsOptions,
  type ReadAllOptions,
  type ReadAllPage,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store/port.js';
import { clientConfig } from './connection.js';
import { ensureSchema } from './ensure-schema.js';
import { pollingSubscription } from '../event-store/polling.js';

/** The events tables; migration 1 (migrations.ts) runs the same idempotent statements. */
export const EVENT_STORE_SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS events (
    position    BIGINT PRIMARY KEY,
    event_id    TEXT COLLATE "C" NOT NULL UNIQUE,
    stream      TEXT COLLATE "C" NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT NOT NULL,
    data        JSON NOT NULL,
    metadata    JSON NOT NULL,
    tenant_id   TEXT COLLATE "C",
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (stream, revision))`,
  'CREATE INDEX IF NOT EXISTS events_tenant ON events (tenant_id, position)',
  'CREATE TABLE IF NOT EXISTS event_write_probe (id INTEGER PRIMARY KEY CHECK (id = 1), probed_at TIMESTAMPTZ NOT NULL)',
];

/**
 * An append in one round trip: the lock, the reads, the checks and the insert run in the server,
 * so the lock is held for them and the commit only, not for network round trips. Each statement
 * of a VOLATILE function takes a fresh snapshot (READ COMMITTED): the reads after the lock see
 * every append committed before it was granted. Answers `duplicate` (with the stored events of
 * those ids), `conflict` (the expected revision does not hold) or `written`.
 */
export const EVENT_APPEND_FUNCTION = `CREATE OR REPLACE FUNCTION kyc_append_events(
    p_stream text, p_expected text, p_ids text[], p_types text[], p_data text[], p_metadata text[], p_tenants text[])
  RETURNS TABLE (outcome text, current_revision integer, head_position bigint, stored json)
  LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_current integer;
  v_head bigint;
  v_stored json;
  v_n integer := coalesce(array_length(p_ids, 1), 0);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('kyc:postgres:events:append'));
  SELECT coalesce(max(e.revision), -1) INTO v_current FROM events e WHERE e.stream = p_stream;
  SELECT coalesce(max(e.position), 0) INTO v_head FROM events e;
  SELECT json_agg(json_build_object('id', e.event_id, 'stream', e.stream, 'revision', e.revision, 'position', e.position) ORDER BY e.position)
    INTO v_stored FROM events e WHERE e.event_id = ANY (p_ids);
  IF v_stored IS NOT NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, v_current, v_head, v_stored;
    RETURN;
  END IF;
  IF NOT (p_expected = 'any' OR (p_expected = 'no_stream' AND v_current = -1) OR (p_expected = 'stream_exists' AND v_current >= 0)
          OR (p_expected ~ '^-?[0-9]+$' AND p_expected::bigint = v_current)) THEN
    RETURN QUERY SELECT 'conflict'::text, v_current, v_head, NULL::json;
    RETURN;
  END IF;
  IF v_n > 0 THEN
    INSERT INTO events (position, event_id, stream, revision, type, data, metadata, tenant_id)
      SELECT v_head + t.n, t.id, p_stream, v_current + t.n::integer, t.type, t.data::json, t.metadata::json, t.tenant
        FROM unnest(p_ids, p_types, p_data, p_metadata, p_tenants) WITH ORDINALITY AS t(id, type, data, metadata, tenant, n);
    PERFORM pg_notify('kyc_events', (v_head + v_n)::text);
  END IF;
  RETURN QUERY SELECT 'written'::text, v_current, v_head, NULL::json;
END
$fn$`;

/** the NOTIFY channel an append wakes subscribers on (a wake-up only: they read the table); kyc_append_events names it too */
export const EVENTS_CHANNEL = 'kyc_events';
/** the transaction-scoped advisory lock every append takes before it allocates positions */
const BATCH = 500;
const MAX_RECONNECT_DELAY_MS = 5_000;

interface Row {
  position: string | number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

interface Found {
  id: string;
  stream: string;
  revision: number;
  position: number;
}

export interface PostgresEventStoreOptions {
  /** how often an idle subscription reads the table when no notification woke it (ms) */
  pollIntervalMs?: number;
  /** LISTEN for appends of other instances (default on); off, subscribers only poll */
  listen?: boolean;
  /** the database URL the LISTEN connection opens (default: the pool's own settings) */
  url?: string;
  /** reports a LISTEN connection lost (it reconnects) */
  onListenError?: (error: unknown) => void;
  /** tests only: runs inside an append's transaction, positions allocated, before COMMIT */
  beforeCommit?: (stream: string) => Promise<void>;
}

/**
 * The event log in PostgreSQL, one row per event.
 *
 * Positions follow commit order. An append takes a transaction-scoped advisory lock
 * (`pg_advisory_xact_lock`) and only then reads the stream's revision and the log's last position
 * and inserts after it; the lock is released at COMMIT, after the commit is visible. So position
 * n+1 is allocated only once n committed, positions are dense (a rolled-back append allocated
 * nothing), and a reader that sees an event at n+1 sees every event before it: a subscriber
 * reading `position > checkpoint` never skips a late-committing transaction. The alternative,
 * a sequence with the `xid8`/`pg_snapshot_xmin` high-water mark, lets appends commit in parallel
 * but needs a (transaction id, sequence) pair per position, and the port wants one comparable
 * number (the service's checkpoints, the audit API's cursors). What serialises here is the
 * server-side work of one append (kyc_append_events: the lock, the checks, the insert, in one
 * round trip) and its commit, not the JSON encoding or the size check, which run before.
 *
 * Duplicates as in the SQLite adapter: an append whose ids are all already in that stream is a
 * retry and answers the stored position without writing; ids used in another stream are refused.
 *
 * Subscriptions poll the table in batches; `pg_notify` in the append's transaction (delivered at
 * commit) wakes idle subscribers at once through one LISTEN connection per store, which
 * reconnects when dropped. A lost notification costs at most the poll interval, never an event.
 */
export class PostgresEventStore implements EventStore {
  private readonly appended = new EventEmitter();
  private ready: Promise<void> | null = null;
  private closed = false;
  /** bumped on every append seen (this store's or a notification), so no subscription sleeps through one */
  private appends = 0;
  private listener: Listener | null = null;
  private subscriptions = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool = false,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.appended.setMaxListeners(0);
  }

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool, [...EVENT_STORE_SCHEMA, EVENT_APPEND_FUNCTION]).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) throw new Error('event store closed');
    // the same limit as EventStoreDB, so what a command may write does not depend on the store
    assertAppendSize(stream, events);
    const columns = {
      ids: events.map((e) => e.id),
      types: events.map((e) => e.type),
      data: events.map((e) => JSON.stringify(e.data)),
      metadata: events.map((e) => JSON.stringify(e.metadata)),
      tenants: events.map((e) => e.metadata.tenant_id),
    };
    await this.schema();
    const args = [stream, String(expected), columns.ids, columns.types, columns.data, columns.metadata, columns.tenants];
    const result = this.options.beforeCommit ? await this.appendHeld(stream, args, this.options.beforeCommit) : (await this.pool.query<AppendRow>(APPEND, args)).rows[0]!;
    const outcome = appendOutcome(stream, columns.ids, expected, result);
    if (result.outcome === 'written' && columns.ids.length > 0) this.wake();
    return outcome;
  }

  /** The same in an explicit transaction held open by the hook before COMMIT (tests only). */
  private async appendHeld(stream: string, args: unknown[], beforeCommit: (stream: string) => Promise<void>): Promise<AppendRow> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        const row = (await client.query<AppendRow>(APPEND, args)).rows[0]!;
        await beforeCommit(stream);
        await client.query('COMMIT');
        return row;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    await this.schema();
    const { rows } = await this.pool.query<Row>('SELECT * FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision', [stream, fromRevision]);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.select('position > $1', options.after ?? 0, 'ASC', options);
  }

  private async select(bound: string, position: number, order: 'ASC' | 'DESC', options: Pick<ReadAllOptions, 'limit' | 'streamPrefixes' | 'tenantId'>): Promise<RecordedEvent[]> {
    await this.schema();
    const clauses = [bound];
    const params: unknown[] = [position];
    if (options.tenantId !== undefined) {
      params.push(options.tenantId);
      clauses.push(`tenant_id = $${params.length}`);
    }
    if (options.streamPrefixes?.length) {
      // starts_with, not LIKE: stream names may hold '%' or '_' and must match literally
      params.push(options.streamPrefixes);
      clauses.push(`EXISTS (SELECT 1 FROM unnest($${params.length}::text[]) AS p WHERE starts_with(stream, p))`);
    }
    params.push(Math.max(0, options.limit));
    const sql = `SELECT * FROM events WHERE ${clauses.join(' AND ')} ORDER BY position ${order} LIMIT $${params.length}`;
    return (await this.pool.query<Row>(sql, params)).rows.map(toRecorded);
  }

  private async assertPosition(position: number): Promise<void> {
    await this.schema();
    const { rowCount } = await this.pool.query('SELECT 1 FROM events WHERE position = $1', [position]);
    if (!rowCount) throw new InvalidPositionError(position);
  }

  /** Filtered in SQL, so a page is never cut short: `next` is set only when `limit` was reached. */
  async readAllPage(options: ReadAllOptions): Promise<ReadAllPage> {
    if (options.after !== null && options.after > 0) await this.assertPosition(options.after);
    const events = await this.readAll(options);
    return { events, next: events.length > 0 && events.length === options.limit ? events[events.length - 1]!.position : null };
  }

  async readAllPageBackwards(options: ReadAllBackwardsOptions): Promise<ReadAllPage> {
    if (options.before !== null) await this.assertPosition(options.before);
    const events = options.limit <= 0 ? [] : await this.select('position < $1', options.before ?? Number.MAX_SAFE_INTEGER, 'DESC', options);
    return { events, next: events.length > 0 && events.length === options.limit ? events[events.length - 1]!.position : null };
  }

  private wake(): void {
    this.appends++;
    this.appended.emit('append');
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.startListening();
    const polling = pollingSubscription(
      {
        read: (after, limit) => this.readAll({ after, limit }),
        appends: () => this.appends,
        closed: () => this.closed,
        appended: this.appended,
        pollIntervalMs: this.options.pollIntervalMs ?? 1_000,
        batch: BATCH,
      },
      options,
    );
    let stopped = false;
    return {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await polling.stop();
        if (--this.subscriptions === 0) await this.stopListening();
      },
    };
  }

  private startListening(): void {
    this.subscriptions++;
    if (this.options.listen === false || this.listener || this.closed) return;
    const config = this.options.url ? clientConfig(this.options.url) : { ...(this.pool.options as pg.ClientConfig) };
    this.listener = new Listener({ ...config, application_name: `${config.application_name ?? 'kyc-service'}:listen` }, () => this.wake(), this.options.onListenError);
  }

  private async stopListening(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }

  async headPosition(): Promise<number> {
    await this.schema();
    const { rows } = await this.pool.query<{ p: string | null }>('SELECT MAX(position) AS p FROM events');
    return Number(rows[0]!.p ?? 0);
  }

  /** One row rewritten beside the events, committed (synced) as an append is; no reader sees it. */
  async probeWrite(): Promise<void> {
    if (this.closed) throw new Error('event store closed');
    await this.schema();
    await this.pool.query(
      'INSERT INTO event_write_probe (id, probed_at) VALUES (1, clock_timestamp()) ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at',
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.appended.emit('append');
    await this.stopListening();
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }
}

/**
 * One LISTEN connection: every notification calls `onNotify`. Dropped (the server restarted, the
 * backend was terminated), it reconnects after a growing delay and then calls `onNotify` once,
 * since appends may have committed while it was away.
 */
class Listener {
  private client: pg.Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onNotify: () => void,
    private readonly onError?: (error: unknown) => void,
  ) {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.config);
    this.client = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.onError?.(error ?? new Error('LISTEN connection ended'));
      this.timer = setTimeout(() => void this.connect(), Math.min(MAX_RECONNECT_DELAY_MS, 100 * 2 ** this.failures++));
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', () => this.onNotify());
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (this.closed) return void client.end().catch(() => undefined);
      this.failures = 0;
      this.onNotify(); // whatever committed while it was not listening
    } catch (error) {
      onLost(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

const APPEND = 'SELECT * FROM kyc_append_events($1, $2, $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])';

interface AppendRow {
  outcome: 'duplicate' | 'conflict' | 'written';
  current_revision: number;
  head_position: string;
  stored: Found[] | null;
}

/** What the append function answered, as the port says it: a result, or the error. */
function appendOutcome(stream: string, ids: readonly string[], expected: ExpectedRevision, row: AppendRow): AppendResult {
  const current = row.current_revision;
  const head = Number(row.head_position);
  if (row.outcome === 'duplicate') return duplicateOf(stream, ids, row.stored ?? [], current)!;
  if (row.outcome === 'conflict') {
    checkExpectedRevision(stream, expected, current);
    throw new Error(`append to ${stream} refused: expected revision ${String(expected)}`);
  }
  return { nextRevision: current + ids.length, position: head + ids.length, ...(ids.length > 0 ? { firstPosition: head + 1 } : {}) };
}

/**
 * An append whose event ids are all already stored in this stream is a retry of a fact that was
 * recorded: it succeeds without writing. Ids that exist elsewhere, or only in part, are a conflict.
 */
function duplicateOf(stream: string, ids: readonly string[], found: readonly Found[], current: number): AppendResult | null {
  if (ids.length === 0 || found.length === 0) return null;
  const byId = new Map(found.map((f) => [f.id, f]));
  const all = ids.map((id) => byId.get(id));
  const last = all[all.length - 1];
  if (all.every((f) => f?.stream === stream) && last) return { nextRevision: current, position: Number(last.position) };
  throw new Error(`event ids already used elsewhere (stream ${stream})`);
}

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream,
    revision: row.revision,
    position: Number(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recorded_at: row.recorded_at.toISOString(),
  };
}
