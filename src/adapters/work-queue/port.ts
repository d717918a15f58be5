/**
 * The work-queue port: durable work items that reactors record before their checkpoint moves,
 * executed by one generic worker (src/processing/worker.ts). Several instances share one queue:
 * an item is executed by the instance holding its lease, and an expired lease (an instance that
 * died) is taken over. Every adapter passes test/contract/work-queue.contract.ts.
 *
 * Times are milliseconds since the epoch on the service clock. A lease is given as a duration
 * (`leaseMs`) so an adapter with a shared clock of its own (PostgreSQL's `now()`) can judge leases
 * by it: instances' clocks drift, and a fast one must not steal a live lease.
 */
export interface NewWorkItem {
  /** unique: recording an item twice (a replayed event) makes one item */
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** not executed before this time */
  due_at: number;
  /**
   * false (default): an item already recorded is left as it is, done or not.
   * true: the item is (again) pending and due by `due_at`; one being executed runs once more
   * after it ends, so it sees whatever made it due again.
   */
  rearm?: boolean;
}

export interface WorkItem {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  due_at: number;
  /** failed executions so far */
  attempts: number;
  /** bumped by every rearm: completing an older version leaves the item pending */
  version: number;
}

export type WorkStatus = 'pending' | 'done' | 'failed';

export interface WorkItemView extends WorkItem {
  status: WorkStatus;
  owner: string | null;
  lease_until: number;
  last_error: string | null;
}

export interface ClaimOptions {
  kinds: readonly string[];
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
}

export interface WorkQueue {
  enqueue(items: readonly NewWorkItem[], now: number): Promise<void>;
  /** Leases up to `limit` pending items that are due and not leased by a live owner. */
  claim(options: ClaimOptions): Promise<WorkItem[]>;
  /** Extends the leases `owner` still holds to `leaseMs` from now. */
  renew(ids: readonly string[], owner: string, now: number, leaseMs: number): Promise<void>;
  /** Done (true), unless rearmed since it was claimed: then pending again, lease released (false). */
  complete(item: WorkItem, owner: string, now: number): Promise<boolean>;
  /** Pending again from `dueAt`, lease released; `error` counts a failed attempt. */
  reschedule(item: WorkItem, owner: string, dueAt: number, error: string | null, now: number): Promise<void>;
  /** Given up after too many failed attempts: kept, visible, never claimed again. */
  fail(item: WorkItem, owner: string, error: string, now: number): Promise<void>;
  /** When the next pending item of these kinds becomes claimable (due and lease free), or null. */
  nextClaimable(kinds: readonly string[], now: number): Promise<number | null>;
  get(id: string): Promise<WorkItemView | null>;
  list(filter: { kind?: string; status?: WorkStatus }, limit: number): Promise<WorkItemView[]>;
  /** Forgets items done before `before`. */
  prune(before: number): Promise<number>;
  close(): Promise<void>;
}
