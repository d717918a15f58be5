import Database from 'better-sqlite3';
import type { ClaimOptions, NewWorkItem, WorkItem, WorkItemView, WorkQueue, WorkStatus } from './port.js';

interface Row {
  id: string;
  kind: string;
  payload: string;
  status: WorkStatus;
  due_at: number;
  attempts: number;
  version: number;
  owner: string | null;
  lease_until: number;
  last_error: string | null;
}

const toView = (r: Row): WorkItemView => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> });
const toItem = (r: Row): WorkItem => ({ id: r.id, kind: r.kind, payload: JSON.parse(r.payload) as Record<string, unknown>, due_at: r.due_at, attempts: r.attempts, version: r.version });

/**
 * Work items in the read models' SQLite file. The same file as the checkpoints on purpose: in
 * WAL mode a crash (even a power loss with synchronous=NORMAL) loses only a suffix of commits,
 * so a reactor checkpoint that survived implies the items recorded before it survived too.
 * Several processes on one data directory share it: claims run in `BEGIN IMMEDIATE`
 * transactions, so two instances never lease one item at once.
 */
export class SqliteWorkQueue implements WorkQueue {
  private readonly db: Database.Database;
  private insert: Database.Statement<[string, string, string, number, number]> | null = null;
  private rearm: Database.Statement<[string, string, string, number, number]> | null = null;
  private readonly completing: { item: WorkItem; owner: string; now: number; resolve: (done: boolean) => void; reject: (error: unknown) => void }[] = [];

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS work_items (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL, status TEXT NOT NULL,
      due_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0,
      owner TEXT, lease_until INTEGER NOT NULL DEFAULT 0, last_error TEXT, updated_at INTEGER NOT NULL)`);
    this.db.exec('CREATE INDEX IF NOT EXISTS work_items__claimable ON work_items (status, kind, due_at)');
  }

  private readonly insertStmt = (db: Database.Database) =>
    db.prepare<[string, string, string, number, number]>(
      `INSERT INTO work_items (id, kind, payload, status, due_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    );

  private readonly rearmStmt = (db: Database.Database) =>
    db.prepare<[string, string, string, number, number]>(
      `INSERT INTO work_items (id, kind, payload, status, due_at, updated_at) VALUES (?, ?, ?, 'pending', ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         version = version + 1,
         payload = excluded.payload,
         due_at = CASE WHEN status = 'pending' THEN MIN(due_at, excluded.due_at) ELSE excluded.due_at END,
         status = 'pending', attempts = CASE WHEN status = 'pending' THEN attempts ELSE 0 END,
         updated_at = excluded.updated_at`,
    );

  async enqueue(items: readonly NewWorkItem[], now: number): Promise<void> {
    if (items.length === 0) return;
    this.insert ??= this.insertStmt(this.db);
    this.rearm ??= this.rearmStmt(this.db);
    const { insert, rearm } = this;
    this.db.transaction(() => {
      for (const item of items) (item.rearm ? rearm : insert).run(item.id, item.kind, JSON.stringify(item.payload), item.due_at, now);
    })();
  }

  async claim(options: ClaimOptions): Promise<WorkItem[]> {
    if (options.limit <= 0 || options.kinds.length === 0) return [];
    const kinds = options.kinds.map(() => '?').join(', ');
    const select = this.db.prepare(
      `SELECT * FROM work_items WHERE status = 'pending' AND kind IN (${kinds}) AND due_at <= ? AND lease_until <= ? ORDER BY due_at LIMIT ?`,
    );
    const lease = this.db.prepare('UPDATE work_items SET owner = ?, lease_until = ? WHERE id = ?');
    const claim = this.db.transaction(() => {
      const rows = select.all(...options.kinds, options.now, options.now, options.limit) as Row[];
      for (const row of rows) lease.run(options.owner, options.now + options.leaseMs, row.id);
      return rows.map(toItem);
    });
    return claim.immediate();
  }

