import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
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
} from './port.js';
import { pollingSubscription } from './polling.js';

interface Row {
  position: number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT NOT NULL UNIQUE,
  stream      TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        TEXT NOT NULL,
  metadata    TEXT NOT NULL,
  tenant_id   TEXT,
  recorded_at TEXT NOT NULL,
  UNIQUE (stream, revision)
);
CREATE INDEX IF NOT EXISTS events_tenant ON events (tenant_id, position);
CREATE TABLE IF NOT EXISTS write_probe (id INTEGER PRIMARY KEY CHECK (id = 1), probed_at TEXT NOT NULL);
`;

interface PendingAppend {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Embedded event store. WAL with synchronous=FULL: an append is acknowledged only after its
 * transaction is on disk, so an acknowledged event survives a crash or power loss. Appends take
 * the write lock up front (BEGIN IMMEDIATE), so positions follow commit order even with several
 * processes on one file, and a reader never sees a gap fill in later.
 *
 * Group commit: the appends requested in one turn of the event loop are written in one
 * transaction (one fsync), each in its own savepoint, so one append's conflict fails that append
 * alone; every caller is answered only after the commit.
 */

export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly stmt;
  private closed = false;
  /** bumped on every append in this process, so a subscription never sleeps through one */
  private appends = 0;
  private queue: PendingAppend[] = [];
  private flushScheduled = false;

  constructor(file: string, private readonly pollIntervalMs = 250) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 10000');
    this.db.exec(SCHEMA);
    this.appended.setMaxListeners(0);
    this.stmt = {
      current: this.db.prepare<[string], { r: number | null }>('SELECT MAX(revision) AS r FROM events WHERE stream = ?'),
      byId: this.db.prepare<[string], { stream: string; revision: number; position: number }>(
        'SELECT stream, revision, position FROM events WHERE event_id = ?',
      ),
      insert: this.db.prepare(
        `INSERT INTO events (event_id, stream, revision, type, data, metadata, tenant_id, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      readStream: this.db.prepare<[string, number], Row>(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision',
      ),
      readAll: this.db.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      head: this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
      at: this.db.prepare<[number], { p: number }>('SELECT position AS p FROM events WHERE position = ?'),
      probe: this.db.prepare<[string]>('INSERT INTO write_probe (id, probed_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at'),
    };
  }

  private readonly appendTx = (stream: string, events: readonly NewEvent[], expected: ExpectedRevision): AppendResult => {
    const current = this.stmt.current.get(stream)?.r ?? -1;
    const duplicate = this.duplicateOf(stream, events);
    if (duplicate) return duplicate;
    checkExpectedRevision(stream, expected, current);
    const recordedAt = new Date().toISOString();
    let position = 0;
    let firstPosition = 0;
    events.forEach((event, i) => {
      const info = this.stmt.insert.run(
        event.id,
        stream,
        current + 1 + i,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        event.metadata.tenant_id,
        recordedAt,
      );
      position = Number(info.lastInsertRowid);
      if (i === 0) firstPosition = position;
    });
    return { nextRevision: current + events.length, position, ...(events.length > 0 ? { firstPosition } : {}) };
  };

  /**
   * An append whose event ids are all already stored in this stream is a retry of a fact that was
   * recorded: it succeeds without writing (as EventStoreDB's idempotent append does). Ids that
   * exist elsewhere, or only in part, are a conflict.
   */
  private duplicateOf(stream: string, events: readonly NewEvent[]): AppendResult | null {
    if (events.length === 0) return null;
    const found = events.map((e) => this.stmt.byId.get(e.id));
    if (found.every((f) => f === undefined)) return null;
    const last = found[found.length - 1];
    if (found.every((f) => f?.stream === stream) && last) {
      return { nextRevision: this.stmt.current.get(stream)?.r ?? last.revision, position: last.position };
    }
    throw new Error(`event ids already used elsewhere (stream ${stream})`);
  }

  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('event store closed'));
    // the same limit as EventStoreDB, so what a command may write does not depend on the store
    try {
      assertAppendSize(stream, events);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ stream, events, expected, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    const outcomes: ({ ok: AppendResult } | { error: unknown })[] = [];
    const single = this.db.transaction(this.appendTx);
    try {
      this.db
        .transaction(() => {
          for (const item of batch) {
            try {
              // a nested transaction is a savepoint: a failed append rolls back alone
              outcomes.push({ ok: single(item.stream, item.events, item.expected) });
            } catch (error) {
              outcomes.push({ error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    if (outcomes.some((o) => 'ok' in o)) {
      this.appends++;
      this.appended.emit('append');
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if ('ok' in outcome) item.resolve(outcome.ok);
      else item.reject(outcome.error);
    });
  }

  async readStream(stream: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return this.stmt.readStream.all(stream, fromRevision).map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    if (!options.streamPrefixes?.length && options.tenantId === undefined) {
      return this.stmt.readAll.all(after, options.limit).map(toRecorded);
    }
    return this.select('position > ?', after, 'ASC', options);
  }

  private select(bound: string, position: number, order: 'ASC' | 'DESC', options: Pick<ReadAllOptions, 'limit' | 'streamPrefixes' | 'tenantId'>): RecordedEvent[] {
    const clauses = [bound];
    const params: unknown[] = [position];
    if (options.tenantId !== undefined) {
      clauses.push('tenant_id = ?');
      params.push(options.tenantId);
    }
    if (options.streamPrefixes?.length) {
      // substr comparison, not LIKE: stream names may hold '%' or '_' and must match literally
      clauses.push(`(${options.streamPrefixes.map(() => 'substr(stream, 1, ?) = ?').join(' OR ')})`);
      for (const p of options.streamPrefixes) params.push(p.length, p);
    }
    params.push(options.limit);
    const sql = `SELECT * FROM events WHERE ${clauses.join(' AND ')} ORDER BY position ${order} LIMIT ?`;
    return (this.db.prepare(sql).all(...params) as Row[]).map(toRecorded);
  }

  /** Filtered in SQL, so a page is never cut short: `next` is set only when `limit` was reached. */
  async readAllPage(options: ReadAllOptions): Promise<ReadAllPage> {
    if (options.after !== null && options.after > 0 && !this.stmt.at.get(options.after)) throw new InvalidPositionError(options.after);
    const events = await this.readAll(options);
    return { events, next: events.length > 0 && events.length === options.limit ? events[events.length - 1]!.position : null };
  }

  async readAllPageBackwards(options: ReadAllBackwardsOptions): Promise<ReadAllPage> {
    if (options.before !== null && !this.stmt.at.get(options.before)) throw new InvalidPositionError(options.before);
    const events = options.limit <= 0 ? [] : this.select('position < ?', options.before ?? Number.MAX_SAFE_INTEGER, 'DESC', options);
    return { events, next: events.length > 0 && events.length === options.limit ? events[events.length - 1]!.position : null };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    // other processes may append to the same file: poll as well as listen
    return pollingSubscription(
      {
        read: (after, limit) => this.readAll({ after, limit }),
        appends: () => this.appends,
        closed: () => this.closed,
        appended: this.appended,
        pollIntervalMs: this.pollIntervalMs,
        batch: 500,
      },
      options,
    );
  }

  async headPosition(): Promise<number> {
    return this.stmt.head.get()?.p ?? 0;
  }

  /** One row rewritten in the events file, under the write lock and synced as an append is. */
  async probeWrite(): Promise<void> {
    if (this.closed) throw new Error('event store closed');
    this.db.transaction(() => this.stmt.probe.run(new Date().toISOString())).immediate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.queue.length > 0) this.flush();
    this.closed = true;
    this.appended.emit('append');
    this.db.close();
  }
}

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    recorded_at: row.recorded_at,
  };
}