  async renew(ids: readonly string[], owner: string, now: number, leaseMs: number): Promise<void> {
    const leaseUntil = now + leaseMs;
    const renew = this.db.prepare("UPDATE work_items SET lease_until = ? WHERE id = ? AND owner = ? AND status = 'pending'");
    this.db.transaction(() => {
      for (const id of ids) renew.run(leaseUntil, id, owner);
    })();
  }

  /** Completions made in one turn of the event loop share one transaction. */
  async complete(item: WorkItem, owner: string, now: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.completing.length === 0) setImmediate(() => this.flushCompletions());
      this.completing.push({ item, owner, now, resolve, reject });
    });
  }

  private flushCompletions(): void {
    const batch = this.completing.splice(0);
    const done = this.db.prepare(
      "UPDATE work_items SET status = 'done', owner = NULL, lease_until = 0, updated_at = ? WHERE id = ? AND owner = ? AND version = ? AND status = 'pending'",
    );
    // rearmed while it ran: pending again, free for the next claim
    const release = this.db.prepare('UPDATE work_items SET owner = NULL, lease_until = 0, updated_at = ? WHERE id = ? AND owner = ?');
    let results: boolean[];
    try {
      results = this.db
        .transaction(() =>
          batch.map(({ item, owner, now }) => {
            if (done.run(now, item.id, owner, item.version).changes > 0) return true;
            release.run(now, item.id, owner);
            return false;
          }),
        )
        .immediate();
    } catch (error) {
      for (const c of batch) c.reject(error);
      return;
    }
    batch.forEach((c, i) => c.resolve(results[i]!));
  }

  async reschedule(item: WorkItem, owner: string, dueAt: number, error: string | null, now: number): Promise<void> {
    this.db
      .prepare(
        `UPDATE work_items SET due_at = ?, attempts = attempts + ?, last_error = COALESCE(?, last_error), owner = NULL, lease_until = 0, updated_at = ?
         WHERE id = ? AND owner = ? AND status = 'pending'`,
      )
      .run(dueAt, error === null ? 0 : 1, error, now, item.id, owner);
  }

  async fail(item: WorkItem, owner: string, error: string, now: number): Promise<void> {
    this.db
      .prepare("UPDATE work_items SET status = 'failed', attempts = attempts + 1, last_error = ?, owner = NULL, lease_until = 0, updated_at = ? WHERE id = ? AND owner = ? AND status = 'pending'")
      .run(error, now, item.id, owner);
  }

  async nextClaimable(kinds: readonly string[], _now?: number): Promise<number | null> {
    if (kinds.length === 0) return null;
    const row = this.db
      .prepare(`SELECT MIN(MAX(due_at, lease_until)) AS at FROM work_items WHERE status = 'pending' AND kind IN (${kinds.map(() => '?').join(', ')})`)
      .get(...kinds) as { at: number | null };
    return row.at;
  }

  async get(id: string): Promise<WorkItemView | null> {
    const row = this.db.prepare('SELECT * FROM work_items WHERE id = ?').get(id) as Row | undefined;
    return row ? toView(row) : null;
  }

  async list(filter: { kind?: string; status?: WorkStatus }, limit: number): Promise<WorkItemView[]> {
    const clauses: string[] = [];
    const params: (string | number)[] = [];
    if (filter.kind !== undefined) {
      clauses.push('kind = ?');
      params.push(filter.kind);
    }
    if (filter.status !== undefined) {
      clauses.push('status = ?');
      params.push(filter.status);
    }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    return (this.db.prepare(`SELECT * FROM work_items ${where} ORDER BY due_at, id LIMIT ?`).all(...params, limit) as Row[]).map(toView);
  }

  async prune(before: number): Promise<number> {
    return this.db.prepare("DELETE FROM work_items WHERE status = 'done' AND updated_at < ?").run(before).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
